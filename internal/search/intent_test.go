package search

import (
	"slices"

	"github.com/stccg/stccg-rules/internal/rules"
	"strings"
	"testing"
)

func TestIntentOfQuestionForms(t *testing.T) {
	for _, c := range []struct {
		q      string
		want   intent
		asking []string
	}{
		{"how many dilemmas are drawn", intentNumber, []string{"how", "many"}},
		{"combat tie who wins", intentWinner, []string{"who", "wins"}},
		{"Can I beam through shields", intentPermission, []string{"Can", "I"}},
		{"max hand size", intentNumber, []string{"max"}},
		{"whats a bluff", intentDefinition, []string{"whats"}},
		{"what does downloading mean", intentDefinition, []string{"mean"}},
		{"how do i win", 0, nil},
		{"many missions", 0, nil},
	} {
		got, asking := intentOf(strings.Fields(c.q))
		if got != c.want || !slices.Equal(asking, c.asking) {
			t.Errorf("intentOf(%q) = %b %q, want %b %q", c.q, got, asking, c.want, c.asking)
		}
	}
}

func TestAnswersInParagraphs(t *testing.T) {
	for _, c := range []struct {
		text string
		want intent
	}{
		{"Draw 7 cards.", intentNumber},
		{"It costs twice as much.", intentNumber},
		{"If the totals are tied, there is no winner.", intentWinner},
		{"You can't beam there.", intentPermission},
		{"Card 12345 of set 1999.", 0},
		{"Here, retreat means to leave the fight.", intentDefinition},
		{"A ship moves.", 0},
	} {
		if got := answersIn(c.text); got != c.want {
			t.Errorf("answersIn(%q) = %b, want %b", c.text, got, c.want)
		}
	}
}

// TestDefiningParagraphsAnswerWhatATermIs: a glossary entry's first
// paragraph and a paragraph opening with the term it defines say what a
// term is; a glossary entry's later paragraphs and a section's do not.
func TestDefiningParagraphsAnswerWhatATermIs(t *testing.T) {
	ix := buildFixture(t)
	for _, c := range []struct {
		id   string
		para int
		want bool
	}{
		{rules.EntryID("2e-rulebook", "glossary", "Examine"), 0, true},
		{rules.EntryID("2e-rulebook", "section", "Combat"), 0, false},
	} {
		m := ix.meta[c.id]
		if m == nil || len(m.paras) <= c.para {
			t.Fatalf("%s: no paragraph %d", c.id, c.para)
		}
		if got := m.paras[c.para].answers&intentDefinition != 0; got != c.want {
			t.Errorf("%s paragraph %d says what a term is: %v, want %v", c.id, c.para, got, c.want)
		}
	}
}
