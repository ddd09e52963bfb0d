package api_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/cache"
	"github.com/stccg/stccg-rules/internal/ratelimit"
)

// BenchmarkReadCacheMissLimited measures a /v1 read that misses the
// response cache, under a rate limit, as the service runs them: the limit's
// decision, the cache's look-up, the computation shared with any other
// request of the same key, and the answer stored. The cache holds one
// answer and the reads alternate between two terms, so each read misses.
func BenchmarkReadCacheMissLimited(b *testing.B) {
	lru, err := cache.NewLRU(1, 1<<20, time.Minute)
	if err != nil {
		b.Fatal(err)
	}
	lim, err := ratelimit.New(ratelimit.Config{PerMinute: 1 << 30})
	if err != nil {
		b.Fatal(err)
	}
	h := api.New(api.Config{
		Services:  services(b),
		Logger:    slog.New(slog.NewJSONHandler(io.Discard, nil)),
		Metrics:   api.NewMetrics(),
		Responses: cache.NewResponses(lru, time.Minute, 0),
		Limiter:   lim,
	})
	b.ReportAllocs()
	terms := [2]string{"stopped", "mission"}
	i := 0
	for b.Loop() {
		i++
		req := httptest.NewRequest(http.MethodGet, "/v1/define?term="+terms[i%2], nil)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			b.Fatalf("status %d: %s", w.Code, w.Body)
		}
		if got := w.Header().Get("X-Cache"); got != "MISS" {
			b.Fatalf("X-Cache %q, want MISS", got)
		}
	}
}
