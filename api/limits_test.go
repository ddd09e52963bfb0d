package api_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/graph"
	"github.com/stccg/stccg-rules/internal/cache"
	"github.com/stccg/stccg-rules/internal/ratelimit"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testwait"
)

// staffingAttack is the body that held a core for minutes: a ship needing n
// icons, n-1 personnel aboard each with one of them.
func staffingAttack(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"edition":"2e","question":"ship.staffed","board":{"ships":[{"id":"s","affiliation":"federation","staffing":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"i%d"`, i)
	}
	b.WriteString(`]}],"personnel":[`)
	for i := range n - 1 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"p%d","icons":["i%d"],"at":{"ship":"s"}}`, i, (i*7919)%n)
	}
	b.WriteString(`]},"params":{"ship":"s"}}`)
	return b.Bytes()
}

// TestBoardPastTheLimitsIs422NamingFieldAndLimit: the staffing shape that
// ran for minutes is answered at once, 422, naming the first list past its
// limit as the body is read (the ship's staffing line, before its crew)
// and the limit.
func TestBoardPastTheLimitsIs422NamingFieldAndLimit(t *testing.T) {
	srv := newServer(t)
	for _, n := range []int{5000, 12000} {
		body := staffingAttack(n)
		res, err := http.Post(srv.URL+"/v1/adjudicate", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		var e errorBody
		_ = json.NewDecoder(res.Body).Decode(&e)
		res.Body.Close()
		if res.StatusCode != 422 || e.Error.Code != "unprocessable" || e.Error.Details["field"] != "board.ships[0].staffing" ||
			e.Error.Details["limit"] != float64(rules.MaxStaffingIcons) {
			t.Errorf("n=%d (%d KB): %d %+v", n, len(body)>>10, res.StatusCode, e.Error)
		}
	}
}

// TestOversizedBodyGets413EvenFromAClientThatWritesItAllFirst sends a 5 MB
// body the way Python's urllib does: all of it, then it reads. The refusal
// arrives as the contract's JSON 413, not as a reset connection.
func TestOversizedBodyGets413EvenFromAClientThatWritesItAllFirst(t *testing.T) {
	srv := newServer(t)
	body := `{"edition":"2e","question":"ship.staffed","params":{"pad":"` + strings.Repeat("x", 5<<20) + `"}}`
	for _, chunked := range []bool{false, true} {
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		_ = conn.SetDeadline(time.Now().Add(20 * time.Second))
		head := "POST /v1/adjudicate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
		if chunked {
			head += "Transfer-Encoding: chunked\r\n\r\n" + fmt.Sprintf("%x\r\n", len(body))
		} else {
			head += fmt.Sprintf("Content-Length: %d\r\n\r\n", len(body))
		}
		tail := ""
		if chunked {
			tail = "\r\n0\r\n\r\n"
		}
		if _, err := io.WriteString(conn, head+body+tail); err != nil {
			t.Fatalf("chunked %v: writing the body: %v (the server reset the connection)", chunked, err)
		}
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("chunked %v: reading the answer: %v", chunked, err)
		}
		var e errorBody
		_ = json.NewDecoder(res.Body).Decode(&e)
		res.Body.Close()
		conn.Close()
		if res.StatusCode != 413 || e.Error.Code != "invalid_request" {
			t.Errorf("chunked %v: %d %+v, want 413 invalid_request", chunked, res.StatusCode, e.Error)
		}
	}
}

// blockingSearch answers every search once released, counting them.
type blockingSearch struct {
	calls   atomic.Int32
	entered chan struct{}
	release chan struct{}
}

