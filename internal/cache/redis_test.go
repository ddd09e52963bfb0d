package cache

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"

	"github.com/stccg/stccg-rules/internal/redistest"
)

// testBudget is how long a test's Redis round trip may take, by default:
// longer than any a loaded machine takes (the service's 100ms is not: on 2
// busy cores a round trip to a local redis-server took up to 244ms). A
// test that asks what a late round trip does sets a budget of its own and
// holds Redis for longer.
const testBudget = 5 * time.Second

// dialTest dials spec with testBudget for every dial, read and write, and a
// health check every 50ms.
func dialTest(t *testing.T, spec string, logs *redistest.LogRecorder) *RedisConn {
	t.Helper()
	if logs == nil {
		logs = &redistest.LogRecorder{}
	}
	conn, err := DialRedis(context.Background(), spec, RedisOptions{
		DialTimeout:   testBudget,
		ReadTimeout:   testBudget,
		WriteTimeout:  testBudget,
		CheckInterval: 50 * time.Millisecond,
		Logger:        slog.New(logs),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}

// dialPatientTest is dialTest with read and write timeouts of a second, so
// that a test may hold Redis's answers for less without a fault.
func dialPatientTest(t *testing.T, spec string) *RedisConn {
	t.Helper()
	return dialTestWaiting(t, spec, time.Second)
}

// dialTestWaiting dials as dialPatientTest does, waiting up to timeout for
// Redis to read or answer.
func dialTestWaiting(t *testing.T, spec string, timeout time.Duration) *RedisConn {
	t.Helper()
	conn, err := DialRedis(context.Background(), spec, RedisOptions{
		DialTimeout:   timeout,
		ReadTimeout:   timeout,
		WriteTimeout:  timeout,
		CheckInterval: 50 * time.Millisecond,
		Logger:        slog.New(&redistest.LogRecorder{}),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}

// waitInFlight waits until c's dispatcher has taken what was queued and is
// sending it as a pipeline: a later operation goes in the next one.
func waitInFlight(t *testing.T, c *RedisCache) {
	t.Helper()
	redistest.WaitFor(t, "the queue taken and sent", func() bool { return len(c.q.ops) == 0 && c.q.sending.Load() > 0 })
}

// newTestCache returns a RedisCache on conn, closed when the test ends
// (before conn, which was made first), with an op timeout of testBudget
// unless opts sets one.
func newTestCache(t testing.TB, conn *RedisConn, opts RedisCacheOptions) *RedisCache {
	t.Helper()
	if opts.OpTimeout == 0 {
		opts.OpTimeout = testBudget
	}
	c := NewRedisCache(conn, opts)
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// flush waits for c's queued writes.
func flush(t testing.TB, c *RedisCache) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.Flush(ctx); err != nil {
		t.Fatalf("Flush: %v", err)
	}
}

func TestNewRedisClient(t *testing.T) {
	tests := []struct {
		name        string
		spec        string
		opts        RedisOptions
		wantCluster bool
		wantErr     bool
	}{
		{name: "url is one server", spec: "redis://127.0.0.1:6379/2"},
		{name: "host and port is one server", spec: "127.0.0.1:6379"},
		{name: "comma list is a cluster", spec: "10.0.0.1:7000, 10.0.0.2:7000,10.0.0.3:7000", wantCluster: true},
		{name: "list of urls is a cluster", spec: "redis://10.0.0.1:7000,redis://10.0.0.2:7000", wantCluster: true},
		{name: "one seed with cluster option is a cluster", spec: "10.0.0.1:7000", opts: RedisOptions{Cluster: true}, wantCluster: true},
		{name: "empty spec is refused", spec: " , ", wantErr: true},
		{name: "address without port is refused", spec: "localhost", wantErr: true},
		{name: "bad url is refused", spec: "redis://host:port:x/abc", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := NewRedisClient(tt.spec, tt.opts)
			if tt.wantErr {
				if err == nil {
					_ = c.Close()
					t.Fatal("no error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			_, isCluster := c.(*redis.ClusterClient)
			if isCluster != tt.wantCluster {
				t.Errorf("cluster client = %v, want %v (%T)", isCluster, tt.wantCluster, c)
			}
		})
	}
}

func TestRedisCacheIsSharedBetweenClients(t *testing.T) {
	s := redistest.Start(t)
	ctx := context.Background()
	a := newTestCache(t, dialTest(t, s.URL(), nil), RedisCacheOptions{Version: "v1"})
	b := newTestCache(t, dialTest(t, s.URL(), nil), RedisCacheOptions{Version: "v1"})
	other := newTestCache(t, dialTest(t, s.URL(), nil), RedisCacheOptions{Version: "v2"})

	if _, ok := b.Get(ctx, "/v1/documents"); ok {
		t.Fatal("hit before any Set")
	}
	a.Set(ctx, "/v1/documents", []byte("docs"), time.Minute)
	flush(t, a)
	if v, ok := b.Get(ctx, "/v1/documents"); !ok || string(v) != "docs" {
		t.Errorf("second client Get = %q, %v; want the first client's value", v, ok)
	}
	if _, ok := other.Get(ctx, "/v1/documents"); ok {
		t.Error("a cache of another corpus version saw the value")
	}
	if got, want := b.Stats(), (Stats{Hits: 1, Misses: 1}); got != want {
		t.Errorf("Stats() = %+v, want %+v", got, want)
	}
	raw := redis.NewClient(&redis.Options{Addr: s.Addr()})
	defer raw.Close()
	ttl, err := raw.TTL(ctx, "stccg:v1:/v1/documents").Result()
	if err != nil || ttl <= 0 || ttl > time.Minute {
		t.Errorf("TTL of stccg:v1:/v1/documents = %v, %v; want the key stored under its namespace with a ttl", ttl, err)
	}
}

func TestRedisCacheKeysCarryNoHashTag(t *testing.T) {
	c := NewRedisCache(nil, RedisCacheOptions{Prefix: "stccg", Version: "{2026-11}"})
	if k := c.Key("entry:{x}"); strings.ContainsAny(k, "{}") {
		t.Errorf("Key = %q holds a hash tag", k)
	}
	if c.Key("a{b") == c.Key("a%7Bb") {
		t.Error("escaping made two keys the same")
	}
}

func TestRedisClusterCacheSpreadsKeysAndIsShared(t *testing.T) {
	cl := redistest.StartCluster(t, 3)
	ctx := context.Background()
	a := newTestCache(t, dialTest(t, cl.Spec(), nil), RedisCacheOptions{Version: "v1"})
	b := newTestCache(t, dialTest(t, cl.Spec(), nil), RedisCacheOptions{Version: "v1"})
	for i := range 60 {
		a.Set(ctx, fmt.Sprintf("/v1/entries/e%d", i), []byte(fmt.Sprint(i)), time.Minute)
	}
	flush(t, a)
	for i := range 60 {
		v, ok := b.Get(ctx, fmt.Sprintf("/v1/entries/e%d", i))
		if !ok || string(v) != fmt.Sprint(i) {
			t.Fatalf("Get e%d on the second client = %q, %v", i, v, ok)
		}
	}
	if s := a.Stats(); s.Errors != 0 {
		t.Errorf("errors on a healthy cluster: %+v", s)
	}
	for _, n := range cl.Nodes {
		raw := redis.NewClient(&redis.Options{Addr: n.Addr()})
		size, err := raw.DBSize(ctx).Result()
		_ = raw.Close()
		if err != nil {
			t.Fatal(err)
		}
		if size == 0 {
			t.Errorf("node %s holds none of 60 keys; keys should spread over slots", n.Addr())
		}
	}
}

func TestCallerCancellationIsNotARedisFault(t *testing.T) {
	s := redistest.Start(t)
	conn := dialTest(t, s.URL(), nil)
	c := newTestCache(t, conn, RedisCacheOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, ok := c.Get(ctx, "k"); ok {
		t.Error("hit with a cancelled context")
	}
	if !conn.Healthy() {
		t.Error("a cancelled request marked Redis unhealthy")
	}
}

func TestCollectorExportsCountersAndRedisHealth(t *testing.T) {
	s := redistest.Start(t)
	conn := dialTest(t, s.URL(), nil)
	rc := newTestCache(t, conn, RedisCacheOptions{})
	lru, _ := newTestLRU(t, 4, 0)
	ctx := context.Background()
	lru.Set(ctx, "a", []byte("1"), 0)
	lru.Get(ctx, "a")
	lru.Get(ctx, "b")
	rc.Get(ctx, "x")

	reg := prometheus.NewPedanticRegistry()
	if err := reg.Register(NewCollector(map[string]StatsReporter{"local": lru, "redis": rc}, conn)); err != nil {
		t.Fatal(err)
	}
	got := gather(t, reg)
	want := map[string]float64{
		`stccg_cache_hits_total{cache="local"}`:    1,
		`stccg_cache_misses_total{cache="local"}`:  1,
		`stccg_cache_sets_total{cache="local"}`:    1,
		`stccg_cache_misses_total{cache="redis"}`:  1,
		`stccg_cache_errors_total{cache="redis"}`:  0,
		`stccg_cache_dropped_total{cache="redis"}`: 0,
		`stccg_redis_up`:            1,
		`stccg_redis_outages_total`: 0,
	}
	for k, v := range want {
		if g, ok := got[k]; !ok || g != v {
			t.Errorf("%s = %v (exported: %v), want %v", k, g, ok, v)
		}
	}
	if _, ok := got[`stccg_cache_dropped_total{cache="local"}`]; ok {
		t.Error("the LRU, which never drops a write, exports a dropped count")
	}
	s.Kill()
	redistest.WaitFor(t, "outage noticed", func() bool { return !conn.Healthy() })
	got = gather(t, reg)
	if got["stccg_redis_up"] != 0 || got["stccg_redis_outages_total"] != 1 {
		t.Errorf("during outage: up=%v outages=%v; want 0 and 1", got["stccg_redis_up"], got["stccg_redis_outages_total"])
	}
}

// gather flattens a registry's metrics to "name{label=\"v\"}" -> value.
func gather(t *testing.T, reg *prometheus.Registry) map[string]float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, mf := range mfs {
		for _, m := range mf.GetMetric() {
			name := mf.GetName()
			for _, l := range m.GetLabel() {
				name += fmt.Sprintf("{%s=%q}", l.GetName(), l.GetValue())
			}
			switch {
			case m.GetCounter() != nil:
				out[name] = m.GetCounter().GetValue()
			case m.GetGauge() != nil:
				out[name] = m.GetGauge().GetValue()
			}
		}
	}
	return out
}

func TestRedisLoggerWritesAtDebugLevel(t *testing.T) {
	var levels []slog.Level
	h := &levelRecorder{levels: &levels}
	RedisLogger{Logger: slog.New(h)}.Printf(context.Background(), "dial %s failed", "127.0.0.1:1")
	if len(levels) != 1 || levels[0] != slog.LevelDebug {
		t.Errorf("levels = %v, want one debug record", levels)
	}
}

type levelRecorder struct{ levels *[]slog.Level }

func (r *levelRecorder) Enabled(context.Context, slog.Level) bool { return true }
func (r *levelRecorder) Handle(_ context.Context, rec slog.Record) error {
	*r.levels = append(*r.levels, rec.Level)
	return nil
}
func (r *levelRecorder) WithAttrs([]slog.Attr) slog.Handler { return r }
func (r *levelRecorder) WithGroup(string) slog.Handler      { return r }
