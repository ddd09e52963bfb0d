// Package jsonlog is a slog.Handler that writes the lines
// slog.NewJSONHandler(w, nil) writes, byte for byte, with less work: a
// record whose attributes are all strings, integers, booleans or durations
// (every request's line) is written by appends into a buffer kept from one
// line to the next, its keys and values escaped as slog escapes them, and
// in one Write; any other record, and the handlers WithAttrs and WithGroup
// make, are slog's own.
package jsonlog

import (
	"context"
	"io"
	"log/slog"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"
)

// Handler writes JSON lines to w. w takes each line in one Write and must
// take Writes from several goroutines at once (the service's log writer
// holds a lock): Handler holds none of its own.
type Handler struct {
	w    io.Writer
	slow slog.Handler
}

// New returns a Handler writing to w what slog.NewJSONHandler(w, nil)
// writes: records of level Info and above.
func New(w io.Writer) *Handler {
	return &Handler{w: w, slow: slog.NewJSONHandler(w, nil)}
}

// Enabled is slog's default: Info and above.
func (h *Handler) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelInfo }

// WithAttrs and WithGroup are slog's JSON handler's own.
func (h *Handler) WithAttrs(as []slog.Attr) slog.Handler { return h.slow.WithAttrs(as) }
func (h *Handler) WithGroup(name string) slog.Handler    { return h.slow.WithGroup(name) }

// maxKept bounds the buffer kept for the next line: a line longer than it
// (a long message) is written from a buffer that is let go.
const maxKept = 16 << 10

var lines = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

// Handle writes r as one line.
func (h *Handler) Handle(ctx context.Context, r slog.Record) error {
	bp := lines.Get().(*[]byte)
	b, ok := appendRecord((*bp)[:0], r)
	if !ok {
		lines.Put(bp)
		return h.slow.Handle(ctx, r)
	}
	_, err := h.w.Write(b)
	if cap(b) <= maxKept {
		*bp = b
		lines.Put(bp)
	}
	return err
}

// appendRecord appends r's line as slog's JSON handler writes it, or says
// it cannot (ok false): an attribute of another kind than a string, an
// integer, a boolean or a duration, or a time slog refuses.
func appendRecord(b []byte, r slog.Record) (_ []byte, ok bool) {
	b = append(b, '{')
	if !r.Time.IsZero() {
		t := r.Time.Round(0)
		if y := t.Year(); y < 0 || y >= 10000 {
			return b, false
		}
		b = append(b, `"time":"`...)
		b = t.AppendFormat(b, time.RFC3339Nano)
		b = append(b, `",`...)
	}
	b = append(b, `"level":`...)
	b = appendString(b, r.Level.String())
	b = append(b, `,"msg":`...)
	b = appendString(b, r.Message)
	ok = true
	r.Attrs(func(a slog.Attr) bool {
		b = append(b, ',')
		b = appendString(b, a.Key)
		b = append(b, ':')
		switch v := a.Value; v.Kind() {
		case slog.KindString:
			b = appendString(b, v.String())
		case slog.KindInt64:
			b = strconv.AppendInt(b, v.Int64(), 10)
		case slog.KindUint64:
			b = strconv.AppendUint(b, v.Uint64(), 10)
		case slog.KindBool:
			b = strconv.AppendBool(b, v.Bool())
		case slog.KindDuration:
			b = strconv.AppendInt(b, int64(v.Duration()), 10)
		default:
			ok = false
		}
		return ok
	})
	if !ok {
		return b, false
	}
	return append(b, '}', '\n'), true
}

// appendString appends s quoted and escaped as slog's JSON handler escapes
// it: '"', '\\' and the control bytes, U+2028 and U+2029; an invalid UTF-8
// byte as U+FFFD; nothing for HTML.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

const hex = "0123456789abcdef"
