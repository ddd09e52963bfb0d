package api

import (
	"encoding/json"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/rules"
)

//go:generate go run ./internal/decodergen -o adjudicatejson_fields.go

// decodeAdjudication decodes an adjudication request without encoding/json's
// reflection, which cost about a third of the server's time under
// adjudication traffic. It takes only the plain JSON that bots send and
// reports whether it did: on anything else (a key that is not the exact
// spelling of a field or holds an escape, a key given twice, null, a number
// that is not a plain integer within range, a \u escape of half a UTF-16
// surrogate pair, a control character or invalid UTF-8, an unknown field,
// trailing data, anything malformed) it
// declines and leaves req alone, and the caller decodes with encoding/json,
// whose errors name what is wrong.
//
// When it accepts, req is exactly what encoding/json with
// DisallowUnknownFields makes of body in a zero AdjudicationRequest
// (TestDecodeAdjudicationAcceptsWhatEncodingJSONDecodes,
// FuzzDecodeAdjudication).
//
// This file holds the readers of JSON values; which fields each object has
// is generated from the types in internal/rules into
// adjudicatejson_fields.go, so a field added to the request or the board is
// read here once `go generate ./...` has run
// (TestDecodeAdjudicationKnowsEveryField fails until it has). The
// maintained JSON v2 module (github.com/go-json-experiment/json) decodes the
// same bodies in 1.6 times this path's time for the contract's small bodies
// and 1.8 times for a mid-game board of eight personnel (3.6 against 5.8 µs,
// 8.6 against 15.5 µs; BenchmarkDecodeAdjudicationBody), beyond the 1.5
// times it had to come within to replace it; under adjudication traffic it
// cost some 15 µs of the server's CPU a request more. That is why this path
// is kept.
func decodeAdjudication(body []byte, req *rules.AdjudicationRequest) bool {
	// One pass for the whole body, so that strings need only be searched for
	// their closing quote.
	if !utf8.Valid(body) {
		return false
	}
	d := requestDecoder{data: body}
	var out rules.AdjudicationRequest
	if !d.readAdjudicationRequest(&out) {
		return false
	}
	d.skipSpace()
	if d.off != len(d.data) {
		return false
	}
	*req = out
	return true
}

// maxParamsDepth bounds the nesting of the params value the fast path takes,
// well inside encoding/json's limit for the whole body.
const maxParamsDepth = 100

// requestDecoder reads one adjudication request from data; off is the next
// byte to read. Every method reports false when the fast path declines.
type requestDecoder struct {
	data []byte
	off  int
}

// fieldSet marks the fields of one object already given, so that a key given
// twice is declined: encoding/json would merge the two values.
type fieldSet uint64

// first marks field n and reports whether it was not yet marked.
func (s *fieldSet) first(n uint) bool {
	if *s&(1<<n) != 0 {
		return false
	}
	*s |= 1 << n
	return true
}

// object reads an object, calling member for each key with the decoder at
// the key's value; member reads the value.
func (d *requestDecoder) object(member func(key []byte) bool) bool {
	d.skipSpace()
	if !d.consume('{') {
		return false
	}
	d.skipSpace()
	if d.consume('}') {
		return true
	}
	for {
		d.skipSpace()
		key, ok := d.plainString()
		if !ok {
			return false
		}
		d.skipSpace()
		if !d.consume(':') {
			return false
		}
		d.skipSpace()
		if !member(key) {
			return false
		}
		d.skipSpace()
		if !d.consume(',') {
			return d.consume('}')
		}
	}
}

// array reads an array, calling element with the decoder at each element;
// element reads it.
func (d *requestDecoder) array(element func() bool) bool {
	d.skipSpace()
	if !d.consume('[') {
		return false
	}
	d.skipSpace()
	if d.consume(']') {
		return true
	}
	for {
		d.skipSpace()
		if !element() {
			return false
		}
		d.skipSpace()
		if !d.consume(',') {
			return d.consume(']')
		}
	}
}

func (d *requestDecoder) str(s *string) bool {
	b, ok := d.text()
	*s = string(b)
	return ok
}

// strs reads a list of strings; [] is an empty list, not nil, as
// encoding/json makes it.
func (d *requestDecoder) strs(list *[]string) bool {
	l := []string{}
	ok := d.array(func() bool {
		b, ok := d.text()
		l = append(l, string(b))
		return ok
	})
	*list = l
	return ok
}

func (d *requestDecoder) integer(n *int) bool {
	v, ok := d.plainInt()
	*n = v
	return ok
}

func (d *requestDecoder) intPointer(n **int) bool {
	v, ok := d.plainInt()
	if !ok {
		return false
	}
	*n = &v
	return true
}

func (d *requestDecoder) boolean(b *bool) bool {
	rest := d.data[d.off:]
	switch {
	case len(rest) >= 4 && string(rest[:4]) == "true":
		*b = true
		d.off += 4
	case len(rest) >= 5 && string(rest[:5]) == "false":
		*b = false
		d.off += 5
	default:
		return false
	}
	// A letter straight after (truex) is left for the caller, which wants a
	// separator there and so declines.
	return true
}

