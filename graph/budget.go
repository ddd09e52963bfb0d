package graph

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"reflect"
	"sync/atomic"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// What one answer may hold, metered as it is resolved: a query's
// complexity is priced before it runs from the most its lists can hold,
// and this is what it does hold. Past either bound the fields not yet
// resolved are answered null with one error that says so, so the answer is
// never assembled, nor written, beyond it.
const (
	// MaxAnswerBytes bounds the JSON of one answer's data: a page of 100
	// cards with every field is some 200 KB, the worst turn's steps with
	// their citations about 1 MB.
	MaxAnswerBytes = 4 << 20
	// MaxAnswerFields bounds the fields one answer resolves, items of lists
	// included: some hundred microseconds of resolving per thousand.
	MaxAnswerFields = 50_000
)

// answerLimitCode is the code of an answer cut at MaxAnswerBytes or
// MaxAnswerFields.
const answerLimitCode = "ANSWER_LIMIT_EXCEEDED"

// AnswerBudget meters what an answer holds as its fields resolve: the bytes
// each adds to the JSON (a field's name, a scalar's value, a JSON scalar
// written once, here, and its bytes handed on) and the fields. A field
// resolved after the request's deadline has passed, or after the answer is
// full, is not resolved.
type AnswerBudget struct {
	MaxBytes, MaxFields int
}

var _ interface {
	graphql.HandlerExtension
	graphql.ResponseInterceptor
	graphql.FieldInterceptor
} = AnswerBudget{}

// ExtensionName names the extension.
func (AnswerBudget) ExtensionName() string { return "AnswerBudget" }

// Validate checks the schema; any schema will do.
func (AnswerBudget) Validate(graphql.ExecutableSchema) error { return nil }

// meter is one answer's count, shared by the fields resolving concurrently.
type meter struct {
	bytes, fields atomic.Int64
	// full is the bound the answer reached, nil until then: once set, no
	// field resolves any more. The bound and its figure are published
	// together, so a field that finds the answer full reads both.
	full     atomic.Pointer[bound]
	reported atomic.Bool // its error given once
}

// bound is the bound an answer reached: which measure, and its limit.
type bound struct {
	measure string
	max     int
}

type meterKey struct{}

// InterceptResponse meters the answer's fields (InterceptField), and
// refuses the data of an answer that grew past MaxBytes all the same.
func (b AnswerBudget) InterceptResponse(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
	m := &meter{}
	resp := next(context.WithValue(ctx, meterKey{}, m))
	if resp == nil {
		return nil
	}
	if len(resp.Data) > b.MaxBytes+b.MaxBytes/4 {
		resp.Data = nil
		resp.Errors = append(resp.Errors, answerLimit("bytes", b.MaxBytes, nil))
	}
	// The fields left out after the first say nothing more.
	kept := resp.Errors[:0]
	for _, e := range resp.Errors {
		if e.Message != cutMessage {
			kept = append(kept, e)
		}
	}
	resp.Errors = kept
	return resp
}

// InterceptField resolves a field unless the request's deadline has passed
// or the answer is full, and adds what the field writes to the answer's
// count.
func (b AnswerBudget) InterceptField(ctx context.Context, next graphql.Resolver) (any, error) {
	m, _ := ctx.Value(meterKey{}).(*meter)
	if m == nil {
		return next(ctx)
	}
	if err := ctx.Err(); err != nil {
		// Past the deadline: said once, the rest left out.
		if m.reported.CompareAndSwap(false, true) {
			return nil, err
		}
		return nil, errCut()
	}
	if m.full.Load() != nil {
		return nil, m.cut(ctx)
	}
	if m.fields.Add(1) > int64(b.MaxFields) {
		return nil, m.fill(ctx, "fields", b.MaxFields)
	}
	res, err := next(ctx)
	if err != nil {
		return res, err
	}
	n := 4 // quotes, colon, comma
	if fc := graphql.GetFieldContext(ctx); fc != nil {
		n += len(fc.Field.Alias)
	}
	if js, ok := res.(map[string]any); ok && js != nil {
		// A JSON scalar (a verdict's result) is written here once, to be
		// measured, and its bytes handed on to be copied as they are.
		var buf bytes.Buffer
		graphql.MarshalMap(js).MarshalGQL(&buf)
		n += buf.Len()
		res = rawJSON(buf.Bytes())
	} else {
		n += valueBytes(res)
	}
	if m.bytes.Add(int64(n)) > int64(b.MaxBytes) {
		return nil, m.fill(ctx, "bytes", b.MaxBytes)
	}
	return res, nil
}

// rawJSON is JSON already written, written again as it is.
type rawJSON []byte

func (r rawJSON) MarshalGQL(w io.Writer) { _, _ = w.Write(r) }

// fill marks the answer full at a bound, and returns its error.
func (m *meter) fill(ctx context.Context, measure string, max int) error {
	m.full.CompareAndSwap(nil, &bound{measure: measure, max: max})
	return m.cut(ctx)
}

// cut is the error of a field not resolved for a full answer: the bound's,
// the first time; then errCut's, which the error presenter leaves out.
func (m *meter) cut(ctx context.Context) error {
	if !m.reported.CompareAndSwap(false, true) {
		return errCut()
	}
	b := m.full.Load()
	return answerLimit(b.measure, b.max, graphql.GetPath(ctx))
}

func answerLimit(measure string, max int, path ast.Path) *gqlerror.Error {
	msg := fmt.Sprintf("The answer would hold more than %d bytes; the fields from here on are left out. Ask for fewer fields or a smaller page.", max)
	if measure == "fields" {
		msg = fmt.Sprintf("The answer would hold more than %d fields; the fields from here on are left out. Ask for fewer fields or a smaller page.", max)
	}
	gerr := gqlerror.Errorf("%s", msg)
	gerr.Extensions = map[string]any{"code": answerLimitCode, "details": map[string]any{"measure": measure, "limit": max}}
	if len(path) > 0 {
		gerr.Path = path
	}
	return gerr
}

// cutMessage is the message of a field left out of a full answer after the
// first, whose error already says why; the presenter leaves such errors out.
const cutMessage = "left out: the answer is full"

// errCut is the error of a field left out of a full answer after the first:
// a new value each time, since gqlgen writes the field's path into the
// error it is given, from the goroutine of each field.
func errCut() *gqlerror.Error {
	return &gqlerror.Error{Message: cutMessage, Extensions: map[string]any{"code": answerLimitCode}}
}

// valueBytes is about what a resolved value adds to the JSON beside its
// fields: a scalar's text, a list's brackets and commas (its items' fields
// are metered as they resolve), an object's braces.
func valueBytes(v any) int {
	switch x := v.(type) {
	case nil:
		return 4
	case string:
		return len(x) + 2
	case *string:
		if x == nil {
			return 4
		}
		return len(*x) + 2
	case []string:
		n := 2
		for _, s := range x {
			n += len(s) + 3
		}
		return n
	case bool, *bool, int, *int, int64, float64, *float64:
		return 8
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Slice {
		return 2 + rv.Len()
	}
	return 2
}
