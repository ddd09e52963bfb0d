package main

import (
	"context"
	"testing"

	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// BenchmarkStartup reads the whole corpus and builds every service over it,
// the search index included: what serve does before /readyz answers 200.
func BenchmarkStartup(b *testing.B) {
	dir := testcorpus.Dir(b)
	for b.Loop() {
		a, err := buildServices(context.Background(), config{Corpus: dir})
		if err != nil {
			b.Fatal(err)
		}
		a.Close()
	}
}
