package engine_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// BenchmarkAdjudicateMissionAttempt is a typical adjudication in process:
// eight personnel at a planet mission, decoded and judged, with citations.
func BenchmarkAdjudicateMissionAttempt(b *testing.B) {
	w := realWorld(b)
	m := mission("survey", "planet", "alpha", 2)
	m.Affiliations, m.OvercomeDilemmas, m.Requirements = []string{"federation"}, 3, "Geology, Physics, Science, and Cunning>30"
	board := rules.Board{Missions: []rules.BoardMission{m}}
	for i := range 8 {
		board.Personnel = append(board.Personnel, person(fmt.Sprintf("p%d", i), "federation", []string{"staff"}, at("survey"), "Geology"))
	}
	req := req2E("mission.attempt", board, obj{"mission": "survey"})
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		v, err := w.svc.Adjudicate(ctx, req)
		if err != nil || v.Allowed == nil || !*v.Allowed {
			b.Fatalf("%v %v", v, err)
		}
	}
}
