package cache

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

// Bounds of one pipeline. A pipeline is written whole before its replies are
// read, so its bytes are bounded as well as its commands: a batch of large
// values must not take longer to write than the op timeout.
const (
	maxPipelineCommands = 128
	maxPipelineBytes    = 512 << 10
)

// A redisOp is one GET or SET waiting in a RedisCache's queue.
type redisOp struct {
	set   bool
	key   string
	value []byte        // SET: a copy of the caller's value
	ttl   time.Duration // SET

	// A GET's caller waits on done until about deadline. expired is set when
	// the answer is no longer wanted (the caller stopped waiting, or would
	// before an answer came); an expired GET is not sent.
	deadline time.Time
	expired  atomic.Bool
	done     chan struct{} // buffered; receives once, when result and found are set
	result   []byte
	found    bool
	timer    *time.Timer // the caller's, kept with the op for reuse

	cmd redis.Cmder // while the op is in a pipeline
}

// redisQueue carries a RedisCache's operations to Redis in pipelines. Its
// dispatchers (one unless told otherwise) each wait for an operation, take
// it with whatever else is waiting, up to the pipeline's bounds, and send
// them as one pipeline: an operation that finds a dispatcher idle is sent at
// once, and those that arrive while pipelines are in flight go together in
// the next. The dispatchers start with the first operation and stop when the
// RedisCache or its RedisConn is closed.
type redisQueue struct {
	ops         chan *redisOp
	maxBytes    int64
	dispatchers int

	pending atomic.Int64 // operations queued or in flight
	sending atomic.Int32 // pipelines taken from the queue and not yet answered
	bytes   atomic.Int64 // bytes of the SET values queued or in flight
	dropped atomic.Uint64
	closed  atomic.Bool
	started atomic.Bool

	mu     sync.Mutex // guards starting against closing
	stop   chan struct{}
	base   context.Context // cancelled by Close, so that a shutdown is no Redis fault
	cancel context.CancelFunc
	wg     sync.WaitGroup

	closeOnce sync.Once

	gets sync.Pool // *redisOp of GETs whose caller took the result
}

func newRedisQueue(length, maxBytes, dispatchers int) *redisQueue {
	base, cancel := context.WithCancel(context.Background())
	return &redisQueue{
		ops:         make(chan *redisOp, length),
		maxBytes:    int64(maxBytes),
		dispatchers: dispatchers,
		stop:        make(chan struct{}),
		base:        base,
		cancel:      cancel,
	}
}

// getOp returns a GET op, reused when one is free.
func (q *redisQueue) getOp() *redisOp {
	if op, ok := q.gets.Get().(*redisOp); ok {
		return op
	}
	return &redisOp{done: make(chan struct{}, 1)}
}

// putOp frees a GET op that nothing else holds: its caller took the result,
// or it was never queued.
func (q *redisQueue) putOp(op *redisOp) {
	op.key, op.result, op.found = "", nil, false
	op.expired.Store(false)
	q.gets.Put(op)
}

// enqueue queues op without blocking; it reports false when the queue is
// full or closed.
func (q *redisQueue) enqueue(r *RedisCache, op *redisOp) bool {
	if q.closed.Load() || !q.started.Load() && !q.start(r) {
		return false
	}
	q.pending.Add(1)
	select {
	case q.ops <- op:
		return true
	default:
		q.pending.Add(-1)
		return false
	}
}

// reserve counts n bytes of a SET value against the queue's bound; it
// reports false, counting nothing, when they do not fit.
func (q *redisQueue) reserve(n int) bool {
	if q.bytes.Add(int64(n)) > q.maxBytes {
		q.bytes.Add(-int64(n))
		return false
	}
	return true
}

func (q *redisQueue) start(r *RedisCache) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed.Load() {
		return false
	}
	if !q.started.Load() {
		q.wg.Add(q.dispatchers)
		for range q.dispatchers {
			go q.dispatch(r)
		}
		q.started.Store(true)
	}
	return true
}

