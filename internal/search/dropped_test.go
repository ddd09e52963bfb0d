package search

import (
	"slices"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// droppedEntries are an older Second Edition rulebook's section whose
// heading the newest rulebook no longer has, its rule stated in the newest
// rulebook under another heading (invented text), besides the fixture's
// entries.
func droppedEntries() []*rules.Entry {
	return append(fixtureEntries(),
		entry("2e-rulebook-call-to-arms", "2e", "section", "Docking Bays", "A docking bay holds one ship. A ship in a docking bay may be repaired at the end of your turn."),
		entry("2e-rulebook", "2e", "section", "Repairing Ships", "At the end of your turn, a ship docked in a bay at your headquarters may be repaired: remove one damage from it. Each bay holds one ship."),
	)
}

// TestAHeadingTheGoverningRulebookDroppedCoversLess: a question holding the
// words of an older rulebook's heading that the newest rulebook no longer
// has ("docking bay") finds the newest rulebook's rule first (Dropped); one
// naming the older heading in order ("what is a docking bay") still finds
// the older section, as without Dropped.
func TestAHeadingTheGoverningRulebookDroppedCoversLess(t *testing.T) {
	checkWeightOnAndOff(t, "Dropped", func(w *weights, on bool) {
		if !on {
			w.Dropped = 1
		}
	}, droppedEntries(), []weightCase{
		{"ship docked in bay repaired end of turn", "Repairing Ships", true},
		{"what is a docking bay", "Docking Bays", false},
	})
}

// TestDroppedHeadingsAreTheOlderRulebooksOnly: an older rulebook's section
// whose heading the newest rulebook has is not dropped, nor is any entry of
// the newest rulebook or of First Edition, whose one rulebook governs.
func TestDroppedHeadingsAreTheOlderRulebooksOnly(t *testing.T) {
	ix := fixtureIndexWith(t, defaultWeights(), droppedEntries())
	for id, want := range map[string]bool{
		rules.EntryID("2e-rulebook-call-to-arms", "section", "Docking Bays"): true,
		rules.EntryID("2e-rulebook-call-to-arms", "section", "Combat"):       false,
		rules.EntryID("2e-rulebook", "section", "Repairing Ships"):           false,
	} {
		m := ix.meta[id]
		if m == nil {
			t.Fatalf("%s is not indexed", id)
		}
		if m.dropped != want {
			t.Errorf("%s dropped %v, want %v", id, m.dropped, want)
		}
	}
	for _, m := range ix.meta {
		if m.dropped && (m.Edition != "2e" || m.DocumentID == "2e-rulebook") {
			t.Errorf("%s is dropped: only an older rulebook's entry may be", m.ID)
		}
	}
}

// TestADroppedHeadingsRewrittenParagraphIsACopy: a paragraph of an older
// rulebook's section whose heading the newest rulebook dropped is read as a
// copy of the newest rulebook's paragraph rewriting it (eight of its nine
// words in order, droppedCopiedShare), so that the rule in force takes its
// score; the same paragraph under a heading the newest rulebook kept is not
// (copiedShare).
func TestADroppedHeadingsRewrittenParagraphIsACopy(t *testing.T) {
	entries := append(fixtureEntries(),
		entry("2e-rulebook-call-to-arms", "2e", "section", "Hangar Rules", "A hangar holds small craft.\n\nYou have a pilot of the same class aboard."),
		entry("2e-rulebook-call-to-arms", "2e", "section", "Launching Craft", "You have a pilot of the same class aboard."),
		entry("2e-rulebook", "2e", "section", "Launching Craft", "A craft launches when: You have your rested pilot of the same class aboard that craft."),
	)
	ix := fixtureIndexWith(t, defaultWeights(), entries)
	newest := ix.meta[rules.EntryID("2e-rulebook", "section", "Launching Craft")]
	for title, want := range map[string]bool{"Hangar Rules": true, "Launching Craft": false} {
		m := ix.meta[rules.EntryID("2e-rulebook-call-to-arms", "section", title)]
		if m == nil || newest == nil {
			t.Fatalf("%s is not indexed", title)
		}
		if got := slices.ContainsFunc(m.copies, func(c copied) bool { return c.newer == newest }); got != want {
			t.Errorf("%s (dropped %v): a copy of the newest rulebook's paragraph %v, want %v", title, m.dropped, got, want)
		}
	}
}
