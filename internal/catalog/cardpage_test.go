package catalog_test

import (
	"context"
	"testing"

	"github.com/stccg/stccg-rules/internal/catalog"
	"github.com/stccg/stccg-rules/internal/rules"
)

// partialCatalog holds cards known in full and cards known by title alone,
// as the rulebooks' card lists give most Second Edition cards.
func partialCatalog() *catalog.Catalog {
	one, two := 1, 2
	return catalog.New([]*rules.Card{
		{ID: "2e-9-1", Edition: "2e", Set: "9", Number: "1", Title: "Koval", Type: "personnel", Affiliation: "klingon", Integrity: &one, Cunning: &two, Strength: &two},
		{ID: "2e-9-2", Edition: "2e", Set: "9", Number: "2", Title: "Tarel", Type: "personnel", Affiliation: "romulan", Integrity: &one, Cunning: &two, Strength: &two},
		{ID: "2e-9-3", Edition: "2e", Set: "9", Number: "3", Title: "Dask", Type: "personnel"},                                                     // by title: affiliation unknown
		{ID: "2e-9-4", Edition: "2e", Set: "9", Number: "4", Title: "Vorn Station", Type: "facility"},                                              // by title
		{ID: "2e-9-5", Edition: "2e", Set: "9", Number: "5", Title: "Chart Rift", Type: "mission"},                                                 // by title: icons unknown
		{ID: "2e-9-6", Edition: "2e", Set: "9", Number: "6", Title: "Survey Rift", Type: "mission", MissionType: "space", Requirements: "Physics"}, // in full, no icons
		{ID: "2e-9-7", Edition: "2e", Set: "9", Number: "7", Title: "Flee", Type: "interrupt"},                                                     // prints no affiliation
		{ID: "2e-9-8", Edition: "2e", Set: "", Number: "8", Title: "Koval Ascendant", Type: "event"},                                               // set unknown
		{ID: "2e-9-9", Edition: "2e", Set: "9", Number: "9", Title: "Koval Drift", Type: ""},                                                       // type unknown
		{ID: "1e-101-1", Edition: "1e", Set: "101", Number: "1", Title: "Dask", Type: "personnel"},                                                 // the other edition
	}, nil)
}

// A filter that cannot read a card counts it apart: the total is the cards
// known to match, the unknown counts those that may.
func TestCardPageCountsCardsAFilterCannotRead(t *testing.T) {
	cat := partialCatalog()
	ctx := context.Background()
	for _, tc := range []struct {
		f     rules.CardFilter
		total int
		want  rules.CardsUnknown
	}{
		{rules.CardFilter{Edition: "2e", Affiliation: "klingon", Type: "personnel"}, 1, rules.CardsUnknown{Affiliation: 2, Type: 1}}, // the card of no known type under both
		{rules.CardFilter{Edition: "2e", Affiliation: "Klingons"}, 1, rules.CardsUnknown{Affiliation: 4}},
		{rules.CardFilter{Affiliation: "romulan"}, 1, rules.CardsUnknown{Affiliation: 5}},
		{rules.CardFilter{Edition: "2e", Affiliation: "klingon", Q: "koval"}, 1, rules.CardsUnknown{Affiliation: 1}},
		{rules.CardFilter{Edition: "2e", Type: "event"}, 1, rules.CardsUnknown{Type: 1}},
		{rules.CardFilter{Edition: "2e", Set: "9"}, 8, rules.CardsUnknown{Set: 1}},
		{rules.CardFilter{Edition: "2e", Type: "personnel", Set: "9"}, 3, rules.CardsUnknown{Type: 1}},
		{rules.CardFilter{Edition: "2e", Type: "interrupt"}, 1, rules.CardsUnknown{Type: 1}},
		{rules.CardFilter{Edition: "2e"}, 9, rules.CardsUnknown{}},
		{rules.CardFilter{Edition: "2e", Q: "survey", Affiliation: "klingon"}, 0, rules.CardsUnknown{}},
	} {
		p, err := cat.CardPage(ctx, tc.f)
		if err != nil {
			t.Fatalf("%+v: %v", tc.f, err)
		}
		if p.Total != tc.total || p.Unknown != tc.want || len(p.Cards) != tc.total {
			t.Errorf("%+v: total %d (page %d), unknown %+v; want %d, %+v", tc.f, p.Total, len(p.Cards), p.Unknown, tc.total, tc.want)
		}
		if cards, total, _ := cat.Cards(ctx, tc.f); total != p.Total || len(cards) != len(p.Cards) {
			t.Errorf("%+v: Cards answers %d, CardPage %d", tc.f, total, p.Total)
		}
	}
}

// On the real data the Second Edition missions known by title alone do not
// say who may attempt them: an affiliation filter counts them apart rather
// than leaving them out unsaid, and the counts add up to the edition's cards
// that print an affiliation.
func TestRealCardListCountsMissionsWithoutTheirIcons(t *testing.T) {
	cat := realCatalog(t)
	ctx := context.Background()
	p, err := cat.CardPage(ctx, rules.CardFilter{Edition: "2e", Affiliation: "klingon", Type: "mission", Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	byTitle, missions := 0, 0
	all, n, _ := cat.Cards(ctx, rules.CardFilter{Edition: "2e", Type: "mission", Limit: 100})
	for offset := len(all); offset < n; offset += 100 {
		more, _, _ := cat.Cards(ctx, rules.CardFilter{Edition: "2e", Type: "mission", Limit: 100, Offset: offset})
		all = append(all, more...)
	}
	for _, m := range all {
		missions++
		if m.MissionType == "" {
			byTitle++
		}
	}
	if byTitle < 50 || p.Unknown.Affiliation != byTitle || p.Total == 0 || p.Total+p.Unknown.Affiliation > missions {
		t.Errorf("2e klingon missions: total %d, unknown %+v; %d of %d missions known by title", p.Total, p.Unknown, byTitle, missions)
	}
	// Every 2E personnel gives its affiliation: nothing is unknown.
	p, err = cat.CardPage(ctx, rules.CardFilter{Edition: "2e", Affiliation: "klingon", Type: "personnel"})
	if err != nil || p.Total == 0 || p.Unknown.Any() {
		t.Errorf("2e klingon personnel: %+v, %v", p, err)
	}
	// Cards known to match are never counted unknown.
	for _, c := range all {
		if c.LacksFiltered("affiliation") && (c.Affiliation != "" || len(c.Affiliations) > 0) {
			t.Errorf("%s counted unknown with affiliations %v", c.ID, c.Affiliations)
		}
	}
}
