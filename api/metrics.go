package api

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Metrics are the HTTP layer's Prometheus collectors.
type Metrics struct {
	registry *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	limited  prometheus.Counter
	// adjudications count verdicts and refusals by question, and time them.
	adjudications       *prometheus.CounterVec
	adjudicationLatency *prometheus.HistogramVec
}

// NewMetrics registers the HTTP collectors, with the Go and process
// collectors, on a fresh registry; other packages may register theirs on
// Registry().
func NewMetrics() *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		registry: reg,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "stccg_http_requests_total", Help: "HTTP requests by route and status.",
		}, []string{"method", "route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "stccg_http_request_duration_seconds", Help: "HTTP request latency by route.",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, 1, 5},
		}, []string{"method", "route"}),
		limited: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "stccg_rate_limited_total", Help: "Requests refused by the rate limit.",
		}),
		adjudications: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "stccg_adjudications_total",
			Help: "Adjudications by question and outcome: allowed, refused, answered (a question that is not yes/no), unprocessable (the board could not be judged), failed.",
		}, []string{"question", "outcome"}),
		adjudicationLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "stccg_adjudication_duration_seconds", Help: "Time to adjudicate, by question, decoding of the body excluded.",
			Buckets: []float64{.000005, .00001, .000025, .00005, .0001, .00025, .0005, .001, .0025, .01, .1},
		}, []string{"question"}),
	}
	reg.MustRegister(m.requests, m.latency, m.limited, m.adjudications, m.adjudicationLatency,
		prometheus.NewGoCollector(), prometheus.NewProcessCollector(prometheus.ProcessCollectorOpts{}))
	return m
}

// Registry is where other collectors (cache, index) register.
func (m *Metrics) Registry() *prometheus.Registry { return m.registry }

func (m *Metrics) middleware(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		ctx := c.Request().Context()
		err := next(c)
		if err != nil {
			c.Error(err)
		}
		route := routeLabel(c)
		method := methodLabel(c.Request().Method)
		m.requests.WithLabelValues(method, route, strconv.Itoa(servedStatus(c, ctx))).Inc()
		m.latency.WithLabelValues(method, route).Observe(time.Since(start).Seconds())
		return nil
	}
}

// methodLabel keeps the method label to the methods of HTTP: any other is
// "OTHER", so made-up methods cannot add series.
func methodLabel(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return m
	}
	return "OTHER"
}

// routeLabel is the route's pattern ("/v1/entries/:id"), never the path
// asked for. A request that matched no route is "unmatched /v1" under /v1
// (the group's catch-all, which answers the 404s and 405s there, is no real
// route) and "unmatched" elsewhere, so scans and typos of API paths are told
// apart from the traffic of the routes.
func routeLabel(c echo.Context) string {
	route := c.Path()
	switch {
	case route == "/v1/*" || route == "" && strings.HasPrefix(c.Request().URL.Path, "/v1/"):
		return "unmatched /v1"
	case route == "":
		return "unmatched"
	}
	return route
}

func (m *Metrics) handler() echo.HandlerFunc {
	return echo.WrapHandler(m.Handler())
}

// Handler serves the metrics in the Prometheus text format, for a listener
// of their own (--metrics-addr).
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})
}

// CountAdjudications returns a in a wrapper that counts and times every
// adjudication by question, whichever transport asked (REST or GraphQL).
func (m *Metrics) CountAdjudications(a rules.Adjudicator) rules.Adjudicator {
	return countedAdjudicator{next: a, m: m}
}

type countedAdjudicator struct {
	next rules.Adjudicator
	m    *Metrics
}

func (c countedAdjudicator) Adjudicate(ctx context.Context, req rules.AdjudicationRequest) (*rules.Verdict, error) {
	start := time.Now()
	v, err := c.next.Adjudicate(ctx, req)
	// The question label is a question of the contract as
	// rules.ParseQuestion reads it, or "unknown": what a client writes
	// there cannot add series.
	question := "unknown"
	if q, err := rules.ParseQuestion(req.Question); err == nil {
		question = q.String()
	}
	outcome := "answered"
	switch {
	case rules.ErrorCode(err) == rules.EUNPROCESSABLE:
		outcome = "unprocessable"
	case err != nil:
		outcome = "failed"
	case v.Allowed != nil && *v.Allowed:
		outcome = "allowed"
	case v.Allowed != nil:
		outcome = "refused"
	}
	c.m.adjudications.WithLabelValues(question, outcome).Inc()
	c.m.adjudicationLatency.WithLabelValues(question).Observe(time.Since(start).Seconds())
	return v, err
}
