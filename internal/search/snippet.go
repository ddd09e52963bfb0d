package search

import (
	"bytes"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/rules"
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

// appendSnippet appends to b a short passage of the hit's text (its title
// when it has no text) with the words the query matched wrapped in <mark>,
// HTML-escaped, and returns b with where the passage is in it, without the
// white space at either end. The snippets of a page share one buffer, made
// a string once.
//
// Bleve's highlighter is not used: it needs stored fields and term vectors
// read back for every hit of the re-ranking window, where only the page
// needs a snippet. The words marked are those the English clauses matched:
// words of the same English stem as a (corrected) query word, and the near
// words kept for a typo; a query of stop words only marks its words as
// written. The words of every text and their terms are known from the time
// the index was built (docMeta.words), so marking compares numbers.
func (ix *Index) appendSnippet(b []byte, h ranked, a *analyzed, sc *scratch) (_ []byte, from, to int) {
	m := h.meta
	text := m.Text
	if !m.textWords {
		text = m.Title
	}
	var marks []span
	plain := m.plainText
	if para := int(h.para); para >= 0 && para < len(m.paras) {
		// Cut from the paragraph that answers (the hit's anchor).
		p := m.paras[para]
		end := uint32(len(m.words))
		if para+1 < len(m.paras) {
			end = m.paras[para+1].at
		}
		var words [][]termAt // its words of each term, if kept
		if h.words >= 0 {
			words = sc.paraWords[h.words : int(h.words)+len(a.terms)]
		}
		marks = a.marks(m, sc, p.at, end, words)
		for i := range marks {
			marks[i].start -= int(p.from)
			marks[i].end -= int(p.from)
		}
		text, plain = text[p.from:p.to], p.plain
	} else {
		marks = a.marks(m, sc, 0, uint32(len(m.words)), nil)
	}
	start, end := window(text, marks)
	// The text is in one line a paragraph (see oneLineParagraphs); a
	// title is as written.
	add := appendOneLine
	switch {
	case !m.textWords:
		add = appendText
	case plain:
		add = appendPlain // as appendOneLine writes a text of no byte it escapes
	}
	first := len(b)
	if start > 0 {
		b = append(b, "… "...)
	}
	pos := start
	for _, t := range marks {
		if t.start < pos || t.end > end {
			continue
		}
		b = add(b, text[pos:t.start])
		b = append(b, markOpen...)
		b = add(b, text[t.start:t.end])
		b = append(b, markClose...)
		pos = t.end
	}
	b = add(b, text[pos:end])
	if end < len(text) {
		b = append(b, " …"...)
	}
	// Where the passage is without the white space at its ends: trimmed is
	// a part of passage, starting as many bytes in as its capacity is less.
	passage := b[first:]
	trimmed := trimSpace(passage)
	if len(trimmed) == 0 {
		return b, first, first
	}
	from = first + cap(passage) - cap(trimmed)
	return b, from, from + len(trimmed)
}

// marks returns the spans of the words lo to hi (by index) of a document's
// snippet text that the query matched, in order, in the search's scratch
// memory. inRange, when not nil, are the words lo to hi of each of the
// query's terms (a.terms), as bestParagraph found them.
func (a *analyzed) marks(m *docMeta, sc *scratch, lo, hi uint32, inRange [][]termAt) []span {
	out := sc.marks[:0]
	defer func() { sc.marks = out }()
	if len(a.markPlain) > 0 {
		// A typo's near words, or the words of a query of stop words: look
		// at every word.
		for _, w := range m.words[lo:hi] {
			if w.term != noTerm && slices.Contains(a.markTerms, w.term) || slices.Contains(a.markPlain, w.plain) {
				out = append(out, span{int(w.start), int(w.end)})
			}
		}
		return out
	}
	// The words of each term, in order: merged, in order (a word has one
	// term, so no word is in two of them).
	words := sc.words[:0]
	if inRange != nil {
		// The mark terms are the query's terms the index holds.
		for _, o := range inRange {
			if len(o) > 0 {
				words = append(words, o)
			}
		}
	} else {
		for _, t := range a.markTerms {
			o := m.occurrences(t)
			if lo > 0 || int(hi) < len(m.words) {
				o = o[firstAt(o, lo):firstAt(o, hi)]
			}
			if len(o) > 0 {
				words = append(words, o)
			}
		}
	}
	for len(words) > 0 {
		first := 0
		for i := 1; i < len(words); i++ {
			if words[i][0].at < words[first][0].at {
				first = i
			}
		}
		w := words[first][0] // m.words[w.at]'s bytes
		out = append(out, span{int(w.start), int(w.end)})
		if words[first] = words[first][1:]; len(words[first]) == 0 {
			words = slices.Delete(words, first, first+1)
		}
	}
	sc.words = words
	return out
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
	if i := lastSentenceEnd(lead); i >= 0 {
		lo, lead = lo+i+1, lead[i+1:]
	} else if i := strings.IndexFunc(lead, func(r rune) bool { return !isWordChar(r) }); i >= 0 {
		lo, lead = lo+i, lead[i:]
	}
	if i := strings.IndexFunc(lead, isWordChar); i >= 0 {
		return lo + i
	}
	return first
}

// lastSentenceEnd returns the index of the last byte of s that ends a
// sentence or a line (see sentenceEnds), or -1: strings.LastIndexAny of
// those bytes, read through a table made once.
func lastSentenceEnd(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if sentenceEnds[s[i]] {
			return i
		}
	}
	return -1
}

