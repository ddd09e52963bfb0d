package cache

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"github.com/stccg/stccg-rules/internal/afterfunc"
)

// maxKeyLen is the longest request key kept as text; longer ones are hashed.
// MaxKeyLen says it to callers that build keys of their own form.
const (
	maxKeyLen = 200
	MaxKeyLen = maxKeyLen
)

// RequestKey normalises a read request into a cache key: the path, then the
// query parameters sorted by name (values keep their order), so that
// "?b=2&a=1" and "?a=1&b=2" share an entry. Keys longer than 200 bytes are
// replaced by the path and a SHA-256 of the whole.
func RequestKey(path string, query url.Values) string {
	key := path
	if q := query.Encode(); q != "" {
		key += "?" + q
	}
	if len(key) <= maxKeyLen {
		return key
	}
	sum := sha256.Sum256([]byte(key))
	if len(path) > maxKeyLen-65 {
		path = path[:maxKeyLen-65]
	}
	return path + "#" + hex.EncodeToString(sum[:])
}

// DefaultMaxResponse is the largest response a Responses stores unless told
// otherwise: a page of 100 cards is about 50 KiB.
const DefaultMaxResponse = 256 << 10

// Responses caches encoded read responses. Fetch returns a stored response
// or computes and stores it; concurrent Fetches of one key compute it once.
// A response larger than its maximum is served but not stored, so a few
// large answers cannot crowd out the many small ones.
type Responses struct {
	cache   Cache
	ttl     time.Duration
	maxSize int
	c       counters

	mu      sync.Mutex
	flights map[string]*flight // the computations under way, by key
}

// A flight is one computation of a key that concurrent Fetches share, and
// that computation's context (see Fetch): one allocation where the flight,
// its context and the two contexts beneath it were four.
type flight struct {
	body    []byte
	err     error
	waiters int           // the Fetches waiting for it, guarded by Responses.mu
	done    chan struct{} // made by the first Fetch to wait on it, closed when body and err are set; guarded by Responses.mu

	flightContext
}

// NewResponses returns a response cache over c; entries live for ttl
// (<= 0: the cache's default) and are stored only when at most maxSize
// bytes (<= 0: DefaultMaxResponse). Keys are stored as "resp:" + key.
func NewResponses(c Cache, ttl time.Duration, maxSize int) *Responses {
	if maxSize <= 0 {
		maxSize = DefaultMaxResponse
	}
	return &Responses{cache: c, ttl: ttl, maxSize: maxSize, flights: map[string]*flight{}}
}

// Fetch returns the response stored under key (hit is true), or runs compute,
// stores its result and returns it; concurrent Fetches of one key share one
// computation. An error from compute is returned and nothing is stored; nor
// is a result over the maximum size. A panic in compute is returned as an
// error to every Fetch that shares it. The slice compute returns is the
// cache's from then on (it may be kept without a copy, see Owner): compute
// must not change it afterwards, nor hand out a slice it reuses.
//
// compute runs in the goroutine of the first Fetch of the key (a miss costs
// no goroutine of its own, nor the growth of a fresh goroutine's stack to a
// handler's depth), but under a context of its own, never under that
// caller's: it holds the caller's values, and ends when the last Fetch
// waiting for the result has gone, each when its own ctx is done (its
// client gone, its deadline passed; the first Fetch seen gone when the
// computation next looks at its context, see flightContext). So one client
// giving up fails no other, and work nobody waits for stops. The other Fetches return ctx.Err() as
// soon as their ctx is done; the first returns it once compute has.
func (r *Responses) Fetch(ctx context.Context, key string, compute func(context.Context) ([]byte, error)) (body []byte, hit bool, err error) {
	key = "resp:" + key
	if b, ok := r.cache.Get(ctx, key); ok {
		r.c.hits.Add(1)
		return b, true, nil
	}
	r.c.misses.Add(1)
	r.mu.Lock()
	f, shared := r.flights[key]
	var done chan struct{}
	if shared {
		if f.done == nil {
			f.done = make(chan struct{})
		}
		done = f.done
	} else {
		f = &flight{flightContext: flightContext{first: ctx, values: context.WithoutCancel(ctx), r: r, key: key}}
		f.f = f
		r.flights[key] = f
	}
	f.waiters++
	r.mu.Unlock()
	if !shared {
		// This caller computes, so it cannot wait on its ctx: it leaves
		// when its ctx ends, while compute goes on for the others
		// (flightContext), and once compute is done.
		r.fly(key, f, compute)
		f.firstLeaves()
		if err := ctx.Err(); err != nil {
			return nil, false, err
		}
		return f.result()
	}
	defer r.leave(key, f)
	select {
	case <-ctx.Done():
		return nil, false, ctx.Err()
	case <-done:
		return f.result()
	}
}

