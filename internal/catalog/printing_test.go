package catalog_test

import (
	"context"
	"testing"

	"github.com/stccg/stccg-rules/internal/catalog"
	"github.com/stccg/stccg-rules/internal/rules"
)

// printingsCatalog holds names printed in several sets of both editions.
func printingsCatalog() *catalog.Catalog {
	cards := []*rules.Card{
		{ID: "1e-101-1", Edition: "1e", Set: "101", SetName: "Opening Salvo", Number: "1", Title: "Tovan", Type: "personnel"},
		{ID: "1e-120-1", Edition: "1e", Set: "120", SetName: "Far Shore Nine", Number: "1", Title: "Tovan", Type: "personnel"},
		{ID: "1e-120-2", Edition: "1e", Set: "120", SetName: "Far Shore Nine", Number: "2", Title: "Merrin Vale - Mirror", Type: "personnel"},
		{ID: "1e-101-2", Edition: "1e", Set: "101", SetName: "Opening Salvo", Number: "2", Title: "Merrin Vale", Type: "personnel"},
		{ID: "2e-3-1", Edition: "2e", Set: "3", SetName: "Gathering Storm", Number: "1", Title: "Tovan", Subtitle: "Keen Scholar", Type: "personnel"},
		{ID: "2e-3-2", Edition: "2e", Set: "3", SetName: "Gathering Storm", Number: "2", Title: "Kessa", Subtitle: "Pilot", Type: "personnel"},
		{ID: "2e-3-3", Edition: "2e", Set: "3", SetName: "Gathering Storm", Number: "3", Title: "Kessa", Subtitle: "Navigator", Type: "personnel"},
		{ID: "2e-1-1", Edition: "2e", Set: "1", SetName: "Second Edition", Number: "1", Title: "Kessa", Subtitle: "Cadet", Type: "personnel"},
		{ID: "1e-101-3", Edition: "1e", Set: "101", SetName: "Opening Salvo", Number: "3", Title: "Orin Dal", Type: "personnel"},
	}
	return catalog.New(cards, nil)
}

// An edition or a set written after a name, as fan sites write them, says
// which printing of it the page means: the name is asked in that edition,
// and among its cards the set's, by the set's name or its initials.
func TestAPrintingWrittenAfterANameChoosesTheCard(t *testing.T) {
	cat := printingsCatalog()
	for _, c := range []struct {
		name, edition string
		want          string // card id, or the error code
	}{
		{"Tovan 1E", "", rules.EAMBIGUOUS},
		{"Tovan (2e)", "", "2e-3-1"},
		{"Tovan [Second Edition]", "", "2e-3-1"},
		{"Tovan, 2nd edition", "", "2e-3-1"},
		{"Tovan - 2E", "", "2e-3-1"},
		{"Tovan (Opening Salvo)", "", "1e-101-1"},
		{"Tovan - Far Shore Nine", "", "1e-120-1"},
		{"Tovan (FSN)", "", "1e-120-1"},
		{"Tovan (FS9)", "", "1e-120-1"},
		{"Tovan (os)", "", "1e-101-1"},
		// A set whose cards the name fits less well than another set's.
		{"Merrin Vale (Far Shore Nine)", "", "1e-120-2"},
		// A set holding several cards of the name leaves them to choose.
		{"Kessa (Gathering Storm)", "", rules.EAMBIGUOUS},
		{"Kessa (Second Edition)", "", "2e-1-1"},
		// Only in the other edition: said so.
		{"Orin Dal 2E", "", "1e-101-3"},
		// Brackets holding no printing are no printing.
		{"Tovan (Keen Scholar)", "", "2e-3-1"},
		// A printing of another edition than the one asked is not read.
		{"Tovan (2E)", "1e", rules.EAMBIGUOUS},
		// A name of no card stays one.
		{"Zorvak (Opening Salvo)", "", rules.ENOTFOUND},
	} {
		card, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: c.name, Edition: rules.Edition(c.edition), Fuzzy: true})
		switch {
		case err != nil && rules.ErrorCode(err) != c.want:
			t.Errorf("%q (%s): %v, want %s", c.name, c.edition, err, c.want)
		case err == nil && card.ID != c.want:
			t.Errorf("%q (%s): %s (%s), want %s", c.name, c.edition, card.ID, card.Match, c.want)
		}
	}
	if card, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: "Orin Dal 2E", Fuzzy: true}); err != nil || card.Match != rules.MatchOtherEdition {
		t.Errorf("Orin Dal 2E: %+v, %v; want said of the other edition", card, err)
	}
	// The name as typed is not the name as printed: it matched loosely.
	if card, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: "Tovan (Opening Salvo)", Fuzzy: true}); err != nil || card.Match != rules.MatchFuzzy {
		t.Errorf("Tovan (Opening Salvo): %+v, %v; want fuzzy", card, err)
	}
	if _, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: "Kessa (Gathering Storm)", Fuzzy: true}); rules.ErrorDetails(err)["match"] != rules.MatchFuzzy {
		t.Errorf("Kessa (Gathering Storm): %v, details.match %v; want fuzzy", err, rules.ErrorDetails(err)["match"])
	}
	// An exact look-up reads the name as written.
	if _, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: "Tovan (2E)"}); rules.ErrorCode(err) != rules.ENOTFOUND {
		t.Errorf("exact Tovan (2E): %v, want not found", err)
	}
}

