package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/graph"
	"github.com/stccg/stccg-rules/internal/cache"
	"github.com/stccg/stccg-rules/internal/ratelimit"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/syncbuf"
	"github.com/stccg/stccg-rules/web"
)

func TestInProcessRateLimitRefusesWith429AndHeaders(t *testing.T) {
	lim, err := ratelimit.New(ratelimit.Config{PerMinute: 3, Keys: map[string]int{"bot-1": 0, "bot-2": 0}, Now: stillClock()})
	if err != nil {
		t.Fatal(err)
	}
	srv := newServerWith(t, api.Config{Limiter: lim})
	codes := []int{}
	var last *http.Response
	for range 5 {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/v1/documents", nil)
		req.Header.Set("X-API-Key", "bot-1")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		codes = append(codes, res.StatusCode)
		last = res
	}
	if codes[2] != 200 || codes[3] != 429 || codes[4] != 429 {
		t.Fatalf("statuses %v, want three 200 then 429", codes)
	}
	if last.Header.Get("Retry-After") == "" || last.Header.Get("X-RateLimit-Limit") != "3" || last.Header.Get("X-RateLimit-Remaining") != "0" {
		t.Fatalf("headers %v", last.Header)
	}
	// Another key issued has its own allowance; health checks are never
	// limited.
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/v1/documents", nil)
	req.Header.Set("X-API-Key", "bot-2")
	if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != 200 {
		t.Fatalf("another client refused: %v %v", res.StatusCode, err)
	}
	var body errorBody
	if code := get(t, srv, "/healthz", &body); code != 200 {
		t.Fatalf("/healthz limited: %d", code)
	}
}

func TestReadsAndMissesAreCachedAndErrorsAreNot(t *testing.T) {
	lru, err := cache.NewLRU(100, 1<<20, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	srv := newServerWith(t, api.Config{Responses: cache.NewResponses(lru, time.Minute, 0)})
	fetch := func(path string) (*http.Response, []byte) {
		t.Helper()
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return res, body
	}
	first, a := fetch("/v1/define?term=stopped&edition=2e")
	// The parameters in another order.
	second, b := fetch("/v1/define?edition=2e&term=stopped")
	if first.Header.Get("X-Cache") != "MISS" || second.Header.Get("X-Cache") != "HIT" {
		t.Fatalf("X-Cache %q then %q, want MISS then HIT (parameters in any order)", first.Header.Get("X-Cache"), second.Header.Get("X-Cache"))
	}
	// One the route does not take, or one given twice, is refused before
	// the cache: neither answered from it nor kept in it.
	for _, path := range []string{"/v1/define?edition=2e&term=stopped&utm_source=discord-bot", "/v1/define?edition=2e&term=stopped&term=mirror"} {
		for range 2 {
			res, body := fetch(path)
			if res.StatusCode != http.StatusBadRequest || res.Header.Get("X-Cache") != "" {
				t.Fatalf("%s: %d X-Cache %q %s, want a 400 the cache never saw", path, res.StatusCode, res.Header.Get("X-Cache"), body)
			}
		}
	}
	if !bytes.Equal(a, b) || second.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("cached answer differs: %s vs %s, %q", a, b, second.Header.Get("Content-Type"))
	}
	// A cached read goes out whole, its length known, and a browser never
	// reads it as anything but JSON, whether computed or kept.
	for _, path := range []string{"/v1/define?term=stopped&edition=2e", "/v1/search?q=stopped+cards", "/v1/search?q=stopped+cards"} {
		res, body := fetch(path)
		if n := res.Header.Get("Content-Length"); n != strconv.Itoa(len(body)) || len(res.TransferEncoding) > 0 {
			t.Errorf("%s (%s): Content-Length %q, Transfer-Encoding %q for %d bytes", path, res.Header.Get("X-Cache"), n, res.TransferEncoding, len(body))
		}
		if got := res.Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s (%s): X-Content-Type-Options %q, want nosniff", path, res.Header.Get("X-Cache"), got)
		}
	}
	// A miss costs what a hit does, and is kept as one: its status, body
	// and suggestions.
	for i, path := range []string{"/v1/cards/named?fuzzy=qzxv+wrvk", "/v1/cards/named?fuzzy=qzxv%20wrvk", "/v1/define?term=nosuchterm", "/v1/define?term=nosuchterm"} {
		res, body := fetch(path)
		var e errorBody
		if err := json.Unmarshal(body, &e); err != nil || res.StatusCode != 404 || e.Error.Code != "not_found" {
			t.Fatalf("%s: %d %s", path, res.StatusCode, body)
		}
		if want := []string{"MISS", "HIT"}[i%2]; res.Header.Get("X-Cache") != want {
			t.Fatalf("%s: X-Cache %q, want %s", path, res.Header.Get("X-Cache"), want)
		}
	}
	// A refused request is answered anew each time, as is a name in
	// another case, which is another parameter the route does not take.
	for range 2 {
		res, body := fetch("/v1/define?Term=stopped")
		if res.StatusCode != 400 || res.Header.Get("X-Cache") == "HIT" || !strings.Contains(string(body), "term") {
			t.Fatalf("?Term=: %d, X-Cache %q: %s", res.StatusCode, res.Header.Get("X-Cache"), body)
		}
	}
}

