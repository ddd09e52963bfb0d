package engine_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stccg/stccg-rules/internal/engine"
	"github.com/stccg/stccg-rules/internal/rules"
)

// TestVerdictsHoldNothingOfTheBoardsArrays: the arrays a request's board
// is read into are cleared once its verdict is made, for the next request
// to read its board into; a verdict holds nothing of them, so it says
// what the verdict of the same request says with arrays of its own, never
// cleared.
func TestVerdictsHoldNothingOfTheBoardsArrays(t *testing.T) {
	svc := realWorld(t).svc
	var reqs []rules.AdjudicationRequest
	for i, r := range midGameRequests(t) {
		if i%7 == 0 { // a seventh, spread over every variation of the board
			reqs = append(reqs, r)
		}
	}
	reqs = append(reqs, req2E("turn.replay", hqBoard(), tenActions()))
	ctx := context.Background()
	encode := func(r rules.AdjudicationRequest, v *rules.Verdict, err error) string {
		b, merr := json.Marshal(answer(r, v, err))
		if merr != nil {
			t.Fatal(merr)
		}
		return string(b)
	}
	answered := 0
	for i, r := range reqs {
		v, err := ask(ctx, svc, r)
		if err == nil {
			answered++
		}
		kept, keptErr := engine.AskKeepingArrays(ctx, svc, r)
		if got, want := encode(r, v, err), encode(r, kept, keptErr); got != want {
			t.Fatalf("request %d, its arrays given back:\n%s\nwith arrays of its own:\n%s", i, got, want)
		}
	}
	if answered < 100 {
		t.Errorf("%d of %d requests answered: the set should hold verdicts", answered, len(reqs))
	}
}
