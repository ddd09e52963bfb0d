package redistest

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/stccg/stccg-rules/internal/testwait"
)

// A LogRecorder is a slog.Handler that keeps every record's message, for a
// test to count what a Redis connection logged (its faults, its recovery).
type LogRecorder struct {
	mu   sync.Mutex
	msgs []string
}

// Enabled records every level.
func (r *LogRecorder) Enabled(context.Context, slog.Level) bool { return true }

// Handle keeps the record's message.
func (r *LogRecorder) Handle(_ context.Context, rec slog.Record) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.msgs = append(r.msgs, rec.Message)
	return nil
}

// WithAttrs returns r: attributes are not kept.
func (r *LogRecorder) WithAttrs([]slog.Attr) slog.Handler { return r }

// WithGroup returns r: groups are not kept.
func (r *LogRecorder) WithGroup(string) slog.Handler { return r }

// Count is how many records start with prefix.
func (r *LogRecorder) Count(prefix string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, m := range r.msgs {
		if strings.HasPrefix(m, prefix) {
			n++
		}
	}
	return n
}

// WaitFor polls cond until it holds, and fails the test, naming what it
// waited for, when it does not within testwait.Deadline: long enough for a
// connection to notice an outage and recover on a busy machine.
func WaitFor(tb testing.TB, what string, cond func() bool) {
	tb.Helper()
	testwait.For(tb, what, cond)
}
