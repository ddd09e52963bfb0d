// The Redis cache when Redis fails: killed, restarted, stalled, absent at
// start, a cluster node lost, or killed under load. Every replica goes on
// answering, uncached, and uses Redis again once it answers.

package cache

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/internal/redistest"
)

func TestRedisKilledGetMissesWithoutStallingAndLogsOnce(t *testing.T) {
	s := redistest.Start(t)
	logs := &redistest.LogRecorder{}
	conn := dialTest(t, s.URL(), logs)
	c := newTestCache(t, conn, RedisCacheOptions{Version: "v1"})
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
	redistest.WaitFor(t, "health check to notice the outage", func() bool { return !conn.Healthy() })
	// Several more failed health checks; the outage is still logged once.
	for range 3 {
		if err := conn.Check(ctx); err == nil {
			t.Fatal("a health check of a killed Redis succeeded")
		}
	}
	if n := logs.Count("redis unavailable"); n != 1 {
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
	logs := &redistest.LogRecorder{}
	a := newTestCache(t, dialTest(t, s.URL(), logs), RedisCacheOptions{Version: "v1"})
	connB := dialTest(t, s.URL(), nil)
	b := newTestCache(t, connB, RedisCacheOptions{Version: "v1"})
	ctx := context.Background()

	s.Kill()
	redistest.WaitFor(t, "outage noticed", func() bool { return !connB.Healthy() })
	a.Set(ctx, "during", []byte("lost"), 0)
	flush(t, a)

	s.Restart()
	redistest.WaitFor(t, "recovery", func() bool { return a.conn.Healthy() && connB.Healthy() })
	a.Set(ctx, "after", []byte("shared"), time.Minute)
	flush(t, a)
	if v, ok := b.Get(ctx, "after"); !ok || string(v) != "shared" {
		t.Errorf("after restart, second client Get = %q, %v; want the value set by the first", v, ok)
	}
	if _, ok := b.Get(ctx, "during"); ok {
		t.Error("a value set during the outage reached Redis")
	}
	if n := logs.Count("redis available again"); n != 1 {
		t.Errorf("recovery logged %d times, want once", n)
	}
	if n := logs.Count("redis unavailable"); n != 1 {
		t.Errorf("outage logged %d times, want once", n)
	}
	if st := a.conn.Status(); !st.Healthy || !st.DownSince.IsZero() || st.Outages != 1 {
		t.Errorf("Status() after recovery = %+v", st)
	}
}

func TestRedisStalledCallIsAMissWithinOpTimeout(t *testing.T) {
	s := redistest.Start(t)
	conn := dialTest(t, s.URL(), nil)
	c := newTestCache(t, conn, RedisCacheOptions{Version: "v1", OpTimeout: 100 * time.Millisecond})
	ctx := context.Background()
	// The value stored and the connection healthy before the stall: on a
	// busy machine a write may miss its 100ms and be dropped, as a cache
	// may drop one, and the connection marked down until its next check.
	redistest.WaitFor(t, "the value stored", func() bool {
		c.Set(ctx, "k", []byte("v"), time.Minute)
		flush(t, c)
		_, ok := c.Get(ctx, "k")
		return ok && conn.Healthy()
	})
	before, outages := c.Stats(), conn.Status().Outages

	// Every client's commands held, as an overloaded or partitioned Redis
	// would.
	s.Pause(1500*time.Millisecond, false)
	reqCtx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
	defer cancel()
	if _, ok := c.Get(reqCtx, "k"); ok {
		t.Error("Get hit while Redis was paused")
	}
	if reqCtx.Err() != nil {
		t.Fatal("Get outlived a 500ms request deadline while Redis was paused")
	}
	// The Get gives up by its own timer (a quarter past the op timeout)
	// and the pipeline marks the connection down when its own deadline
	// (the op timeout) ends the call: on a busy machine either may come
	// first, so the outage is waited for, by its count, which a recovery
	// after the pause does not undo.
	redistest.WaitFor(t, "the timed-out call counted as an outage", func() bool {
		return conn.Status().Outages == outages+1 && c.Stats().Errors == before.Errors+1
	})
	redistest.WaitFor(t, "recovery after the pause", conn.Healthy)
	if v, ok := c.Get(ctx, "k"); !ok || string(v) != "v" {
		t.Errorf("after the pause Get = %q, %v", v, ok)
	}
}

func TestRedisUnreachableAtStartRecoversWhenItAppears(t *testing.T) {
	s := redistest.Start(t)
	s.Kill()
	logs := &redistest.LogRecorder{}
	conn := dialTest(t, s.URL(), logs)
	if conn.Healthy() {
		t.Fatal("Healthy() with nothing listening")
	}
	c := newTestCache(t, conn, RedisCacheOptions{})
	if _, ok := c.Get(context.Background(), "k"); ok {
		t.Fatal("hit with nothing listening")
	}
	s.Restart()
	redistest.WaitFor(t, "recovery", conn.Healthy)
	c.Set(context.Background(), "k", []byte("v"), 0)
	if v, ok := c.Get(context.Background(), "k"); !ok || string(v) != "v" {
		t.Errorf("Get after recovery = %q, %v", v, ok)
	}
	if n := logs.Count("redis unavailable"); n != 1 {
		t.Errorf("outage logged %d times, want once", n)
	}
}

func TestRedisClusterNodeKilledFallsBackAndRecovers(t *testing.T) {
	cl := redistest.StartCluster(t, 3)
	logs := &redistest.LogRecorder{}
	conn := dialTest(t, cl.Spec(), logs)
	c := newTestCache(t, conn, RedisCacheOptions{Version: "v1"})
	ctx := context.Background()

	cl.Nodes[0].Kill()
	redistest.WaitFor(t, "outage of one master noticed", func() bool { return !conn.Healthy() })
	for i := range 20 {
		reqCtx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
		c.Get(reqCtx, fmt.Sprintf("k%d", i))
		if reqCtx.Err() != nil {
			t.Fatalf("Get %d outlived a 500ms deadline with a master down", i)
		}
		cancel()
	}
	if n := logs.Count("redis unavailable"); n != 1 {
		t.Errorf("outage logged %d times, want once", n)
	}

	cl.Nodes[0].Restart()
	if err := cl.WaitOK(30 * time.Second); err != nil {
		t.Fatal(err)
	}
	redistest.WaitFor(t, "recovery", conn.Healthy)
	other := newTestCache(t, dialTest(t, cl.Spec(), nil), RedisCacheOptions{Version: "v1"})
	for i := range 30 {
		key := fmt.Sprintf("after-%d", i)
		c.Set(ctx, key, []byte("v"), time.Minute)
		flush(t, c)
		if _, ok := other.Get(ctx, key); !ok {
			t.Errorf("%s set after recovery not seen by another client", key)
		}
	}
}

func TestRedisKilledUnderLoadMissesDropsReportsAndRecovers(t *testing.T) {
	s := redistest.Start(t)
	logs := &redistest.LogRecorder{}
	conn := dialTest(t, s.URL(), logs)
	c := newTestCache(t, conn, RedisCacheOptions{Version: "v1"})

	var stop atomic.Bool
	var mu sync.Mutex
	var slow []string
	var calls atomic.Int64
	var wg sync.WaitGroup
	for w := range 16 {
		wg.Go(func() {
			ctx := context.Background()
			for i := 0; !stop.Load(); i++ {
				key := fmt.Sprintf("w%d-%d", w, i%50)
				start := time.Now()
				c.Get(ctx, key)
				get := time.Since(start)
				start = time.Now()
				c.Set(ctx, key, []byte(key), time.Minute)
				set := time.Since(start)
				calls.Add(1)
				// The op timeout, and a margin for a busy machine.
				if get > 300*time.Millisecond || set > 50*time.Millisecond {
					mu.Lock()
					slow = append(slow, fmt.Sprintf("Get %v, Set %v", get, set))
					mu.Unlock()
				}
				// Requests come and go; 16 goroutines spinning on a few
				// CPUs would time their own turns on the CPU.
				time.Sleep(time.Millisecond)
			}
		})
	}
	redistest.WaitFor(t, "the cache under load", func() bool { return c.Stats().Hits >= 100 })
	s.Kill()
	redistest.WaitFor(t, "the outage noticed", func() bool { return !conn.Healthy() })
	// While Redis is marked down nothing is queued; the pipelines in flight
	// when it died settle.
	redistest.WaitFor(t, "the pipelines in flight settled", func() bool { return c.q.pending.Load() == 0 })
	before := c.Stats()
	redistest.WaitFor(t, "more requests during the outage", func() bool { return c.Stats().Misses >= before.Misses+200 })
	during := c.Stats()
	stop.Store(true)
	wg.Wait()

	// A call that waited on the dead Redis would be slow every time; a busy
	// machine delays a few.
	if n := calls.Load(); len(slow) > int(n/100) {
		t.Errorf("%d of %d Gets or Sets were slow with Redis down: %v", len(slow), n, slow)
	}
	if during.Misses == before.Misses || during.Hits != before.Hits {
		t.Errorf("during the outage Stats went from %+v to %+v; want only misses", before, during)
	}
	if during.Errors == 0 || conn.LastError() == nil {
		t.Errorf("Stats() = %+v, LastError() = %v; want the fault counted and reported", during, conn.LastError())
	}
	if n := logs.Count("redis unavailable"); n != 1 {
		t.Errorf("outage logged %d times, want once", n)
	}

	s.Restart()
	redistest.WaitFor(t, "recovery", conn.Healthy)
	ctx := context.Background()
	c.Set(ctx, "after", []byte("back"), time.Minute)
	flush(t, c)
	other := newTestCache(t, dialTest(t, s.URL(), nil), RedisCacheOptions{Version: "v1"})
	if v, ok := other.Get(ctx, "after"); !ok || string(v) != "back" {
		t.Errorf("after recovery another client's Get = %q, %v", v, ok)
	}
	if v, ok := c.Get(ctx, "after"); !ok || string(v) != "back" {
		t.Errorf("after recovery Get = %q, %v", v, ok)
	}
}
