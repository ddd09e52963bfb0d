package search

import (
	"bytes"
	"html"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/rules"
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

// FuzzAppendOneLine checks that appendOneLine appends what appendText does
// for any part of a oneLineParagraphs text (a snippet's pieces), and that
// such a text keeps the paragraphs and anchors of the original.
func FuzzAppendOneLine(f *testing.F) {
	for _, s := range []string{"a  b\n\nc", "x <i> & 'q' \"d\"\n\n\n\ny", "\u00a0x\u2028\n\nz", "\xffé\n\n \n\nq", "one.\n\nTwo  words.\n"} {
		f.Add(s, 1, 5)
	}
	f.Fuzz(func(t *testing.T, s string, i, j int) {
		n := oneLineParagraphs(s)
		want, got := rules.Paragraphs(s), rules.Paragraphs(n)
		if len(want) != len(got) {
			t.Fatalf("oneLineParagraphs(%q) = %q: %d paragraphs, want %d", s, n, len(got), len(want))
		}
		for k := range want {
			if got[k].Anchor != want[k].Anchor {
				t.Fatalf("oneLineParagraphs(%q) = %q: anchor %q, want %q", s, n, got[k].Anchor, want[k].Anchor)
			}
		}
		if len(n) == 0 {
			return
		}
		i, j = abs(i)%(len(n)+1), abs(j)%(len(n)+1)
		if i > j {
			i, j = j, i
		}
		for i < len(n) && !utf8.RuneStart(n[i]) {
			i++
		}
		for j < len(n) && !utf8.RuneStart(n[j]) {
			j++
		}
		if i > j {
			return
		}
		part := n[i:j]
		if got, want := string(appendOneLine([]byte("x"), part)), string(appendText([]byte("x"), part)); got != want {
			t.Fatalf("appendOneLine(%q) = %q, appendText %q", part, got, want)
		}
	})
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestOneLineParagraphsKeepsWordsAndBreaks(t *testing.T) {
	if got, want := oneLineParagraphs("  A  b\tc \n d.\n\n\n\nE\xff f\u00a0g.\n"), "A b c d.\n\nE\ufffd f g."; got != want {
		t.Errorf("oneLineParagraphs = %q, want %q", got, want)
	}
}

// TestPlainUntilStopsWhereAByteAtATimeDoes puts each byte value at each
// place of texts of every length up to 24 among plain bytes and multi-byte
// characters: plainUntil stops where reading a byte at a time would.
func TestPlainUntilStopsWhereAByteAtATimeDoes(t *testing.T) {
	byteAtATime := func(s string, i int) int {
		for i < len(s) && !needsEscape[s[i]] {
			i++
		}
		return i
	}
	for _, fill := range []string{"a", "é", "\x80", "~"} {
		for n := 0; n <= 24; n++ {
			base := []byte(strings.Repeat(fill, n))[:n]
			for at := 0; at < n; at++ {
				for c := range 256 {
					s := []byte(string(base))
					s[at] = byte(c)
					for from := 0; from <= n; from++ {
						if got, want := plainUntil(string(s), from), byteAtATime(string(s), from); got != want {
							t.Fatalf("plainUntil(%q, %d) = %d, want %d", s, from, got, want)
						}
					}
				}
			}
		}
	}
}

// TestLastSentenceEndIsLastIndexAny checks lastSentenceEnd against
// strings.LastIndexAny of the same bytes, each byte value at each place of
// short strings.
func TestLastSentenceEndIsLastIndexAny(t *testing.T) {
	for _, fill := range []string{"a", "é", ". ", "~"} {
		for n := 0; n <= 12; n++ {
			base := []byte(strings.Repeat(fill, n))[:n]
			for at := 0; at < n; at++ {
				for c := range 256 {
					s := []byte(string(base))
					s[at] = byte(c)
					if got, want := lastSentenceEnd(string(s)), strings.LastIndexAny(string(s), ".!?:\n"); got != want {
						t.Fatalf("lastSentenceEnd(%q) = %d, want %d", s, got, want)
					}
				}
			}
		}
	}
}

// TestPlainTextsAreTheirSnippets checks on the real corpus that the texts
// and paragraphs marked plain, whose snippets are copied as they are, are
// those appendOneLine writes as they are, and that most are.
func TestPlainTextsAreTheirSnippets(t *testing.T) {
	ix := buildCorpus(t)
	paras, plain := 0, 0
	for _, m := range ix.meta {
		if got, want := m.plainText, string(appendOneLine(nil, m.Text)) == m.Text; got != want {
			t.Fatalf("%s: plain text %v, written as it is %v", m.ID, got, want)
		}
		for i, p := range m.paras {
			s := m.Text[p.from:p.to]
			if want := string(appendOneLine(nil, s)) == s; p.plain != want {
				t.Fatalf("%s, paragraph %d: plain %v, written as it is %v", m.ID, i, p.plain, want)
			}
			paras++
			if p.plain {
				plain++
			}
		}
	}
	if plain < paras/2 {
		t.Errorf("%d of %d paragraphs plain; want most", plain, paras)
	}
}

func TestTrimSpaceIsBytesTrimSpace(t *testing.T) {
	parts := []string{"", " ", "\t", "\n", "\r\n", "\v\f", "\u00a0", "\u2003", "\u3000", "\u0085", "…", "… ", " …",
		"a", "word", "é", "\u2026x", "x\u2026", "\xe2", "\xe2\x80", "\x80", "\xff", "\u2028"}
	for _, a := range parts {
		for _, b := range parts {
			for _, c := range parts {
				in := []byte(a + b + c)
				want, got := bytes.TrimSpace(in), trimSpace(in)
				if !bytes.Equal(got, want) || len(want) > 0 && cap(got) != cap(want) {
					t.Fatalf("trimSpace(%q) = %q (cap %d), bytes.TrimSpace %q (cap %d)", in, got, cap(got), want, cap(want))
				}
			}
		}
	}
}
