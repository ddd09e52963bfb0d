package api

import (
	"bytes"
	"net"
	"strconv"
	"sync"
)

// wholeAnswers sends an answer of a known length in one write to its
// connection. net/http buffers what it writes to a connection 4 KB at a
// time, so an answer of 4 to 64 KB (a page of search hits is about 4.7 KB)
// went out in two writes: the first 4 KB when the buffer filled, the rest
// when the request ended, two system calls and two segments on the wire.
// A write that is a full buffer and begins an answer whose headers say its
// length is held, and the writes after it are added to it, until the whole
// answer is in hand; it then goes in one write.
//
// Only the first write after the connection has read (a request) may begin an
// answer, so a body that reads like an answer's headers is never taken for
// one. Nothing is held past its answer: an answer whose body is sent in full ends
// the holding, and net/http closes a connection whose answer came short of its
// Content-Length (Close sends what was held first). An answer without a
// Content-Length (chunked), one whose headers do not fit the first write,
// an answer to HEAD (its headers alone, in a write under a full buffer) and
// 100 Continue are passed on as written.
type wholeAnswers struct {
	mu   sync.Mutex // Close may come from another goroutine than the writes
	held []byte
	want int // the held answer's length, headers included
	// fresh says the connection has read since it last wrote: the next
	// write may begin an answer.
	fresh bool
}

// netHTTPWriteBuffer is the size of net/http's buffer in front of a
// connection: a write of exactly this size is a full buffer, and more of the
// same answer follows.
const netHTTPWriteBuffer = 4 << 10

// maxWholeAnswer bounds what is held: past it an answer's writes are each
// large enough that one more system call does not matter.
const maxWholeAnswer = 64 << 10

func (w *wholeAnswers) write(c net.Conn, p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.want == 0 {
		fresh := w.fresh
		w.fresh = false
		if !fresh || len(p) != netHTTPWriteBuffer {
			return c.Write(p)
		}
		n := answerLength(p)
		if n <= len(p) || n > maxWholeAnswer {
			return c.Write(p)
		}
		w.held, w.want = append(w.held[:0], p...), n
		return len(p), nil
	}
	w.held = append(w.held, p...)
	if len(w.held) < w.want {
		return len(p), nil
	}
	if _, err := w.send(c); err != nil {
		return 0, err
	}
	return len(p), nil
}

// send writes what is held (the caller holds mu).
func (w *wholeAnswers) send(c net.Conn) (int, error) {
	n, err := c.Write(w.held)
	w.held, w.want = w.held[:0], 0
	if cap(w.held) > maxWholeAnswer {
		w.held = nil
	}
	return n, err
}

// read notes that the connection has read: a request, or part of one.
func (w *wholeAnswers) read() {
	w.mu.Lock()
	w.fresh = true
	w.mu.Unlock()
}

// flush writes what is held, if anything.
func (w *wholeAnswers) flush(c net.Conn) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.want != 0 {
		_, _ = w.send(c)
	}
}

// answerLength is the whole length of the HTTP/1.1 answer p begins (its
// headers and its Content-Length), or 0 when p does not begin one with its
// headers whole and a Content-Length.
func answerLength(p []byte) int {
	if !bytes.HasPrefix(p, []byte("HTTP/1.1 ")) {
		return 0
	}
	end := bytes.Index(p, []byte("\r\n\r\n"))
	if end < 0 {
		return 0
	}
	head := p[:end+2]
	_, rest, ok := bytes.Cut(head, []byte("\r\nContent-Length: "))
	if !ok {
		return 0
	}
	value, _, _ := bytes.Cut(rest, []byte("\r\n"))
	if len(value) == 0 || len(value) > 9 || bytes.Contains(head, []byte("\r\nTransfer-Encoding:")) {
		return 0
	}
	n, err := strconv.Atoi(string(value))
	if err != nil || n < 0 {
		return 0
	}
	return end + 4 + n
}
