package ratelimit

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

func newTestLocal(t testing.TB, perMinute, maxKeys int) (*Local, *fakeClock) {
	t.Helper()
	l, err := NewLocal(perMinute, maxKeys)
	if err != nil {
		t.Fatal(err)
	}
	clock := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	l.now = clock.now
	return l, clock
}

func TestLocalLimiter(t *testing.T) {
	type call struct {
		wait          time.Duration // before the call
		key           string
		wantAllowed   bool
		wantRemaining int
		wantRetry     time.Duration
		wantReset     time.Duration
	}
	tests := []struct {
		name      string
		perMinute int
		calls     []call
	}{
		{
			name:      "burst of the limit is allowed then denied",
			perMinute: 3,
			calls: []call{
				{key: "a", wantAllowed: true, wantRemaining: 2, wantReset: 20 * time.Second},
				{key: "a", wantAllowed: true, wantRemaining: 1, wantReset: 40 * time.Second},
				{key: "a", wantAllowed: true, wantRemaining: 0, wantReset: time.Minute},
				{key: "a", wantAllowed: false, wantRetry: 20 * time.Second, wantReset: time.Minute},
			},
		},
		{
			name:      "one request comes back every minute over the limit",
			perMinute: 2,
			calls: []call{
				{key: "a", wantAllowed: true, wantRemaining: 1, wantReset: 30 * time.Second},
				{key: "a", wantAllowed: true, wantRemaining: 0, wantReset: time.Minute},
				{wait: 10 * time.Second, key: "a", wantAllowed: false, wantRetry: 20 * time.Second, wantReset: 50 * time.Second},
				{wait: 20 * time.Second, key: "a", wantAllowed: true, wantRemaining: 0, wantReset: time.Minute},
				{key: "a", wantAllowed: false, wantRetry: 30 * time.Second, wantReset: time.Minute},
			},
		},
		{
			name:      "full allowance is back after a quiet minute",
			perMinute: 2,
			calls: []call{
				{key: "a", wantAllowed: true, wantRemaining: 1, wantReset: 30 * time.Second},
				{key: "a", wantAllowed: true, wantRemaining: 0, wantReset: time.Minute},
				{wait: time.Minute, key: "a", wantAllowed: true, wantRemaining: 1, wantReset: 30 * time.Second},
			},
		},
		{
			name:      "clients are limited separately",
			perMinute: 1,
			calls: []call{
				{key: "a", wantAllowed: true, wantRemaining: 0, wantReset: time.Minute},
				{key: "a", wantAllowed: false, wantRetry: time.Minute, wantReset: time.Minute},
				{key: "b", wantAllowed: true, wantRemaining: 0, wantReset: time.Minute},
			},
		},
		{
			name:      "denied requests do not use up the allowance",
			perMinute: 1,
			calls: []call{
				{key: "a", wantAllowed: true, wantRemaining: 0, wantReset: time.Minute},
				{wait: 30 * time.Second, key: "a", wantAllowed: false, wantRetry: 30 * time.Second, wantReset: 30 * time.Second},
				{key: "a", wantAllowed: false, wantRetry: 30 * time.Second, wantReset: 30 * time.Second},
				{wait: 30 * time.Second, key: "a", wantAllowed: true, wantRemaining: 0, wantReset: time.Minute},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, clock := newTestLocal(t, tt.perMinute, 100)
			for i, c := range tt.calls {
				clock.t = clock.t.Add(c.wait)
				got := l.Allow(c.key)
				want := Result{Allowed: c.wantAllowed, Limit: tt.perMinute, Remaining: c.wantRemaining, RetryAfter: c.wantRetry, ResetAfter: c.wantReset}
				if got != want {
					t.Errorf("call %d (%s): got %+v, want %+v", i, c.key, got, want)
				}
			}
		})
	}
}

func TestLocalLimiterForgetsLeastRecentClientsBeyondMaxKeys(t *testing.T) {
	l, _ := newTestLocal(t, 1, 100)
	for i := range 10_000 {
		l.Allow(fmt.Sprint("client-", i))
	}
	if l.Len() != 100 {
		t.Errorf("Len() = %d after 10000 clients, want the bound 100", l.Len())
	}
	// The most recent client is still remembered and limited.
	if l.Allow("client-9999").Allowed {
		t.Error("most recent client was forgotten")
	}
}

func TestNewLocalRejectsBadLimits(t *testing.T) {
	tests := []struct {
		name               string
		perMinute, maxKeys int
	}{
		{"zero per minute", 0, 10},
		{"negative per minute", -1, 10},
		{"more per minute than nanoseconds", 61_000_000_000, 10},
		{"zero clients", 10, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := NewLocal(tt.perMinute, tt.maxKeys); err == nil {
				t.Error("no error")
			}
		})
	}
}

func TestClientKeyBoundsLengthAndDropsHashTags(t *testing.T) {
	tests := []struct {
		name, key string
		wantSame  bool
	}{
		{"ip address kept", "203.0.113.7", true},
		{"ipv6 kept", "2001:db8::1", true},
		{"long key hashed", strings.Repeat("k", 200), false},
		{"hash tag hashed", "{slot}client", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := clientKey(tt.key)
			if (got == tt.key) != tt.wantSame {
				t.Errorf("clientKey(%q) = %q", tt.key, got)
			}
			if len(got) > maxClientKey || strings.ContainsAny(got, "{}") {
				t.Errorf("clientKey(%q) = %q: too long or holds a brace", tt.key, got)
			}
		})
	}
}

func FuzzLocalNeverAllowsMoreThanTheLimit(f *testing.F) {
	f.Add("203.0.113.7", uint8(5), uint8(20))
	f.Add("", uint8(1), uint8(3))
	f.Fuzz(func(t *testing.T, key string, perMinute, calls uint8) {
		if perMinute == 0 {
			return
		}
		l, _ := newTestLocal(t, int(perMinute), 10)
		k := clientKey(key)
		if len(k) > maxClientKey || strings.ContainsAny(k, "{}") {
			t.Fatalf("clientKey(%q) = %q", key, k)
		}
		allowed := 0
		for range int(calls) {
			r := l.Allow(k)
			if r.Allowed {
				allowed++
			}
			if r.Remaining < 0 || r.Remaining >= int(perMinute) || r.RetryAfter < 0 || r.ResetAfter < 0 {
				t.Fatalf("bad result %+v", r)
			}
		}
		if allowed != min(int(calls), int(perMinute)) {
			t.Fatalf("allowed %d of %d calls at a limit of %d with no time passing", allowed, calls, perMinute)
		}
	})
}

func BenchmarkLocalAllow(b *testing.B) {
	l, err := NewLocal(1_000_000, 100_000)
	if err != nil {
		b.Fatal(err)
	}
	keys := make([]string, 1024)
	for i := range keys {
		keys[i] = fmt.Sprintf("198.51.100.%d", i)
	}
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			l.Allow(keys[i%len(keys)])
			i++
		}
	})
}
