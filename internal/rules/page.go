package rules

import (
	"errors"
	"strconv"
	"strings"
)

// Bounds of paging, the same for every list the service answers (search
// hits, cards, entries, documents, names): a page holds at most
// MaxPageLimit items, and at most MaxPageOffset items are skipped before
// it. No list of the corpus is longer than MaxPageOffset (it holds a few
// thousand cards and entries), and a search is ranked no deeper: asking
// for the 10,001st hit is asking the index to rank the world.
const (
	MaxPageLimit  = 100
	MaxPageOffset = 10_000
)

// MaxAutocomplete is the most names one autocompletion answers: a list of
// its own, shorter bound than MaxPageLimit, on every transport.
const MaxAutocomplete = 20

// ParseLimit reads the number of items a page holds from a caller's text
// (a query parameter's value), def when it is empty. It is a whole number
// from 0 (the total alone, no items) to MaxPageLimit; anything else is
// EINVALID naming field, as the caller spelled the parameter.
func ParseLimit(field, s string, def int) (int, error) {
	n, err := wholeNumber(field, s, def)
	if err == errTooLong {
		return 0, limitError(field, strings.TrimSpace(s))
	}
	if err != nil {
		return 0, err
	}
	return CheckLimit(field, n)
}

// CheckLimit checks the number of items a page holds given as a number
// (GraphQL's first, a flag): from 0 to MaxPageLimit, else EINVALID naming
// field.
func CheckLimit(field string, n int) (int, error) { return CheckLimitOf(field, n, MaxPageLimit) }

// CheckLimitOf checks the number of items a page of a list bounded by max
// (MaxAutocomplete; never more than MaxPageLimit) holds: from 0 to max,
// else EINVALID naming field and the bound, never a page cut short
// without a word.
func CheckLimitOf(field string, n, max int) (int, error) {
	max = min(max, MaxPageLimit)
	if n < 0 || n > max {
		return 0, limitErrorOf(field, strconv.Itoa(n), max)
	}
	return n, nil
}

func limitError(field, n string) error { return limitErrorOf(field, n, MaxPageLimit) }

func limitErrorOf(field, n string, max int) error {
	return Errorf(EINVALID, "%s asks for %s items a page; a page holds 0 to %d.", field, n, max).WithDetail("field", field)
}

// ParseOffset reads the number of items skipped before a page from a
// caller's text, 0 when it is empty: a whole number from 0 to
// MaxPageOffset, else EINVALID naming field.
func ParseOffset(field, s string) (int, error) {
	n, err := wholeNumber(field, s, 0)
	if err == errTooLong {
		return 0, offsetError(field, strings.TrimSpace(s))
	}
	if err != nil {
		return 0, err
	}
	return CheckOffset(field, n)
}

// CheckOffset checks the number of items skipped before a page given as a
// number (the position after a GraphQL cursor, a flag): from 0 to
// MaxPageOffset, else EINVALID naming field.
func CheckOffset(field string, n int) (int, error) {
	if n < 0 || n > MaxPageOffset {
		return 0, offsetError(field, strconv.Itoa(n))
	}
	return n, nil
}

func offsetError(field, n string) error {
	return Errorf(EINVALID, "%s skips %s items; from 0 to %d may be skipped.", field, n, MaxPageOffset).WithDetail("field", field)
}

// errTooLong is a whole number of more digits than an int holds: past
// every bound, refused by the bound's own sentence.
var errTooLong = errors.New("whole number out of range")

// wholeNumber reads a caller's text as a whole number, def when it is
// empty or only spaces.
func wholeNumber(field, s string, def int) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	var ne *strconv.NumError
	switch {
	case errors.As(err, &ne) && ne.Err == strconv.ErrRange:
		return 0, errTooLong
	case err != nil:
		return 0, NotAWholeNumber(field, s)
	}
	if re := NumberWrittenOtherwise(field, s); re != nil {
		return 0, re
	}
	return n, nil
}

// NumberWrittenOtherwise is the refusal of the whole number s, given for
// field, when it is written otherwise than JSON and GraphQL write a number:
// with a leading zero ("007", "-05") or a plus sign ("+5"); nil when it is
// written so. A JSON body and a GraphQL query cannot hold such a number (their
// grammars refuse it), so a query string, a flag and a form refuse it too,
// in this one sentence, and every transport reads the same text alike
// (010 is 8 to a reader of octal); -0 is written so in both grammars.
func NumberWrittenOtherwise(field, s string) *Error {
	digits := strings.TrimPrefix(s, "-")
	switch {
	case strings.HasPrefix(s, "+"):
		n, _ := strconv.Atoi(s)
		return Errorf(EINVALID, "%s is written with a plus sign (%q); write the whole number as %d.", field, s, n).WithDetail("field", field)
	case len(digits) > 1 && digits[0] == '0':
		shown := strings.TrimLeft(digits, "0")
		if shown == "" {
			shown = "0"
		}
		if strings.HasPrefix(s, "-") && shown != "0" {
			shown = "-" + shown
		}
		return Errorf(EINVALID, "%s is written with a leading zero (%q); write the whole number as %s.", field, s, shown).WithDetail("field", field)
	}
	return nil
}

// NotAWholeNumber is the refusal of s, given for the whole number field
// (a page's size or offset) and not one: in one sentence on every
// transport (REST's ?limit=2.5, GraphQL's first: 2.5, the CLI's --limit).
func NotAWholeNumber(field, s string) *Error {
	return Errorf(EINVALID, "%s must be a whole number; got %q.", field, s).WithDetail("field", field)
}
