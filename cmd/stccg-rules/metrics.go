package main

import "github.com/prometheus/client_golang/prometheus"

// gauge is a constant gauge, for figures fixed at start-up.
func gauge(name, help string, v float64) prometheus.Collector {
	g := prometheus.NewGauge(prometheus.GaugeOpts{Name: name, Help: help})
	g.Set(v)
	return g
}
