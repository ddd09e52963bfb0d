package ratelimit_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/stccg/stccg-rules/internal/cache"
	"github.com/stccg/stccg-rules/internal/ratelimit"
	"github.com/stccg/stccg-rules/internal/redistest"
	"github.com/stccg/stccg-rules/internal/rules"
)

var _ ratelimit.Health = (*cache.RedisConn)(nil)

// testBudget is how long a test's Redis call may take: longer than any a
// loaded machine takes. The service's 100ms is not (on 2 busy cores a round
// trip to a local redis-server took up to 244ms), and a call over it falls
// back to the local limit, which a test asking for Redis's decision would
// read as a wrong count.
const testBudget = 5 * time.Second

// dial dials spec with testBudget for every dial, read and write, and a
// health check every 50ms.
func dial(t *testing.T, spec string, logs *redistest.LogRecorder) *cache.RedisConn {
	t.Helper()
	if logs == nil {
		logs = &redistest.LogRecorder{}
	}
	conn, err := cache.DialRedis(context.Background(), spec, cache.RedisOptions{
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

func newLimiter(t *testing.T, perMinute int, conn *cache.RedisConn) *ratelimit.Limiter {
	t.Helper()
	cfg := ratelimit.Config{PerMinute: perMinute, OpTimeout: testBudget}
	if conn != nil {
		cfg.Redis, cfg.Health = conn.Client(), conn
		cfg.Prefix = "test:" + t.Name() + ":"
	}
	l, err := ratelimit.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// countAllowed makes n requests of key, alternating between limiters, and
// returns how many were allowed.
func countAllowed(t *testing.T, key string, n int, limiters ...*ratelimit.Limiter) (allowed int, last ratelimit.Result) {
	t.Helper()
	for i := range n {
		last = limiters[i%len(limiters)].Allow(context.Background(), key)
		if last.Allowed {
			allowed++
		}
	}
	return allowed, last
}

func TestNewRejectsBadConfig(t *testing.T) {
	s := redistest.Start(t)
	conn := dial(t, s.URL(), nil)
	tests := []struct {
		name string
		cfg  ratelimit.Config
	}{
		{"negative limit", ratelimit.Config{PerMinute: -1}},
		{"redis without health", ratelimit.Config{PerMinute: 5, Redis: conn.Client()}},
		{"negative client bound", ratelimit.Config{PerMinute: 5, MaxKeys: -1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := ratelimit.New(tt.cfg); err == nil {
				t.Error("no error")
			}
		})
	}
}

func TestZeroLimitAllowsEverything(t *testing.T) {
	l := newLimiter(t, 0, nil)
	allowed, last := countAllowed(t, "c", 1000, l)
	if allowed != 1000 || last != (ratelimit.Result{Allowed: true}) {
		t.Errorf("allowed %d of 1000, last %+v; want all, with no limit reported", allowed, last)
	}
	h := http.Header{}
	last.SetHeaders(h)
	if len(h) != 0 {
		t.Errorf("headers set with limits off: %v", h)
	}
}

func TestInProcessLimiterEnforcesLimitPerClient(t *testing.T) {
	l := newLimiter(t, 5, nil)
	for _, key := range []string{"203.0.113.1", "203.0.113.2"} {
		allowed, last := countAllowed(t, key, 12, l)
		if allowed != 5 {
			t.Errorf("%s: allowed %d of 12, want 5", key, allowed)
		}
		if last.Allowed || last.Shared || last.RetryAfter <= 0 {
			t.Errorf("%s: last = %+v; want denied in process with a retry delay", key, last)
		}
	}
	if got, want := l.Stats(), (ratelimit.Stats{Allowed: 10, Denied: 14}); got != want {
		t.Errorf("Stats() = %+v, want %+v", got, want)
	}
}

func TestRedisLimitIsSharedAcrossInstances(t *testing.T) {
	s := redistest.Start(t)
	a := newLimiter(t, 5, dial(t, s.URL(), nil))
	b := newLimiter(t, 5, dial(t, s.URL(), nil))
	allowed, last := countAllowed(t, "203.0.113.9", 20, a, b)
	if allowed != 5 {
		t.Errorf("two instances allowed %d of 20, want 5 in total", allowed)
	}
	if last.Allowed || !last.Shared || last.Limit != 5 || last.Remaining != 0 {
		t.Errorf("last = %+v; want a shared denial at limit 5", last)
	}
	// 5 per minute: one more request every 12s, the full allowance in a minute.
	if last.RetryAfter <= 10*time.Second || last.RetryAfter > 12*time.Second {
		t.Errorf("RetryAfter = %v, want just under 12s", last.RetryAfter)
	}
	if last.ResetAfter <= 55*time.Second || last.ResetAfter > time.Minute {
		t.Errorf("ResetAfter = %v, want just under 1m", last.ResetAfter)
	}
	if other := a.Allow(context.Background(), "203.0.113.10"); !other.Allowed || other.Remaining != 4 {
		t.Errorf("another client = %+v; want allowed with 4 remaining", other)
	}
	if st := a.Stats(); st.Fallbacks != 0 {
		t.Errorf("fallbacks on a healthy Redis: %+v", st)
	}
}

func TestRedisClusterLimitIsSharedAcrossInstances(t *testing.T) {
	cl := redistest.StartCluster(t, 3)
	a := newLimiter(t, 3, dial(t, cl.Spec(), nil))
	b := newLimiter(t, 3, dial(t, cl.Spec(), nil))
	for i := range 20 {
		key := fmt.Sprintf("198.51.100.%d", i)
		if allowed, last := countAllowed(t, key, 8, a, b); allowed != 3 || !last.Shared {
			t.Errorf("%s: allowed %d of 8 (last %+v), want 3 decided in the cluster", key, allowed, last)
		}
	}
	if st := a.Stats(); st.Fallbacks != 0 {
		t.Errorf("fallbacks on a healthy cluster: %+v", st)
	}
}

func TestRedisKilledLimiterFallsBackToLocalLimits(t *testing.T) {
	s := redistest.Start(t)
	logs := &redistest.LogRecorder{}
	conn := dial(t, s.URL(), logs)
	l := newLimiter(t, 3, conn)
	if r := l.Allow(context.Background(), "c"); !r.Shared {
		t.Fatalf("healthy Redis not used: %+v", r)
	}

	s.Kill()
	allowed := 0
	for i := range 10 {
		ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
		r := l.Allow(ctx, "fresh")
		if ctx.Err() != nil {
			t.Fatalf("request %d: Allow outlived a 500ms deadline with Redis down", i)
		}
		cancel()
		if r.Shared {
			t.Fatalf("request %d decided in Redis while it was down: %+v", i, r)
		}
		if r.Allowed {
			allowed++
		}
	}
	if allowed != 3 {
		t.Errorf("with Redis down allowed %d of 10, want the local limit of 3", allowed)
	}
	if conn.Healthy() {
		t.Error("Healthy() = true with Redis down")
	}
	// At most the first call can find Redis gone before the health check
	// does; after that Redis is skipped, not retried per request.
	if st := l.Stats(); st.Fallbacks > 1 {
		t.Errorf("Stats() = %+v; want at most one failed call, then Redis skipped", st)
	}
	for range 3 { // several failed health checks
		if err := conn.Check(context.Background()); err == nil {
			t.Fatal("a health check of a killed Redis succeeded")
		}
	}
	if n := logs.Count("redis unavailable"); n != 1 {
		t.Errorf("outage logged %d times, want once", n)
	}
}

// TestRedisRestartedKeepsTheCountOfTheOutage: each replica limits on its
// own while Redis is away; when Redis comes back, restarted without its
// keys, the allowance spent meanwhile is not handed out afresh: the
// replicas refuse until it is paid back, and add what they counted to
// Redis, so a replica that never saw the outage refuses too.
func TestRedisRestartedKeepsTheCountOfTheOutage(t *testing.T) {
	s := redistest.Start(t)
	connA, connB := dial(t, s.URL(), nil), dial(t, s.URL(), nil)
	a, b := newLimiter(t, 4, connA), newLimiter(t, 4, connB)
	s.Kill()
	redistest.WaitFor(t, "outage noticed", func() bool { return !connA.Healthy() && !connB.Healthy() })
	// Each replica limits on its own while Redis is away.
	if n, _ := countAllowed(t, "c", 10, a); n != 4 {
		t.Errorf("replica a allowed %d during the outage, want 4", n)
	}
	if n, _ := countAllowed(t, "c", 10, b); n != 4 {
		t.Errorf("replica b allowed %d during the outage, want 4", n)
	}

	s.Restart()
	redistest.WaitFor(t, "recovery", func() bool { return connA.Healthy() && connB.Healthy() })
	allowed, last := countAllowed(t, "c", 12, a, b)
	if allowed != 0 || !last.Shared || last.RetryAfter <= 0 {
		t.Errorf("after restart allowed %d of 12 (last %+v), want none: the allowance was spent during the outage", allowed, last)
	}
	c := newLimiter(t, 4, dial(t, s.URL(), nil))
	if n, last := countAllowed(t, "c", 3, c); n != 0 {
		t.Errorf("a replica that never saw the outage allowed %d (last %+v): the count was not added to Redis", n, last)
	}
	// Another client is unaffected.
	if n, _ := countAllowed(t, "other", 4, a, b); n != 4 {
		t.Errorf("another client allowed %d of 4", n)
	}
}

// TestRedisKilledKeepsCountingFromWhereRedisWas: the in-process limiter
// follows Redis' decisions, so when Redis goes away a client has only what
// it had left, not a fresh allowance.
func TestRedisKilledKeepsCountingFromWhereRedisWas(t *testing.T) {
	s := redistest.Start(t)
	conn := dial(t, s.URL(), nil)
	l := newLimiter(t, 5, conn)
	if n, last := countAllowed(t, "c", 3, l); n != 3 || !last.Shared {
		t.Fatalf("with Redis allowed %d of 3 (last %+v)", n, last)
	}
	s.Kill()
	redistest.WaitFor(t, "outage noticed", func() bool { return !conn.Healthy() })
	if n, last := countAllowed(t, "c", 10, l); n != 2 || last.Shared {
		t.Errorf("with Redis down allowed %d more (last %+v), want the 2 left", n, last)
	}
}

// TestFailingRedisCallHandsOutNoFreshAllowance: a Redis call that fails
// before the outage is noticed is decided in process, from the count Redis
// had, not afresh.
func TestFailingRedisCallHandsOutNoFreshAllowance(t *testing.T) {
	s := redistest.Start(t)
	conn, err := cache.DialRedis(context.Background(), s.URL(), cache.RedisOptions{
		CheckInterval: time.Hour, // the outage is found by the failing call alone
		Logger:        slog.New(&redistest.LogRecorder{}),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	l := newLimiter(t, 3, conn)
	if n, _ := countAllowed(t, "c", 3, l); n != 3 {
		t.Fatalf("with Redis allowed %d of 3", n)
	}
	s.Kill()
	if n, last := countAllowed(t, "c", 5, l); n != 0 {
		t.Errorf("after Redis failed allowed %d (last %+v), want none", n, last)
	}
}

func TestResultSetHeaders(t *testing.T) {
	tests := []struct {
		name string
		r    ratelimit.Result
		want map[string]string
	}{
		{
			name: "allowed request carries the limit and what is left",
			r:    ratelimit.Result{Allowed: true, Limit: 60, Remaining: 59, ResetAfter: time.Second},
			want: map[string]string{"X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "59", "X-RateLimit-Reset": "1", "Retry-After": ""},
		},
		{
			name: "denied request says when to retry, rounded up",
			r:    ratelimit.Result{Limit: 5, RetryAfter: 11500 * time.Millisecond, ResetAfter: 59500 * time.Millisecond},
			want: map[string]string{"X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "60", "Retry-After": "12"},
		},
		{
			name: "retry is never sooner than a second",
			r:    ratelimit.Result{Limit: 5, RetryAfter: time.Millisecond},
			want: map[string]string{"Retry-After": "1", "X-RateLimit-Reset": "0"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.Header{}
			tt.r.SetHeaders(h)
			for k, v := range tt.want {
				if got := h.Get(k); got != v {
					t.Errorf("%s = %q, want %q", k, got, v)
				}
			}
		})
	}
}

func TestResultErrIsRateLimitedWithRetryDetail(t *testing.T) {
	if err := (ratelimit.Result{Allowed: true, Limit: 5}).Err(); err != nil {
		t.Errorf("allowed result has error %v", err)
	}
	err := ratelimit.Result{Limit: 5, RetryAfter: 2500 * time.Millisecond}.Err()
	var re *rules.Error
	if !errors.As(err, &re) || re.Code != rules.ERATELIMITED {
		t.Fatalf("err = %#v, want a *rules.Error with code %s", err, rules.ERATELIMITED)
	}
	if re.Details["retryAfter"] != 3 {
		t.Errorf("details = %v, want retryAfter 3", re.Details)
	}
}

func TestCollectorExportsDecisions(t *testing.T) {
	l := newLimiter(t, 2, nil)
	countAllowed(t, "c", 5, l)
	reg := prometheus.NewPedanticRegistry()
	if err := reg.Register(ratelimit.NewCollector(l)); err != nil {
		t.Fatal(err)
	}
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, mf := range mfs {
		for _, m := range mf.GetMetric() {
			name := mf.GetName()
			for _, lp := range m.GetLabel() {
				name += "/" + lp.GetValue()
			}
			got[name] = m.GetCounter().GetValue()
		}
	}
	want := map[string]float64{
		"stccg_ratelimit_requests_total/allowed": 2,
		"stccg_ratelimit_requests_total/denied":  3,
		"stccg_ratelimit_fallbacks_total":        0,
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
}

func ExampleLimiter() {
	limiter, err := ratelimit.New(ratelimit.Config{PerMinute: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	for range 3 {
		r := limiter.Allow(context.Background(), "203.0.113.7")
		h := http.Header{}
		r.SetHeaders(h)
		fmt.Printf("allowed=%v remaining=%s retry-after=%q\n", r.Allowed, h.Get("X-RateLimit-Remaining"), h.Get("Retry-After"))
	}
	// Output:
	// allowed=true remaining=1 retry-after=""
	// allowed=true remaining=0 retry-after=""
	// allowed=false remaining=0 retry-after="30"
}

// TestRedisAndInProcessLimitsCountRemainingAlike: X-RateLimit-Remaining
// does not depend on whether Redis decided; the first request leaves
// limit-1, each quick one after it one fewer.
func TestRedisAndInProcessLimitsCountRemainingAlike(t *testing.T) {
	s := redistest.Start(t)
	for _, perMinute := range []int{600, 60, 7} {
		shared := newLimiter(t, perMinute, dial(t, s.URL(), nil))
		local := newLimiter(t, perMinute, nil)
		for i := range 3 {
			key := fmt.Sprintf("client-%d", perMinute)
			r, l := shared.Allow(context.Background(), key), local.Allow(context.Background(), key)
			if !r.Shared || r.Remaining != l.Remaining || r.Remaining != perMinute-1-i {
				t.Errorf("limit %d, request %d: Redis left %d (shared %v), in process %d; want %d", perMinute, i+1, r.Remaining, r.Shared, l.Remaining, perMinute-1-i)
			}
		}
	}
}
