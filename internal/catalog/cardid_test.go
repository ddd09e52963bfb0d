package catalog_test

import (
	"context"
	"testing"

	"github.com/stccg/stccg-rules/internal/catalog"
	"github.com/stccg/stccg-rules/internal/rules"
)

// An id is read as readers write one: the edition in any case, set and
// number with leading zeros, or the card data's blueprint id, which names
// the one card of either edition with that set and number. A look-up by
// name given an id answers that card. What names no card is not found.
func TestAnIDIsReadAsReadersWriteIt(t *testing.T) {
	cat := catalog.New([]*rules.Card{
		{ID: "1e-101-12", Edition: "1e", Set: "101", Number: "12", Title: "Quiet Lantern", Type: "event"},
		{ID: "2e-7-49", Edition: "2e", Set: "7", Number: "49", Title: "Far Shore", Type: "mission"},
		{ID: "1e-5-5", Edition: "1e", Set: "5", Number: "5", Title: "Twin One", Type: "event"},
		{ID: "2e-5-5", Edition: "2e", Set: "5", Number: "5", Title: "Twin Two", Type: "event"},
	}, nil)
	ctx := context.Background()
	for id, want := range map[string]string{
		"1e-101-12": "1e-101-12", "1E-101-12": "1e-101-12", "1e-101-012": "1e-101-12", " 1e_101_012 ": "1e-101-12",
		"101_012": "1e-101-12", "2e-007-049": "2e-7-49", "007_049": "2e-7-49", "2E-7-49": "2e-7-49",
		"5_5": "", "3e-101-12": "", "1e-101-13": "", "1e-101": "", "1e-x-12": "", "1e-101-12-1": "", "": "",
	} {
		card, err := cat.Card(ctx, id)
		switch {
		case want == "" && (err == nil || rules.ErrorCode(err) != rules.ENOTFOUND):
			t.Errorf("%q: %v %v, want not found", id, card, err)
		case want != "" && (err != nil || card.ID != want):
			t.Errorf("%q: %v %v, want %s", id, card, err, want)
		}
	}
	for _, tc := range []struct{ name, edition, id, match string }{
		{"101_012", "", "1e-101-12", rules.MatchExact},
		{"2E-7-49", "2e", "2e-7-49", rules.MatchExact},
		{"2e-7-49", "1e", "2e-7-49", rules.MatchOtherEdition},
	} {
		card, err := cat.LookUpCard(ctx, rules.CardIdentifier{Name: tc.name, Edition: rules.Edition(tc.edition), Fuzzy: true})
		if err != nil || card.ID != tc.id || card.Match != tc.match {
			t.Errorf("name %q (%s): %v %v, want %s %s", tc.name, tc.edition, card, err, tc.id, tc.match)
		}
	}
	// An id no card has, given as a name, is not read for names in its
	// figures: no card has that id.
	card, err := cat.LookUpCard(ctx, rules.CardIdentifier{Name: "2e-7-999", Fuzzy: true})
	if rules.ErrorCode(err) != rules.ENOTFOUND || rules.ErrorMessage(err) != `No card has the id "2e-7-999".` {
		t.Errorf("2e-7-999 as a name: %v %v", card, err)
	}
}
