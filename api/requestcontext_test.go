package api

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

// ended waits for ctx's Done, failing t after a minute.
func ended(t *testing.T, ctx context.Context) {
	t.Helper()
	select {
	case <-ctx.Done():
	case <-time.After(time.Minute):
		t.Fatal("the context never ended")
	}
}

// TestRequestContextEndsAsWithDeadline holds requestContext to what
// context.WithDeadline does, for each way a request's context ends: its
// deadline, the server's context, and the request being done; whether Done
// was asked for before, or never.
func TestRequestContextEndsAsWithDeadline(t *testing.T) {
	type way struct {
		name string
		end  func(c *requestContext, cancelParent context.CancelCauseFunc)
		want error
	}
	ways := []way{
		{"request done", func(c *requestContext, _ context.CancelCauseFunc) { c.end(context.Canceled) }, context.Canceled},
		{"server's context ended", func(_ *requestContext, cancel context.CancelCauseFunc) { cancel(ErrShutdown) }, context.Canceled},
	}
	for _, w := range ways {
		for _, armed := range []bool{false, true} {
			parent, cancel := context.WithCancelCause(context.Background())
			c := newRequestContext(parent, time.Now().Add(time.Hour), "id-1")
			var done <-chan struct{}
			if armed {
				done = c.Done()
			}
			if err := c.Err(); err != nil {
				t.Fatalf("%s: Err before the end is %v", w.name, err)
			}
			w.end(c, cancel)
			if armed {
				select {
				case <-done:
				case <-time.After(time.Minute):
					t.Fatalf("%s: Done asked for before the end is never closed", w.name)
				}
			}
			ended(t, c)
			if err := c.Err(); !errors.Is(err, w.want) {
				t.Errorf("%s (Done armed: %v): Err %v, want %v", w.name, armed, err, w.want)
			}
			if w.name == "server's context ended" && !errors.Is(context.Cause(c), ErrShutdown) {
				t.Errorf("the cause of a context ended by shutdown is %v, want ErrShutdown", context.Cause(c))
			}
			cancel(nil)
		}
	}

	// The deadline: Err reads the clock with no timer armed; Done closes
	// on time once asked for.
	c := newRequestContext(context.Background(), time.Now().Add(-time.Millisecond), "")
	if err := c.Err(); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Err past the deadline, Done never asked for: %v, want DeadlineExceeded", err)
	}
	ended(t, c)
	c = newRequestContext(context.Background(), time.Now().Add(20*time.Millisecond), "")
	ended(t, c)
	if err := c.Err(); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Err after Done closed at the deadline: %v, want DeadlineExceeded", err)
	}
	if c.end(context.Canceled); !errors.Is(c.Err(), context.DeadlineExceeded) {
		t.Errorf("the first end is kept: Err %v after ending a context past its deadline", c.Err())
	}
}

// TestRequestContextDeadlineAndValues: Deadline is the earlier of the
// request's and the server's, and the id is found by its key while every
// other key reaches the server's context.
func TestRequestContextDeadlineAndValues(t *testing.T) {
	type key struct{}
	soon := time.Now().Add(time.Minute)
	parent, cancel := context.WithDeadline(context.WithValue(context.Background(), key{}, "server's"), soon)
	defer cancel()
	c := newRequestContext(parent, soon.Add(time.Hour), "lb-1")
	if d, ok := c.Deadline(); !ok || !d.Equal(soon) {
		t.Errorf("Deadline %v %v, want the server's earlier %v", d, ok, soon)
	}
	later := newRequestContext(context.Background(), soon, "")
	if d, ok := later.Deadline(); !ok || !d.Equal(soon) {
		t.Errorf("Deadline %v %v, want the request's %v", d, ok, soon)
	}
	if RequestID(c) != "lb-1" || c.Value(key{}) != "server's" {
		t.Errorf("values: id %q, other %v", RequestID(c), c.Value(key{}))
	}
}

// TestContextsMadeFromARequestContextEndWithIt: WithCancel and AfterFunc
// on a request's context end when it ends (what AfterFunc registers runs as
// internal/afterfunc's tests say).
func TestContextsMadeFromARequestContextEndWithIt(t *testing.T) {
	c := newRequestContext(context.Background(), time.Now().Add(time.Hour), "")
	child, cancelChild := context.WithCancel(c)
	defer cancelChild()
	ran := make(chan struct{})
	context.AfterFunc(c, func() { close(ran) })
	c.end(context.Canceled)
	ended(t, child)
	select {
	case <-ran:
	case <-time.After(time.Minute):
		t.Fatal("AfterFunc's function never ran")
	}
}

// TestRequestContextRaces asks for Done and Err while the context is ended
// from elsewhere (run with -race): it ends once, and every Done is closed.
func TestRequestContextRaces(t *testing.T) {
	for range 200 {
		parent, cancel := context.WithCancel(context.Background())
		c := newRequestContext(parent, time.Now().Add(time.Millisecond), "")
		var wg sync.WaitGroup
		for i := range 4 {
			wg.Go(func() {
				switch i {
				case 0:
					<-c.Done()
				case 1:
					cancel()
				case 2:
					c.end(context.Canceled)
				case 3:
					_ = c.Err()
				}
			})
		}
		wg.Wait()
		<-c.Done()
		if c.Err() == nil {
			t.Fatal("an ended context has no error")
		}
		cancel()
	}
}
