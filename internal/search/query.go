package search

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Limits on what a judge may type, so one request cannot ask for unbounded work.
const (
	maxQueryBytes = 500
	maxQueryWords = rules.MaxQueryWords
)

// userQuery is what a judge typed, read into plain words, quoted phrases and
// exclusions. Nothing of it is ever handed to Bleve's own query-string syntax:
// the Bleve query is built from these parts (see buildQuery).
type userQuery struct {
	Words   []string // positive words, as typed
	Phrases []string // "quoted phrases", as typed inside the quotes
	Exclude []string // -word or -"phrase"
}

// parseQuery reads a judge's query: words separated by white space, phrases
// between double quotes, and a leading minus to leave a word or phrase out.
// Other punctuation is no word: a word or phrase without a letter or a digit
// is dropped, and query syntax ("title:x~2 +(") reads as the words in it.
// A query that cannot be read as the judge meant it, an unclosed quote, or
// one left with nothing to look for, is an EINVALIDQUERY error naming q.
func parseQuery(q string) (userQuery, error) { return parseQueryIn(q, new(queryRoom)) }

// parseQueryIn is parseQuery, the words in r's memory.
func parseQueryIn(q string, r *queryRoom) (userQuery, error) {
	var u userQuery
	if len(q) > maxQueryBytes {
		return u, queryError("The query is too long: at most %d characters.", maxQueryBytes)
	}
	if !utf8.ValidString(q) {
		q = strings.ToValidUTF8(q, " ")
	}
	if strings.IndexByte(q, typographicLead) >= 0 && strings.ContainsAny(q, "“”„") {
		q = strings.NewReplacer("“", `"`, "”", `"`, "„", `"`).Replace(q)
	}
	if strings.Count(q, `"`)%2 != 0 {
		// Where the phrase was meant to end is a guess; ask.
		return u, queryError(`The query has an unclosed quote: end the phrase with " or leave the quote out.`)
	}
	// Room for as many words as the query has runs of letters between
	// spaces, in one array (most queries are words alone).
	u.Words = room(&r.typed, min(strings.Count(q, " ")+1, maxQueryWords+1))
	rest := q
	for {
		rest = strings.TrimLeftFunc(rest, unicode.IsSpace)
		if rest == "" {
			break
		}
		exclude := false
		if rest[0] == '-' && len(rest) > 1 && !unicode.IsSpace(rune(rest[1])) {
			exclude = true
			rest = rest[1:]
		}
		var part string
		phrase := false
		if rest[0] == '"' {
			phrase = true
			rest = rest[1:]
			if i := strings.IndexByte(rest, '"'); i >= 0 {
				part, rest = rest[:i], rest[i+1:]
			} else {
				part, rest = rest, ""
			}
		} else {
			i := strings.IndexFunc(rest, func(r rune) bool { return unicode.IsSpace(r) || r == '"' })
			if i < 0 {
				i = len(rest)
			}
			part, rest = rest[:i], rest[i:]
		}
		if phrase {
			part = strings.Join(strings.Fields(part), " ") // a word has no space in it
		}
		if !hasWordChar(part) {
			continue
		}
		switch {
		case exclude:
			u.Exclude = append(u.Exclude, part)
		case phrase && plainWordCount(part) > 1:
			u.Phrases = append(u.Phrases, part)
		default:
			u.Words = appendTyped(u.Words, part)
		}
	}
	if len(u.Words) == 0 && len(u.Phrases) == 0 {
		if len(u.Exclude) > 0 {
			return u, queryError("The query only says what to leave out; add a word to look for.")
		}
		return u, rules.SearchText.Refusal("q", "")
	}
	n := len(u.Exclude)
	for _, parts := range [...][]string{u.Words, u.Phrases} {
		for _, p := range parts {
			n += plainWordCount(p)
		}
	}
	if n > maxQueryWords {
		return u, queryError("The query has %d words; at most %d are looked for.", n, maxQueryWords)
	}
	return u, nil
}

// queryError is an EINVALIDQUERY error about the query parameter q.
func queryError(format string, args ...any) error {
	return rules.Errorf(rules.EINVALIDQUERY, format, args...).WithDetail("field", "q")
}

