package catalog_test

import (
	"context"
	"slices"
	"testing"

	"github.com/stccg/stccg-rules/internal/catalog"
	"github.com/stccg/stccg-rules/internal/rules"
)

// A word of four letters with one letter changed is as likely a name the
// card data lacks as a typo of one it holds (three letters of four are
// all two names often share): alone, or after a rank, it names no card,
// and the answer suggests the name it is near. With another word of the
// name, or a letter left out, added or swapped rather than changed, it is
// read as a typo.
func TestAChangedLetterInAWordOfFourNamesNoCardAlone(t *testing.T) {
	cards := []*rules.Card{
		{ID: "1e-1-1", Edition: "1e", Set: "1", Number: "1", Title: "Mira Tolven", Type: "personnel"},
		{ID: "1e-1-2", Edition: "1e", Set: "1", Number: "2", Title: "Harbor Beacon", Type: "equipment"},
	}
	cat := catalog.New(cards, nil)
	for _, tc := range []struct {
		name, want string // want: the card's id, or "" for not found
	}{
		{"Mirk", ""},
		{"Captain Mirk", ""},
		{"Mirk Tolven", "1e-1-1"},
		{"Mria", "1e-1-1"},
		{"Mirra", "1e-1-1"},
		{"Tolvan", "1e-1-1"},
	} {
		card, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: tc.name, Edition: "1e", Fuzzy: true})
		switch {
		case tc.want == "" && rules.ErrorCode(err) != rules.ENOTFOUND:
			t.Errorf("%q: %v, %v; want not found", tc.name, card, err)
		case tc.want == "" && !slices.Contains(rules.DetailStrings(err, "suggestions"), "Mira Tolven"):
			t.Errorf("%q: suggestions %v, want Mira Tolven among them", tc.name, rules.DetailStrings(err, "suggestions"))
		case tc.want != "" && (err != nil || card.ID != tc.want || card.Match != rules.MatchFuzzy):
			t.Errorf("%q: %v, %v; want %s, fuzzy", tc.name, card, err, tc.want)
		}
	}
}

// A word of the names typed whole is the name of the cards that have it
// whole, before those whose word it only begins: a short name with a rank
// is its card, not a longer name begun so.
func TestAWordTypedWholeIsTheCardThatHasIt(t *testing.T) {
	cards := []*rules.Card{
		{ID: "1e-1-1", Edition: "1e", Set: "1", Number: "1", Title: "Vo Tanek", Type: "personnel"},
		{ID: "2e-1-2", Edition: "2e", Set: "1", Number: "2", Title: "Vok", Subtitle: "Quiet Trader", Type: "personnel"},
		{ID: "2e-1-3", Edition: "2e", Set: "1", Number: "3", Title: "Vok", Subtitle: "Loud Trader", Type: "personnel"},
	}
	cat := catalog.New(cards, nil)
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"Vo", []string{"1e-1-1"}},
		{"Ensign Vo", []string{"1e-1-1"}},
		{"Vok", []string{"2e-1-2", "2e-1-3"}},
	} {
		card, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: tc.name, Fuzzy: true})
		got := rules.DetailStrings(err, "ids")
		if err == nil {
			got = []string{card.ID}
		}
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: %v (%v), want %v", tc.name, got, err, tc.want)
		}
	}
}

// A word of no name, like none of a personnel card's title's words it
// stands beside, is another person's name: the card is not the answer, and
// the look-up suggests it. A garbled form of the word (sharing a third of
// its letter pairs or more) is still the card, and a card other than a
// personnel keeps a word recalled wrong.
func TestAnotherGivenNameBeforeASurnameNamesAnotherPerson(t *testing.T) {
	cards := []*rules.Card{
		{ID: "1e-1-1", Edition: "1e", Set: "1", Number: "1", Title: "Jorel Vance", Type: "personnel"},
		{ID: "1e-1-2", Edition: "1e", Set: "1", Number: "2", Title: "Quiet Harbor", Type: "event"},
	}
	cat := catalog.New(cards, nil)
	for _, tc := range []struct {
		name, want string // want: the card's id, or "" for not found
	}{
		{"Kelso Vance", ""},
		{"Jorlex Vance", "1e-1-1"},
		{"Vance", "1e-1-1"},
		{"Stormy Harbor", "1e-1-2"},
	} {
		card, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: tc.name, Edition: "1e", Fuzzy: true})
		switch {
		case tc.want == "" && rules.ErrorCode(err) != rules.ENOTFOUND:
			t.Errorf("%q: %v, %v; want not found", tc.name, card, err)
		case tc.want == "" && !slices.Contains(rules.DetailStrings(err, "suggestions"), "Jorel Vance"):
			t.Errorf("%q: suggestions %v, want Jorel Vance among them", tc.name, rules.DetailStrings(err, "suggestions"))
		case tc.want != "" && (err != nil || card.ID != tc.want):
			t.Errorf("%q: %v, %v; want %s", tc.name, card, err, tc.want)
		}
	}
}

// A card list reads a query's words as the look-up by name and
// autocompletion do: a word of four letters with one letter changed, alone,
// is read as no typo, so the list names no card (q=kirk listed the Kira
// cards); with another word of the name it is read, and the reading said;
// a letter left out is read alone.
func TestACardListReadsAChangedLetterAsTheLookUpDoes(t *testing.T) {
	cards := []*rules.Card{
		{ID: "1e-1-1", Edition: "1e", Set: "1", Number: "1", Title: "Mira Tolven", Type: "personnel"},
		{ID: "1e-1-2", Edition: "1e", Set: "1", Number: "2", Title: "Harbor Beacon", Type: "equipment"},
	}
	cat := catalog.New(cards, nil)
	for _, tc := range []struct {
		q      string
		total  int
		readAs string // the word it read the changed one as
	}{
		{"mirk", 0, ""},
		{"mirk tolven", 1, "mira"},
		{"mria", 1, "mira"},
	} {
		p, err := cat.CardPage(context.Background(), rules.CardFilter{Q: tc.q})
		if err != nil {
			t.Fatal(err)
		}
		var read string
		if len(p.ReadAs) > 0 {
			read = p.ReadAs[0].As
		}
		if p.Total != tc.total || read != tc.readAs {
			t.Errorf("%q: %d cards, read as %q; want %d, %q", tc.q, p.Total, read, tc.total, tc.readAs)
		}
	}
}
