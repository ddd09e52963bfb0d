package api

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/stccg/stccg-rules/internal/afterfunc"
)

// requestContext is a request's context as its handlers see it: the
// server's context for the request, with the service's deadline and the
// request's id.
//
// It ends as context.WithDeadline's does: when its deadline passes, when
// the server's context ends (the client went away, the server shuts down),
// or when the request is done (end). It differs only in what it costs: no
// timer is armed and nothing is registered with the server's context until
// something waits on Done. Err reads the clock instead, which is enough for
// the handlers that look at Err between steps of their work (the engine,
// search), and costs a request nothing when none of it waits. A context
// made from it (WithCancel, AfterFunc) waits on Done, and is ended with it.
type requestContext struct {
	parent   context.Context
	deadline time.Time
	id       string

	ended atomic.Bool // err is set
	done  atomic.Pointer[chan struct{}]

	mu         sync.Mutex
	err        error
	timer      *time.Timer
	stopParent func() bool
	after      afterfunc.List // what AfterFunc registered, run when c ends
}

// newRequestContext is parent with deadline and the request's id.
func newRequestContext(parent context.Context, deadline time.Time, id string) *requestContext {
	return &requestContext{parent: parent, deadline: deadline, id: id}
}

// Deadline is the earlier of the request's deadline and the server's.
func (c *requestContext) Deadline() (time.Time, bool) {
	if d, ok := c.parent.Deadline(); ok && d.Before(c.deadline) {
		return d, true
	}
	return c.deadline, true
}

// Err is nil while c has not ended; then the server's context's error when
// that ended first, context.DeadlineExceeded when the deadline passed, and
// context.Canceled once the request is done.
func (c *requestContext) Err() error {
	if c.ended.Load() {
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.err
	}
	if err := c.parent.Err(); err != nil {
		return c.end(err)
	}
	if !time.Now().Before(c.deadline) {
		return c.end(context.DeadlineExceeded)
	}
	return nil
}

// Done is closed when c ends. Asking for it arms what ends c on time: a
// timer at the deadline and a watch on the server's context.
func (c *requestContext) Done() <-chan struct{} {
	if d := c.done.Load(); d != nil {
		return *d
	}
	c.mu.Lock()
	if d := c.done.Load(); d != nil {
		c.mu.Unlock()
		return *d
	}
	d := make(chan struct{})
	c.done.Store(&d)
	if c.err != nil {
		close(d)
		c.mu.Unlock()
		return d
	}
	c.mu.Unlock()
	// Armed outside the lock: a parent already ended, or a deadline
	// already past, ends c at once, through end, which takes it.
	stopParent := context.AfterFunc(c.parent, func() { c.end(c.parent.Err()) })
	wait := time.Until(c.deadline)
	if wait <= 0 {
		stopParent()
		c.end(context.DeadlineExceeded)
		return d
	}
	timer := time.AfterFunc(wait, func() { c.end(context.DeadlineExceeded) })
	c.mu.Lock()
	if c.err != nil {
		// Ended while arming: end found nothing to stop.
		c.mu.Unlock()
		timer.Stop()
		stopParent()
		return d
	}
	c.timer, c.stopParent = timer, stopParent
	c.mu.Unlock()
	return d
}

// Value is the request's id for requestIDKey, and the server's context's
// value for any other key.
func (c *requestContext) Value(key any) any {
	if _, ok := key.(requestIDKey); ok {
		return c.id
	}
	return c.parent.Value(key)
}

// AfterFunc runs f in its own goroutine once c ends, as context.AfterFunc
// does; stop keeps it from running, and says whether it did. Contexts made
// from c (context.WithCancel, context.AfterFunc) register through it, so
// that none of them needs a goroutine of its own to wait on c.
func (c *requestContext) AfterFunc(f func()) (stop func() bool) {
	c.Done()
	return c.after.Add(f)
}

// end ends c with err, unless it has ended already, and returns the error
// c ended with.
func (c *requestContext) end(err error) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return c.err
	}
	c.err = err
	c.ended.Store(true)
	if d := c.done.Load(); d != nil {
		close(*d)
	}
	if c.timer != nil {
		c.timer.Stop()
	}
	if c.stopParent != nil {
		c.stopParent()
	}
	c.after.Run()
	return err
}

// String names c as the context package names its own.
func (c *requestContext) String() string {
	return "api.requestContext(" + c.deadline.String() + ")"
}
