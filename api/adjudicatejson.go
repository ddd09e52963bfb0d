package api

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math/bits"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/rules"
)

//go:generate go run ./internal/decodergen -o adjudicatejson_fields.go

// DecodeAdjudication reads an adjudication request body, once and
// strictly, into req: the board and the question's params as the typed
// values of internal/rules, every limit checked as its value is read.
//
//   - A field name is matched exactly; any other (another case, a
//     misspelling) is 400 invalid_request naming its full path
//     (details.field "board.personnel[1].skils") with the fields meant
//     (details.suggestions ["skills"]). A field given twice is 400.
//   - A value of the wrong JSON type is 400 naming its path; a number
//     that is not whole, 400 saying the whole numbers the field takes.
//   - A list longer than its limit, a text longer than its limit, a
//     number outside the range the game gives it is 422 unprocessable
//     naming the field and the limit (details.limit, or details.min and
//     details.max), refused as soon as it is read: a list is not read past
//     its limit. What a turn's actions name in all is bounded too
//     (rules.MaxTurnListed).
//   - The params are read as the params of the question (rules.NewParams),
//     whatever order the body gives them in; params of a question the
//     contract does not have are 422 naming the question.
//   - Malformed JSON, anywhere in the body, is 400 as encoding/json words
//     it, before any other mistake.
//
// null is a field left out, as encoding/json reads it (a body that is null
// is refused, as any body that is no object, and so is an item of a list
// given as null: 400 naming the item). When it accepts a
// body, req holds what encoding/json reads of it, field by field
// (FuzzDecodeAdjudication). REST, GraphQL, the pages and the terminal
// read every adjudication through it.
//
// This file holds the readers of JSON values; which fields each object has,
// and the limit each is read within, is generated from the types in
// internal/rules into adjudicatejson_fields.go.
func DecodeAdjudication(body []byte, req *rules.AdjudicationRequest) error {
	d := requestDecoder{data: body}
	defer d.release()
	return d.decode(req)
}

// decode reads d's body into req, as DecodeAdjudication says.
func (d *requestDecoder) decode(req *rules.AdjudicationRequest) error {
	body := d.data
	var out rules.AdjudicationRequest
	if err := nullBody(body); err != nil {
		return err
	}
	d.skipSpace()
	if d.readAdjudicationRequest(&out) && d.end() {
		if !d.negative {
			*req = out
			return nil
		}
		// A statistic of the board below zero: only the Second Edition's
		// zero rule reads it (as zero). Otherwise it is refused where it is,
		// read again to find its place.
		if strings.EqualFold(strings.TrimSpace(out.Edition), rules.Edition2E) {
			*req = out
			return nil
		}
		// The second reading goes on in the first one's chunks and held
		// lists: what the first read is let go with out.
		*d = requestDecoder{data: body, noNegatives: true, lists: d.lists, hold: d.hold,
			ints: d.ints, strings: d.strings, locations: d.locations, spilt: d.spilt}
		out = rules.AdjudicationRequest{}
		d.skipSpace()
		if d.readAdjudicationRequest(&out) && d.end() {
			*req = out
			return nil
		}
	}
	return d.error()
}

// nullBody refuses a body that is JSON null as every body that is not an
// object is refused ("The field (the body) must be an object, not a JSON
// array."): null is a field left out only inside an object, as
// encoding/json reads a field; a request left out whole is malformed, 400,
// never read as {} and answered for the fields it lacks.
func nullBody(data []byte) error {
	if string(bytes.Trim(data, " \t\r\n")) != "null" {
		return nil
	}
	return notAnObject("null")
}

// notAnObject is the refusal of a body that is a JSON value of another
// type than an object (got as jsonTypeAt names it, or "null").
func notAnObject(got string) *rules.Error {
	const f = "(the body)"
	return rules.Errorf(rules.EINVALID, "The field %s must be %s, not a JSON %s.", f, "an object", got).WithDetail("field", f)
}

// requestDecoder reads one adjudication request from data; off is the next
// byte to read. Every reader reports false when it fails, having recorded
// why in fail; the readers it was called from add their field or index to
// the failure's path as it returns through them, so no path is built for a
// body that is read.
type requestDecoder struct {
	data []byte
	off  int
	fail failure
	// inTurn counts the turns' actions lists being read; while it is not 0,
	// turnListed counts the items of the lists that count toward a turn's
	// total (rules.MaxTurnListed).
	inTurn, turnListed int
	// negative says a statistic of the board below zero was read;
	// noNegatives refuses one (the second reading of a body whose edition
	// has no zero rule).
	negative, noNegatives bool
	// ints holds the numbers read into pointer fields, a chunk at a time:
	// one allocation for a board's statistics rather than one each.
	ints []int
	// strings holds the lists of strings read, a chunk at a time, as ints
	// the numbers.
	strings []string
	// locations holds the places read, a chunk at a time.
	locations []rules.Location
	// texts holds the text of every string value read, one after the
	// other: each string is a part of it, not an allocation of its own,
	// and the body's keys, numbers and punctuation are not copied.
	texts strings.Builder
	// lists are the scratch lists the items of lists of board objects
	// are read into (listScratch), from the pool.
	lists *decodeScratch
	// hold says the lists, numbers, strings and places read are the
	// pool's held storage (decodeAdjudicationHeld), not allocations of
	// their own; spilt says which of the held chunks of numbers, strings
	// and places filled up, the rest read into chunks of their own.
	hold  bool
	spilt spilt
}

