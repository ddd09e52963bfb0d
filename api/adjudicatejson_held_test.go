package api

import (
	"reflect"
	"testing"

	"github.com/stccg/stccg-rules/internal/cputime"
	"github.com/stccg/stccg-rules/internal/loadgen"
	"github.com/stccg/stccg-rules/internal/rules"
)

// heldBodies are the bodies the held decoding is held to: the contract's,
// this package's tables, and the load test's boards and turns.
func heldBodies(t *testing.T) [][]byte {
	t.Helper()
	bodies := contractAdjudicationBodies(t)
	for _, b := range plainAdjudicationBodies {
		bodies = append(bodies, []byte(b))
	}
	for _, tc := range adjudicationBodies {
		bodies = append(bodies, []byte(tc.body))
	}
	for _, gen := range []func() ([][]byte, error){loadgen.Adjudications, loadgen.Replays} {
		more, err := gen()
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, more...)
	}
	return bodies
}

// TestHeldDecodingReadsAsDecodeAdjudication: the REST handler's decoding
// into held storage reads every body as DecodeAdjudication does, its
// refusals word for word, while the storage goes from one body to the next
// (each released before the next is read, as the handler does), and a
// released storage holds nothing of the request it was read for.
func TestHeldDecodingReadsAsDecodeAdjudication(t *testing.T) {
	bodies := heldBodies(t)
	for round := range 2 {
		for i, body := range bodies {
			var want, got rules.AdjudicationRequest
			wantErr := DecodeAdjudication(body, &want)
			held, err := decodeAdjudicationHeld(body, &got)
			if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
				t.Fatalf("round %d, body %d: held decoding %v, DecodeAdjudication %v", round, i, err, wantErr)
			}
			if err != nil {
				continue
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("round %d, body %d %.200s:\nheld %#v\nmade %#v", round, i, body, got, want)
			}
			releaseHeld(held)
			if what := heldLeftovers(held); what != "" {
				t.Fatalf("round %d, body %d: released storage still holds %s", round, i, what)
			}
		}
	}
}

// heldLeftovers names what of a request released storage s still holds:
// a held list not emptied, or an item or chunk entry not cleared.
func heldLeftovers(s *decodeScratch) string {
	h := reflect.ValueOf(&s.held).Elem()
	for i := range h.NumField() {
		f := h.Field(i)
		var lists []reflect.Value
		switch {
		case f.Kind() == reflect.Slice:
			lists = []reflect.Value{f}
		case f.Kind() == reflect.Struct: // the held lists of board objects
			for j := range f.NumField() {
				lists = append(lists, f.Field(j))
			}
		}
		for _, l := range lists {
			if l.Len() != 0 && h.Type().Field(i).Type.Kind() == reflect.Struct {
				return "a list of " + l.Type().Elem().Name()
			}
			whole := l.Slice(0, l.Cap())
			for k := range whole.Len() {
				if !whole.Index(k).IsZero() {
					return "an item of " + l.Type().String()
				}
			}
		}
	}
	return ""
}

// BenchmarkDecodeLoadBodies measures the REST handler's decoding
// (decodeAdjudicationHeld, its storage released after each body, as the
// handler does once it has answered) of the load test's bodies: the
// mid-game board's adjudications, and its turns of ten and eleven actions,
// whose actions give their params before their question.
func BenchmarkDecodeLoadBodies(b *testing.B) {
	for _, set := range []struct {
		name string
		gen  func() ([][]byte, error)
	}{{"adjudicate", loadgen.Adjudications}, {"replay", loadgen.Replays}} {
		bodies, err := set.gen()
		if err != nil {
			b.Fatal(err)
		}
		size := 0
		for _, body := range bodies {
			size += len(body)
		}
		b.Run(set.name, func(b *testing.B) {
			b.SetBytes(int64(size / len(bodies)))
			b.ReportAllocs()
			i := 0
			cpu0, cpuOK := cputime.Process()
			for b.Loop() {
				var req rules.AdjudicationRequest
				held, err := decodeAdjudicationHeld(bodies[i%len(bodies)], &req)
				if err != nil {
					b.Fatal(err)
				}
				releaseHeld(held)
				i++
			}
			// The process's CPU time a body, the collector's included.
			if cpu1, ok := cputime.Process(); cpuOK && ok && i > 0 {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(i)/1e3, "cpu-µs/op")
			}
		})
	}
}
