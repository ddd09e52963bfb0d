package jsonlog

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"math/rand/v2"
	"testing"
	"time"
)

// written is the line h writes for r.
func written(t testing.TB, h func(io.Writer) slog.Handler, r slog.Record) string {
	t.Helper()
	var buf bytes.Buffer
	if err := h(&buf).Handle(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func ours(w io.Writer) slog.Handler  { return New(w) }
func slogs(w io.Writer) slog.Handler { return slog.NewJSONHandler(w, nil) }

// randomText is a string of bytes drawn to reach every branch of the
// escaping: plain ASCII, quotes, backslashes, control bytes, multi-byte
// runes, U+2028 and U+2029, and bytes that are no UTF-8.
func randomText(rng *rand.Rand) string {
	parts := []string{"a", "Z", "9", " ", "/v1/search?q=", "\"", "\\", "\n", "\r", "\t", "\b", "\f", "\x00", "\x1f", "\x7f",
		"é", "’", "\u2028", "\u2029", "\U0001F596", "\xff", "\xc3", "\xe2\x80", "<", ">", "&", "\ufffd"}
	var b []byte
	for range rng.IntN(12) {
		b = append(b, parts[rng.IntN(len(parts))]...)
	}
	return string(b)
}

func randomRecord(rng *rand.Rand) slog.Record {
	times := []time.Time{{}, time.Date(2026, 11, 26, 23, 1, 2, 345678900, time.UTC),
		time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("", 3600)), time.Now(),
		time.Date(12000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(-5, 1, 1, 0, 0, 0, 0, time.UTC)}
	levels := []slog.Level{slog.LevelInfo, slog.LevelWarn, slog.LevelError, slog.LevelInfo + 2, slog.LevelError + 7}
	r := slog.NewRecord(times[rng.IntN(len(times))], levels[rng.IntN(len(levels))], randomText(rng), 0)
	for range rng.IntN(10) {
		key := randomText(rng)
		switch rng.IntN(10) {
		case 0:
			r.AddAttrs(slog.Int64(key, rng.Int64()-rng.Int64()))
		case 1:
			r.AddAttrs(slog.Uint64(key, rng.Uint64()))
		case 2:
			r.AddAttrs(slog.Bool(key, rng.IntN(2) == 0))
		case 3:
			r.AddAttrs(slog.Duration(key, time.Duration(rng.Int64()-rng.Int64())))
		case 4:
			if rng.IntN(4) == 0 { // kinds slog's handler writes itself
				switch rng.IntN(4) {
				case 0:
					r.AddAttrs(slog.Float64(key, rng.Float64()*1e6))
				case 1:
					r.AddAttrs(slog.Any(key, []int{1, 2}))
				case 2:
					r.AddAttrs(slog.Group(key, slog.String("k", randomText(rng))))
				case 3:
					r.AddAttrs(slog.Time(key, time.Now()))
				}
				continue
			}
			fallthrough
		default:
			r.AddAttrs(slog.String(key, randomText(rng)))
		}
	}
	return r
}

// TestLinesAreSlogsJSONLines: over records of every kind of attribute and
// text that reaches every branch of the escaping, the handler writes what
// slog.NewJSONHandler writes, byte for byte.
func TestLinesAreSlogsJSONLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	fast := 0
	for i := range 20000 {
		r := randomRecord(rng)
		want, got := written(t, slogs, r), written(t, ours, r)
		if got != want {
			t.Fatalf("record %d:\n got %q\nwant %q", i, got, want)
		}
		if _, ok := appendRecord(nil, r); ok {
			fast++
		}
	}
	if fast < 10000 {
		t.Errorf("only %d of 20000 records were written by appends", fast)
	}
}

// TestHandleAttrsWritesWhatHandleWrites: a record's time, level, message
// and attributes handed to HandleAttrs make the line its Handle writes,
// which is slog's; an empty attribute, which a record drops, among them.
func TestHandleAttrsWritesWhatHandleWrites(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 20000 {
		r := randomRecord(rng)
		var attrs []slog.Attr
		r.Attrs(func(a slog.Attr) bool {
			attrs = append(attrs, a)
			return true
		})
		if rng.IntN(20) == 0 {
			attrs = append(attrs, slog.Attr{})
		}
		var buf bytes.Buffer
		if err := New(&buf).HandleAttrs(context.Background(), r.Time, r.Level, r.Message, attrs...); err != nil {
			t.Fatal(err)
		}
		if want := written(t, slogs, r); buf.String() != want {
			t.Fatalf("record %d:\n got %q\nwant %q", i, buf.String(), want)
		}
	}
}

// TestRequestLineIsWrittenByAppends: the service's request line, as the API
// logs it, is written without slog's handler, and as it writes it.
func TestRequestLineIsWrittenByAppends(t *testing.T) {
	r := slog.NewRecord(time.Date(2026, 11, 26, 23, 1, 2, 345678900, time.UTC), slog.LevelInfo, "request", 0)
	r.AddAttrs(slog.String("request_id", "7c7339f2d926db59-4"), slog.String("method", "GET"),
		slog.String("route", "/v1/search"), slog.String("uri", "/v1/search?q=combat+tie+%22who%22"),
		slog.Int("status", 200), slog.Int64("bytes", 4341), slog.Duration("latency", 1234567*time.Nanosecond),
		slog.String("remote", "127.0.0.1"))
	b, ok := appendRecord(nil, r)
	if !ok {
		t.Fatal("the request line went to slog's handler")
	}
	if want := written(t, slogs, r); string(b) != want {
		t.Errorf("got %q\nwant %q", b, want)
	}
}

// TestWithAttrsAndGroupsAreSlogs: the handlers WithAttrs and WithGroup make
// write what slog's do.
func TestWithAttrsAndGroupsAreSlogs(t *testing.T) {
	r := slog.NewRecord(time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC), slog.LevelWarn, "m", 0)
	r.AddAttrs(slog.String("k", "v"))
	for _, derive := range []func(slog.Handler) slog.Handler{
		func(h slog.Handler) slog.Handler { return h.WithAttrs([]slog.Attr{slog.Int("n", 1)}) },
		func(h slog.Handler) slog.Handler { return h.WithGroup("g") },
	} {
		var a, b bytes.Buffer
		_ = derive(New(&a)).Handle(context.Background(), r)
		_ = derive(slog.NewJSONHandler(&b, nil)).Handle(context.Background(), r)
		if a.String() != b.String() {
			t.Errorf("got %q\nwant %q", a.String(), b.String())
		}
	}
	if New(io.Discard).Enabled(context.Background(), slog.LevelDebug) {
		t.Error("Debug is enabled; slog's default is Info")
	}
}

