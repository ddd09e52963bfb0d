// Package redistest starts throwaway redis-server processes for tests: a
// single server on a free loopback port, or a small Redis Cluster, each with
// its own temporary directory and no persistence, killed when the test ends.
//
// When redis-server is not installed the test is skipped, except when the
// environment variable CI is "true": under CI a missing Redis is a failure.
package redistest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stccg/stccg-rules/internal/syncbuf"
)

// startTimeout bounds how long a server may take to answer its first PING.
const startTimeout = 10 * time.Second

// Server is one redis-server process listening on a loopback port. Kill and
// Restart simulate an outage; the port and directory survive a restart.
type Server struct {
	tb      testing.TB
	bin     string
	port    int
	dir     string
	cluster bool

	mu   sync.Mutex
	cmd  *exec.Cmd
	done chan struct{}
	out  *syncbuf.Buffer
}

// Start launches redis-server on a free loopback port and waits until it
// answers PING. The server is killed when the test ends.
func Start(tb testing.TB) *Server {
	tb.Helper()
	bin, ok := requireBinary(tb, "redis-server", os.Getenv, exec.LookPath)
	if !ok {
		return nil
	}
	return startServer(tb, bin, false)
}

func startServer(tb testing.TB, bin string, cluster bool) *Server {
	tb.Helper()
	s := &Server{tb: tb, bin: bin, dir: tb.TempDir(), cluster: cluster}
	var lastErr error
	for range 5 {
		port, err := freePort(cluster)
		if err != nil {
			lastErr = err
			continue
		}
		s.port = port
		if lastErr = s.launch(); lastErr == nil {
			tb.Cleanup(s.Kill)
			return s
		}
	}
	tb.Fatalf("redistest: start redis-server: %v", lastErr)
	return nil
}

// Addr is the server's host:port.
func (s *Server) Addr() string { return net.JoinHostPort("127.0.0.1", strconv.Itoa(s.port)) }

// URL is the server's address as a redis:// URL.
func (s *Server) URL() string { return "redis://" + s.Addr() + "/0" }

// Port is the server's TCP port.
func (s *Server) Port() int { return s.port }

// Running reports whether the process is alive.
func (s *Server) Running() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.runningLocked()
}

func (s *Server) runningLocked() bool {
	if s.cmd == nil {
		return false
	}
	select {
	case <-s.done:
		return false
	default:
		return true
	}
}

// Kill stops the server abruptly (SIGKILL), as a crash or a network outage
// would, and waits for the process to exit. Killing a stopped server does
// nothing.
func (s *Server) Kill() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		return
	}
	if s.runningLocked() {
		_ = s.cmd.Process.Kill()
	}
	<-s.done
	s.cmd = nil
}

// Restart starts the server again on the same port and directory (killing
// it first if it is still running) and waits until it answers PING. Data is
// not persisted, so the restarted server starts empty.
func (s *Server) Restart() {
	s.tb.Helper()
	s.Kill()
	var err error
	// The port was ours a moment ago; a few tries cover a slow socket release.
	for range 20 {
		if err = s.launch(); err == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	s.tb.Fatalf("redistest: restart redis-server on port %d: %v", s.port, err)
}

// Pause holds the server's clients' commands for d, as an overloaded or
// partitioned Redis would: every command, or with writesOnly those that
// write, while reads and the health check's PING go on (Redis's CLIENT
// PAUSE). It returns once the pause has begun.
func (s *Server) Pause(d time.Duration, writesOnly bool) {
	s.tb.Helper()
	admin := redis.NewClient(&redis.Options{Addr: s.Addr()})
	defer admin.Close()
	mode := "ALL"
	if writesOnly {
		mode = "WRITE"
	}
	if err := admin.Do(context.Background(), "CLIENT", "PAUSE", strconv.FormatInt(d.Milliseconds(), 10), mode).Err(); err != nil {
		s.tb.Fatalf("redistest: CLIENT PAUSE: %v", err)
	}
}

// Unpause ends a Pause before its time.
func (s *Server) Unpause() {
	s.tb.Helper()
	admin := redis.NewClient(&redis.Options{Addr: s.Addr()})
	defer admin.Close()
	if err := admin.Do(context.Background(), "CLIENT", "UNPAUSE").Err(); err != nil {
		s.tb.Fatalf("redistest: CLIENT UNPAUSE: %v", err)
	}
}

// Output returns what the server has written to its log so far.
func (s *Server) Output() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.out == nil {
		return ""
	}
	return s.out.String()
}

