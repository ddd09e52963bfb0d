package web

import (
	"errors"
	"net/url"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/rules"
)

// pageParams are the query parameters each page takes, and each JSON answer
// the pages ask for, by method and route: the one declared list of them, as
// the /v1 routes have theirs. A page's query string is read against it as a
// /v1 route's is (api.CheckQuery), before the page reads anything: a
// parameter it does not take is a 400 page naming it with the names meant
// and a link to the address with the name corrected, one given twice a 400
// page naming it; the JSON answers say the same in the API's JSON. So a
// page and its /v1 twin answer the same query string the same way
// (/?limt=3 as /v1/search?limt=3). The home page's form sends q, edition,
// kind and document, empty or not; the assets (/static/*, /embed.js,
// /favicon.ico, /robots.txt) read no query and are not listed.
var pageParams = map[string][]string{
	"GET /":                {"q", "edition", "kind", "document", "offset"},
	"GET /entries/:id":     {"card"},
	"GET /documents":       {},
	"GET /documents/:id":   {},
	"GET /cards/named":     {"exact", "fuzzy", "edition"},
	"GET /cards/:id":       {"asked", "match"},
	"GET /adjudicate":      {"sample"},
	"POST /adjudicate":     {}, // the form's fields come in the body
	"GET /suggest":         {"q", "kind", "edition"},
	"GET /embed/card":      {"name", "id", "edition"},
	"GET /embed/cards/:id": {"asked", "match"},
	"GET /oembed":          {"url", "format", "maxwidth", "maxheight"},
}

// strictQuery reads the query string of the route method path against its
// declared parameters (pageParams), answering a mistake as a queryMistake,
// which the route shows its own way (an error page, JSON). A route with no
// list is a mistake of the code, found when the pages are registered.
func strictQuery(method, path string) echo.MiddlewareFunc {
	names, ok := pageParams[method+" "+path]
	if !ok {
		panic("web: no declared query parameters for " + method + " " + path)
	}
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			raw := c.Request().URL.RawQuery
			if raw == "" {
				return next(c)
			}
			if err := api.CheckQuery(raw, names); err != nil {
				var re *rules.Error
				if errors.As(err, &re) {
					return &queryMistake{re}
				}
				return err
			}
			return next(c)
		}
	}
}

// A queryMistake is a page's query string refused: a parameter the page
// does not take, or one given twice. Its page links the address corrected.
type queryMistake struct{ err *rules.Error }

func (q *queryMistake) Error() string { return q.err.Error() }
func (q *queryMistake) Unwrap() error { return q.err }

// A paramFix is an address with a query mistake corrected, and how it is
// shown ("?limit=3").
type paramFix struct{ URL, Label string }

// fixes are the addresses of the page the mistake of raw, its query
// string, meant: the unknown parameter renamed to each name meant, or a
// repeated one given once (its first value, the one read).
func (q *queryMistake) fixes(path, raw string) []paramFix {
	field, _ := q.err.Details["field"].(string)
	names := rules.DetailStrings(q.err, "suggestions")
	_, unknown := q.err.Details["suggestions"] // a name given twice has none
	repeated := !unknown
	if field == "" || !repeated && len(names) == 0 {
		return nil
	}
	if repeated {
		names = []string{field}
	}
	var keys []string
	for _, pair := range strings.Split(raw, "&") {
		key, _, _ := strings.Cut(pair, "=")
		if k, err := url.QueryUnescape(key); err == nil {
			key = k
		}
		keys = append(keys, key)
	}
	var out []paramFix
	for _, name := range names {
		if !repeated && slices.Contains(keys, name) {
			continue // renamed, it would be given twice
		}
		var pairs []string
		seen := false
		for _, pair := range strings.Split(raw, "&") {
			key, value, hasValue := strings.Cut(pair, "=")
			if k, err := url.QueryUnescape(key); err == nil {
				key = k
			}
			if key == field {
				if repeated && seen {
					continue
				}
				seen = true
				key = name
			}
			pair = url.QueryEscape(key)
			if hasValue {
				pair += "=" + value
			}
			pairs = append(pairs, pair)
		}
		query := strings.Join(pairs, "&")
		out = append(out, paramFix{URL: path + "?" + query, Label: rules.Truncate("?" + query)})
	}
	return out
}
