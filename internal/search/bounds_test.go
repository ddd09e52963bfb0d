package search

import (
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A paragraph states a bound in words beside a number; the words alone, or a
// number alone, state none.
func TestBoundsIn(t *testing.T) {
	for text, want := range map[string]intent{
		"You may keep up to seven tokens.":          intentAtMost,
		"Build a stack of at least 12 tokens.":      intentAtLeast,
		"Three or more ships arrive.":               intentAtLeast,
		"Use no more than two copies.":              intentAtMost,
		"There is a limit of one per turn.":         intentAtMost,
		"Each side needs at least 4 and at most 9.": intentAtLeast | intentAtMost,
		"It is up to you which ship goes.":          0,
		"At least, that is what the captain says.":  0,
		"Draw 7 tokens.":                            0,
		"Play a minimum of 5 ships.":                intentAtLeast,
		"Discard tokens until you have only four.":  intentAtMost,
		"Only the captain may play 2 tokens.":       0,
		"Each lane can hold only two tokens.":       intentAtMost,
		"The bank then pays only three tokens.":     0,
	} {
		if got := boundsIn(text); got != want {
			t.Errorf("boundsIn(%q) = %b, want %b", text, got, want)
		}
	}
}

// boundEntries are invented rules: one states the most tokens a player keeps,
// a shorter one counts tokens drawn.
func boundEntries() []*rules.Entry {
	return []*rules.Entry{
		entry("2e-rulebook", "2e", "section", "Keeping Tokens", "At the end of your turn, you may keep up to six tokens in your reserve; return the others to the box, then pass the turn to the player on your left."),
		entry("2e-rulebook", "2e", "section", "Drawing Tokens", "Draw 3 tokens into your reserve."),
		entry("2e-rulebook", "2e", "section", "Before the Game", "Your token stack must hold at least 9 tokens, chosen before the game begins, face down, in any order you like."),
		entry("2e-rulebook", "2e", "section", "Spending Tokens", "Spend 2 tokens from your stack."),
	}
}

// "max" and "min" ask for a bound: the paragraph stating it answers them,
// above a shorter one holding a number and the question's words; without
// the bounds read (Bounds false) it does not.
func TestFamilyBoundsAnswerMinAndMax(t *testing.T) {
	checkWeightOnAndOff(t, "Bounds", func(w *weights, on bool) { w.Bounds = on }, boundEntries(), []weightCase{
		{"max tokens in reserve", "Keeping Tokens", true},
		{"min tokens in stack", "Before the Game", true},
	})
}
