package api

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/cache"
	"github.com/stccg/stccg-rules/internal/mock"
)

// keyServices are fakes that answer every route: which parameters a
// handler reads does not depend on what the services answer.
func keyServices(*testing.T) Services {
	s := mock.NewSet()
	return Services{Reference: s.Reference, Search: s.Search, Cards: s.Cards, Adjudicator: s.Adjudicator}
}

// TestCachedReadsKeyEveryParameterTheyRead holds the cache keys to the
// handlers: every GET route of /v1 is in readParams, and each reads no
// query parameter its key leaves out, whatever it is sent. A parameter read
// but not keyed would serve one request the answer of another.
func TestCachedReadsKeyEveryParameterTheyRead(t *testing.T) {
	var read []string
	recordReads := func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			c.Set(paramsReadKey, &read)
			return next(c)
		}
	}
	e := New(Config{Services: keyServices(t), Logger: slog.New(slog.DiscardHandler), APIMiddleware: []echo.MiddlewareFunc{recordReads}})
	paths := map[string]string{
		"/v1/entries/:id":         "/v1/entries/2e-rulebook.glossary.stopped",
		"/v1/entries/:id/changes": "/v1/entries/2e-rulebook.glossary.stopped/changes",
		"/v1/cards/:id":           "/v1/cards/2e-1-394",
		"/v1/cards/:id/rulings":   "/v1/cards/2e-1-394/rulings",
	}
	values := map[string]string{"edition": "2e", "kind": "glossary", "limit": "5", "offset": "1", "document": "2e-rulebook"}
	readSome := map[string]bool{} // route and parameter
	defer func() {
		// Each route read every parameter its key holds, for some request.
		// "pretty" excepted: echo's c.JSON reads it of every answer.
		for route, names := range readParams {
			for _, n := range names {
				if !readSome[route+" "+n] && n != "pretty" {
					t.Errorf("GET %s never read %q, which its key holds", route, n)
				}
			}
		}
	}()
	for _, r := range e.Routes() {
		if !strings.HasPrefix(r.Path, "/v1/") || strings.Contains(r.Path, "*") || r.Method == echo.RouteNotFound {
			continue
		}
		names, ok := readParams[r.Path]
		if !ok {
			t.Errorf("%s %s is not in readParams: it declares no parameters (a GET's answers are never cached)", r.Method, r.Path)
			continue
		}
		if r.Method != http.MethodGet {
			continue
		}
		path := r.Path
		if p, ok := paths[r.Path]; ok {
			path = p
		}
		// Every parameter it takes, one at a time and all together, and
		// others it does not.
		var queries []url.Values
		all := url.Values{}
		for _, n := range names {
			v := values[n]
			if v == "" {
				v = "picard"
			}
			all.Set(n, v)
			queries = append(queries, url.Values{n: {v}})
		}
		// Others it does not take, alone and beside all of those: refused
		// before the handler reads any.
		unknown := url.Values{"utm_source": {"bot"}, "Q": {"x"}}
		withUnknown := url.Values{"utm_source": {"bot"}}
		for n, vs := range all {
			withUnknown[n] = vs
		}
		queries = append(queries, all, url.Values{}, unknown, withUnknown)
		if r.Path == "/v1/cards/named" {
			queries = append(queries, url.Values{"exact": {"worf"}, "edition": {"1e"}})
		}
		for _, q := range queries {
			read = read[:0]
			req := httptest.NewRequest(http.MethodGet, path+"?"+q.Encode(), nil)
			e.ServeHTTP(httptest.NewRecorder(), req)
			for _, n := range read {
				readSome[r.Path+" "+n] = true
				if !slices.Contains(names, n) {
					t.Errorf("GET %s?%s read the parameter %q, which its cache key leaves out", r.Path, q.Encode(), n)
				}
			}
		}
	}
}

