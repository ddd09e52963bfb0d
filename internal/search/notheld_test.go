package search

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// TestHitsSayWhatTheirEntrySaysIsNotHeld: a hit of a glossary entry whose
// term falls outside the part of a rulings document held carries what
// rules.EntryTermNotHeld says of its entry, read when the index was built,
// in memory and from an index written and opened again; a hit of a term
// inside it, and a section hit, carry nothing.
func TestHitsSayWhatTheirEntrySaysIsNotHeld(t *testing.T) {
	docs := []rules.Document{
		{ID: "book-1", Title: "First Rulebook", Edition: "1e", Kind: rules.DocumentRulebook, Precedence: 1},
		{ID: "rulings-1", Title: "Rulings (H-Z)", Edition: "1e", Kind: rules.DocumentRulings, Precedence: 2},
	}
	entry := func(id, kind, title, text string) *rules.Entry {
		return &rules.Entry{ID: id, DocumentID: "book-1", Kind: kind, Edition: "1e", Title: title, Text: text,
			Paragraphs: []rules.Paragraph{{Anchor: "p1", Text: text}}}
	}
	entries := []*rules.Entry{
		entry("book-1.glossary.beacon", rules.KindGlossary, "beacon", "A beacon glows over the table."),
		entry("book-1.glossary.tether", rules.KindGlossary, "tether", "A tether binds the beacon to a ship."),
		entry("book-1.section.signals", rules.KindSection, "Signals", "Each beacon and each tether is a signal."),
	}
	sources := rules.NewRulingsSources(docs, nil, nil)
	built, err := Build(context.Background(), docs, entries, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer built.Close()
	dir := filepath.Join(t.TempDir(), "index")
	if err := BuildTo(context.Background(), dir, "v1", docs, entries, nil); err != nil {
		t.Fatal(err)
	}
	opened, _, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer opened.Close()
	for name, ix := range map[string]*Index{"built": built, "opened": opened} {
		res, err := ix.Search(context.Background(), rules.SearchQuery{Q: "beacon"})
		if err != nil || len(res.Hits) != 3 {
			t.Fatalf("%s: %+v %v", name, res, err)
		}
		for _, h := range res.Hits {
			e := entries[slices.IndexFunc(entries, func(e *rules.Entry) bool { return e.ID == h.ID })]
			want := rules.EntryTermNotHeld(sources, e.Kind, e.Title, rules.Edition(e.Edition))
			if (h.ID == "book-1.glossary.beacon") != (len(want) == 1) || !slices.Equal(h.NotHeld, want) || len(want) == 0 && h.NotHeld != nil {
				t.Errorf("%s: %s notHeld %+v, want %+v", name, h.ID, h.NotHeld, want)
			}
		}
	}
}
