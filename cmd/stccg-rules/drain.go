package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/rules"
)

// A drain stops a server without failing its clients. Told to stop, the
// server says it is not ready (so a load balancer sends it nothing new) and
// answers every request with Connection: close, so that clients leave their
// keep-alive connections after an answer rather than find them closed under
// a request they are writing; once no idle connection is left, or after a
// grace, it shuts down, letting the requests in flight finish. Those still
// running at the deadline are cut: their contexts end with api.ErrShutdown
// (answered 503), each is logged, and the server closes.
type drain struct {
	log      *slog.Logger
	draining atomic.Bool
	base     context.Context // every request's context descends from it
	cut      context.CancelCauseFunc

	mu      sync.Mutex
	kept    map[net.Conn]bool          // open connections whose last answer let the client keep them
	running map[*http.Request]inflight // requests being answered
}

// connKey holds a request's connection in its context.
type connKey struct{}

// inflight is what the log says of a request cut at shutdown.
type inflight struct {
	start  time.Time
	id     string // the X-Request-ID it came with, if any
	remote string
	method string
	uri    string
}

func newDrain(log *slog.Logger) *drain {
	base, cut := context.WithCancelCause(context.Background())
	return &drain{log: log, base: base, cut: cut, kept: map[net.Conn]bool{}, running: map[*http.Request]inflight{}}
}

// serve sets srv to run its requests under the drain.
func (d *drain) serve(srv *http.Server) {
	srv.BaseContext = func(net.Listener) context.Context { return d.base }
	srv.ConnContext = func(ctx context.Context, c net.Conn) context.Context { return context.WithValue(ctx, connKey{}, c) }
	srv.ConnState = d.connState
	srv.Handler = d.handler(srv.Handler)
}

// connState forgets a connection once it is closed.
func (d *drain) connState(c net.Conn, s http.ConnState) {
	if s == http.StateClosed || s == http.StateHijacked {
		d.mu.Lock()
		delete(d.kept, c)
		d.mu.Unlock()
	}
}

// keptConns counts the open connections a client may still write a request
// on: those whose last answer did not say Connection: close, whether they
// are idle now or answering a request begun before the drain.
func (d *drain) keptConns() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.kept)
}

// handler tracks the requests in flight, and once the drain has begun asks
// every client to close its connection after the answer.
func (d *drain) handler(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		d.mu.Lock()
		d.running[r] = inflight{start: time.Now(), id: requestIDOf(r), remote: r.RemoteAddr,
			method: r.Method, uri: rules.Truncate(r.RequestURI)}
		d.mu.Unlock()
		defer func() {
			d.mu.Lock()
			delete(d.running, r)
			d.mu.Unlock()
		}()
		c, _ := r.Context().Value(connKey{}).(net.Conn)
		next.ServeHTTP(&drainWriter{ResponseWriter: w, d: d, conn: c, r: r}, r)
	})
}

// requestIDOf is the X-Request-ID r came with, or "", read by the key
// net/http files it under (TestRequestIDHeaderIsCanonical): Header.Get
// makes "X-Request-ID" canonical anew, a new string, for every request.
func requestIDOf(r *http.Request) string {
	if v := r.Header[requestIDHeader]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// requestIDHeader is "X-Request-ID" made canonical.
const requestIDHeader = "X-Request-Id"

// drainWriter adds Connection: close to an answer written once the drain
// has begun.
type drainWriter struct {
	http.ResponseWriter
	d     *drain
	conn  net.Conn
	r     *http.Request
	wrote bool
}

// WriteHeader decides, under the drain's lock, whether the answer lets its
// client keep the connection: the drain begins under the same lock, so a
// connection is either counted kept before the grace looks or told to close.
func (w *drainWriter) WriteHeader(status int) {
	if !w.wrote {
		w.wrote = true
		d := w.d
		d.mu.Lock()
		if d.draining.Load() {
			w.Header().Set("Connection", "close")
		}
		if w.conn != nil {
			if w.r.Close || strings.EqualFold(w.Header().Get("Connection"), "close") {
				delete(d.kept, w.conn)
			} else {
				d.kept[w.conn] = true
			}
		}
		d.mu.Unlock()
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *drainWriter) Write(b []byte) (int, error) {
	if !w.wrote {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap gives http.ResponseController the writer underneath.
func (w *drainWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// ready wraps a readiness check: not ready once the drain has begun.
func (d *drain) ready(check func(ctx context.Context) (bool, map[string]any)) func(ctx context.Context) (bool, map[string]any) {
	return func(ctx context.Context) (bool, map[string]any) {
		if d.draining.Load() {
			return false, map[string]any{"status": "draining: the service is shutting down"}
		}
		return check(ctx)
	}
}

// shutdown drains srv within timeout: a grace (a quarter of it, at most 2
// s) for clients to leave their keep-alive connections (each is left once
// an answer on it said Connection: close; closing one before would race a
// request its client is writing on it), then
// http.Server.Shutdown for the rest of it; the requests still running then
// are cut and logged, and the server closed: a shutdown asked for is no
// failure, however its requests ended.
func (d *drain) shutdown(srv *http.Server, timeout time.Duration) {
	start := time.Now()
	d.mu.Lock()
	d.draining.Store(true)
	d.mu.Unlock()
	grace := min(timeout/4, 2*time.Second)
	for d.keptConns() > 0 && time.Since(start) < grace {
		time.Sleep(10 * time.Millisecond)
	}
	if n := d.keptConns(); n > 0 {
		d.log.Warn("drain grace passed with keep-alive connections not yet told to close", "connections", n, "grace", grace.String())
	} else {
		d.log.Info("every keep-alive connection told to close", "after", time.Since(start).String())
	}
	ctx, cancel := context.WithDeadline(context.Background(), start.Add(timeout))
	defer cancel()
	err := srv.Shutdown(ctx)
	if err == nil || !errors.Is(err, context.DeadlineExceeded) {
		return
	}
	d.mu.Lock()
	cut := make([]inflight, 0, len(d.running))
	for _, r := range d.running {
		cut = append(cut, r)
	}
	d.mu.Unlock()
	d.cut(api.ErrShutdown)
	// A moment for the requests cut to see their context end and answer.
	for end := time.Now().Add(min(timeout/4, time.Second)); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		d.mu.Lock()
		n := len(d.running)
		d.mu.Unlock()
		if n == 0 {
			break
		}
	}
	for _, r := range cut {
		d.log.Warn("request cut at shutdown", "request_id", r.id, "method", r.method, "uri", r.uri,
			"remote", r.remote, "running", time.Since(r.start).String())
	}
	_ = srv.Close()
	d.log.Info("shutdown deadline passed", "requests_cut", len(cut), "timeout", timeout.String())
}
