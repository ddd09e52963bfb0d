package main

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/stccg/stccg-rules/api"
)

// gauge is a constant gauge, for figures fixed at start-up.
func gauge(name, help string, v float64) prometheus.Collector {
	g := prometheus.NewGauge(prometheus.GaugeOpts{Name: name, Help: help})
	g.Set(v)
	return g
}

// connCollector reports the connection limiter's figures.
func connCollector(l *api.ConnLimiter) prometheus.Collector {
	return connMetrics{l: l,
		open:    prometheus.NewDesc("stccg_connections_open", "Connections open, those admitted over a limit for one answer included.", nil, nil),
		idle:    prometheus.NewDesc("stccg_connections_idle", "Connections open that carry no request: idle keep-alive ones, and new ones that have sent none yet.", nil, nil),
		over:    prometheus.NewDesc("stccg_connections_over_limit", "Connections admitted over a limit, for one answer.", nil, nil),
		max:     prometheus.NewDesc("stccg_connections_max", "Connections the server may hold open in all.", nil, nil),
		closed:  prometheus.NewDesc("stccg_connections_closed_total", "Connections the server closed for the limits: idle ones to make room as the cap neared, new ones past the limits and the reserve.", []string{"reason"}, nil),
		over503: prometheus.NewDesc("stccg_connections_refused_requests_total", "Requests other than health checks on a connection over a limit, answered 503.", nil, nil),
	}
}

type connMetrics struct {
	l                                      *api.ConnLimiter
	open, idle, over, max, closed, over503 *prometheus.Desc
}

func (m connMetrics) Describe(ch chan<- *prometheus.Desc) {
	ch <- m.open
	ch <- m.idle
	ch <- m.over
	ch <- m.max
	ch <- m.closed
	ch <- m.over503
}

func (m connMetrics) Collect(ch chan<- prometheus.Metric) {
	s := m.l.Stats()
	ch <- prometheus.MustNewConstMetric(m.open, prometheus.GaugeValue, float64(s.Open))
	ch <- prometheus.MustNewConstMetric(m.idle, prometheus.GaugeValue, float64(s.Idle))
	ch <- prometheus.MustNewConstMetric(m.over, prometheus.GaugeValue, float64(s.Over))
	ch <- prometheus.MustNewConstMetric(m.max, prometheus.GaugeValue, float64(m.l.Limits().Max))
	ch <- prometheus.MustNewConstMetric(m.closed, prometheus.CounterValue, float64(s.ClosedIdle), "idle")
	ch <- prometheus.MustNewConstMetric(m.closed, prometheus.CounterValue, float64(s.RefusedOver), "over-limit")
	ch <- prometheus.MustNewConstMetric(m.over503, prometheus.CounterValue, float64(s.AnsweredOver))
}
