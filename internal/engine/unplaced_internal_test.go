package engine

import "testing"

// The actions a personnel was set aside in are said as runs, numbered
// from 1, and a personnel set aside twice in one step is noted once.
func TestTheActionsSetAsideInAreSaidAsRuns(t *testing.T) {
	b, c := &Personnel{ID: "b"}, &Personnel{ID: "c"}
	var a turnAside
	for step, ps := range [][]*Personnel{{b, c}, {b}, {b, c}, {}, {b}, {b}, {b}, {}, {b}} {
		a.step = step
		a.record(ps)
		a.record(ps)
	}
	a.flush()
	if len(a.order) != 2 || a.order[0] != b || a.order[1] != c {
		t.Fatalf("order %v", a.order)
	}
	for _, x := range []struct {
		id, want string
	}{{"b", "actions 1 to 3, 5 to 7 and 9"}, {"c", "actions 1 and 3"}} {
		if got := actionRuns(a.runs[x.id]); got != x.want {
			t.Errorf("%s: %q, want %q", x.id, got, x.want)
		}
	}
	if got := actionRuns([]actionRun{{4, 4}}); got != "action 5" {
		t.Errorf("one action: %q", got)
	}
}

// The personnel given no place are listed once a board, by owner and for
// both players in board order (anyOwner), and listed again once a move
// changes the personnel list: one placed since is no longer among them,
// one put in with no place is.
func TestThePersonnelGivenNoPlaceAreListedAgainWhenAMoveChangesThem(t *testing.T) {
	a := &Personnel{ID: "a", Owner: You, Unplaced: true}
	x := &Personnel{ID: "x", Owner: Opponent, Unplaced: true}
	b := &Personnel{ID: "b", Owner: You, Unplaced: true}
	m := &Personnel{ID: "m", Owner: You, Mission: "m1"}
	board := &Board{Personnel: []*Personnel{a, x, m, b}}
	for i, p := range board.Personnel {
		p.Index = i
	}
	ids := func(ps []*Personnel) string {
		out := ""
		for _, p := range ps {
			out += p.ID
		}
		return out
	}
	check := func(when, yours, theirs, both string) {
		t.Helper()
		if got := ids(board.unplacedOf(You)); got != yours {
			t.Errorf("%s: yours %q, want %q", when, got, yours)
		}
		if got := ids(board.unplacedOf(Opponent)); got != theirs {
			t.Errorf("%s: the opponent's %q, want %q", when, got, theirs)
		}
		if got := ids(board.unplacedOf(anyOwner)); got != both {
			t.Errorf("%s: both players' %q, want %q", when, got, both)
		}
		there, unplaced := board.gatherAt(anyOwner, func(p *Personnel) bool { return p.Mission == "m1" })
		if ids(unplaced) != both || (ids(there) != "m" && ids(there) != "am") {
			t.Errorf("%s: gathered at m1 %q and %q given no place", when, ids(there), ids(unplaced))
		}
	}
	check("read", "ab", "x", "axb")
	if l := board.unplacedOf(You); cap(l) != len(l) {
		t.Errorf("the list has room past it (%d of %d): a caller appending would write into the board's", len(l), cap(l))
	}
	placed := board.copyPersonnel(a)
	placed.Mission = "m1"
	board.setPersonnel(placed)
	check("a placed at m1", "b", "x", "xb")
	board.addPersonnel(&Personnel{ID: "c", Owner: You, Unplaced: true})
	check("c put in", "bc", "x", "xbc")
	board.removePersonnel("x")
	check("x taken off", "bc", "", "bc")
}

// Those a question names are parted into those placed and those given no
// place, each in the order named.
func TestThePersonnelNamedArePartedByWhetherTheyArePlaced(t *testing.T) {
	a := &Personnel{ID: "a", Unplaced: true}
	s := &Personnel{ID: "s", Ship: "s1"}
	g := &Personnel{ID: "g", Unplaced: true, Brig: Opponent} // placed since: in a brig
	b := &Personnel{ID: "b", Unplaced: true}
	placed, unplaced := partPlaced([]*Personnel{a, s, g, b})
	if len(placed) != 2 || placed[0] != s || placed[1] != g || len(unplaced) != 2 || unplaced[0] != a || unplaced[1] != b {
		t.Fatalf("placed %v, given no place %v", placed, unplaced)
	}
}
