package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/catalog"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// The forms of a vocabulary's skills, written for the purpose: a field's
// practitioner and a practitioner's field read as its one skill, a form of
// two skills refused naming both, and a word of any vocabulary, or a form
// of no skill, never read as a form.
func TestFormsOfASkillAreReadAsIt(t *testing.T) {
	w := newVocabularyWords(
		map[string]bool{"command": true, "staff": true}, // icons
		map[string]bool{"mechanics": true, "zoology": true, "sailing": true, "pilot": true, "statecraft": true, "pioneer": true,
			"alchemy": true, "alchemistship": true, "harmonic": true, "stewardship": true, "aviation": true,
			"prudence": true, "advocacy": true, "cartography": true, "surgical": true, "antipathy": true, "law": true}, // skills
		map[string]bool{"zoologist": true}, // species
		map[string]bool{"steward": true},   // characteristics
		map[string]bool{"navy": true},      // affiliations
		map[string]bool{},
	)
	for _, c := range []struct {
		key  string
		want []string
	}{
		{"mechanicist", []string{"mechanics"}},
		{"sailer", []string{"sailing"}},
		{"pioneering", []string{"pioneer"}},
		{"aviator", []string{"aviation"}},
		{"prudentist", []string{"prudence"}},
		{"harmonician", []string{"harmonic"}},
		{"advocat", []string{"advocacy"}},
		{"cartographer", []string{"cartography"}},
		{"cartographist", []string{"cartography"}},
		{"surgic", []string{"surgical"}},
		{"antipath", []string{"antipathy"}},
		// Two skills derive it: alchemy (-y, -ist) and alchemistship
		// (-ship, none).
		{"alchemist", []string{"alchemistship", "alchemy"}},
		// A word of a vocabulary is read as itself: a species, a
		// characteristic, a skill.
		{"zoologist", nil},
		{"steward", nil},
		{"pilot", nil},
		// A form of no skill; a stem too short to be one's.
		{"statecrafter", nil},
		{"piloting", nil},
		{"lawist", nil},
		{"", nil},
	} {
		if got := w.skillOf(c.key); !slices.Equal(got, c.want) {
			t.Errorf("skillOf(%q) = %q, want %q", c.key, got, c.want)
		}
	}

	// Read on a board: one skill read and noted once; two refused,
	// naming both; a plural read before a form; a word of a vocabulary
	// not asked (a species, read as a characteristic) left to be read as
	// written.
	var notes wordNotes
	field := func() string { return "board.personnel[0].characteristics[0]" }
	kinds := characteristicWords | skillWords
	for range 2 {
		if got, err := w.readWord(&notes, field, "a characteristic", "Mechanicist", "mechanicist", kinds); err != nil || got != "mechanics" {
			t.Fatalf("readWord(Mechanicist) = %q, %v", got, err)
		}
	}
	if len(notes.forms) != 1 || !strings.Contains(strings.Join(notes.formsSaid(), " "), `"Mechanicist" (board.personnel[0].characteristics[0]) as mechanics`) {
		t.Errorf("notes = %+v: %s", notes, strings.Join(notes.formsSaid(), " "))
	}
	if _, err := w.readWord(&notes, field, "a characteristic", "Alchemist", "alchemist", kinds); err == nil || !strings.Contains(err.Error(), `could be "alchemistship" or "alchemy"`) {
		t.Errorf("a form of two skills: %v", err)
	}
	if got, err := w.readWord(&notes, field, "a characteristic", "Zoologist", "zoologist", kinds); err != nil || got != "zoologist" || len(notes.forms) != 1 {
		t.Errorf("a species: %q, %v, %+v", got, err, notes)
	}
	// Only where skills are read.
	if got, err := w.readWord(&notes, field, "a species", "Sailer", "sailer", speciesWords); err != nil || got != "sailer" || len(notes.forms) != 1 {
		t.Errorf("a form where no skill is read: %q, %v, %+v", got, err, notes)
	}
}

// TestFormsOfTheCardDatasSkills walks the skills of the card data and
// shows, of every form the rules derive, which is read as its skill and
// which is refused as a form of two; the forms judges type most are read
// as the skill the card data names.
func TestFormsOfTheCardDatasSkills(t *testing.T) {
	c := testcorpus.Load(t)
	v := vocabularyOf(catalog.New(c.Cards, c.Entries))
	w := &v.words
	var read, ambiguous, known []string
	for _, s := range w.lists[1].words { // skillWords
		for _, f := range skillForms(s) {
			switch got := w.skillOf(f); {
			case w.kinds[f] != 0:
				known = append(known, f)
			case len(got) == 1:
				read = append(read, f+" as "+got[0])
			case len(got) > 1:
				ambiguous = append(ambiguous, f+": "+strings.Join(got, " or "))
			default:
				t.Errorf("%q, a form of %q, is read as no skill", f, s)
			}
		}
	}
	t.Logf("%d forms read as their skill: %s", len(read), strings.Join(read, "; "))
	t.Logf("%d refused as forms of several skills: %s", len(ambiguous), strings.Join(ambiguous, "; "))
	t.Logf("%d words of a vocabulary, read as themselves: %s", len(known), strings.Join(known, "; "))
	for form, skill := range map[string]string{
		"engineering": "engineer", "biologist": "biology", "physicist": "physics", "diplomat": "diplomacy",
		"leader": "leadership", "navigator": "navigation", "programmer": "programming", "scientist": "science",
		"anthropologist": "anthropology", "archaeologist": "archaeology", "geologist": "geology",
		"exobiologist": "exobiology", "musician": "music", "smuggler": "smuggling", "telepath": "telepathy",
	} {
		if got := w.skillOf(form); !slices.Equal(got, []string{skill}) {
			t.Errorf("skillOf(%q) = %q, want %q", form, got, skill)
		}
	}
}
