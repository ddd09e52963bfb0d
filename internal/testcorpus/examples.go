package testcorpus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
)

// AdjudicationExampleFiles are the contract's files of worked adjudication
// examples, beside the corpus: the first revision's, then the questions and
// fields the second added.
var AdjudicationExampleFiles = []string{"adjudicate.json", "adjudicate-next.json"}

// An AdjudicationExample is one worked example of the contract: a request
// to POST /v1/adjudicate and what its answer must hold.
type AdjudicationExample struct {
	// File is the examples file it comes from.
	File string
	Name string
	// Request is the request as the contract writes it.
	Request json.RawMessage
	// Question and Edition are the request's own.
	Question, Edition string
	Expect            struct {
		Allowed *bool `json:"allowed"`
		// Result lists fields that must be present with these values.
		Result map[string]any `json:"result"`
	}
}

// AdjudicationExamples reads every worked adjudication example of the
// contract, file by file in AdjudicationExampleFiles order, or fails the
// test. The one reader of the examples: every test that runs them reads
// them here.
func AdjudicationExamples(tb testing.TB) []AdjudicationExample {
	tb.Helper()
	var out []AdjudicationExample
	for _, name := range AdjudicationExampleFiles {
		raw := ContractExample(tb, name)
		var file struct {
			Examples []struct {
				Name    string          `json:"name"`
				Request json.RawMessage `json:"request"`
				Expect  json.RawMessage `json:"expect"`
			} `json:"examples"`
		}
		if err := json.Unmarshal(raw, &file); err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		if len(file.Examples) == 0 {
			tb.Fatalf("%s holds no examples", name)
		}
		for _, ex := range file.Examples {
			e := AdjudicationExample{File: name, Name: ex.Name, Request: ex.Request}
			var head struct{ Question, Edition string }
			if err := json.Unmarshal(ex.Request, &head); err != nil {
				tb.Fatalf("%s, %q: %v", name, ex.Name, err)
			}
			e.Question, e.Edition = head.Question, head.Edition
			if len(ex.Expect) > 0 {
				if err := json.Unmarshal(ex.Expect, &e.Expect); err != nil {
					tb.Fatalf("%s, %q: expect: %v", name, ex.Name, err)
				}
			}
			out = append(out, e)
		}
	}
	return out
}

// RequireAnswered fails the test of an example whose question the service
// does not answer (answered lists those it does, as the engine's Questions
// gives them): every question the contract's examples ask is answered, and
// one that stops being answered is a failure, never a skip.
func (ex AdjudicationExample) RequireAnswered(tb testing.TB, answered map[string][]string) {
	tb.Helper()
	if _, ok := answered[ex.Question]; !ok {
		tb.Fatalf("%s: the engine does not answer %s, which the contract's example %q asks", ex.File, ex.Question, ex.Name)
	}
}

// Holds says whether an answer's value holds the value an example expects,
// as the examples mean "fields that must be present with these values": an
// object holds every field expected with a value that holds it (other
// fields may be there too), a list holds as many items as expected each
// holding its own, any other value is equal. Both are compared as JSON
// gives them back. When it does not hold, the path of the first
// difference is returned ("[0].outcome").
func Holds(got, want any) (string, bool) {
	return holds(roundTrip(got), roundTrip(want), "")
}

func holds(got, want any, path string) (string, bool) {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return path, false
		}
		for k, wv := range w {
			gv, present := g[k]
			if !present {
				return path + "." + k, false
			}
			if p, ok := holds(gv, wv, path+"."+k); !ok {
				return p, false
			}
		}
		return "", true
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return path, false
		}
		for i := range w {
			if p, ok := holds(g[i], w[i], fmt.Sprintf("%s[%d]", path, i)); !ok {
				return p, false
			}
		}
		return "", true
	}
	gb, _ := json.Marshal(got)
	wb, _ := json.Marshal(want)
	return path, bytes.Equal(gb, wb)
}

// roundTrip is a value as JSON gives it back.
func roundTrip(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return v
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		return v
	}
	return out
}
