package corpus

import (
	"strings"
	"testing"
)

// loose makes pieces of lines read apart from each other.
func loose(texts []string) []mendPiece {
	out := make([]mendPiece, len(texts))
	for i, t := range texts {
		out[i] = mendPiece{text: t}
	}
	return out
}

// testVocab stands for the words read inside the lines of a document.
var testVocab = interiorVocabulary([]string{
	"a pilot on the ship may count them and you count those of the cells",
	"a ship in space is stranded or towed home and the pump stays shut",
})

// The cases are invented text in the shapes of the damage: a kept copy whose
// lines lost words at their ends (or starts), and pieces of a second copy
// that hold them.
func TestMendLinesRestoresWordsFromRepeatedPieces(t *testing.T) {
	cases := []struct {
		name           string
		lines, pieces  []string
		want           []string
		restored, join int
	}{
		{
			name: "line ends lost, each restored up to where its piece ends",
			lines: []string{
				"A pilot may refuel the same ship many times each round. There is no",
				"the amount of fuel a ship can carry during this phase of the round",
				"times a pilot can refuel one ship.",
			},
			pieces: []string{
				"A pilot may refuel the same ship many times each round. There is no ceiling on",
				"the amount of fuel a ship can carry during this phase of the round or on the count of",
			},
			want: []string{
				"A pilot may refuel the same ship many times each round. There is no ceiling on",
				"the amount of fuel a ship can carry during this phase of the round or on the count of",
				"times a pilot can refuel one ship.",
			},
			restored: 2,
		},
		{
			name: "a last word cut short is completed from the piece",
			lines: []string{
				"When your crew lands on a planet, count the",
				"land on a planet where there are spent fuel cells",
				"cells is taken from that count first.",
			},
			pieces: []string{
				"lands on a planet, count them and announce the count. If you",
				"spent fuel cells beside it, the number of those",
			},
			want: []string{
				"When your crew lands on a planet, count them and announce the count. If you",
				"land on a planet where there are spent fuel cells beside it, the number of those",
				"cells is taken from that count first.",
			},
			restored: 2,
		},
		{
			name: "restored words stop where they meet the next line",
			lines: []string{
				"This rule lets you fly your ship from one sector to another.",
				"steps must be done before you fly:",
			},
			pieces: []string{"ship from one sector to another. The following steps must"},
			want: []string{
				"This rule lets you fly your ship from one sector to another. The following",
				"steps must be done before you fly:",
			},
			restored: 1, join: 1,
		},
		{
			name: "a line that lost its start gets it back from a piece running to its end",
			lines: []string{
				"Every pilot on the ship must hold a valid licence, and",
				"gauge must read at least one quarter before takeoff.",
			},
			pieces: []string{"the ship's fuel gauge must read at least one quarter before takeoff."},
			want: []string{
				"Every pilot on the ship must hold a valid licence, and",
				"the ship's fuel gauge must read at least one quarter before takeoff.",
			},
			restored: 1,
		},
		{
			name: "a piece starting mid-word that meets the line before closes the join",
			lines: []string{
				"Pilots who land on a moon must pay the",
				"keeper before they take off again.",
			},
			pieces: []string{"ust pay the dock keeper before they take off again."},
			want: []string{
				"Pilots who land on a moon must pay the",
				"dock keeper before they take off again.",
			},
			restored: 1, join: 1,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, rep := mendLines(c.lines, loose(c.pieces), mendContext{vocab: testVocab})
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
			if rep.restored != c.restored || rep.joined != c.join {
				t.Errorf("restored %d, joined %d; want %d, %d", rep.restored, rep.joined, c.restored, c.join)
			}
		})
	}
}

