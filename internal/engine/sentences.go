// The sentence a citation quotes: an entry's text normalised to look
// phrases up in, and the bounds of the sentence holding a phrase, list
// items quoted with their lead-in.

package engine

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// normText is an entry's text in the form phrases are looked up in, with a
// map back to the original byte offsets so a quote is always the entry's own
// words.
type normText struct {
	norm string
	orig []int // orig[i] is the offset in the original text of norm byte i
}

func normalise(s string) normText {
	var b strings.Builder
	orig := make([]int, 0, len(s)+1)
	space := true
	for i, r := range s {
		switch r {
		case '’', '‘', '`':
			r = '\''
		case '“', '”':
			r = '"'
		case '–', '—':
			r = '-'
		}
		if unicode.IsSpace(r) {
			if space {
				continue
			}
			space = true
			b.WriteByte(' ')
			orig = append(orig, i)
			continue
		}
		space = false
		r = unicode.ToLower(r)
		n := utf8.RuneLen(r)
		if n < 0 {
			n = 1
		}
		b.WriteRune(r)
		for k := 0; k < n; k++ {
			orig = append(orig, i)
		}
	}
	orig = append(orig, len(s))
	return normText{norm: b.String(), orig: orig}
}

// sentenceAround returns the sentence of text that holds bytes [from, to).
// Sentences end at a full stop, question or exclamation mark (with any
// closing quote marks and parentheses after it) outside parentheses, and at
// a paragraph break: a parenthesised aside of several sentences stays whole.
// A list item that is not a sentence of its own ("scored 100 points (or
// more);") is quoted with the lead-in that opens its list and the items up
// to the one that closes the sentence; so is a lead-in ending with a colon
// whose items are fragments.
func sentenceAround(text string, from, to int) string {
	start, end := sentenceBounds(text, from, to)
	if startsFragment(text[start:end]) && start == paragraphStart(text, start) {
		start = leadIn(text, start)
	}
	if !closesSentenceText(text[start:end]) && end == paragraphEnd(text, end) {
		end = listEnd(text, end)
	}
	return trimListMark(strings.TrimSpace(text[start:end]))
}

// sentenceBounds returns the bounds of the sentence holding [from, to),
// within its paragraph.
func sentenceBounds(text string, from, to int) (start, end int) {
	lo := paragraphStart(text, from)
	hi := paragraphEnd(text, max(to-1, from))
	start, end = lo, hi
	for _, e := range sentenceEnds(text, lo, hi) {
		if e <= from {
			start = e
		}
		if e >= to && end == hi {
			end = e
		}
	}
	for start < end && isSpace(text[start]) {
		start++
	}
	return start, end
}

// paragraphStart is where the paragraph holding byte i begins: after the
// blank line before it.
func paragraphStart(text string, i int) int {
	i = min(i, len(text))
	if k := strings.LastIndex(text[:i], "\n\n"); k >= 0 {
		return k + 2
	}
	return 0
}

// paragraphEnd is where the paragraph holding byte i ends: at the blank line
// after it.
func paragraphEnd(text string, i int) int {
	i = max(0, min(i, len(text)))
	if k := strings.Index(text[i:], "\n\n"); k >= 0 {
		return i + k
	}
	return len(text)
}

// sentenceEnds lists the offsets just past each sentence end in text[lo:hi]:
// a terminal mark outside parentheses, with the closing quote marks and
// parentheses that follow it, before white space or the end. Parentheses
// that do not pair up within the paragraph (extraction noise) are ignored.
func sentenceEnds(text string, lo, hi int) []int {
	opens, closes := map[int]bool{}, map[int]bool{}
	var stack []int
	for i := lo; i < hi; i++ {
		switch text[i] {
		case '(':
			stack = append(stack, i)
		case ')':
			if len(stack) > 0 {
				opens[stack[len(stack)-1]], closes[i] = true, true
				stack = stack[:len(stack)-1]
			}
		}
	}
	var out []int
	depth := 0
	for i := lo; i < hi; i++ {
		switch {
		case opens[i]:
			depth++
		case closes[i]:
			depth--
		}
		if !terminalMark(text, i) {
			continue
		}
		j, d := i+1, depth
		for j < hi {
			if closes[j] {
				d--
				j++
				continue
			}
			r, n := utf8.DecodeRuneInString(text[j:])
			if r == '"' || r == '\'' || r == '”' || r == '’' {
				j += n
				continue
			}
			break
		}
		if d == 0 && (j == hi || isSpace(text[j])) {
			out = append(out, j)
		}
	}
	return out
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }

