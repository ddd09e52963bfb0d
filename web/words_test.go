package web

import (
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

func TestGameWordsAreShownAsTheCardsPrintThem(t *testing.T) {
	for in, want := range map[string]string{
		"ship": "Ship", "federation": "Federation", "earth": "Earth", "non-aligned": "Non-Aligned",
		"klingon/romulan": "Klingon/Romulan", "human, vulcan": "Human, Vulcan",
		"federation+ds9-icon": "Federation + DS9", "padd": "PADD", "Sector 97": "Sector 97", "OFFICER": "OFFICER",
		"headquarters": "Headquarters", "": "",
	} {
		if got := gameWord(in); got != want {
			t.Errorf("gameWord(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestIconsAreNamedAsTheCardsPrintThem(t *testing.T) {
	for in, want := range map[string]string{
		"tng-icon": "TNG", "ds9-icon": "DS9", "first-contact-icon": "First Contact", "command": "Command",
		"navigation-subcommand": "Navigation", "warp-core": "Warp Core", "classic-films-icon": "Classic Films",
	} {
		if got := iconWord(in); got != want {
			t.Errorf("iconWord(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestShortTitlesTellTheDocumentsApart(t *testing.T) {
	for _, tc := range []struct {
		doc  rules.Document
		want string
	}{
		{rules.Document{Title: "Star Trek CCG Rulebook, Version 1.7", Edition: "1e"}, "1E Rulebook, Version 1.7"},
		{rules.Document{Title: "Star Trek CCG Current Rulings (H-Z), updated 2001-03-26", Edition: "1e"}, "1E Current Rulings (H-Z)"},
		{rules.Document{Title: "Star Trek CCG Second Edition Rulebook (Call to Arms)", Edition: "2e"}, "2E Rulebook (Call to Arms)"},
		{rules.Document{Title: "Second Edition Rulebook", Edition: "2e"}, "2E Rulebook"},
	} {
		if got := shortTitle(tc.doc); got != tc.want {
			t.Errorf("shortTitle(%q) = %q, want %q", tc.doc.Title, got, tc.want)
		}
	}
}

func TestExcerptCutsAtAWord(t *testing.T) {
	if got := excerpt("A stopped card cannot move or attempt a mission until your next turn begins.", 30); got != "A stopped card cannot move or…" {
		t.Errorf("excerpt = %q", got)
	}
	if got := excerpt("  short\n text ", 30); got != "short text" {
		t.Errorf("excerpt = %q", got)
	}
}

func TestResultFieldsAndFiguresReadAsWords(t *testing.T) {
	for in, want := range map[string]string{"dilemmaBudget": "Dilemma budget", "rangeCost": "Range cost", "yourStrength": "Your strength", "missing": "Missing"} {
		if got := fieldWords(in); got != want {
			t.Errorf("fieldWords(%q) = %q, want %q", in, got, want)
		}
	}
	skills := []any{map[string]any{"name": "Diplomacy", "needed": 2.0, "have": 1.0}, map[string]any{"name": "Science", "needed": 1.0, "have": 3.0}}
	if got := figureItems(skills); len(got) != 2 || got[0] != "Diplomacy: have 1, needed 2" {
		t.Errorf("skills = %q", got)
	}
	outcomes := []any{map[string]any{"title": "Armus", "outcome": "face", "reason": "Its cost fits the budget."}}
	if got := figureItems(outcomes); got[0] != "Armus: outcome face — Its cost fits the budget." {
		t.Errorf("outcomes = %q", got)
	}
	if got := figureItems(map[string]any{"picard": "command", "data": "staff"}); len(got) != 2 || got[1] != "picard: command" {
		t.Errorf("assignment = %q", got)
	}
	if got := figureItems(map[string]any{"name": "Integrity", "total": 32.0, "threshold": 30.0}); got[0] != "Integrity: threshold 30, total 32" {
		t.Errorf("attribute = %q", got)
	}
	if got := figureItems(true); got[0] != "yes" {
		t.Errorf("bool = %q", got)
	}
	if got := figureItems([]any{}); got[0] != "none" {
		t.Errorf("empty = %q", got)
	}
}
