package rules

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A Paragraph is one paragraph of an entry's text with its anchor: the
// paragraph is addressed as "{entry id}#{anchor}". Anchors come from the
// paragraph's first words ("p-if-your-deck-is-empty"), so they stay the same
// across restarts and rebuilds, and a paragraph added elsewhere in the entry
// does not move them.
type Paragraph struct {
	Anchor string `json:"anchor"`
	Text   string `json:"text"`
}

// Anchor shape: "p-" and the slug of at most anchorWords words, cut to
// anchorBytes at a word boundary; a repeated anchor gets "-2", "-3".
const (
	anchorPrefix = "p-"
	anchorWords  = 6
	anchorBytes  = 40
)

// Paragraphs splits an entry's text into its paragraphs (blocks separated by
// a blank line, trimmed; empty ones dropped) and anchors each. It is the one
// place paragraphs and their anchors are made: the corpus, the search index,
// the citations and the pages all call it.
func Paragraphs(text string) []Paragraph {
	spans := paragraphSpans(text)
	out := make([]Paragraph, len(spans))
	seen := make(map[string]int, len(spans))
	for i, sp := range spans {
		p := text[sp[0]:sp[1]]
		out[i] = Paragraph{Anchor: anchorOf(p, i, seen), Text: p}
	}
	return out
}

// ParagraphBounds returns the byte range in text of each of
// Paragraphs(text), in order.
func ParagraphBounds(text string) [][2]int { return paragraphSpans(text) }

// ParagraphAt returns the index among Paragraphs(text) of the paragraph that
// holds byte offset at (the nearest one before it when at falls between two),
// or -1 when text has none.
func ParagraphAt(text string, at int) int {
	spans := paragraphSpans(text)
	k := -1
	for i, sp := range spans {
		if sp[0] > at {
			break
		}
		k = i
	}
	if k < 0 && len(spans) > 0 {
		k = 0
	}
	return k
}

// paragraphSpans returns the byte ranges of the paragraphs of text, without
// their surrounding white space (a block of white space alone is none).
func paragraphSpans(text string) [][2]int {
	var out [][2]int
	for start := 0; start < len(text); {
		end := strings.Index(text[start:], "\n\n")
		next := len(text)
		if end < 0 {
			end = len(text)
		} else {
			end += start
			next = end + 2
		}
		lo, hi := start, end
		for lo < hi {
			r, n := utf8.DecodeRuneInString(text[lo:hi])
			if !unicode.IsSpace(r) {
				break
			}
			lo += n
		}
		for hi > lo {
			r, n := utf8.DecodeLastRuneInString(text[lo:hi])
			if !unicode.IsSpace(r) {
				break
			}
			hi -= n
		}
		if hi > lo {
			out = append(out, [2]int{lo, hi})
		}
		start = next
	}
	return out
}

// anchorOf makes the anchor of the i-th paragraph p, unique among seen.
func anchorOf(p string, i int, seen map[string]int) string {
	words := strings.Split(Slug(p), "-")
	var b strings.Builder
	b.WriteString(anchorPrefix)
	n := 0
	for _, w := range words {
		if w == "" {
			continue
		}
		if n == anchorWords || n > 0 && b.Len()+1+len(w) > anchorBytes {
			break
		}
		if n > 0 {
			b.WriteByte('-')
		}
		b.WriteString(w)
		n++
	}
	a := b.String()
	if n == 0 {
		a = anchorPrefix + itoa(i+1)
	}
	seen[a]++
	if k := seen[a]; k > 1 {
		a += "-" + itoa(k)
	}
	return a
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var buf [20]byte
	i := len(buf)
	for n > 0 {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
	}
	return string(buf[i:])
}
