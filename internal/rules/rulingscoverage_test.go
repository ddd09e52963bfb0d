package rules

import (
	"strings"
	"testing"
)

// Documents and cards written for the purpose, in the corpus's shapes.
func coverageFixture() []RulingsSource {
	docs := []Document{
		{ID: "old-book", Title: "Old Rulebook", Edition: "1e", Kind: DocumentRulebook},
		{ID: "old-rulings", Title: "Old Rulings (H-Z), updated 1999", Edition: "1e", Kind: DocumentRulings},
		{ID: "new-first", Title: "New Rulebook (First)", Edition: "2e", Kind: DocumentRulebook},
		{ID: "new-second", Title: "New Rulebook (Second)", Edition: "2e", Kind: DocumentRulebook},
	}
	entries := []*Entry{
		{ID: "old-rulings.ruling.zorn", Kind: KindRuling, DocumentID: "old-rulings", Edition: "1e", Title: "Zorn"},
		{ID: "new-second.glossary.dask", Kind: KindGlossary, DocumentID: "new-second", Edition: "2e", Title: "Dask", CardRuling: true},
	}
	cards := []*Card{
		{ID: "2e-1-1", Edition: "2e", Set: "1", Title: "Dask", Sources: []string{"new-first"}},
		{ID: "2e-3-1", Edition: "2e", Set: "3", Title: "Vorn", Sources: []string{"new-second", "cards/2e.json"}},
	}
	return NewRulingsSources(docs, entries, cards)
}

func TestCoverageOfSaysWhatEachDocumentCovers(t *testing.T) {
	sources := coverageFixture()
	for _, tc := range []struct {
		card      Card
		complete  bool
		uncovered string // the document that does not cover it
		says      string
	}{
		{Card{Edition: "1e", Title: "Anaphasic Organism"}, false, "old-rulings", "a ruling on Anaphasic Organism would stand in the part not held"},
		{Card{Edition: "1e", Title: "The Tholian Web"}, true, "", ""},
		{Card{Edition: "1e", Title: "Horga'hn"}, true, "", ""},
		{Card{Edition: "1e", Title: "24th Century Thing"}, false, "old-rulings", `a title beginning "2" is not known`},
		{Card{Edition: "2e", Set: "1", Title: "Dask"}, true, "", ""},
		{Card{Edition: "2e", Set: "3", Title: "Vorn"}, true, "", ""},
		{Card{Edition: "2e", Set: "7", Title: "Kell"}, false, "new-second", "rules on cards up to set 3, the set it came with; this card is of set 7"},
		{Card{Edition: "2e", Set: "", Title: "Kell"}, false, "new-second", "a set the card data does not number"},
	} {
		cov := CoverageOf(sources, &tc.card)
		var uncovered []string
		for _, d := range cov.Documents {
			if !d.Covers {
				uncovered = append(uncovered, d.DocumentID)
			}
		}
		if cov.Complete != tc.complete || strings.Join(uncovered, ",") != tc.uncovered || !strings.Contains(cov.Missing, tc.says) || len(cov.Documents) != 2 {
			t.Errorf("%s (set %q): %+v", tc.card.Title, tc.card.Set, cov)
		}
		if tc.complete && cov.NoneSentence() != "No ruling or erratum in the documents read is about this card." {
			t.Errorf("%s: %q", tc.card.Title, cov.NoneSentence())
		}
	}
}

// An edition no document rules on by name has no known none, nor a card
// when nothing was read.
func TestCoverageWithNoCardRulingsIsNeverComplete(t *testing.T) {
	sources := NewRulingsSources([]Document{{ID: "b", Title: "Book", Edition: "2e", Kind: DocumentRulebook}}, nil, nil)
	if cov := CoverageOf(sources, &Card{Edition: "2e", Set: "1", Title: "Dask"}); cov.Complete || !strings.Contains(cov.Missing, "No document read rules on Second Edition cards by name.") {
		t.Errorf("%+v", cov)
	}
	if cov := CoverageOf(nil, &Card{Edition: "1e", Title: "Worf"}); cov.Complete || cov.Documents == nil {
		t.Errorf("nothing read: %+v", cov)
	}
}