// limitedServer serves the API and the pages with a limit of perMinute
// requests per client.
// stillClock is a limiter's clock that does not move: a test counts what a
// limit lets through, however long the machine takes to send the requests.
func stillClock() func() time.Time {
	now := time.Now()
	return func() time.Time { return now }
}

func limitedServer(t *testing.T, perMinute int, trusted ...string) *httptest.Server {
	t.Helper()
	lim, err := ratelimit.New(ratelimit.Config{PerMinute: perMinute, Now: stillClock()})
	if err != nil {
		t.Fatal(err)
	}
	var nets []*net.IPNet
	for _, s := range trusted {
		_, n, err := net.ParseCIDR(s)
		if err != nil {
			t.Fatal(err)
		}
		nets = append(nets, n)
	}
	s := services(t)
	site := web.New(web.Config{Reference: s.Reference, Search: s.Search, Cards: s.Cards, Adjudicator: s.Adjudicator,
		Logger: slog.New(slog.DiscardHandler)})
	return newServerWith(t, api.Config{Limiter: lim, TrustedProxies: nets, Mount: site.Register})
}

// send makes one request with the headers given (name, value, ...) and
// returns its status, Content-Type and body.
func send(t *testing.T, method, url, body string, headers ...string) (int, string, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Content-Type"), string(b)
}

func TestRateLimitIgnoresForwardedAddressesFromUntrustedPeers(t *testing.T) {
	srv := limitedServer(t, 2)
	for i := range 2 {
		if code, _, body := send(t, "GET", srv.URL+"/v1/documents", ""); code != 200 {
			t.Fatalf("request %d: %d %s", i, code, body)
		}
	}
	for _, h := range [][]string{
		{"X-Forwarded-For", "203.0.113.7"},
		{"X-Forwarded-For", "198.51.100.1, 203.0.113.8"},
		{"X-Real-IP", "203.0.113.9"},
	} {
		if code, _, _ := send(t, "GET", srv.URL+"/v1/documents", "", h...); code != 429 {
			t.Errorf("%s: %s from an untrusted peer got %d, want 429: the header chose a fresh limit", h[0], h[1], code)
		}
	}
}

func TestRateLimitTakesTheClientAddressFromATrustedProxy(t *testing.T) {
	srv := limitedServer(t, 1, "127.0.0.0/8")
	if code, _, _ := send(t, "GET", srv.URL+"/v1/documents", "", "X-Real-IP", "203.0.113.7"); code != 200 {
		t.Fatalf("first client: %d", code)
	}
	if code, _, _ := send(t, "GET", srv.URL+"/v1/documents", "", "X-Real-IP", "203.0.113.7"); code != 429 {
		t.Fatalf("first client again: %d, want 429", code)
	}
	if code, _, _ := send(t, "GET", srv.URL+"/v1/documents", "", "X-Real-IP", "203.0.113.8"); code != 200 {
		t.Fatalf("second client behind the proxy: %d, want its own limit", code)
	}
	if code, _, _ := send(t, "GET", srv.URL+"/v1/documents", "", "X-Forwarded-For", "203.0.113.9"); code != 200 {
		t.Fatalf("third client named in X-Forwarded-For: %d, want its own limit", code)
	}
}

