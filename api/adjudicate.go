package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/rules"
)

func (h *handlers) adjudicate(c echo.Context) error {
	var req rules.AdjudicationRequest
	held, err := readAdjudicationHeld(c.Request().Body, c.Request().ContentLength, &req)
	if err != nil {
		return err
	}
	v, err := h.svc.Adjudicator.Adjudicate(c.Request().Context(), req)
	if err != nil {
		// Let go, not handed back: the error is written after this returns.
		return err
	}
	if err := writeVerdict(c, v); err != nil {
		return err
	}
	// The verdict is written: nothing reads the request any more.
	releaseHeld(held)
	return nil
}

// bodyBuffers hold request bodies while they are decoded.
var bodyBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// maxPooledBody is the largest buffer kept for the next body, so one large
// request does not pin its memory.
const maxPooledBody = 64 << 10

// maxBodyHint bounds the room made for a body before it is read.
const maxBodyHint = 4 << 20

// decodeJSON reads a request body and decodes one JSON value strictly:
// unknown fields, wrong types, trailing data and malformed or truncated JSON
// are EINVALID errors naming what was wrong.
func decodeJSON(r io.Reader, v any) error {
	buf := bodyBuffers.Get().(*bytes.Buffer)
	defer releaseBody(buf)
	if err := readBody(r, -1, buf); err != nil {
		return err
	}
	return decodeStrict(buf, v)
}

// ReadAdjudication reads an adjudication request body from r and decodes
// it as DecodeAdjudication does: once, strictly, every limit checked as
// its value is read.
//
// At most rules.MaxBodyBytes of r are read, as the service reads a body: a
// longer one is EINVALID in the sentence a 413 says (rules.BodyTooLarge),
// never read cut short (a body cut at the bound may still be JSON, its
// rest lost).
func ReadAdjudication(r io.Reader, req *rules.AdjudicationRequest) error {
	err := readAdjudication(http.MaxBytesReader(nil, io.NopCloser(r), rules.MaxBodyBytes), -1, req)
	var he *echo.HTTPError
	if errors.As(err, &he) && he.Code == http.StatusRequestEntityTooLarge {
		return rules.Errorf(rules.EINVALID, "%s", rules.BodyTooLarge).WithDetail("limit", rules.MaxBodyBytes)
	}
	return err
}

// readAdjudication is ReadAdjudication of a body whose length the request
// declared (size, -1 when it did not).
func readAdjudication(r io.Reader, size int64, req *rules.AdjudicationRequest) error {
	buf := bodyBuffers.Get().(*bytes.Buffer)
	defer releaseBody(buf)
	if err := readBody(r, size, buf); err != nil {
		return err
	}
	return DecodeAdjudication(buf.Bytes(), req)
}

// readAdjudicationHeld is readAdjudication into the storage the REST
// handler hands back once it has answered (decodeAdjudicationHeld).
func readAdjudicationHeld(r io.Reader, size int64, req *rules.AdjudicationRequest) (*decodeScratch, error) {
	buf := bodyBuffers.Get().(*bytes.Buffer)
	defer releaseBody(buf)
	if err := readBody(r, size, buf); err != nil {
		return nil, err
	}
	return decodeAdjudicationHeld(buf.Bytes(), req)
}

// readBody reads a request body into buf, replacing what it held. A body
// whose length the request declared (size, -1 when it did not) is read into
// room made for it once, up to maxBodyHint: grown as it comes, a large
// body's buffer is allocated about twice over. (The body limit has refused
// a declared length past it before the handler runs; net/http gives no
// more than the declared length.)
func readBody(r io.Reader, size int64, buf *bytes.Buffer) error {
	buf.Reset()
	if size > 0 && size <= maxBodyHint {
		buf.Grow(int(size) + bytes.MinRead)
	}
	if _, err := buf.ReadFrom(r); err != nil {
		return bodyReadError(err)
	}
	if len(bytes.TrimSpace(buf.Bytes())) == 0 {
		return rules.Errorf(rules.EINVALID, "The request body is empty: send a JSON object.")
	}
	return nil
}

