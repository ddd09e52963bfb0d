package cache

import (
	"context"
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
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
		ReadTimeout:   timeout,
		WriteTimeout:  timeout,
		CheckInterval: 50 * time.Millisecond,
		Logger:        slog.New(&logRecorder{}),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}

// waitInFlight waits until c's dispatcher has taken what was queued and, by
// a margin, sent it: a later operation goes in the next pipeline.
func waitInFlight(t *testing.T, c *RedisCache) {
	t.Helper()
	waitFor(t, "the queue taken", func() bool { return len(c.q.ops) == 0 })
	time.Sleep(20 * time.Millisecond)
}

// newTestCache returns a RedisCache on conn, closed when the test ends
// (before conn, which was made first).
func newTestCache(t testing.TB, conn *RedisConn, opts RedisCacheOptions) *RedisCache {
	t.Helper()
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

func TestRedisCacheConcurrentGetsAndSetsReadBackTheirValues(t *testing.T) {
	tests := []struct {
		name string
		spec func(t *testing.T) string
	}{
		{name: "one server", spec: func(t *testing.T) string { return redistest.Start(t).URL() }},
		{name: "cluster", spec: func(t *testing.T) string { return redistest.StartCluster(t, 3).Spec() }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec := tt.spec(t)
			c := newTestCache(t, dialTest(t, spec, nil), RedisCacheOptions{Version: "v1"})
			const writers, keys = 32, 40
			var wg sync.WaitGroup
			errs := make(chan string, writers*keys)
			for w := range writers {
				wg.Go(func() {
					ctx := context.Background()
					buf := make([]byte, 0, 8<<10)
					for i := range keys {
						key := fmt.Sprintf("/v1/search?w=%d&i=%d", w, i)
						// One buffer for every value: Set must keep a copy.
						buf = append(buf[:0], key...)
						buf = append(buf, strings.Repeat("-", (w*keys+i)*5%(8<<10))...)
						want := string(buf)
						c.Set(ctx, key, buf, time.Minute)
						if v, ok := c.Get(ctx, key); !ok || string(v) != want {
							errs <- fmt.Sprintf("Get(%s) after its Set = %d bytes, %v", key, len(v), ok)
						}
						if v, ok := c.Get(ctx, key+"&never-set"); ok {
							errs <- fmt.Sprintf("Get of a key never set = %q, hit", v)
						}
					}
				})
			}
			wg.Wait()
			close(errs)
			for e := range errs {
				t.Error(e)
			}
			flush(t, c)
			other := newTestCache(t, dialTest(t, spec, nil), RedisCacheOptions{Version: "v1"})
			for w := range writers {
				key := fmt.Sprintf("/v1/search?w=%d&i=%d", w, keys-1)
				if v, ok := other.Get(context.Background(), key); !ok || !strings.HasPrefix(string(v), key) {
					t.Errorf("another client's Get(%s) = %.40q, %v", key, v, ok)
				}
			}
			want := Stats{Hits: writers * keys, Misses: writers * keys, Sets: writers * keys}
			if got := c.Stats(); got != want || c.Dropped() != 0 {
				t.Errorf("Stats() = %+v, Dropped() = %d; want %+v and none dropped", got, c.Dropped(), want)
			}
		})
	}
}

func TestRedisCacheGetReturnsWhenItsContextIsDone(t *testing.T) {
	s := redistest.Start(t)
	c := newTestCache(t, dialPatientTest(t, s.URL()), RedisCacheOptions{Version: "v1", OpTimeout: 5 * time.Second})
	ctx := context.Background()
	c.Set(ctx, "k", []byte("v"), time.Minute)
	flush(t, c)

	// Redis holds every command for 200ms; the caller gives up after 20ms.
	admin := redis.NewClient(&redis.Options{Addr: s.Addr()})
	defer admin.Close()
	if err := admin.Do(ctx, "CLIENT", "PAUSE", "200", "ALL").Err(); err != nil {
		t.Fatal(err)
	}
	reqCtx, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, ok := c.Get(reqCtx, "k"); ok {
		t.Error("Get hit while Redis held every command")
	}
	if d := time.Since(start); d > 150*time.Millisecond {
		t.Errorf("Get returned %v after its context was done at 20ms", d)
	}
	// The pipeline the caller left still lands, and the cache goes on.
	flush(t, c)
	if v, ok := c.Get(ctx, "k"); !ok || string(v) != "v" {
		t.Errorf("Get after the pause = %q, %v", v, ok)
	}
	if st := c.Stats(); st.Errors != 0 {
		t.Errorf("Stats() = %+v; a caller giving up is no Redis error", st)
	}
}

