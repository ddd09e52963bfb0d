package api

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/rules"
)

// maxParamLength bounds every query parameter, in bytes: no name, term or
// query of the game is longer.
const maxParamLength = 500

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

// textParam returns a query parameter, trimmed, refusing control characters
// and more than maxParamLength bytes, with the limit in details.limit.
func textParam(c echo.Context, name string) (string, error) {
	v := strings.TrimSpace(queryParam(c, name))
	if len(v) > maxParamLength {
		return "", rules.Errorf(rules.EINVALID, "The %s parameter is %d bytes long; at most %d are allowed.", name, len(v), maxParamLength).
			WithDetail("field", name).WithDetail("limit", maxParamLength)
	}
	for _, r := range v {
		if unicode.IsControl(r) || r == unicode.ReplacementChar {
			return "", rules.Errorf(rules.EINVALID, "The %s parameter holds a control character or invalid UTF-8.", name).WithDetail("field", name)
		}
	}
	return v, nil
}

// intParam returns a whole-number query parameter within [lo, hi], or def
// when it is absent.
func intParam(c echo.Context, name string, def, lo, hi int) (int, error) {
	raw := strings.TrimSpace(queryParam(c, name))
	if raw == "" {
		return def, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < lo || n > hi {
		return 0, rules.Errorf(rules.EINVALID, "The %s parameter must be a whole number from %d to %d; got %q.", name, lo, hi, truncate(raw, 40)).WithDetail("field", name)
	}
	return n, nil
}

// editionParam returns the edition filter: "", "1e" or "2e".
func editionParam(c echo.Context) (string, error) {
	v := strings.ToLower(strings.TrimSpace(queryParam(c, "edition")))
	switch v {
	case "", rules.Edition1E, rules.Edition2E:
		return v, nil
	}
	return "", rules.Errorf(rules.EINVALID, "Unknown edition %q: use \"1e\" or \"2e\".", truncate(v, 40)).WithDetail("field", "edition")
}

// idParam returns a path id, refusing what no id of the service can be.
func idParam(c echo.Context, name string) (string, error) {
	v := c.Param(name)
	if v == "" || len(v) > maxParamLength || strings.ContainsAny(v, "/\\") || strings.Contains(v, "..") {
		return "", rules.Errorf(rules.ENOTFOUND, "No entry or card has the id %q.", truncate(v, 80)).WithDetail("field", name)
	}
	for _, r := range v {
		if unicode.IsControl(r) {
			return "", rules.Errorf(rules.EINVALID, "The id holds a control character.").WithDetail("field", name)
		}
	}
	return v, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
