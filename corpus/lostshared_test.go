package corpus

import (
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Three versions of a rulebook of one edition, in invented words: two whose
// extraction kept the gaps of their icons (marked), one that lost them. The
// one that lost them takes the marks the other two agree on; a sentence the
// newer version revised (its icon dropped) is no evidence for the others;
// the versions that keep their gaps are left as they are.
func TestLostSymbolsAreSharedWithAVersionThatLostTheirGaps(t *testing.T) {
	L := rules.LostSymbol
	kept1 := "Each of your " + L + " Pilot crew may refuel at this port.\n\n" +
		"A harbour with a " + L + " icon lets you dock " + L + " ships and " + L + " ships there.\n\n" +
		"The tug has docking requirements of " + L + ". It docks at any harbour.\n\n" +
		"When a convoy of your " + L + " ships arrives at this port, draw a card."
	kept2 := "Each of your " + L + " Pilot crew may refuel at this port.\n\n" +
		"A harbour with a " + L + " icon lets you dock " + L + " ships and " + L + " ships there.\n\n" +
		"The tug has docking requirements of " + L + ". It docks at any harbour.\n\n" +
		// Revised: the newer version prints no icon here.
		"When a convoy of your ships arrives at this port, draw a card."
	lost := "Each of your Pilot crew may refuel at this port.\n\n" +
		"A harbour with a icon lets you dock ships and ships there.\n\n" +
		"The tug has docking requirements of. It docks at any harbour.\n\n" +
		"When a convoy of your ships arrives at this port, draw a card.\n\n" +
		"Draw a card."
	// A fourth document, of the other edition, prints one sentence alike
	// and takes nothing.
	other := "Each of your Pilot crew may refuel at this port."
	entries := []*rules.Entry{
		{ID: "a.section.port", DocumentID: "a", Edition: "2e", Text: kept1},
		{ID: "b.section.port", DocumentID: "b", Edition: "2e", Text: kept2},
		{ID: "c.section.port", DocumentID: "c", Edition: "2e", Text: lost},
		{ID: "d.section.port", DocumentID: "d", Edition: "1e", Text: other},
	}
	added := shareLostSymbols(entries)
	want := "Each of your " + L + " Pilot crew may refuel at this port.\n\n" +
		"A harbour with a " + L + " icon lets you dock " + L + " ships and " + L + " ships there.\n\n" +
		"The tug has docking requirements of " + L + ". It docks at any harbour.\n\n" +
		"When a convoy of your ships arrives at this port, draw a card.\n\n" +
		"Draw a card."
	if got := entries[2].Text; got != want {
		t.Errorf("the version that lost its gaps:\n got %q\nwant %q", got, want)
	}
	if added != 5 {
		t.Errorf("added %d marks, want 5", added)
	}
	if entries[0].Text != kept1 || entries[1].Text != kept2 || entries[3].Text != other {
		t.Errorf("a version that keeps its gaps, or of the other edition, was changed: %q / %q / %q", entries[0].Text, entries[1].Text, entries[3].Text)
	}
	if got := strings.ReplaceAll(rules.WithoutLostSymbols(entries[2].Text), " .", "."); got != lost {
		t.Errorf("the text without its marks is not the text read: %q", got)
	}
}

// A sentence's words and where its marks stand among them; a mark is put
// back at the same place, before a word or after the last one.
func TestMarkSentencePutsMarksAmongTheWords(t *testing.T) {
	L := rules.LostSymbol
	words, at := sentenceWords("The tug’s crew of " + L + ". Done")
	if strings.Join(words, " ") != "the tug s crew of done" || len(at) != 1 || at[0] != 5 {
		t.Errorf("words %q, marks %v", words, at)
	}
	for _, tc := range []struct {
		in   string
		at   []int
		want string
	}{
		{"Dock ships here.", []int{1}, "Dock " + L + " ships here."},
		{"Dock ships here.", []int{0}, L + " Dock ships here."},
		{"Requirements of.", []int{2}, "Requirements of " + L + "."},
		{"Dock " + L + " ships here.", []int{1}, "Dock " + L + " ships here."},
		{"(Dock “ships” here.)", []int{1, 3}, "(Dock “" + L + " ships” here " + L + ".)"},
	} {
		m := map[int]bool{}
		for _, k := range tc.at {
			m[k] = true
		}
		if got, _ := markSentence(tc.in, m); got != tc.want {
			t.Errorf("markSentence(%q, %v) = %q, want %q", tc.in, tc.at, got, tc.want)
		}
	}
}
