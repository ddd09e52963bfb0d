package ratelimit_test

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/internal/cache"
	"github.com/stccg/stccg-rules/internal/redistest"
)

// evicting makes a Redis hold at most maxmemory, evicting any key, the
// least recently used first, as a cache's Redis runs.
func evicting(t *testing.T, conn *cache.RedisConn, maxmemory string) {
	t.Helper()
	ctx := context.Background()
	for k, v := range map[string]string{"maxmemory": maxmemory, "maxmemory-policy": "allkeys-lru"} {
		if err := conn.Client().ConfigSet(ctx, k, v).Err(); err != nil {
			t.Fatal(err)
		}
	}
}

// fillCache writes cached answers through the service's Redis cache until
// Redis has evicted keys for them, n times its maxmemory in all.
func fillCache(t *testing.T, conn *cache.RedisConn, times int) {
	t.Helper()
	ctx := context.Background()
	rc := cache.NewRedisCache(conn, cache.RedisCacheOptions{Prefix: "test:" + t.Name(), DefaultTTL: time.Hour, OpTimeout: testBudget})
	t.Cleanup(func() { _ = rc.Close() })
	maxmem, err := conn.Client().ConfigGet(ctx, "maxmemory").Result()
	if err != nil {
		t.Fatal(err)
	}
	limit, _ := strconv.Atoi(maxmem["maxmemory"])
	value := bytes.Repeat([]byte("x"), 64<<10)
	for i := 0; i*len(value) < times*limit; i++ {
		rc.Set(ctx, fmt.Sprint("/v1/search?q=answer-", i), value, time.Hour)
		if i%32 == 31 {
			if err := rc.Flush(ctx); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := rc.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	info, err := conn.Client().Info(ctx, "stats").Result()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(info, "evicted_keys:") || strings.Contains(info, "evicted_keys:0\r\n") {
		t.Fatalf("Redis evicted nothing:\n%s", info)
	}
}

// TestLimitsHoldWhenCachedAnswersFillRedis: cached answers written past
// the cache Redis's maxmemory evict its keys; the rate limits, kept on a
// Redis of their own with noeviction, still refuse a client that spent its
// allowance on one replica when it asks another. On one Redis shared with
// the cache, the same answers evict the limit, and the other replica,
// which never counted the client itself, lets it start afresh: the
// failure the separate Redis prevents.
func TestLimitsHoldWhenCachedAnswersFillRedis(t *testing.T) {
	const perMinute = 5
	spendThenFill := func(t *testing.T, limitsConn *cache.RedisConn, fill func()) (refusedAfter bool) {
		t.Helper()
		a, b := newLimiter(t, perMinute, limitsConn), newLimiter(t, perMinute, limitsConn)
		ctx := context.Background()
		for i := range perMinute {
			if !a.Allow(ctx, "client").Allowed {
				t.Fatalf("request %d refused", i+1)
			}
		}
		if res := b.Allow(ctx, "client"); !res.Allowed && res.Shared {
			// b refused it from Redis's count: shared.
		} else {
			t.Fatalf("the other replica allowed a client past its limit: %+v", res)
		}
		fill()
		// A third replica, which never counted the client, asks Redis.
		res := newLimiter(t, perMinute, limitsConn).Allow(ctx, "client")
		return !res.Allowed
	}

	t.Run("limits on a Redis of their own", func(t *testing.T) {
		cacheRedis, limitsRedis := redistest.Start(t), redistest.Start(t)
		cacheConn, limitsConn := dial(t, cacheRedis.URL(), nil), dial(t, limitsRedis.URL(), nil)
		evicting(t, cacheConn, "4mb")
		if err := limitsConn.Client().ConfigSet(context.Background(), "maxmemory-policy", "noeviction").Err(); err != nil {
			t.Fatal(err)
		}
		if !spendThenFill(t, limitsConn, func() { fillCache(t, cacheConn, 4) }) {
			t.Fatal("the limit was lifted by answers cached in another Redis")
		}
	})

	t.Run("limits sharing the cache's evicting Redis", func(t *testing.T) {
		shared := redistest.Start(t)
		conn := dial(t, shared.URL(), nil)
		evicting(t, conn, "4mb")
		if spendThenFill(t, conn, func() { fillCache(t, conn, 10) }) {
			t.Fatal("the limit held though answers ten times Redis's memory were cached beside it: this test could not tell the two apart")
		}
	})
}