func (s *blockingSearch) Search(ctx context.Context, q rules.SearchQuery) (*rules.SearchResult, error) {
	if s.calls.Add(1) == 1 {
		close(s.entered)
	}
	select {
	case <-s.release:
		return &rules.SearchResult{Total: 1, Hits: []rules.SearchHit{{ID: "x"}}}, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// logLines keeps the request lines a server logs.
type logLines struct {
	mu    sync.Mutex
	lines []map[string]any
}

func (l *logLines) Write(p []byte) (int, error) {
	var m map[string]any
	if json.Unmarshal(p, &m) == nil {
		l.mu.Lock()
		l.lines = append(l.lines, m)
		l.mu.Unlock()
	}
	return len(p), nil
}

// statuses counts the statuses of the request lines logged for a route.
func (l *logLines) statuses(route string) map[int]int {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := map[int]int{}
	for _, m := range l.lines {
		if m["msg"] == "request" && m["route"] == route {
			s, _ := m["status"].(float64)
			out[int(s)]++
		}
	}
	return out
}

// TestFirstRequesterThatDisconnectsFailsNoOther: a cache miss computed for
// 16 requests of one search; the first requester disconnects while it is
// computed: every other gets the answer, the search runs once, and the first
// is logged 499, not as a 200 nor as a 500.
func TestFirstRequesterThatDisconnectsFailsNoOther(t *testing.T) {
	lru, err := cache.NewLRU(100, 1<<20, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	search := &blockingSearch{entered: make(chan struct{}), release: make(chan struct{})}
	logs := &logLines{}
	responses := cache.NewResponses(lru, time.Minute, 0)
	srv := httptest.NewServer(api.New(api.Config{
		Services:  api.Services{Search: search},
		Responses: responses,
		Logger:    slog.New(slog.NewJSONHandler(logs, nil)),
	}))
	t.Cleanup(srv.Close)
	url := srv.URL + "/v1/search?q=warp+field"
	ctx, cancel := context.WithCancel(context.Background())
	first := make(chan error, 1)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		res, err := http.DefaultClient.Do(req)
		if err == nil {
			res.Body.Close()
		}
		first <- err
	}()
	<-search.entered
	var wg sync.WaitGroup
	codes := make([]int, 15)
	for i := range codes {
		wg.Go(func() {
			res, err := http.Get(url)
			if err != nil {
				t.Error(err)
				return
			}
			res.Body.Close()
			codes[i] = res.StatusCode
		})
	}
	testwait.For(t, "the others waiting for the same computation", func() bool { return responses.Waiting() == 16 })
	cancel()
	if err := <-first; err == nil {
		t.Fatal("the first request was answered before it was cancelled")
	}
	testwait.For(t, "the server to see the first go", func() bool { return responses.Waiting() == 15 })
	close(search.release)
	wg.Wait()
	for i, c := range codes {
		if c != http.StatusOK {
			t.Errorf("request %d: %d, want 200", i+2, c)
		}
	}
	if n := search.calls.Load(); n != 1 {
		t.Errorf("searched %d times, want once for all", n)
	}
	testwait.For(t, "the first request logged 499", func() bool { return logs.statuses("/v1/search")[api.StatusClientClosedRequest] == 1 })
	if got := logs.statuses("/v1/search"); got[api.StatusClientClosedRequest] != 1 || got[200] != 15 || len(got) != 2 {
		t.Errorf("logged %v, want one 499 and fifteen 200", got)
	}
}

// stuckAdjudicator answers nothing until its request ends.
type stuckAdjudicator struct{ started chan struct{} }

func (a stuckAdjudicator) Adjudicate(ctx context.Context, _ rules.AdjudicationRequest) (*rules.Verdict, error) {
	a.started <- struct{}{}
	<-ctx.Done()
	return nil, ctx.Err()
}

// TestStoppedRequestsAreLoggedAndCountedAsSuch: a request whose client goes
// away is logged and counted 499, one past its deadline answered 503; both
// stop their work when their context ends.
func TestStoppedRequestsAreLoggedAndCountedAsSuch(t *testing.T) {
	logs := &logLines{}
	metrics := api.NewMetrics()
	adj := stuckAdjudicator{started: make(chan struct{}, 2)}
	srv := httptest.NewServer(api.New(api.Config{
		Services:       api.Services{Adjudicator: adj},
		Logger:         slog.New(slog.NewJSONHandler(logs, nil)),
		Metrics:        metrics,
		RequestTimeout: 300 * time.Millisecond,
	}))
	t.Cleanup(srv.Close)
	body := `{"edition":"2e","question":"game.winner","board":{}}`

	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-adj.started
		cancel()
	}()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+"/v1/adjudicate", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if res, err := http.DefaultClient.Do(req); err == nil {
		res.Body.Close()
		t.Fatalf("answered %d after the client went away", res.StatusCode)
	}

	go func() { <-adj.started }()
	code, _, answer := send(t, http.MethodPost, srv.URL+"/v1/adjudicate", body, "Content-Type", "application/json")
	if code != http.StatusServiceUnavailable || !strings.Contains(answer, "took too long") {
		t.Errorf("past its deadline: %d %s, want 503", code, answer)
	}
	testwait.For(t, "the request whose client went logged 499", func() bool { return logs.statuses("/v1/adjudicate")[api.StatusClientClosedRequest] == 1 })
	if got := logs.statuses("/v1/adjudicate"); got[api.StatusClientClosedRequest] != 1 || got[503] != 1 || len(got) != 2 {
		t.Errorf("logged %v, want one 499 and one 503", got)
	}
	_, _, exposition := send(t, http.MethodGet, srv.URL+"/metrics", "")
	for _, status := range []string{"499", "503"} {
		if !strings.Contains(exposition, `route="/v1/adjudicate",status="`+status+`"`) {
			t.Errorf("no request counted %s for /v1/adjudicate", status)
		}
	}
}

// TestAFreshAPIKeyPerRequestIsLimitedByAddress: 100 requests, each with a
// new X-API-Key, at a limit of 60 a minute: 60 served.
func TestAFreshAPIKeyPerRequestIsLimitedByAddress(t *testing.T) {
	srv := limitedServer(t, 60)
	served := 0
	for i := range 100 {
		if code, _, _ := send(t, http.MethodGet, srv.URL+"/v1/documents", "", "X-API-Key", fmt.Sprintf("rotating-%d", i)); code == 200 {
			served++
		}
	}
	if served != 60 {
		t.Errorf("%d of 100 served, want 60", served)
	}
}

// TestGraphQLPaysForItsServiceCallsOverHTTP: with a limit of 60 a minute,
// a query of 98 adjudications is refused 429 however fresh the client's
// allowance: no wait would let it through; at a limit of 250, two such
// queries pass and the third waits.
func TestGraphQLPaysForItsServiceCallsOverHTTP(t *testing.T) {
	s := services(t)
	serve := func(perMinute int) *httptest.Server {
		lim, err := ratelimit.New(ratelimit.Config{PerMinute: perMinute, Now: stillClock()})
		if err != nil {
			t.Fatal(err)
		}
		gql := graph.NewHandler(&graph.Resolver{Reference: s.Reference, Searcher: s.Search, Catalog: s.Cards, Adjudicator: s.Adjudicator},
			graph.ServerConfig{Logger: slog.New(slog.DiscardHandler), Charge: api.Charge})
		srv := httptest.NewServer(api.New(api.Config{Services: s, GraphQL: gql, Limiter: lim, Logger: slog.New(slog.DiscardHandler)}))
		t.Cleanup(srv.Close)
		return srv
	}
	var q strings.Builder
	q.WriteString("{")
	for i := range 98 {
		fmt.Fprintf(&q, ` a%d: adjudicate(request: {edition: "2e", question: "game.winner", params: {players: [{name: "a", score: 1}]}}) { allowed }`, i)
	}
	q.WriteString(" }")
	raw, _ := json.Marshal(map[string]any{"query": q.String()})
	post := func(srv *httptest.Server) (int, http.Header, string) {
		res, err := http.Post(srv.URL+"/graphql", "application/json", bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, res.Header, string(b)
	}
	if code, _, body := post(serve(60)); code != 429 || !strings.Contains(body, `"rate_limited"`) || !strings.Contains(body, "split it") {
		t.Errorf("98 adjudications at 60 a minute: %d %.200s", code, body)
	}
	srv := serve(250)
	for i := range 2 {
		if code, _, body := post(srv); code != 200 || strings.Contains(body, `"errors"`) {
			t.Fatalf("query %d within 250 a minute: %d %.200s", i+1, code, body)
		}
	}
	if code, h, body := post(srv); code != 429 || h.Get("Retry-After") == "" || !strings.Contains(body, `"rate_limited"`) {
		t.Errorf("third query: %d, Retry-After %q, %.200s", code, h.Get("Retry-After"), body)
	}
}

// An error the service answers before GraphQL reads the request (a body
// past the limit, a route's method) reaches a GraphQL client in GraphQL's
// shape, {"errors": [{message, extensions: {code}}]}, as its own errors do,
// with the same status and code REST gives.
func TestGraphQLRouteErrorsAreInGraphQLShape(t *testing.T) {
	s := services(t)
	gql := graph.NewHandler(&graph.Resolver{Reference: s.Reference, Searcher: s.Search, Catalog: s.Cards, Adjudicator: s.Adjudicator},
		graph.ServerConfig{Logger: slog.New(slog.DiscardHandler)})
	srv := httptest.NewServer(api.New(api.Config{Services: s, GraphQL: gql, Logger: slog.New(slog.DiscardHandler)}))
	t.Cleanup(srv.Close)
	big := `{"query":"{ documents { totalCount } }","variables":{"x":"` + strings.Repeat("a", 2<<20) + `"}}`
	res, err := http.Post(srv.URL+"/graphql", "application/json", strings.NewReader(big))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out struct {
		Errors []struct {
			Message    string         `json:"message"`
			Extensions map[string]any `json:"extensions"`
		} `json:"errors"`
	}
	b, _ := io.ReadAll(res.Body)
	if err := json.Unmarshal(b, &out); err != nil || res.StatusCode != http.StatusRequestEntityTooLarge || len(out.Errors) != 1 ||
		out.Errors[0].Extensions["code"] != "invalid_request" || !strings.Contains(out.Errors[0].Message, "1 MiB") {
		t.Errorf("a body past the limit: %d %.300s", res.StatusCode, b)
	}
}
