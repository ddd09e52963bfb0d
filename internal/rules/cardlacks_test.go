package rules_test

import (
	"slices"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A card says which of what its kind prints the data lacks: all of it for
// a card known only by its title, none for one the data gives in full.
func TestCardLacksWhatItsKindPrintsAndTheDataDoesNot(t *testing.T) {
	n := rules.IntPtr
	for _, tc := range []struct {
		name string
		card rules.Card
		want []string
	}{
		{"2E personnel known by title", rules.Card{Edition: "2e", Type: "personnel", Title: "Ensign Example"},
			[]string{"icons", "skills", "integrity", "cunning", "strength", "species", "affiliation", "cost", "uniqueness"}},
		{"2E ship known by title", rules.Card{Edition: "2e", Type: "ship", Title: "Example Runabout"},
			[]string{"staffing", "range", "weapons", "shields", "icons", "affiliation", "cost", "uniqueness"}},
		{"2E ship given with its figures and no icons", rules.Card{Edition: "2e", Type: "ship", Title: "Example Freighter", Affiliation: "non-aligned",
			Staffing: []string{"staff"}, Range: n(6), Weapons: n(4), Shields: n(5), Cost: n(2), Unique: rules.BoolPtr(false)}, nil},
		{"2E mission known by title: no cost to print", rules.Card{Edition: "2e", Type: "mission", Title: "Example Survey"},
			[]string{"mission type", "span", "requirements", "points", "quadrant", "affiliation icons", "uniqueness"}},
		{"1E mission without a quadrant: Alpha printed by none", rules.Card{Edition: "1e", Type: "mission", Title: "Example Survey", MissionType: "planet",
			Span: n(3), Points: n(30), Requirements: "Diplomacy", Affiliations: []string{"federation"}}, nil},
		{"2E personnel known by title but for its affiliation", rules.Card{Edition: "2e", Type: "personnel", Title: "Ensign Example", Affiliation: "bajoran"},
			[]string{"icons", "skills", "integrity", "cunning", "strength", "species", "cost", "uniqueness"}},
		{"a personnel of no affiliation in the data", rules.Card{Edition: "1e", Type: "personnel", Title: "Example Drifter",
			Skills: []rules.Skill{{Name: "Biology", Level: 1}}, Integrity: n(5), Cunning: n(6), Strength: n(4)}, []string{"affiliation"}},
		{"2E dilemma known by title", rules.Card{Edition: "2e", Type: "dilemma", Title: "Example Trap"},
			[]string{"game text", "cost", "uniqueness"}},
		{"1E personnel given in full, printing no icons", rules.Card{Edition: "1e", Type: "personnel", Title: "Example Civilian", Affiliation: "non-aligned",
			Skills: []rules.Skill{{Name: "Biology", Level: 1}}, Integrity: n(5), Cunning: n(6), Strength: n(4)}, nil},
		{"1E personnel of no Cunning", rules.Card{Edition: "1e", Type: "personnel", Title: "Example Officer", Affiliation: "klingon",
			Skills: []rules.Skill{{Name: "Navigation", Level: 1}}, Integrity: n(5), Strength: n(4)}, []string{"cunning"}},
		{"headquarters: no requirements or points to print", rules.Card{Edition: "2e", Type: "mission", Title: "Example Home",
			MissionType: "headquarters", Quadrant: "alpha", Unique: rules.BoolPtr(true), Span: n(2)}, nil},
		{"a kind the table does not know", rules.Card{Edition: "1e", Type: "doorway", Title: "Example Door"}, nil},
	} {
		if got := tc.card.Lacks(); !slices.Equal(got, tc.want) {
			t.Errorf("%s: lacks %q, want %q", tc.name, got, tc.want)
		}
	}
}

// A list is lacking only when the figures printed beside it are too.
func TestLacksStatReadsAListBesideItsFigures(t *testing.T) {
	bare := rules.Card{Type: "personnel"}
	civilian := rules.Card{Type: "personnel", Integrity: rules.IntPtr(5)}
	shuttle := rules.Card{Type: "ship", Range: rules.IntPtr(5)}
	for _, tc := range []struct {
		card  rules.Card
		field string
		want  bool
	}{
		{bare, "icons", true}, {bare, "skills", true}, {civilian, "icons", false}, {civilian, "skills", false},
		{civilian, "cunning", true}, {shuttle, "staffing", false}, {rules.Card{Type: "ship"}, "staffing", true},
		{bare, "missionType", true}, {bare, "lore", false},
	} {
		if got := tc.card.LacksStat(tc.field); got != tc.want {
			t.Errorf("%+v lacks %s: %v, want %v", tc.card, tc.field, got, tc.want)
		}
	}
}