func TestRateLimitCoversTheWebPagesButNotTheirAssets(t *testing.T) {
	srv := limitedServer(t, 2)
	if code, _, _ := send(t, "GET", srv.URL+"/?q=stopped", ""); code != 200 {
		t.Fatalf("search page: %d", code)
	}
	if code, _, _ := send(t, "GET", srv.URL+"/v1/documents", ""); code != 200 {
		t.Fatalf("API: %d", code)
	}
	// The allowance is spent: every route that does work refuses.
	code, ct, body := send(t, "GET", srv.URL+"/?q=stopped", "")
	if code != 429 || !strings.HasPrefix(ct, "text/html") || !strings.Contains(body, "Too many requests") {
		t.Fatalf("search page over the limit: %d %q %.300s", code, ct, body)
	}
	for _, r := range []struct{ method, path, body string }{
		{"GET", "/entries/2e-rulebook.glossary.stopped", ""},
		{"GET", "/cards/named?fuzzy=enterprise", ""},
		{"GET", "/cards/2e-1-394", ""},
		{"POST", "/adjudicate", "edition=2e&question=ship.move&board=%7B%7D"},
		{"GET", "/embed/cards/2e-1-394", ""},
		{"GET", "/oembed?url=http://x/cards/2e-1-394", ""},
	} {
		code, _, body := send(t, r.method, srv.URL+r.path, r.body, "Content-Type", "application/x-www-form-urlencoded")
		if code != 429 {
			t.Errorf("%s %s over the limit: %d %.200s", r.method, r.path, code, body)
		}
	}
	for _, path := range []string{"/static/site.css", "/embed.js", "/adjudicate"} {
		if code, _, _ := send(t, "GET", srv.URL+path, ""); code != 200 {
			t.Errorf("GET %s over the limit: %d, want 200 (no work done)", path, code)
		}
	}
}

// TestMetricsLabelsAreBoundedWhateverTheRequest sends made-up methods and
// paths: the request metrics keep one series per known method and route,
// never one per request.
func TestMetricsLabelsAreBoundedWhateverTheRequest(t *testing.T) {
	srv := newServerWith(t, api.Config{Metrics: api.NewMetrics()})
	for i := range 30 {
		send(t, fmt.Sprintf("M%dETHOD", i), srv.URL+"/v1/documents", "")
		send(t, "GET", srv.URL+fmt.Sprintf("/no/such/route/%d", i), "")
		send(t, "GET", srv.URL+fmt.Sprintf("/v1/entries/made-up-%d", i), "")
		send(t, "DELETE", srv.URL+fmt.Sprintf("/v1/cards/x-%d", i), "")
		send(t, "GET", srv.URL+fmt.Sprintf("/v1/entries/made-up-%d/more", i), "")
		send(t, "GET", srv.URL+fmt.Sprintf("/v1/documents-made-up-%d", i), "")
		send(t, "GET", srv.URL+fmt.Sprintf("/v1/cards/x-%d/rulings/made-up", i), "")
	}
	code, _, body := send(t, "GET", srv.URL+"/metrics", "")
	if code != 200 {
		t.Fatalf("/metrics: %d", code)
	}
	methods, routes := map[string]bool{}, map[string]bool{}
	re := regexp.MustCompile(`(?m)^stccg_http_requests_total\{method="([^"]*)",route="([^"]*)",status="\d+"\}`)
	for _, m := range re.FindAllStringSubmatch(body, -1) {
		methods[m[1]], routes[m[2]] = true, true
	}
	for m := range methods {
		if !slices.Contains([]string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT", "TRACE", "OTHER"}, m) {
			t.Errorf("method label %q", m)
		}
	}
	if !methods["OTHER"] {
		t.Errorf("made-up methods not counted as OTHER: %v", methods)
	}
	for r := range routes {
		if strings.Contains(r, "made-up") || strings.Contains(r, "/no/such") || strings.Contains(r, "x-") {
			t.Errorf("route label %q is a raw path", r)
		}
	}
	if !routes["/v1/entries/:id"] || len(routes) > 5 {
		t.Errorf("route labels %v, want the route patterns and one label for unknown routes", routes)
	}
}

