package search

import (
	"context"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// copiesFixture is a Call to Arms section whose first paragraph the newest
// rulebook keeps word for word (a word added) under another heading, and a
// paragraph of its own; a Premiere section the newest rulebook rewrote; a
// line of a list; and a ruling quoting a First Edition rulebook paragraph.
func copiesFixture(tb testing.TB) *Index {
	tb.Helper()
	entries := []*rules.Entry{
		entry("2e-rulebook-call-to-arms", "2e", "section", "When a Quest Falters",
			"If your crew cannot meet the quest's needs, the quest falters and each crew member left in it is halted.\n\nYou may try the quest again on a later turn, with other crew or the same."),
		entry("2e-rulebook", "2e", "section", "Checking Quest Needs",
			"A quest lists needs of skills and a total.\n\nIf your crew cannot meet the quest's needs, the quest falters and each remaining crew member left in it is halted."),
		entry("2e-rulebook-premiere", "2e", "section", "Lanterns",
			"Lanterns are lit at dusk by the keeper of the quest and put out at dawn."),
		entry("2e-rulebook", "2e", "section", "Lights",
			"The keeper lights lanterns when the quest begins, never at dusk."),
		entry("2e-rulebook-premiere", "2e", "section", "Icons",
			"Quest icons include:\n\nplanet quest"),
		entry("2e-rulebook", "2e", "section", "Quest Kinds",
			"There are planet quest and space quest cards."),
		entry("1e-rulebook", "1e", "section", "Attempting Quests",
			"At least one crew member must match the quest's banner to begin or go on with the attempt.\n\nA quest on a planet is attempted by a team on its surface."),
		entry("1e-current-rulings", "1e", "ruling", "quest attempt",
			"At least one crew member must match the quest's banner to begin or go on with the attempt."),
	}
	ix, err := Build(context.Background(), fixtureDocs(), entries, nil)
	if err != nil {
		tb.Fatalf("Build: %v", err)
	}
	tb.Cleanup(func() { _ = ix.Close() })
	return ix
}

// TestCopiesReadFromTheNewerRulebook: an older rulebook's paragraph a newer
// one holds, nine tenths of its words in order, is a copy of it, whatever
// the sections are titled; a rewritten paragraph, a line of a list and a
// ruling quoting a rulebook are not.
func TestCopiesReadFromTheNewerRulebook(t *testing.T) {
	ix := copiesFixture(t)
	byID := map[string]*docMeta{}
	for _, m := range ix.meta {
		byID[m.ID] = m
	}
	id := func(doc, title string) *docMeta {
		m := byID[rules.EntryID(doc, "section", title)]
		if m == nil {
			t.Fatalf("no entry %s %q", doc, title)
		}
		return m
	}
	falters, needs := id("2e-rulebook-call-to-arms", "When a Quest Falters"), id("2e-rulebook", "Checking Quest Needs")
	if !copiedBy(falters, 0, needs) || copiedBy(falters, 1, needs) {
		t.Errorf("copies of %q: %+v; want its first paragraph held by %q", falters.Title, falters.copies, needs.Title)
	}
	if len(needs.copies) != 0 {
		t.Errorf("the newest rulebook's section copies %+v", needs.copies)
	}
	for _, m := range []*docMeta{id("2e-rulebook-premiere", "Lanterns"), id("2e-rulebook-premiere", "Icons"), id("1e-rulebook", "Attempting Quests")} {
		if len(m.copies) != 0 {
			t.Errorf("%q: copies %+v; want none (rewritten, a line of a list, quoted by a ruling)", m.Title, m.copies)
		}
	}
}

// TestCopyGivesWayToTheNewerRulebookUnlessNamed: a search finding the older
// section by its copied paragraph puts the newer rulebook's section first;
// a query naming the older section's title, its words in order, keeps it
// first.
func TestCopyGivesWayToTheNewerRulebookUnlessNamed(t *testing.T) {
	ix := copiesFixture(t)
	first := func(q string) string {
		t.Helper()
		res, err := ix.Search(context.Background(), rules.SearchQuery{Q: q, Limit: 3})
		if err != nil || len(res.Hits) == 0 {
			t.Fatalf("%q: %v, %d hits", q, err, len(res.Hits))
		}
		return res.Hits[0].ID
	}
	newer := rules.EntryID("2e-rulebook", "section", "Checking Quest Needs")
	older := rules.EntryID("2e-rulebook-call-to-arms", "section", "When a Quest Falters")
	if got := first("faltering quest is the crew halted"); got != newer {
		t.Errorf("faltering quest is the crew halted: first %s, want %s", got, newer)
	}
	if got := first("what happens when the quest falters"); got != older {
		t.Errorf("what happens when the quest falters: first %s, want %s", got, older)
	}
}