// A failure is why the decoder stopped: its error, built once its path is
// known, and the path from where it stopped out to the body (innermost
// first).
type failure struct {
	syntax bool
	build  func(field string) *rules.Error
	path   []pathStep
	// absolute: the error names its own field (a turn's total).
	absolute bool
}

// A pathStep is a field's name or an index in a list.
type pathStep struct {
	name  string
	index int
}

// at adds a field's name to the path of the failure and reports false.
func (d *requestDecoder) at(name string) bool {
	d.fail.path = append(d.fail.path, pathStep{name: name, index: -1})
	return false
}

// atIndex adds a list's index to the path of the failure.
func (d *requestDecoder) atIndex(i int) bool {
	d.fail.path = append(d.fail.path, pathStep{index: i})
	return false
}

// field renders a path given innermost first: "board.personnel[1].skils";
// the body itself is "(the body)".
func field(path []pathStep) string {
	if len(path) == 0 {
		return "(the body)"
	}
	var b strings.Builder
	for i := len(path) - 1; i >= 0; i-- {
		s := path[i]
		if s.index >= 0 {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(s.index))
			b.WriteByte(']')
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.name)
	}
	return b.String()
}

// error is the error of the failure. Malformed JSON anywhere in the body
// comes first, as encoding/json says it.
func (d *requestDecoder) error() error {
	if d.fail.syntax || !jsonValid(d.data) {
		return syntaxError(d.data)
	}
	if d.fail.build == nil {
		return rules.Errorf(rules.EINVALID, "The request body could not be decoded.")
	}
	if d.fail.absolute {
		return d.fail.build("")
	}
	return d.fail.build(field(d.fail.path))
}

// failWith records a failure whose error build makes from its field.
func (d *requestDecoder) failWith(build func(field string) *rules.Error) bool {
	d.fail = failure{build: build}
	return false
}

// syntax records malformed JSON.
func (d *requestDecoder) syntax() bool {
	d.fail = failure{syntax: true}
	return false
}

// twice refuses a field given twice: encoding/json would keep the last.
func (d *requestDecoder) twice(name string) bool {
	d.failWith(func(f string) *rules.Error {
		return rules.Errorf(rules.EINVALID, "The field %s is given twice.", f).WithDetail("field", rules.Truncate(f))
	})
	return d.at(name)
}

// unknown refuses a field no type has, suggesting the fields of the object
// that are near it (another case, a letter or two): those meant.
func (d *requestDecoder) unknown(key []byte, fields []string) bool {
	name := string(key)
	d.failWith(func(f string) *rules.Error {
		near := nearFields(name, fields)
		where := "the request body"
		if i := strings.LastIndexByte(f, '.'); i >= 0 {
			where = f[:i]
		}
		var e *rules.Error
		if len(near) > 0 {
			e = rules.Errorf(rules.EINVALID, "Unknown field %q in %s: did you mean %s?", name, where, quoteAll(near))
		} else {
			near = []string{}
			e = rules.Errorf(rules.EINVALID, "Unknown field %q in %s, which takes "+strings.Join(fields, ", ")+".", name, where)
		}
		return e.WithDetail("field", rules.Truncate(f)).WithDetail("suggestions", near)
	})
	return d.at(keyInPath(name))
}

// keyInPath is an unknown key as a field's path names it: as it is, or,
// holding what no typed text holds (rules.TextFault), as Go quotes it
// (ca\u202erd), never echoing the character back.
func keyInPath(name string) string {
	if !rules.TextFault(name) {
		return name
	}
	q := strconv.QuoteToASCII(name)
	return q[1 : len(q)-1]
}

// unknownFieldName is the key encoding/json's "json: unknown field" error
// names, which it quotes as Go does.
func unknownFieldName(err error) string {
	quoted := strings.TrimPrefix(err.Error(), "json: unknown field ")
	if name, uerr := strconv.Unquote(quoted); uerr == nil {
		return name
	}
	return strings.Trim(quoted, `"`)
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, " or ")
}

// wrongType refuses a value of another JSON type than the field takes
// (want, in words: "a string", "a list").
func (d *requestDecoder) wrongType(want string) bool {
	got := jsonTypeAt(d.data, d.off)
	if got == "" {
		return d.syntax()
	}
	return d.failWith(func(f string) *rules.Error {
		return rules.Errorf(rules.EINVALID, "The field %s must be %s, not a JSON %s.", f, want, got).WithDetail("field", rules.Truncate(f))
	})
}

// jsonTypeAt names the JSON type of the value at off as encoding/json does
// ("string", "number", "array", "object", "bool"), "" when none begins
// there.
func jsonTypeAt(data []byte, off int) string {
	if off >= len(data) {
		return ""
	}
	switch c := data[off]; {
	case c == '"':
		return "string"
	case c == '{':
		return "object"
	case c == '[':
		return "array"
	case c == 't' || c == 'f':
		return "bool"
	case c == '-' || c >= '0' && c <= '9':
		return "number"
	}
	return ""
}

