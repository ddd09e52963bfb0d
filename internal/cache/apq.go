package cache

import (
	"context"
	"time"
)

// APQ stores GraphQL automatic persisted queries (query text by its hash)
// in a Cache; it satisfies gqlgen's graphql.Cache[string]. Keys are stored
// as "apq:" + hash.
type APQ struct {
	cache Cache
	ttl   time.Duration
}

// NewAPQ returns a persisted-query store over c; queries live for ttl
// (<= 0: the cache's default).
func NewAPQ(c Cache, ttl time.Duration) *APQ {
	return &APQ{cache: c, ttl: ttl}
}

// Get returns the query text stored under hash.
func (a *APQ) Get(ctx context.Context, hash string) (string, bool) {
	b, ok := a.cache.Get(ctx, "apq:"+hash)
	if !ok {
		return "", false
	}
	return string(b), true
}

// Add stores query under hash.
func (a *APQ) Add(ctx context.Context, hash string, query string) {
	a.cache.Set(ctx, "apq:"+hash, []byte(query), a.ttl)
}
