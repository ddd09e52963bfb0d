package corpus_test

import (
	"context"
	"testing"

	"github.com/stccg/stccg-rules/corpus"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// BenchmarkLoad reads and links the whole real corpus.
func BenchmarkLoad(b *testing.B) {
	dir := testcorpus.Dir(b)
	for b.Loop() {
		if _, err := corpus.Load(context.Background(), dir); err != nil {
			b.Fatal(err)
		}
	}
}
