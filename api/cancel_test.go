package api

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"
)

// TestAnAnswerWrittenWholeIsCountedWithItsStatus: a request whose client
// has gone (its context ended) is counted 499 unless its answer was written
// whole: then with the status it was answered, as a client that read the
// answer to its end and closed the connection did have it. Nothing written,
// or less than the Content-Length said, is 499; a request the shutdown cut
// short is counted with the status written (503).
func TestAnAnswerWrittenWholeIsCountedWithItsStatus(t *testing.T) {
	e := echo.New()
	gone, leave := context.WithCancel(context.Background())
	leave()
	shutdown, stop := context.WithCancelCause(context.Background())
	stop(ErrShutdown)
	for _, c := range []struct {
		name  string
		ctx   context.Context
		write func(c echo.Context)
		want  int
	}{
		{"the client there, answered", context.Background(), func(c echo.Context) { _ = c.JSON(http.StatusOK, map[string]int{"n": 1}) }, http.StatusOK},
		{"the client gone after a whole answer", gone, func(c echo.Context) { _ = c.JSON(http.StatusOK, map[string]int{"n": 1}) }, http.StatusOK},
		{"the client gone after a whole refusal", gone, func(c echo.Context) { _ = c.JSON(http.StatusBadRequest, map[string]int{"n": 1}) }, http.StatusBadRequest},
		{"the client gone after a whole answer of a said length", gone, func(c echo.Context) {
			c.Response().Header().Set(echo.HeaderContentLength, "5")
			_ = c.Blob(http.StatusOK, "text/plain", []byte("abcde"))
		}, http.StatusOK},
		{"the client gone before the answer's end", gone, func(c echo.Context) {
			c.Response().Header().Set(echo.HeaderContentLength, "10")
			_ = c.Blob(http.StatusOK, "text/plain", []byte("abcde"))
		}, StatusClientClosedRequest},
		{"the client gone before any answer", gone, func(echo.Context) {}, StatusClientClosedRequest},
		{"the shutdown cut it short", shutdown, func(c echo.Context) { _ = c.JSON(http.StatusServiceUnavailable, map[string]int{"n": 1}) }, http.StatusServiceUnavailable},
	} {
		req := httptest.NewRequest(http.MethodGet, "/v1/documents", nil).WithContext(c.ctx)
		ec := e.NewContext(req, httptest.NewRecorder())
		c.write(ec)
		if got := servedStatus(ec, c.ctx); got != c.want {
			t.Errorf("%s: counted %d, want %d", c.name, got, c.want)
		}
	}
}
