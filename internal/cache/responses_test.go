package cache

import (
	"bytes"
	"context"
	"errors"
	"net/url"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql"

	"github.com/stccg/stccg-rules/internal/testwait"
)

var _ graphql.Cache[string] = (*APQ)(nil)

func TestRequestKey(t *testing.T) {
	long := strings.Repeat("x", 300)
	tests := []struct {
		name  string
		path  string
		query url.Values
		want  string
	}{
		{"path alone", "/v1/documents", nil, "/v1/documents"},
		{"query sorted by name", "/v1/search", url.Values{"q": {"tribble"}, "edition": {"1e"}}, "/v1/search?edition=1e&q=tribble"},
		{"values keep their order", "/v1/cards", url.Values{"id": {"b", "a"}}, "/v1/cards?id=b&id=a"},
		{"special characters escaped", "/v1/search", url.Values{"q": {`"away team"&x`}}, "/v1/search?q=%22away+team%22%26x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := RequestKey(tt.path, tt.query); got != tt.want {
				t.Errorf("RequestKey = %q, want %q", got, tt.want)
			}
		})
	}
	t.Run("long key is hashed and stays distinct", func(t *testing.T) {
		a := RequestKey("/v1/search", url.Values{"q": {long + "a"}})
		b := RequestKey("/v1/search", url.Values{"q": {long + "b"}})
		if len(a) > maxKeyLen || len(b) > maxKeyLen {
			t.Errorf("hashed keys too long: %d, %d", len(a), len(b))
		}
		if a == b {
			t.Error("two long keys hashed to the same key")
		}
		if !strings.HasPrefix(a, "/v1/search#") {
			t.Errorf("hashed key %q lost its path", a)
		}
	})
}

func FuzzRequestKey(f *testing.F) {
	f.Add("/v1/search", "q", "tribble")
	f.Add("/v1/entries/x", "", "")
	f.Add(strings.Repeat("/p", 200), "k", strings.Repeat("v", 500))
	f.Fuzz(func(t *testing.T, path, name, value string) {
		q := url.Values{}
		if name != "" {
			q.Set(name, value)
		}
		k := RequestKey(path, q)
		if k2 := RequestKey(path, q); k != k2 {
			t.Fatalf("not deterministic: %q vs %q", k, k2)
		}
		if len(k) > maxKeyLen {
			t.Fatalf("key of %d bytes exceeds %d", len(k), maxKeyLen)
		}
	})
}

func FuzzEscapeKeyHasNoHashTag(f *testing.F) {
	f.Add("plain")
	f.Add("{tag}rest")
	f.Add("%7B")
	f.Fuzz(func(t *testing.T, s string) {
		e := escapeKey(s)
		if strings.ContainsAny(e, "{}") {
			t.Fatalf("escapeKey(%q) = %q keeps a brace", s, e)
		}
		// Distinct inputs stay distinct: unescaping gives the input back.
		back := strings.NewReplacer("%7B", "{", "%7D", "}", "%25", "%").Replace(e)
		if back != s {
			t.Fatalf("escapeKey(%q) = %q does not round-trip (%q)", s, e, back)
		}
	})
}

func TestResponsesComputesOnceThenHits(t *testing.T) {
	lru, _ := newTestLRU(t, 16, time.Minute)
	r := NewResponses(lru, 0, 0)
	ctx := context.Background()
	calls := 0
	compute := func(context.Context) ([]byte, error) {
		calls++
		return []byte(`{"total":1}`), nil
	}
	for i, wantHit := range []bool{false, true, true} {
		body, hit, err := r.Fetch(ctx, "/v1/search?q=x", compute)
		if err != nil || string(body) != `{"total":1}` || hit != wantHit {
			t.Errorf("fetch %d = %q, hit=%v, %v; want hit=%v", i, body, hit, err, wantHit)
		}
	}
	if calls != 1 {
		t.Errorf("compute ran %d times, want 1", calls)
	}
	if got, want := r.Stats(), (Stats{Hits: 2, Misses: 1, Sets: 1}); got != want {
		t.Errorf("Stats() = %+v, want %+v", got, want)
	}
	if _, ok := lru.Get(ctx, "resp:/v1/search?q=x"); !ok {
		t.Error("response not stored under the resp: prefix")
	}
}

func TestResponsesDoesNotStoreErrors(t *testing.T) {
	lru, _ := newTestLRU(t, 16, time.Minute)
	r := NewResponses(lru, 0, 0)
	ctx := context.Background()
	boom := errors.New("index closed")
	if _, _, err := r.Fetch(ctx, "k", func(context.Context) ([]byte, error) { return nil, boom }); !errors.Is(err, boom) {
		t.Fatalf("err = %v, want %v", err, boom)
	}
	body, hit, err := r.Fetch(ctx, "k", func(context.Context) ([]byte, error) { return []byte("ok"), nil })
	if err != nil || hit || string(body) != "ok" {
		t.Errorf("after an error: %q hit=%v %v; want a fresh computation", body, hit, err)
	}
}

