package cache

import (
	"context"
	"time"
)

// DefaultMaxPersistedQuery is the longest query text an APQ stores unless
// told otherwise.
const DefaultMaxPersistedQuery = 16 << 10

// APQ stores GraphQL automatic persisted queries (query text by its hash)
// in a Cache; it satisfies gqlgen's graphql.Cache[string]. Keys are stored
// as "apq:" + hash. Queries longer than its maximum are not stored: a
// client may send them in full every time, but cannot fill the cache.
type APQ struct {
	cache    Cache
	ttl      time.Duration
	maxQuery int
}

// NewAPQ returns a persisted-query store over c; queries live for ttl
// (<= 0: the cache's default) and are stored only when at most maxQuery
// bytes long (<= 0: DefaultMaxPersistedQuery).
func NewAPQ(c Cache, ttl time.Duration, maxQuery int) *APQ {
	if maxQuery <= 0 {
		maxQuery = DefaultMaxPersistedQuery
	}
	return &APQ{cache: c, ttl: ttl, maxQuery: maxQuery}
}

// Get returns the query text stored under hash.
func (a *APQ) Get(ctx context.Context, hash string) (string, bool) {
	b, ok := a.cache.Get(ctx, "apq:"+hash)
	if !ok {
		return "", false
	}
	return string(b), true
}

// Add stores query under hash, unless it is longer than the maximum.
func (a *APQ) Add(ctx context.Context, hash string, query string) {
	if len(query) > a.maxQuery {
		return
	}
	a.cache.Set(ctx, "apq:"+hash, []byte(query), a.ttl)
}
