package rules_test

import (
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A look-up by name is read in REST's order: the names' texts, the
// edition, then one name of the two.
func TestParseCardNamedReadsOneNameAndTheEdition(t *testing.T) {
	long := strings.Repeat("x", rules.MaxQueryTextBytes+1)
	for _, tc := range []struct {
		exact, fuzzy, edition string
		want                  rules.CardIdentifier
		field                 string // the field an error names; "" for none
	}{
		{" Example Shuttle ", "", "2E", rules.CardIdentifier{Name: "Example Shuttle", Edition: "2e"}, ""},
		{"", "exampel shutle", "", rules.CardIdentifier{Name: "exampel shutle", Fuzzy: true}, ""},
		{"Example", "Exampel", "", rules.CardIdentifier{}, "exact"},
		{"", "  ", "", rules.CardIdentifier{}, "fuzzy"},
		{"Example", "Exampel", "3e", rules.CardIdentifier{}, "edition"},
		{long, "", "3e", rules.CardIdentifier{}, "exact"},
		{"", "exampel\x07", "", rules.CardIdentifier{}, "fuzzy"},
	} {
		got, err := rules.ParseCardNamed(tc.exact, tc.fuzzy, tc.edition)
		if tc.field == "" {
			if err != nil || got != tc.want {
				t.Errorf("%q %q %q: %+v, %v; want %+v", tc.exact, tc.fuzzy, tc.edition, got, err, tc.want)
			}
			continue
		}
		if rules.ErrorCode(err) != rules.EINVALID || rules.ErrorDetails(err)["field"] != tc.field {
			t.Errorf("%q %q %q: %v (%v); want invalid_request naming %s", tc.exact, tc.fuzzy, tc.edition, err, rules.ErrorDetails(err), tc.field)
		}
	}
}
