package catalog

import (
	"context"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

func TestOtherNumeralsReadANumberEveryWay(t *testing.T) {
	for in, want := range map[string]string{"9": "ix", "ix": "9", "nine": "", "2": "ii", "vi": "6", "14": "xiv",
		"xxxix": "39", "39": "xxxix", "i": "1", "x": "10", "one": ""} {
		if got := strings.Join(otherNumerals(in), " "); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
	for _, in := range []string{"mix", "dim", "0", "07", "40", "xl", "iiii", "vv", "+3", "", "1701", "thirty", "third", "seven"} {
		if got := otherNumerals(in); got != nil {
			t.Errorf("%q read as %q", in, got)
		}
	}
	for in, want := range map[string]string{"starfleet type ii phaser": "starfleet type 2 phaser", "seven of nine": "7 of 9", "deep space 9": "deep space 9", "number one": "number 1"} {
		if got := numeralKey(in); got != want {
			t.Errorf("numeralKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// A number written the other way than printed is the same word: a name but
// for how its numbers are written is its card, matched loosely, in the
// edition asked before the other edition's card of the name exactly; the
// fuzzy look-up reads "9" as "IX" among cards sharing the other words.
func TestANumberIsReadAsPrintedEitherWay(t *testing.T) {
	cat := New([]*rules.Card{
		{ID: "2e-9-1", Edition: "2e", Set: "9", Number: "1", Title: "Vantor IX", Subtitle: "Survey the Rings", Type: "mission"},
		{ID: "2e-9-2", Edition: "2e", Set: "9", Number: "2", Title: "Outpost 9", Type: "mission"},
		{ID: "1e-9-3", Edition: "1e", Set: "9", Number: "3", Title: "Harbor Type II Drone", Type: "equipment"},
		{ID: "2e-9-4", Edition: "2e", Set: "9", Number: "4", Title: "Harbor Type-2 Drone", Type: "equipment"},
		{ID: "2e-9-5", Edition: "2e", Set: "9", Number: "5", Title: "Seven of Nine", Subtitle: "Astrometrics Lead", Type: "personnel"},
		{ID: "2e-9-6", Edition: "2e", Set: "9", Number: "6", Title: "Parsion III", Type: "mission"},
	}, nil)
	ctx := context.Background()
	for _, tc := range []struct{ name, edition, id, match string }{
		{"Vantor 9", "", "2e-9-1", rules.MatchFuzzy},
		{"Vantor IX", "", "2e-9-1", rules.MatchExact},
		{"Outpost IX", "2e", "2e-9-2", rules.MatchFuzzy},
		{"Harbor Type 2 Drone", "1e", "1e-9-3", rules.MatchFuzzy},
		{"Harbor Type 2 Drone", "2e", "2e-9-4", rules.MatchExact},
		{"Harbor Type II Drone", "2e", "2e-9-4", rules.MatchFuzzy},
		{"Harbor Type II Drone", "1e", "1e-9-3", rules.MatchExact},
		{"Outpost Nine", "2e", "2e-9-2", rules.MatchFuzzy},
		{"Vantor Nine", "", "2e-9-1", rules.MatchFuzzy},
		{"7 of 9", "", "2e-9-5", rules.MatchFuzzy},
	} {
		card, err := cat.LookUpCard(ctx, rules.CardIdentifier{Name: tc.name, Edition: rules.Edition(tc.edition), Fuzzy: true})
		if err != nil || card.ID != tc.id || card.Match != tc.match {
			t.Errorf("%q (%s): %v %v, want %s %s", tc.name, tc.edition, card, err, tc.id, tc.match)
		}
	}
	// A number alone among words of no name is no card's: "3 of 5" is not
	// Parsion III.
	if card, err := cat.LookUpCard(ctx, rules.CardIdentifier{Name: "3 of 5", Fuzzy: true}); rules.ErrorCode(err) != rules.ENOTFOUND {
		t.Errorf("3 of 5: %v %v, want not found", card, err)
	}
	// With no edition asked, the name printed exactly is the answer.
	if card, err := cat.LookUpCard(ctx, rules.CardIdentifier{Name: "Harbor Type 2 Drone", Fuzzy: true}); err != nil || card.ID != "2e-9-4" {
		t.Errorf("no edition: %v %v", card, err)
	}
}

// A rank or office leading a name tells as little as a common word: the
// name it comes with decides ("Gul Madred" is Madred, not the card whose
// subtitle holds "Gul"; "Lieutenant McGivers" is Lt. McGivers, not another
// Lieutenant). Elsewhere in a name such a word counts as any other.
func TestARankLeadingANameLetsTheNameDecide(t *testing.T) {
	cat := New([]*rules.Card{
		{ID: "2e-9-1", Edition: "2e", Set: "9", Number: "1", Title: "Danor", Subtitle: "Irascible Gul", Type: "personnel"},
		{ID: "2e-9-2", Edition: "2e", Set: "9", Number: "2", Title: "Madrek", Subtitle: "Calculating Captor", Type: "personnel"},
		{ID: "1e-9-3", Edition: "1e", Set: "9", Number: "3", Title: "Lt. Garvin", Type: "personnel"},
		{ID: "1e-9-4", Edition: "1e", Set: "9", Number: "4", Title: "Lieutenant Rollins", Type: "personnel"},
		{ID: "2e-9-5", Edition: "2e", Set: "9", Number: "5", Title: "Toral", Subtitle: "Chief Engineer", Type: "personnel"},
		{ID: "2e-9-6", Edition: "2e", Set: "9", Number: "6", Title: "Toral", Subtitle: "Young Pretender", Type: "personnel"},
	}, nil)
	ctx := context.Background()
	for name, id := range map[string]string{"Gul Madrek": "2e-9-2", "Lieutenant Garvin": "1e-9-3", "Toral Chief Engineer": "2e-9-5", "Gul Danor": "2e-9-1"} {
		card, err := cat.LookUpCard(ctx, rules.CardIdentifier{Name: name, Fuzzy: true})
		if err != nil || card.ID != id {
			t.Errorf("%q: %v %v, want %s", name, card, err, id)
		}
	}
}