func TestMendLinesRefusesWithoutProof(t *testing.T) {
	cases := []struct {
		name          string
		lines, pieces []string
		maxLine       int
		ambiguous     bool
	}{
		{
			name:  "two pieces that disagree",
			lines: []string{"A ship that runs out of fuel in deep space is", "until a tanker reaches it."},
			pieces: []string{
				"runs out of fuel in deep space is stranded",
				"runs out of fuel in deep space is towed home",
			},
			ambiguous: true,
		},
		{
			name:   "an overlap shorter than three words and fifteen characters",
			lines:  []string{"Each pilot pays for the fuel", "before the ship leaves."},
			pieces: []string{"the fuel in advance"},
		},
		{
			name:   "restored words that repeat words already on the next line",
			lines:  []string{"Pilots may not refuel twice in one", "round, and the pump stays shut."},
			pieces: []string{"not refuel twice in one go, the pump stays"},
		},
		{
			name:    "a line that would grow longer than the document's lines",
			lines:   []string{"Crews may change ships at a station", "at no cost."},
			pieces:  []string{"change ships at a station that belongs to any player who has agreed to host them"},
			maxLine: 50,
		},
		{
			name: "a phrase that ends two lines ties the piece to neither",
			lines: []string{
				"Docking fees cost one coin for each pilot",
				"on board.",
				"Landing fees cost two coins for each pilot",
				"on board.",
			},
			pieces: []string{"for each pilot aboard the ship"},
		},
		{
			name:   "restored words that end a sentence the next line carries on",
			lines:  []string{"so every player can check that the card you chose was", "drawn. Then shuffle your deck."},
			pieces: []string{"so every player can check that the card you chose was discarded."},
		},
		{
			name:   "words before a line that meet nothing, on a short overlap",
			lines:  []string{"Remember who flew first, as it may matter later", "in the game."},
			pieces: []string{"not put it in any pile. Keep it apart from all other cards in the game."},
		},
		{
			name:   "a piece that stops inside the line it would extend backwards",
			lines:  []string{"The tower must clear the ship first.", "For each pilot, the tower checks a licence and a logbook."},
			pieces: []string{"pilots with a licence. For each pilot, the tower"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, rep := mendLines(c.lines, loose(c.pieces), mendContext{vocab: testVocab, maxLine: c.maxLine})
			if strings.Join(got, "\n") != strings.Join(c.lines, "\n") || rep.restored != 0 {
				t.Errorf("changed without proof:\n%s", strings.Join(got, "\n"))
			}
			if (len(rep.ambiguous) > 0) != c.ambiguous {
				t.Errorf("ambiguous %q, want %v", rep.ambiguous, c.ambiguous)
			}
		})
	}
}

