package api

import (
	"net/url"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/rules"
)

// maxParamLength bounds every query parameter, in bytes: no name, term or
// query of the game is longer (rules.MaxQueryTextBytes, the bound of every
// transport).
const maxParamLength = rules.MaxQueryTextBytes

// paramsReadKey, set in an echo.Context to a *[]string, collects the names
// of the query parameters a handler reads (for the test that holds the
// cache keys to them, readParams).
const paramsReadKey = "stccg.paramsRead"

// queryParam is the one way a handler reads a query parameter.
func queryParam(c echo.Context, name string) string {
	v, _ := lookUpParam(c, name)
	return v
}

// flagParam says whether a parameter was sent, with or without a value
// (?pretty).
func flagParam(c echo.Context, name string) bool {
	_, sent := lookUpParam(c, name)
	return sent
}

// lookUpParam returns the value of the query parameter name, as echo's
// QueryParam gives it, and whether it was sent: read from the query string
// itself (queryValue) rather than from the map of every parameter echo
// decodes it into. A name the route does not declare (readParams) reads as
// not sent: strictQuery refused the request had it been sent, and no
// handler reads what its route's list lacks.
func lookUpParam(c echo.Context, name string) (string, bool) {
	if read, ok := c.Get(paramsReadKey).(*[]string); ok {
		*read = append(*read, name)
	}
	if !slices.Contains(readParams[c.Path()], name) {
		return "", false
	}
	return queryValue(c.Request().URL.RawQuery, name)
}

// strictQuery reads the query string of a /v1 route once, against the
// route's declared parameters (readParams), before the response cache and
// the handler: a parameter the route does not take is 400 invalid_request
// naming it (details.field) with the names meant (details.suggestions, by
// nearFields, as for a body's unknown field), and a parameter given twice is
// 400 naming it, since two readers of "?q=a&q=b" (a proxy, a cache, this
// service) may each take another. A path of no route passes on to its 404
// or 405. wellFormedQuery has refused a query url.ParseQuery cannot read.
func strictQuery(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		raw := c.Request().URL.RawQuery
		if raw == "" {
			return next(c)
		}
		names, ok := readParams[c.Path()]
		if !ok {
			return next(c)
		}
		if err := checkQuery(raw, names); err != nil {
			return err
		}
		if err := checkPretty(raw); err != nil {
			return err
		}
		return next(c)
	}
}

// checkPretty refuses a value of ?pretty that it would not be read as: the
// JSON is indented whenever pretty is sent (echo's c.JSON reads it so), so
// ?pretty=false answered indented JSON, the opposite of what it says. It
// takes no value, or true.
func checkPretty(raw string) error {
	v, sent := queryValue(raw, "pretty")
	if !sent || v == "" || v == "true" {
		return nil
	}
	return rules.Errorf(rules.EINVALID, "The pretty parameter takes no value (?pretty indents the JSON; leave it out for plain JSON); got %q.", rules.Truncate(v)).WithDetail("field", "pretty")
}

// checkQuery says what is wrong with the query string raw of a route taking
// the parameters names (at most 64): its pairs split as url.ParseQuery
// splits them (queryValue), an empty pair ("a&&b") skipped as it skips it.
func checkQuery(raw string, names []string) error {
	var seen uint64
	for raw != "" {
		var pair string
		pair, raw = cutByte(raw, '&')
		if pair == "" {
			continue
		}
		key, _ := cutByte(pair, '=')
		if escaped(key) {
			if k, err := url.QueryUnescape(key); err == nil {
				key = k
			}
		}
		i := slices.Index(names, key)
		if i < 0 {
			return unknownParam(key, names)
		}
		if seen&(1<<i) != 0 {
			return rules.GivenTwice(key)
		}
		seen |= 1 << i
	}
	return nil
}

// CheckQuery says what is wrong with the query string raw of a route taking
// the parameters names, as every /v1 route's is read (strictQuery): a
// parameter the route does not take, or one given twice, is EINVALID
// naming it (details.field) with the names meant (details.suggestions).
// The pages read their query strings by it too, each by its own list.
func CheckQuery(raw string, names []string) error { return checkQuery(raw, names) }

// maxParamName is longer than the name of every parameter a route takes.
const maxParamName = 16

