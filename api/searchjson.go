package api

import (
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/jsontext"
	"github.com/stccg/stccg-rules/internal/rules"
)

// appendSearchJSON appends the JSON of a search result and a newline: byte
// for byte what encoding/json's Encoder writes with HTML escaping off
// (TestAppendSearchJSONWritesWhatEncodingJSONDoes), without its reflection,
// which cost about a twentieth of the server's time under uncached searches.
// A field added to the result must be added here; the test says so.
func appendSearchJSON(b []byte, r *rules.SearchResult) []byte {
	b = append(b, `{"total":`...)
	b = strconv.AppendInt(b, int64(r.Total), 10)
	b = append(b, `,"hits":`...)
	if r.Hits == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, h := range r.Hits {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"id":`...)
			b = appendJSONString(b, h.ID)
			b = append(b, `,"kind":`...)
			b = appendJSONString(b, h.Kind)
			b = append(b, `,"title":`...)
			b = appendJSONString(b, h.Title)
			b = append(b, `,"documentId":`...)
			b = appendJSONString(b, h.DocumentID)
			b = append(b, `,"edition":`...)
			b = appendJSONString(b, h.Edition)
			b = append(b, `,"score":`...)
			b = appendJSONFloat(b, h.Score)
			b = append(b, `,"snippet":`...)
			b = appendJSONString(b, h.Snippet)
			b = append(b, `,"anchor":`...)
			b = appendJSONString(b, h.Anchor)
			if len(h.NotHeld) > 0 { // omitempty: most hits hold none
				b = append(b, `,"notHeld":`...)
				b = appendCoverageJSON(b, h.NotHeld)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if len(r.Facets) > 0 { // omitempty
		b = append(b, `,"facets":{`...)
		var room [4]string // the search's three facets, without allocating
		names := room[:0]
		for name := range r.Facets {
			names = append(names, name)
		}
		slices.Sort(names)
		for i, name := range names {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, name)
			b = append(b, ':')
			counts := r.Facets[name]
			if counts == nil {
				b = append(b, "null"...)
				continue
			}
			b = append(b, '[')
			for j, f := range counts {
				if j > 0 {
					b = append(b, ',')
				}
				b = append(b, `{"value":`...)
				b = appendJSONString(b, f.Value)
				b = append(b, `,"count":`...)
				b = strconv.AppendInt(b, int64(f.Count), 10)
				b = append(b, '}')
			}
			b = append(b, ']')
		}
		b = append(b, '}')
	}
	if len(r.ReadAs) > 0 { // omitempty: a query read as typed costs nothing
		b = append(b, `,"readAs":[`...)
		for i, w := range r.ReadAs {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"typed":`...)
			b = appendJSONString(b, w.Typed)
			b = append(b, `,"as":`...)
			b = appendJSONString(b, w.As)
			b = append(b, `,"why":`...)
			b = appendJSONString(b, w.Why)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}', '\n')
}

// appendCoverageJSON appends documents' coverage (rules.DocumentCoverage)
// as encoding/json writes them.
func appendCoverageJSON(b []byte, ds []rules.DocumentCoverage) []byte {
	b = append(b, '[')
	for i, d := range ds {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"documentId":`...)
		b = appendJSONString(b, d.DocumentID)
		b = append(b, `,"title":`...)
		b = appendJSONString(b, d.Title)
		b = append(b, `,"cardRulings":`...)
		b = strconv.AppendBool(b, d.CardRulings)
		b = append(b, `,"covers":`...)
		b = strconv.AppendBool(b, d.Covers)
		if d.Letters != "" {
			b = append(b, `,"letters":`...)
			b = appendJSONString(b, d.Letters)
		}
		if d.ThroughSet != "" {
			b = append(b, `,"throughSet":`...)
			b = appendJSONString(b, d.ThroughSet)
		}
		if d.Reason != "" {
			b = append(b, `,"reason":`...)
			b = appendJSONString(b, d.Reason)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string, escaped as encoding/json
// escapes it with HTML escaping off: quote, backslash and control
// characters; U+2028 and U+2029; an invalid byte as U+FFFD.
func appendJSONString(b []byte, s string) []byte { return appendEscaped(b, s, false) }

// appendEscaped appends s as a JSON string, escaped as encoding/json
// escapes it, with HTML escaping (<, > and & as \u003c, \u003e and
// \u0026) when html: the one string writer of the search answers (off) and
// the verdicts (on, as echo's c.JSON writes them).
func appendEscaped(b []byte, s string, html bool) []byte {
	i := jsontext.PlainLen(s, html)
	if i == len(s) { // most strings: nothing to escape
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	safe := &jsonSafe
	if html {
		safe = &htmlSafe
	}
	b = append(b, '"')
	start := 0
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf {
			if safe[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
		} else {
			r, size := utf8.DecodeRuneInString(s[i:])
			switch {
			case r == utf8.RuneError && size == 1:
				b = append(b, s[start:i]...)
				b = append(b, `\ufffd`...)
				start = i + size
			case r == '\u2028' || r == '\u2029':
				b = append(b, s[start:i]...)
				b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
				start = i + size
			}
			i += size
		}
		// On to the next byte that needs a look, by words.
		i += jsontext.PlainLen(s[i:], html)
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// jsonSafe[c] and htmlSafe[c] say the ASCII byte c is written as it is,
// with HTML escaping off and on.
var jsonSafe, htmlSafe = func() (plain, html [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		plain[c] = c != '"' && c != '\\'
		html[c] = plain[c] && c != '<' && c != '>' && c != '&'
	}
	return plain, html
}()

// appendJSONFloat appends a finite f as encoding/json writes a float64.
func appendJSONFloat(b []byte, f float64) []byte {
	// A score as the search rounds it, to four decimals, is written by its
	// digits: no other decimal of four places or fewer is within half the
	// float's precision of it (below 1e11), so it is the shortest that
	// reads back as f, which strconv would have looked for.
	if f >= 1e-4 && f < 1e11 {
		if k := math.Round(f * 1e4); k/1e4 == f {
			return appendTenThousandths(b, uint64(k))
		}
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-09 is written e-9.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// appendTenThousandths appends k/10000 as a decimal without trailing zeros.
// A score below 10 (every score of a search's hits but a few) has one digit
// before the point; the four after it are written from the last not zero.
func appendTenThousandths(b []byte, k uint64) []byte {
	whole, frac := k/10000, k%10000
	if whole < 10 {
		b = append(b, byte('0'+whole))
	} else {
		b = strconv.AppendUint(b, whole, 10)
	}
	switch {
	case frac == 0:
		return b
	case frac%10 != 0:
		return append(b, '.', byte('0'+frac/1000), byte('0'+frac/100%10), byte('0'+frac/10%10), byte('0'+frac%10))
	case frac%100 != 0:
		return append(b, '.', byte('0'+frac/1000), byte('0'+frac/100%10), byte('0'+frac/10%10))
	case frac%1000 != 0:
		return append(b, '.', byte('0'+frac/1000), byte('0'+frac/100%10))
	}
	return append(b, '.', byte('0'+frac/1000))
}
