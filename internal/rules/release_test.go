package rules

import (
	"strings"
	"testing"
)

func TestParseReleaseReadsADateToItsPrecision(t *testing.T) {
	for in, want := range map[string][2]int{
		"2001-03-26": {20010326, 20010326}, "2000-08": {20000801, 20000831}, "2002": {20020101, 20021231},
		"after 2003": {20040101, openEnd}, " 1994 ": {19940101, 19941231},
	} {
		r, ok := ParseRelease(in)
		if !ok || r.First != want[0] || r.Last != want[1] {
			t.Errorf("%q: %+v %v, want %v", in, r, ok, want)
		}
	}
	for _, in := range []string{"", "after 2003-05", "2002-13", "2002-1", "20021", "after", "2001-03-26-1", "02", "2001-00", "2001-02-32"} {
		if r, ok := ParseRelease(in); ok {
			t.Errorf("%q read as %+v", in, r)
		}
	}
}

// A rulings document of a date with no card list of its own covers a card
// only when the card's set is known to have been released on or before
// that date: a set released after it, in a year or month that may fall
// either side of it, or at a time not known, is not covered, each saying
// why; the part of the alphabet held is read first.
func TestCoverageReadsTheSetDateAgainstTheDocumentDate(t *testing.T) {
	docs := []Document{
		{ID: "book", Title: "Example Rulebook", Edition: "1e", Kind: DocumentRulebook, Published: "1999-06"},
		{ID: "rulings", Title: "Example Rulings (H-Z), updated 2000-05-10", Edition: "1e", Kind: DocumentRulings, Published: "2000-05-10"},
	}
	sources := NewRulingsSources(docs, nil, nil)
	if sources[0].Dated != nil || sources[1].Dated == nil {
		t.Fatalf("a rulebook ruling on no card by name is bounded by no date; the rulings are: %+v", sources)
	}
	for _, tc := range []struct {
		set, released, title string
		covers               bool
		says                 string
	}{
		{"11", "1998", "Kestrel", true, ""},
		{"12", "2000-04", "Kestrel", true, ""},
		{"13", "2000-05-10", "Kestrel", true, ""},
		{"14", "2000-05", "Kestrel", false, "(of 2000-05-10) may not cover this card: its set 14 (Example Set) was released 2000-05, and whether before or after the document is not known"},
		{"15", "2000", "Kestrel", false, "was released 2000, and whether before or after the document is not known"},
		{"16", "2000-06", "Kestrel", false, "(of 2000-05-10) could name no card of set 16 (Example Set), released 2000-06, later than the document"},
		{"17", "after 1999", "Kestrel", false, "was released after 1999, and whether before or after the document is not known"},
		{"18", "after 2000", "Kestrel", false, "released after 2000, later than the document"},
		{"19", "", "Kestrel", false, "may not cover this card: when its set 19 (Example Set) was released is not known"},
		{"20", "2001", "Anvil", false, "would stand in the part not held"},
	} {
		card := &Card{Edition: "1e", Set: tc.set, SetName: "Example Set", SetReleased: tc.released, Title: tc.title}
		cov := CoverageOf(sources, card)
		if len(cov.Documents) != 2 || !cov.Documents[0].Covers {
			t.Fatalf("set %s: %+v", tc.set, cov)
		}
		d := cov.Documents[1]
		if d.Covers != tc.covers || cov.Complete != tc.covers || !strings.Contains(d.Reason, tc.says) || !strings.Contains(cov.Missing, tc.says) {
			t.Errorf("set %s released %q: %+v", tc.set, tc.released, cov)
		}
	}
}
