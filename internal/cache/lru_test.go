package cache

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// fakeClock is a settable time source for TTL tests.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }

func newTestLRU(t *testing.T, size int, ttl time.Duration) (*LRU, *fakeClock) {
	t.Helper()
	c, err := NewLRU(size, 1<<20, ttl)
	if err != nil {
		t.Fatal(err)
	}
	clock := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	c.now = clock.now
	return c, clock
}

func TestLRU(t *testing.T) {
	ctx := context.Background()
	type step struct {
		op    string // "set", "get", "wait"
		key   string
		value string
		ttl   time.Duration
		want  string // for get: expected value, "" for a miss
	}
	tests := []struct {
		name       string
		size       int
		defaultTTL time.Duration
		steps      []step
		wantStats  Stats
	}{
		{
			name: "stored value is a hit",
			size: 4,
			steps: []step{
				{op: "set", key: "a", value: "1"},
				{op: "get", key: "a", want: "1"},
			},
			wantStats: Stats{Hits: 1, Sets: 1},
		},
		{
			name: "unknown key is a miss",
			size: 4,
			steps: []step{
				{op: "set", key: "a", value: "1"},
				{op: "get", key: "b"},
			},
			wantStats: Stats{Misses: 1, Sets: 1},
		},
		{
			name: "entry expires after its ttl",
			size: 4,
			steps: []step{
				{op: "set", key: "a", value: "1", ttl: time.Minute},
				{op: "wait", ttl: 59 * time.Second},
				{op: "get", key: "a", want: "1"},
				{op: "wait", ttl: time.Second},
				{op: "get", key: "a"},
			},
			wantStats: Stats{Hits: 1, Misses: 1, Sets: 1},
		},
		{
			name:       "default ttl applies when none is given",
			size:       4,
			defaultTTL: 10 * time.Second,
			steps: []step{
				{op: "set", key: "a", value: "1"},
				{op: "set", key: "b", value: "2", ttl: time.Hour},
				{op: "wait", ttl: 11 * time.Second},
				{op: "get", key: "a"},
				{op: "get", key: "b", want: "2"},
			},
			wantStats: Stats{Hits: 1, Misses: 1, Sets: 2},
		},
		{
			name: "no ttl keeps entry until evicted",
			size: 4,
			steps: []step{
				{op: "set", key: "a", value: "1"},
				{op: "wait", ttl: 1000 * time.Hour},
				{op: "get", key: "a", want: "1"},
			},
			wantStats: Stats{Hits: 1, Sets: 1},
		},
		{
			name: "least recently used entry is evicted when full",
			size: 2,
			steps: []step{
				{op: "set", key: "a", value: "1"},
				{op: "set", key: "b", value: "2"},
				{op: "get", key: "a", want: "1"}, // a is now more recent than b
				{op: "set", key: "c", value: "3"},
				{op: "get", key: "b"},
				{op: "get", key: "a", want: "1"},
				{op: "get", key: "c", want: "3"},
			},
			wantStats: Stats{Hits: 3, Misses: 1, Sets: 3},
		},
		{
			name: "set replaces the value and its ttl",
			size: 2,
			steps: []step{
				{op: "set", key: "a", value: "1", ttl: time.Second},
				{op: "set", key: "a", value: "2", ttl: time.Hour},
				{op: "wait", ttl: time.Minute},
				{op: "get", key: "a", want: "2"},
			},
			wantStats: Stats{Hits: 1, Sets: 2},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, clock := newTestLRU(t, tt.size, tt.defaultTTL)
			for i, s := range tt.steps {
				switch s.op {
				case "set":
					c.Set(ctx, s.key, []byte(s.value), s.ttl)
				case "wait":
					clock.advance(s.ttl)
				case "get":
					v, ok := c.Get(ctx, s.key)
					if ok != (s.want != "") || string(v) != s.want {
						t.Errorf("step %d: Get(%q) = %q, %v; want %q", i, s.key, v, ok, s.want)
					}
				}
			}
			if got := c.Stats(); got != tt.wantStats {
				t.Errorf("Stats() = %+v, want %+v", got, tt.wantStats)
			}
		})
	}
}

func TestLRUKeepsItsOwnCopyOfValue(t *testing.T) {
	c, _ := newTestLRU(t, 2, 0)
	ctx := context.Background()
	v := []byte("abc")
	c.Set(ctx, "k", v, 0)
	v[0] = 'x'
	if got, _ := c.Get(ctx, "k"); string(got) != "abc" {
		t.Errorf("Get = %q after the caller changed its slice, want abc", got)
	}
}

func TestLRUNeverHoldsMoreThanSize(t *testing.T) {
	c, _ := newTestLRU(t, 100, 0)
	ctx := context.Background()
	for i := range 1000 {
		c.Set(ctx, fmt.Sprint(i), []byte("v"), 0)
	}
	if c.Len() != 100 {
		t.Errorf("Len() = %d, want 100", c.Len())
	}
}