// fieldSet marks the fields of one object already given, so that a key given
// twice is refused.
type fieldSet uint64

// has says whether field n is marked.
func (s fieldSet) has(n uint) bool { return s&(1<<n) != 0 }

// first marks field n and reports whether it was not yet marked.
func (s *fieldSet) first(n uint) bool {
	if *s&(1<<n) != 0 {
		return false
	}
	*s |= 1 << n
	return true
}

// null reads null, and reports whether it did: a field given as null is a
// field left out.
func (d *requestDecoder) null() bool {
	return d.off < len(d.data) && d.data[d.off] == 'n' && d.nullHere()
}

// nullHere reads null at the decoder, whose first byte is an n.
func (d *requestDecoder) nullHere() bool {
	if d.off+4 <= len(d.data) && string(d.data[d.off:d.off+4]) == "null" && d.delimited(d.off+4) {
		d.off += 4
		return true
	}
	return false
}

// delimited says whether a literal ending at i ends there: what follows it
// is the end, white space or a delimiter.
func (d *requestDecoder) delimited(i int) bool {
	return i == len(d.data) || isSpace(d.data[i]) || isDelimiter(d.data[i])
}

// The readers of objects (generated, adjudicatejson_fields.go) read an
// object as a loop over its members: objectOpen, then for each member its
// key (member), its value, and what follows it (objectNext).

// objectOpen reads the opening of an object: more says members follow, ok
// false that it failed. null is an object left out, read as {}.
func (d *requestDecoder) objectOpen() (more, ok bool) {
	if d.null() {
		return false, true
	}
	if !d.consume('{') {
		return false, d.wrongType("an object")
	}
	d.skipSpace()
	if d.consume('}') {
		return false, true
	}
	return true, true
}

// objectNext reads what follows a member's value: a comma (more members
// follow) or the object's end.
func (d *requestDecoder) objectNext() (more, ok bool) { return d.next('}') }

// next reads what follows a member's value or a list's item: a comma (more
// follow) or end, the object's or the list's end.
func (d *requestDecoder) next(end byte) (more, ok bool) {
	data, i := d.data, d.off
	if i+1 < len(data) && data[i] == ',' && data[i+1] > ' ' {
		// As bots write it: no space around the comma.
		d.off = i + 1
		return true, true
	}
	for i < len(data) && isSpace(data[i]) {
		i++
	}
	if i < len(data) {
		switch data[i] {
		case ',':
			i++
			for i < len(data) && isSpace(data[i]) {
				i++
			}
			d.off = i
			return true, true
		case end:
			d.off = i + 1
			return false, true
		}
	}
	d.off = i
	return false, d.syntax()
}

// member reads a member's key and the colon after it, leaving the decoder
// at its value: the key, unescaped, and false when the body is malformed
// (recorded): a key keyIs did not read (another case, a misspelling, an
// escape, white space around its colon). A key of plain bytes is the body's own; one with escapes is read
// as any string.
func (d *requestDecoder) member() ([]byte, bool) {
	var key []byte
	plain := false
	if data, off := d.data, d.off; off < len(data) && data[off] == '"' {
		i := plainEnd(data, off+1)
		if plain = i < len(data) && data[i] == '"'; plain {
			key = data[off+1 : i]
			d.off = i + 1
		}
	}
	if !plain {
		var ok bool
		if key, ok = d.key(); !ok {
			return nil, false
		}
	}
	d.skipSpace()
	if !d.consume(':') {
		return nil, d.syntax()
	}
	d.skipSpace()
	return key, true
}

// keyHead is the first two bytes of the key at the decoder, the first in
// the low byte (the second is the closing quote of a key of one byte),
// which the readers of objects dispatch a key on; -1 when no key of two
// bytes or more begins there.
func (d *requestDecoder) keyHead() int {
	if data, off := d.data, d.off; off+2 < len(data) && data[off] == '"' {
		return int(data[off+1]) | int(data[off+2])<<8
	}
	return -1
}

// keyIs reads the key at the decoder and its colon when they are key (a
// field's name, its closing quote and a colon) and a value follows with no
// space before it, as bots write them, and reports whether it did; any
// other key is read by member.
func (d *requestDecoder) keyIs(key string) bool {
	data, off := d.data, d.off
	if e := off + 1 + len(key); e < len(data) && string(data[off+1:e]) == key && data[e] > ' ' {
		d.off = e
		return true
	}
	return false
}

// fieldIndex is the index of key among fields, -1 when none is it.
func fieldIndex(fields []string, key []byte) int {
	for i, f := range fields {
		if f == string(key) {
			return i
		}
	}
	return -1
}

// The readers of lists read a list as a loop over its items: arrayOpen,
// then for each item arrayItem, the item, and what follows it
// (arrayNext).

// arrayOpen reads the opening of a list: more says items follow, ok false
// that it failed.
func (d *requestDecoder) arrayOpen() (more, ok bool) {
	if !d.consume('[') {
		return false, d.wrongType("a list")
	}
	d.skipSpace()
	if d.consume(']') {
		return false, true
	}
	return true, true
}

