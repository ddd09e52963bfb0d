package api_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/api"
)

// BenchmarkMiddlewareChain measures what every request pays around its
// handler alone (routing, request id, the JSON log line, metrics, deadline,
// body limit): the handler answers 204 and does nothing else.
func BenchmarkMiddlewareChain(b *testing.B) {
	h := api.New(api.Config{
		Services: services(b),
		Logger:   slog.New(slog.NewJSONHandler(io.Discard, nil)),
		Metrics:  api.NewMetrics(),
		Mount: func(e *echo.Echo, _ ...echo.MiddlewareFunc) {
			e.GET("/nothing", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
		},
	})
	req := httptest.NewRequest(http.MethodGet, "/nothing?q=x", nil)
	w := &discardWriter{h: http.Header{}}
	b.ReportAllocs()
	for b.Loop() {
		clear(w.h)
		w.code = 0
		h.ServeHTTP(w, req)
		if w.code != http.StatusNoContent {
			b.Fatalf("status %d", w.code)
		}
	}
}

// discardWriter is a ResponseWriter that keeps the status and nothing else.
type discardWriter struct {
	h    http.Header
	code int
}

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) WriteHeader(code int)        { w.code = code }
func (w *discardWriter) Write(p []byte) (int, error) { return len(p), nil }

// SetWriteDeadline takes the deadline as net/http's writer does.
func (w *discardWriter) SetWriteDeadline(time.Time) error { return nil }
