package search

import (
	"slices"
	"testing"
)

// TestShorthandReadsTheVocabulary: shorthand typed whole stands for what
// the vocabulary says; shorthand written in capitals only so typed.
func TestShorthandReadsTheVocabulary(t *testing.T) {
	s, err := ReadShorthand()
	if err != nil {
		t.Fatal(err)
	}
	for term, want := range map[string]string{"DS9": "deep space nine", "ds9": "deep space nine", "AT": "away team", "Tap": "stopped"} {
		if got := s.Meanings(term); !slices.Contains(got, want) {
			t.Errorf("Meanings(%q) = %q, want %q among them", term, got, want)
		}
	}
	for _, term := range []string{"at", "stopped", ""} {
		if got := s.Meanings(term); len(got) > 0 {
			t.Errorf("Meanings(%q) = %q, want none", term, got)
		}
	}
}
