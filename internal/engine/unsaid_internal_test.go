package engine

import (
	"context"
	"reflect"
	"testing"

	"github.com/stccg/stccg-rules/internal/catalog"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// TestARequirementCheckedUnsaidMeetsAsSaid: a requirement checked without
// its words (checkRequirementUnsaid, for answers only compared) is met,
// and its figures and alternatives are, as checkRequirement has them, with
// as many items missing: "and", "or" as a whole and nested in a list,
// skills, classifications, species and attributes, against every group of
// a few personnel.
func TestARequirementCheckedUnsaidMeetsAsSaid(t *testing.T) {
	c := testcorpus.Load(t)
	s := New(c.Documents, c.Entries, catalog.New(c.Cards, c.Entries, catalog.WithDocuments(c.Documents)))
	n := func(v int) *int { return &v }
	in := rules.Board{Personnel: []rules.BoardPersonnel{
		{ID: "a", Title: "Zq A", PersonnelStats: rules.PersonnelStats{Affiliation: "federation", Skills: []string{"Diplomacy x2", "Medical"}, Characteristics: []string{}, Species: "Human", Integrity: n(7), Cunning: n(5), Strength: n(4)}},
		{ID: "b", Title: "Zq B", PersonnelStats: rules.PersonnelStats{Affiliation: "federation", Skills: []string{"Security", "Engineer", "Law"}, Characteristics: []string{}, Species: "Vulcan", Integrity: n(6), Cunning: n(8), Strength: n(6)}},
		{ID: "c", Title: "Zq C", PersonnelStats: rules.PersonnelStats{Affiliation: "federation", Skills: []string{"Science x2", "Navigation"}, Characteristics: []string{}, Species: "Bajoran", Integrity: n(5), Cunning: n(6), Strength: n(9)}},
		{ID: "d", Title: "Zq D", PersonnelStats: rules.PersonnelStats{Affiliation: "federation", Skills: []string{"Treachery", "Acquisition"}, Characteristics: []string{}, Species: "Ferengi", Integrity: n(3), Cunning: n(9), Strength: n(3)}},
	}}
	requirements := []string{"2 Science", "Cunning>14", "Engineer, Geology, Cunning>18, and (Acquisition or Law or 2 Treachery)",
		"Astrometrics, Diplomacy, Officer, and Integrity>25 or Navigation, Security, Treachery, and Cunning>18",
		"Computer Skill x2 OR SCIENCE x3", "MEDICAL + SECURITY", "STRENGTH>40", "Vulcan or 2 Diplomacy and Medical",
		"(Law or Medical) and (Science x3 or Engineer, Navigation)", "Diplomacy and Diplomacy or Law and Integrity>30 or Security"}
	for _, edition := range []string{"1e", "2e"} {
		b, err := s.decodeBoard(context.Background(), edition, in)
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range requirements {
			r, err := s.vocab.parseRequirement(text)
			if err != nil {
				t.Fatalf("%q: %v", text, err)
			}
			for set := range 1 << len(b.Personnel) {
				var group []*Personnel
				for i, p := range b.Personnel {
					if set&(1<<i) != 0 {
						group = append(group, p)
					}
				}
				said, unsaid := checkRequirement(&s.vocab, r, group), checkRequirementUnsaid(&s.vocab, r, group)
				if len(said.Missing) != len(unsaid.Missing) {
					t.Errorf("%s %q against %v: %d missing said, %d unsaid", edition, text, ids(group), len(said.Missing), len(unsaid.Missing))
				}
				said.Missing, unsaid.Missing = nil, nil
				for i := range said.Alternatives {
					if len(said.Alternatives[i].Missing) != len(unsaid.Alternatives[i].Missing) {
						t.Errorf("%s %q against %v: alternative %d: %d missing said, %d unsaid", edition, text, ids(group), i+1,
							len(said.Alternatives[i].Missing), len(unsaid.Alternatives[i].Missing))
					}
					said.Alternatives[i].Missing, unsaid.Alternatives[i].Missing = nil, nil
					said.Alternatives[i].Requirement = ""
				}
				if !reflect.DeepEqual(said, unsaid) {
					t.Errorf("%s %q against %v:\nsaid   %+v\nunsaid %+v", edition, text, ids(group), said, unsaid)
				}
			}
		}
	}
}