// arrayItem says whether item i of a list within limit may be read: it
// refuses the list once it holds more items than limit, and, counted (its
// items count toward a turn's total while a turn's actions are read), the
// turn once its lists hold more than rules.TurnListLimit.
func (d *requestDecoder) arrayItem(i int, limit *rules.ListLimit, counted bool) bool {
	if i == limit.Max {
		l := *limit
		return d.failWith(func(f string) *rules.Error { return l.Exceeded(f) })
	}
	if counted {
		if d.turnListed++; d.turnListed > rules.TurnListLimit.Max {
			d.failWith(func(string) *rules.Error { return rules.TurnListLimit.Exceeded("params.actions") })
			d.fail.absolute = true
			return false
		}
	}
	if d.off < len(d.data) && d.data[d.off] == 'n' && d.nullHere() {
		// null is a field left out, never an item: a list of ships,
		// names or actions holding null holds nothing the contract
		// reads, and read as {} or "" it was refused for what it lacked
		// (an id, a question) or named no card, never for being null.
		d.failWith(nullItem)
		return d.atIndex(i)
	}
	return true
}

// nullItem refuses an item of a list given as null.
func nullItem(f string) *rules.Error {
	return rules.Errorf(rules.EINVALID, "The item %s is null: a list holds no null; leave the item out.", f).WithDetail("field", rules.Truncate(f))
}

// arrayNext reads what follows an item: a comma (more items follow) or the
// list's end.
func (d *requestDecoder) arrayNext() (more, ok bool) { return d.next(']') }

// scratch is the decoder's scratch lists, taken from the pool the first
// time a list of board objects is read.
func (d *requestDecoder) scratch() *decodeScratch {
	if d.lists == nil {
		d.lists = scratchPool.Get().(*decodeScratch)
	}
	return d.lists
}

// decodeScratch is the decoder's working space, kept from one request to
// the next: the lists of board objects being read, and the text of a
// string being unescaped.
type decodeScratch struct {
	listScratch
	text []byte
	// held is what a decoding for the REST handler hands out.
	held heldStorage
}

// release hands the scratch lists back to the pool: each list read has
// been taken off them, its items cleared, so they hold nothing of the
// request.
func (d *requestDecoder) release() {
	if d.lists != nil {
		d.lists.trim()
		if cap(d.lists.text) > maxScratchText {
			d.lists.text = nil
		}
		scratchPool.Put(d.lists)
		d.lists = nil
	}
}

var scratchPool = sync.Pool{New: func() any { return new(decodeScratch) }}

// maxScratchText is the longest unescaped text whose room the scratch
// keeps.
const maxScratchText = 4 << 10

// maxScratchItems is the most items a scratch list keeps room for from
// one request to the next: a board's lists are shorter but for the
// largest the limits allow.
const maxScratchItems = 64

// trimmed is s, or nil when it keeps room for more than maxScratchItems.
func trimmed[T any](s []T) []T {
	if cap(s) > maxScratchItems {
		return nil
	}
	return s
}

// pushed is s with one more item, zero: the scratch lists past their
// length are zero (cleared as they are taken off), so the item is not
// written.
func pushed[T any](s []T) []T {
	if len(s) < cap(s) {
		return s[:len(s)+1]
	}
	var zero T
	return append(s, zero)
}

// listOf is the list of the items read onto the scratch list s from start
// on, made at its length: one allocation, none when it is empty ([], not
// nil, as encoding/json makes it).
func listOf[T any](s []T, start int) []T {
	items := s[start:]
	if len(items) == 0 {
		return []T{}
	}
	return append(make([]T, 0, len(items)), items...)
}

// cleared takes the items from start on off the scratch list s, cleared
// so that it holds nothing of them.
func cleared[T any](s []T, start int) []T {
	clear(s[start:])
	return s[:start]
}

// str reads a string no longer than max bytes.
func (d *requestDecoder) str(s *string, max int) bool {
	// A plain string within max is read here; anything else by anyString.
	if data, off := d.data, d.off; off < len(data) && data[off] == '"' {
		if i := plainEnd(data, off+1); i < len(data) && data[i] == '"' && i-off-1 <= max {
			d.off = i + 1
			*s = d.stringOf(data[off+1 : i])
			return true
		}
	}
	return d.anyString(s, max)
}

// anyString is str of any value: null, a string with escapes or past max,
// or a value that is no string.
func (d *requestDecoder) anyString(s *string, max int) bool {
	if d.null() {
		return true
	}
	b, ok := d.text()
	if !ok {
		return false
	}
	if len(b) > max {
		n := len(b)
		return d.failWith(func(f string) *rules.Error { return rules.TextTooLong(f, n, max) })
	}
	// A plain string (str's fast path) holds no control character and
	// nothing past ASCII; any other is read by the one rule of a typed text.
	if rules.TextFaultBytes(b) {
		return d.failWith(func(f string) *rules.Error {
			return rules.WithCode(rules.TextRefused(f, f), rules.EUNPROCESSABLE).(*rules.Error)
		})
	}
	*s = d.stringOf(b)
	return true
}

