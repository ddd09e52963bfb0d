package search

import (
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// readAs returns the text a typed query is searched as.
func readAs(t *testing.T, ix *Index, typed string) string {
	t.Helper()
	u, err := parseQuery(typed)
	if err != nil {
		t.Fatal(err)
	}
	return ix.analyze(u).text
}

// checkReadings checks what each typed query (key) is searched as (value).
func checkReadings(t *testing.T, ix *Index, readings map[string]string) {
	t.Helper()
	for typed, want := range readings {
		if got := readAs(t, ix, typed); got != want {
			t.Errorf("%q is searched as %q, want %q", typed, got, want)
		}
	}
}

// A word a judge split in two is read as the word the rulebooks write, whole
// or hyphenated, typo inside and all, and the search answers as it does for
// the word as the rulebooks write it: the same hits, in the same order, with
// the same anchors.
func TestFamilySplitWordsJoined(t *testing.T) {
	ix := buildCorpus(t)
	for _, c := range []struct{ typed, read, written string }{
		// First Edition
		{"seed space line order", "seed spaceline order", "seed spaceline order"},
		{"spce line summary", "spaceline summary", "spaceline summary"},
		{"build out post", "build outpost", "build outpost"},
		{"dual icn mission", "dual icon mission", "dual-icon mission"},
		{"miss eed dilemma under space mission", "mis seed dilemma under space mission", "mis-seed dilemma under space mission"},
		{"counter atack leader", "counter attack leader", "counter-attack leader"},
		{"away teem attempt mission", "away team attempt mission", "away team attempt mission"},
		{"report to head quaters", "report to headquarters", "report to headquarters"},
		// Second Edition
		{"down load a card", "download a card", "download a card"},
		{"over come dilemma", "overcome dilemma", "overcome dilemma"},
		{"head quarters 2e play cards", "headquarters play cards", "headquarters 2e play cards"},
		{"non alligned personnel", "non aligned personnel", "non-aligned personnel"},
		{"star ship staffing 2e", "starship staffing", "starship staffing 2e"},
	} {
		if got := readAs(t, ix, c.typed); got != c.read {
			t.Errorf("%q is searched as %q, want %q", c.typed, got, c.read)
			continue
		}
		split, written := search(t, ix, rules.SearchQuery{Q: c.typed, Limit: 5}), search(t, ix, rules.SearchQuery{Q: c.written, Limit: 5})
		if len(split.Hits) == 0 || len(split.Hits) != len(written.Hits) {
			t.Errorf("%q: %d hits, %q %d", c.typed, len(split.Hits), c.written, len(written.Hits))
			continue
		}
		for i, h := range split.Hits {
			if w := written.Hits[i]; h.ID != w.ID || h.Anchor != w.Anchor {
				t.Errorf("%q hit %d: %s#%s, %q has %s#%s", c.typed, i+1, h.ID, h.Anchor, c.written, w.ID, w.Anchor)
			}
		}
	}
	checkFamily(t, ix, []familyCase{
		{rules.SearchQuery{Q: "spce line summary"}, "1e-rulebook", "spaceline summary", 1, ""},
		{rules.SearchQuery{Q: "dual icn mission"}, "1e-rulebook", "attempting missions", 1, "Dual-icon missions"},
		{rules.SearchQuery{Q: "miss eed dilemma under space mission"}, "1e-rulebook", "dilemma phase", 3, "mis-seed"},
		{rules.SearchQuery{Q: "counter atack leader"}, "1e-rulebook", "engaging in battle", 1, "counter-attack"},
		{rules.SearchQuery{Q: "build out post"}, "1e-rulebook", "facility phase", 1, "outposts"},
		{rules.SearchQuery{Q: "down load a card"}, "2e-rulebook", "important game terms", 1, "Download"},
		{rules.SearchQuery{Q: "over come dilemma"}, "2e-rulebook", "dilemmas", 2, "overcome"},
	})
}

// Two words stay two when the rulebooks write them so: beside the word
// after them ("side deck"), before a stop word, as a card's name, or when
// the word of a typo alone is nearer than the two run together.
func TestSplitWordsKeptApartWhereTheRulebooksWriteThemApart(t *testing.T) {
	checkReadings(t, buildCorpus(t), map[string]string{
		"cards in side deck": "cards in side deck", // not "inside"
		"intercept or":       "intercept or",       // not "interceptor"
		"major raakl":        "major rakal",        // Major Rakal, not a word of both
		"phyysics an":        "physics an",         // not "physician"
		"carsd on":           "cards on",           // not "carson"
		"max seed cards":     "max seed cards",     // not "mis-seed"
		"mission attempt":    "mission attempt",
		"away team":          "away team",
	})
}

// Of the words as near a typo, the one the rulebooks write beside the
// typed word's neighbour is read, before a more common one.
func TestTypoReadBesideItsNeighbour(t *testing.T) {
	checkReadings(t, buildCorpus(t), map[string]string{
		"away teem":            "away team",       // not "them"
		"the sede phases":      "the seed phases", // not "see"
		"stak beneath mission": "stack beneath mission",
		"smon tarses":          "simon tarses",
	})
}
