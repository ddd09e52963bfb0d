package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptrace"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/internal/syncbuf"
	"github.com/stccg/stccg-rules/internal/testcorpus"
	"github.com/stccg/stccg-rules/internal/testwait"
)

// serveReady starts bin serving the real corpus with args and waits until
// it is ready; it is killed when the test ends.
func serveReady(t *testing.T, bin string, args ...string) (*exec.Cmd, string, *syncbuf.Buffer) {
	t.Helper()
	addr := freeAddr(t)
	cmd := exec.Command(bin, append([]string{"serve", "--addr", addr, "--corpus", testcorpus.Dir(t)}, args...)...)
	stderr := &syncbuf.Buffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	waitFor(t, "http://"+addr+"/readyz", 200, 60*time.Second)
	return cmd, addr, stderr
}

// bodyBeingRead sends head (a request line and headers, without the blank
// line) on a new connection to addr, asking to be told when the body is
// wanted (Expect: 100-continue), and returns once the server says so: the
// request has reached its handler, which is reading its body. The reader
// reads the rest of what the server sends.
func bodyBeingRead(t *testing.T, addr, head string) (net.Conn, *bufio.Reader) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	fmt.Fprintf(conn, "%s\r\nExpect: 100-continue\r\n\r\n", head)
	r := bufio.NewReader(conn)
	_ = conn.SetReadDeadline(time.Now().Add(testwait.Deadline))
	res, err := http.ReadResponse(r, nil)
	if err != nil || res.StatusCode != http.StatusContinue {
		t.Fatalf("waiting for the server to read the body: %v, %v", res, err)
	}
	_ = conn.SetReadDeadline(time.Time{})
	return conn, r
}

// exitOf waits for cmd to exit, within d.
func exitOf(t *testing.T, cmd *exec.Cmd, d time.Duration) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(d):
		t.Fatalf("no exit within %v", d)
		return nil
	}
}

// TestSIGTERMWithASlowRequestInFlightExitsZero: a request still running
// when the shutdown deadline passes (a client sending its body slowly) is
// cut: the process logs what it cut and exits 0 soon after the deadline,
// not with status 1.
func TestSIGTERMWithASlowRequestInFlightExitsZero(t *testing.T) {
	cmd, addr, stderr := serveReady(t, binary(t), "--shutdown-timeout", "1s")
	conn, _ := bodyBeingRead(t, addr, "POST /v1/adjudicate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000")
	fmt.Fprintf(conn, "{\"edition\":")
	start := time.Now()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := exitOf(t, cmd, 10*time.Second); err != nil {
		t.Fatalf("exit: %v\n%s", err, stderr.String())
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("exited %v after SIGTERM, with a shutdown timeout of 1s", took)
	}
	log := stderr.String()
	if !strings.Contains(log, `"msg":"request cut at shutdown"`) || !strings.Contains(log, `"uri":"/v1/adjudicate"`) ||
		!strings.Contains(log, `"requests_cut":1`) {
		t.Errorf("the log does not say what was cut:\n%s", log)
	}
}

