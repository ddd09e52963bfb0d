package api

import (
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics are the HTTP layer's Prometheus collectors.
type Metrics struct {
	registry *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	limited  prometheus.Counter
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
	}
	reg.MustRegister(m.requests, m.latency, m.limited,
		prometheus.NewGoCollector(), prometheus.NewProcessCollector(prometheus.ProcessCollectorOpts{}))
	return m
}

// Registry is where other collectors (cache, index) register.
func (m *Metrics) Registry() *prometheus.Registry { return m.registry }

func (m *Metrics) middleware(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		err := next(c)
		if err != nil {
			c.Error(err)
		}
		route := routeLabel(c)
		method := methodLabel(c.Request().Method)
		m.requests.WithLabelValues(method, route, strconv.Itoa(c.Response().Status)).Inc()
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
// asked for; every request that matched no route shares "unmatched".
func routeLabel(c echo.Context) string {
	route := c.Path()
	if route == "" {
		return "unmatched"
	}
	return route
}

func (m *Metrics) handler() echo.HandlerFunc {
	return echo.WrapHandler(promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{}))
}
