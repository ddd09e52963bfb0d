package rules

import (
	"strings"
	"testing"
)

func TestParagraphsAnchorByFirstWords(t *testing.T) {
	text := "  If your deck is empty, you need not spend every counter.\n\nFor example: a ship moves.\n\n\n\nFor example: a ship moves again.\n\n1.\n"
	got := Paragraphs(text)
	want := []Paragraph{
		{"p-if-your-deck-is-empty-you", "If your deck is empty, you need not spend every counter."},
		{"p-for-example-a-ship-moves", "For example: a ship moves."},
		{"p-for-example-a-ship-moves-again", "For example: a ship moves again."},
		{"p-1", "1."},
	}
	if len(got) != len(want) {
		t.Fatalf("Paragraphs = %#v, want %#v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("paragraph %d = %#v, want %#v", i, got[i], want[i])
		}
	}
}

func TestParagraphsRepeatedOpeningsGetDistinctAnchors(t *testing.T) {
	got := Paragraphs("For example: one.\n\nFor example: one.\n\nFor example: one.")
	seen := map[string]bool{}
	for _, p := range got {
		if seen[p.Anchor] {
			t.Fatalf("anchor %q used twice: %#v", p.Anchor, got)
		}
		seen[p.Anchor] = true
	}
	if got[1].Anchor != "p-for-example-one-2" || got[2].Anchor != "p-for-example-one-3" {
		t.Errorf("anchors = %#v", got)
	}
}

func TestParagraphAnchorIsShortAndURLSafe(t *testing.T) {
	p := Paragraphs("Extraordinarily-long-hyphenated-words-without-end keep going on and on")[0]
	if len(p.Anchor) > anchorBytes+len("-99") || strings.ContainsAny(p.Anchor, " #?/%") {
		t.Errorf("anchor %q is too long or not URL-safe", p.Anchor)
	}
}

func TestParagraphAtFindsTheParagraphOfAnOffset(t *testing.T) {
	text := "One.\n\nTwo words.\n\nThree."
	for at, want := range map[int]int{0: 0, 3: 0, 5: 0, 6: 1, 10: 1, 18: 2, 100: 2} {
		if got := ParagraphAt(text, at); got != want {
			t.Errorf("ParagraphAt(%d) = %d, want %d", at, got, want)
		}
	}
	if got := ParagraphAt("", 0); got != -1 {
		t.Errorf("ParagraphAt of no text = %d, want -1", got)
	}
}

func FuzzParagraphs(f *testing.F) {
	f.Add("a\n\nb")
	f.Add("\n\n\n")
	f.Add("For example: x.\n\nFor example: x.")
	f.Fuzz(func(t *testing.T, text string) {
		ps := Paragraphs(text)
		seen := map[string]bool{}
		for _, p := range ps {
			if p.Text == "" || p.Text != strings.TrimSpace(p.Text) || !strings.Contains(text, p.Text) {
				t.Fatalf("paragraph %q is not a trimmed part of the text", p.Text)
			}
			if seen[p.Anchor] || !strings.HasPrefix(p.Anchor, anchorPrefix) {
				t.Fatalf("anchor %q repeated or without prefix", p.Anchor)
			}
			seen[p.Anchor] = true
		}
	})
}
