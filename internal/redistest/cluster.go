package redistest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// Cluster is a Redis Cluster of master nodes with no replicas, the 16384
// hash slots spread over them by redis-cli.
type Cluster struct {
	Nodes []*Server
}

// StartCluster launches n cluster-enabled redis-server processes (n >= 3, the
// least redis-cli accepts), joins them into one cluster with
// `redis-cli --cluster create` and waits until every node reports
// cluster_state:ok. The nodes are killed when the test ends.
func StartCluster(tb testing.TB, n int) *Cluster {
	tb.Helper()
	if n < 3 {
		tb.Fatalf("redistest: a cluster needs at least 3 masters, asked for %d", n)
		return nil
	}
	server, ok := requireBinary(tb, "redis-server", os.Getenv, exec.LookPath)
	if !ok {
		return nil
	}
	cli, ok := requireBinary(tb, "redis-cli", os.Getenv, exec.LookPath)
	if !ok {
		return nil
	}
	c := &Cluster{}
	for range n {
		c.Nodes = append(c.Nodes, startServer(tb, server, true))
	}
	args := append([]string{"--cluster", "create"}, c.Addrs()...)
	args = append(args, "--cluster-replicas", "0", "--cluster-yes")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, cli, args...).CombinedOutput()
	if err != nil {
		tb.Fatalf("redistest: redis-cli --cluster create: %v\n%s", err, out)
		return nil
	}
	if err := c.WaitOK(30 * time.Second); err != nil {
		tb.Fatalf("redistest: %v", err)
		return nil
	}
	return c
}

// Addrs lists the nodes' host:port addresses.
func (c *Cluster) Addrs() []string {
	addrs := make([]string, len(c.Nodes))
	for i, n := range c.Nodes {
		addrs[i] = n.Addr()
	}
	return addrs
}

// Spec is the nodes' addresses joined by commas, the form a cluster is
// configured with.
func (c *Cluster) Spec() string { return strings.Join(c.Addrs(), ",") }

// WaitOK waits until every running node reports cluster_state:ok.
func (c *Cluster) WaitOK(timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for _, n := range c.Nodes {
		if !n.Running() {
			continue
		}
		client := redis.NewClient(&redis.Options{
			Addr:            n.Addr(),
			DialTimeout:     200 * time.Millisecond,
			ReadTimeout:     500 * time.Millisecond,
			WriteTimeout:    500 * time.Millisecond,
			MaxRetries:      -1,
			DialerRetries:   1,
			DisableIdentity: true,
			Protocol:        2,
		})
		var info string
		var err error
		for {
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			info, err = client.ClusterInfo(ctx).Result()
			cancel()
			if err == nil && strings.Contains(info, "cluster_state:ok") {
				break
			}
			if time.Now().After(deadline) {
				_ = client.Close()
				return fmt.Errorf("node %s not ready within %s: %v %q", n.Addr(), timeout, err, firstLine(info))
			}
			time.Sleep(50 * time.Millisecond)
		}
		_ = client.Close()
	}
	return nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return strings.TrimSpace(line)
}
