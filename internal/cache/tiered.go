package cache

import (
	"context"
	"time"
)

// Tiered puts a small in-process cache in front of a shared one: Get tries
// the front first and copies a back hit to the front; Set writes both. With
// an LRU in front of Redis, hot entries are served without a round trip and
// keep being served from memory while Redis is away.
type Tiered struct {
	front, back Cache
	frontTTL    time.Duration
	c           counters
}

// NewTiered returns a cache of front before back. frontTTL bounds how long
// a value lives in front (<= 0: the front's default).
func NewTiered(front, back Cache, frontTTL time.Duration) *Tiered {
	return &Tiered{front: front, back: back, frontTTL: frontTTL}
}

// Get implements Cache.
func (t *Tiered) Get(ctx context.Context, key string) ([]byte, bool) {
	if v, ok := t.front.Get(ctx, key); ok {
		t.c.hits.Add(1)
		return v, true
	}
	v, ok := t.back.Get(ctx, key)
	if !ok {
		t.c.misses.Add(1)
		return nil, false
	}
	t.front.Set(ctx, key, v, t.frontTTL)
	t.c.hits.Add(1)
	return v, true
}

// Set implements Cache; the front keeps the value for at most its frontTTL.
func (t *Tiered) Set(ctx context.Context, key string, value []byte, ttl time.Duration) {
	t.c.sets.Add(1)
	frontTTL := t.frontTTL
	if ttl > 0 && (frontTTL <= 0 || ttl < frontTTL) {
		frontTTL = ttl
	}
	t.front.Set(ctx, key, value, frontTTL)
	t.back.Set(ctx, key, value, ttl)
}

// Stats implements StatsReporter, counting hits in either tier.
func (t *Tiered) Stats() Stats { return t.c.snapshot() }