// terminalMark says whether text[i] is a full stop, question or exclamation
// mark that may close a sentence: a full stop closing an abbreviation
// ("U.S.S.", "e.g.") or a one-letter word does not.
func terminalMark(text string, i int) bool {
	if i < 0 || i >= len(text) {
		return false
	}
	switch text[i] {
	case '?', '!':
		return true
	case '.':
		j := i - 1
		for j >= 0 && !isSpace(text[j]) && text[j] != '(' {
			if text[j] == '.' {
				return false
			}
			j--
		}
		return i-j-1 > 1
	}
	return false
}

// startsFragment says whether a quote begins in lower case: a list item
// continuing its lead-in, not a sentence of its own.
func startsFragment(q string) bool {
	r, _ := utf8.DecodeRuneInString(trimListMark(strings.TrimSpace(q)))
	return unicode.IsLower(r)
}

// closesSentenceText says whether a quote ends with a terminal mark (with
// any closing quote marks and parentheses after it).
func closesSentenceText(q string) bool {
	q = strings.TrimRight(strings.TrimSpace(q), "\"'”’)")
	r, _ := utf8.DecodeLastRuneInString(q)
	return r == '.' || r == '?' || r == '!'
}

// leadIn walks back from the list item beginning at start over the items
// before it (ending with ";", ",", "and" or "or") to the sentence that opens
// the list with a colon, and returns where that sentence begins; start when
// there is none.
func leadIn(text string, start int) int {
	at := start
	for n := 0; n < 12 && at >= 2; n++ {
		lo := paragraphStart(text, at-2)
		prev := strings.TrimSpace(text[lo : at-2])
		switch {
		case strings.HasSuffix(prev, ":"):
			colon := lo + strings.LastIndex(text[lo:at-2], ":")
			s, _ := sentenceBounds(text, colon, colon+1)
			return s
		case continuesList(prev):
			at = lo
		default:
			return start
		}
	}
	return start
}

// listEnd walks on from a lead-in or list item ending at end over the items
// after it, while each begins as a fragment, to the end of the sentence that
// closes the list; end when there is none.
func listEnd(text string, end int) int {
	at := end
	for n := 0; n < 12 && at+2 < len(text); n++ {
		next := at + 2
		for next < len(text) && isSpace(text[next]) {
			next++
		}
		r, _ := utf8.DecodeRuneInString(trimListMark(text[next:]))
		if !unicode.IsLower(r) && !unicode.IsDigit(r) {
			return end
		}
		_, e := sentenceBounds(text, next, next+1)
		if closesSentenceText(text[next:e]) {
			return e
		}
		if e != paragraphEnd(text, e) {
			return end
		}
		at = e
	}
	return end
}

func continuesList(s string) bool {
	if strings.HasSuffix(s, ";") || strings.HasSuffix(s, ",") {
		return true
	}
	lower := strings.ToLower(s)
	return strings.HasSuffix(lower, " and") || strings.HasSuffix(lower, " or")
}

// trimListMark removes a bullet ("•", "-", "*", an "o " the extraction made
// of a bullet) or a step number ("5. ") from the start of a quote.
func trimListMark(q string) string {
	for {
		switch {
		case strings.HasPrefix(q, "•"):
			q = strings.TrimSpace(strings.TrimPrefix(q, "•"))
		case strings.HasPrefix(q, "- "), strings.HasPrefix(q, "* "), strings.HasPrefix(q, "o "):
			q = strings.TrimSpace(q[2:])
		default:
			if k := strings.IndexFunc(q, func(r rune) bool { return r < '0' || r > '9' }); k > 0 && k < len(q)-1 &&
				(q[k] == '.' || q[k] == ')') && q[k+1] == ' ' {
				q = strings.TrimSpace(q[k+2:])
				continue
			}
			return q
		}
	}
}
