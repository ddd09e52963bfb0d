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
	perMinute int
	interval  time.Duration // between two requests at the steady rate
	burst     time.Duration // interval * perMinute: how far ahead a client may run
	now       func() time.Time

	mu   sync.Mutex
	tats *simplelru.LRU[string, time.Time] // theoretical arrival time per client
}

// NewLocal returns an in-process limiter of perMinute requests per minute
// per client, remembering at most maxKeys clients.
func NewLocal(perMinute, maxKeys int) (*Local, error) {
	if perMinute <= 0 {
		return nil, errors.New("ratelimit: requests per minute must be positive")
	}
	if maxKeys <= 0 {
		return nil, errors.New("ratelimit: the number of clients remembered must be positive")
	}
	tats, err := simplelru.NewLRU[string, time.Time](maxKeys, nil)
	if err != nil {
		return nil, err
	}
	interval := time.Minute / time.Duration(perMinute)
	if interval <= 0 {
		return nil, errors.New("ratelimit: more requests per minute than nanoseconds in a minute")
	}
	return &Local{
		perMinute: perMinute,
		interval:  interval,
		burst:     interval * time.Duration(perMinute),
		now:       time.Now,
		tats:      tats,
	}, nil
}

// Allow counts one request of key and says whether it may go ahead.
func (l *Local) Allow(key string) Result {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	tat, ok := l.tats.Get(key)
	if !ok || tat.Before(now) {
		tat = now
	}
	newTAT := tat.Add(l.interval)
	allowAt := newTAT.Add(-l.burst)
	if now.Before(allowAt) {
		return Result{
			Limit:      l.perMinute,
			RetryAfter: allowAt.Sub(now),
			ResetAfter: tat.Sub(now),
		}
	}
	l.tats.Add(key, newTAT)
	return Result{
		Allowed:    true,
		Limit:      l.perMinute,
		Remaining:  remaining(l.perMinute, newTAT.Sub(now)),
		ResetAfter: newTAT.Sub(now),
	}
}

// Len is the number of clients remembered.
func (l *Local) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.tats.Len()
}
