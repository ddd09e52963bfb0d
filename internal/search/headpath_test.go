package search

import (
	"slices"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// headPathEntries are a section and two sub-sections of it (invented text),
// besides the fixture's entries.
func headPathEntries() []*rules.Entry {
	parent := entry("1e-rulebook", "1e", "section", "Docking At Starbases",
		"Docking at starbases takes a whole turn, and a docked ship may not attack. Starbases shelter a docked ship; a ship is repaired there at the end of the turn.")
	sub := func(title, text string) *rules.Entry {
		e := entry("1e-rulebook", "1e", "section", title, text)
		e.ID = parent.ID + "." + rules.Slug(title)
		e.Path = []string{parent.Title, title}
		e.Parent = parent.ID
		parent.Children = append(parent.Children, e.ID)
		return e
	}
	hulls := sub("Hulls", "A hull damaged by weapons is repaired one point a turn while docked.")
	crews := sub("Crews", "Personnel aboard may walk to the starbase and back during the turn.")
	return append(fixtureEntries(), parent, hulls, crews)
}

// TestSubSectionNamedWithItsSectionComesFirst: a question naming a
// sub-section's own heading with its section's ("starbase hull repaired when
// docked") finds the sub-section first, by its heading path; one naming
// the section's heading alone finds the section first.
func TestSubSectionNamedWithItsSectionComesFirst(t *testing.T) {
	checkWeightOnAndOff(t, "HeadPath", func(w *weights, on bool) { w.HeadPath = on }, headPathEntries(), []weightCase{
		{"starbase hull repaired when docked", "Hulls", true},
		{"docking at starbases", "Docking At Starbases", false},
		{"is a ship repaired docking at starbases", "Docking At Starbases", false},
	})
}

// TestHeadPathsHoldTheSectionsTitles: a sub-section's path terms are its
// title's and then its section's, each once; a section under none has none.
func TestHeadPathsHoldTheSectionsTitles(t *testing.T) {
	ix := fixtureIndexWith(t, defaultWeights(), headPathEntries())
	parent := ix.meta[rules.EntryID("1e-rulebook", "section", "Docking At Starbases")]
	hulls := ix.meta[parent.ID+".hulls"]
	if parent == nil || hulls == nil {
		t.Fatal("the fixture's section or sub-section is not indexed")
	}
	if parent.pathIDs != nil || parent.above != nil {
		t.Errorf("a section under none has a path: %v", parent.pathIDs)
	}
	if hulls.above != parent {
		t.Errorf("Hulls stands under %v, want the section", hulls.above)
	}
	want := slices.Clone(hulls.titleIDs)
	for _, id := range parent.titleIDs {
		if !slices.Contains(want, id) {
			want = append(want, id)
		}
	}
	if !slices.Equal(hulls.pathIDs, want) {
		t.Errorf("Hulls' path terms %v, want %v", hulls.pathIDs, want)
	}
}
