// Package testwait waits, in tests, for a condition rather than for a
// stretch of time. The machine the tests run on is shared (CI has two cores
// and other work beside them): a sleep that lets something happen on a quiet
// machine lets it not happen on a busy one, and a sleep long enough for the
// busy one slows every run. A test waits for what it needs to be true, with a
// deadline far beyond what a loaded machine needs, and fails naming it.
package testwait

import (
	"testing"
	"time"
)

// Deadline is how long For waits before it fails the test: far beyond what
// any condition the tests wait for takes on a loaded machine.
const Deadline = 30 * time.Second

// For polls cond until it holds, failing the test, naming what it waited
// for, when it has not after Deadline.
func For(tb testing.TB, what string, cond func() bool) {
	tb.Helper()
	Within(tb, Deadline, what, cond)
}

// Within is For with a deadline of d.
func Within(tb testing.TB, d time.Duration, what string, cond func() bool) {
	tb.Helper()
	deadline := time.Now().Add(d)
	for pause := time.Millisecond; !cond(); pause = min(2*pause, 20*time.Millisecond) {
		if time.Now().After(deadline) {
			tb.Fatalf("timed out after %v waiting for %s", d, what)
		}
		time.Sleep(pause)
	}
}
