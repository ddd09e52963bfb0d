package ratelimit_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/ratelimit"
)

func allowedOf(t *testing.T, l *ratelimit.Limiter, n int, client func(i int) ratelimit.Client) int {
	t.Helper()
	allowed := 0
	for i := range n {
		if l.AllowClient(context.Background(), client(i), 1).Allowed {
			allowed++
		}
	}
	return allowed
}

// TestANewKeyPerRequestIsNoNewAllowance: a client that sends a new
// X-API-Key with every request is limited by its address, whether keys are
// issued or not.
func TestANewKeyPerRequestIsNoNewAllowance(t *testing.T) {
	rotating := func(i int) ratelimit.Client {
		return ratelimit.Client{Key: fmt.Sprintf("k-%d", i), Address: "203.0.113.9"}
	}
	for _, keys := range []map[string]int{nil, {"issued": 0}} {
		l, err := ratelimit.New(ratelimit.Config{PerMinute: 60, Keys: keys})
		if err != nil {
			t.Fatal(err)
		}
		if n := allowedOf(t, l, 100, rotating); n != 60 {
			t.Errorf("keys issued %v: %d of 100 served with a new key each, want the address' 60", keys, n)
		}
	}
}

// TestIssuedKeysHaveTheirOwnLimits: a key issued is limited by itself, at
// its own limit, whatever its address; with no keys issued, a key is
// limited as well as its address.
func TestIssuedKeysHaveTheirOwnLimits(t *testing.T) {
	l, err := ratelimit.New(ratelimit.Config{PerMinute: 3, Keys: map[string]int{"bot": 10, "site": 0}})
	if err != nil {
		t.Fatal(err)
	}
	at := func(key, addr string) func(int) ratelimit.Client {
		return func(int) ratelimit.Client { return ratelimit.Client{Key: key, Address: addr} }
	}
	if n := allowedOf(t, l, 20, at("bot", "198.51.100.1")); n != 10 {
		t.Errorf("key with its own limit of 10: %d allowed", n)
	}
	if n := allowedOf(t, l, 20, at("site", "198.51.100.1")); n != 3 {
		t.Errorf("key with the default limit of 3: %d allowed", n)
	}
	if n := allowedOf(t, l, 5, at("", "198.51.100.1")); n != 3 {
		t.Errorf("no key, from the same address as the keys: %d allowed, want its own 3", n)
	}
	if n := allowedOf(t, l, 5, at("unknown", "198.51.100.1")); n != 0 {
		t.Errorf("an unknown key from that address: %d allowed, want none (the address' allowance is spent)", n)
	}

	open, err := ratelimit.New(ratelimit.Config{PerMinute: 3})
	if err != nil {
		t.Fatal(err)
	}
	if n := allowedOf(t, open, 5, at("mine", "198.51.100.2")); n != 3 {
		t.Errorf("no keys issued: a key allowed %d, want 3", n)
	}
	if n := allowedOf(t, open, 5, at("mine", "198.51.100.3")); n != 0 {
		t.Errorf("no keys issued: the same key from another address allowed %d, want none", n)
	}
}

// TestAllowClientChargesEveryRequestOfACost: a request that costs n (a
// GraphQL query calling n services) is allowed only when n are left, and
// one costing more than the whole minute's allowance never is.
func TestAllowClientChargesEveryRequestOfACost(t *testing.T) {
	l, err := ratelimit.New(ratelimit.Config{PerMinute: 10})
	if err != nil {
		t.Fatal(err)
	}
	c := ratelimit.Client{Address: "192.0.2.1"}
	ctx := context.Background()
	if r := l.AllowClient(ctx, c, 11); r.Allowed {
		t.Fatal("a request costing 11 allowed at a limit of 10")
	}
	if r := l.AllowClient(ctx, c, 7); !r.Allowed || r.Remaining != 3 {
		t.Fatalf("costing 7: %+v, want allowed with 3 left", r)
	}
	if r := l.AllowClient(ctx, c, 4); r.Allowed {
		t.Fatalf("costing 4 with 3 left: %+v", r)
	}
	if r := l.AllowClient(ctx, c, 3); !r.Allowed || r.Remaining != 0 {
		t.Fatalf("costing 3 with 3 left: %+v", r)
	}
}

func TestParseKeys(t *testing.T) {
	keys, err := ratelimit.ParseKeys(strings.NewReader("# bots\ndiscord-judge-bot 600\n\n  fan-site  \n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) != 2 || keys["discord-judge-bot"] != 600 || keys["fan-site"] != 0 {
		t.Errorf("keys %v", keys)
	}
	for _, bad := range []string{"a 1 2", "a 0", "a -5", "a ten", "a\na", strings.Repeat("k", 129), "a\x7f"} {
		if _, err := ratelimit.ParseKeys(strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "line") {
			t.Errorf("%q: %v, want an error naming the line", bad, err)
		}
	}
}
