package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/cputime"
	"github.com/stccg/stccg-rules/internal/loadgen"
	"github.com/stccg/stccg-rules/internal/rules"
)

// TestVerdictJSONIsWhatEncodingJSONWrites: the generated writer writes, of
// the verdict of each body of the snapshot's set (with those
// STCCG_ADJUDICATE_BODIES names), the bytes encoding/json's Encoder
// writes, HTML escaped, with its newline: what c.JSON wrote.
func TestVerdictJSONIsWhatEncodingJSONWrites(t *testing.T) {
	svc := services(t).Adjudicator
	bodies := snapshotBodies(t)
	compared, ahead := 0, 0
	for i := range bodies {
		var req rules.AdjudicationRequest
		if api.DecodeAdjudication([]byte(bodies[i]), &req) != nil {
			continue
		}
		v, err := svc.Adjudicate(context.Background(), req)
		if err != nil {
			continue
		}
		var want bytes.Buffer
		if err := json.NewEncoder(&want).Encode(v); err != nil {
			t.Fatal(err)
		}
		got, ok := api.AppendVerdictJSON(nil, v)
		if !ok || !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("%.300s:\nwriter (ok %v):\n%s\nencoding/json:\n%s", bodies[i], ok, got, want.Bytes())
		}
		compared++
		for i := range v.Citations {
			if v.Citations[i].Written() != "" {
				ahead++
			}
		}
	}
	if compared < 50 {
		t.Fatalf("only %d verdicts compared", compared)
	}
	// The engine's citations are written ahead (engine.WithCitationJSON):
	// the writer copies them.
	if ahead == 0 {
		t.Fatal("no citation was written ahead")
	}
	t.Logf("%d verdicts written as encoding/json writes them, %d citations copied as written ahead", compared, ahead)
}

// TestAPrettyVerdictIsIndented: ?pretty answers the verdict indented, as
// c.JSON does, and without it the same JSON compact.
func TestAPrettyVerdictIsIndented(t *testing.T) {
	srv := newServer(t)
	body := `{"edition":"2e","question":"ship.move","board":{"missions":[{"id":"a","title":"A","type":"planet","quadrant":"alpha","span":2},` +
		`{"id":"b","title":"B","type":"planet","quadrant":"alpha","span":3}],"ships":[{"id":"s","title":"S","range":8,"staffing":[],"affiliation":"federation","at":{"mission":"a"}}]},` +
		`"params":{"ship":"s","to":"b"}}`
	answers := map[string][]byte{}
	for _, q := range []string{"", "?pretty"} {
		resp, err := http.Post(srv.URL+"/v1/adjudicate"+q, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		b.ReadFrom(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/json" {
			t.Fatalf("%s: %d %s %s", q, resp.StatusCode, resp.Header.Get("Content-Type"), b.Bytes())
		}
		answers[q] = b.Bytes()
	}
	if !bytes.Contains(answers["?pretty"], []byte("\n  \"question\": \"ship.move\"")) {
		t.Errorf("?pretty is not indented: %s", answers["?pretty"])
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, answers["?pretty"]); err != nil {
		t.Fatal(err)
	}
	compact.WriteByte('\n')
	if !bytes.Equal(compact.Bytes(), answers[""]) {
		t.Errorf("the answers differ:\n%s\n%s", answers[""], compact.Bytes())
	}
}

// BenchmarkWriteVerdictJSON writes verdicts as c.JSON did (encoding/json's
// Encoder) and as the generated writer does: the verdicts of the snapshot's
// bodies (the contract's examples, held-out boards, samples) and the
// longest of them, a replayed turn's.
func BenchmarkWriteVerdictJSON(b *testing.B) {
	svc := services(b).Adjudicator
	var all []*rules.Verdict
	var longest *rules.Verdict
	size := 0
	for _, body := range snapshotBodies(b) {
		var req rules.AdjudicationRequest
		if api.DecodeAdjudication([]byte(body), &req) != nil {
			continue
		}
		v, err := svc.Adjudicate(context.Background(), req)
		if err != nil {
			continue
		}
		all = append(all, v)
		raw, _ := json.Marshal(v)
		if len(raw) > size {
			longest, size = v, len(raw)
		}
	}
	for _, set := range []struct {
		name     string
		verdicts []*rules.Verdict
	}{{"all", all}, {"longest", []*rules.Verdict{longest}}} {
		b.Run(set.name+"/encoding_json", func(b *testing.B) {
			b.ReportAllocs()
			var buf bytes.Buffer
			i := 0
			for b.Loop() {
				buf.Reset()
				if err := json.NewEncoder(&buf).Encode(set.verdicts[i%len(set.verdicts)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
		b.Run(set.name+"/generated", func(b *testing.B) {
			b.ReportAllocs()
			var buf []byte
			i := 0
			for b.Loop() {
				var ok bool
				if buf, ok = api.AppendVerdictJSON(buf[:0], set.verdicts[i%len(set.verdicts)]); !ok {
					b.Fatal("not written")
				}
				i++
			}
		})
	}
}

// BenchmarkAdjudicateLoadBodies is the server's path of the load test's
// adjudications (internal/loadgen, what cmd/stccg-load posts): the API's
// handler, middleware and all, answering each body in turn, without the
// network.
func BenchmarkAdjudicateLoadBodies(b *testing.B) {
	h := api.New(api.Config{Services: services(b), Logger: slog.New(slog.DiscardHandler)})
	for _, set := range []struct {
		name   string
		bodies func() ([][]byte, error)
	}{{"adjudicate", loadgen.Adjudications}, {"replay", loadgen.Replays}} {
		bodies, err := set.bodies()
		if err != nil {
			b.Fatal(err)
		}
		b.Run(set.name, func(b *testing.B) {
			b.ReportAllocs()
			var r bytes.Reader
			i := 0
			cpu0, cpuOK := cputime.Process()
			for b.Loop() {
				r.Reset(bodies[i%len(bodies)])
				req := httptest.NewRequest(http.MethodPost, "/v1/adjudicate", &r)
				req.Header.Set("Content-Type", "application/json")
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					b.Fatalf("%d %s", rec.Code, rec.Body.Bytes())
				}
				i++
			}
			// The process's CPU time an answer, the collector's included:
			// a busy machine inflates it far less than the time.
			if cpu1, ok := cputime.Process(); cpuOK && ok && i > 0 {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(i)/1e3, "cpu-µs/op")
			}
		})
	}
}
