package engine_test

import (
	"context"
	"fmt"

	"github.com/stccg/stccg-rules/internal/engine"
	"github.com/stccg/stccg-rules/internal/rules"
)

// A Service answers questions about a board under the newest rulebook of
// the edition. Here a tiny rulebook stands in for the real corpus.
func Example() {
	docs := []rules.Document{{ID: "house-rules", Edition: rules.Edition2E, Kind: rules.DocumentRulebook, Precedence: 1}}
	entries := []*rules.Entry{{
		ID: rules.EntryID("house-rules", rules.KindSection, "Using Range"), Kind: rules.KindSection, Title: "Using Range",
		DocumentID: "house-rules", Edition: rules.Edition2E, Path: []string{"Using Range"},
		Text: "To move, add the span numbers of the two missions together. A move is allowed when the total is not higher than the Range available.",
	}}
	svc := engine.New(docs, entries, nil)
	span := func(n int) *int { return &n }
	board := rules.Board{
		Missions: []rules.BoardMission{
			{ID: "earth", Title: "Earth", Type: "headquarters", Quadrant: "alpha", Span: span(2)},
			{ID: "renegade", Title: "Intercept Renegade", Type: "space", Quadrant: "alpha", Span: span(3)},
		},
		Ships:     []rules.BoardShip{{ID: "galaxy", Affiliation: "federation", Staffing: []string{"command"}, Range: span(8), At: &rules.Location{Mission: "earth"}}},
		Personnel: []rules.BoardPersonnel{{ID: "picard", PersonnelStats: rules.PersonnelStats{Affiliation: "federation", Icons: []string{"command"}, Integrity: span(8), Cunning: span(8), Strength: span(6)}, At: &rules.Location{Ship: "galaxy"}}},
	}
	params := &rules.ShipMoveParams{Ship: "galaxy", To: "renegade"}
	v, err := svc.Adjudicate(context.Background(), rules.AdjudicationRequest{Edition: "2e", Question: "ship.move", Board: board, Params: params})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(*v.Allowed, v.Result.(*rules.ShipMoveResult).RangeRemaining)
	fmt.Println(v.Reasons[0])
	fmt.Println(v.Citations[0].Quote)
	// Output:
	// true 3
	// Earth (span 2) + Intercept Renegade (span 3) = 5 Range; 8 available
	// To move, add the span numbers of the two missions together.
}