// A flightContext is a computation's context: the first Fetch's values,
// none of its deadline, and an end of its own, which comes when no Fetch
// waits for the computation any more (Responses.leave). The first Fetch,
// which computes, is counted off when its own ctx has ended: seen when the
// computation asks whether its context has ended (Err), or, once it waits
// on Done, as soon as the first Fetch's ctx ends. A computation that only
// looks at Err between steps (search) so costs the first Fetch's context
// no timer, watch or goroutine, and its own no channel.
//
// It ends as context.WithCancel(context.WithoutCancel(first)) does, but
// makes its channel only when something waits on Done; contexts made from
// it (context.WithCancel, context.AfterFunc) register through AfterFunc,
// so none of them needs a goroutine to wait on it.
type flightContext struct {
	first  context.Context
	values context.Context // context.WithoutCancel(first)
	r      *Responses
	key    string
	f      *flight // the flight this is the context of

	left atomic.Bool                 // the first Fetch is counted off
	stop atomic.Pointer[func() bool] // stops the watch on first, once Done armed it

	ended atomic.Bool // err is set
	mu    sync.Mutex
	err   error
	ch    chan struct{}  // Done's, made when asked for
	watch bool           // Done armed the watch on first
	after afterfunc.List // what AfterFunc registered, run when c ends
}

// Deadline is none: the computation outlives any one Fetch's deadline.
func (c *flightContext) Deadline() (time.Time, bool) { return time.Time{}, false }

// Value is the first Fetch's value for key.
func (c *flightContext) Value(key any) any { return c.values.Value(key) }

// Err is the flight's end, once the first Fetch is counted off when its
// ctx has ended: context.Canceled when no Fetch waits any more.
func (c *flightContext) Err() error {
	if !c.left.Load() && c.first.Err() != nil {
		c.firstLeaves()
	}
	if !c.ended.Load() {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Done is closed at the flight's end; asking for it watches the first
// Fetch's ctx, to count it off as soon as that ends.
func (c *flightContext) Done() <-chan struct{} {
	c.mu.Lock()
	if c.ch == nil {
		c.ch = make(chan struct{})
		if c.err != nil {
			close(c.ch)
		}
	}
	ch, armed := c.ch, c.watch
	c.watch = true
	c.mu.Unlock()
	if !armed && !c.left.Load() {
		stop := context.AfterFunc(c.first, c.firstLeaves)
		c.stop.Store(&stop)
		if c.left.Load() {
			stop() // counted off while the watch was being set
		}
	}
	return ch
}

// AfterFunc runs f in its own goroutine once c ends, as context.AfterFunc
// does; stop keeps it from running, and says whether it did.
func (c *flightContext) AfterFunc(f func()) (stop func() bool) {
	c.Done()
	return c.after.Add(f)
}

// cancel ends c with context.Canceled, unless it has ended already.
func (c *flightContext) cancel() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return
	}
	c.err = context.Canceled
	c.ended.Store(true)
	if c.ch != nil {
		close(c.ch)
	}
	c.after.Run()
}

// String names c as the context package names its own.
func (c *flightContext) String() string {
	return "cache.flightContext(" + c.key + ")"
}

// firstLeaves counts the first Fetch off the flight, once.
func (c *flightContext) firstLeaves() {
	if c.left.CompareAndSwap(false, true) {
		if stop := c.stop.Load(); stop != nil {
			(*stop)()
		}
		c.r.leave(c.key, c.f)
	}
}

// result is what the flight landed with.
func (f *flight) result() ([]byte, bool, error) {
	if f.err != nil {
		return nil, false, f.err
	}
	return f.body, false, nil
}

// leave counts off a Fetch waiting for f. When none is left the computation
// is no longer wanted: its context ends, and the next miss of the key starts
// afresh rather than wait for it.
func (r *Responses) leave(key string, f *flight) {
	r.mu.Lock()
	f.waiters--
	last := f.waiters == 0
	if last && r.flights[key] == f {
		delete(r.flights, key)
	}
	r.mu.Unlock()
	if last {
		f.cancel()
	}
}

// fly runs one computation of key, stores its result, and lands f: the
// Fetches waiting on it get its result, and the next miss of key computes
// afresh.
func (r *Responses) fly(key string, f *flight, compute func(context.Context) ([]byte, error)) {
	defer func() {
		if p := recover(); p != nil {
			f.body, f.err = nil, fmt.Errorf("panic: %v", p)
		}
		r.mu.Lock()
		if r.flights[key] == f {
			delete(r.flights, key)
		}
		if f.done != nil {
			close(f.done)
		}
		r.mu.Unlock()
	}()
	b, err := compute(&f.flightContext)
	if err != nil {
		f.err = err
		return
	}
	if len(b) <= r.maxSize {
		r.c.sets.Add(1)
		// Stored even when the last waiter has just gone: it is computed.
		// compute's result is never changed after (the Fetches read it),
		// so a cache that can keep it as it is takes it without a copy.
		if o, ok := r.cache.(Owner); ok {
			o.SetOwned(f.values, key, b, r.ttl)
		} else {
			r.cache.Set(f.values, key, b, r.ttl)
		}
	}
	f.body = b
}

// Waiting is how many Fetches wait for computations under way, the one
// computing each included: what a miss shares with the requests behind it.
func (r *Responses) Waiting() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, f := range r.flights {
		n += f.waiters
	}
	return n
}

// Stats implements StatsReporter: hits and misses of Fetch, and the
// responses computed and stored.
func (r *Responses) Stats() Stats { return r.c.snapshot() }
