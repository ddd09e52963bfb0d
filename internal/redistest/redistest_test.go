package redistest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

func newClient(addr string) *redis.Client {
	return redis.NewClient(&redis.Options{
		Addr:            addr,
		DialTimeout:     200 * time.Millisecond,
		ReadTimeout:     500 * time.Millisecond,
		WriteTimeout:    500 * time.Millisecond,
		MaxRetries:      -1,
		DialerRetries:   1,
		DisableIdentity: true,
	})
}

func TestStartServesCommandsOnLoopback(t *testing.T) {
	s := Start(t)
	rdb := newClient(s.Addr())
	defer rdb.Close()
	ctx := context.Background()
	if err := rdb.Set(ctx, "k", "v", 0).Err(); err != nil {
		t.Fatalf("SET: %v", err)
	}
	got, err := rdb.Get(ctx, "k").Result()
	if err != nil || got != "v" {
		t.Fatalf("GET = %q, %v; want v", got, err)
	}
	if want := "redis://" + s.Addr() + "/0"; s.URL() != want {
		t.Errorf("URL() = %q, want %q", s.URL(), want)
	}
	cfg, err := rdb.ConfigGet(ctx, "save").Result()
	if err != nil {
		t.Fatalf("CONFIG GET save: %v", err)
	}
	if cfg["save"] != "" {
		t.Errorf("save = %q, want persistence off", cfg["save"])
	}
}

func TestKillStopsServerAndRestartServesOnSamePort(t *testing.T) {
	s := Start(t)
	port := s.Port()
	rdb := newClient(s.Addr())
	defer rdb.Close()
	ctx := context.Background()
	if err := rdb.Set(ctx, "before", "1", 0).Err(); err != nil {
		t.Fatalf("SET: %v", err)
	}

	s.Kill()
	if s.Running() {
		t.Fatal("Running() = true after Kill")
	}
	if err := rdb.Ping(ctx).Err(); err == nil {
		t.Fatal("PING succeeded against a killed server")
	}
	s.Kill() // a second Kill is harmless

	s.Restart()
	if !s.Running() || s.Port() != port {
		t.Fatalf("after Restart: running=%v port=%d, want running on %d", s.Running(), s.Port(), port)
	}
	// The client's pooled connection died with the server: it dials anew.
	WaitFor(t, "PING to succeed after Restart", func() bool { return rdb.Ping(ctx).Err() == nil })
	if err := rdb.Get(ctx, "before").Err(); !errors.Is(err, redis.Nil) {
		t.Errorf("GET before after Restart: err = %v, want redis.Nil (no persistence)", err)
	}
}

func TestStartClusterSpreadsKeysOverAllNodes(t *testing.T) {
	c := StartCluster(t, 3)
	if len(c.Nodes) != 3 {
		t.Fatalf("len(Nodes) = %d, want 3", len(c.Nodes))
	}
	rdb := redis.NewClusterClient(&redis.ClusterOptions{
		Addrs:           c.Addrs(),
		DialTimeout:     200 * time.Millisecond,
		ReadTimeout:     500 * time.Millisecond,
		WriteTimeout:    500 * time.Millisecond,
		DisableIdentity: true,
	})
	defer rdb.Close()
	ctx := context.Background()
	for i := range 30 {
		if err := rdb.Set(ctx, fmt.Sprintf("key-%d", i), i, 0).Err(); err != nil {
			t.Fatalf("SET key-%d: %v", i, err)
		}
	}
	for _, n := range c.Nodes {
		node := newClient(n.Addr())
		size, err := node.DBSize(ctx).Result()
		_ = node.Close()
		if err != nil {
			t.Fatalf("DBSIZE on %s: %v", n.Addr(), err)
		}
		if size == 0 {
			t.Errorf("node %s holds no keys; want the keys spread over every master", n.Addr())
		}
	}
}

// fakeTB records what requireBinary asks of the test.
type fakeTB struct{ skipped, failed bool }

func (f *fakeTB) Helper()               {}
func (f *fakeTB) Skipf(string, ...any)  { f.skipped = true }
func (f *fakeTB) Fatalf(string, ...any) { f.failed = true }

func TestMissingRedisSkipsLocallyAndFailsUnderCI(t *testing.T) {
	missing := func(string) (string, error) { return "", errors.New("not found") }
	found := func(name string) (string, error) { return "/usr/bin/" + name, nil }
	tests := []struct {
		name        string
		ci          string
		look        func(string) (string, error)
		wantOK      bool
		wantSkipped bool
		wantFailed  bool
	}{
		{"installed binary is used", "", found, true, false, false},
		{"installed binary is used under CI", "true", found, true, false, false},
		{"missing binary skips outside CI", "", missing, false, true, false},
		{"missing binary skips when CI is not true", "false", missing, false, true, false},
		{"missing binary fails under CI", "true", missing, false, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeTB{}
			getenv := func(k string) string {
				if k == "CI" {
					return tt.ci
				}
				return ""
			}
			path, ok := requireBinary(f, "redis-server", getenv, tt.look)
			if ok != tt.wantOK || f.skipped != tt.wantSkipped || f.failed != tt.wantFailed {
				t.Errorf("ok=%v skipped=%v failed=%v; want %v %v %v", ok, f.skipped, f.failed, tt.wantOK, tt.wantSkipped, tt.wantFailed)
			}
			if ok && path != "/usr/bin/redis-server" {
				t.Errorf("path = %q", path)
			}
		})
	}
}

// A port taken by another test process's redis-server between finding it
// free and binding it is not taken for the server started: its PING is
// answered, but by another process.
func TestAServerAnsweringForAnotherProcessIsNotTaken(t *testing.T) {
	s := Start(t)
	s.mu.Lock()
	pid := s.cmd.Process.Pid
	s.mu.Unlock()
	never := make(chan struct{})
	if err := waitPing(s.Addr(), never, pid); err != nil {
		t.Fatalf("the server's own process refused: %v", err)
	}
	err := waitPing(s.Addr(), never, pid+1)
	if err == nil {
		t.Fatal("a server of another process was taken as the one started")
	}
	if want := fmt.Sprintf("not the one started (process %d)", pid+1); !strings.Contains(err.Error(), want) {
		t.Errorf("error = %v, want it to say %q", err, want)
	}
}
