package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stccg/stccg-rules/internal/redistest"
	"github.com/stccg/stccg-rules/internal/testcorpus"
	"github.com/stccg/stccg-rules/internal/testwait"
)

// replica is one running server process.
type replica struct {
	base string
	cmd  *exec.Cmd
}

func startReplicas(t *testing.T, n int, args ...string) []replica {
	t.Helper()
	bin := binary(t)
	out := make([]replica, n)
	for i := range out {
		addr := freeAddr(t)
		cmd := exec.Command(bin, append([]string{"serve", "--addr", addr, "--corpus", testcorpus.Dir(t)}, args...)...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
		out[i] = replica{base: "http://" + addr, cmd: cmd}
	}
	for _, r := range out {
		waitFor(t, r.base+"/readyz", 200, 30*time.Second)
	}
	return out
}

// waitStored waits until a key holding fragment is in one of the Redis
// nodes: a replica writes the answer it computed behind the request, so
// another replica can only find it once that write has landed.
func waitStored(t *testing.T, fragment string, nodes ...string) {
	t.Helper()
	ctx := context.Background()
	testwait.For(t, fmt.Sprintf("a key holding %q in Redis", fragment), func() bool {
		for _, addr := range nodes {
			c := redis.NewClient(&redis.Options{Addr: addr})
			keys, _, err := c.Scan(ctx, 0, "*"+fragment+"*", 10000).Result()
			_ = c.Close()
			if err == nil && len(keys) > 0 {
				return true
			}
		}
		return false
	})
}

// issuedKeys writes a file of API keys issued at the default limit, for
// --api-keys: each key is a client of its own, whatever its address.
func issuedKeys(t *testing.T, keys ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "keys")
	if err := os.WriteFile(path, []byte(strings.Join(keys, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func do(t *testing.T, url, apiKey string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if apiKey != "" {
		req.Header.Set("X-API-Key", apiKey)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, body
}

// TestThreeReplicasShareOneRedis runs three server processes on one real
// Redis: one rate limit across them, one response cache, and every replica
// still serving when Redis is killed, and using it again when it returns.
func TestThreeReplicasShareOneRedis(t *testing.T) {
	rds := redistest.Start(t)
	const limit = 10
	keys := issuedKeys(t, "shared-limit-key", "cache-key-1", "cache-key-2", "outage-0", "outage-1", "outage-2", "back-1", "back-2",
		"spent-before-outage", "spent-in-outage")
	reps := startReplicas(t, 3, "--redis", rds.URL(), "--rate-limit", fmt.Sprint(limit), "--api-keys", keys)

	t.Run("rate limit enforced across replicas", func(t *testing.T) {
		allowed, refused := 0, 0
		for i := range 4 * len(reps) {
			res, body := do(t, reps[i%len(reps)].base+"/v1/documents", "shared-limit-key")
			switch res.StatusCode {
			case 200:
				allowed++
			case 429:
				refused++
				var e struct{ Error struct{ Code string } }
				_ = json.Unmarshal(body, &e)
				if e.Error.Code != "rate_limited" || res.Header.Get("Retry-After") == "" || res.Header.Get("X-RateLimit-Limit") != fmt.Sprint(limit) {
					t.Fatalf("429 without the contract's error and headers: %v %s", res.Header, body)
				}
			default:
				t.Fatalf("status %d: %s", res.StatusCode, body)
			}
		}
		if allowed != limit || refused != 4*len(reps)-limit {
			t.Fatalf("allowed %d, refused %d: want %d allowed in all, across the replicas", allowed, refused, limit)
		}
	})

	t.Run("response cache shared", func(t *testing.T) {
		path := "/v1/search?q=" + fmt.Sprint(time.Now().UnixNano()%1000) + "+range+span"
		res, _ := do(t, reps[0].base+path, "cache-key-1")
		if res.Header.Get("X-Cache") != "MISS" {
			t.Fatalf("first read X-Cache %q, want MISS", res.Header.Get("X-Cache"))
		}
		waitStored(t, strings.TrimPrefix(path, "/v1/search"), rds.Addr())
		res, _ = do(t, reps[1].base+path, "cache-key-2")
		if res.Header.Get("X-Cache") != "HIT" {
			t.Fatalf("second replica X-Cache %q, want HIT from the shared cache", res.Header.Get("X-Cache"))
		}
	})

	// spend uses up a client's allowance; served then counts the requests
	// of the client served by every replica, which must be no more than
	// came back since (one every minute/limit), far from a fresh allowance.
	var spent time.Time
	spend := func(key string, reps ...replica) {
		for i := range limit + 2 {
			do(t, reps[i%len(reps)].base+"/v1/documents", key)
		}
		spent = time.Now()
	}
	servedAfterSpent := func(t *testing.T, key, when string) {
		t.Helper()
		served := 0
		for _, r := range reps {
			for range 3 {
				if res, _ := do(t, r.base+"/v1/documents", key); res.StatusCode == 200 {
					served++
				}
			}
		}
		if back := int(time.Since(spent) / (time.Minute / limit)); served > back {
			t.Errorf("%s: served %d requests of a client over its limit, %d came back since", when, served, back)
		}
	}
	t.Run("every replica serves after Redis is killed", func(t *testing.T) {
		spend("spent-before-outage", reps...)
		rds.Kill()
		for i, r := range reps {
			for range 3 {
				res, body := do(t, r.base+"/v1/define?term=stopped", fmt.Sprintf("outage-%d", i))
				if res.StatusCode != 200 {
					t.Fatalf("replica %d after Redis died: %d %s", i, res.StatusCode, body)
				}
			}
		}
		testwait.For(t, "/readyz to report Redis down", func() bool {
			_, body := do(t, reps[0].base+"/readyz", "")
			return strings.Contains(string(body), `"healthy":false`)
		})
		// The outage is no fresh allowance: the client that spent its
		// limit through Redis is still refused by every replica.
		servedAfterSpent(t, "spent-before-outage", "with Redis down")
		spend("spent-in-outage", reps[0])
	})

	t.Run("Redis used again when it returns", func(t *testing.T) {
		rds.Restart()
		for i, r := range reps {
			testwait.For(t, fmt.Sprintf("replica %d's /readyz to report Redis back", i), func() bool {
				_, body := do(t, r.base+"/readyz", "")
				return strings.Contains(string(body), `"healthy":true`)
			})
		}
		// Nor is Redis' return, restarted without its keys: what replica 0
		// counted during the outage holds there, and it tells Redis, so
		// the others refuse too.
		servedAfterSpent(t, "spent-in-outage", "after Redis returned")
		path := "/v1/define?term=captive&edition=1e"
		if res, _ := do(t, reps[2].base+path, "back-1"); res.Header.Get("X-Cache") != "MISS" {
			t.Fatalf("X-Cache %q, want MISS", res.Header.Get("X-Cache"))
		}
		waitStored(t, "term=captive", rds.Addr())
		if res, _ := do(t, reps[0].base+path, "back-2"); res.Header.Get("X-Cache") != "HIT" {
			t.Fatalf("X-Cache %q after Redis returned, want HIT", res.Header.Get("X-Cache"))
		}
	})
}

// TestReplicasOnARedisClusterShareCacheAndLimits runs two replicas on a
// three-node Redis Cluster named by its comma-separated nodes.
func TestReplicasOnARedisClusterShareCacheAndLimits(t *testing.T) {
	cluster := redistest.StartCluster(t, 3)
	const limit = 5
	reps := startReplicas(t, 2, "--redis", cluster.Spec(), "--rate-limit", fmt.Sprint(limit), "--api-keys", issuedKeys(t, "c1", "c2", "cluster-limit"))
	for i, r := range reps {
		if _, body := do(t, r.base+"/readyz", ""); !strings.Contains(string(body), `"healthy":true`) {
			t.Fatalf("replica %d not on the cluster: %s", i, body)
		}
	}
	path := "/v1/cards/named?fuzzy=uss+excelsior&edition=2e"
	if res, _ := do(t, reps[0].base+path, "c1"); res.Header.Get("X-Cache") != "MISS" {
		t.Fatalf("X-Cache %q, want MISS", res.Header.Get("X-Cache"))
	}
	waitStored(t, "excelsior", cluster.Addrs()...)
	if res, _ := do(t, reps[1].base+path, "c2"); res.Header.Get("X-Cache") != "HIT" {
		t.Fatalf("X-Cache %q on the other replica, want HIT", res.Header.Get("X-Cache"))
	}
	allowed := 0
	for i := range 2 * limit {
		if res, _ := do(t, reps[i%2].base+"/v1/documents", "cluster-limit"); res.StatusCode == 200 {
			allowed++
		}
	}
	if allowed != limit {
		t.Fatalf("allowed %d across replicas, want %d", allowed, limit)
	}
}
