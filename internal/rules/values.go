package rules

import (
	"errors"
	"strings"
)

// The values a request names by a word (an edition, a kind of entry, a
// question) are read by one Parse function each, at the edge, into a typed
// value: REST, GraphQL, the pages, Discord and the terminal give the same
// answer to the same word. A caller may write a word in any case and with
// spaces around it ("2E", " Glossary "): the game prints editions as "1E"
// and "2E", and a bot author copies what the cards and the rulebooks say.
// Every Parse error is an *Error EINVALID with details.field naming the
// value; a transport that reads the value inside a body the contract
// answers 422 for turns the code into EUNPROCESSABLE (see WithCode),
// keeping the sentence.

// An Edition is an edition of the game as a request names it: Edition1E,
// Edition2E, or the zero Edition, none, which a filter reads as both.
// Only ParseEdition makes one from a caller's text.
type Edition string

// ParseEdition reads an edition as a caller writes it: "1e" or "2e", in any
// case, with spaces around forgiven; "" (or only spaces) is the zero
// Edition. Anything else is EINVALID naming the field "edition".
func ParseEdition(s string) (Edition, error) {
	switch e := Edition(strings.ToLower(strings.TrimSpace(s))); e {
	case "", Edition1E, Edition2E:
		return e, nil
	}
	return "", Errorf(EINVALID, "Unknown edition %q: use \"1e\" or \"2e\".", strings.TrimSpace(s)).WithDetail("field", "edition")
}

// ParseEditionRequired reads an edition that must be given, as an
// adjudication's: ParseEdition, with the zero Edition EINVALID too.
func ParseEditionRequired(s string) (Edition, error) {
	e, err := ParseEdition(s)
	if err == nil && e == "" {
		return "", Errorf(EINVALID, "Give the edition: \"1e\" or \"2e\".").WithDetail("field", "edition")
	}
	return e, err
}

// writtenEditions are the ways players write an edition into a card's name
// or a term, folded (FoldName): "Quark (2E)", "Gozar 2nd edition",
// "stopped (1st edition)".
var writtenEditions = map[string]Edition{
	"1e": Edition1E, "1 e": Edition1E, "1ed": Edition1E, "1st ed": Edition1E, "1st edition": Edition1E,
	"first edition": Edition1E,
	"2e":            Edition2E, "2 e": Edition2E, "2ed": Edition2E, "2nd ed": Edition2E, "2nd edition": Edition2E,
	"second edition": Edition2E,
}

// MaxWrittenEditionWords is how many words the longest way of writing an
// edition into a name has (WrittenEdition).
const MaxWrittenEditionWords = 2

// WrittenEdition reads an edition as players write it into a card's name
// or a term, the words folded (FoldName): "1e", "2nd edition", "First
// Edition"; ok is false for other words.
func WrittenEdition(folded string) (Edition, bool) {
	e, ok := writtenEditions[folded]
	return e, ok
}

// String returns the edition as the API writes it: "1e", "2e" or "".
func (e Edition) String() string { return string(e) }

// An EntryKind is a kind of entry a search may be narrowed to: KindSection,
// KindGlossary, KindRuling, KindCard, or the zero EntryKind, every kind.
// Only ParseEntryKind makes one from a caller's text.
type EntryKind string

// EntryKinds are the kinds of entry, in the order the API lists them.
func EntryKinds() []EntryKind {
	return []EntryKind{KindSection, KindGlossary, KindRuling, KindCard}
}

// ParseEntryKind reads a kind of entry as a caller writes it: "section",
// "glossary", "ruling" or "card", in any case, with spaces around forgiven;
// "" is the zero EntryKind. Anything else is EINVALID naming the field
// "kind".
func ParseEntryKind(s string) (EntryKind, error) {
	k := EntryKind(strings.ToLower(strings.TrimSpace(s)))
	if k == "" {
		return "", nil
	}
	for _, known := range EntryKinds() {
		if k == known {
			return k, nil
		}
	}
	return "", Errorf(EINVALID, "Unknown kind %q: use section, glossary, ruling or card.", strings.TrimSpace(s)).WithDetail("field", "kind")
}

// String returns the kind as the API writes it.
func (k EntryKind) String() string { return string(k) }

// WithDetail returns a copy of err's *Error with one more detail set, the
// original left as it is (see WithCode); any other error as it is.
func WithDetail(err error, key string, value any) error {
	var e *Error
	if !errors.As(err, &e) {
		return err
	}
	c := WithCode(err, e.Code).(*Error)
	return c.WithDetail(key, value)
}

// WithCode returns a copy of err's *Error with another code, the message
// and details kept: a value refused as EINVALID where it is a query
// parameter is EUNPROCESSABLE inside an adjudication's body. Any other
// error is returned as it is.
func WithCode(err error, code string) error {
	var e *Error
	if !errors.As(err, &e) {
		return err
	}
	c := *e
	c.Code = code
	if e.Details != nil {
		c.Details = make(map[string]any, len(e.Details))
		for k, v := range e.Details {
			c.Details[k] = v
		}
	}
	return &c
}

// MaxQueryTextBytes bounds a text a request names by a parameter or an
// argument (a search's words, a term, a card name, an id): no name, term or
// question of the game is near it, and every service's cost is bounded at
// it (see docs/limits.md).
const MaxQueryTextBytes = 500

// ParseText reads a text parameter or argument as a caller writes it:
// spaces around it trimmed, compatibility forms read as what they stand for
// (FoldCompat: "ｐｉｃａｒｄ" is "picard"); more than MaxQueryTextBytes bytes, a control
// character or invalid UTF-8 is EINVALID naming the field, the limit in
// details.limit when it is the length. "" is no text.
func ParseText(field, s string) (string, error) {
	v := strings.TrimSpace(s)
	if len(v) > MaxQueryTextBytes {
		return "", ParamTooLong(field, len(v))
	}
	if TextFault(v) {
		return "", TextRefused("The "+field+" parameter", field)
	}
	// Read as its compatibility forms stand for (FoldCompat): never
	// longer, so the bound above holds on what is read; spaces it leaves
	// at an end (a zero-width space's neighbour, a full-width space) are
	// trimmed as those sent.
	return strings.TrimSpace(FoldCompat(v)), nil
}

// ParamTooLong is ParseText's refusal of a text of n bytes, for a transport
// that measures its texts before reading them (GraphQL, on the query
// parsed).
func ParamTooLong(field string, n int) *Error {
	return textTooLongParam(field, n, MaxQueryTextBytes)
}

// textTooLongParam refuses a parameter's text of n bytes past max.
func textTooLongParam(field string, n, max int) *Error {
	return Errorf(EINVALID, "The %s parameter is %d bytes long; at most %d are allowed.", field, n, max).
		WithDetail("field", field).WithDetail("limit", max)
}
