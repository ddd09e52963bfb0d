package api_test

import (
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/cache"
	"github.com/stccg/stccg-rules/internal/cputime"
	"github.com/stccg/stccg-rules/internal/jsonlog"
	"github.com/stccg/stccg-rules/internal/loadgen"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/web"
)

// BenchmarkSearchVariedRequest is the server's path of the load test's varied
// searches (loadgen.Searches, what cmd/stccg-load sends): the API's handler
// with the middleware the service runs (request id, log line as JSON,
// metrics, deadline, CORS, gzip, the response cache missing and storing each
// answer), without the network. BenchmarkSearchVaried in internal/search is
// the search alone.
func BenchmarkSearchVariedRequest(b *testing.B) {
	benchmarkSearchPath(b, services(b))
}

// BenchmarkSearchRequestPath is BenchmarkSearchVariedRequest's path
// around the search: the load test's varied searches through the API's
// handler with the middleware the service runs, nearly each missing the response
// cache and stored, answered with one page of ten hits (a 4.4 KB answer,
// about the load test's average) by a search that does nothing else, so no
// index is built: what a varied search costs the server beyond the search,
// measured in instructions too (callgrind) when the machine is too busy to
// time it.
func BenchmarkSearchRequestPath(b *testing.B) {
	benchmarkSearchPath(b, api.Services{Search: pageOfTen{}})
}

// benchmarkSearchPath sends the load test's varied searches
// (loadgen.Searches) through the API's handler over services, with the
// middleware and the in-process cache the service runs (cmd/stccg-rules
// wire.go's sizes), reporting the CPU and the last answer's size.
func benchmarkSearchPath(b *testing.B, services api.Services) {
	ss, err := loadgen.Searches(1, 50_000)
	if err != nil {
		b.Fatal(err)
	}
	paths := make([]string, len(ss))
	for i, s := range ss {
		paths[i] = s.Path()
	}
	lru, err := cache.NewLRU(5_000, 32<<20, time.Hour)
	if err != nil {
		b.Fatal(err)
	}
	h := api.New(api.Config{
		Services: services,
		// The service's log lines as JSON (cmd/stccg-rules, --log-format
		// json or auto on no terminal): slog's lines, written by jsonlog.
		Logger:        slog.New(jsonlog.New(io.Discard)),
		Metrics:       api.NewMetrics(),
		Responses:     cache.NewResponses(lru, time.Hour, 256<<10),
		APIMiddleware: []echo.MiddlewareFunc{web.CORS(), web.Compress(gzip.BestSpeed)},
	})
	b.ReportAllocs()
	cpu := cputime.Start()
	i, size := 0, 0
	for b.Loop() {
		req := httptest.NewRequest(http.MethodGet, paths[i%len(paths)], nil)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("%s: %d %s", paths[i%len(paths)], rec.Code, rec.Body.Bytes())
		}
		size = rec.Body.Len()
		i++
	}
	b.ReportMetric(float64(size), "answer-bytes")
	cpu.Report(b, i)
}

// pageOfTen answers every search with the same page of ten hits.
type pageOfTen struct{}

var tenHits = func() *rules.SearchResult {
	r := &rules.SearchResult{Total: 87, Facets: map[string][]rules.FacetCount{
		"edition":  {{Value: "2e", Count: 52}, {Value: "1e", Count: 35}},
		"kind":     {{Value: "glossary", Count: 61}, {Value: "section", Count: 20}, {Value: "ruling", Count: 6}},
		"document": {{Value: "2e-glossary", Count: 40}, {Value: "1e-glossary", Count: 21}, {Value: "2e-rulebook", Count: 20}, {Value: "current-rulings", Count: 6}},
	}}
	for i := range 10 {
		r.Hits = append(r.Hits, rules.SearchHit{
			ID: fmt.Sprintf("2e-glossary-word-%d", i), Kind: "glossary", Title: fmt.Sprintf("Word %d", i),
			DocumentID: "2e-glossary", Edition: "2e", Score: 1 - float64(i)/20, Anchor: fmt.Sprintf("p%d", i),
			Snippet: strings.Repeat("A sentence of a paragraph, with a <mark>word</mark> marked in it. ", 4),
		})
	}
	return r
}()

func (pageOfTen) Search(context.Context, rules.SearchQuery) (*rules.SearchResult, error) {
	return tenHits, nil
}
