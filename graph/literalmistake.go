package graph

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A literal of a query GraphQL cannot take for an argument is refused in
// the service's words, as REST refuses the same value in a query string:
// invalid_request naming the argument (details.field), never gqlparser's
// sentence under its own code (GRAPHQL_PARSE_FAILED "Unexpected
// <Invalid>" for first: 007, GRAPHQL_VALIDATION_FAILED for edition: 3).

// numberLiteralMistake is the refusal of a number literal the query's
// parser stopped at because it is written with a leading zero or a plus
// sign (first: 007, offset: +5), in the sentence a query string's
// ?limit=007 is refused in (rules.NumberWrittenOtherwise), naming the
// argument or input field the literal is given to; nil when the parse
// failed otherwise.
func numberLiteralMistake(ctx context.Context, ge *gqlerror.Error) *rules.Error {
	if code, _ := ge.Extensions["code"].(string); code != "GRAPHQL_PARSE_FAILED" || len(ge.Locations) != 1 {
		return nil
	}
	o, _ := ctx.Value(outcomeKey{}).(*outcome)
	if o == nil {
		return nil
	}
	q := o.query
	at, ok := byteOffset(q, ge.Locations[0].Line, ge.Locations[0].Column)
	if !ok {
		return nil
	}
	start, end := at, at
	for start > 0 && isNumberByte(q[start-1]) {
		start--
	}
	for end < len(q) && isNumberByte(q[end]) {
		end++
	}
	lit := q[start:end]
	if _, err := strconv.Atoi(lit); err != nil {
		return nil
	}
	name := nameBefore(q[:start])
	if name == "" {
		return nil
	}
	return rules.NumberWrittenOtherwise(name, lit)
}

// byteOffset is the offset in q of the place at line and column (both
// from 1; the column counted in characters, as gqlparser counts it).
func byteOffset(q string, line, column int) (int, bool) {
	off := 0
	for l := 1; l < line; l++ {
		i := strings.IndexAny(q[off:], "\r\n")
		if i < 0 {
			return 0, false
		}
		off += i + 1
		if q[off-1] == '\r' && off < len(q) && q[off] == '\n' {
			off++
		}
	}
	for c := 1; c < column; c++ {
		if off >= len(q) {
			return 0, false
		}
		_, size := utf8.DecodeRuneInString(q[off:])
		off += size
	}
	return off, off <= len(q)
}

func isNumberByte(b byte) bool { return b >= '0' && b <= '9' || b == '+' || b == '-' }

// nameBefore is the name of the argument or input field whose value starts
// where text ends ("first: " gives first), or "" when text ends otherwise
// (a list's item, a variable's default).
func nameBefore(text string) string {
	text = strings.TrimRight(text, " \t\r\n,")
	text, colon := strings.CutSuffix(text, ":")
	if !colon {
		return ""
	}
	text = strings.TrimRight(text, " \t\r\n,")
	i := len(text)
	for i > 0 && (isNameByte(text[i-1])) {
		i--
	}
	return text[i:]
}

func isNameByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// cannotRepresent is gqlparser's sentence of a literal of another type
// than its argument's: the type and the literal.
var cannotRepresent = regexp.MustCompile(`^(\w+) cannot represent [^:]*: (.*?)\.?$`)

// scalarWords say what a literal of each built-in type is written as.
var scalarWords = map[string]string{
	"String":  "text in double quotes",
	"ID":      "an id in double quotes",
	"Int":     "a whole number",
	"Float":   "a number",
	"Boolean": "true or false",
}

// literalMistake is the refusal of a literal given for the argument name
// of field that GraphQL's validation refused (gqlparser's message msg), in
// the service's words and code: what the argument takes and what it was
// given, naming it (details.field).
func literalMistake(name, field, msg string) *rules.Error {
	if m := cannotRepresent.FindStringSubmatch(msg); m != nil && scalarWords[m[1]] != "" {
		return rules.Errorf(rules.EINVALID, "%s must be %s; got %s.", name, scalarWords[m[1]], rules.Truncate(m[2])).WithDetail("field", name)
	}
	return rules.Errorf(rules.EINVALID, "The argument %s of %s is refused: %s.", name, field, rules.Truncate(strings.TrimSuffix(msg, "."))).WithDetail("field", name)
}
