package search

import (
	"slices"
	"testing"
)

func TestRespellings(t *testing.T) {
	for _, c := range []struct {
		typed string
		want  []string
	}{
		{"fazes", []string{"phazes"}},
		{"kwadrant", []string{"quadrant"}},
		{"acshun", []string{"action"}},
		{"fite", []string{"phite", "fight"}},
		{"armour", []string{"armor"}},
		{"defence", []string{"dephence", "defense"}},
		{"phase", nil},  // no "f" to respell: "ph" is as the word is written
		{"graph", nil},  // nor here
		{"misson", nil}, // no sound to respell
	} {
		if got := respellings(c.typed); !slices.Equal(got, c.want) {
			t.Errorf("respellings(%q) = %q, want %q", c.typed, got, c.want)
		}
	}
	if got := respellings("ffffffffffffffffffff"); len(got) != maxRespellings {
		t.Errorf("a word of twenty f's has %d respellings, want at most %d", len(got), maxRespellings)
	}
}

// A word spelled as it sounds is read as the word the rulebooks write, as
// near as the typo is from its respelling, and the word beside it decides
// between it and a word as near as typed ("seed fazes" is seed phases, not
// seed faces); a word the index knows is never respelled.
func TestSpellingBySoundRead(t *testing.T) {
	checkReadings(t, buildCorpus(t), map[string]string{
		"seed fazes":           "seed phases",
		"the fase of the turn": "the phase of the turn",
		"the alfa kwadrant":    "the alpha quadrant",
		"fazer weapons":        "phaser weapons",
		"fite a battle":        "fight a battle", // the table's word, by sound
		"the centre":           "the center",
		"faces up":             "faces up", // a word of the index
		"misson attempt":       "mission attempt",
	})
}
