package jsontext

import "unicode/utf8"

// An Escaping says how a JSON string is escaped, as the writer a
// hand-written JSON writer stands in for escapes it. Every one escapes
// the quote, the backslash and the control bytes, writes U+2028 and
// U+2029 as \u2028 and \u2029 and an invalid UTF-8 byte as \ufffd; they
// differ in the short escapes of two control bytes and in HTML.
type Escaping uint8

const (
	// EncodingJSON escapes as encoding/json with HTML escaping off:
	// backspace and form feed as \b and \f.
	EncodingJSON Escaping = iota
	// EncodingJSONHTML escapes as encoding/json with HTML escaping on (as
	// echo's c.JSON writes): also <, > and & as \u003c, \u003e and \u0026.
	EncodingJSONHTML
	// Slog escapes as log/slog's JSON handler: backspace and form feed as
	// \u0008 and \u000c, nothing for HTML.
	Slog
)

const hexDigits = "0123456789abcdef"

// safe[c] and htmlSafe[c] say the ASCII byte c is written as it is, with
// HTML escaping off and on.
var safe, htmlSafe = func() (plain, html [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		plain[c] = c != '"' && c != '\\'
		html[c] = plain[c] && c != '<' && c != '>' && c != '&'
	}
	return plain, html
}()

// AppendString appends s to b as a JSON string, quoted and escaped as e
// says. The runs of bytes written as they are are found by words
// (PlainLen); a string with nothing to escape is copied whole.
func AppendString(b []byte, s string, e Escaping) []byte {
	html := e == EncodingJSONHTML
	i := PlainLen(s, html)
	if i == len(s) { // most strings: nothing to escape
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	table := &safe
	if html {
		table = &htmlSafe
	}
	short := e != Slog
	b = append(b, '"')
	start := 0
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf {
			if table[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\b' && short:
				b = append(b, '\\', 'b')
			case c == '\f' && short:
				b = append(b, '\\', 'f')
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
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
		i += PlainLen(s[i:], html)
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