// hasWordChar reports whether s holds a letter or a digit.
func hasWordChar(s string) bool {
	return strings.IndexFunc(s, isWordChar) >= 0
}

func isWordChar(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// plainWordCount is len(plainWords(s)), counted without making the words.
func plainWordCount(s string) int {
	n, in := 0, false
	for _, r := range s {
		switch {
		case isWordChar(r):
			if !in {
				n++
				in = true
			}
		case r == '\'' || r == '’':
			// joins
		default:
			in = false
		}
	}
	return n
}

// plainWords splits s into lower-case runs of letters and digits, the way the
// plain analyzer reads the index (apostrophes join: "Ferengi's" is one word).
func plainWords(s string) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, b.String())
			b.Reset()
		}
	}
	for _, r := range s {
		switch {
		case isWordChar(r):
			b.WriteRune(unicode.ToLower(r))
		case r == '\'' || r == '’':
			// joins
		default:
			flush()
		}
	}
	flush()
	return out
}

// appendTyped appends a typed word to words as a judge meant it: an
// apostrophe typed twice is one ("opponent”s"), and two words typed with a
// colon or a full stop between them and no space are two ("2e:stopped",
// "u.s.s.enterprise"), where the stop is followed by the word's last four
// letters or more, so that "u.s.s", "e.g." and "www.decipher.com" stay as
// typed.
func appendTyped(words []string, w string) []string {
	if !typedMarkByte(w) || strings.IndexAny(w, "'’:;.") < 0 {
		return append(words, w) // the usual word
	}
	if strings.Contains(w, "''") || strings.Contains(w, "’’") || strings.Contains(w, "'’") || strings.Contains(w, "’'") {
		w = collapseApostrophes(w)
	}
	for {
		k := missingSpace(w)
		if k < 0 {
			return append(words, w)
		}
		words = append(words, w[:k+1])
		w = w[k+1:]
	}
}

// collapseApostrophes writes each run of apostrophes in w as one.
func collapseApostrophes(w string) string {
	var b strings.Builder
	prev := false
	for _, r := range w {
		ap := r == '\'' || r == '’'
		if !(ap && prev) {
			b.WriteRune(r)
		}
		prev = ap
	}
	return b.String()
}

// missingSpace returns where in w a colon, semicolon or full stop stands
// between two words typed without a space after it, or -1: a colon or
// semicolon between two letters or digits; a full stop after a letter and
// before four letters or more that end the word ("1.7", "u.s.s", "e.g."
// and "www.decipher.com" are one word each).
func missingSpace(w string) int {
	for k := 1; k+1 < len(w); k++ {
		switch w[k] {
		case ':', ';':
			if isASCIIWordByte(w[k-1]) && isASCIIWordByte(w[k+1]) {
				return k
			}
		case '.':
			if !isLetterByte(w[k-1]) {
				continue
			}
			n := 0
			for n < len(w)-k-1 && isLetterByte(w[k+1+n]) {
				n++
			}
			if n >= 4 && k+1+n == len(w) {
				return k
			}
		}
	}
	return -1
}

// isASCIIWordByte reports whether b is an ASCII letter or digit.
func isASCIIWordByte(b byte) bool { return isLetterByte(b) || '0' <= b && b <= '9' }

// typographicLead is the first byte of the UTF-8 of the typographic quotes
// and apostrophe a query may hold (“ ” „ ’, U+2018 to U+201E): a text
// without it holds none of them, which a scan for one byte says at once.
const typographicLead = 0xE2

// typedMarkByte reports whether w holds a byte of a mark appendTyped reads:
// an apostrophe, a colon, a semicolon, a full stop, or the first byte of a
// typographic apostrophe. Most words hold none, and say so without the rune
// by rune scan of strings.IndexAny for a set beyond ASCII.
func typedMarkByte(w string) bool {
	for i := 0; i < len(w); i++ {
		switch w[i] {
		case '\'', ':', ';', '.', typographicLead:
			return true
		}
	}
	return false
}
