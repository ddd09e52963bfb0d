package api_test

import (
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/testwait"
	"github.com/stccg/stccg-rules/web"
)

// TestMetricsCountUnmatchedV1PathsApart: paths under /v1 that match no
// route (a typo, a scan, an empty id) share one label of their own, apart
// from the real routes and from unmatched paths elsewhere; and
// adjudications are counted by question, a made-up one as "unknown".
func TestMetricsCountUnmatchedV1PathsApart(t *testing.T) {
	m := api.NewMetrics()
	s := services(t)
	s.Adjudicator = m.CountAdjudications(s.Adjudicator)
	srv := newValidatedServer(t, api.New(api.Config{Services: s, Metrics: m, Logger: slog.New(slog.DiscardHandler),
		APIMiddleware: []echo.MiddlewareFunc{web.CORS()}}))
	for _, path := range []string{"/v1/nope", "/v1/entries/", "/v1/cards/2e-1-394/nope", "/wp-login.php", "/v1/documents"} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	for _, body := range []string{`{"edition":"2e","question":"warp.core","board":{}}`, `{"edition":"2e","question":"ship.move","board":{}}`} {
		res, err := http.Post(srv.URL+"/v1/adjudicate", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	res, err := http.Get(srv.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	for _, want := range []string{
		`stccg_http_requests_total{method="GET",route="unmatched /v1",status="404"} 3`,
		`stccg_http_requests_total{method="GET",route="unmatched",status="404"} 1`,
		`stccg_http_requests_total{method="GET",route="/v1/documents",status="200"} 1`,
		`stccg_adjudications_total{outcome="unprocessable",question="unknown"} 1`,
		`stccg_adjudications_total{outcome="unprocessable",question="ship.move"} 1`,
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if strings.Contains(string(body), "warp.core") || strings.Contains(string(body), `route="/v1/*"`) {
		t.Error("a made-up question or the catch-all became a label")
	}
}

// TestMetricsCountEachRequestOnItsSeries: requests of one route with
// another method or status are counted on series of their own, and each
// is timed on its method's and route's, however many times they come.
func TestMetricsCountEachRequestOnItsSeries(t *testing.T) {
	m := api.NewMetrics()
	srv := newValidatedServer(t, api.New(api.Config{Services: services(t), Metrics: m, Logger: slog.New(slog.DiscardHandler)}))
	ask := func(method, path string, n int) {
		for range n {
			req, err := http.NewRequest(method, srv.URL+path, nil)
			if err != nil {
				t.Fatal(err)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			// The answer read whole: a client that closes an answer
			// before its end closes the connection, and a request whose
			// client left before it was counted is counted 499.
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
	}
	ask(http.MethodGet, "/v1/documents", 3)
	ask(http.MethodHead, "/v1/documents", 2)
	ask(http.MethodGet, "/v1/define?term=stopped", 1)
	ask(http.MethodGet, "/v1/define", 2)
	wants := []string{
		`stccg_http_requests_total{method="GET",route="/v1/documents",status="200"} 3`,
		`stccg_http_requests_total{method="HEAD",route="/v1/documents",status="200"} 2`,
		`stccg_http_requests_total{method="GET",route="/v1/define",status="200"} 1`,
		`stccg_http_requests_total{method="GET",route="/v1/define",status="400"} 2`,
		`stccg_http_request_duration_seconds_count{method="GET",route="/v1/documents"} 3`,
		`stccg_http_request_duration_seconds_count{method="HEAD",route="/v1/documents"} 2`,
		`stccg_http_request_duration_seconds_count{method="GET",route="/v1/define"} 3`,
	}
	// A request is counted once its answer is written, which can be after
	// the client has read it: wait for the last to be counted.
	var body string
	testwait.For(t, "every request counted", func() bool {
		res, err := http.Get(srv.URL + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		body = string(b)
		for _, want := range wants {
			if !strings.Contains(body, want) {
				return false
			}
		}
		return true
	})
}