// TestDrainTellsKeepAliveClientsToCloseBeforeClosing: clients post over
// keep-alive connections without pause while the service gets SIGTERM.
// Once draining, every answer says Connection: close, and no request
// written on a connection it had used before fails: the connections are
// closed after an answer, not under a request. (A request on a new
// connection may find the listener closed: nothing of it was served.)
func TestDrainTellsKeepAliveClientsToCloseBeforeClosing(t *testing.T) {
	cmd, addr, stderr := serveReady(t, binary(t), "--shutdown-timeout", "5s")
	body := `{"edition":"2e","question":"game.winner","params":{"players":[{"name":"a","score":1}]}}`
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8}, Timeout: 10 * time.Second}
	var (
		signalled          atomic.Bool
		closing, reusedErr atomic.Int64
		answered           atomic.Int64
		failures           sync.Map
		lastAnswer         sync.Map // a connection's local address: what its last answer said
	)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for end := time.Now().Add(20 * time.Second); time.Now().Before(end); {
				var (
					reused bool
					local  string
				)
				trace := &httptrace.ClientTrace{GotConn: func(info httptrace.GotConnInfo) {
					reused, local = info.Reused, info.Conn.LocalAddr().String()
				}}
				req, _ := http.NewRequestWithContext(httptrace.WithClientTrace(context.Background(), trace),
					http.MethodPost, "http://"+addr+"/v1/adjudicate", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				res, err := client.Do(req)
				if err != nil {
					// A connection counts as used once it carried an answer.
					// Go's transport also calls a connection it dialed but
					// did not need "reused" when it parks it idle; one the
					// server had not yet accepted is reset when the
					// listener closes, with nothing of it served.
					if last, answered := lastAnswer.Load(local); reused && answered {
						reusedErr.Add(1)
						failures.Store(fmt.Sprintf("%v (the connection's last answer: %v)", err, last), true)
						continue
					}
					if errors.Is(err, syscall.ECONNREFUSED) {
						return // the service is gone
					}
					continue // a new connection the closing listener dropped
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				lastAnswer.Store(local, fmt.Sprintf("%d, Connection: %q, at %s", res.StatusCode, res.Header.Get("Connection"), time.Now().Format("15:04:05.000000")))
				answered.Add(1)
				if signalled.Load() && res.Close {
					closing.Add(1)
				}
			}
		})
	}
	// Every client has its connections kept alive, answers coming.
	testwait.For(t, "answers on kept-alive connections", func() bool { return answered.Load() >= 200 })
	signalled.Store(true)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := exitOf(t, cmd, 20*time.Second); err != nil {
		t.Fatalf("exit: %v\n%s", err, stderr.String())
	}
	wg.Wait()
	if n := reusedErr.Load(); n > 0 {
		var errs []string
		failures.Range(func(k, _ any) bool { errs = append(errs, k.(string)); return true })
		t.Errorf("%d requests on kept-alive connections failed during the drain: %v\n%s", n, errs, stderr.String())
	}
	if closing.Load() == 0 {
		t.Error("no answer during the drain said Connection: close")
	}
}

// TestServeReadsTheAPIKeysIssued: a key issued in --api-keys has its own
// limit; an unknown key is limited by its address; a file that cannot be
// read stops the service with one line naming the flag.
func TestServeReadsTheAPIKeysIssued(t *testing.T) {
	bin := binary(t)
	keys := filepath.Join(t.TempDir(), "keys")
	if err := os.WriteFile(keys, []byte("# issued\nbot-1 5\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, addr, _ := serveReady(t, bin, "--rate-limit", "2", "--api-keys", keys)
	served := func(key string, n int) int {
		ok := 0
		for range n {
			req, _ := http.NewRequest(http.MethodGet, "http://"+addr+"/v1/documents", nil)
			req.Header.Set("X-API-Key", key)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode == 200 {
				ok++
			}
		}
		return ok
	}
	if n := served("bot-1", 8); n != 5 {
		t.Errorf("the key issued with 5 a minute: %d served", n)
	}
	if n := served("someone-else", 8); n != 2 {
		t.Errorf("an unknown key: %d served, want the address' 2", n)
	}

	bad := filepath.Join(t.TempDir(), "bad")
	if err := os.WriteFile(bad, []byte("bot-1 lots\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	run := exec.Command(bin, "serve", "--addr", freeAddr(t), "--corpus", testcorpus.Dir(t), "--api-keys", bad)
	run.Stderr = &out
	err := run.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(out.String(), "--api-keys") ||
		strings.Count(strings.TrimSpace(out.String()), "\n") != 0 {
		t.Errorf("bad keys file: %v, %q", err, out.String())
	}
}

// TestDrainCountsTheConnectionsAClientMayReuse: a keep-alive answer leaves
// its connection counted until an answer on it says Connection: close.
func TestDrainCountsTheConnectionsAClientMayReuse(t *testing.T) {
	d := newDrain(slog.New(slog.DiscardHandler))
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "ok") })}
	d.serve(srv)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{}}
	get := func() *http.Response {
		res, err := client.Get("http://" + ln.Addr().String() + "/")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res
	}
	if res := get(); res.Close || d.keptConns() != 1 {
		t.Fatalf("a keep-alive answer: close %v, %d connections kept", res.Close, d.keptConns())
	}
	d.mu.Lock()
	d.draining.Store(true)
	d.mu.Unlock()
	if res := get(); !res.Close || d.keptConns() != 0 {
		t.Fatalf("an answer in the drain: close %v, %d connections kept", res.Close, d.keptConns())
	}
}