func TestResponsesComputesConcurrentMissesOnce(t *testing.T) {
	lru, _ := newTestLRU(t, 16, time.Minute)
	r := NewResponses(lru, 0, 0)
	var calls atomic.Int32
	release := make(chan struct{})
	compute := func(context.Context) ([]byte, error) {
		calls.Add(1)
		<-release
		return []byte("v"), nil
	}
	var wg sync.WaitGroup
	results := make([]string, 8)
	for i := range results {
		wg.Go(func() {
			b, _, err := r.Fetch(context.Background(), "k", compute)
			if err != nil {
				t.Error(err)
			}
			results[i] = string(b)
		})
	}
	// Every Fetch waits for the one computation before it finishes.
	testwait.For(t, "8 Fetches on one flight", func() bool { return r.Waiting() == 8 })
	close(release)
	wg.Wait()
	if n := calls.Load(); n != 1 {
		t.Errorf("compute ran %d times for 8 concurrent misses", n)
	}
	for i, b := range results {
		if b != "v" {
			t.Errorf("result %d = %q", i, b)
		}
	}
}

// TestResponsesReturnsWhenCallerGivesUp: a caller who gives up, with
// nobody else waiting, ends the computation's context, so the work stops,
// the caller returns, and nothing is stored.
func TestResponsesReturnsWhenCallerGivesUp(t *testing.T) {
	lru, _ := newTestLRU(t, 16, time.Minute)
	r := NewResponses(lru, 0, 0)
	ctx, cancel := context.WithCancel(context.Background())
	started, stopped := make(chan struct{}), make(chan error, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _, err := r.Fetch(ctx, "k", func(c context.Context) ([]byte, error) {
			close(started)
			<-c.Done()
			stopped <- c.Err()
			return nil, c.Err()
		})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled", err)
		}
	}()
	<-started
	cancel()
	<-done
	select {
	case err := <-stopped:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("the computation ended with %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the computation went on with nobody waiting for it")
	}
	if _, ok := lru.Get(context.Background(), "resp:k"); ok {
		t.Error("an abandoned computation stored a response")
	}
}

// TestResponsesSharedComputationOutlivesTheFirstCaller: the first caller
// of a key, which computes it, gives up (its client disconnects) while
// others wait for the same answer: the computation goes on under its own
// context, every other caller gets the answer, it is stored, and the first
// caller returns its cancellation once it is computed. No caller's giving
// up fails another.
func TestResponsesSharedComputationOutlivesTheFirstCaller(t *testing.T) {
	lru, _ := newTestLRU(t, 16, time.Minute)
	r := NewResponses(lru, 0, 0)
	first, cancelFirst := context.WithCancel(context.Background())
	started, release := make(chan struct{}), make(chan struct{})
	var computeErr atomic.Value
	compute := func(c context.Context) ([]byte, error) {
		close(started)
		<-release
		if err := c.Err(); err != nil {
			computeErr.Store(err)
			return nil, err
		}
		return []byte("v"), nil
	}
	firstDone := make(chan error, 1)
	go func() {
		_, _, err := r.Fetch(first, "k", compute)
		firstDone <- err
	}()
	<-started
	var wg sync.WaitGroup
	results := make([]string, 15)
	for i := range results {
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			b, _, err := r.Fetch(ctx, "k", func(context.Context) ([]byte, error) { return []byte("recomputed"), nil })
			if err != nil {
				t.Errorf("waiter %d: %v", i, err)
			}
			results[i] = string(b)
		})
	}
	testwait.For(t, "the others on the first's flight", func() bool { return r.Waiting() == 16 })
	cancelFirst()
	// The first caller is counted off when the computation next looks at
	// its context (below, c.Err()): the others still wait, so it goes on.
	close(release)
	if err := <-firstDone; !errors.Is(err, context.Canceled) {
		t.Errorf("first caller: %v, want context.Canceled", err)
	}
	wg.Wait()
	if err := computeErr.Load(); err != nil {
		t.Fatalf("the shared computation was cancelled with the first caller: %v", err)
	}
	for i, b := range results {
		if b != "v" && b != "recomputed" {
			t.Errorf("waiter %d got %q", i, b)
		}
	}
	if v, ok := lru.Get(context.Background(), "resp:k"); !ok || string(v) != "v" {
		t.Errorf("stored %q %v, want the shared answer", v, ok)
	}
	if n := r.Waiting(); n != 0 {
		t.Errorf("%d still counted on flights once every caller has its answer", n)
	}
}