func FuzzLinesAreSlogsJSONLines(f *testing.F) {
	f.Add("request", "uri", "/v1/search?q=a\"b\\c", int64(200))
	f.Add("\u2028", "\xff", "\x00\x1f\x7f", int64(-1))
	f.Fuzz(func(t *testing.T, msg, key, value string, n int64) {
		r := slog.NewRecord(time.Date(2026, 11, 26, 0, 0, 0, 1, time.UTC), slog.LevelInfo, msg, 0)
		r.AddAttrs(slog.String(key, value), slog.Int64(value, n), slog.Duration(key, time.Duration(n)))
		if got, want := written(t, ours, r), written(t, slogs, r); got != want {
			t.Fatalf("got %q\nwant %q", got, want)
		}
	})
}

// BenchmarkRequestLine writes the service's request line with this handler
// and with slog's.
func BenchmarkRequestLine(b *testing.B) {
	r := slog.NewRecord(time.Now(), slog.LevelInfo, "request", 0)
	r.AddAttrs(slog.String("request_id", "7c7339f2d926db59-4"), slog.String("method", "GET"),
		slog.String("route", "/v1/search"), slog.String("uri", "/v1/search?q=combat+tie+who+wins"),
		slog.Int("status", 200), slog.Int64("bytes", 4341), slog.Duration("latency", 1234567*time.Nanosecond),
		slog.String("remote", "127.0.0.1"))
	for _, h := range []struct {
		name string
		h    slog.Handler
	}{{"jsonlog", New(io.Discard)}, {"slog", slog.NewJSONHandler(io.Discard, nil)}} {
		b.Run(h.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = h.h.Handle(context.Background(), r)
			}
		})
	}
}

// TestTimesAreSlogs: a record's time is written as slog writes it
// (RFC3339Nano), over instants of every year slog writes, at every offset
// of whole hours, half and quarter hours, offsets with seconds, the machine's
// zone and named zones with their summer times; and refused for the years
// slog refuses.
func TestTimesAreSlogs(t *testing.T) {
	zones := []*time.Location{time.UTC, time.Local}
	for _, off := range []int{3600, -3600, 12600, -12600, 20700, -30, 30, 3661, -3661, 50400, -43200, 99*3600 + 59*60} {
		zones = append(zones, time.FixedZone("", off))
	}
	for _, name := range []string{"America/New_York", "Europe/Paris", "Australia/Lord_Howe", "Asia/Kathmandu"} {
		if loc, err := time.LoadLocation(name); err == nil {
			zones = append(zones, loc)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	lo, hi := time.Date(-2, 1, 1, 0, 0, 0, 0, time.UTC).Unix(), time.Date(10002, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	near := []int64{0, -1, 86399, 86400, 951782400, 4107542400, time.Date(0, 3, 1, 0, 0, 0, 0, time.UTC).Unix(),
		time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC).Unix(), time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC).Unix()}
	nanos := []int{0, 1, 10, 100000, 345678900, 999999999, 500000000}
	for i := range 200000 {
		var secs int64
		if i < len(near)*len(zones)*4 {
			secs = near[i%len(near)] + int64(i/len(near)%3) - 1
		} else {
			secs = lo + rng.Int64N(hi-lo)
		}
		ns := rng.IntN(1e9)
		if i%3 == 0 {
			ns = nanos[rng.IntN(len(nanos))]
		}
		tm := time.Unix(secs, int64(ns)).In(zones[rng.IntN(len(zones))])
		got, ok := appendTime(nil, tm)
		if y := tm.Year(); y < 0 || y >= 10000 {
			if ok {
				t.Fatalf("%v: written %q, a year slog refuses", tm, got)
			}
			continue
		}
		if want := tm.AppendFormat(nil, time.RFC3339Nano); !ok || string(got) != string(want) {
			t.Fatalf("%v: got %q (%v), want %q", tm, got, ok, want)
		}
	}
}
