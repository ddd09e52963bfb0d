// Package syncbuf holds a buffer one goroutine or process writes while
// another reads it: a server's log or a process's output that a test
// watches.
package syncbuf

import (
	"bytes"
	"sync"
)

// A Buffer is a bytes.Buffer safe for concurrent writes and reads. The zero
// Buffer is empty and ready to use.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

// String returns what has been written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