// stringOf is the text b, just read, as a string: a part of texts, which
// is made with room for the texts of about half the body (bodyTextShare).
// When they are more, the texts that follow go to a new buffer with room
// for the rest of the body (a string's text is no longer than it is in
// the body but for bytes not UTF-8, each read as three): what was taken
// from the one before stays where it is, not copied.
func (d *requestDecoder) stringOf(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if d.texts.Cap()-d.texts.Len() < len(b) {
		n := len(d.data) / bodyTextShare
		if d.texts.Cap() > 0 {
			n = len(d.data) - d.off
		}
		d.texts.Reset()
		d.texts.Grow(n + len(b))
	}
	n := d.texts.Len()
	d.texts.Write(b)
	return d.texts.String()[n:]
}

// bodyTextShare: the texts of a body's string values (not its keys) take
// about a half of it in a board as bots send it (the mid-game board's
// 2 KB hold some 800 bytes of them), a deck list's names more.
const bodyTextShare = 2

// strs reads a list of strings within limit, each no longer than max
// bytes; [] is an empty list, not nil, as encoding/json makes it.
func (d *requestDecoder) strs(list *[]string, limit *rules.ListLimit, max int, turn bool) bool {
	if d.null() {
		return true
	}
	start := len(d.strings)
	more, ok := d.arrayOpen()
	counted := turn && d.inTurn > 0
	for i := 0; more; i++ {
		var s string
		if !d.arrayItem(i, limit, counted) {
			return false
		}
		if !d.str(&s, max) {
			return d.atIndex(i)
		}
		d.listString(s, &start)
		more, ok = d.arrayNext()
	}
	if !ok {
		return false
	}
	if start == len(d.strings) {
		*list = []string{}
		return true
	}
	*list = d.strings[start:len(d.strings):len(d.strings)]
	return true
}

// listString appends s to the list of strings being read, which begins at
// start in the decoder's chunk of them: the lists of a board's icons,
// skills and affiliations are parts of one allocation or two rather than
// one each, each a part no other list can append into. The first chunk
// has room for as many as a body of this length holds (firstChunk); a
// chunk full is followed by one twice its size (up to 256), the list so
// far moved there.
func (d *requestDecoder) listString(s string, start *int) {
	if len(d.strings) == cap(d.strings) {
		d.spilt |= spiltStrings
		sofar := d.strings[*start:]
		c := make([]string, 0, max(min(2*cap(d.strings), 256), 2*len(sofar), d.firstChunk(bodyBytesPerString, 8, 256)))
		d.strings = append(c, sofar...)
		*start = 0
	}
	d.strings = append(d.strings, s)
}

// strsPointer reads a list of strings that may be left out (nil).
func (d *requestDecoder) strsPointer(list **[]string, limit *rules.ListLimit, max int, turn bool) bool {
	if d.null() {
		return true
	}
	l := new([]string)
	if !d.strs(l, limit, max, turn) {
		return false
	}
	*list = l
	return true
}

// integer reads a whole number within r. board: a statistic of the board,
// which the Second Edition's zero rule lets go below zero, down to minus
// its largest (read as zero by the engine).
func (d *requestDecoder) integer(n *int, r *rules.NumberRange, board bool) bool {
	if v, ok := d.digit(r); ok {
		*n = v
		return true
	}
	if d.null() {
		return true
	}
	v, ok := d.number(r, board)
	if ok {
		*n = v
	}
	return ok
}

// intPointer reads a whole number within r that may be left out (nil).
func (d *requestDecoder) intPointer(n **int, r *rules.NumberRange, board bool) bool {
	if v, ok := d.digit(r); ok {
		*n = d.int(v)
		return true
	}
	if d.null() {
		return true
	}
	v, ok := d.number(r, board)
	if ok {
		*n = d.int(v)
	}
	return ok
}

// digit reads a number of one digit within r followed by a comma or the
// end of its object or list, as most of a board's statistics are written,
// and reports whether it did; any other value is read by number.
func (d *requestDecoder) digit(r *rules.NumberRange) (int, bool) {
	data, i := d.data, d.off
	if i+1 >= len(data) {
		return 0, false
	}
	v, next := int(data[i])-'0', data[i+1]
	if v < 0 || v > 9 || v < r.Min || v > r.Max || next != ',' && next != '}' && next != ']' {
		return 0, false
	}
	d.off = i + 1
	return v, true
}

// firstChunk is the room a decoder's first chunk of strings, places or
// numbers is made with: as many as a body of this length holds, one for
// each per bytes of it, within least and most. A board as bots send it
// (BenchmarkDecodeAdjudicationBody's mid-game board: a personnel some
// 160 bytes, with three strings in lists, four numbers and a place) is
// read with one chunk of each; a denser body takes more chunks.
func (d *requestDecoder) firstChunk(per, least, most int) int {
	return min(max(len(d.data)/per, least), most)
}

// The bytes of a body for each of the strings in its lists, each of its
// places and each of its numbers read into pointers, in a board as bots
// send it, for the size of the decoder's first chunks.
const (
	bodyBytesPerString   = 48
	bodyBytesPerLocation = 160
	bodyBytesPerNumber   = 48
)