func TestRedisCacheGetQueuedTooLongIsNotSentAndTheNextGetHits(t *testing.T) {
	s := redistest.Start(t)
	conn := dialTestWaiting(t, s.URL(), 5*time.Second)
	c := newTestCache(t, conn, RedisCacheOptions{Version: "v1", OpTimeout: 3 * time.Second})
	ctx := context.Background()
	c.Set(ctx, "k", []byte("v"), time.Minute)
	flush(t, c)

	// A SET held for 2.85s keeps the one pipeline in flight; the Get behind
	// it then has less than a quarter of its 3s left and is not sent. The
	// pause is counted from the PAUSE command, so the SET still ends before
	// its own deadline, and the Get may be queued up to 0.6s after the
	// pause began (a machine busy with other tests) and still be late.
	admin := redis.NewClient(&redis.Options{Addr: s.Addr()})
	defer admin.Close()
	if err := admin.Do(ctx, "CLIENT", "PAUSE", "2850", "WRITE").Err(); err != nil {
		t.Fatal(err)
	}
	c.Set(ctx, "held", []byte("v"), time.Minute)
	waitInFlight(t, c)
	if v, ok := c.Get(ctx, "k"); ok {
		t.Errorf("Get queued behind a held pipeline = %q, hit; want a miss", v)
	}
	for i := range 3 {
		if v, ok := c.Get(ctx, "k"); !ok || string(v) != "v" {
			t.Errorf("Get %d after = %q, %v; want a hit", i, v, ok)
		}
	}
	if st := c.Stats(); st.Errors != 0 || !conn.Healthy() {
		t.Errorf("Stats() = %+v, healthy %v; a late Get is no Redis fault", st, conn.Healthy())
	}
}

func TestRedisCacheSetsBeyondAFullQueueAreDroppedAndCounted(t *testing.T) {
	tests := []struct {
		name       string
		opts       RedisCacheOptions
		valueSize  int
		wantQueued int // behind the Set in flight
	}{
		{name: "queue length", opts: RedisCacheOptions{QueueLength: 4}, valueSize: 100, wantQueued: 4},
		// The value in flight counts until it is written: 4 KiB + 4 KiB fit in 10 KiB.
		{name: "queue bytes", opts: RedisCacheOptions{QueueBytes: 10 << 10}, valueSize: 4 << 10, wantQueued: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := redistest.Start(t)
			conn := dialPatientTest(t, s.URL())
			tt.opts.Version, tt.opts.OpTimeout = "v1", 5*time.Second
			c := newTestCache(t, conn, tt.opts)
			ctx := context.Background()
			value := []byte(strings.Repeat("v", tt.valueSize))

			// CLIENT PAUSE WRITE holds the first SET in flight while reads,
			// and the health check's PING, go on.
			admin := redis.NewClient(&redis.Options{Addr: s.Addr()})
			defer admin.Close()
			if err := admin.Do(ctx, "CLIENT", "PAUSE", "5000", "WRITE").Err(); err != nil {
				t.Fatal(err)
			}
			c.Set(ctx, "k0", value, time.Minute)
			waitInFlight(t, c)
			const sets = 20
			start := time.Now()
			for i := 1; i <= sets; i++ {
				c.Set(ctx, fmt.Sprintf("k%d", i), value, time.Minute)
			}
			if d := time.Since(start); d > 200*time.Millisecond {
				t.Errorf("%d Sets behind a held one took %v; a full queue must not block", sets, d)
			}
			if got, want := c.Dropped(), uint64(sets-tt.wantQueued); got != want {
				t.Errorf("Dropped() = %d, want %d", got, want)
			}
			if err := admin.Do(ctx, "CLIENT", "UNPAUSE").Err(); err != nil {
				t.Fatal(err)
			}
			flush(t, c)
			raw := redis.NewClient(&redis.Options{Addr: s.Addr()})
			defer raw.Close()
			for i := 0; i <= sets; i++ {
				n, err := raw.Exists(ctx, c.Key(fmt.Sprintf("k%d", i))).Result()
				if err != nil {
					t.Fatal(err)
				}
				if want := i <= tt.wantQueued; (n == 1) != want {
					t.Errorf("k%d stored = %v, want %v", i, n == 1, want)
				}
			}
			if st := c.Stats(); st.Sets != sets+1 || st.Errors != 0 || !conn.Healthy() {
				t.Errorf("Stats() = %+v, healthy %v; want %d sets, no errors, healthy", st, conn.Healthy(), sets+1)
			}
		})
	}
}