// TestResponsesComputationLookingAtItsContextSeesItsOnlyCallerGone: a
// computation that looks at its context between steps (Err, as search
// does) and never waits on Done sees it ended once its only caller has
// given up, and nothing is stored; the caller returns its cancellation.
func TestResponsesComputationLookingAtItsContextSeesItsOnlyCallerGone(t *testing.T) {
	lru, _ := newTestLRU(t, 16, time.Minute)
	r := NewResponses(lru, 0, 0)
	ctx, cancel := context.WithCancel(context.Background())
	started, gone := make(chan struct{}), make(chan struct{})
	var seen error
	done := make(chan error, 1)
	go func() {
		_, _, err := r.Fetch(ctx, "k", func(c context.Context) ([]byte, error) {
			if c.Err() != nil {
				t.Error("the computation's context ended before its caller gave up")
			}
			close(started)
			<-gone
			seen = c.Err()
			return []byte("late"), seen
		})
		done <- err
	}()
	<-started
	cancel()
	close(gone)
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("the caller got %v, want context.Canceled", err)
	}
	if !errors.Is(seen, context.Canceled) {
		t.Errorf("the computation's context after its only caller gave up: %v, want context.Canceled", seen)
	}
	if _, ok := lru.Get(context.Background(), "resp:k"); ok {
		t.Error("an abandoned computation stored a response")
	}
	if n := r.Waiting(); n != 0 {
		t.Errorf("%d still counted on the flight", n)
	}
}

func TestAPQStoresQueriesByHash(t *testing.T) {
	lru, _ := newTestLRU(t, 16, time.Minute)
	a := NewAPQ(lru, 0, 0)
	ctx := context.Background()
	if _, ok := a.Get(ctx, "abc"); ok {
		t.Fatal("Get of an unknown hash hit")
	}
	a.Add(ctx, "abc", "{ documents { id } }")
	if q, ok := a.Get(ctx, "abc"); !ok || q != "{ documents { id } }" {
		t.Errorf("Get = %q, %v", q, ok)
	}
	if _, ok := lru.Get(ctx, "apq:abc"); !ok {
		t.Error("query not stored under the apq: prefix")
	}
}

func TestResponsesServesButDoesNotStoreOversizedAnswers(t *testing.T) {
	lru, _ := newTestLRU(t, 16, time.Minute)
	r := NewResponses(lru, 0, 100)
	ctx := context.Background()
	calls := 0
	big := func(context.Context) ([]byte, error) {
		calls++
		return bytes.Repeat([]byte("x"), 101), nil
	}
	for i := range 2 {
		body, hit, err := r.Fetch(ctx, "big", big)
		if err != nil || hit || len(body) != 101 {
			t.Fatalf("fetch %d: %d bytes, hit=%v, %v; want the 101 bytes computed afresh", i, len(body), hit, err)
		}
	}
	if calls != 2 || lru.Len() != 0 {
		t.Errorf("computed %d times, %d entries stored; want 2 computations and nothing stored", calls, lru.Len())
	}
	if _, hit, _ := r.Fetch(ctx, "small", func(context.Context) ([]byte, error) { return make([]byte, 100), nil }); hit {
		t.Fatal("first fetch hit")
	}
	if _, hit, _ := r.Fetch(ctx, "small", func(context.Context) ([]byte, error) { return nil, errors.New("recomputed") }); !hit {
		t.Error("an answer of exactly the maximum was not stored")
	}
}

func TestAPQDoesNotStoreOverlongQueries(t *testing.T) {
	lru, _ := newTestLRU(t, 16, time.Minute)
	a := NewAPQ(lru, 0, 10)
	ctx := context.Background()
	a.Add(ctx, "long", "{ documents }")
	if _, ok := a.Get(ctx, "long"); ok || lru.Len() != 0 {
		t.Error("a query over the maximum was stored")
	}
	a.Add(ctx, "short", "{ a { b } }"[:10])
	if _, ok := a.Get(ctx, "short"); !ok {
		t.Error("a query of exactly the maximum was not stored")
	}
	if NewAPQ(lru, 0, 0).maxQuery != DefaultMaxPersistedQuery {
		t.Error("no default maximum")
	}
}