// panickyReference fails the way a bug would: by panicking.
type panickyReference struct{ rules.ReferenceService }

func (panickyReference) Documents(context.Context) ([]rules.Document, error) {
	panic("index out of range")
}

// TestPanicInACachedReadIsA500NotACrash: a cached read is computed inside
// the cache's Fetch, which may share it with other requests; a panic there
// must still be this request's 500, logged with its request id.
func TestPanicInACachedReadIsA500NotACrash(t *testing.T) {
	lru, err := cache.NewLRU(100, 1<<20, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	var logs syncbuf.Buffer
	srv := newValidatedServer(t, api.New(api.Config{
		Services:  api.Services{Reference: panickyReference{}},
		Responses: cache.NewResponses(lru, time.Minute, 0),
		Logger:    slog.New(slog.NewJSONHandler(&logs, nil)),
	}))
	for range 2 { // twice: the failure is not cached, and the server lives on
		code, ct, body := send(t, "GET", srv.URL+"/v1/documents", "")
		var e errorBody
		if code != 500 || !strings.HasPrefix(ct, "application/json") || json.Unmarshal([]byte(body), &e) != nil || e.Error.Code != "internal" {
			t.Fatalf("panicking read: %d %q %s", code, ct, body)
		}
		if strings.Contains(body, "index out of range") {
			t.Fatalf("the panic is shown to the client: %s", body)
		}
	}
	if code, _, _ := send(t, "GET", srv.URL+"/healthz", ""); code != 200 {
		t.Fatalf("after the panic /healthz answered %d", code)
	}
	if !strings.Contains(logs.String(), "index out of range") || !regexp.MustCompile(`"request_id":"[^"]+"[^\n]*index out of range`).MatchString(logs.String()) {
		t.Fatalf("the panic was not logged with a request id:\n%s", logs.String())
	}
}

// TestGraphQLRefusesBodiesThatAreNotJSONObjects: a GraphQL body that is no
// JSON object is refused as a REST body is, in its words ("The field (the
// body) must be an object, not a JSON array.", "The request body is
// empty: send a JSON object.").
func TestGraphQLRefusesBodiesThatAreNotJSONObjects(t *testing.T) {
	srv := newServer(t)
	for _, body := range []string{"null", " null ", "[]", `[{"query":"{ documents { totalCount } }"}]`, "5", `"{ documents { totalCount } }"`, "true", ""} {
		code, ct, out := send(t, "POST", srv.URL+"/graphql", body, "Content-Type", "application/json")
		var r struct {
			Errors []struct {
				Message    string
				Extensions map[string]any
			}
		}
		if code != 400 || !strings.HasPrefix(ct, "application/json") || json.Unmarshal([]byte(out), &r) != nil ||
			len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "invalid_request" || !strings.Contains(r.Errors[0].Message, "object") {
			t.Errorf("body %q: %d %q %s", body, code, ct, out)
		}
	}
}

// TestGraphQLFaultsAreLoggedWithTheRequestID: a panic in a resolver is
// logged with the id the response carries.
func TestGraphQLFaultsAreLoggedWithTheRequestID(t *testing.T) {
	var logs syncbuf.Buffer
	log := slog.New(slog.NewJSONHandler(&logs, nil))
	gql := graph.NewHandler(&graph.Resolver{Reference: panickyReference{}}, graph.ServerConfig{Logger: log, RequestID: api.RequestID})
	srv := newValidatedServer(t, api.New(api.Config{GraphQL: gql, Logger: log}))
	req, _ := http.NewRequest("POST", srv.URL+"/graphql", strings.NewReader(`{"query":"{ documents { totalCount } }"}`))
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	id := res.Header.Get("X-Request-ID")
	if id == "" || !strings.Contains(string(body), `"internal"`) || strings.Contains(string(body), "index out of range") {
		t.Fatalf("answer %q %s", id, body)
	}
	var found bool
	for _, line := range strings.Split(logs.String(), "\n") {
		if strings.Contains(line, "index out of range") {
			found = true
			if !strings.Contains(line, `"request_id":"`+id+`"`) {
				t.Errorf("fault logged without the request id %s: %s", id, line)
			}
		}
	}
	if !found {
		t.Fatalf("the panic was not logged:\n%s", logs.String())
	}
}

// TestErrorMessagesQuoteInputBriefly: whatever a client sends, the message
// quotes at most about a hundred characters of it.
func TestErrorMessagesQuoteInputBriefly(t *testing.T) {
	srv := newServer(t)
	long := strings.Repeat("Diplomacy OR ", 30000) + "Nonsense@@"
	reqBody, _ := json.Marshal(map[string]any{"edition": "2e", "question": "requirement.check",
		"board":  map[string]any{"personnel": []any{map[string]any{"id": "p", "skills": []string{"Diplomacy"}}}},
		"params": map[string]any{"requirement": long, "personnel": []string{"p"}}})
	gqlBody := `{"query": "` + strings.Repeat("x", 400_000)
	for _, tc := range []struct{ path, body string }{
		{"/v1/adjudicate", string(reqBody)},
		{"/v1/adjudicate", `{"edition":"2e","question":"ship.move","board":{"ships":[{"id":"s","` + strings.Repeat("w", 400_000) + `":9}]}}`},
		{"/graphql", gqlBody},
	} {
		code, _, out := send(t, "POST", srv.URL+tc.path, tc.body, "Content-Type", "application/json")
		if code < 400 || code >= 500 {
			t.Errorf("%s: status %d", tc.path, code)
		}
		if len(out) > 1000 {
			t.Errorf("%s: a %d-byte answer to a %d-byte request: %.300s…", tc.path, len(out), len(tc.body), out)
		}
	}
}

func TestHeadIsAllowedWhereverGetIs(t *testing.T) {
	metrics := api.NewMetrics()
	s := services(t)
	site := web.New(web.Config{Reference: s.Reference, Search: s.Search, Cards: s.Cards, Adjudicator: s.Adjudicator, Logger: slog.New(slog.DiscardHandler)})
	lru, _ := cache.NewLRU(100, 1<<20, time.Minute)
	srv := newServerWith(t, api.Config{Metrics: metrics, Mount: site.Register, Responses: cache.NewResponses(lru, time.Minute, 0)})
	for _, path := range []string{"/healthz", "/readyz", "/metrics", "/openapi.json", "/v1/documents", "/v1/entries/2e-rulebook.glossary.stopped", "/", "/static/site.css"} {
		code, _, body := send(t, "HEAD", srv.URL+path, "")
		if code != 200 || body != "" {
			t.Errorf("HEAD %s: %d with %d bytes of body, want 200 and none", path, code, len(body))
		}
		getCode, _, _ := send(t, "GET", srv.URL+path, "")
		if getCode != 200 {
			t.Errorf("GET %s after HEAD: %d", path, getCode)
		}
	}
	if head, _, _ := send(t, "HEAD", srv.URL+"/v1/adjudicate", ""); head < 400 {
		t.Errorf("HEAD of a POST-only route: %d", head)
	} else if get, _, _ := send(t, "GET", srv.URL+"/v1/adjudicate", ""); get != head {
		t.Errorf("HEAD of a POST-only route: %d, GET: %d", head, get)
	}
	if code, _, _ := send(t, "HEAD", srv.URL+"/v1/entries/no-such-entry", ""); code != 404 {
		t.Errorf("HEAD of a missing entry: %d, want 404", code)
	}
	_, _, body := send(t, "GET", srv.URL+"/metrics", "")
	if !strings.Contains(body, `stccg_http_requests_total{method="HEAD",route="/readyz",status="200"} 1`) {
		t.Errorf("HEAD not counted as HEAD:\n%s", body)
	}
}

// rawGet sends a request line as given, which net/http's client would
// refuse to build.
func rawGet(t *testing.T, srv *httptest.Server, target string) (int, string, string) {
	t.Helper()
	res, b := rawRequest(t, strings.TrimPrefix(srv.URL, "http://"), "GET "+target+" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
	return res.StatusCode, res.Header.Get("Content-Type"), string(b)
}

func TestMalformedQueryStringIsAClearJSONError(t *testing.T) {
	srv := newServer(t)
	for _, target := range []string{"/v1/search?q=%zz", "/v1/define?term=stopped%2", "/v1/search?q=range;limit=5"} {
		code, ct, body := rawGet(t, srv, target)
		var e errorBody
		if code != 400 || !strings.HasPrefix(ct, "application/json") || json.Unmarshal([]byte(body), &e) != nil ||
			e.Error.Code != "invalid_request" || !strings.Contains(e.Error.Message, "query string") {
			t.Errorf("%s: %d %q %s", target, code, ct, body)
		}
		// The hint is the one for the mistake made: a stray ; is no bad
		// escape.
		if hint := "%20"; strings.Contains(target, ";") == strings.Contains(e.Error.Message, hint) {
			t.Errorf("%s: %q, want the hint for its mistake", target, e.Error.Message)
		}
	}
	if code, _, body := rawGet(t, srv, "/v1/search?q=range%20span"); code != 200 {
		t.Errorf("a well-formed escape refused: %d %s", code, body)
	}
}

// TestOversizedStreamedBodyIs413: a body sent without a length is cut at
// the limit as it is read, and answered as too large, not as unreadable.
func TestOversizedStreamedBodyIs413(t *testing.T) {
	srv := newServer(t)
	body := io.MultiReader(strings.NewReader(`{"edition":"2e","question":"`), strings.NewReader(strings.Repeat("x", 2<<20)), strings.NewReader(`"}`))
	req, err := http.NewRequest("POST", srv.URL+"/v1/adjudicate", body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(out), "1 MiB") {
		t.Fatalf("%d %s", res.StatusCode, out)
	}
}

// TestRequestIDs: a usable X-Request-ID (as a load balancer sets) is kept and
// logged; a missing, overlong or unprintable one is replaced by an id of the
// service's own, different for every request.
func TestRequestIDs(t *testing.T) {
	var logs syncbuf.Buffer
	log := slog.New(slog.NewJSONHandler(&logs, nil))
	srv := newValidatedServer(t, api.New(api.Config{Logger: log}))
	send := func(id string) string {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/healthz", nil)
		if id != "" {
			req.Header.Set("X-Request-ID", id)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.Header.Get("X-Request-ID")
	}
	if got := send("lb-7f3a.42"); got != "lb-7f3a.42" {
		t.Errorf("a usable id came back as %q", got)
	}
	if !strings.Contains(logs.String(), `"request_id":"lb-7f3a.42"`) {
		t.Errorf("the kept id was not logged:\n%s", logs.String())
	}
	seen := map[string]bool{}
	for _, id := range []string{"", strings.Repeat("x", 129), "two words", "tab\there", "caf\u00e9"} {
		got := send(id)
		if got == "" || got == id || len(got) > 128 || seen[got] {
			t.Errorf("X-Request-ID %q: answered with %q, want a fresh id of the service's own", id, got)
		}
		seen[got] = true
	}
	if got := send(strings.Repeat("x", 128)); got != strings.Repeat("x", 128) {
		t.Errorf("an id of 128 characters was replaced by %q", got)
	}
}

// TestWrongMethodIsA405NamingTheRightOnes: as the service runs (response
// cache, rate limit, CORS on /v1), a route's path asked with a method it
// does not take is a 405 with an Allow header and a message naming the
// methods, and a path of no route is still a 404.
func TestWrongMethodIsA405NamingTheRightOnes(t *testing.T) {
	lru, err := cache.NewLRU(100, 1<<20, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	lim, err := ratelimit.New(ratelimit.Config{PerMinute: 1000})
	if err != nil {
		t.Fatal(err)
	}
	cors := func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			c.Response().Header().Set("Access-Control-Allow-Origin", "*")
			return next(c)
		}
	}
	srv := newServerWith(t, api.Config{Responses: cache.NewResponses(lru, time.Minute, 0), Limiter: lim,
		APIMiddleware: []echo.MiddlewareFunc{cors}})
	for _, tc := range []struct {
		method, path string
		status       int
		allow        string
	}{
		{"GET", "/v1/adjudicate", 405, "POST"},
		{"DELETE", "/v1/search", 405, "GET, HEAD"},
		{"PUT", "/v1/cards/2e-1-001", 405, "GET, HEAD"},
		{"POST", "/v1/cards/2e-1-001/rulings", 405, "GET, HEAD"},
		{"POST", "/v1/entries/x", 405, "GET, HEAD"},
		{"GET", "/v1/nothing", 404, ""},
		{"POST", "/v1/cards/a/b/c", 404, ""},
		{"GET", "/v1/search?q=range", 200, ""},
	} {
		req, _ := http.NewRequest(tc.method, srv.URL+tc.path, nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != tc.status || res.Header.Get("Allow") != tc.allow {
			t.Errorf("%s %s: %d Allow %q, want %d Allow %q: %s", tc.method, tc.path, res.StatusCode, res.Header.Get("Allow"), tc.status, tc.allow, body)
			continue
		}
		if tc.status == 405 {
			var e errorBody
			if err := json.Unmarshal(body, &e); err != nil || e.Error.Code != "invalid_request" || !strings.Contains(e.Error.Message, tc.allow) {
				t.Errorf("%s %s: body %s, want invalid_request naming %s", tc.method, tc.path, body, tc.allow)
			}
		}
	}
}

// TestHandlersSeeTheRequestIDAndTheDeadline: a handler's context carries
// both the id the request was answered with and the request's deadline, and
// a context made from it ends at that deadline.
func TestHandlersSeeTheRequestIDAndTheDeadline(t *testing.T) {
	type seen struct {
		id       string
		deadline bool
		childErr error
	}
	got := make(chan seen, 1)
	h := api.New(api.Config{
		Logger:         slog.New(slog.NewJSONHandler(io.Discard, nil)),
		RequestTimeout: 20 * time.Millisecond,
		Mount: func(e *echo.Echo, _ ...echo.MiddlewareFunc) {
			e.GET("/probe", func(c echo.Context) error {
				ctx := c.Request().Context()
				_, deadline := ctx.Deadline()
				child, cancel := context.WithCancel(ctx)
				defer cancel()
				s := seen{id: api.RequestID(child), deadline: deadline}
				select {
				case <-child.Done():
					s.childErr = child.Err()
				case <-time.After(time.Minute):
				}
				got <- s
				return c.NoContent(http.StatusNoContent)
			})
		},
	})
	srv := httptest.NewServer(h)
	defer srv.Close()
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/probe", nil)
	req.Header.Set("X-Request-ID", "lb-probe.1")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	s := <-got
	if s.id != "lb-probe.1" || res.Header.Get("X-Request-ID") != "lb-probe.1" {
		t.Errorf("the handler's context names request %q, the answer %q; want lb-probe.1 for both", s.id, res.Header.Get("X-Request-ID"))
	}
	if !s.deadline {
		t.Error("the handler's context has no deadline")
	}
	if !errors.Is(s.childErr, context.DeadlineExceeded) {
		t.Errorf("a context made from the handler's ended with %v, want the request's deadline", s.childErr)
	}
}
