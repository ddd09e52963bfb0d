package main

import (
	"bufio"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/stccg/stccg-rules/internal/jsonlog"
)

// logWriter buffers log lines and writes them out at most every interval
// (or when the buffer fills), so a busy server makes one write for many
// request lines instead of one each. Close flushes what is left.
type logWriter struct {
	mu   sync.Mutex
	buf  *bufio.Writer
	stop chan struct{}
	done chan struct{}
}

func newLogWriter(w io.Writer, interval time.Duration) *logWriter {
	l := &logWriter{buf: bufio.NewWriterSize(w, 64<<10), stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(l.done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				l.Flush()
			case <-l.stop:
				l.Flush()
				return
			}
		}
	}()
	return l
}

// Write buffers one log line.
func (l *logWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// Flush writes out what is buffered.
func (l *logWriter) Flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	_ = l.buf.Flush()
}

// Close stops the flushing and writes out what is left.
func (l *logWriter) Close() {
	close(l.stop)
	<-l.done
}

// logHandler picks the log lines' format: "text" (key=value, for people),
// "json" (for collectors), or "auto": text when w is a terminal, else JSON.
func logHandler(format string, w io.Writer) (func(io.Writer) slog.Handler, error) {
	text := func(out io.Writer) slog.Handler { return slog.NewTextHandler(out, nil) }
	// The lines of slog's JSON handler, a request's written by appends (out,
	// a logWriter, takes concurrent writes).
	js := func(out io.Writer) slog.Handler { return jsonlog.New(out) }
	switch format {
	case "text":
		return text, nil
	case "json":
		return js, nil
	case "", "auto":
		if isTerminal(w) {
			return text, nil
		}
		return js, nil
	}
	return nil, fmt.Errorf("--log-format %q: use auto, text or json", format)
}

// isTerminal says whether w is a character device, as a terminal is.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
