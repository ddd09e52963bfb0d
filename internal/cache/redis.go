package cache

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// RedisCacheOptions configures a RedisCache. Zero values take the defaults.
type RedisCacheOptions struct {
	// Prefix starts every key. Default "stccg".
	Prefix string
	// Version is the corpus version; a new corpus starts with an empty
	// cache. Default "0".
	Version string
	// DefaultTTL applies to Set calls with ttl <= 0. Default 10 minutes.
	DefaultTTL time.Duration
	// OpTimeout bounds each Get and Set. Default 100ms.
	OpTimeout time.Duration
}

// RedisCache is a Cache in Redis, shared by every replica that uses the same
// prefix and corpus version. Keys are "prefix:version:key". They carry no
// hash tag, so in a Redis Cluster they spread over every slot.
//
// While the RedisConn is unhealthy, Get is a miss and Set is dropped without
// calling Redis; a failing call marks the connection unhealthy.
type RedisCache struct {
	conn       *RedisConn
	ns         string
	defaultTTL time.Duration
	opTimeout  time.Duration
	c          counters
}

// NewRedisCache returns a cache on conn.
func NewRedisCache(conn *RedisConn, opts RedisCacheOptions) *RedisCache {
	if opts.Prefix == "" {
		opts.Prefix = "stccg"
	}
	if opts.Version == "" {
		opts.Version = "0"
	}
	if opts.DefaultTTL <= 0 {
		opts.DefaultTTL = 10 * time.Minute
	}
	if opts.OpTimeout <= 0 {
		opts.OpTimeout = 100 * time.Millisecond
	}
	return &RedisCache{
		conn:       conn,
		ns:         escapeKey(opts.Prefix) + ":" + escapeKey(opts.Version) + ":",
		defaultTTL: opts.DefaultTTL,
		opTimeout:  opts.OpTimeout,
	}
}

// Key is the Redis key that holds key.
func (r *RedisCache) Key(key string) string { return r.ns + escapeKey(key) }

// Get implements Cache.
func (r *RedisCache) Get(ctx context.Context, key string) ([]byte, bool) {
	if !r.conn.Healthy() {
		r.c.misses.Add(1)
		return nil, false
	}
	opCtx, cancel := context.WithTimeout(ctx, r.opTimeout)
	defer cancel()
	b, err := r.conn.Client().Get(opCtx, r.Key(key)).Bytes()
	if err != nil {
		if !errors.Is(err, redis.Nil) && r.conn.Fault(ctx, err) {
			r.c.errors.Add(1)
		}
		r.c.misses.Add(1)
		return nil, false
	}
	r.c.hits.Add(1)
	return b, true
}

// Set implements Cache.
func (r *RedisCache) Set(ctx context.Context, key string, value []byte, ttl time.Duration) {
	r.c.sets.Add(1)
	if !r.conn.Healthy() {
		return
	}
	if ttl <= 0 {
		ttl = r.defaultTTL
	}
	opCtx, cancel := context.WithTimeout(ctx, r.opTimeout)
	defer cancel()
	if err := r.conn.Client().Set(opCtx, r.Key(key), value, ttl).Err(); r.conn.Fault(ctx, err) {
		r.c.errors.Add(1)
	}
}

// Stats implements StatsReporter.
func (r *RedisCache) Stats() Stats { return r.c.snapshot() }

// keyEscaper keeps callers' text from forming a Redis Cluster hash tag
// ("{...}"), which would pin keys to one slot; "%" is escaped first so that
// distinct keys stay distinct.
var keyEscaper = strings.NewReplacer("%", "%25", "{", "%7B", "}", "%7D")

func escapeKey(s string) string {
	if !strings.ContainsAny(s, "%{}") {
		return s
	}
	return keyEscaper.Replace(s)
}