func TestJunctionLooksBrokenFindsSeamsOfLostWords(t *testing.T) {
	cases := []struct {
		a, b string
		want bool
	}{
		{"where there are spent fuel cells", "cells is taken from that count first.", true},
		{"the pilot counts the", "the cells left.", true},
		{"a mission attempt has two p", "checking mission requirements.", true},
		{"count the", "of fuel.", true},
		{"a ship may fly", "to any sector.", false},
		{"the span at Qo'noS", "(Qo'noS allows it).", false},
		{"the ship ends its move.", "The next pilot flies.", false},
		{"providing the", "or icons).", false}, // an icon stood there
	}
	for _, c := range cases {
		if got := junctionLooksBroken(strings.Fields(c.a), strings.Fields(c.b)); got != c.want {
			t.Errorf("junctionLooksBroken(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestMendLinesWarnsOfBrokenJunctionsItCannotMend(t *testing.T) {
	lines := []string{"Crews land where there are spent fuel cells", "cells is taken from that count first."}
	got, rep := mendLines(lines, nil, mendContext{})
	if strings.Join(got, "\n") != strings.Join(lines, "\n") {
		t.Errorf("changed without pieces: %q", got)
	}
	if len(rep.broken) != 1 {
		t.Fatalf("broken %q, want one junction", rep.broken)
	}
	msgs := mendSummary(rep)
	if len(msgs) != 1 || !strings.Contains(msgs[0], "1 line junctions look broken") {
		t.Errorf("summary %q", msgs)
	}
}

func FuzzMendLines(f *testing.F) {
	f.Add("There is no\nthe number of turns", "There is no limit to\nthe number of turns or")
	f.Add("count the\nfuel cells", "a count them and\n")
	f.Add("at least one of the\nthe flags of that port.", "To dock at a\ncrew docking must match one of\nport.\nrequiremen\nnts).")
	f.Fuzz(func(t *testing.T, lines, pieces string) {
		ls := strings.Split(lines, "\n")
		ps := loose(strings.Split(pieces, "\n"))
		for i := range ps {
			// Pieces read in a run, some across blank lines: their
			// neighbours place them.
			ps[i].adjacent, ps[i].follows = i > 0, i > 0 && i%2 == 1
		}
		got, rep := mendLines(ls, ps, newMendContext(ls))
		if len(got) != len(ls) {
			t.Fatalf("%d lines in, %d out", len(ls), len(got))
		}
		if rep.joined > rep.restored {
			t.Fatalf("joined %d of %d restored", rep.joined, rep.restored)
		}
	})
}

func TestMendLinesTakesAShortOverlapFromThePieceAfterOneInPlace(t *testing.T) {
	lines := []string{
		"When a crate leaves a ship for any reason, the cargo in it goes to",
		"owners’ holds. Exception: Any fuel cells are sent back",
		"owners’ depots instead.",
	}
	for _, follows := range []bool{true, false} {
		pieces := []mendPiece{
			{text: "for any reason, the cargo in it goes to their"},
			{text: "sent back to the bottom of their", follows: follows},
		}
		got, rep := mendLines(lines, pieces, mendContext{vocab: testVocab})
		want := "owners’ holds. Exception: Any fuel cells are sent back to the bottom of their"
		if follows && (got[1] != want || rep.restored != 2) {
			t.Errorf("following piece: got %q (%d restored), want %q", got[1], rep.restored, want)
		}
		if !follows && (got[1] != lines[1] || rep.restored != 1) {
			t.Errorf("a piece read apart on a two-word overlap changed %q (%d restored)", got[1], rep.restored)
		}
	}
}

func TestParallelWordingNeedsNewWordsBetweenSeenOnes(t *testing.T) {
	S, U := true, false
	cases := []struct {
		flags []bool
		want  bool
	}{
		{[]bool{S, S, S, U, U, S, S, S}, true}, // "begin the engagement may" for "begin combat may"
		{[]bool{S, S, S, S, U, U}, false},      // a piece that kept the words the first copy lost at its end
		{[]bool{U, U, S, S, S}, false},         // ... or at its start
		{[]bool{S, U, U, U, S, S, S}, false},   // one seen 4-gram is not a sentence read before
		{[]bool{S, S, S, S}, false},
		{nil, false},
	}
	for _, c := range cases {
		if got := parallelWording(c.flags); got != c.want {
			t.Errorf("parallelWording(%v) = %v, want %v", c.flags, got, c.want)
		}
	}
}

func TestMendLinesTakesALostStopFromTheFollowingPiece(t *testing.T) {
	lines := []string{
		"A cargo run is flown by every pilot on board the",
		"freighter of your choice at that dock",
		"Stations cannot be raided.",
	}
	pieces := []mendPiece{
		{text: "flown by every pilot on board the"},
		{text: "dock.", follows: true},
	}
	got, _ := mendLines(lines, pieces, mendContext{vocab: testVocab})
	if got[1] != "freighter of your choice at that dock." {
		t.Errorf("got %q", got[1])
	}
	pieces[1].follows = false
	if got, _ := mendLines(lines, pieces, mendContext{vocab: testVocab}); got[1] != lines[1] {
		t.Errorf("a piece read apart changed %q", got[1])
	}
}

// Two pieces line up with the end of a kept line and say different things;
// the one holding the whole line decides, not the one that shares only the
// line's end and is a piece of a parallel sentence.
func TestMendLinesTakesThePieceWithTheLongerOverlapWhereTwoDisagree(t *testing.T) {
	lines := []string{
		"a crate reads: While a rival’s Cargo pilot is at this dock, that",
		"must pay one coin to use that Cargo. This text now stops your pilot.",
		"For example: While a Cargo pilot is at this dock, that pilot’s owner must pay",
		"one coin to use his or her skills.",
	}
	pieces := loose([]string{
		"a crate reads: While a rival’s Cargo pilot is at this dock, that rival",
		"Cargo pilot is at this dock, that pilot’s owner must pay one coin to",
	})
	got, rep := mendLines(lines, pieces, mendContext{vocab: testVocab})
	if want := "a crate reads: While a rival’s Cargo pilot is at this dock, that rival"; got[0] != want {
		t.Errorf("got %q, want %q", got[0], want)
	}
	if len(rep.ambiguous) != 0 {
		t.Errorf("ambiguous %q", rep.ambiguous)
	}
	// Pieces that line up equally far still leave the gap alone.
	pieces = loose([]string{
		"Cargo pilot is at this dock, that rival",
		"Cargo pilot is at this dock, that pilot’s owner must pay one coin to",
	})
	if got, rep := mendLines(lines, pieces, mendContext{vocab: testVocab}); got[0] != lines[0] || len(rep.ambiguous) != 1 {
		t.Errorf("a tie of equal overlaps was broken: %q (ambiguous %q)", got[0], rep.ambiguous)
	}
}

// A piece that stands in the repeat between a piece of the line before and
// a piece of the line after is the rest of its line: it fills a junction
// that shows lost words, though it shares no word with either line.
func TestMendLinesPlacesAPieceBetweenItsNeighbours(t *testing.T) {
	lines := []string{
		"Pilots may dock only at their own ports, not a rival’s. To dock at a",
		"port, the flag on at least one of the",
		"the flags of that port. Some ports use text rather than flags to say which",
		"pilots may dock there.",
	}
	pieces := func(middle mendPiece, after string) []mendPiece {
		return []mendPiece{
			{text: "dock only at their own ports, not a rival’s. To dock at a"},
			middle,
			{text: after, adjacent: true},
		}
	}
	middle := mendPiece{text: "crew members docking must match one of", follows: true, adjacent: true}
	got, rep := mendLines(lines, pieces(middle, "port. Some ports use text rather than flags to say which"), mendContext{vocab: testVocab})
	if want := "port, the flag on at least one of the crew members docking must match one of"; got[1] != want || len(rep.broken) != 0 {
		t.Errorf("got %q (broken %q), want %q", got[1], rep.broken, want)
	}
	refused := []struct {
		name   string
		middle mendPiece
		after  string
	}{
		{"the piece after lines up with no line", middle, "ports use coins rather than flags to pay the toll"},
		{"the piece is read apart from its neighbours", mendPiece{text: middle.text}, "port. Some ports use text rather than flags to say which"},
	}
	for _, c := range refused {
		if got, _ := mendLines(lines, pieces(c.middle, c.after), mendContext{vocab: testVocab}); got[1] != lines[1] {
			t.Errorf("%s: changed %q", c.name, got[1])
		}
	}
	// Where the junction shows no loss, a piece with no overlap stays out.
	whole := append([]string{}, lines...)
	whole[1], whole[2] = "port, the flag on at least one of its pilots", "must match a flag of that port. Some ports use text rather than flags to say which"
	ps := pieces(middle, "port. Some ports use text rather than flags to say which")
	if got, _ := mendLines(whole, ps, mendContext{vocab: testVocab}); got[1] != whole[1] {
		t.Errorf("a junction with no sign of loss changed: %q", got[1])
	}
}

// A placed piece may share with its line no more than the ends of words:
// the end of a word cut short, and a word that lost its stop.
func TestMendLinesTakesAPlacedPieceOnAOneSidedOverlap(t *testing.T) {
	lines := []string{
		"routes, and these also require only that at least one of the",
		"docking pilots meet the registration condition",
		"cannot “undock” that ship. A docking has two p",
		"paying fees.",
	}
	pieces := []mendPiece{
		{text: ", and these also require only that at least one of the"},
		{text: "n condition. Once you begin a docking, you", adjacent: true},
		{text: "A docking has two parts: clearing the tower and", follows: true, adjacent: true},
	}
	got, _ := mendLines(lines, pieces, mendContext{vocab: testVocab})
	want := []string{
		lines[0],
		"docking pilots meet the registration condition. Once you begin a docking, you",
		"cannot “undock” that ship. A docking has two parts: clearing the tower and",
		lines[3],
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Read apart from the piece after it, the short overlap proves nothing.
	pieces[2] = mendPiece{text: "tolls are paid at the gate"}
	if got, _ := mendLines(lines, pieces, mendContext{vocab: testVocab}); got[1] != lines[1] {
		t.Errorf("a piece without its neighbour changed %q", got[1])
	}
}

// A word cut short in both copies is completed by the piece that starts with
// its rest, when that piece is shown to be of the line.
func TestMendLinesCompletesAWordCutInBothCopies(t *testing.T) {
	mc := mendContext{vocab: interiorVocabulary([]string{"the docking requirements of a port are posted"})}
	lines := []string{
		"Though stopped pilots cannot fly ships, they still ride along with that",
		"ship if it moves (using other pilots to meet docking requiremen",
		"You cannot use the cargo of a stopped pilot.",
	}
	for _, follows := range []bool{true, false} {
		pieces := []mendPiece{
			{text: "cannot fly ships, they still ride along with that"},
			{text: "nts).", follows: follows, adjacent: follows},
		}
		got, _ := mendLines(lines, pieces, mc)
		want := lines[1]
		if follows {
			want = "ship if it moves (using other pilots to meet docking requirements)."
		}
		if got[1] != want {
			t.Errorf("follows %v: got %q, want %q", follows, got[1], want)
		}
	}
}

func TestCompletesCutWordNeedsOneWordOfTheDocument(t *testing.T) {
	vocab := interiorVocabulary([]string{"a the requirements require roots rots station x"})
	cases := []struct {
		x, y, want string
	}{
		{"requiremen", "nts).", "requirements)."}, // the two copies share the "n"
		{"sta", "tion", "station"},
		{"require", "ments", ""}, // "require" is a whole word
		{"ro", "ots", ""},        // "roots" or "rots"
		{"requiremen", "Nts", ""},
	}
	for _, c := range cases {
		got, ok := completesCutWord(c.x, c.y, vocab)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("completesCutWord(%q, %q) = %q, %v; want %q", c.x, c.y, got, ok, c.want)
		}
	}
}