// sentenceEnds marks the bytes a snippet's lead starts after.
var sentenceEnds = func() (c [256]bool) {
	for _, b := range []byte(".!?:\n") {
		c[b] = true
	}
	return c
}()

// Classes of the bytes of a text, for appendText.
const (
	plainByte  = iota
	escapeByte // written as an HTML entity
	spaceByte  // ASCII white space
	multiByte  // the first byte of a character beyond ASCII, or an invalid one
)

// byteClass classifies each byte value.
var byteClass = func() (c [256]uint8) {
	for b := range c {
		switch {
		case b >= utf8.RuneSelf:
			c[b] = multiByte
		case strings.IndexByte("<>&'\"", byte(b)) >= 0:
			c[b] = escapeByte
		case strings.IndexByte(" \t\n\r\v\f", byte(b)) >= 0:
			c[b] = spaceByte
		}
	}
	return c
}()

// appendText appends s HTML-escaped (as html.EscapeString does) with each
// run of white space as one space, so that the paragraphs of an entry become
// one line: in one pass, copying runs of plain characters whole.
func appendText(b []byte, s string) []byte {
	space := false
	for i := 0; i < len(s); {
		// s[i:j] is a run of characters kept as they are.
		j := i
		for j < len(s) {
			if c := byteClass[s[j]]; c == plainByte {
				j++
				continue
			} else if s[j] == ' ' && j > i && j+1 < len(s) && byteClass[s[j+1]] == plainByte {
				// One space between two kept characters is kept as it is.
				j++
				continue
			} else if c == multiByte {
				r, n := utf8.DecodeRuneInString(s[j:])
				if (r != utf8.RuneError || n > 1) && !unicode.IsSpace(r) {
					j += n
					continue
				}
			}
			break
		}
		// What ends the run: an escaped character, white space, an invalid
		// byte, or the end.
		esc, n, white := "", 0, false
		if j < len(s) {
			n = 1
			switch c := s[j]; {
			case byteClass[c] == escapeByte:
				esc = entity(c)
			case byteClass[c] == spaceByte:
				white = true
			default:
				r, size := utf8.DecodeRuneInString(s[j:])
				n = size
				if r == utf8.RuneError && size == 1 {
					esc = string(utf8.RuneError)
				} else {
					white = true // unicode.IsSpace, or the run would go on
				}
			}
		}
		if j > i || esc != "" {
			if space {
				b = append(b, ' ')
				space = false
			}
			b = append(b, s[i:j]...)
			b = append(b, esc...)
		}
		space = space || white
		i = j + n
	}
	if space {
		b = append(b, ' ')
	}
	return b
}

// entity is the HTML entity html.EscapeString writes for a character.
func entity(c byte) string {
	switch c {
	case '<':
		return "&lt;"
	case '>':
		return "&gt;"
	case '&':
		return "&amp;"
	case '\'':
		return "&#39;"
	}
	return "&#34;"
}

// firstAt returns the index of the first of the words o (in order) at or
// after word at.
func firstAt(o []termAt, at uint32) int {
	lo, hi := 0, len(o)
	for lo < hi {
		h := int(uint(lo+hi) >> 1)
		if o[h].at < at {
			lo = h + 1
		} else {
			hi = h
		}
	}
	return lo
}