// dispatchers counts the goroutines sending RedisCache pipelines.
func dispatchers() int {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			return strings.Count(string(buf[:n]), "created by github.com/stccg/stccg-rules/internal/cache.(*redisQueue).start")
		}
		buf = make([]byte, 2*len(buf))
	}
}

func TestRedisCacheCloseSendsQueuedWritesAndStopsItsDispatchers(t *testing.T) {
	s := redistest.Start(t)
	ctx := context.Background()
	n0 := dispatchers()

	c := NewRedisCache(dialTest(t, s.URL(), nil), RedisCacheOptions{Version: "v1", Pipelines: 2})
	if n := dispatchers(); n != n0 {
		t.Errorf("%d dispatchers before any operation, want none", n-n0)
	}
	for i := range 100 {
		c.Set(ctx, fmt.Sprintf("k%d", i), []byte("v"), time.Minute)
	}
	if n := dispatchers(); n != n0+2 {
		t.Errorf("%d dispatchers at work, want 2", n-n0)
	}
	_ = c.Close()
	if n := dispatchers(); n != n0 {
		t.Errorf("%d dispatchers after Close, want none", n-n0)
	}
	if _, ok := c.Get(ctx, "k1"); ok {
		t.Error("Get after Close hit")
	}
	c.Set(ctx, "late", []byte("v"), 0)
	if n := dispatchers(); n != n0 {
		t.Errorf("a Set after Close started %d dispatchers", n-n0)
	}
	other := newTestCache(t, dialTest(t, s.URL(), nil), RedisCacheOptions{Version: "v1"})
	for i := range 100 {
		if _, ok := other.Get(ctx, fmt.Sprintf("k%d", i)); !ok {
			t.Fatalf("k%d, queued before Close, was not written", i)
		}
	}

	// Closing the connection stops the dispatchers of the caches on it.
	conn := dialTest(t, s.URL(), nil)
	onConn := NewRedisCache(conn, RedisCacheOptions{Version: "v1"})
	onConn.Set(ctx, "k", []byte("v"), 0)
	_ = conn.Close()
	waitFor(t, "the dispatcher to stop with its connection", func() bool { return dispatchers() == n0+1 }) // other's
	start := time.Now()
	if _, ok := onConn.Get(ctx, "k"); ok {
		t.Error("Get on a closed connection hit")
	}
	if d := time.Since(start); d > 50*time.Millisecond {
		t.Errorf("Get on a closed connection took %v", d)
	}
	_ = onConn.Close()
}

// BenchmarkRedisCacheGetSetParallel is the path of an uncached read under
// concurrency: a Get, then a Set of the computed response, from 8 goroutines
// per CPU on one real redis-server. The writes still queued when the loop
// ends are waited for within the timing.
func BenchmarkRedisCacheGetSetParallel(b *testing.B) {
	s := redistest.Start(b)
	conn, err := DialRedis(context.Background(), s.URL(), RedisOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = conn.Close() })
	c := newTestCache(b, conn, RedisCacheOptions{Version: "bench"})
	value := []byte(strings.Repeat("x", 4<<10))
	var next atomic.Uint64
	b.SetParallelism(8)
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		ctx := context.Background()
		for pb.Next() {
			key := fmt.Sprintf("k%d", next.Add(1)%8192)
			c.Get(ctx, key)
			c.Set(ctx, key, value, time.Minute)
		}
	})
	flush(b, c)
	b.StopTimer()
	if s := c.Stats(); s.Errors != 0 {
		b.Fatalf("Redis errors during the benchmark: %+v", s)
	}
	b.ReportMetric(float64(c.Dropped())/float64(b.N), "dropped/op")
}
