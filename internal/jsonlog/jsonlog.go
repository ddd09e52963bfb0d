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

	"github.com/stccg/stccg-rules/internal/jsontext"
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

// HandleAttrs writes the line Handle writes for the record
// slog.NewRecord(t, level, msg, 0) with attrs added, without making the
// record: a record keeps five attributes in itself and allocates for more
// (a request's line has eight), and hands each to a function as it is
// written (TestHandleAttrsWritesWhatHandleWrites).
func (h *Handler) HandleAttrs(ctx context.Context, t time.Time, level slog.Level, msg string, attrs ...slog.Attr) error {
	bp := lines.Get().(*[]byte)
	b, ok := appendHead((*bp)[:0], t, level, msg)
	for i := 0; ok && i < len(attrs); i++ {
		b, ok = appendAttr(b, attrs[i])
	}
	if !ok {
		lines.Put(bp)
		r := slog.NewRecord(t, level, msg, 0)
		r.AddAttrs(attrs...)
		return h.slow.Handle(ctx, r)
	}
	b = append(b, '}', '\n')
	_, err := h.w.Write(b)
	if cap(b) <= maxKept {
		*bp = b
		lines.Put(bp)
	}
	return err
}

// appendRecord appends r's line as slog's JSON handler writes it, or says
// it cannot (ok false): an attribute of another kind than a string, an
// integer, a boolean or a duration, or a time slog refuses (a year outside
// 0-9999).
func appendRecord(b []byte, r slog.Record) (_ []byte, ok bool) {
	if b, ok = appendHead(b, r.Time, r.Level, r.Message); !ok {
		return b, false
	}
	r.Attrs(func(a slog.Attr) bool {
		b, ok = appendAttr(b, a)
		return ok
	})
	if !ok {
		return b, false
	}
	return append(b, '}', '\n'), true
}

// appendHead appends the start of a line, up to its attributes: its time
// (none when t is zero), level and message; ok false for a time slog
// refuses.
func appendHead(b []byte, t time.Time, level slog.Level, msg string) (_ []byte, ok bool) {
	b = append(b, '{')
	if !t.IsZero() {
		b = append(b, `"time":"`...)
		if b, ok = appendTime(b, t); !ok {
			return b, false
		}
		b = append(b, `",`...)
	}
	b = append(b, `"level":`...)
	b = appendString(b, level.String())
	b = append(b, `,"msg":`...)
	return appendString(b, msg), true
}

// appendAttr appends a, with the comma before it, or says it cannot (ok
// false): a kind other than a string, an integer, a boolean or a duration.
func appendAttr(b []byte, a slog.Attr) (_ []byte, ok bool) {
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
		return b, false
	}
	return b, true
}

// appendString appends s quoted and escaped as slog's JSON handler escapes
// it: '"', '\\' and the control bytes, U+2028 and U+2029; an invalid UTF-8
// byte as U+FFFD; nothing for HTML. The runs of bytes written as they are
// are found by words (jsontext.PlainLen).
func appendString(b []byte, s string) []byte { return jsontext.AppendString(b, s, jsontext.Slog) }

// appendTime appends t as slog's JSON handler writes a record's time,
// t.Round(0).AppendFormat(b, time.RFC3339Nano), or says it cannot (ok
// false: a year outside 0-9999, which slog writes with an error). The
// civil date is computed from t's seconds in its zone (Howard Hinnant's
// days-to-civil), where AppendFormat read its layout chunk by chunk: about
// a tenth of a request's line.
func appendTime(b []byte, t time.Time) (_ []byte, ok bool) {
	_, offset := t.Zone()
	secs := t.Unix() + int64(offset)
	days := secs / 86400
	if secs%86400 < 0 {
		days--
	}
	clock := secs - days*86400
	// Days from 0000-03-01, in eras of 400 years.
	z := days + 719468
	era := z / 146097
	if z%146097 < 0 {
		era--
	}
	doe := z - era*146097                                  // day of the era, 0-146096
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365 // year of the era, 0-399
	doy := doe - (365*yoe + yoe/4 - yoe/100)               // day of the year from March 1, 0-365
	mp := (5*doy + 2) / 153                                // month from March, 0-11
	day := doy - (153*mp+2)/5 + 1
	month := mp + 3
	year := yoe + era*400
	if mp >= 10 {
		month = mp - 9
		year++
	}
	if year < 0 || year >= 10000 {
		return b, false
	}
	b = append(b, byte('0'+year/1000), byte('0'+year/100%10), byte('0'+year/10%10), byte('0'+year%10), '-',
		byte('0'+month/10), byte('0'+month%10), '-', byte('0'+day/10), byte('0'+day%10), 'T',
		byte('0'+clock/36000), byte('0'+clock/3600%10), ':', byte('0'+clock/600%6), byte('0'+clock/60%10), ':',
		byte('0'+clock%60/10), byte('0'+clock%10))
	if ns := t.Nanosecond(); ns != 0 {
		// .999999999: nine digits, the trailing zeros left out.
		var d [10]byte
		d[0] = '.'
		for i := 9; i >= 1; i-- {
			d[i] = byte('0' + ns%10)
			ns /= 10
		}
		n := len(d)
		for d[n-1] == '0' {
			n--
		}
		b = append(b, d[:n]...)
	}
	// Z07:00: Z for no offset, else the offset's hours and minutes (its
	// seconds, if any, left out).
	if offset == 0 {
		return append(b, 'Z'), true
	}
	sign, zone := byte('+'), offset/60
	if zone < 0 {
		sign, zone = '-', -zone
	}
	h, m := zone/60, zone%60
	if h > 99 {
		return b, false
	}
	return append(b, sign, byte('0'+h/10), byte('0'+h%10), ':', byte('0'+m/10), byte('0'+m%10)), true
}