func (s *Server) args() []string {
	args := []string{
		"--port", strconv.Itoa(s.port),
		"--bind", "127.0.0.1",
		"--save", "",
		"--appendonly", "no",
		"--dir", s.dir,
		"--daemonize", "no",
		"--logfile", "",
		"--loglevel", "warning",
	}
	if s.cluster {
		args = append(args,
			"--cluster-enabled", "yes",
			"--cluster-config-file", "nodes.conf",
			"--cluster-node-timeout", "2000",
		)
	}
	return args
}

// launch starts the process and waits for PING; the caller holds no lock.
func (s *Server) launch() error {
	out := &syncbuf.Buffer{}
	cmd := exec.Command(s.bin, s.args()...)
	cmd.Dir = s.dir
	cmd.Stdout = out
	cmd.Stderr = out
	setProcAttr(cmd)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("exec %s: %w", s.bin, err)
	}
	done := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		close(done)
	}()
	s.mu.Lock()
	s.cmd, s.done, s.out = cmd, done, out
	s.mu.Unlock()

	if err := waitPing(s.Addr(), done, cmd.Process.Pid); err != nil {
		s.Kill()
		return fmt.Errorf("%w; server output: %s", err, bytes.TrimSpace([]byte(out.String())))
	}
	return nil
}

// waitPing polls addr until it answers PING, the process exits, or
// startTimeout passes. The server answering must be the process pid: a
// free port found by one test process may be taken by another's
// redis-server before this one binds it (packages' tests run at once), and
// a PING answered by that other server would have the test share, flush
// and restart a server that is not its own.
func waitPing(addr string, exited <-chan struct{}, pid int) error {
	client := redis.NewClient(&redis.Options{
		Addr:            addr,
		DialTimeout:     200 * time.Millisecond,
		ReadTimeout:     200 * time.Millisecond,
		WriteTimeout:    200 * time.Millisecond,
		MaxRetries:      -1,
		DialerRetries:   1,
		DisableIdentity: true,
		Protocol:        2,
	})
	defer client.Close()
	deadline := time.Now().Add(startTimeout)
	var err error
	for time.Now().Before(deadline) {
		select {
		case <-exited:
			return errors.New("redis-server exited before answering PING")
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		err = client.Ping(ctx).Err()
		cancel()
		if err == nil {
			return sameProcess(client, pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return fmt.Errorf("no PING answer from %s within %s: %w", addr, startTimeout, err)
}

// sameProcess says whether the server client reaches is the process pid,
// by the process_id its INFO gives.
func sameProcess(client *redis.Client, pid int) error {
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	info, err := client.Info(ctx, "server").Result()
	if err != nil {
		return fmt.Errorf("INFO server: %w", err)
	}
	for line := range strings.Lines(info) {
		v, ok := strings.CutPrefix(strings.TrimSpace(line), "process_id:")
		if !ok {
			continue
		}
		if got, err := strconv.Atoi(v); err != nil || got != pid {
			return fmt.Errorf("%s is answered by another redis-server (process %s), not the one started (process %d)", client.Options().Addr, v, pid)
		}
		return nil
	}
	return errors.New("INFO server gives no process_id")
}

// freePort finds a loopback port nobody listens on. A cluster node also
// needs port+10000 free for its cluster bus.
func freePort(cluster bool) (int, error) {
	for range 50 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return 0, fmt.Errorf("find a free port: %w", err)
		}
		port := l.Addr().(*net.TCPAddr).Port
		_ = l.Close()
		if !cluster {
			return port, nil
		}
		if port+10000 > 65535 {
			continue
		}
		bus, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port+10000)))
		if err != nil {
			continue
		}
		_ = bus.Close()
		return port, nil
	}
	return 0, errors.New("find a free port: none found with a free cluster bus port")
}

// skipFataler is the part of testing.TB that requireBinary uses.
type skipFataler interface {
	Helper()
	Skipf(format string, args ...any)
	Fatalf(format string, args ...any)
}

// requireBinary finds an executable. When it is missing the test is skipped,
// or failed when CI is "true", and ok is false.
func requireBinary(tb skipFataler, name string, getenv func(string) string, lookPath func(string) (string, error)) (path string, ok bool) {
	tb.Helper()
	path, err := lookPath(name)
	if err == nil {
		return path, true
	}
	if getenv("CI") == "true" {
		tb.Fatalf("redistest: %s is required under CI: %v", name, err)
		return "", false
	}
	tb.Skipf("redistest: %s not installed: %v", name, err)
	return "", false
}
