package engine

import (
	"fmt"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// TestNameTableNumbersEachNameOnce: every name gets one number, in the
// order names are first asked, the same however often it is asked and
// however far the table has grown past the room it was made with.
func TestNameTableNumbersEachNameOnce(t *testing.T) {
	for _, room := range []int{0, 1, 8, 1024} {
		tab := makeNameTable(room)
		const n = 3000
		for round := 0; round < 2; round++ {
			for i := 0; i < n; i++ {
				key := fmt.Sprintf("name %d", i)
				if got := tab.id(key); got != int32(i) {
					t.Fatalf("room %d, round %d: %q numbered %d, want %d", room, round, key, got, i)
				}
			}
		}
		if len(tab.keys) != n || 2*len(tab.keys) > len(tab.slots) {
			t.Errorf("room %d: %d names in %d slots, want %d in at least %d", room, len(tab.keys), len(tab.slots), n, 2*n)
		}
		if got := tab.id(""); got != n {
			t.Errorf("room %d: the empty name numbered %d, want %d", room, got, n)
		}
	}
}

// TestBoardFindsObjectsWithOrWithoutAnIndex: a board of a few objects,
// read in turn, and one of more than smallBoard, indexed, find every
// object by its id, refuse an id used twice, and keep finding them after a
// personnel is added to or taken off a board cloned from them, the board
// cloned from unchanged.
func TestBoardFindsObjectsWithOrWithoutAnIndex(t *testing.T) {
	s := New(nil, nil, nil)
	n := func(v int) *int { return &v }
	for _, people := range []int{2, smallBoard - 2, smallBoard - 1, smallBoard + 5} {
		in := rules.Board{
			Missions: []rules.BoardMission{{ID: "earth", Title: "Earth", Type: "headquarters", Quadrant: "alpha", Span: n(2)}},
			Ships: []rules.BoardShip{{ID: "galaxy", Affiliation: "federation", Staffing: []string{"command"},
				Range: n(8), At: &rules.Location{Mission: "earth"}}},
		}
		for i := range people {
			in.Personnel = append(in.Personnel, rules.BoardPersonnel{ID: fmt.Sprintf("p%d", i),
				PersonnelStats: rules.PersonnelStats{Affiliation: "federation", Icons: []string{"staff"}, Integrity: n(5), Cunning: n(5), Strength: n(5)},
				At:             &rules.Location{Ship: "galaxy"}})
		}
		b := boardOf(t, s, rules.Edition2E, in)
		if indexed := b.objects != nil; indexed != (people+2 > smallBoard) {
			t.Errorf("%d objects: indexed %v", people+2, indexed)
		}
		check := func(what string, b *Board, ids []string) {
			t.Helper()
			if b.Mission("earth") == nil || b.Ship("galaxy") == nil || b.PersonnelByID("galaxy") != nil || b.has("nobody") {
				t.Errorf("%d personnel, %s: mission, ship or a missing id misread", people, what)
			}
			for i, id := range ids {
				if p := b.PersonnelByID(id); p == nil || p.ID != id || p.Index != i || b.Personnel[i] != p {
					t.Errorf("%d personnel, %s: %q not found at %d", people, what, id, i)
				}
			}
		}
		var ids []string
		for _, p := range b.Personnel {
			ids = append(ids, p.ID)
		}
		check("as read", b, ids)

		added := b.clone()
		added.addPersonnel(&Personnel{ID: "new"})
		check("one added", added, append(append([]string(nil), ids...), "new"))
		check("the board added to", b, ids)

		removed := added.clone()
		removed.removePersonnel("p1")
		check("one removed", removed, append(append(append([]string(nil), ids[:1]...), ids[2:]...), "new"))
		if removed.has("p1") {
			t.Errorf("%d personnel: p1 found after it was taken off", people)
		}
		check("the board taken from", added, append(append([]string(nil), ids...), "new"))

		twice := in
		twice.Personnel = append(append([]rules.BoardPersonnel(nil), in.Personnel...), in.Personnel[len(in.Personnel)-1])
		if _, err := s.decodeBoard(t.Context(), rules.Edition2E, twice); err == nil {
			t.Errorf("%d personnel: an id used twice was read", people)
		}
	}
}

// TestListedBeforeFindsEverySecondMention: a list of personnel read one
// at a time finds a personnel listed before it, however long the list,
// and only those.
func TestListedBeforeFindsEverySecondMention(t *testing.T) {
	for _, n := range []int{1, 3, 15, 16, 17, 40} {
		people := make([]Personnel, n+1)
		var listed []*Personnel
		var seen map[*Personnel]bool
		for i := range n {
			if listedBefore(&people[i], listed, &seen) {
				t.Fatalf("%d: personnel %d found before it was listed", n, i)
			}
			listed = append(listed, &people[i])
		}
		for i := range n {
			if !listedBefore(&people[i], listed, &seen) {
				t.Errorf("%d: personnel %d, listed, not found", n, i)
			}
		}
		if listedBefore(&people[n], listed, &seen) {
			t.Errorf("%d: a personnel never listed found", n)
		}
	}
}
