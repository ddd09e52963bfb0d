package search

import (
	"slices"
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
		{"A ship moves.", 0},
	} {
		if got := answersIn(c.text); got != c.want {
			t.Errorf("answersIn(%q) = %b, want %b", c.text, got, c.want)
		}
	}
}