// A rank as players shorten it is read as the rank, which a card may print
// ("Cmdr Orin" is Commander Orin, not Orin), unless it begins a word split
// in two ("Col lect").
func TestAShortenedRankIsReadAsTheRank(t *testing.T) {
	cards := []*rules.Card{
		{ID: "1e-1-1", Edition: "1e", Set: "1", Number: "1", Title: "Orin", Type: "personnel"},
		{ID: "1e-1-2", Edition: "1e", Set: "1", Number: "2", Title: "Commander Orin", Type: "personnel"},
		{ID: "2e-1-1", Edition: "2e", Set: "1", Number: "1", Title: "Harlan Vey", Subtitle: "Fleet Admiral", Type: "personnel"},
		{ID: "1e-1-3", Edition: "1e", Set: "1", Number: "3", Title: "Collect Spores", Type: "mission"},
	}
	cat := catalog.New(cards, nil)
	for _, c := range []struct{ name, want string }{
		{"Cmdr Orin", "1e-1-2"},
		{"Cmdr. Orin", "1e-1-2"},
		{"Cdr. Orin", "1e-1-2"},
		{"Adm. Vey", "2e-1-1"},
		{"Col lect Spores", "1e-1-3"},
	} {
		card, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: c.name, Fuzzy: true})
		if err != nil || card.ID != c.want || card.Match != rules.MatchFuzzy {
			t.Errorf("%q: %+v, %v; want %s, fuzzy", c.name, card, err, c.want)
		}
	}
}

// A run of a name's words ending in a number, shortened to its initials
// and the number, is read as the words, loosely: "Harbor Gate, OS4" is
// Harbor Gate, Outer Station 4; a shortening of two runs reads as none.
func TestAShortenedRunOfWordsIsReadAsTheWords(t *testing.T) {
	cards := []*rules.Card{
		{ID: "2e-1-1", Edition: "2e", Set: "1", Number: "1", Title: "Harbor Gate", Subtitle: "Outer Station 4", Type: "mission"},
		{ID: "2e-1-2", Edition: "2e", Set: "1", Number: "2", Title: "Harbor Gate", Subtitle: "Trade Post", Type: "mission"},
		{ID: "2e-1-3", Edition: "2e", Set: "1", Number: "3", Title: "Orbital Span 7", Type: "event"},
		{ID: "2e-1-4", Edition: "2e", Set: "1", Number: "4", Title: "Old Signal 7", Type: "event"},
	}
	cat := catalog.New(cards, nil)
	card, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: "Harbor Gate, OS4", Fuzzy: true})
	if err != nil || card.ID != "2e-1-1" || card.Match != rules.MatchFuzzy {
		t.Errorf("Harbor Gate, OS4: %+v, %v; want 2e-1-1, fuzzy", card, err)
	}
	if card, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: "OS7", Fuzzy: true}); err == nil {
		t.Errorf("OS7, the initials of two names: %s, want none", card.ID)
	}
}
