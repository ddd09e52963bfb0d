package api_test

import (
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/web"
)

// A JSON body is UTF-8: one said to be in another charset is refused 415
// naming the charset, on every route that reads a body (GraphQL's too), where it was read
// as UTF-8 all the same; utf-8 in any case, quoted or not, is read.
func TestABodyInAnotherCharsetIsRefused(t *testing.T) {
	srv := newServer(t)
	for _, c := range []struct {
		ctype string
		want  int
	}{
		{"application/json; charset=iso-8859-1", 415},
		{"text/plain; charset=utf-16", 415},
		{"application/json; charset=UTF-8", 200},
		{`application/json; charset="utf-8"`, 200},
		{"text/plain;charset=utf8", 200},
	} {
		for _, path := range []string{"/v1/cards/collection", "/v1/adjudicate"} {
			body := `{"identifiers":[]}`
			if path == "/v1/adjudicate" {
				body = `{"edition":"2e","question":"ship.damage","board":{"ships":[{"id":"s","range":7,"weapons":6,"shields":6}]},"params":{"ship":"s","add":1}}`
			}
			req, _ := http.NewRequest(http.MethodPost, srv.URL+path, strings.NewReader(body))
			req.Header.Set("Content-Type", c.ctype)
			res, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			out, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != c.want || c.want == 415 && !strings.Contains(string(out), "charset") {
				t.Errorf("%s as %s: %d %s, want %d", path, c.ctype, res.StatusCode, out, c.want)
			}
		}
	}
}

// A GraphQL query is Unicode text: bytes in it that are not UTF-8 are
// refused naming the query, wherever they stand (in a comment they were
// read as U+FFFD and the query answered).
func TestAGraphQLQueryNotUTF8IsRefused(t *testing.T) {
	srv := newServer(t)
	status, out := post(t, srv.URL, "/graphql", []byte("{\"query\":\"{ __typename } # \xff\"}"))
	code, message, field := refusalOf(t, out)
	if status != 400 || code != "invalid_request" || field != "query" || !strings.Contains(message, "UTF-8") {
		t.Errorf("%d %s", status, out)
	}
}

// A path no route has is answered 404 naming the path as it was read
// (percent-encoded): a trailing slash, a doubled one, a capital or a dot
// segment is seen; an encoded slash is within its segment, so no route's
// path, never a 405 saying GET is allowed to a GET.
func TestAPathNoRouteHasIsNamed(t *testing.T) {
	srv := newServer(t)
	for path, want := range map[string]string{
		"/v1/search/?q=stopped":       "/v1/search/",
		"//v1/search?q=stopped":       "//v1/search",
		"/v1//cards":                  "/v1//cards",
		"/V1/search":                  "/V1/search",
		"/v1/./search":                "/v1/./search",
		"/v1/documents;x=1":           "/v1/documents;x=1",
		"/v1/cards%2Fnamed?fuzzy=wo":  "/v1/cards%2Fnamed",
		"/v1/no%0Asuch":               "/v1/no%0Asuch",
		"/v1/cards/named/?fuzzy=worf": "/v1/cards/named/",
		"/v1/cards//rulings":          "/v1/cards//rulings",
		"/v1/cards/1e-101-251/":       "/v1/cards/1e-101-251/",
		"/v1/entries/x/":              "/v1/entries/x/",
		"/v1/adjudicate/":             "/v1/adjudicate/",
		"/graphql/":                   "/graphql/",
		"/cards/named/?fuzzy=worf":    "/cards/named/",
	} {
		var body errorBody
		status := get(t, srv, path, &body)
		if status != 404 || body.Error.Code != "not_found" || body.Error.Details["path"] != want ||
			body.Error.Message != "No route is at "+want+": see /openapi.json for the API." {
			t.Errorf("%s: %d %+v, want 404 naming %s", path, status, body.Error, want)
		}
	}
}

// A path with an empty segment is no route's, on the pages as on the API:
// a browser is shown the page saying so, anyone else the API's 404 naming
// it. echo read a trailing slash into a page's last parameter:
// /cards/named/?fuzzy=worf was the card page of the id "named/", a 400 for
// its query, and /cards/x/ the card "x/".
func TestAPageOfAnEmptySegmentIsNoRoute(t *testing.T) {
	s := services(t)
	srv := newServerWith(t, api.Config{Mount: func(e *echo.Echo, mw ...echo.MiddlewareFunc) {
		web.New(web.Config{Reference: s.Reference, Search: s.Search, Cards: s.Cards, Logger: slog.New(slog.DiscardHandler)}).Register(e, mw...)
	}})
	for _, path := range []string{"/cards/named/?fuzzy=worf", "/cards/1e-101-251/", "/entries/x/", "/documents/1e-rulebook/", "/embed/cards/1e-101-251/", "/cards//x", "/documents/"} {
		for _, accept := range []string{"text/html", "application/json"} {
			req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
			req.Header.Set("Accept", accept)
			res, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			out, _ := io.ReadAll(res.Body)
			res.Body.Close()
			want, _, _ := strings.Cut(path, "?")
			page := strings.Contains(string(out), "No such page")
			if res.StatusCode != 404 || accept == "text/html" && !page ||
				accept != "text/html" && !strings.Contains(string(out), `"path":"`+want+`"`) {
				t.Errorf("%s as %s: %d %.200s, want 404 naming it", path, accept, res.StatusCode, out)
			}
		}
	}
}

// A path a mounted route has (a page's, Discord's), asked with another
// method, is a 405 with the Allow header naming the methods it takes, and
// OPTIONS is answered them: the pages' catch-all answered both a 404.
func TestAMountedRouteAskedWithAnotherMethodIs405(t *testing.T) {
	s := services(t)
	srv := newServerWith(t, api.Config{Mount: func(e *echo.Echo, mw ...echo.MiddlewareFunc) {
		web.New(web.Config{Reference: s.Reference, Search: s.Search, Cards: s.Cards, Logger: slog.New(slog.DiscardHandler)}).Register(e, mw...)
		e.POST("/discord/interactions", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
	}})
	for _, c := range []struct{ method, path, allow string }{
		{http.MethodGet, "/discord/interactions", "POST"},
		{http.MethodPut, "/adjudicate", "GET, HEAD, POST"},
		{http.MethodDelete, "/entries/x", "GET, HEAD"},
		{http.MethodOptions, "/", "GET, HEAD"},
	} {
		req, _ := http.NewRequest(c.method, srv.URL+c.path, nil)
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		want := http.StatusMethodNotAllowed
		if c.method == http.MethodOptions {
			want = http.StatusNoContent
		}
		if res.StatusCode != want || res.Header.Get("Allow") != c.allow {
			t.Errorf("%s %s: %d Allow %q, want %d Allow %q", c.method, c.path, res.StatusCode, res.Header.Get("Allow"), want, c.allow)
		}
	}
}

// A path two routes match (/v1/cards/collection: the collection's POST,
// the card route's GET) is answered every one's methods, whatever order
// echo lists its routes in (it said one or the other, by chance).
func TestAPathTwoRoutesMatchAllowsBothMethods(t *testing.T) {
	srv := newServer(t)
	req, _ := http.NewRequest(http.MethodPut, srv.URL+"/v1/cards/collection", nil)
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 405 || res.Header.Get("Allow") != "GET, HEAD, POST" {
		t.Errorf("%d Allow %q, want 405 Allow GET, HEAD, POST", res.StatusCode, res.Header.Get("Allow"))
	}
}