// releaseBody hands a body buffer back to the pool unless it grew too large.
func releaseBody(buf *bytes.Buffer) {
	if buf.Cap() <= maxPooledBody {
		bodyBuffers.Put(buf)
	}
}

// decodeStrict decodes the one JSON value in buf into v: unknown fields,
// wrong types and trailing data are errors.
func decodeStrict(buf *bytes.Buffer, v any) error {
	// Decoding straight from the buffer: the decoder reads it once, with no
	// further copy of the whole body.
	data := buf.Bytes() // what the decoder reads, kept to name the place of an error
	if err := nullBody(data); err != nil {
		return err
	}
	dec := json.NewDecoder(buf)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err, data, v)
	}
	// Only white space may follow the value: dec.More alone would take a
	// stray "}" or "]" for the end of the body.
	rest, _ := io.ReadAll(io.MultiReader(dec.Buffered(), buf))
	if len(bytes.TrimSpace(rest)) > 0 {
		off := dec.InputOffset() + int64(len(rest)-len(bytes.TrimLeft(rest, " \t\r\n")))
		return rules.Errorf(rules.EINVALID, "The request body holds more than one JSON value (more begins at byte %d).", off).WithDetail("offset", off)
	}
	// A well-formed body may still give a key twice, which the decoder
	// read as the last.
	return duplicateKey(data)
}

// jsonError turns a decoding error of the body data into a sentence naming
// the place: a value of the wrong type by its path with the index of every
// list ("board.missions[0].span"), a number the game cannot hold with the
// numbers it can, a field v does not take with those it does.
func jsonError(err error, data []byte, v any) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var re *rules.Error
	switch {
	case errors.As(err, &re):
		return re // a field's own decoder named what was wrong
	case errors.As(err, &syn):
		return rules.Errorf(rules.EINVALID, "The request body is not valid JSON (at byte %d: %s).", syn.Offset, syn.Error()).WithDetail("offset", syn.Offset)
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return rules.Errorf(rules.EINVALID, "The request body is truncated JSON.")
	case errors.As(err, &typ):
		field, literal := rules.JSONPathAt(data, typ.Offset)
		if field == "" {
			field = rules.RequestPath(typ.Field)
		}
		if field == "" {
			field = "(the body)"
		}
		if r, ok := rules.NumberRangeOf(field); ok && strings.HasPrefix(typ.Value, "number") && literal != "" {
			// A fraction, or a number past what a Go int holds: say what
			// the game's numbers are, and the number as the body wrote it.
			return rules.Errorf(rules.EINVALID, "The field %s must be written as a whole number from %d to %d (%s), not %s.", field, r.Min, r.Max, r.Why, literal).
				WithDetail("field", rules.Truncate(field)).WithDetail("min", r.Min).WithDetail("max", r.Max)
		}
		kind := rules.JSONKind(typ.Type.Kind())
		if k := typ.Type.Kind(); k >= reflect.Int && k <= reflect.Uint64 {
			kind = "a whole number"
		}
		return rules.Errorf(rules.EINVALID, "The field %s must be %s, not a JSON %s.", field, kind, rules.Truncate(typ.Value)).WithDetail("field", rules.Truncate(field))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := unknownFieldName(err)
		known := bodyFields(v)
		near := nearFields(name, known)
		if near == nil {
			near = []string{}
		}
		return rules.Errorf(rules.EINVALID, "Unknown field %q in the request body, which takes %s.", rules.Truncate(name), strings.Join(known, ", ")).
			WithDetail("field", rules.Truncate(keyInPath(name))).WithDetail("suggestions", near)
	}
	return rules.Errorf(rules.EINVALID, "The request body could not be decoded: %s.", err.Error())
}

// bodyFields are the JSON names of the fields of the struct v points to:
// what the body may hold at its top.
func bodyFields(v any) []string {
	t := reflect.TypeOf(v)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case name == "-" || !f.IsExported():
			continue
		case name == "":
			name = f.Name
		}
		out = append(out, name)
	}
	return out
}
