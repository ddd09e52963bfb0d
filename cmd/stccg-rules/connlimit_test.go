package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/internal/testwait"
)

// TestServeAnswersHealthChecksAtTheConnectionCap: the built service, given
// a cap of 16 connections, keeps four times as many idle ones from
// exhausting it (the oldest closed to make room) and, with every connection
// it may hold busy, still answers /healthz and /readyz on a new connection,
// and tells any other request to come back.
func TestServeAnswersHealthChecksAtTheConnectionCap(t *testing.T) {
	const max = 16
	metricsAddr := freeAddr(t)
	// The busy connections below send part of a body and wait: with the
	// default read timeout each is answered 408 15 s after it began, and
	// the cap it held is free again, however far the test has come on a
	// busy machine. They stay busy for the test's length.
	_, addr, stderr := serveReady(t, binary(t), "--max-conns", strconv.Itoa(max), "--metrics-addr", metricsAddr, "--read-timeout", "10m")
	gauge := func(name string) int {
		t.Helper()
		res, err := http.Get("http://" + metricsAddr + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		m := regexp.MustCompile(`(?m)^` + name + ` (\d+)$`).FindSubmatch(b)
		if m == nil {
			t.Fatalf("no %s in /metrics", name)
		}
		n, _ := strconv.Atoi(string(m[1]))
		return n
	}
	waitGauge := func(name string, want int) {
		t.Helper()
		defer func() { // runs as the failed wait ends the test, too
			if t.Failed() {
				t.Logf("%s = %d\n%s", name, gauge(name), stderr.String())
			}
		}()
		testwait.For(t, fmt.Sprintf("%s to be %d", name, want), func() bool { return gauge(name) == want })
	}
	dial := func() (net.Conn, *bufio.Reader) {
		t.Helper()
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		_ = c.SetDeadline(time.Now().Add(30 * time.Second))
		return c, bufio.NewReader(c)
	}
	get := func(c net.Conn, r *bufio.Reader, path string) *http.Response {
		t.Helper()
		fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: x\r\n\r\n", path)
		res, err := http.ReadResponse(r, nil)
		if err != nil {
			t.Fatalf("GET %s: %v\n%s", path, err, stderr.String())
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res
	}
	var idle []net.Conn
	for range 4 * max {
		c, r := dial()
		if res := get(c, r, "/v1/documents"); res.StatusCode != 200 {
			t.Fatalf("a read on a new connection: %d", res.StatusCode)
		}
		idle = append(idle, c)
	}
	if open := gauge("stccg_connections_open"); open > max {
		t.Fatalf("%d connections open, over the cap of %d", open, max)
	}
	c, r := dial()
	if get(c, r, "/healthz").StatusCode != 200 {
		t.Fatal("/healthz beside the idle connections")
	}
	for _, c := range append(idle, c) {
		c.Close()
	}
	waitGauge("stccg_connections_open", 0)
	// Every connection busy: each sends a body slowly.
	for range max {
		c, _ := dial()
		fmt.Fprintf(c, "POST /v1/adjudicate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"edition\":")
		waitGauge("stccg_connections_idle", 0)
	}
	waitGauge("stccg_connections_open", max)
	for _, path := range []string{"/healthz", "/readyz"} {
		c, r := dial()
		if res := get(c, r, path); res.StatusCode != 200 || !res.Close {
			t.Fatalf("%s with every connection busy: %d, close %v", path, res.StatusCode, res.Close)
		}
		waitGauge("stccg_connections_over_limit", 0)
	}
	c, r = dial()
	if res := get(c, r, "/v1/documents"); res.StatusCode != 503 || res.Header.Get("Retry-After") == "" {
		t.Fatalf("a read with every connection busy: %d", res.StatusCode)
	}
}
