package api_test

import (
	"compress/gzip"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/cache"
	"github.com/stccg/stccg-rules/internal/cputime"
	"github.com/stccg/stccg-rules/internal/loadgen"
	"github.com/stccg/stccg-rules/web"
)

// BenchmarkSearchVariedRequest is the server's path of the load test's varied
// searches (loadgen.Searches, what cmd/stccg-load sends): the API's handler
// with the middleware the service runs (request id, log line as JSON,
// metrics, deadline, CORS, gzip, the response cache missing and storing each
// answer), without the network. BenchmarkSearchVaried in internal/search is
// the search alone.
func BenchmarkSearchVariedRequest(b *testing.B) {
	ss, err := loadgen.Searches(1, 50_000)
	if err != nil {
		b.Fatal(err)
	}
	paths := make([]string, len(ss))
	for i, s := range ss {
		paths[i] = s.Path()
	}
	// The service's in-process cache (cmd/stccg-rules wire.go's sizes).
	lru, err := cache.NewLRU(5_000, 32<<20, time.Hour)
	if err != nil {
		b.Fatal(err)
	}
	h := api.New(api.Config{
		Services:      services(b),
		Logger:        slog.New(slog.NewJSONHandler(io.Discard, nil)),
		Metrics:       api.NewMetrics(),
		Responses:     cache.NewResponses(lru, time.Hour, 256<<10),
		APIMiddleware: []echo.MiddlewareFunc{web.CORS(), web.Compress(gzip.BestSpeed)},
	})
	b.ReportAllocs()
	cpu := cputime.Start()
	i := 0
	for b.Loop() {
		req := httptest.NewRequest(http.MethodGet, paths[i%len(paths)], nil)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("%s: %d %s", paths[i%len(paths)], rec.Code, rec.Body.Bytes())
		}
		i++
	}
	cpu.Report(b, i)
}
