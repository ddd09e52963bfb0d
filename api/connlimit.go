package api

import (
	clist "container/list"
	"context"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
)

// ConnLimits bounds the connections a server holds open, so that clients
// holding connections idle (or opening them and sending nothing) can never
// take the last file descriptor, and the server still answers its health
// checks when every connection it may hold is taken.
type ConnLimits struct {
	// Max bounds the open connections in all; <= 0 takes DefaultMaxConns
	// of the process's file limit.
	Max int
	// PerClient bounds the open connections of one client address; <= 0
	// is no bound.
	PerClient int
	// Exempt are the addresses PerClient does not bound: the load balancer,
	// whose connections carry every client's requests, and the health
	// checks of the host (loopback).
	Exempt []*net.IPNet
	// Reserve is how many connections over a bound are admitted at once,
	// each for one answer: a health check (/healthz, /readyz) is answered
	// as usual, any other request 503 with Retry-After. Beyond it a
	// connection is closed as soon as it is accepted. <= 0 takes
	// DefaultConnReserve.
	Reserve int
}

const (
	// DefaultConnReserve is ConnLimits.Reserve's default.
	DefaultConnReserve = 64
	// reservePerClient is how many of the reserve one client address may
	// hold at once, so that one client cannot take it all.
	reservePerClient = 2
	// fdHeadroom is how many file descriptors DefaultMaxConns leaves for
	// everything else: the reserve, the index's files, Redis's connections,
	// the metrics listener, the logs.
	fdHeadroom = 256
	// maxDefaultConns bounds DefaultMaxConns by memory: an open connection
	// holds some 10 to 20 KB (its goroutine, its read and write buffers).
	maxDefaultConns = 8192
)

// DefaultMaxConns is how many connections a server may hold open in all by
// default: the process's file limit less fdHeadroom, at most
// maxDefaultConns (and at least 64).
func DefaultMaxConns() int {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil || rl.Cur > 1<<30 {
		return maxDefaultConns
	}
	return max(64, min(int(rl.Cur)-fdHeadroom, maxDefaultConns))
}

// ConnStats counts what a ConnLimiter did.
type ConnStats struct {
	Open         int    // connections open now, the reserve's included
	Over         int    // of them, admitted over a bound for one answer
	Idle         int    // of them, carrying no request: closable to make room
	ClosedIdle   uint64 // idle connections closed to make room as the cap neared
	RefusedOver  uint64 // connections closed as soon as accepted: over a bound, with the reserve full
	AnsweredOver uint64 // requests on a connection over a bound answered 503
}

// A ConnLimiter holds a server's connections within ConnLimits. Wire it
// with Listener, ConnState (the http.Server's), ConnContext and Handler.
//
// Connections that carry no request (new ones whose request has not begun,
// and idle keep-alive ones) are closable: once the open connections reach
// seven eighths of Max, each new connection closes the one of them idle
// longest, so the count stays below Max while any is idle, and at Max the
// busy connections are never closed. A connection over Max, or over
// PerClient for its address, is admitted from the reserve for one answer
// (a health check is served, anything else told to come back) and closed
// after it.
type ConnLimiter struct {
	lim    ConnLimits
	nearly int // seven eighths of Max: above it, idle connections make room

	mu        sync.Mutex
	open      int
	over      int
	perClient map[string]int // open connections by client address (not exempt ones')
	overBy    map[string]int // reserve connections by client address
	closable  clist.List     // *limitedConn, idle or new, longest first

	closedIdle, refusedOver, answeredOver atomic.Uint64
}

// NewConnLimiter returns a limiter for lim, its defaults filled in.
func NewConnLimiter(lim ConnLimits) *ConnLimiter {
	if lim.Max <= 0 {
		lim.Max = DefaultMaxConns()
	}
	if lim.Reserve <= 0 {
		lim.Reserve = DefaultConnReserve
	}
	return &ConnLimiter{lim: lim, nearly: lim.Max - lim.Max/8, perClient: map[string]int{}, overBy: map[string]int{}}
}

// Limits returns the limits in force, defaults filled in.
func (l *ConnLimiter) Limits() ConnLimits { return l.lim }

// Stats says what the limiter holds and has done.
func (l *ConnLimiter) Stats() ConnStats {
	l.mu.Lock()
	defer l.mu.Unlock()
	return ConnStats{Open: l.open, Over: l.over, Idle: l.closable.Len(), ClosedIdle: l.closedIdle.Load(), RefusedOver: l.refusedOver.Load(), AnsweredOver: l.answeredOver.Load()}
}

// Listener wraps ln: its connections are counted, and closed at once when
// over a bound with the reserve full.
func (l *ConnLimiter) Listener(ln net.Listener) net.Listener {
	return &limitedListener{Listener: ln, l: l}
}

type limitedListener struct {
	net.Listener
	l *ConnLimiter
}

func (ln *limitedListener) Accept() (net.Conn, error) {
	for {
		c, err := ln.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if lc := ln.l.admit(c); lc != nil {
			return lc, nil
		}
		_ = c.Close()
	}
}

