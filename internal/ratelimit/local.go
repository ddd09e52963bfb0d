package ratelimit

import (
	"errors"
	"sync"
	"time"

	"github.com/hashicorp/golang-lru/v2/simplelru"
)

// Local is an in-process GCRA (generic cell rate algorithm) limiter: each
// client may make perMinute requests at once, and one more every
// minute/perMinute after that. It remembers at most maxKeys clients, the
// least recently seen forgotten first, so many distinct keys cannot grow its
// memory without bound. It is safe for concurrent use.
type Local struct {
	perMinute int // the limit of Allow; AllowN takes one of its own
	now       func() time.Time

	mu   sync.Mutex
	tats *simplelru.LRU[string, time.Time] // theoretical arrival time per client
}

// checkPerMinute fails for a limit the limiters cannot keep: not positive,
// or more requests than nanoseconds in a minute.
func checkPerMinute(perMinute int) error {
	if perMinute <= 0 {
		return errors.New("ratelimit: requests per minute must be positive")
	}
	if time.Minute/time.Duration(perMinute) <= 0 {
		return errors.New("ratelimit: more requests per minute than nanoseconds in a minute")
	}
	return nil
}

// NewLocal returns an in-process limiter of perMinute requests per minute
// per client, remembering at most maxKeys clients.
func NewLocal(perMinute, maxKeys int) (*Local, error) {
	if err := checkPerMinute(perMinute); err != nil {
		return nil, err
	}
	if maxKeys <= 0 {
		return nil, errors.New("ratelimit: the number of clients remembered must be positive")
	}
	tats, err := simplelru.NewLRU[string, time.Time](maxKeys, nil)
	if err != nil {
		return nil, err
	}
	return &Local{perMinute: perMinute, now: time.Now, tats: tats}, nil
}

// Allow counts one request of key and says whether it may go ahead.
func (l *Local) Allow(key string) Result { return l.AllowN(key, l.perMinute, 1) }

// AllowN counts n requests of key at once, at a limit of perMinute, and
// says whether they may go ahead: all of them, or none. A client may make
// perMinute requests at once, and one more every minute/perMinute after
// that, so n over perMinute is never allowed.
func (l *Local) AllowN(key string, perMinute, n int) Result {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	tat := l.tat(key, now)
	g := newGCRA(perMinute)
	newTAT := tat.Add(time.Duration(n) * g.interval)
	if allowAt := newTAT.Add(-g.burst); now.Before(allowAt) {
		return Result{Limit: perMinute, RetryAfter: allowAt.Sub(now), ResetAfter: tat.Sub(now)}
	}
	l.tats.Add(key, newTAT)
	return Result{Allowed: true, Limit: perMinute, Remaining: remaining(perMinute, newTAT.Sub(now)), ResetAfter: newTAT.Sub(now)}
}

// tat is the theoretical arrival time of key's next request: when its
// allowance is full again, now if it already is.
func (l *Local) tat(key string, now time.Time) time.Time {
	tat, ok := l.tats.Get(key)
	if !ok || tat.Before(now) {
		return now
	}
	return tat
}

// A gcra is the generic cell rate algorithm at one limit: the interval
// between two requests at the steady rate, and how far ahead of it a client
// may run (the whole minute's allowance at once).
type gcra struct{ interval, burst time.Duration }

func newGCRA(perMinute int) gcra {
	interval := time.Minute / time.Duration(perMinute)
	return gcra{interval: interval, burst: interval * time.Duration(perMinute)}
}

// follow keeps key's count in step with a decision Redis made for every
// replica (shared, on n requests at perMinute), so that it can decide on
// its own from there should Redis go away, and the other way round: what it
// counted while Redis was away is not forgotten when Redis comes back
// without it (restarted, its keys lost). It returns the decision to give,
// which is shared's unless this count, run ahead of Redis, refuses the
// requests, and, when this count is ahead of Redis', how far ahead of now
// its theoretical arrival time is, for the caller to raise Redis' to it.
func (l *Local) follow(key string, perMinute, n int, shared Result) (Result, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	tat := l.tat(key, now)
	g := newGCRA(perMinute)
	sharedTAT := now.Add(shared.ResetAfter) // Redis' count after its decision
	if !shared.Allowed {
		if tat.Before(sharedTAT) {
			l.tats.Add(key, sharedTAT)
		}
		return shared, ahead(tat, sharedTAT, now)
	}
	newTAT := tat.Add(time.Duration(n) * g.interval)
	if allowAt := newTAT.Add(-g.burst); now.Before(allowAt) {
		// Redis allowed what this count refuses: Redis lost what was
		// counted here while it was away.
		res := Result{Limit: perMinute, RetryAfter: allowAt.Sub(now), ResetAfter: tat.Sub(now), Shared: true}
		return res, ahead(tat, sharedTAT, now)
	}
	if newTAT.Before(sharedTAT) {
		newTAT = sharedTAT
	}
	l.tats.Add(key, newTAT)
	res := shared
	res.ResetAfter = newTAT.Sub(now)
	res.Remaining = remaining(perMinute, res.ResetAfter)
	return res, ahead(newTAT, sharedTAT, now)
}

// catchUpMargin is how far a count here may run ahead of Redis' before
// Redis is told: the two clocks differ by microseconds, and a request
// counted in both may land a little apart.
const catchUpMargin = time.Millisecond

// ahead is how far ahead of now the count here is when it is ahead of
// Redis', else 0.
func ahead(local, shared, now time.Time) time.Duration {
	if local.Sub(shared) <= catchUpMargin {
		return 0
	}
	return local.Sub(now)
}

// Len is the number of clients remembered.
func (l *Local) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.tats.Len()
}
