package ratelimit

import (
	"context"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// Seen remembers keys for a while, so that what each names is done once: a
// signed Discord interaction, which Discord sends once, comes again only
// as a replay. With Redis the keys are shared by every replica (SET NX, so
// one replica alone sees a key first); while Redis is away, or without it,
// each replica remembers them in process, at most MaxKeys, the oldest
// forgotten first. It is safe for concurrent use.
type Seen struct {
	ttl       time.Duration
	prefix    string
	redis     redis.UniversalClient
	health    Health
	opTimeout time.Duration
	now       func() time.Time

	mu    sync.Mutex
	keys  map[string]time.Time // key -> when it is forgotten
	order []seenKey            // the keys in the order they came, to forget the oldest
	max   int
}

type seenKey struct {
	key     string
	forgets time.Time
}

// SeenConfig configures a Seen. Zero values take the defaults.
type SeenConfig struct {
	// TTL is how long a key is remembered. Default 10 minutes.
	TTL time.Duration
	// Redis, when set, holds the keys for every replica; Health says when to
	// skip it.
	Redis  redis.UniversalClient
	Health Health
	// Prefix starts every Redis key. Default "stccg:seen:".
	Prefix string
	// MaxKeys bounds the keys remembered in process. Default 100000.
	MaxKeys int
	// OpTimeout bounds each Redis call. Default 100ms.
	OpTimeout time.Duration
	// Now is the in-process clock; nil is time.Now.
	Now func() time.Time
}

// NewSeen returns a Seen for cfg.
func NewSeen(cfg SeenConfig) *Seen {
	if cfg.TTL <= 0 {
		cfg.TTL = 10 * time.Minute
	}
	if cfg.Prefix == "" {
		cfg.Prefix = "stccg:seen:"
	}
	if cfg.MaxKeys <= 0 {
		cfg.MaxKeys = 100_000
	}
	if cfg.OpTimeout <= 0 {
		cfg.OpTimeout = 100 * time.Millisecond
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	s := &Seen{ttl: cfg.TTL, prefix: cfg.Prefix, health: cfg.Health, opTimeout: cfg.OpTimeout, now: cfg.Now,
		keys: map[string]time.Time{}, max: cfg.MaxKeys}
	if cfg.Redis != nil && cfg.Health != nil {
		s.redis = cfg.Redis
	}
	return s
}

// First records key and reports whether it had not been recorded within
// the TTL. It never fails: with Redis failing, the replica decides alone.
func (s *Seen) First(ctx context.Context, key string) bool {
	key = clientKey(key)
	first := s.local(key)
	if s.redis == nil || !s.health.Healthy() {
		return first
	}
	ctx, cancel := context.WithTimeout(ctx, s.opTimeout)
	defer cancel()
	set, err := s.redis.SetNX(ctx, s.prefix+key, 1, s.ttl).Result()
	if err != nil {
		s.health.Fault(ctx, err)
		return first
	}
	// Seen here or by another replica: not first.
	return set && first
}

// local records key in process.
func (s *Seen) local(key string) bool {
	now := s.now()
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.order) > 0 && (!s.order[0].forgets.After(now) || len(s.order) >= s.max) {
		old := s.order[0]
		s.order = s.order[1:]
		if s.keys[old.key] == old.forgets {
			delete(s.keys, old.key)
		}
	}
	if forgets, ok := s.keys[key]; ok && forgets.After(now) {
		return false
	}
	forgets := now.Add(s.ttl)
	s.keys[key] = forgets
	s.order = append(s.order, seenKey{key, forgets})
	return true
}
