package search

import (
	"html"
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

// snippet returns a short passage of the hit's text (its title when it has
// no text) with the words the query matched wrapped in <mark>, HTML-escaped.
//
// Bleve's own highlighter needs stored fields and term vectors and works on
// every hit of the re-ranking window; this one works on the page only, reads
// the text from the metadata, and marks the same words Bleve matched: words
// of the same English stem as a query word, or (for typed words of four
// letters or more) within the same edit distance the fuzzy clauses allow.
func (ix *Index) snippet(m *docMeta, a analyzed) string {
	text := m.Text
	if strings.TrimSpace(text) == "" {
		text = m.Title
	}
	toks := tokenize(text)
	marked := ix.markTokens(text, toks, a)
	start, end := window(text, toks, marked)
	var b strings.Builder
	if start > 0 {
		b.WriteString("… ")
	}
	pos := start
	for i, t := range toks {
		if t.start < start || t.end > end || !marked[i] {
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

// markTokens says which tokens the query matched.
func (ix *Index) markTokens(text string, toks []token, a analyzed) []bool {
	marked := make([]bool, len(toks))
	stems := a.stems
	exact := len(stems) > 0
	if !exact {
		stems = a.plain // a query of stop words only: mark them as written
	}
	type fz struct {
		word string
		max  int
	}
	var fuzzy []fz
	for _, w := range a.plain {
		if f := fuzziness(utf8.RuneCountInString(w)); f > 0 {
			fuzzy = append(fuzzy, fz{w, f})
		}
	}
	seen := map[string]bool{}
	for i, t := range toks {
		w := strings.ToLower(text[t.start:t.end])
		if v, ok := seen[w]; ok {
			marked[i] = v
			continue
		}
		hit := false
		for _, s := range stems {
			if !exact {
				if w == s {
					hit = true
					break
				}
				continue
			}
			// A stem shares its first letters with the word it came from;
			// only then is the word worth stemming.
			n := min(len(s), 3)
			if len(w) >= n && w[:n] == s[:n] && ix.stemOf(w) == s {
				hit = true
				break
			}
		}
		if !hit {
			for _, f := range fuzzy {
				if d := len(w) - len(f.word); d <= f.max && -d <= f.max && len(w) >= 4 && editDistanceWithin(w, f.word, f.max) {
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

// stemOf is the English term of one word ("" for a stop word).
func (ix *Index) stemOf(w string) string {
	ts := ix.english.Analyze([]byte(w))
	if len(ts) == 0 {
		return ""
	}
	return string(ts[0].Term)
}

// window picks the byte range of the snippet: the stretch of snippetBytes
// holding the most marked tokens, from a word start a little before the first.
func window(text string, toks []token, marked []bool) (int, int) {
	var marks []int
	for i, m := range marked {
		if m {
			marks = append(marks, i)
		}
	}
	from := 0
	if len(marks) > 0 {
		best, bestCount := 0, -1
		j := 0
		for i := range marks {
			if j < i {
				j = i
			}
			for j+1 < len(marks) && toks[marks[j+1]].end-toks[marks[i]].start <= snippetBytes-snippetLead {
				j++
			}
			if c := j - i + 1; c > bestCount {
				best, bestCount = i, c
			}
		}
		first := toks[marks[best]]
		from = first.start
		// Back up to a sentence start or a few words, within the lead.
		for k := marks[best] - 1; k >= 0 && first.start-toks[k].start <= snippetLead; k-- {
			from = toks[k].start
			if k > 0 && strings.ContainsAny(text[toks[k-1].end:toks[k].start], ".!?:\n") {
				break
			}
		}
		if from < snippetLead && first.start <= snippetLead {
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
