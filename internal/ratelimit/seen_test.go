package ratelimit_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/internal/ratelimit"
	"github.com/stccg/stccg-rules/internal/redistest"
)

// TestSeenAnswersFirstOncePerKey: in process, a key is first once within
// its TTL, first again after it, and the oldest keys are forgotten past
// MaxKeys.
func TestSeenAnswersFirstOncePerKey(t *testing.T) {
	now := time.Now()
	s := ratelimit.NewSeen(ratelimit.SeenConfig{TTL: time.Minute, MaxKeys: 3, Now: func() time.Time { return now }})
	ctx := context.Background()
	if !s.First(ctx, "a") || s.First(ctx, "a") {
		t.Fatal("a key is first once")
	}
	now = now.Add(61 * time.Second)
	if !s.First(ctx, "a") {
		t.Fatal("a key is first again after its TTL")
	}
	for _, k := range []string{"b", "c", "d"} {
		if !s.First(ctx, k) {
			t.Fatalf("%s not first", k)
		}
	}
	if !s.First(ctx, "a") || s.First(ctx, "d") {
		t.Fatal("past MaxKeys the oldest key is forgotten, the newest kept")
	}
}

// TestSeenIsSharedByReplicasThroughRedis: two replicas on one Redis see a
// key first once between them, and each falls back to itself while Redis
// is away.
func TestSeenIsSharedByReplicasThroughRedis(t *testing.T) {
	srv := redistest.Start(t)
	connA, connB := dial(t, srv.URL(), nil), dial(t, srv.URL(), nil)
	prefix := "test:" + t.Name() + ":"
	a := ratelimit.NewSeen(ratelimit.SeenConfig{Redis: connA.Client(), Health: connA, Prefix: prefix, OpTimeout: testBudget})
	b := ratelimit.NewSeen(ratelimit.SeenConfig{Redis: connB.Client(), Health: connB, Prefix: prefix, OpTimeout: testBudget})
	ctx := context.Background()
	for i := range 20 {
		k := fmt.Sprint("interaction-", i)
		first, second := a, b
		if i%2 == 1 {
			first, second = b, a
		}
		if !first.First(ctx, k) || second.First(ctx, k) || first.First(ctx, k) {
			t.Fatalf("%s: first once between the two replicas", k)
		}
	}
	srv.Kill()
	redistest.WaitFor(t, "outage noticed", func() bool { return !connA.Healthy() })
	if !a.First(ctx, "during-outage") || a.First(ctx, "during-outage") {
		t.Fatal("a replica alone remembers what it saw")
	}
}
