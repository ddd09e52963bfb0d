package cache

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"

	"github.com/stccg/stccg-rules/internal/redistest"
)

// logRecorder is a slog.Handler that keeps every record's message.
type logRecorder struct {
	mu   sync.Mutex
	msgs []string
}

func (r *logRecorder) Enabled(context.Context, slog.Level) bool { return true }
func (r *logRecorder) Handle(_ context.Context, rec slog.Record) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.msgs = append(r.msgs, rec.Message)
	return nil
}
func (r *logRecorder) WithAttrs([]slog.Attr) slog.Handler { return r }
func (r *logRecorder) WithGroup(string) slog.Handler      { return r }

// count is how many records start with prefix.
func (r *logRecorder) count(prefix string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, m := range r.msgs {
		if strings.HasPrefix(m, prefix) {
			n++
		}
	}
	return n
}

func dialTest(t *testing.T, spec string, logs *logRecorder) *RedisConn {
	t.Helper()
	if logs == nil {
		logs = &logRecorder{}
	}
	conn, err := DialRedis(context.Background(), spec, RedisOptions{
		CheckInterval: 50 * time.Millisecond,
		Logger:        slog.New(logs),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}

// waitFor polls cond until it holds or 10s pass.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
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
	a := NewRedisCache(dialTest(t, s.URL(), nil), RedisCacheOptions{Version: "v1"})
	b := NewRedisCache(dialTest(t, s.URL(), nil), RedisCacheOptions{Version: "v1"})
	other := NewRedisCache(dialTest(t, s.URL(), nil), RedisCacheOptions{Version: "v2"})

	if _, ok := b.Get(ctx, "/v1/documents"); ok {
		t.Fatal("hit before any Set")
	}
	a.Set(ctx, "/v1/documents", []byte("docs"), time.Minute)
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
	a := NewRedisCache(dialTest(t, cl.Spec(), nil), RedisCacheOptions{Version: "v1"})
	b := NewRedisCache(dialTest(t, cl.Spec(), nil), RedisCacheOptions{Version: "v1"})
	for i := range 60 {
		a.Set(ctx, fmt.Sprintf("/v1/entries/e%d", i), []byte(fmt.Sprint(i)), time.Minute)
	}
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

func TestRedisKilledGetMissesWithoutStallingAndLogsOnce(t *testing.T) {
	s := redistest.Start(t)
	logs := &logRecorder{}
	conn := dialTest(t, s.URL(), logs)
	c := NewRedisCache(conn, RedisCacheOptions{Version: "v1"})
	ctx := context.Background()
	c.Set(ctx, "k", []byte("v"), time.Minute)
	if _, ok := c.Get(ctx, "k"); !ok || !conn.Healthy() {
		t.Fatal("healthy Redis did not serve the value")
	}

	s.Kill()
	for i := range 50 {
		reqCtx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
		v, ok := c.Get(reqCtx, "k")
		c.Set(reqCtx, "k2", []byte("x"), 0)
		if reqCtx.Err() != nil {
			t.Fatalf("request %d: Get and Set outlived a 500ms request deadline with Redis down", i)
		}
		cancel()
		if ok {
			t.Fatalf("request %d: Get = %q hit with Redis down", i, v)
		}
	}
	waitFor(t, "health check to notice the outage", func() bool { return !conn.Healthy() })
	// Let several failed health checks pass; the outage is still logged once.
	time.Sleep(300 * time.Millisecond)
	if n := logs.count("redis unavailable"); n != 1 {
		t.Errorf("outage logged %d times, want once", n)
	}
	st := conn.Status()
	if st.Healthy || st.LastError == "" || st.DownSince.IsZero() || st.Outages != 1 {
		t.Errorf("Status() = %+v; want unhealthy with the last error, since when, and 1 outage", st)
	}
	if conn.LastError() == nil {
		t.Error("LastError() = nil during an outage")
	}
	if c.Stats().Misses < 50 {
		t.Errorf("Stats() = %+v; every Get during the outage is a miss", c.Stats())
	}
}

func TestRedisRestartedIsUsedAgain(t *testing.T) {
	s := redistest.Start(t)
	logs := &logRecorder{}
	a := NewRedisCache(dialTest(t, s.URL(), logs), RedisCacheOptions{Version: "v1"})
	connB := dialTest(t, s.URL(), nil)
	b := NewRedisCache(connB, RedisCacheOptions{Version: "v1"})
	ctx := context.Background()

	s.Kill()
	waitFor(t, "outage noticed", func() bool { return !connB.Healthy() })
	a.Set(ctx, "during", []byte("lost"), 0)

	s.Restart()
	waitFor(t, "recovery", func() bool { return a.conn.Healthy() && connB.Healthy() })
	a.Set(ctx, "after", []byte("shared"), time.Minute)
	if v, ok := b.Get(ctx, "after"); !ok || string(v) != "shared" {
		t.Errorf("after restart, second client Get = %q, %v; want the value set by the first", v, ok)
	}
	if _, ok := b.Get(ctx, "during"); ok {
		t.Error("a value set during the outage reached Redis")
	}
	if n := logs.count("redis available again"); n != 1 {
		t.Errorf("recovery logged %d times, want once", n)
	}
	if n := logs.count("redis unavailable"); n != 1 {
		t.Errorf("outage logged %d times, want once", n)
	}
	if st := a.conn.Status(); !st.Healthy || !st.DownSince.IsZero() || st.Outages != 1 {
		t.Errorf("Status() after recovery = %+v", st)
	}
}

func TestRedisStalledCallIsAMissWithinOpTimeout(t *testing.T) {
	s := redistest.Start(t)
	conn := dialTest(t, s.URL(), nil)
	c := NewRedisCache(conn, RedisCacheOptions{Version: "v1", OpTimeout: 100 * time.Millisecond})
	ctx := context.Background()
	c.Set(ctx, "k", []byte("v"), time.Minute)

	// CLIENT PAUSE holds every client's commands, as an overloaded or
	// partitioned Redis would.
	admin := redis.NewClient(&redis.Options{Addr: s.Addr()})
	defer admin.Close()
	if err := admin.Do(ctx, "CLIENT", "PAUSE", "1500", "ALL").Err(); err != nil {
		t.Fatal(err)
	}
	reqCtx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
	defer cancel()
	if _, ok := c.Get(reqCtx, "k"); ok {
		t.Error("Get hit while Redis was paused")
	}
	if reqCtx.Err() != nil {
		t.Fatal("Get outlived a 500ms request deadline while Redis was paused")
	}
	if conn.Healthy() {
		t.Error("a timed-out call left the connection healthy")
	}
	if s := c.Stats(); s.Errors != 1 {
		t.Errorf("Stats() = %+v, want one error", s)
	}
	waitFor(t, "recovery after the pause", conn.Healthy)
	if v, ok := c.Get(ctx, "k"); !ok || string(v) != "v" {
		t.Errorf("after the pause Get = %q, %v", v, ok)
	}
}

func TestRedisUnreachableAtStartRecoversWhenItAppears(t *testing.T) {
	s := redistest.Start(t)
	s.Kill()
	logs := &logRecorder{}
	conn := dialTest(t, s.URL(), logs)
	if conn.Healthy() {
		t.Fatal("Healthy() with nothing listening")
	}
	c := NewRedisCache(conn, RedisCacheOptions{})
	if _, ok := c.Get(context.Background(), "k"); ok {
		t.Fatal("hit with nothing listening")
	}
	s.Restart()
	waitFor(t, "recovery", conn.Healthy)
	c.Set(context.Background(), "k", []byte("v"), 0)
	if v, ok := c.Get(context.Background(), "k"); !ok || string(v) != "v" {
		t.Errorf("Get after recovery = %q, %v", v, ok)
	}
	if n := logs.count("redis unavailable"); n != 1 {
		t.Errorf("outage logged %d times, want once", n)
	}
}

func TestCallerCancellationIsNotARedisFault(t *testing.T) {
	s := redistest.Start(t)
	conn := dialTest(t, s.URL(), nil)
	c := NewRedisCache(conn, RedisCacheOptions{})
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
	rc := NewRedisCache(conn, RedisCacheOptions{})
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
		`stccg_cache_hits_total{cache="local"}`:   1,
		`stccg_cache_misses_total{cache="local"}`: 1,
		`stccg_cache_sets_total{cache="local"}`:   1,
		`stccg_cache_misses_total{cache="redis"}`: 1,
		`stccg_cache_errors_total{cache="redis"}`: 0,
		`stccg_redis_up`:            1,
		`stccg_redis_outages_total`: 0,
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
	s.Kill()
	waitFor(t, "outage noticed", func() bool { return !conn.Healthy() })
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

func TestRedisClusterNodeKilledFallsBackAndRecovers(t *testing.T) {
	cl := redistest.StartCluster(t, 3)
	logs := &logRecorder{}
	conn := dialTest(t, cl.Spec(), logs)
	c := NewRedisCache(conn, RedisCacheOptions{Version: "v1"})
	ctx := context.Background()

	cl.Nodes[0].Kill()
	waitFor(t, "outage of one master noticed", func() bool { return !conn.Healthy() })
	for i := range 20 {
		reqCtx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
		c.Get(reqCtx, fmt.Sprintf("k%d", i))
		if reqCtx.Err() != nil {
			t.Fatalf("Get %d outlived a 500ms deadline with a master down", i)
		}
		cancel()
	}
	if n := logs.count("redis unavailable"); n != 1 {
		t.Errorf("outage logged %d times, want once", n)
	}

	cl.Nodes[0].Restart()
	if err := cl.WaitOK(30 * time.Second); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "recovery", conn.Healthy)
	other := NewRedisCache(dialTest(t, cl.Spec(), nil), RedisCacheOptions{Version: "v1"})
	for i := range 30 {
		key := fmt.Sprintf("after-%d", i)
		c.Set(ctx, key, []byte("v"), time.Minute)
		if _, ok := other.Get(ctx, key); !ok {
			t.Errorf("%s set after recovery not seen by another client", key)
		}
	}
}