// oneLineParagraphs is a text as its snippets are cut from it: each
// paragraph (see rules.Paragraphs) on one line, every run of white space in
// it one space, an invalid byte U+FFFD, paragraphs separated by a blank
// line. Its paragraphs and their anchors are the text's; appendOneLine
// escapes it for a snippet without reading it a character at a time.
func oneLineParagraphs(text string) string {
	var b strings.Builder
	b.Grow(len(text))
	for i, p := range rules.Paragraphs(text) {
		if i > 0 {
			b.WriteString("\n\n")
		}
		space := false
		for j, r := range p.Text {
			switch {
			case r == utf8.RuneError:
				if _, n := utf8.DecodeRuneInString(p.Text[j:]); n == 1 {
					r = utf8.RuneError // an invalid byte: one U+FFFD each, as appendText
				}
			case unicode.IsSpace(r):
				space = true
				continue
			}
			if space {
				b.WriteByte(' ')
				space = false
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// needsEscape marks the bytes appendOneLine does not copy as they are: those
// HTML escapes, and the line ends between paragraphs.
var needsEscape = func() (c [256]bool) {
	for _, b := range []byte("<>&'\"\n") {
		c[b] = true
	}
	return c
}()

// appendOneLine appends a part of a oneLineParagraphs text as appendText
// would: HTML-escaped, a paragraph break as one space. Runs of plain bytes
// are copied whole.
func appendOneLine(b []byte, s string) []byte {
	space := false
	for i := 0; i < len(s); {
		j := plainUntil(s, i)
		if j > i {
			if space {
				b = append(b, ' ')
				space = false
			}
			b = append(b, s[i:j]...)
		}
		if j == len(s) {
			break
		}
		if c := s[j]; c == '\n' {
			space = true // a paragraph break: one space, as a run of white space
		} else {
			if space {
				b = append(b, ' ')
				space = false
			}
			b = append(b, entity(c)...)
		}
		i = j + 1
	}
	if space {
		b = append(b, ' ')
	}
	return b
}

// appendPlain appends s as it is: appendOneLine of a text holding no byte
// needsEscape marks.
func appendPlain(b []byte, s string) []byte { return append(b, s...) }

// plainUntil returns where the first byte of s from i that appendOneLine
// does not copy as it is stands (needsEscape), or len(s): eight bytes at a
// time while none of them is one, then byte by byte within the eight that
// hold one.
func plainUntil(s string, i int) int {
	for i+8 <= len(s) {
		t := s[i : i+8]
		v := uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
			uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
		if escapedLanes(v) != 0 {
			break
		}
		i += 8
	}
	for i < len(s) && !needsEscape[s[i]] {
		i++
	}
	return i
}

// escapedLanes is not zero when a byte of v is one needsEscape marks: a
// lane whose xor with it is zero, found as a zero byte is (its high bit set
// by the borrow, exactly when some lane is zero). '<' and '>' differ in one
// bit, as '&' and the apostrophe do, so each pair is one comparison.
func escapedLanes(v uint64) uint64 {
	const lanes1, lanesHigh = 0x0101010101010101, 0x8080808080808080
	zero := func(x uint64) uint64 { return (x - lanes1) &^ x & lanesHigh }
	return zero((v|0x02*lanes1)^'>'*lanes1) | zero((v|0x01*lanes1)^'\''*lanes1) |
		zero(v^'"'*lanes1) | zero(v^'\n'*lanes1)
}

// trimSpace is bytes.TrimSpace of a passage, reading its ends a byte at a
// time: a passage cut inside its text opens with "… " and closes with " …",
// which bytes.TrimSpace reads rune by rune as it does any byte beyond ASCII.
// The ellipsis is no space; an end beyond ASCII that is not the ellipsis
// is left to bytes.TrimSpace (TestTrimSpaceIsBytesTrimSpace).
func trimSpace(s []byte) []byte {
	lo, hi := 0, len(s)
	for lo < hi && asciiSpace[s[lo]] {
		lo++
	}
	if lo < hi && s[lo] >= utf8.RuneSelf && !bytes.HasPrefix(s[lo:hi], ellipsis) {
		return bytes.TrimSpace(s)
	}
	for hi > lo && asciiSpace[s[hi-1]] {
		hi--
	}
	if hi > lo && s[hi-1] >= utf8.RuneSelf && !bytes.HasSuffix(s[lo:hi], ellipsis) {
		return bytes.TrimSpace(s)
	}
	if lo == hi {
		return nil
	}
	return s[lo:hi]
}

// ellipsis is what a passage cut inside its text opens and closes with.
var ellipsis = []byte("…")

// asciiSpace are the bytes bytes.TrimSpace trims of ASCII.
var asciiSpace = [256]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}
