package engine

import (
	"context"
	"reflect"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// boardOf decodes a board for the tests of this package, which need no
// card data.
func boardOf(t *testing.T, s *Service, edition string, in rules.Board) *Board {
	t.Helper()
	b, err := s.decodeBoard(context.Background(), edition, in)
	if err != nil {
		t.Fatalf("decode board: %v", err)
	}
	return b
}

func rulebookDoc(edition string) rules.Document {
	id := "2e-rulebook"
	if edition == rules.Edition1E {
		id = "1e-rulebook"
	}
	return rules.Document{ID: id, Edition: edition, Kind: rules.DocumentRulebook}
}

func TestShipMoveAppliedCarriesTheCrewAndLeavesTheBoardGiven(t *testing.T) {
	s := New(nil, nil, nil)
	n := func(v int) *int { return &v }
	in := rules.Board{
		Missions: []rules.BoardMission{
			{ID: "earth", Title: "Earth", Type: "headquarters", Quadrant: "alpha", Span: n(2)},
			{ID: "renegade", Title: "Intercept Renegade", Type: "space", Quadrant: "alpha", Span: n(3)},
		},
		Ships: []rules.BoardShip{{ID: "galaxy", Affiliation: "federation", Staffing: []string{"command", "staff"},
			Range: n(8), RangeUsed: 1, At: &rules.Location{Mission: "earth"}}},
		Personnel: []rules.BoardPersonnel{
			{ID: "picard", PersonnelStats: rules.PersonnelStats{Affiliation: "federation", Icons: []string{"command"}, Integrity: n(5), Cunning: n(5), Strength: n(5)}, At: &rules.Location{Ship: "galaxy"}},
			{ID: "data", PersonnelStats: rules.PersonnelStats{Affiliation: "federation", Icons: []string{"staff"}, Integrity: n(5), Cunning: n(5), Strength: n(5)}, At: &rules.Location{Ship: "galaxy"}},
		},
	}
	b := boardOf(t, s, rules.Edition2E, in)
	before := *b.Ship("galaxy")
	st, err := s.playMove(context.Background(), ptr(rulebookDoc(rules.Edition2E)), b, NewTurn(), "ship.move", &rules.ShipMoveParams{Ship: "galaxy", To: "renegade"})
	if err != nil {
		t.Fatal(err)
	}
	if st.Verdict.Allowed == nil || !*st.Verdict.Allowed {
		t.Fatalf("move refused: %q", st.Verdict.Reasons)
	}
	after := st.Board.Ship("galaxy")
	if after.Mission != "renegade" || after.RangeUsed != 6 {
		t.Errorf("after the move: at %q, range used %d; want renegade, 6", after.Mission, after.RangeUsed)
	}
	for _, p := range st.Board.Personnel {
		if got := st.Board.whereIs(p).Mission; got != "renegade" {
			t.Errorf("%s is at %q after the move, want renegade", p.ID, got)
		}
	}
	if !reflect.DeepEqual(*b.Ship("galaxy"), before) || b.Ships[0] != b.Ship("galaxy") {
		t.Errorf("the board given changed: %+v, was %+v", *b.Ship("galaxy"), before)
	}
	if want := (Turn{Counters: countersPerTurn, OrdersBegun: true}); st.Turn != want {
		t.Errorf("after a ship move the turn is %+v, want %+v: nothing spent, and orders begun", st.Turn, want)
	}
	// A move refused leaves the board as it was.
	st2, err := s.playMove(context.Background(), ptr(rulebookDoc(rules.Edition2E)), st.Board, st.Turn, "ship.move", &rules.ShipMoveParams{Ship: "galaxy", To: "earth"})
	if err != nil {
		t.Fatal(err)
	}
	if *st2.Verdict.Allowed || st2.Board != st.Board {
		t.Errorf("a refused move: allowed %v, board replaced %v (reasons %q)", *st2.Verdict.Allowed, st2.Board != st.Board, st2.Verdict.Reasons)
	}
}

func TestRemovedPersonnelLeaveTheBoardGivenAsItWas(t *testing.T) {
	s := New(nil, nil, nil)
	n := func(v int) *int { return &v }
	var in rules.Board
	in.Missions = []rules.BoardMission{{ID: "m", Type: "planet", Quadrant: "alpha", Span: n(2)}}
	for _, id := range []string{"a", "b", "c", "d"} {
		in.Personnel = append(in.Personnel, rules.BoardPersonnel{ID: id, PersonnelStats: rules.PersonnelStats{Integrity: n(5), Cunning: n(5), Strength: n(5)}, At: &rules.Location{Mission: "m"}})
	}
	b := boardOf(t, s, rules.Edition2E, in)
	nb := b.clone()
	nb.removePersonnel("b")
	if got := ids(nb.Personnel); !reflect.DeepEqual(got, []string{"a", "c", "d"}) {
		t.Fatalf("after removing b: %v", got)
	}
	for i, p := range nb.Personnel {
		if p.Index != i || nb.PersonnelByID(p.ID) != p {
			t.Errorf("%s at %d has Index %d", p.ID, i, p.Index)
		}
	}
	if nb.PersonnelByID("b") != nil {
		t.Error("b is still found by its id")
	}
	if got := ids(b.Personnel); !reflect.DeepEqual(got, []string{"a", "b", "c", "d"}) || b.Personnel[2].Index != 2 {
		t.Errorf("the board given changed: %v", got)
	}
	again := boardOf(t, s, rules.Edition2E, nb.Encode())
	if !reflect.DeepEqual(withoutSources(nb), withoutSources(again)) {
		t.Error("the board after the removal decodes to another board")
	}
}
