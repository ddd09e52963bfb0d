package api_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// adjudicationBodies are the contract's example requests, compact, as bots
// send them.
func adjudicationBodies(tb testing.TB) [][]byte {
	tb.Helper()
	raw, err := os.ReadFile(filepath.Join(testcorpus.Dir(tb), "..", "contract", "examples", "adjudicate.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var file struct {
		Examples []struct {
			Request json.RawMessage `json:"request"`
		} `json:"examples"`
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		tb.Fatal(err)
	}
	var out [][]byte
	for _, ex := range file.Examples {
		var b bytes.Buffer
		if err := json.Compact(&b, ex.Request); err != nil {
			tb.Fatal(err)
		}
		out = append(out, b.Bytes())
	}
	return out
}

// BenchmarkDecodeAdjudicationRequest measures DecodeRequest, encoding/json's
// path; POST /v1/adjudicate takes the fast path first, measured beside it by
// BenchmarkDecodeAdjudicationBody.
func BenchmarkDecodeAdjudicationRequest(b *testing.B) {
	bodies := adjudicationBodies(b)
	size := 0
	for _, body := range bodies {
		size += len(body)
	}
	b.SetBytes(int64(size / len(bodies)))
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		var req rules.AdjudicationRequest
		if err := api.DecodeRequest(bytes.NewReader(bodies[i%len(bodies)]), &req); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