// location is a new Location, from the decoder's chunk of them (as many
// at first as a body of this length holds, firstChunk; twice as many each
// time, up to 64): every object of a board says where it is.
func (d *requestDecoder) location() *rules.Location {
	if len(d.locations) == cap(d.locations) {
		d.spilt |= spiltLocations
		d.locations = make([]rules.Location, 0, min(max(2*cap(d.locations), d.firstChunk(bodyBytesPerLocation, 4, 64)), 64))
	}
	d.locations = d.locations[:len(d.locations)+1]
	return &d.locations[len(d.locations)-1]
}

// int is a pointer to a copy of v, from the decoder's chunk of numbers (as
// many as a body of this length holds, up to 32).
func (d *requestDecoder) int(v int) *int {
	if len(d.ints) == cap(d.ints) {
		d.spilt |= spiltInts
		d.ints = make([]int, 0, d.firstChunk(bodyBytesPerNumber, 8, 32))
	}
	d.ints = append(d.ints, v)
	return &d.ints[len(d.ints)-1]
}

// copies reads a deck line's count: at most rules.MaxDeckCopies (a count
// below one is the engine's to refuse, naming the line).
func (d *requestDecoder) copies(n **int) bool {
	if d.null() {
		return true
	}
	start := d.off
	v, ok := d.wholeNumber(&rangeCount)
	if !ok {
		return false
	}
	if v > rules.MaxDeckCopies {
		literal := string(d.data[start:d.off])
		return d.failWith(func(f string) *rules.Error { return rules.TooManyCopies(f, literal) })
	}
	*n = d.int(v)
	return true
}

// rangeCount is the range of a deck line's count, for the errors of a
// count not written whole.
var rangeCount, _ = rules.NumberRangeOf("count")

// number reads a whole number within r (see integer).
func (d *requestDecoder) number(r *rules.NumberRange, board bool) (int, bool) {
	start := d.off
	v, ok := d.wholeNumber(r)
	if !ok {
		return 0, false
	}
	least := r.Min
	if board && r.Modified && !d.noNegatives {
		least = -r.Max
	}
	if v > r.Max || v < least {
		literal := string(d.data[start:d.off])
		rr := *r
		if least < r.Min {
			// The first reading takes a number below zero of any board;
			// the refusal says the numbers the board's edition takes.
			data := d.data
			return 0, d.failWith(func(f string) *rules.Error {
				if secondEditionBody(data) {
					rr.Min = least
				}
				return rules.NumberOutOfRange(f, literal, rr)
			})
		}
		return 0, d.failWith(func(f string) *rules.Error { return rules.NumberOutOfRange(f, literal, rr) })
	}
	if v < r.Min {
		d.negative = true
	}
	return v, true
}

// secondEditionBody says whether the request body data gives the edition
// "2e" at its top, read as far as it is JSON: for a refusal only, never on
// the way of a body that is read.
func secondEditionBody(data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return false
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return false
		}
		if key != "edition" {
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return false
			}
			continue
		}
		v, err := dec.Token()
		ed, ok := v.(string)
		return err == nil && ok && strings.EqualFold(strings.TrimSpace(ed), rules.Edition2E)
	}
	return false
}

// maxPlainDigits is the most digits of an integer read as one: every such
// number fits in an int64. One with more is past every range.
const maxPlainDigits = 18

// wholeNumber reads a JSON number that is a whole number as written
// (-?(0|[1-9][0-9]*)); a fraction or an exponent is refused saying the
// numbers r holds, a whole number of more digits than any range reaches
// as out of r.
func (d *requestDecoder) wholeNumber(r *rules.NumberRange) (int, bool) {
	i := d.off
	neg := i < len(d.data) && d.data[i] == '-'
	if neg {
		i++
	}
	start := i
	var n int64
	for i < len(d.data) && '0' <= d.data[i] && d.data[i] <= '9' {
		if i-start < maxPlainDigits {
			n = n*10 + int64(d.data[i]-'0')
		}
		i++
	}
	digits := i - start
	if digits == 0 {
		if neg {
			return 0, d.syntax()
		}
		return 0, d.wrongType("a whole number")
	}
	if digits > 1 && d.data[start] == '0' {
		return 0, d.syntax()
	}
	if i < len(d.data) && (d.data[i] == '.' || d.data[i] == 'e' || d.data[i] == 'E') {
		end, ok := numberEnd(d.data, d.off)
		if !ok {
			return 0, d.syntax()
		}
		literal := string(d.data[d.off:end])
		rr := *r
		return 0, d.failWith(func(f string) *rules.Error {
			return rules.Errorf(rules.EINVALID, "The field %s must be written as a whole number from %d to %d (%s), not %s.", f, rr.Min, rr.Max, rr.Why, literal).
				WithDetail("field", rules.Truncate(f)).WithDetail("min", rr.Min).WithDetail("max", rr.Max)
		})
	}
	if !d.delimited(i) {
		return 0, d.syntax()
	}
	if digits > maxPlainDigits {
		literal := string(d.data[d.off:i])
		d.off = i
		rr := *r
		return 0, d.failWith(func(f string) *rules.Error { return rules.NumberOutOfRange(f, literal, rr) })
	}
	d.off = i
	if neg {
		n = -n
	}
	return int(n), true
}