// A limitedConn is a connection the limiter counts.
type limitedConn struct {
	net.Conn
	l      *ConnLimiter
	client string // "" when exempt from PerClient
	over   bool   // admitted from the reserve, for one answer

	// Guarded by l.mu.
	elem   *clist.Element // in l.closable while it carries no request
	closed bool
}

// CloseWrite lets net/http half-close the connection, as it would the one
// underneath.
func (c *limitedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

func (c *limitedConn) Close() error {
	c.l.release(c)
	return c.Conn.Close()
}

// client is the address a connection's per-client bound counts it under,
// or "" when it is exempt.
func (l *ConnLimiter) client(c net.Conn) string {
	if l.lim.PerClient <= 0 {
		return ""
	}
	host, _, err := net.SplitHostPort(c.RemoteAddr().String())
	if err != nil {
		return ""
	}
	ip := net.ParseIP(host)
	for _, n := range l.lim.Exempt {
		if ip != nil && n.Contains(ip) {
			return ""
		}
	}
	return host
}

// admit counts a new connection, making room for it by closing the
// connection idle longest when the open ones are near Max; it returns nil
// when the connection is over a bound and the reserve is full.
func (l *ConnLimiter) admit(c net.Conn) *limitedConn {
	lc := &limitedConn{Conn: c, l: l, client: l.client(c)}
	var idle *limitedConn
	l.mu.Lock()
	if l.open-l.over >= l.nearly {
		if e := l.closable.Front(); e != nil {
			idle = e.Value.(*limitedConn)
			l.forget(idle)
		}
	}
	full := l.open-l.over >= l.lim.Max || lc.client != "" && l.perClient[lc.client] >= l.lim.PerClient
	if full {
		if l.over >= l.lim.Reserve || lc.client != "" && l.overBy[lc.client] >= reservePerClient {
			l.mu.Unlock()
			l.refusedOver.Add(1)
			if idle != nil {
				l.closedIdle.Add(1)
				_ = idle.Conn.Close()
			}
			return nil
		}
		lc.over = true
		l.over++
		l.overBy[lc.client]++
	} else if lc.client != "" {
		l.perClient[lc.client]++
	}
	l.open++
	l.mu.Unlock()
	if idle != nil {
		// Its server sees the read fail and lets it go; its Close releases
		// nothing twice.
		l.closedIdle.Add(1)
		_ = idle.Conn.Close()
	}
	return lc
}

// forget takes c off every count, once. l.mu is held.
func (l *ConnLimiter) forget(c *limitedConn) {
	if c.closed {
		return
	}
	c.closed = true
	if c.elem != nil {
		l.closable.Remove(c.elem)
		c.elem = nil
	}
	l.open--
	switch {
	case c.over:
		l.over--
		if l.overBy[c.client]--; l.overBy[c.client] <= 0 {
			delete(l.overBy, c.client)
		}
	case c.client != "":
		if l.perClient[c.client]--; l.perClient[c.client] <= 0 {
			delete(l.perClient, c.client)
		}
	}
}

func (l *ConnLimiter) release(c *limitedConn) {
	l.mu.Lock()
	l.forget(c)
	l.mu.Unlock()
}

// ConnState is the http.Server's ConnState hook: it keeps the closable
// connections, those that carry no request, in the order they became so.
func (l *ConnLimiter) ConnState(c net.Conn, s http.ConnState) {
	lc, ok := c.(*limitedConn)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if lc.closed {
		return
	}
	switch s {
	case http.StateNew, http.StateIdle:
		if lc.over {
			return // it serves one answer and closes
		}
		if lc.elem != nil {
			l.closable.Remove(lc.elem)
		}
		lc.elem = l.closable.PushBack(lc)
	case http.StateActive:
		if lc.elem != nil {
			l.closable.Remove(lc.elem)
			lc.elem = nil
		}
	case http.StateClosed, http.StateHijacked:
		l.forget(lc)
	}
}

type overKey struct{}

// ConnContext is the http.Server's ConnContext hook: a request's context
// says whether its connection was admitted over a bound.
func (l *ConnLimiter) ConnContext(ctx context.Context, c net.Conn) context.Context {
	if lc, ok := c.(*limitedConn); ok && lc.over {
		return context.WithValue(ctx, overKey{}, true)
	}
	return ctx
}

// Handler answers the requests of connections admitted over a bound: a
// health check (/healthz, /readyz) as next does, anything else 503 with
// Retry-After, each with Connection: close.
func (l *ConnLimiter) Handler(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if over, _ := r.Context().Value(overKey{}).(bool); !over {
			next.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Connection", "close")
		switch r.URL.Path {
		case "/healthz", "/readyz":
			next.ServeHTTP(w, r)
			return
		}
		l.answeredOver.Add(1)
		w.Header().Set("Content-Type", "application/json; charset=UTF-8")
		w.Header().Set("Retry-After", "1")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte(`{"error":{"code":"internal","message":"The service holds as many connections as it may` +
			` (` + strconv.Itoa(l.lim.Max) + ` in all, ` + perClientText(l.lim.PerClient) + `); close idle ones or try again in a moment.","details":{"retryAfter":1}}}` + "\n"))
	})
}

func perClientText(n int) string {
	if n <= 0 {
		return "no bound for one address"
	}
	return strconv.Itoa(n) + " from one address"
}
