package api_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stccg/stccg-rules/api"
)

// BenchmarkRequestOverhead measures what every /v1 request pays around its
// handler (routing, request id, log line, metrics, deadline, body limit) on
// a cheap read, with the log written as JSON as the service writes it.
func BenchmarkRequestOverhead(b *testing.B) {
	h := api.New(api.Config{
		Services: services(b),
		Logger:   slog.New(slog.NewJSONHandler(io.Discard, nil)),
		Metrics:  api.NewMetrics(),
	})
	req := httptest.NewRequest(http.MethodGet, "/v1/documents", nil)
	b.ReportAllocs()
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			b.Fatalf("status %d", w.Code)
		}
	}
}
