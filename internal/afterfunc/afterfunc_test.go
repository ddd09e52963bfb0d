package afterfunc

import (
	"sync"
	"sync/atomic"
	"testing"
)

// TestAListRunsWhatWasNotStopped: Run starts each function registered and
// not stopped, once; stop says whether it stopped one; a function added
// after Run starts at once.
func TestAListRunsWhatWasNotStopped(t *testing.T) {
	var l List
	ran := make(chan struct{})
	l.Add(func() { close(ran) })
	var stoppedRan atomic.Bool
	stop := l.Add(func() { stoppedRan.Store(true) })
	if !stop() {
		t.Error("stop before Run did not stop")
	}
	if stop() {
		t.Error("a second stop said it stopped")
	}
	after := make(chan struct{})
	stopAfter := l.Add(func() { close(after) })
	l.Run()
	l.Run() // a second Run starts nothing again (close would panic)
	<-ran
	<-after
	if stopAfter() {
		t.Error("stop after Run said it stopped")
	}
	if stoppedRan.Load() {
		t.Error("a stopped function ran")
	}
	// Added after Run: starts at once, and cannot be stopped.
	late := make(chan struct{})
	if l.Add(func() { close(late) })() {
		t.Error("stop of a function added after Run said it stopped")
	}
	<-late
}

// TestAListRacesRunsEachOnce adds, stops and runs from several goroutines
// (run with -race): every function not stopped runs exactly once.
func TestAListRacesRunsEachOnce(t *testing.T) {
	for range 100 {
		var l List
		var runs, stopped atomic.Int64
		var added, done sync.WaitGroup
		const n = 8
		added.Add(n)
		done.Add(n)
		for i := range n {
			go func() {
				defer added.Done()
				stop := l.Add(func() { runs.Add(1); done.Done() })
				if i%2 == 0 && stop() {
					stopped.Add(1)
					done.Done()
				}
			}()
		}
		go l.Run()
		go l.Run()
		added.Wait()
		done.Wait()
		if runs.Load()+stopped.Load() != n {
			t.Fatalf("%d ran and %d were stopped of %d", runs.Load(), stopped.Load(), n)
		}
	}
}
