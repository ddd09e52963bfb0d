package engine_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// TestATurnsAttemptsCountTheirTeams: the teams a turn's attempts send count
// towards what the turn may name in all (rules.MaxTurnListed) as its lists
// do, though the actions list none of them: a 1E team of 256 may attempt a
// mission twice in a turn, failing each time, but a third attempt is
// refused, naming the action, rather than answered 256 names a step for
// as many steps as a turn holds.
func TestATurnsAttemptsCountTheirTeams(t *testing.T) {
	w := realWorld(t)
	b := rules.Board{Missions: []rules.BoardMission{{ID: "m", Title: "Zq Mission", Type: "planet", Quadrant: "alpha", Span: ip(2),
		Requirements: "3 Diplomacy", Affiliations: []string{"federation"}}}}
	for i := range rules.MaxBoardPersonnel {
		b.Personnel = append(b.Personnel, rules.BoardPersonnel{ID: fmt.Sprintf("p%d", i), PersonnelStats: rules.PersonnelStats{Affiliation: "federation", Skills: []string{},
			Integrity: ip(5), Cunning: ip(5), Strength: ip(5)}, At: at("m")})
	}
	attempts := func(n int) rules.AdjudicationRequest {
		var actions []obj
		for range n {
			actions = append(actions, obj{"question": "mission.resolve", "params": obj{"mission": "m", "stack": []obj{}}})
		}
		return req1E("turn.replay", b, obj{"actions": actions})
	}
	v, err := ask(context.Background(), w.svc, attempts(2))
	if err != nil {
		t.Fatalf("two attempts by the whole team: %v", err)
	}
	if steps := turnOf(t, v).Steps; len(steps) != 2 || !steps[1].Legal {
		t.Fatalf("two attempts: %d steps", len(steps))
	}
	_, err = ask(context.Background(), w.svc, attempts(3))
	if rules.ErrorCode(err) != rules.EUNPROCESSABLE || rules.ErrorDetails(err)["action"] != 2 || rules.ErrorDetails(err)["limit"] != rules.MaxTurnListed {
		t.Fatalf("a third attempt by the whole team: %v (details %v)", err, rules.ErrorDetails(err))
	}
}