// TestHandlersReadParametersOneWay: every query parameter the API reads
// goes through queryParam, so the test above sees it.
func TestHandlersReadParametersOneWay(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	direct := regexp.MustCompile(`\.(QueryParam|QueryParams|QueryString|FormValue)\(|URL\.Query\(\)`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if !direct.MatchString(line) {
				continue
			}
			switch {
			case f == "traffic.go" && strings.Contains(line, "q := u.Query()"):
				continue
			}
			t.Errorf("%s:%d reads a query parameter without queryParam: %s", f, i+1, strings.TrimSpace(line))
		}
	}
}

// TestTextParametersNameTheirLimit sends every parameter of every cached
// read one byte past the limit: each is refused, naming the parameter, and
// a text one naming its limit in bytes.
func TestTextParametersNameTheirLimit(t *testing.T) {
	e := New(Config{Services: keyServices(t), Logger: slog.New(slog.DiscardHandler)})
	long := strings.Repeat("a", maxParamLength+1)
	for route, names := range readParams {
		path := strings.NewReplacer(":id", "2e-1-394").Replace(route)
		for _, n := range names {
			if n == "pretty" {
				continue
			}
			q := url.Values{}
			switch route { // what the route needs besides
			case "/v1/search":
				q.Set("q", "stopped")
			case "/v1/define":
				q.Set("term", "stopped")
			}
			q.Set(n, long)
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path+"?"+q.Encode(), nil))
			var body errorBody
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || rec.Code != http.StatusBadRequest || body.Error.Details["field"] != n {
				t.Errorf("%s?%s=<%d bytes>: %d %s", route, n, len(long), rec.Code, rec.Body.String())
				continue
			}
			switch n {
			case "edition", "kind", "limit", "offset":
				continue // read as a word or a number, not as text
			}
			if body.Error.Details["limit"] != float64(maxParamLength) || !strings.Contains(body.Error.Message, "bytes") {
				t.Errorf("%s?%s: the refusal names no limit in bytes: %s", route, n, rec.Body.String())
			}
		}
	}
}

// TestPlainReadKeyIsTheLongWays holds the cheap key of a plain query to the
// key decoding and encoding the query gives: the same for every query it
// answers, sent in any order, with unknown parameters, names without values,
// one name repeated.
func TestPlainReadKeyIsTheLongWays(t *testing.T) {
	names := readParams["/v1/search"]
	parts := []string{"q=combat+tie", "q=", "q", "edition=2e", "edition=1e", "kind=ruling", "limit=5", "offset=10",
		"pretty", "pretty=1", "document=2e-rulebook", "cb=123", "Q=x", "q=a.b~c_d-e", "", "limit=", "x=y", "q=ds9+hq"}
	seen := 0
	for i := 0; i < 20000; i++ {
		// A deterministic walk over orders and repeats of the parts.
		n := 1 + i%6
		var sent []string
		for j := 0; j < n; j++ {
			sent = append(sent, parts[(i*7+j*13+i/len(parts)*j)%len(parts)])
		}
		u := &url.URL{Path: "/v1/search", RawQuery: strings.Join(sent, "&")}
		fast, ok := plainReadKey(u, names)
		if !ok {
			continue
		}
		seen++
		kept := url.Values{}
		for n, vs := range u.Query() {
			if slices.Contains(names, n) {
				kept[n] = vs
			}
		}
		if long := cache.RequestKey(keyFormat+u.Path, kept); fast != long {
			t.Fatalf("?%s: key %q, the long way %q", u.RawQuery, fast, long)
		}
	}
	if seen < 10000 {
		t.Fatalf("only %d of the queries were plain", seen)
	}
	for _, raw := range []string{"q=a%20b", "q=a=b", "q=caf\xc3\xa9", "q=a;b", "q=" + strings.Repeat("x", 300)} {
		if _, ok := plainReadKey(&url.URL{Path: "/v1/search", RawQuery: raw}, names); ok {
			t.Errorf("?%s is keyed the cheap way; it needs decoding, or hashing", raw)
		}
	}
}
