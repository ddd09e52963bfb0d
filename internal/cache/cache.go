// Package cache keeps computed responses so that repeated reads skip the
// work. The in-process LRU is the default; Redis, shared by every replica,
// is used when configured. A Redis fault never fails a request: it is a miss
// (an uncached read), logged once per outage by the RedisConn, and Redis is
// used again as soon as its health check succeeds.
package cache

import (
	"context"
	"sync/atomic"
	"time"
)

// Cache stores byte values under string keys for a time.
//
// Get returns the value and true on a hit, nil and false on a miss. A fault
// of the underlying store is a miss, not an error. Set stores a copy of value
// for ttl (ttl <= 0 means the cache's default); a fault of the store drops
// the value. Callers must not modify a slice returned by Get.
type Cache interface {
	Get(ctx context.Context, key string) ([]byte, bool)
	Set(ctx context.Context, key string, value []byte, ttl time.Duration)
}

// Owner is a Cache that can keep a value it is handed without copying it:
// SetOwned stores value itself, which the caller must never change again.
// The response cache hands over each answer it computed, so a miss costs
// one copy of the answer fewer (the in-process LRU is an Owner).
type Owner interface {
	SetOwned(ctx context.Context, key string, value []byte, ttl time.Duration)
}

// Stats counts what a cache has done since it was created.
type Stats struct {
	Hits   uint64 // Get calls that found a value
	Misses uint64 // Get calls that found none, including those that failed
	Sets   uint64 // Set calls
	Errors uint64 // store faults (Redis errors), each also counted as a miss or dropped set
}

// StatsReporter is anything that reports Stats; every cache here does.
type StatsReporter interface {
	Stats() Stats
}

// counters are the atomic counts behind Stats.
type counters struct {
	hits, misses, sets, errors atomic.Uint64
}

func (c *counters) snapshot() Stats {
	return Stats{
		Hits:   c.hits.Load(),
		Misses: c.misses.Load(),
		Sets:   c.sets.Load(),
		Errors: c.errors.Load(),
	}
}