// numberEnd is the end of the JSON number at off, and whether one is
// there.
func numberEnd(data []byte, off int) (int, bool) {
	i := off
	if i < len(data) && data[i] == '-' {
		i++
	}
	digits := func() int {
		s := i
		for i < len(data) && '0' <= data[i] && data[i] <= '9' {
			i++
		}
		return i - s
	}
	if n := digits(); n == 0 || n > 1 && data[i-n] == '0' {
		return 0, false
	}
	if i < len(data) && data[i] == '.' {
		i++
		if digits() == 0 {
			return 0, false
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if digits() == 0 {
			return 0, false
		}
	}
	return i, true
}

func (d *requestDecoder) boolean(b *bool) bool {
	if d.null() {
		return true
	}
	rest := d.data[d.off:]
	switch {
	case len(rest) >= 4 && string(rest[:4]) == "true" && d.delimited(d.off+4):
		*b = true
		d.off += 4
	case len(rest) >= 5 && string(rest[:5]) == "false" && d.delimited(d.off+5):
		*b = false
		d.off += 5
	default:
		return d.wrongType("true or false")
	}
	return true
}

// cardRef reads the card card.play plays: a card id or name, a string no
// longer than max bytes, or a card object.
func (d *requestDecoder) cardRef(c *rules.CardRef, max int) bool {
	if d.null() {
		return true
	}
	if d.off < len(d.data) && d.data[d.off] == '{' {
		c.Inline = d.inlineCard()
		return d.readInlineCard(c.Inline)
	}
	if d.off < len(d.data) && d.data[d.off] == '"' {
		return d.str(&c.Ref, max)
	}
	return d.wrongType("a card id, a name or a card object")
}

// deferredParams reads the params at start, skipped when they were met
// before the question that says what they are, as the params of the
// question q names, then goes back to where it was.
func (d *requestDecoder) deferredParams(start int, q string, dst *rules.Params, inAction bool) bool {
	end := d.off
	d.off = start
	if !d.paramsOf(q, dst, inAction) {
		return false
	}
	d.off = end
	return true
}

// paramsOf reads the params here as the params of the question q names.
// inAction: the params of a turn's action, whose question must be a move.
func (d *requestDecoder) paramsOf(q string, dst *rules.Params, inAction bool) bool {
	if d.null() {
		return true
	}
	// A question as the contract writes it is read at once; any other
	// spelling as everywhere (rules.ParseQuestion).
	// A turn's action's question is read by rules.ParseMove: the same
	// forgiveness and the same words for a name that is no question, and
	// a question that is no move refused as such.
	question, err := rules.Question(q), error(nil)
	p := d.newParams(question)
	if p == nil || inAction && !question.IsMove() {
		if inAction {
			question, err = rules.ParseMove(q, "")
		} else {
			question, err = rules.ParseQuestion(q)
		}
		p = nil
	}
	if err != nil {
		if d.jsonInvalid() {
			return d.syntax()
		}
		if inAction {
			d.failWith(func(f string) *rules.Error {
				_, err := rules.ParseMove(q, f)
				return err.(*rules.Error)
			})
		} else {
			qe := rules.WithCode(err, rules.EUNPROCESSABLE)
			d.failWith(func(string) *rules.Error { return qe.(*rules.Error) })
		}
		return d.at("question")
	}
	if p == nil {
		p = d.newParams(question)
	}
	if !d.readParams(p) {
		return d.at("params")
	}
	*dst = p
	return true
}

// failParams is readParams' failure for params of a type it does not
// know: a fault of the service, never the caller's.
func (d *requestDecoder) failParams(p rules.Params) bool {
	return d.failWith(func(f string) *rules.Error {
		return rules.Errorf(rules.EINTERNAL, "The params of %s have no reader.", p.Question())
	})
}

// jsonInvalid says whether the body is not valid JSON, for a failure that
// must give way to a syntax error.
func (d *requestDecoder) jsonInvalid() bool { return !jsonValid(d.data) }

// key reads an object's key: the body's own bytes when it has no escape.
func (d *requestDecoder) key() ([]byte, bool) {
	if d.off >= len(d.data) || d.data[d.off] != '"' {
		return nil, d.syntax()
	}
	return d.text()
}

// text reads a string value: the body's own bytes when it is plain, else
// the string as encoding/json reads it: escapes unescaped (Go's
// json.Marshal writes <, > and & as \u003c, \u003e and \u0026, so
// requirements like "Cunning>28" come escaped), a UTF-16 surrogate pair
// joined and a lone surrogate read as U+FFFD, and each byte that is not
// UTF-8 read as U+FFFD. A control character is malformed JSON.
func (d *requestDecoder) text() ([]byte, bool) {
	if !d.consume('"') {
		return nil, d.wrongType("a string")
	}
	start := d.off
	i := plainEnd(d.data, start)
	if i < len(d.data) && d.data[i] == '"' {
		d.off = i + 1
		return d.data[start:i], true
	}
	return d.unescaped(start, i)
}

// unescaped reads the rest of a string value whose text from start on is
// plain up to i, where an escape, a byte past ASCII or a malformed byte
// is: unescaped into the decoder's buffer, which the caller copies what it
// keeps out of before the next text is read.
func (d *requestDecoder) unescaped(start, i int) ([]byte, bool) {
	sc := d.scratch()
	out := append(sc.text[:0], d.data[start:i]...)
	for i < len(d.data) {
		c := d.data[i]
		switch {
		case c == '"':
			d.off = i + 1
			sc.text = out[:0]
			return out, true
		case c < 0x20:
			return nil, d.syntax()
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(d.data[i:])
			out = utf8.AppendRune(out, r) // an invalid byte is U+FFFD
			i += size
			continue
		case c != '\\':
			out = append(out, c)
			i++
			continue
		}
		if i+1 >= len(d.data) {
			return nil, d.syntax()
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
			r, ok := hex4(d.data, i+2)
			if !ok {
				return nil, d.syntax()
			}
			i += 6
			if utf16.IsSurrogate(r) {
				// A pair joins; anything else leaves U+FFFD, as encoding/json.
				if r2, ok := hex4(d.data, i+2); ok && i+1 < len(d.data) && d.data[i] == '\\' && d.data[i+1] == 'u' {
					if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
						out = utf8.AppendRune(out, dec)
						i += 6
						continue
					}
				}
				r = utf8.RuneError
			}
			out = utf8.AppendRune(out, r)
			continue
		default:
			return nil, d.syntax()
		}
		i += 2
	}
	return nil, d.syntax()
}