func TestTieredServesFrontAndFillsItFromBack(t *testing.T) {
	ctx := context.Background()
	front, _ := newTestLRU(t, 16, time.Minute)
	back, _ := newTestLRU(t, 16, time.Minute)
	tc := NewTiered(front, back, time.Minute)

	back.Set(ctx, "only-back", []byte("b"), 0)
	if v, ok := tc.Get(ctx, "only-back"); !ok || string(v) != "b" {
		t.Fatalf("Get(only-back) = %q, %v", v, ok)
	}
	if v, ok := front.Get(ctx, "only-back"); !ok || string(v) != "b" {
		t.Errorf("back hit not copied to the front: %q, %v", v, ok)
	}

	tc.Set(ctx, "both", []byte("x"), 0)
	for name, c := range map[string]*LRU{"front": front, "back": back} {
		if v, ok := c.Get(ctx, "both"); !ok || string(v) != "x" {
			t.Errorf("%s after Set: %q, %v", name, v, ok)
		}
	}
	if _, ok := tc.Get(ctx, "neither"); ok {
		t.Error("Get(neither) hit")
	}
	if got, want := tc.Stats(), (Stats{Hits: 1, Misses: 1, Sets: 1}); got != want {
		t.Errorf("Stats() = %+v, want %+v", got, want)
	}
}

// TestResponsesComputesInTheCallersGoroutine: a miss computes in the
// first caller's own goroutine (no goroutine per miss), cancellable or not.
func TestResponsesComputesInTheCallersGoroutine(t *testing.T) {
	lru, _ := newTestLRU(t, 16, time.Minute)
	r := NewResponses(lru, 0, 0)
	inCaller := func(ctx context.Context, key string) bool {
		var here bool
		_, _, err := r.Fetch(ctx, key, func(context.Context) ([]byte, error) {
			here = strings.Contains(string(debug.Stack()), "cache.TestResponsesComputesInTheCallersGoroutine(") // the test's own frame, not a closure
			return []byte("v"), nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return here
	}
	if !inCaller(context.Background(), "a") {
		t.Error("an uncancellable fetch computed in a goroutine of its own")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if !inCaller(ctx, "b") {
		t.Error("a cancellable fetch computed in a goroutine of its own")
	}
}

// TestResponsesTurnsAPanicIntoAnError: a computation that panics fails
// every fetch sharing it with an error, wherever it ran, stores nothing,
// and the next fetch of the key computes afresh.
func TestResponsesTurnsAPanicIntoAnError(t *testing.T) {
	lru, _ := newTestLRU(t, 16, time.Minute)
	r := NewResponses(lru, 0, 0)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, c := range []context.Context{context.Background(), ctx} {
		_, _, err := r.Fetch(c, "k", func(context.Context) ([]byte, error) { panic("boom") })
		if err == nil || !strings.Contains(err.Error(), "boom") {
			t.Fatalf("err = %v, want the panic as an error", err)
		}
		if _, ok := lru.Get(context.Background(), "resp:k"); ok {
			t.Fatal("a panicking computation stored a response")
		}
	}
	body, hit, err := r.Fetch(context.Background(), "k", func(context.Context) ([]byte, error) { return []byte("v"), nil })
	if err != nil || hit || string(body) != "v" {
		t.Fatalf("after a panic: %q hit=%v %v", body, hit, err)
	}
}

// TestResponsesComputationsContextsEndWithIt: contexts made from a
// computation's context (context.WithCancel, context.AfterFunc) end when
// it does, its only caller gone, and it carries the caller's values but
// none of its deadline, as context.WithCancel(context.WithoutCancel(ctx)).
func TestResponsesComputationsContextsEndWithIt(t *testing.T) {
	lru, _ := newTestLRU(t, 16, time.Minute)
	r := NewResponses(lru, 0, 0)
	type key struct{}
	ctx, cancel := context.WithTimeout(context.WithValue(context.Background(), key{}, "v"), time.Hour)
	started := make(chan struct{})
	ran := make(chan struct{})
	var childErr, cause error
	done := make(chan error, 1)
	go func() {
		_, _, err := r.Fetch(ctx, "k", func(c context.Context) ([]byte, error) {
			if v, _ := c.Value(key{}).(string); v != "v" {
				t.Errorf("the computation's context holds %q of the caller's value", v)
			}
			if d, ok := c.Deadline(); ok {
				t.Errorf("the computation's context has the caller's deadline %v", d)
			}
			child, stop := context.WithCancel(c)
			defer stop()
			context.AfterFunc(c, func() { close(ran) })
			close(started)
			<-child.Done()
			childErr, cause = child.Err(), context.Cause(c)
			return nil, c.Err()
		})
		done <- err
	}()
	<-started
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("the caller got %v, want context.Canceled", err)
	}
	<-ran
	if !errors.Is(childErr, context.Canceled) || !errors.Is(cause, context.Canceled) {
		t.Errorf("a context made from the computation's ended with %v (cause %v), want context.Canceled", childErr, cause)
	}
}
