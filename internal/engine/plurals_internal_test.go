package engine

import (
	"slices"
	"strings"
	"testing"
)

// The regular English plurals of a vocabulary's words, written for the
// purpose: each read as its one word, a plural of two words refused
// naming both, and what is no regular plural of a word, or a word itself,
// never read as a plural.
func TestRegularPluralsOfAVocabularysWordsAreReadAsThem(t *testing.T) {
	w := newVocabularyWords(
		map[string]bool{"command": true, "staff": true},                                                     // icons
		map[string]bool{"treachery": true, "engineer": true, "physics": true, "law": true},                  // skills
		map[string]bool{"vulcan": true, "tosk": true, "box": true, "boxe": true, "fly": true, "flie": true}, // species
		map[string]bool{"vip": true, "officer": true},                                                       // characteristics
		map[string]bool{"klingon": true, "maquis": true, "non aligned": true, "day": true},                  // affiliations
		map[string]bool{},
	)
	all := iconWords | skillWords | speciesWords | characteristicWords | affiliationWords
	for _, c := range []struct {
		key   string
		kinds wordKinds
		want  []string
	}{
		{"vulcans", speciesWords, []string{"vulcan"}},
		{"klingons", affiliationWords, []string{"klingon"}},
		{"non aligneds", affiliationWords, []string{"non aligned"}},
		{"treacheries", skillWords, []string{"treachery"}},
		{"maquises", affiliationWords, []string{"maquis"}},
		{"days", affiliationWords, []string{"day"}},
		{"laws", skillWords, []string{"law"}},
		{"vips", characteristicWords, []string{"vip"}},
		{"engineers", skillWords | characteristicWords, []string{"engineer"}},
		// Two words of whose plurals one is written so.
		{"boxes", speciesWords, []string{"box", "boxe"}},
		{"flies", speciesWords, []string{"flie", "fly"}},
		// Only the vocabularies asked.
		{"vulcans", affiliationWords, nil},
		// No regular plural of a word.
		{"maquiss", affiliationWords, nil},
		{"treacherys", skillWords, nil},
		{"boxs", speciesWords, nil},
		{"dais", affiliationWords, nil},
		{"vulcan", all, nil},
		{"s", all, nil},
		{"", all, nil},
	} {
		got := w.singularOf(c.key, c.kinds)
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("singularOf(%q) = %q, want %q", c.key, got, c.want)
		}
	}

	// Read on a board: one word read and noted once; two refused, naming
	// both; a word known read as it is.
	var notes wordNotes
	field := func() string { return "board.personnel[0].species" }
	for i := 0; i < 2; i++ {
		if got, err := w.readWord(&notes, field, "a species", "Vulcans", "vulcans", speciesWords); err != nil || got != "vulcan" {
			t.Fatalf("readWord(Vulcans) = %q, %v", got, err)
		}
	}
	if len(notes.forms) != 1 || !strings.Contains(strings.Join(notes.formsSaid(), " "), `"Vulcans" (board.personnel[0].species) as vulcan`) {
		t.Errorf("notes = %+v: %s", notes, strings.Join(notes.formsSaid(), " "))
	}
	if _, err := w.readWord(&notes, field, "a species", "Boxes", "boxes", speciesWords); err == nil || !strings.Contains(err.Error(), `could be "box" or "boxe"`) {
		t.Errorf("a plural of two words: %v", err)
	}
	if got, err := w.readWord(&notes, field, "a species", "Tosk", "tosk", speciesWords); err != nil || got != "tosk" || len(notes.forms) != 1 {
		t.Errorf("a word known: %q, %v, %+v", got, err, notes)
	}
}
