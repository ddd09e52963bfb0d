package ratelimit

import "github.com/prometheus/client_golang/prometheus"

// Collector exports a Limiter's decisions as Prometheus counters:
// stccg_ratelimit_requests_total{decision="allowed"|"denied"} and
// stccg_ratelimit_fallbacks_total. Register it with a prometheus.Registerer.
type Collector struct {
	l                   *Limiter
	requests, fallbacks *prometheus.Desc
}

// NewCollector returns a collector over l.
func NewCollector(l *Limiter) *Collector {
	return &Collector{
		l:         l,
		requests:  prometheus.NewDesc("stccg_ratelimit_requests_total", "Requests counted by the rate limiter, by decision.", []string{"decision"}, nil),
		fallbacks: prometheus.NewDesc("stccg_ratelimit_fallbacks_total", "Decisions made in process because a Redis call failed.", nil, nil),
	}
}

// Describe implements prometheus.Collector.
func (c *Collector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.requests
	ch <- c.fallbacks
}

// Collect implements prometheus.Collector.
func (c *Collector) Collect(ch chan<- prometheus.Metric) {
	s := c.l.Stats()
	ch <- prometheus.MustNewConstMetric(c.requests, prometheus.CounterValue, float64(s.Allowed), "allowed")
	ch <- prometheus.MustNewConstMetric(c.requests, prometheus.CounterValue, float64(s.Denied), "denied")
	ch <- prometheus.MustNewConstMetric(c.fallbacks, prometheus.CounterValue, float64(s.Fallbacks))
}
