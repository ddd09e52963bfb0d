package api

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
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

	// series are the requests' counters and latencies by their labels,
	// each looked up in requests and latency once: a vector's look-up
	// hashes and validates every label value of every request, and the
	// status is made a string. The labels are those of the vectors'
	// series, so it holds no more than they do.
	seriesMu sync.RWMutex
	series   map[seriesKey]requestSeries
}

// seriesKey is a request's labels: its method's, its route's, its status.
type seriesKey struct {
	method, route string
	status        int
}

// requestSeries is what a request of some labels counts and observes.
type requestSeries struct {
	requests prometheus.Counter
	latency  prometheus.Observer
}

// seriesOf is the series of a request of method, route and status.
func (m *Metrics) seriesOf(method, route string, status int) requestSeries {
	k := seriesKey{method, route, status}
	m.seriesMu.RLock()
	s, ok := m.series[k]
	m.seriesMu.RUnlock()
	if ok {
		return s
	}
	s = requestSeries{
		requests: m.requests.WithLabelValues(method, route, strconv.Itoa(status)),
		latency:  m.latency.WithLabelValues(method, route),
	}
	m.seriesMu.Lock()
	m.series[k] = s
	m.seriesMu.Unlock()
	return s
}

// NewMetrics registers the HTTP collectors, with the Go and process
// collectors, on a fresh registry; other packages may register theirs on
// Registry().
func NewMetrics() *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		registry: reg,
		series:   map[seriesKey]requestSeries{},
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
		s := m.seriesOf(methodLabel(c.Request().Method), routeLabel(c), servedStatus(c, ctx))
		s.requests.Inc()
		s.latency.Observe(time.Since(start).Seconds())
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
