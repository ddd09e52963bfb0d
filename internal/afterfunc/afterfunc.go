// Package afterfunc holds the functions registered on a context made by
// hand (one that implements AfterFunc, as context.AfterFunc looks for), to
// run when that context ends: contexts made from it (context.WithCancel,
// context.AfterFunc) register through it, so that none of them needs a
// goroutine of its own to wait on it.
package afterfunc

import "sync"

// A List is the functions registered on one context, run once when it ends
// (Run). The zero List is empty and ready to use.
type List struct {
	mu    sync.Mutex
	ran   bool
	funcs []*registered
}

// registered is one function given to Add.
type registered struct {
	f       func()
	stopped bool // stopped before Run, or already run
}

// Add registers f to run in its own goroutine when Run is called, or at
// once, in its own goroutine, when Run has been called already, as
// context.AfterFunc does on a context that has ended. stop keeps f from
// running, and says whether it did: false once f has started or was
// stopped before.
func (l *List) Add(f func()) (stop func() bool) {
	l.mu.Lock()
	if l.ran {
		l.mu.Unlock()
		go f()
		return func() bool { return false }
	}
	r := &registered{f: f}
	l.funcs = append(l.funcs, r)
	l.mu.Unlock()
	return func() bool {
		l.mu.Lock()
		defer l.mu.Unlock()
		if r.stopped {
			return false
		}
		r.stopped = true
		return true
	}
}

// Run starts every function registered and not stopped, each in its own
// goroutine, and any added later at once. Only the first Run does anything.
func (l *List) Run() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.ran {
		return
	}
	l.ran = true
	for _, r := range l.funcs {
		if !r.stopped {
			r.stopped = true
			go r.f()
		}
	}
	l.funcs = nil
}