// dispatch sends pipelines until the queue or the connection is closed.
func (q *redisQueue) dispatch(r *RedisCache) {
	defer q.wg.Done()
	pipe := r.conn.Client().Pipeline()
	batch := make([]*redisOp, 0, maxPipelineCommands)
	for {
		var op *redisOp
		select {
		case op = <-q.ops:
		case <-q.stop:
			q.drain()
			return
		case <-r.conn.stop:
			// The connection's client is being closed: what is queued
			// cannot be sent, and nothing more will be.
			q.closed.Store(true)
			q.cancel()
			q.drain()
			return
		}
		batch = append(batch, op)
		size := len(op.value)
	fill:
		for len(batch) < maxPipelineCommands && size < maxPipelineBytes {
			select {
			case op = <-q.ops:
				batch = append(batch, op)
				size += len(op.value)
			default:
				break fill
			}
		}
		q.send(r, pipe, batch)
		clear(batch)
		batch = batch[:0]
	}
}

// send runs batch as one pipeline and answers its GETs. An expired GET is
// not sent, nor one with less than a quarter of the op timeout left: the
// pipeline's deadline is its earliest GET's, and must leave Redis time.
// The first fault of the pipeline is reported to the connection once, and
// every operation it failed is counted as an error.
func (q *redisQueue) send(r *RedisCache, pipe redis.Pipeliner, batch []*redisOp) {
	defer q.settle(batch)
	if !r.conn.Healthy() {
		return
	}
	now := time.Now()
	deadline := now.Add(r.opTimeout)
	for _, op := range batch {
		if op.set || op.expired.Load() {
			continue
		}
		if op.deadline.Sub(now) < r.opTimeout/4 {
			op.expired.Store(true)
			continue
		}
		if op.deadline.Before(deadline) {
			deadline = op.deadline
		}
	}
	ctx, cancel := context.WithDeadline(q.base, deadline)
	defer cancel()
	for _, op := range batch {
		switch {
		case op.set:
			op.cmd = pipe.Set(ctx, op.key, op.value, op.ttl)
		case !op.expired.Load():
			op.cmd = pipe.Get(ctx, op.key)
		}
	}
	if pipe.Len() == 0 {
		return
	}
	q.sending.Add(1)
	_, _ = pipe.Exec(ctx)
	q.sending.Add(-1)
	var fault error
	var failed uint64
	for _, op := range batch {
		if op.cmd == nil {
			continue
		}
		if err := op.cmd.Err(); err != nil && !errors.Is(err, redis.Nil) {
			if fault == nil {
				fault = err
			}
			failed++
		}
	}
	if fault != nil && r.conn.Fault(q.base, fault) {
		r.c.errors.Add(failed)
	}
}

// settle answers the GETs of batch (misses, unless their command found a
// value) and releases the queue's count of every op.
func (q *redisQueue) settle(batch []*redisOp) {
	var size int64
	for _, op := range batch {
		if op.set {
			size += int64(len(op.value))
			op.value, op.cmd = nil, nil
			continue
		}
		op.result, op.found = nil, false
		if cmd, ok := op.cmd.(*redis.StringCmd); ok && cmd.Err() == nil {
			op.result, _ = cmd.Bytes()
			op.found = true
		}
		op.cmd = nil
		op.done <- struct{}{} // the op may be reused from here on
	}
	q.bytes.Add(-size)
	q.pending.Add(-int64(len(batch)))
}

// drain answers what is left in the queue without sending it.
func (q *redisQueue) drain() {
	for {
		select {
		case op := <-q.ops:
			q.settle([]*redisOp{op})
		default:
			return
		}
	}
}

// flush waits until no operation is queued or in flight, or ctx is done.
func (q *redisQueue) flush(ctx context.Context) error {
	if q.pending.Load() == 0 {
		return nil
	}
	t := time.NewTicker(time.Millisecond)
	defer t.Stop()
	for q.pending.Load() > 0 {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
	return nil
}

// close stops taking operations, sends what is queued (waiting at most
// timeout), then stops the dispatchers and waits for them.
func (q *redisQueue) close(timeout time.Duration) {
	q.mu.Lock()
	q.closed.Store(true)
	q.mu.Unlock()
	q.closeOnce.Do(func() {
		// Once the connection is closed nothing queued can be sent.
		if q.started.Load() && q.base.Err() == nil {
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			_ = q.flush(ctx)
			cancel()
		}
		close(q.stop)
		q.cancel()
		q.wg.Wait()
	})
}
