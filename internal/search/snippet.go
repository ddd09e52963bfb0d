package search

import (
	"html"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Snippet shape: about snippetBytes of text around the densest run of matched
// words, starting up to snippetLead bytes before the first of them.
const (
	snippetBytes = 220
	snippetLead  = 60
	markOpen     = "<mark>"
	markClose    = "</mark>"
)

// token is one word of a text, by byte offsets.
type token struct{ start, end int }

// span is a matched word of a text, by byte offsets.
type span struct{ start, end int }

// snippet returns a short passage of the hit's text (its title when it has
// no text) with the words the query matched wrapped in <mark>, HTML-escaped.
//
// The matched words are those Bleve reports (term locations in the text
// field), so the marks agree with the ranking; Bleve's highlighter is not
// used because it needs stored fields and would work on every hit of the
// re-ranking window rather than the page. When Bleve matched nothing in the
// text (a title-only or stop-word match), the words are found here: words of
// the same English stem as a query word, and the near words of a typo.
func (ix *Index) snippet(m *docMeta, a analyzed, marks []span) string {
	text := m.Text
	if strings.TrimSpace(text) == "" {
		text = m.Title
		marks = nil
	}
	toks := tokenize(text)
	if len(marks) == 0 {
		flags := ix.markTokens(text, toks, a)
		for i, f := range flags {
			if f {
				marks = append(marks, span(toks[i]))
			}
		}
	}
	start, end := window(text, toks, marks)
	var b strings.Builder
	if start > 0 {
		b.WriteString("… ")
	}
	pos := start
	for _, t := range marks {
		if t.start < pos || t.end > end {
			continue
		}
		b.WriteString(escapeSpace(text[pos:t.start]))
		b.WriteString(markOpen)
		b.WriteString(html.EscapeString(text[t.start:t.end]))
		b.WriteString(markClose)
		pos = t.end
	}
	b.WriteString(escapeSpace(text[pos:end]))
	if end < len(text) {
		b.WriteString(" …")
	}
	return strings.TrimSpace(b.String())
}

// markTokens says which tokens the query matched: those whose English term
// is one of the query's (only words sharing a stem's first letters are
// stemmed), and those that are one of the near words kept for a typo. A query
// of stop words only marks its words as written.
func (ix *Index) markTokens(text string, toks []token, a analyzed) []bool {
	marked := make([]bool, len(toks))
	seen := make(map[string]bool, 64)
	for i, t := range toks {
		w := text[t.start:t.end]
		if v, ok := seen[w]; ok {
			marked[i] = v
			continue
		}
		hit := false
		if len(a.stems) == 0 {
			hit = containsFold(a.plain, w)
		} else {
			for _, s := range a.stems {
				n := min(len(s), 3)
				if len(w) >= n && strings.EqualFold(w[:n], s[:n]) && ix.stemOf(strings.ToLower(w)) == s {
					hit = true
					break
				}
			}
		}
		if !hit {
			for _, c := range a.alts {
				if strings.EqualFold(w, c.word) {
					hit = true
					break
				}
			}
		}
		seen[w] = hit
		marked[i] = hit
	}
	return marked
}

func containsFold(words []string, w string) bool {
	for _, x := range words {
		if strings.EqualFold(x, w) {
			return true
		}
	}
	return false
}

// stemOf is the English term of one word ("" for a stop word).
func (ix *Index) stemOf(w string) string {
	ts := ix.english.Analyze([]byte(w))
	if len(ts) == 0 {
		return ""
	}
	return string(ts[0].Term)
}

// window picks the byte range of the snippet: the stretch of snippetBytes
// holding the most marks, from a word start a little before the first.
func window(text string, toks []token, marks []span) (int, int) {
	from := 0
	if len(marks) > 0 {
		best, bestCount := 0, -1
		j := 0
		for i := range marks {
			if j < i {
				j = i
			}
			for j+1 < len(marks) && marks[j+1].end-marks[i].start <= snippetBytes-snippetLead {
				j++
			}
			if c := j - i + 1; c > bestCount {
				best, bestCount = i, c
			}
		}
		first := marks[best].start
		from = first
		// Back up to a sentence start or a few words, within the lead.
		k := sort.Search(len(toks), func(k int) bool { return toks[k].start >= first })
		for k--; k >= 0 && first-toks[k].start <= snippetLead; k-- {
			from = toks[k].start
			if k > 0 && strings.ContainsAny(text[toks[k-1].end:toks[k].start], ".!?:\n") {
				break
			}
		}
		if first <= snippetLead {
			from = 0
		}
	}
	end := len(text)
	if end-from > snippetBytes {
		end = from
		for _, t := range toks {
			if t.start >= from && t.end-from <= snippetBytes {
				end = t.end
			}
		}
		if end == from { // one very long word
			end = from + snippetBytes
			for end > from && !utf8.RuneStart(text[end]) {
				end--
			}
		}
	}
	return from, end
}

// tokenize splits text into words: runs of letters and digits, with inner
// apostrophes and hyphens kept out (they split, as the analyzers do).
func tokenize(text string) []token {
	var out []token
	start := -1
	for i, r := range text {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, token{start, i})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, token{start, len(text)})
	}
	return out
}

// escapeSpace HTML-escapes s and collapses each run of white space to one
// space (the paragraphs of an entry become one line).
func escapeSpace(s string) string {
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
