package cache

import (
	"github.com/prometheus/client_golang/prometheus"
)

// Collector exports cache counters and Redis health as Prometheus metrics:
// stccg_cache_{hits,misses,sets,errors}_total{cache="<name>"} for each named
// cache, stccg_cache_bytes{cache="<name>"} for those that weigh what they
// hold (the LRU), stccg_cache_dropped_total{cache="<name>"} for those that
// write behind and drop writes when their queue is full (Redis), and, when a RedisConn is given, stccg_redis_up (1 or 0) and
// stccg_redis_outages_total. Register it with a prometheus.Registerer.
type Collector struct {
	caches map[string]StatsReporter
	conn   *RedisConn

	hits, misses, sets, errors *prometheus.Desc
	bytes, dropped             *prometheus.Desc
	up, outages                *prometheus.Desc
}

// NewCollector returns a collector over the named caches and conn (nil when
// Redis is not configured). The map is copied.
func NewCollector(caches map[string]StatsReporter, conn *RedisConn) *Collector {
	cs := make(map[string]StatsReporter, len(caches))
	for name, c := range caches {
		cs[name] = c
	}
	label := []string{"cache"}
	return &Collector{
		caches:  cs,
		conn:    conn,
		hits:    prometheus.NewDesc("stccg_cache_hits_total", "Cache lookups that found a value.", label, nil),
		misses:  prometheus.NewDesc("stccg_cache_misses_total", "Cache lookups that found none, failed ones included.", label, nil),
		sets:    prometheus.NewDesc("stccg_cache_sets_total", "Values stored in the cache.", label, nil),
		errors:  prometheus.NewDesc("stccg_cache_errors_total", "Cache store faults (Redis errors).", label, nil),
		bytes:   prometheus.NewDesc("stccg_cache_bytes", "Bytes of keys and values held in process.", label, nil),
		dropped: prometheus.NewDesc("stccg_cache_dropped_total", "Writes dropped because the queue to the store was full.", label, nil),
		up:      prometheus.NewDesc("stccg_redis_up", "Whether Redis is reachable (1) or not (0).", nil, nil),
		outages: prometheus.NewDesc("stccg_redis_outages_total", "Times Redis became unreachable.", nil, nil),
	}
}

// Describe implements prometheus.Collector.
func (c *Collector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.hits
	ch <- c.misses
	ch <- c.sets
	ch <- c.errors
	ch <- c.bytes
	ch <- c.dropped
	if c.conn != nil {
		ch <- c.up
		ch <- c.outages
	}
}

// Collect implements prometheus.Collector.
func (c *Collector) Collect(ch chan<- prometheus.Metric) {
	for name, src := range c.caches {
		s := src.Stats()
		ch <- prometheus.MustNewConstMetric(c.hits, prometheus.CounterValue, float64(s.Hits), name)
		ch <- prometheus.MustNewConstMetric(c.misses, prometheus.CounterValue, float64(s.Misses), name)
		ch <- prometheus.MustNewConstMetric(c.sets, prometheus.CounterValue, float64(s.Sets), name)
		ch <- prometheus.MustNewConstMetric(c.errors, prometheus.CounterValue, float64(s.Errors), name)
		if w, ok := src.(interface{ Bytes() int64 }); ok {
			ch <- prometheus.MustNewConstMetric(c.bytes, prometheus.GaugeValue, float64(w.Bytes()), name)
		}
		if d, ok := src.(interface{ Dropped() uint64 }); ok {
			ch <- prometheus.MustNewConstMetric(c.dropped, prometheus.CounterValue, float64(d.Dropped()), name)
		}
	}
	if c.conn != nil {
		st := c.conn.Status()
		up := 0.0
		if st.Healthy {
			up = 1
		}
		ch <- prometheus.MustNewConstMetric(c.up, prometheus.GaugeValue, up)
		ch <- prometheus.MustNewConstMetric(c.outages, prometheus.CounterValue, float64(st.Outages))
	}
}
