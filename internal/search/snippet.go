package search

import (
	"html"
	"slices"
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

// span is a word of a text, by byte offsets.
type span struct{ start, end int }

// snippet returns a short passage of the hit's text (its title when it has
// no text) with the words the query matched wrapped in <mark>, HTML-escaped.
//
// Bleve's highlighter is not used: it needs stored fields and term vectors
// read back for every hit of the re-ranking window, where only the page
// needs a snippet. The words marked are those the English clauses matched:
// words of the same English stem as a (corrected) query word, and the near
// words kept for a typo; a query of stop words only marks its words as
// written.
//
// seen caches, for one search, whether a word of a text matched.
func (ix *Index) snippet(m *docMeta, a analyzed, seen map[string]bool) string {
	text := m.Text
	if strings.TrimSpace(text) == "" {
		text = m.Title
	}
	marks := ix.marks(text, a, seen)
	start, end := window(text, marks)
	var b strings.Builder
	b.Grow(end - start + 64)
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

// marks scans the text word by word and returns the words the query matched.
// A word is looked at only when it begins with the first letters (up to
// three) of a query term; each such distinct word is judged once.
func (ix *Index) marks(text string, a analyzed, seen map[string]bool) []span {
	prefixes := make([]string, 0, len(a.stems)+len(a.plain)+len(a.alts))
	note := func(w string) {
		n := 0
		for i := range w {
			if n == 3 {
				w = w[:i]
				break
			}
			n++
		}
		if w != "" && !slices.Contains(prefixes, w) {
			prefixes = append(prefixes, w)
		}
	}
	for _, t := range a.stems {
		note(t)
	}
	if len(a.stems) == 0 {
		for _, t := range a.plain {
			note(t)
		}
	}
	for _, c := range a.alts {
		note(c.word)
	}
	var out []span
	eachWord(text, func(w span) {
		word := text[w.start:w.end]
		candidate := false
		for _, p := range prefixes {
			if len(word) >= len(p) && strings.EqualFold(word[:len(p)], p) {
				candidate = true
				break
			}
		}
		if !candidate {
			return
		}
		hit, ok := seen[word]
		if !ok {
			hit = ix.matches(word, a)
			seen[word] = hit
		}
		if hit {
			out = append(out, w)
		}
	})
	return out
}

// matches reports whether one word of a text is matched by the query.
func (ix *Index) matches(word string, a analyzed) bool {
	if len(a.stems) == 0 {
		return containsFold(a.plain, word)
	}
	for _, s := range a.stems {
		n := min(len(s), 3)
		if len(word) >= n && strings.EqualFold(word[:n], s[:n]) && ix.stemOf(strings.ToLower(word)) == s {
			return true
		}
	}
	for _, c := range a.alts {
		if strings.EqualFold(word, c.word) {
			return true
		}
	}
	return false
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
// holding the most marks, from a word start a little before the first of
// them (a sentence start when one is near), ending at a word end.
func window(text string, marks []span) (int, int) {
	from := 0
	if len(marks) > 0 {
		best, bestCount := 0, -1
		j := 0
		for i := range marks {
			j = max(j, i)
			for j+1 < len(marks) && marks[j+1].end-marks[i].start <= snippetBytes-snippetLead {
				j++
			}
			if c := j - i + 1; c > bestCount {
				best, bestCount = i, c
			}
		}
		first := marks[best].start
		if first > snippetLead {
			from = leadStart(text, first)
		}
	}
	end := len(text)
	if end-from > snippetBytes {
		end = from + snippetBytes
		for end > from && !utf8.RuneStart(text[end]) {
			end--
		}
		// Cut after the last whole word.
		if cut := strings.LastIndexFunc(text[from:end], func(r rune) bool { return !isWordChar(r) }); cut > 0 {
			end = from + cut
		}
	}
	return from, end
}

// leadStart returns where a snippet whose first mark is at first begins: just
// after the last sentence end within snippetLead bytes before it, else at the
// first word start in that stretch.
func leadStart(text string, first int) int {
	lo := first - snippetLead
	for lo < first && !utf8.RuneStart(text[lo]) {
		lo++
	}
	lead := text[lo:first]
	if i := strings.LastIndexAny(lead, ".!?:\n"); i >= 0 {
		lo, lead = lo+i+1, lead[i+1:]
	} else if i := strings.IndexFunc(lead, func(r rune) bool { return !isWordChar(r) }); i >= 0 {
		lo, lead = lo+i, lead[i:]
	}
	if i := strings.IndexFunc(lead, isWordChar); i >= 0 {
		return lo + i
	}
	return first
}

// eachWord calls fn with every word of text: runs of letters and digits.
func eachWord(text string, fn func(span)) {
	start := -1
	for i, r := range text {
		word := false
		if r < utf8.RuneSelf {
			word = 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
		} else {
			word = isWordChar(r)
		}
		if word {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			fn(span{start, i})
			start = -1
		}
	}
	if start >= 0 {
		fn(span{start, len(text)})
	}
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
