package loadgen_test

import (
	"context"
	"testing"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/catalog"
	"github.com/stccg/stccg-rules/internal/engine"
	"github.com/stccg/stccg-rules/internal/loadgen"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// The replay scenario's turns are what it says on the real corpus: ten
// legal actions, seven counters spent and both missions scored; then an
// eleventh action refused for its counters.
func TestReplayScenarioTurnsAreLegalThenRefused(t *testing.T) {
	bodies, err := loadgen.Replays()
	if err != nil {
		t.Fatal(err)
	}
	c := testcorpus.Load(t)
	svc := engine.New(c.Documents, c.Entries, catalog.New(c.Cards, c.Entries, catalog.WithDocuments(c.Documents)))
	want := []struct {
		allowed      bool
		firstIllegal any
		steps        int
	}{{true, nil, 10}, {false, 10, 11}}
	if len(bodies) != len(want) {
		t.Fatalf("%d requests", len(bodies))
	}
	for i, body := range bodies {
		var req rules.AdjudicationRequest
		if err := api.DecodeAdjudication(body, &req); err != nil {
			t.Fatal(err)
		}
		v, err := svc.Adjudicate(context.Background(), req)
		if err != nil {
			t.Fatalf("turn %d: %v", i, err)
		}
		turn := v.Result.(*rules.TurnReplayResult)
		steps := turn.Steps
		if *v.Allowed != want[i].allowed || orNil(turn.FirstIllegal) != want[i].firstIllegal || len(steps) != want[i].steps {
			for _, st := range steps {
				t.Logf("%s legal %v: %q", st.Question, st.Legal, st.Reasons)
			}
			t.Errorf("turn %d: allowed %v, firstIllegal %v, %d steps; want %+v", i, *v.Allowed, orNil(turn.FirstIllegal), len(steps), want[i])
		}
		if orNil(turn.Counters) != 0 || orNil(turn.Points) != 65 {
			t.Errorf("turn %d: counters %v, points %v; want 0, 65", i, orNil(turn.Counters), orNil(turn.Points))
		}
	}
}

// orNil is *p, or nil when p is nil.
func orNil(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}
