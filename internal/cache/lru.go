package cache

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/hashicorp/golang-lru/v2/simplelru"
)

// LRU is the in-process cache: at most size entries, the least recently
// used evicted first, each entry expiring after its own TTL. It is safe for
// concurrent use.
type LRU struct {
	defaultTTL time.Duration
	now        func() time.Time

	mu  sync.Mutex
	lru *simplelru.LRU[string, lruEntry]
	c   counters
}

type lruEntry struct {
	value   []byte
	expires time.Time // zero: never
}

// NewLRU returns an LRU of at most size entries. defaultTTL applies to Set
// calls with ttl <= 0; a defaultTTL <= 0 keeps such entries until evicted.
func NewLRU(size int, defaultTTL time.Duration) (*LRU, error) {
	if size <= 0 {
		return nil, errors.New("cache: lru size must be positive")
	}
	l, err := simplelru.NewLRU[string, lruEntry](size, nil)
	if err != nil {
		return nil, err
	}
	return &LRU{defaultTTL: defaultTTL, now: time.Now, lru: l}, nil
}

// Get implements Cache. An expired entry is removed and is a miss.
func (c *LRU) Get(_ context.Context, key string) ([]byte, bool) {
	c.mu.Lock()
	e, ok := c.lru.Get(key)
	if ok && !e.expires.IsZero() && !c.now().Before(e.expires) {
		c.lru.Remove(key)
		ok = false
	}
	c.mu.Unlock()
	if !ok {
		c.c.misses.Add(1)
		return nil, false
	}
	c.c.hits.Add(1)
	return e.value, true
}

// Set implements Cache.
func (c *LRU) Set(_ context.Context, key string, value []byte, ttl time.Duration) {
	if ttl <= 0 {
		ttl = c.defaultTTL
	}
	e := lruEntry{value: append([]byte(nil), value...)}
	if ttl > 0 {
		e.expires = c.now().Add(ttl)
	}
	c.mu.Lock()
	c.lru.Add(key, e)
	c.mu.Unlock()
	c.c.sets.Add(1)
}

// Len is the number of entries held, expired ones not yet removed included.
func (c *LRU) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len()
}

// Stats implements StatsReporter.
func (c *LRU) Stats() Stats { return c.c.snapshot() }
