package cache

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/hashicorp/golang-lru/v2/simplelru"
)

// LRU is the in-process cache: at most size entries and maxBytes bytes
// (an entry weighs len(key)+len(value)), the least recently used evicted
// first, each entry expiring after its own TTL. A value that alone would
// exceed maxBytes is not stored. It is safe for concurrent use.
type LRU struct {
	defaultTTL time.Duration
	maxBytes   int64
	now        func() time.Time

	mu    sync.Mutex
	lru   *simplelru.LRU[string, lruEntry]
	bytes int64 // weight of the entries held; guarded by mu
	c     counters
}

type lruEntry struct {
	value   []byte
	expires time.Time // zero: never
}

func entryWeight(key string, value []byte) int64 { return int64(len(key) + len(value)) }

// NewLRU returns an LRU of at most size entries weighing at most maxBytes
// in all. defaultTTL applies to Set calls with ttl <= 0; a defaultTTL <= 0
// keeps such entries until evicted.
func NewLRU(size int, maxBytes int64, defaultTTL time.Duration) (*LRU, error) {
	if size <= 0 {
		return nil, errors.New("cache: lru size must be positive")
	}
	if maxBytes <= 0 {
		return nil, errors.New("cache: lru byte budget must be positive")
	}
	c := &LRU{defaultTTL: defaultTTL, maxBytes: maxBytes, now: time.Now}
	// The callback runs, under mu, for every entry that leaves: evicted,
	// removed or replaced.
	l, err := simplelru.NewLRU[string, lruEntry](size, func(key string, e lruEntry) {
		c.bytes -= entryWeight(key, e.value)
	})
	if err != nil {
		return nil, err
	}
	c.lru = l
	return c, nil
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

// Set implements Cache. A value heavier than the whole budget is dropped
// (and any older value under key removed, so no stale answer stays).
func (c *LRU) Set(ctx context.Context, key string, value []byte, ttl time.Duration) {
	c.store(key, value, ttl, true)
}

// SetOwned is Set for a value the caller hands over: it is kept as it is,
// not copied, and the caller must never change it (see Owner).
func (c *LRU) SetOwned(_ context.Context, key string, value []byte, ttl time.Duration) {
	c.store(key, value, ttl, false)
}

func (c *LRU) store(key string, value []byte, ttl time.Duration, copied bool) {
	c.c.sets.Add(1)
	w := entryWeight(key, value)
	if w > c.maxBytes {
		c.mu.Lock()
		c.lru.Remove(key)
		c.mu.Unlock()
		return
	}
	if ttl <= 0 {
		ttl = c.defaultTTL
	}
	e := lruEntry{value: value}
	if copied {
		e.value = append([]byte(nil), value...)
	}
	if ttl > 0 {
		e.expires = c.now().Add(ttl)
	}
	c.mu.Lock()
	// Remove first so a replaced value's weight leaves through the callback.
	c.lru.Remove(key)
	c.lru.Add(key, e)
	c.bytes += w
	for c.bytes > c.maxBytes {
		if _, _, ok := c.lru.RemoveOldest(); !ok {
			break
		}
	}
	c.mu.Unlock()
}

// Len is the number of entries held, expired ones not yet removed included.
func (c *LRU) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len()
}

// Bytes is the weight of the entries held (keys and values), expired ones
// not yet removed included.
func (c *LRU) Bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}

// Stats implements StatsReporter.
func (c *LRU) Stats() Stats { return c.c.snapshot() }
