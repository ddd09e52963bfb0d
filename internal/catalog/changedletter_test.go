package catalog_test

import (
	"context"
	"slices"
	"testing"

	"github.com/stccg/stccg-rules/internal/catalog"
	"github.com/stccg/stccg-rules/internal/rules"
)

// A look-up by name reads a word of the name it does not hold whole as
// one of these cases say, each group over a catalog of its own; want is
// the ids of the cards found (one: the card, found; several: ambiguous
// between them; none: not found, the answer suggesting suggests), and
// match how the one card found matched, when the group says.
func TestALookUpReadsAWordItDoesNotHoldWhole(t *testing.T) {
	for _, g := range []struct {
		behaviour string
		cards     []*rules.Card
		edition   rules.Edition
		suggests  string
		match     string
		cases     []struct {
			name string
			want []string
		}
	}{{
		// A word of four letters with one letter changed is as likely a
		// name the card data lacks as a typo of one it holds (three
		// letters of four are all two names often share): alone, or after
		// a rank, it names no card, and the answer suggests the name it is
		// near. With another word of the name, or a letter left out, added
		// or swapped rather than changed, it is read as a typo.
		behaviour: "AChangedLetterInAWordOfFourNamesNoCardAlone",
		cards: []*rules.Card{
			{ID: "1e-1-1", Edition: "1e", Set: "1", Number: "1", Title: "Mira Tolven", Type: "personnel"},
			{ID: "1e-1-2", Edition: "1e", Set: "1", Number: "2", Title: "Harbor Beacon", Type: "equipment"},
		},
		edition: "1e", suggests: "Mira Tolven", match: rules.MatchFuzzy,
		cases: []struct {
			name string
			want []string
		}{
			{"Mirk", nil},
			{"Captain Mirk", nil},
			{"Mirk Tolven", []string{"1e-1-1"}},
			{"Mria", []string{"1e-1-1"}},
			{"Mirra", []string{"1e-1-1"}},
			{"Tolvan", []string{"1e-1-1"}},
		},
	}, {
		// A word of the names typed whole is the name of the cards that
		// have it whole, before those whose word it only begins: a short
		// name with a rank is its card, not a longer name begun so.
		behaviour: "AWordTypedWholeIsTheCardThatHasIt",
		cards: []*rules.Card{
			{ID: "1e-1-1", Edition: "1e", Set: "1", Number: "1", Title: "Vo Tanek", Type: "personnel"},
			{ID: "2e-1-2", Edition: "2e", Set: "1", Number: "2", Title: "Vok", Subtitle: "Quiet Trader", Type: "personnel"},
			{ID: "2e-1-3", Edition: "2e", Set: "1", Number: "3", Title: "Vok", Subtitle: "Loud Trader", Type: "personnel"},
		},
		cases: []struct {
			name string
			want []string
		}{
			{"Vo", []string{"1e-1-1"}},
			{"Ensign Vo", []string{"1e-1-1"}},
			{"Vok", []string{"2e-1-2", "2e-1-3"}},
		},
	}, {
		// A word of no name, like none of a personnel card's title's words
		// it stands beside, is another person's name: the card is not the
		// answer, and the look-up suggests it. A garbled form of the word
		// (sharing a third of its letter pairs or more) is still the card,
		// and a card other than a personnel keeps a word recalled wrong.
		behaviour: "AnotherGivenNameBeforeASurnameNamesAnotherPerson",
		cards: []*rules.Card{
			{ID: "1e-1-1", Edition: "1e", Set: "1", Number: "1", Title: "Jorel Vance", Type: "personnel"},
			{ID: "1e-1-2", Edition: "1e", Set: "1", Number: "2", Title: "Quiet Harbor", Type: "event"},
		},
		edition: "1e", suggests: "Jorel Vance",
		cases: []struct {
			name string
			want []string
		}{
			{"Kelso Vance", nil},
			{"Jorlex Vance", []string{"1e-1-1"}},
			{"Vance", []string{"1e-1-1"}},
			{"Stormy Harbor", []string{"1e-1-2"}},
		},
	}} {
		t.Run(g.behaviour, func(t *testing.T) {
			cat := catalog.New(g.cards, nil)
			for _, tc := range g.cases {
				card, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: tc.name, Edition: g.edition, Fuzzy: true})
				if len(tc.want) == 0 {
					if rules.ErrorCode(err) != rules.ENOTFOUND {
						t.Errorf("%q: %v, %v; want not found", tc.name, card, err)
					} else if !slices.Contains(rules.DetailStrings(err, "suggestions"), g.suggests) {
						t.Errorf("%q: suggestions %v, want %s among them", tc.name, rules.DetailStrings(err, "suggestions"), g.suggests)
					}
					continue
				}
				got := rules.DetailStrings(err, "ids")
				if err == nil {
					got = []string{card.ID}
				}
				slices.Sort(got)
				switch {
				case !slices.Equal(got, tc.want):
					t.Errorf("%q: %v (%v), want %v", tc.name, got, err, tc.want)
				case len(tc.want) == 1 && err != nil:
					t.Errorf("%q: %v, want %s", tc.name, err, tc.want[0])
				case len(tc.want) > 1 && rules.ErrorCode(err) != rules.EAMBIGUOUS:
					t.Errorf("%q: %v, want ambiguous between %v", tc.name, err, tc.want)
				case len(tc.want) == 1 && g.match != "" && card.Match != g.match:
					t.Errorf("%q: matched %s, want %s", tc.name, card.Match, g.match)
				}
			}
		})
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
