package rules_test

import (
	"slices"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A card's unknown fields are what it lacks, by the names its JSON gives
// the fields: a card known from a card list alone lacks its statistics, a
// card the data gives whole lacks none.
func TestCardUnknownFieldsAreWhatItLacksByTheirJSONNames(t *testing.T) {
	n := rules.IntPtr
	for _, tc := range []struct {
		name string
		card rules.Card
		want []string
	}{
		{"a 2E personnel from a card list", rules.Card{Edition: "2e", Type: "personnel", Affiliation: "bajoran"},
			[]string{"icons", "skills", "integrity", "cunning", "strength", "species", "cost", "unique"}},
		{"a 2E event from a card list", rules.Card{Edition: "2e", Type: "event"}, []string{"gameText", "cost", "unique"}},
		{"a 1E mission without its type", rules.Card{Edition: "1e", Type: "mission", Span: n(3), Points: n(30), Requirements: "Diplomacy"}, []string{"missionType", "affiliations"}},
		{"a 1E mission given whole, no one's icons", rules.Card{Edition: "1e", Type: "mission", MissionType: "planet", Span: n(3), Points: n(30), Requirements: "Diplomacy"}, nil},
		{"a 2E personnel of no affiliation in the data", rules.Card{Edition: "2e", Type: "personnel", Integrity: n(5), Cunning: n(5), Strength: n(5), Cost: n(2), Unique: rules.BoolPtr(true), Species: "Bajoran"}, []string{"affiliation"}},
		{"a 2E ship the data gives whole", rules.Card{Edition: "2e", Type: "ship", Affiliation: "federation", Staffing: []string{"command"}, Range: n(7), Weapons: n(6), Shields: n(6),
			Cost: n(4), Unique: rules.BoolPtr(false)}, nil},
	} {
		if got := tc.card.UnknownFields(); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