// unknownParam refuses a query parameter the route does not take, in the
// words of a body's unknown field (requestDecoder.unknown).
func unknownParam(name string, names []string) error {
	var near []string
	if len(name) <= 2*maxParamName { // nearer than two edits to none beyond
		near = nearFields(name, names)
	}
	shown := rules.Truncate(name)
	var e *rules.Error
	if len(near) > 0 {
		e = rules.Errorf(rules.EINVALID, "Unknown query parameter %q: did you mean %s?", shown, quoteAll(near))
	} else {
		near = []string{}
		takes := strings.Join(names, ", ")
		if takes == "" {
			takes = "none"
		}
		e = rules.Errorf(rules.EINVALID, "Unknown query parameter %q, which this route does not take; it takes %s.", shown, takes)
	}
	return e.WithDetail("field", shown).WithDetail("suggestions", near)
}

// queryValue returns the first value of the parameter name in the query
// string raw, decoded, and whether it is there: what url.ParseQuery(raw)
// gives for name (a pair is split at its first "=", its name and value
// unescaped; "a" is a with the value ""), without making the map of every
// pair. A pair url.ParseQuery refuses (a bad escape, a semicolon) is
// skipped, as it skips it; wellFormedQuery refuses such a query before any
// handler reads it.
func queryValue(raw, name string) (string, bool) {
	for raw != "" {
		var pair, key, value string
		pair, raw = cutByte(raw, '&')
		if pair == "" {
			continue
		}
		key, value = cutByte(pair, '=')
		if escaped(key) {
			var err error
			if key, err = url.QueryUnescape(key); err != nil {
				continue
			}
		}
		if key != name || strings.IndexByte(pair, ';') >= 0 {
			continue
		}
		if !escaped(value) {
			return value, true
		}
		v, err := url.QueryUnescape(value)
		if err != nil {
			continue
		}
		return v, true
	}
	return "", false
}

// cutByte is strings.Cut(s, string(sep)), found by strings.IndexByte: a
// request's query string is split by it about a dozen times, once for each
// parameter read, and Cut's search for a string cost several times the
// byte's.
func cutByte(s string, sep byte) (before, after string) {
	if i := strings.IndexByte(s, sep); i >= 0 {
		return s[:i], s[i+1:]
	}
	return s, ""
}

// escaped says whether s holds a byte url.QueryUnescape reads as an escape:
// % or +. A loop over a parameter's few bytes, where strings.ContainsAny
// first made a set of the two.
func escaped(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' || s[i] == '+' {
			return true
		}
	}
	return false
}

// textParam returns a query parameter as rules.ParseText reads it (trimmed;
// control characters and more than rules.MaxQueryTextBytes bytes refused,
// the limit in details.limit), as every transport reads a text.
func textParam(c echo.Context, name string) (string, error) {
	return rules.ParseText(name, queryParam(c, name))
}

// The values a query names by a word or a number are read by the domain's
// one parser of each (rules.ParseEdition, rules.ParseEntryKind,
// rules.ParseLimit, rules.ParseOffset), so a mistake is answered here as on
// GraphQL, the pages, Discord and the terminal: 400 invalid_request in the
// parser's words, naming the parameter.

// editionParam returns the edition filter, the zero Edition for both.
func editionParam(c echo.Context) (rules.Edition, error) {
	return rules.ParseEdition(queryParam(c, "edition"))
}

// kindParam returns the entry kind filter, the zero EntryKind for all.
func kindParam(c echo.Context) (rules.EntryKind, error) {
	return rules.ParseEntryKind(queryParam(c, "kind"))
}

// pageParams returns the page ?limit= and ?offset= ask for, def items from
// the start when they are absent. A limit of 0 asks for the total alone.
func pageParams(c echo.Context, def int) (limit, offset int, err error) {
	if limit, err = rules.ParseLimit("limit", queryParam(c, "limit"), def); err != nil {
		return 0, 0, err
	}
	if offset, err = rules.ParseOffset("offset", queryParam(c, "offset")); err != nil {
		return 0, 0, err
	}
	return limit, offset, nil
}

// idParam returns a path id, refusing what no id of the service can be.
func idParam(c echo.Context, name string) (string, error) {
	v := c.Param(name)
	if v == "" || len(v) > maxParamLength || strings.ContainsAny(v, "/\\") || strings.Contains(v, "..") {
		return "", rules.Errorf(rules.ENOTFOUND, "No entry or card has the id %q.", v).WithDetail("field", name)
	}
	// As every transport reads an id (rules.ParseID): a control character,
	// a bidirectional control or bytes not UTF-8 are refused, never echoed.
	return rules.ParseID(name, v)
}
