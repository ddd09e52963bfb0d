package engine_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// BenchmarkAdjudicateMissionAttempt is a typical adjudication in process:
// eight personnel at a planet mission, the board decoded and judged, with
// citations (the body read beforehand, as the API reads it).
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
	req = decoded(b, req)
	b.ReportAllocs()
	for b.Loop() {
		v, err := w.svc.Adjudicate(ctx, req)
		if err != nil || v.Allowed == nil || !*v.Allowed {
			b.Fatalf("%v %v", v, err)
		}
	}
}

// midGameBoard is the board the load test sends (cmd/stccg-load): a
// headquarters, a space and a planet mission, a crewed ship at the
// headquarters and an away team on the planet, one of them stopped.
func midGameBoard() rules.Board {
	crew := func(id, icon string, skills []string, where *rules.Location, cunning int) rules.BoardPersonnel {
		return rules.BoardPersonnel{ID: id, PersonnelStats: rules.PersonnelStats{Affiliation: "federation", Icons: []string{icon}, Skills: skills, Integrity: ip(6), Cunning: ip(cunning), Strength: ip(5)}, At: where}
	}
	onShip, onPlanet := aboard("enterprise"), at("nebula")
	b := rules.Board{
		Missions: []rules.BoardMission{
			{ID: "home", Title: "Starbase Home", Type: "headquarters", Quadrant: "alpha", Span: ip(2)},
			{ID: "rift", Title: "Chart the Rift", Type: "space", Quadrant: "alpha", Span: ip(3), Points: ip(35),
				Requirements: "Astrometrics, Navigation, Physics, and Cunning>28", Affiliations: []string{"federation"}},
			{ID: "nebula", Title: "Survey the Nebula World", Type: "planet", Quadrant: "alpha", Span: ip(2), Points: ip(30),
				Requirements: "2 Geology, Biology, and Integrity>24", Affiliations: []string{"federation", "bajoran"},
				OvercomeDilemmas: 1},
		},
		Ships: []rules.BoardShip{
			{ID: "enterprise", Affiliation: "federation", Staffing: []string{"command", "staff", "staff"},
				Range: ip(9), Weapons: ip(8), Shields: ip(9), At: at("home")},
		},
		Personnel: []rules.BoardPersonnel{
			crew("captain", "command", []string{"Leadership", "Diplomacy"}, onShip, 7),
			crew("pilot", "staff", []string{"Navigation", "Astrometrics"}, onShip, 6),
			crew("physicist", "staff", []string{"2 Physics", "Science"}, onShip, 8),
			crew("engineer", "staff", []string{"Engineering", "Programming"}, onShip, 6),
			crew("geologist", "staff", []string{"2 Geology"}, onPlanet, 6),
			crew("biologist", "staff", []string{"Biology", "Medical"}, onPlanet, 5),
			crew("officer", "command", []string{"Security", "Leadership"}, onPlanet, 5),
			crew("ensign", "staff", []string{"Anthropology"}, onPlanet, 4),
		},
	}
	b.Personnel[7].Stopped = true
	return b
}

// BenchmarkAdjudicateShipMove is the load test's first question: a staffed
// ship moving from its headquarters to a space mission on a mid-game board.
func BenchmarkAdjudicateShipMove(b *testing.B) {
	w := realWorld(b)
	req := req2E("ship.move", midGameBoard(), obj{"ship": "enterprise", "to": "rift"})
	ctx := context.Background()
	req = decoded(b, req)
	b.ReportAllocs()
	for b.Loop() {
		v, err := w.svc.Adjudicate(ctx, req)
		if err != nil || v.Allowed == nil || !*v.Allowed {
			b.Fatalf("%v %v", v, err)
		}
	}
}

// BenchmarkAdjudicateMissionResolve is an attempt resolved in process: the
// mid-game board's away team at its planet mission faces a stack of two
// dilemmas, one of which kills a personnel, and the requirements are
// checked on those remaining.
func BenchmarkAdjudicateMissionResolve(b *testing.B) {
	w := realWorld(b)
	board := midGameBoard()
	board.Missions[2].OvercomeDilemmas = 0
	req := req2E("mission.resolve", board, obj{"mission": "nebula", "stack": []obj{
		{"title": "Zq Rockslide", "kind": "planet", "cost": 1, "kills": []string{"officer"}},
		{"title": "Zq Fog", "kind": "dual", "cost": 2, "stops": []string{}},
	}})
	ctx := context.Background()
	req = decoded(b, req)
	b.ReportAllocs()
	for b.Loop() {
		v, err := w.svc.Adjudicate(ctx, req)
		if err != nil || v.Allowed == nil {
			b.Fatalf("%v %v", v, err)
		}
	}
}
