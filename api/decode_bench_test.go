package api_test

import (
	"bytes"
	"testing"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/rules"
)

// BenchmarkDecodeAdjudicationRequest measures DecodeRequest, encoding/json's
// path; POST /v1/adjudicate takes the fast path first, measured beside it by
// BenchmarkDecodeAdjudicationBody.
func BenchmarkDecodeAdjudicationRequest(b *testing.B) {
	_, bodies := api.ContractAdjudicationRequests(b)
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
