package search

import (
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// leaningEntries are a rule each edition writes in words of its own
// (invented text), besides the fixture's entries: "spaceline" is held by
// First Edition entries only, two of them, neither the answer.
func leaningEntries() []*rules.Entry {
	return append(fixtureEntries(),
		entry("1e-rulebook", "1e", "section", "Moving Ships", "A ship moves by spending range; once its range is used up, it stops where it is."),
		entry("2e-rulebook", "2e", "section", "Ships Moving", "A ship moves by spending range; a ship stops when its range is used up."),
		entry("1e-rulebook", "1e", "section", "Seeding Locations", "Each player seeds locations in a row, the spaceline, one at a time."),
		entry("1e-rulebook", "1e", "section", "Time Locations", "A time location is set apart from the spaceline and reached by a card."),
	)
}

// TestAQuestionInOneEditionsWordsLeansToIt: a question naming no edition,
// typed in words only one edition's rules use ("spaceline"), finds that
// edition's rule first (Leaning); without the word, or with Leaning off,
// the other edition's rule, which scores more, is first.
func TestAQuestionInOneEditionsWordsLeansToIt(t *testing.T) {
	checkWeightOnAndOff(t, "Leaning", func(w *weights, on bool) {
		if !on {
			w.Leaning = 1
		}
	}, leaningEntries(), []weightCase{
		{"ship stops range used up on the spaceline", "Moving Ships", true},
		{"ship stops range used up", "Ships Moving", false},
	})
}