func TestNewLRURejectsNonPositiveSize(t *testing.T) {
	for _, size := range []int{0, -1} {
		if _, err := NewLRU(size, 1<<20, 0); err == nil {
			t.Errorf("NewLRU(%d) succeeded, want an error", size)
		}
	}
}

func BenchmarkLRUGet(b *testing.B) {
	c, err := NewLRU(10_000, 32<<20, time.Hour)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	keys := make([]string, 1000)
	for i := range keys {
		keys[i] = fmt.Sprintf("/v1/entries/key-%d", i)
		c.Set(ctx, keys[i], []byte(`{"id":"x"}`), 0)
	}
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			if _, ok := c.Get(ctx, keys[i%len(keys)]); !ok {
				b.Fatal("miss")
			}
			i++
		}
	})
}

func TestLRUEvictsOldestToStayWithinItsByteBudget(t *testing.T) {
	ctx := context.Background()
	c, err := NewLRU(1000, 1000, 0)
	if err != nil {
		t.Fatal(err)
	}
	value := make([]byte, 299) // weighs 300 with a one-byte key
	for _, k := range []string{"a", "b", "c", "d", "e"} {
		c.Set(ctx, k, value, 0)
		if c.Bytes() > 1000 {
			t.Fatalf("after %s: %d bytes held, budget 1000", k, c.Bytes())
		}
	}
	if c.Len() != 3 || c.Bytes() != 900 {
		t.Fatalf("Len %d, Bytes %d; want the 3 newest entries, 900 bytes", c.Len(), c.Bytes())
	}
	for _, k := range []string{"a", "b"} {
		if _, ok := c.Get(ctx, k); ok {
			t.Errorf("%s, the oldest, was kept", k)
		}
	}
	// Replacing a value counts its new weight only.
	c.Set(ctx, "e", []byte("x"), 0)
	if c.Bytes() != 602 {
		t.Errorf("after replacing e: %d bytes, want 602", c.Bytes())
	}
	// A value heavier than the whole budget is dropped, with any older
	// value under its key.
	c.Set(ctx, "d", make([]byte, 1000), 0)
	if _, ok := c.Get(ctx, "d"); ok {
		t.Error("a value over the whole budget was stored")
	}
	if c.Len() != 2 || c.Bytes() != 302 {
		t.Errorf("Len %d, Bytes %d after an oversized set; want 2 entries, 302 bytes", c.Len(), c.Bytes())
	}
	// Expired entries leave the count when removed.
	c2, clock := newTestLRU(t, 10, time.Second)
	c2.Set(ctx, "k", []byte("vv"), 0)
	clock.advance(2 * time.Second)
	c2.Get(ctx, "k")
	if c2.Bytes() != 0 {
		t.Errorf("expired entry still counted: %d bytes", c2.Bytes())
	}
}

func TestNewLRURejectsNonPositiveByteBudget(t *testing.T) {
	if _, err := NewLRU(10, 0, 0); err == nil {
		t.Error("NewLRU with no byte budget succeeded, want an error")
	}
}

// TestLRUSetCopiesAndSetOwnedKeeps: Set keeps a copy (the caller may reuse
// its slice), SetOwned the value handed over; both weigh alike, and the
// response cache hands each answer it computed over to an Owner.
func TestLRUSetCopiesAndSetOwnedKeeps(t *testing.T) {
	ctx := context.Background()
	c, _ := newTestLRU(t, 10, 0)
	b := []byte("answer")
	c.Set(ctx, "copied", b, 0)
	c.SetOwned(ctx, "owned", b, 0)
	b[0] = 'A'
	if got, _ := c.Get(ctx, "copied"); string(got) != "answer" {
		t.Errorf("Set kept %q, want a copy of what it was given", got)
	}
	if got, _ := c.Get(ctx, "owned"); string(got) != "Answer" || &got[0] != &b[0] {
		t.Errorf("SetOwned kept %q, want the slice it was handed", got)
	}
	if c.Bytes() != int64(len("copied")+len("owned")+2*len("answer")) {
		t.Errorf("Bytes = %d, want both entries weighed", c.Bytes())
	}

	r := NewResponses(c, 0, 0)
	computed := []byte(`{"total":1}`)
	body, _, err := r.Fetch(ctx, "k", func(context.Context) ([]byte, error) { return computed, nil })
	if err != nil || string(body) != `{"total":1}` {
		t.Fatalf("Fetch = %q, %v", body, err)
	}
	if got, ok := c.Get(ctx, "resp:k"); !ok || &got[0] != &computed[0] {
		t.Errorf("the response cache stored a copy of its answer in an Owner, want the answer itself")
	}
}
