package rules

import (
	"errors"
	"fmt"
	"reflect"
)

// Error codes. Each transport maps a code to its status in one place.
const (
	ENOTFOUND      = "not_found"       // no such document, entry, card or term
	EAMBIGUOUS     = "ambiguous"       // a name fits several cards equally well
	EINVALID       = "invalid_request" // the request itself is malformed
	EINVALIDQUERY  = "invalid_query"   // a search query that cannot be run
	EUNPROCESSABLE = "unprocessable"   // well-formed, but cannot be adjudicated
	ERATELIMITED   = "rate_limited"    // the client is over its limit
	EINTERNAL      = "internal"        // a fault of the service, not of the caller
)

// Error is a domain error: a code, a sentence a person can act on, and details
// a program can use (a field name, suggestions, candidates).
type Error struct {
	Code    string
	Message string
	Details map[string]any
}

// Error implements the error interface.
func (e *Error) Error() string { return e.Message }

// Errorf returns an *Error with the code and a formatted message. Text
// arguments (strings, errors, Stringers) are cut to MaxQuoted characters, so
// a message never echoes a caller's input at length.
func Errorf(code, format string, args ...any) *Error {
	clipped := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case string:
			clipped[i] = Truncate(v)
		case error, fmt.Stringer:
			clipped[i] = Truncate(fmt.Sprint(v)) // fmt survives a nil receiver
		default:
			clipped[i] = a
		}
	}
	return &Error{Code: code, Message: fmt.Sprintf(format, clipped...)}
}

// MaxQuoted is the most characters of one piece of text an error message
// quotes, the mark of a cut included.
const MaxQuoted = 100

// Truncate clips a caller's text quoted in an error to MaxQuoted
// characters, the last of them "…" when it was cut (see Clip).
func Truncate(s string) string { return Clip(s, MaxQuoted) }

// WithDetail returns e with one more detail set; it changes e in place.
func (e *Error) WithDetail(key string, value any) *Error {
	if e.Details == nil {
		e.Details = map[string]any{}
	}
	e.Details[key] = value
	return e
}

// ErrorCode returns the code of the first *Error in err's chain, EINTERNAL for
// any other error and "" for nil.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the message of the first *Error in err's chain, or a
// generic sentence for any other error, so internals never reach a caller.
func ErrorMessage(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "An internal error occurred."
}

// ErrorDetails returns the details of the first *Error in err's chain, or nil.
func ErrorDetails(err error) map[string]any {
	var e *Error
	if errors.As(err, &e) {
		return e.Details
	}
	return nil
}

// DetailStrings returns a detail of err that is a list of strings
// ("suggestions", "candidates"), whatever slice type the service used or
// JSON decoding gave; nil when there is none.
func DetailStrings(err error, key string) []string {
	switch x := ErrorDetails(err)[key].(type) {
	case []string:
		return x
	case []any:
		out := make([]string, 0, len(x))
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// JSONKind says in words which JSON value a Go value of kind k is read
// from, for the errors of a field given a value of the wrong type: "a
// number", "a list".
func JSONKind(k reflect.Kind) string {
	switch k {
	case reflect.Int, reflect.Int64, reflect.Int32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice:
		return "a list"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "a " + k.String()
}

// GivenTwice is the refusal of a parameter given twice in one request (a
// query parameter, a GraphQL argument, a flag, a Discord option): in one
// sentence on every transport, naming it (details.field). A proxy or a
// cache reading the last of two would read another request than the one
// answered.
func GivenTwice(name string) *Error {
	name = Truncate(name)
	return Errorf(EINVALID, "The %s parameter is given twice: give it once.", name).WithDetail("field", name)
}