// plainEnd is where the plain bytes of a string's text from i on end:
// eight bytes at a time, then by plainByte.
func plainEnd(data []byte, i int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for i+8 <= len(data) {
		v := binary.LittleEndian.Uint64(data[i:])
		// The high bit of each byte that is a quote, a backslash, DEL,
		// below 0x20 or past ASCII (x-ones &^ x has it for a zero byte, exact
		// up to the first: what is found past it does not count).
		q, b, del := v^('"'*ones), v^('\\'*ones), v^(0x7f*ones)
		stop := (q-ones)&^q | (b-ones)&^b | (del-ones)&^del | (v - 0x20*ones) | v
		if stop &= highs; stop != 0 {
			return i + bits.TrailingZeros64(stop)/8
		}
		i += 8
	}
	for i < len(data) && plainByte[data[i]] {
		i++
	}
	return i
}

// plainByte marks the bytes a string's text holds as they are: not its
// quote, not an escape, not a control character (DEL is one), not past
// ASCII.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != 0x7f
	}
	return t
}()

// hex4 reads the four hex digits of a \u escape at data[i:].
func hex4(data []byte, i int) (rune, bool) {
	if i+4 > len(data) {
		return 0, false
	}
	var r rune
	for _, c := range data[i : i+4] {
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

// skipValue moves past one value, matching brackets and strings, for the
// params read once the object holding them is; the value is read in full
// then.
func (d *requestDecoder) skipValue() bool {
	data, i := d.data, d.off
	depth := 0
	for i < len(data) {
		switch c := data[i]; c {
		case '"':
			// A string: past its plain bytes, an escape's two, any other.
			i++
			for {
				if i = plainEnd(data, i); i >= len(data) {
					d.off = i
					return d.syntax()
				}
				if data[i] == '"' {
					break
				}
				if data[i] == '\\' {
					i++
				}
				i++
			}
			i++
			if depth == 0 {
				d.off = i
				return true
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth < 0 {
				d.off = i
				return d.syntax()
			}
			if depth == 0 {
				d.off = i + 1
				return true
			}
		default:
			if depth == 0 && !isSpace(c) && c != ',' {
				// A number, true, false or null: up to what follows it.
				for i < len(data) && !isSpace(data[i]) && !isDelimiter(data[i]) {
					i++
				}
				d.off = i
				return true
			}
			if depth == 0 {
				d.off = i
				return d.syntax()
			}
		}
		i++
	}
	d.off = i
	return d.syntax()
}

// end reads the white space after the body's value: anything else is
// malformed (more than one value).
func (d *requestDecoder) end() bool {
	d.skipSpace()
	if d.off != len(d.data) {
		return d.syntax()
	}
	return true
}

func (d *requestDecoder) consume(c byte) bool {
	if d.off < len(d.data) && d.data[d.off] == c {
		d.off++
		return true
	}
	return false
}

func (d *requestDecoder) skipSpace() {
	data, i := d.data, d.off
	for i < len(data) && isSpace(data[i]) {
		i++
	}
	d.off = i
}

// isSpace reports whether c is JSON whitespace.
func isSpace(c byte) bool { return c <= ' ' && (c == ' ' || c == '\t' || c == '\n' || c == '\r') }

func isDelimiter(c byte) bool { return c == ',' || c == '}' || c == ']' || c == ':' }

// jsonValid says whether data is one JSON value.
func jsonValid(data []byte) bool { return json.Valid(data) }

// syntaxError is the error of a body that is not one JSON value, in
// encoding/json's words with the byte it stopped at.
func syntaxError(data []byte) error {
	var v json.RawMessage
	err := decodeStrict(bytes.NewBuffer(data), &v)
	if err == nil {
		return rules.Errorf(rules.EINVALID, "The request body could not be decoded.")
	}
	return err
}
