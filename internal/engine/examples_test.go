package engine_test

import (
	"testing"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// TestContractExamplesPass runs every worked example of the public contract
// (adjudicate.json and adjudicate-next.json) on the real corpus and card
// catalog: allowed, and each expected result field held by the answer. An
// example of a question the engine does not answer fails.
func TestContractExamplesPass(t *testing.T) {
	answers := realWorld(t).svc.Questions()
	for _, ex := range testcorpus.AdjudicationExamples(t) {
		t.Run(ex.File+"/"+ex.Name, func(t *testing.T) {
			ex.RequireAnswered(t, answers)
			var req rules.AdjudicationRequest
			if err := api.DecodeAdjudication(ex.Request, &req); err != nil {
				t.Fatalf("decode request: %v", err)
			}
			v := judge(t, req)
			if ex.Expect.Allowed != nil && (v.Allowed == nil || *v.Allowed != *ex.Expect.Allowed) {
				t.Errorf("allowed = %v, want %v; reasons %q", deref(v.Allowed), *ex.Expect.Allowed, v.Reasons)
			}
			for field, want := range ex.Expect.Result {
				if path, ok := testcorpus.Holds(resultField(t, v.Result, field), want); !ok {
					t.Errorf("result.%s%s: got %v, want %v; reasons %q", field, path, resultField(t, v.Result, field), want, v.Reasons)
				}
			}
			if v.Question != req.Question || v.Edition != req.Edition || v.Rules == "" {
				t.Errorf("verdict heading %q %q %q", v.Question, v.Edition, v.Rules)
			}
		})
	}
}

func deref(b *bool) any {
	if b == nil {
		return nil
	}
	return *b
}

// TestEveryRulebookAnswersTheExamples runs the examples under each
// document of their edition: each verdict cites its own document, and
// holds what the example expects, since none is of a rule the documents
// word differently.
func TestEveryRulebookAnswersTheExamples(t *testing.T) {
	answers := realWorld(t).svc.Questions()
	for _, ex := range testcorpus.AdjudicationExamples(t) {
		var req rules.AdjudicationRequest
		if err := api.DecodeAdjudication(ex.Request, &req); err != nil {
			t.Fatal(err)
		}
		docs := []string{"1e-rulebook", "1e-current-rulings"}
		if req.Edition == rules.Edition2E {
			docs = rulebooks2E
		}
		for _, d := range docs {
			t.Run(ex.File+"/"+ex.Name+"/"+d, func(t *testing.T) {
				ex.RequireAnswered(t, answers)
				v := judge(t, under(req, d))
				if v.Rules != d {
					t.Errorf("rules = %q, want %q", v.Rules, d)
				}
				if ex.Expect.Allowed != nil && (v.Allowed == nil || *v.Allowed != *ex.Expect.Allowed) {
					t.Errorf("allowed = %v, want %v; reasons %q", deref(v.Allowed), *ex.Expect.Allowed, v.Reasons)
				}
				for field, want := range ex.Expect.Result {
					if path, ok := testcorpus.Holds(resultField(t, v.Result, field), want); !ok {
						t.Errorf("result.%s%s: got %v, want %v", field, path, resultField(t, v.Result, field), want)
					}
				}
			})
		}
	}
}
