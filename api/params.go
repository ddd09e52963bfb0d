package api

import (
	"strings"
	"unicode"

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
	if read, ok := c.Get(paramsReadKey).(*[]string); ok {
		*read = append(*read, name)
	}
	return c.QueryParam(name)
}

// flagParam says whether a parameter was sent, with or without a value
// (?pretty).
func flagParam(c echo.Context, name string) bool {
	queryParam(c, name)
	_, sent := c.QueryParams()[name]
	return sent
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
	for _, r := range v {
		if unicode.IsControl(r) {
			return "", rules.Errorf(rules.EINVALID, "The id holds a control character.").WithDetail("field", name)
		}
	}
	return v, nil
}
