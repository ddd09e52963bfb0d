package cache_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"

	"github.com/stccg/stccg-rules/internal/cache"
)

func ExampleLRU() {
	c, err := cache.NewLRU(1000, 8<<20, 10*time.Minute)
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	c.Set(ctx, "/v1/documents", []byte(`{"data":[],"total":0}`), 0)
	v, ok := c.Get(ctx, "/v1/documents")
	fmt.Println(string(v), ok)
	_, ok = c.Get(ctx, "/v1/entries/unknown")
	fmt.Println(ok)
	// Output:
	// {"data":[],"total":0} true
	// false
}

func ExampleResponses() {
	lru, _ := cache.NewLRU(1000, 8<<20, time.Minute)
	responses := cache.NewResponses(lru, 0, 0)
	key := cache.RequestKey("/v1/search", url.Values{"q": {"tribble"}, "edition": {"1e"}})
	search := func(context.Context) ([]byte, error) { return []byte(`{"total":2}`), nil }

	for range 2 {
		body, hit, err := responses.Fetch(context.Background(), key, search)
		fmt.Println(key, string(body), hit, err)
	}
	// Output:
	// /v1/search?edition=1e&q=tribble {"total":2} false <nil>
	// /v1/search?edition=1e&q=tribble {"total":2} true <nil>
}

func ExampleNewRedisClient() {
	single, _ := cache.NewRedisClient("redis://127.0.0.1:6379/0", cache.RedisOptions{})
	cluster, _ := cache.NewRedisClient("10.0.0.1:7000,10.0.0.2:7000,10.0.0.3:7000", cache.RedisOptions{})
	fmt.Printf("%T\n%T\n", single, cluster)
	_ = single.Close()
	_ = cluster.Close()
	// Output:
	// *redis.Client
	// *redis.ClusterClient
}

// ExampleDialRedis shows the wiring of a service with Redis configured: one
// connection shared by the response cache, the persisted-query store and the
// rate limiter (ratelimit.Config{Redis: conn.Client(), Health: conn}), its
// Status in /readyz, and its counters in /metrics.
func ExampleDialRedis() {
	ctx := context.Background()
	logger := slog.Default()
	redis.SetLogger(cache.RedisLogger{Logger: logger}) // go-redis dial errors at debug level

	conn, err := cache.DialRedis(ctx, "redis://127.0.0.1:6379/0", cache.RedisOptions{Logger: logger})
	if err != nil {
		logger.Error("redis address", "err", err)
		return
	}
	defer conn.Close()

	local, _ := cache.NewLRU(10_000, 32<<20, time.Minute)
	shared := cache.NewRedisCache(conn, cache.RedisCacheOptions{Version: "2026-11-01"})
	responses := cache.NewResponses(cache.NewTiered(local, shared, 30*time.Second), 10*time.Minute, 0)
	apq := cache.NewAPQ(shared, 24*time.Hour, 0) // for gqlgen's extension.AutomaticPersistedQuery{Cache: apq}
	_ = responses
	_ = apq

	prometheus.NewRegistry().MustRegister(cache.NewCollector(map[string]cache.StatsReporter{
		"local": local, "redis": shared, "responses": responses,
	}, conn))

	status := conn.Status() // {"healthy":true,"outages":0} in /readyz
	_ = status
}
