package cache

import (
	"bytes"
	"context"
	"strings"
	"time"
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
	// OpTimeout bounds each pipeline, and so how long a Get waits for its
	// answer (a quarter more if a pipeline overruns it). Default 100ms.
	OpTimeout time.Duration
	// QueueLength bounds the operations waiting to be sent; a Set that finds
	// the queue full is dropped and counted, a Get is a miss. Default 1024.
	QueueLength int
	// QueueBytes bounds the bytes of the values waiting to be written, as
	// QueueLength bounds their number. Default 16 MiB.
	QueueBytes int
	// Pipelines is how many pipelines may be in flight at once. Default 1:
	// the fewest round trips, and a Get sees the Sets of this cache made
	// before it.
	Pipelines int
}

// RedisCache is a Cache in Redis, shared by every replica that uses the same
// prefix and corpus version. Keys are "prefix:version:key". They carry no
// hash tag, so in a Redis Cluster they spread over every slot.
//
// Operations are pipelined: one that finds no pipeline in flight is sent at
// once, and those that arrive while one is in flight are sent together in
// the next, so that many concurrent requests share a few round trips. A Get
// waits for its answer; a Set is written behind its caller, who does not
// wait, and is dropped (and counted, see Dropped) when the queue is full.
// Another client may therefore read a key just set here before the write
// reaches Redis; Flush waits for the writes.
//
// While the RedisConn is unhealthy, Get is a miss and Set is dropped without
// calling Redis; a failing pipeline marks the connection unhealthy once, and
// its Gets are misses.
//
// Close stops the pipelining; closing the RedisConn stops it too.
type RedisCache struct {
	conn       *RedisConn
	ns         string
	defaultTTL time.Duration
	opTimeout  time.Duration
	c          counters
	q          *redisQueue
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
	if opts.QueueLength <= 0 {
		opts.QueueLength = 1024
	}
	if opts.QueueBytes <= 0 {
		opts.QueueBytes = 16 << 20
	}
	if opts.Pipelines <= 0 {
		opts.Pipelines = 1
	}
	return &RedisCache{
		conn:       conn,
		ns:         escapeKey(opts.Prefix) + ":" + escapeKey(opts.Version) + ":",
		defaultTTL: opts.DefaultTTL,
		opTimeout:  opts.OpTimeout,
		q:          newRedisQueue(opts.QueueLength, opts.QueueBytes, opts.Pipelines),
	}
}

// Key is the Redis key that holds key.
func (r *RedisCache) Key(key string) string { return r.ns + escapeKey(key) }

// Get implements Cache. It waits for the answer at most the op timeout, or
// until ctx is done; either is a miss.
func (r *RedisCache) Get(ctx context.Context, key string) ([]byte, bool) {
	if !r.conn.Healthy() || ctx.Err() != nil {
		r.c.misses.Add(1)
		return nil, false
	}
	op := r.q.getOp()
	op.key = r.Key(key)
	op.deadline = time.Now().Add(r.opTimeout)
	if !r.q.enqueue(r, op) {
		r.q.putOp(op)
		r.c.misses.Add(1)
		return nil, false
	}
	// The pipeline answers by the deadline; the timer is for one that
	// overruns it.
	wait := r.opTimeout + r.opTimeout/4
	if op.timer == nil {
		op.timer = time.NewTimer(wait)
	} else {
		op.timer.Reset(wait)
	}
	select {
	case <-op.done:
		op.timer.Stop()
		b, found := op.result, op.found
		r.q.putOp(op)
		if !found {
			r.c.misses.Add(1)
			return nil, false
		}
		r.c.hits.Add(1)
		return b, true
	case <-ctx.Done():
	case <-op.timer.C:
	}
	op.expired.Store(true) // the op is left to the dispatcher, not reused
	r.c.misses.Add(1)
	return nil, false
}

// Set implements Cache. The value is copied and written behind the caller,
// who does not wait and whose ctx does not bound the write; when the queue
// is full the value is dropped.
func (r *RedisCache) Set(ctx context.Context, key string, value []byte, ttl time.Duration) {
	r.c.sets.Add(1)
	if !r.conn.Healthy() {
		return
	}
	if ttl <= 0 {
		ttl = r.defaultTTL
	}
	if !r.q.reserve(len(value)) {
		r.q.dropped.Add(1)
		return
	}
	op := &redisOp{set: true, key: r.Key(key), value: bytes.Clone(value), ttl: ttl}
	if !r.q.enqueue(r, op) {
		r.q.bytes.Add(-int64(len(value)))
		if !r.q.closed.Load() {
			r.q.dropped.Add(1)
		}
	}
}

// Flush waits until no operation is queued or in flight (every Set made
// before it has been written or has failed), or until ctx is done.
func (r *RedisCache) Flush(ctx context.Context) error { return r.q.flush(ctx) }

// Dropped is the number of Sets dropped because the queue was full.
func (r *RedisCache) Dropped() uint64 { return r.q.dropped.Load() }

// Close sends the writes still queued, waiting at most the op timeout, and
// stops the pipelining; after it Get is a miss and Set is dropped.
func (r *RedisCache) Close() error {
	r.q.close(r.opTimeout)
	return nil
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
