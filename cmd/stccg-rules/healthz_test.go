package main

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stccg/stccg-rules/api"
)

// TestHealthzIsWhatWriteJSONWrites: /healthz's answer, written as it is, is
// the one writeJSON writes for {"status":"ok"}, its status, Content-Type and
// body, for GET and HEAD.
func TestHealthzIsWhatWriteJSONWrites(t *testing.T) {
	for _, method := range []string{http.MethodGet, http.MethodHead} {
		want := httptest.NewRecorder()
		writeJSON(want, http.StatusOK, map[string]string{"status": "ok"})
		got := httptest.NewRecorder()
		topHandler(http.NotFoundHandler(), false, func(http.ResponseWriter, *http.Request) {
			t.Errorf("%s /healthz went to the API", method)
		})(got, httptest.NewRequest(method, "/healthz", nil))
		if got.Code != want.Code || got.Body.String() != want.Body.String() ||
			len(got.Header()) != len(want.Header()) || got.Header().Get("Content-Type") != want.Header().Get("Content-Type") {
			t.Errorf("%s /healthz: %d %v %q, want %d %v %q", method, got.Code, got.Header(), got.Body, want.Code, want.Header(), want.Body)
		}
	}
}

// TestRequestIDHeaderIsCanonical: the drain reads a request's X-Request-ID
// by the key net/http files it under.
func TestRequestIDHeaderIsCanonical(t *testing.T) {
	if k := http.CanonicalHeaderKey("X-Request-ID"); k != requestIDHeader {
		t.Fatalf("requestIDHeader is %q, net/http files X-Request-ID under %q", requestIDHeader, k)
	}
	r := httptest.NewRequest(http.MethodGet, "/healthz", nil)
	r.Header.Set("X-Request-ID", "abc")
	if got := requestIDOf(r); got != "abc" {
		t.Fatalf("requestIDOf: %q, want abc", got)
	}
}

// BenchmarkHealthzPath is what the service's own handlers do for a
// /healthz (the connection limits, the drain's bookkeeping, the answer),
// without net/http's reading and writing of the connection: with
// callgrind, its instructions a request.
func BenchmarkHealthzPath(b *testing.B) {
	conns := api.NewConnLimiter(api.ConnLimits{})
	d := newDrain(slog.New(slog.DiscardHandler))
	h := conns.Handler(d.handler(topHandler(http.NewServeMux(), false, func(w http.ResponseWriter, _ *http.Request) {
		b.Fatal("/healthz went to the API")
	})))
	req := httptest.NewRequest(http.MethodGet, "/healthz", nil)
	b.ReportAllocs()
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			b.Fatalf("status %d", w.Code)
		}
	}
}
