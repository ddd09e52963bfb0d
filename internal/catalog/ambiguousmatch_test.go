package catalog_test

import (
	"context"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// An ambiguous name says how its candidates fit it, in the words a card
// found says how it matched: the name as typed, as printed only in the
// other edition, or with a typo forgiven.
func TestAmbiguousSaysHowTheCandidatesFit(t *testing.T) {
	cat := editionsCatalog()
	for _, c := range []struct {
		id   rules.CardIdentifier
		want string
	}{
		{rules.CardIdentifier{Name: "starship valiant", Edition: "1e"}, rules.MatchExact},
		{rules.CardIdentifier{Name: "Starship Valiant", Edition: "1e", Fuzzy: true}, rules.MatchExact},
		{rules.CardIdentifier{Name: "Starship Valiant", Edition: "2e", Fuzzy: true}, rules.MatchOtherEdition},
		{rules.CardIdentifier{Name: "Starshp Valiant", Edition: "1e", Fuzzy: true}, rules.MatchFuzzy},
	} {
		_, err := cat.LookUpCard(context.Background(), c.id)
		if rules.ErrorCode(err) != rules.EAMBIGUOUS {
			t.Errorf("%+v: %v, want ambiguous", c.id, err)
			continue
		}
		if got := rules.ErrorDetails(err)["match"]; got != c.want {
			t.Errorf("%+v: details.match %v, want %q", c.id, got, c.want)
		}
		got, err := cat.CardCollection(context.Background(), []rules.CardIdentifier{c.id})
		if err != nil || len(got.NotFound) != 1 || got.NotFound[0].Match != c.want {
			t.Errorf("%+v in a collection: %+v, %v; want match %q", c.id, got, err, c.want)
		}
	}
}