// plainString reads a string with no escape and no control character, the
// body being valid UTF-8 already; the bytes returned are the body's.
func (d *requestDecoder) plainString() ([]byte, bool) {
	if !d.consume('"') {
		return nil, false
	}
	start := d.off
	for i := start; i < len(d.data); i++ {
		switch c := d.data[i]; {
		case c == '"':
			d.off = i + 1
			return d.data[start:i], true
		case c == '\\' || c < 0x20:
			return nil, false
		}
	}
	return nil, false
}

// text reads a string value: the body's own bytes when it has no escape,
// else the string unescaped as encoding/json does (Go's json.Marshal writes
// <, > and & as \u003c, \u003e and \u0026, so requirements like
// "Cunning>28" come escaped). It declines on a control character, an escape
// JSON does not have, and a \u escape of a UTF-16 surrogate, which
// encoding/json pairs with the next one or replaces.
func (d *requestDecoder) text() ([]byte, bool) {
	if !d.consume('"') {
		return nil, false
	}
	start, i := d.off, d.off
	for ; i < len(d.data); i++ {
		switch c := d.data[i]; {
		case c == '"':
			d.off = i + 1
			return d.data[start:i], true
		case c < 0x20:
			return nil, false
		}
		if d.data[i] == '\\' {
			break
		}
	}
	out := append(make([]byte, 0, i-start+16), d.data[start:i]...)
	for i < len(d.data) {
		c := d.data[i]
		switch {
		case c == '"':
			d.off = i + 1
			return out, true
		case c < 0x20:
			return nil, false
		case c != '\\':
			out = append(out, c)
			i++
			continue
		}
		if i+1 >= len(d.data) {
			return nil, false
		}
		switch e := d.data[i+1]; e {
		case '"', '\\', '/':
			out = append(out, e)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			if i+6 > len(d.data) {
				return nil, false
			}
			r, ok := hex4(d.data[i+2 : i+6])
			if !ok || utf16.IsSurrogate(r) {
				return nil, false
			}
			out = utf8.AppendRune(out, r)
			i += 6
			continue
		default:
			return nil, false
		}
		i += 2
	}
	return nil, false
}

// hex4 reads the four hex digits of a \u escape.
func hex4(h []byte) (rune, bool) {
	var r rune
	for _, c := range h {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// maxPlainDigits is the most digits an integer the fast path takes may have:
// every such number fits in an int64.
const maxPlainDigits = 18

// plainInt reads -?(0|[1-9][0-9]*) of at most maxPlainDigits digits that fits
// in an int. A fraction or exponent after it is left for the caller, which
// wants a separator there and so declines.
func (d *requestDecoder) plainInt() (int, bool) {
	i := d.off
	neg := i < len(d.data) && d.data[i] == '-'
	if neg {
		i++
	}
	start := i
	var n int64
	for i < len(d.data) && '0' <= d.data[i] && d.data[i] <= '9' {
		n = n*10 + int64(d.data[i]-'0')
		i++
	}
	digits := i - start
	if digits == 0 || digits > maxPlainDigits || digits > 1 && d.data[start] == '0' {
		return 0, false
	}
	if neg {
		n = -n
	}
	if int64(int(n)) != n {
		return 0, false
	}
	d.off = i
	return int(n), true
}

// raw reads any JSON value but null and keeps a copy of its bytes, as
// json.RawMessage's UnmarshalJSON does.
func (d *requestDecoder) raw(m *json.RawMessage) bool {
	start := d.off
	if !d.skipValue() {
		return false
	}
	v := d.data[start:d.off]
	if !json.Valid(v) {
		return false
	}
	*m = append(json.RawMessage(nil), v...)
	return true
}

// skipValue moves past one value, matching brackets and strings; json.Valid
// checks the rest of its grammar.
func (d *requestDecoder) skipValue() bool {
	depth := 0
	for d.off < len(d.data) {
		switch c := d.data[d.off]; c {
		case '"':
			if !d.skipString() {
				return false
			}
			if depth == 0 {
				return true
			}
			continue
		case '{', '[':
			depth++
			if depth > maxParamsDepth {
				return false
			}
		case '}', ']':
			depth--
			if depth < 0 {
				return false
			}
			if depth == 0 {
				d.off++
				return true
			}
		case 'n':
			if depth == 0 {
				return false // null
			}
		default:
			if depth == 0 && !isSpace(c) && c != ',' {
				// A number, true or false: up to the separator that follows.
				for d.off < len(d.data) && !isSpace(d.data[d.off]) && !isDelimiter(d.data[d.off]) {
					d.off++
				}
				return true
			}
			if depth == 0 {
				return false
			}
		}
		d.off++
	}
	return false
}

// skipString moves past a string, escapes and all.
func (d *requestDecoder) skipString() bool {
	for i := d.off + 1; i < len(d.data); i++ {
		switch d.data[i] {
		case '\\':
			i++
		case '"':
			d.off = i + 1
			return true
		}
	}
	return false
}

func (d *requestDecoder) consume(c byte) bool {
	if d.off < len(d.data) && d.data[d.off] == c {
		d.off++
		return true
	}
	return false
}

func (d *requestDecoder) skipSpace() {
	for d.off < len(d.data) && isSpace(d.data[d.off]) {
		d.off++
	}
}

// isSpace reports whether c is JSON whitespace.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isDelimiter(c byte) bool { return c == ',' || c == '}' || c == ']' || c == ':' }
