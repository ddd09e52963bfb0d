package search

import (
	"html"
	"strings"
	"testing"
	"unicode"
)

// escapedOneLine is what appendText must append: s with each run of white
// space as one space, HTML-escaped, by the standard library alone.
func escapedOneLine(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	if space {
		b.WriteByte(' ')
	}
	return html.EscapeString(b.String())
}

func TestAppendTextEscapesOnOneLine(t *testing.T) {
	for _, s := range []string{
		"", " ", "plain", "a  b\n\nc\t", "  lead", "x <it> & 'q' \"d\"", "a\u00a0\u00a0b", "a \u2003 b",
		"Ferengi’s “ship” …", "bad \xff byte", "\xff", "é\n", "tail <", "<<>>", "a\r\n\r\nb",
	} {
		if got, want := string(appendText([]byte("x"), s)[1:]), escapedOneLine(s); got != want {
			t.Errorf("appendText(%q) = %q, want %q", s, got, want)
		}
	}
}

// FuzzAppendText checks appendText against the standard library on any text.
func FuzzAppendText(f *testing.F) {
	for _, s := range []string{"a  b", "<&>'\"", "\u00a0x\u2028", "\xffé", "mission’s  requirements\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := string(appendText([]byte("x"), s)[1:]), escapedOneLine(s); got != want {
			t.Fatalf("appendText(%q) = %q, want %q", s, got, want)
		}
	})
}
