package rules_test

import (
	"fmt"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

func TestSlugKeepsAbbreviationsTogether(t *testing.T) {
	cases := map[string]string{
		"U.S.S. Enterprise-E":         "uss-enterprise-e",
		"Using Range":                 "using-range",
		"2. EXECUTE ORDERS":           "2-execute-orders",
		"ORDER – MOVE A SHIP":         "order-move-a-ship",
		"That’s It!":                  "thats-it",
		"Klingon/Cardassian Alliance": "klingon-cardassian-alliance",
		"  ":                          "",
		"Séance":                      "seance",
		"Wormhole - built-in":         "wormhole-built-in",
		"Issue is Patriotism, The":    "issue-is-patriotism-the",
		"\"here\"":                    "here",
	}
	for in, want := range cases {
		if got := rules.Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFoldNameForgivesCasePunctuationAndTheArticle(t *testing.T) {
	same := [][]string{
		{"Great Link, The", "the great link", "GREAT LINK"},
		{"U.S.S. Galaxy", "uss galaxy", "USS  Galaxy"},
		{"Geordi La Forge, Chief Engineer", "geordi la forge chief engineer"},
		{"Jean-Luc Picard", "jean luc picard"},
	}
	for _, group := range same {
		for _, s := range group[1:] {
			if rules.FoldName(s) != rules.FoldName(group[0]) {
				t.Errorf("FoldName(%q) = %q, FoldName(%q) = %q: want equal", s, rules.FoldName(s), group[0], rules.FoldName(group[0]))
			}
		}
	}
	if rules.FoldName("Theory") != "theory" {
		t.Errorf("a word starting with 'the' lost its start: %q", rules.FoldName("Theory"))
	}
}

func TestFoldTermForgivesPlurals(t *testing.T) {
	cases := map[string]string{
		"Modifications":    "modification",
		"abilities":        "ability",
		"classes":          "class",
		"status":           "status",
		"dilemmas":         "dilemma",
		"MISSIONS.":        "mission",
		"Response actions": "response action",
		"has":              "has",
		"species":          "species",
	}
	for in, want := range cases {
		if got := rules.FoldTerm(in); got != want {
			t.Errorf("FoldTerm(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEntryIDJoinsDocumentKindAndPath(t *testing.T) {
	got := rules.EntryID("2e-rulebook", rules.KindSection, "PLAYING THE GAME", "2. EXECUTE ORDERS", "ORDER – MOVE A SHIP")
	if want := "2e-rulebook.section.playing-the-game.2-execute-orders.order-move-a-ship"; got != want {
		t.Fatalf("EntryID = %q, want %q", got, want)
	}
}

func TestErrorCodeOfWrappedDomainError(t *testing.T) {
	err := fmt.Errorf("look up: %w", rules.Errorf(rules.ENOTFOUND, "No entry %q.", "x").WithDetail("id", "x"))
	if rules.ErrorCode(err) != rules.ENOTFOUND || rules.ErrorMessage(err) != `No entry "x".` || rules.ErrorDetails(err)["id"] != "x" {
		t.Fatalf("code %q message %q details %v", rules.ErrorCode(err), rules.ErrorMessage(err), rules.ErrorDetails(err))
	}
	if rules.ErrorCode(fmt.Errorf("disk on fire")) != rules.EINTERNAL || rules.ErrorMessage(fmt.Errorf("secret")) == "secret" {
		t.Fatal("an internal error leaks or has no code")
	}
}

func ExampleEntryID() {
	fmt.Println(rules.EntryID("1e-current-rulings", rules.KindRuling, "Wormhole - built-in"))
	// Output: 1e-current-rulings.ruling.wormhole-built-in
}

func ExampleFoldName() {
	fmt.Println(rules.FoldName("Issue is Patriotism, The"))
	// Output: issue is patriotism
}
