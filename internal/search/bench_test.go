package search

import (
	"context"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// BenchmarkBuildIndex indexes the whole real corpus in memory.
func BenchmarkBuildIndex(b *testing.B) {
	c := testcorpus.Load(b)
	ctx := context.Background()
	b.ReportAllocs()
	cpu0, ok := processCPU()
	for b.Loop() {
		ix, err := Build(ctx, c.Documents, c.Entries, c.Cards)
		if err != nil {
			b.Fatal(err)
		}
		_ = ix.Close()
	}
	if cpu1, ok1 := processCPU(); ok && ok1 {
		b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
	b.ReportMetric(float64(len(c.Entries)+len(c.Cards)), "docs")
}

// benchQueries are typical judge queries: plain words, a typo, a phrase.
var benchQueries = []string{
	"combat strength totals winner",
	"beam personnel between two ships",
	"mirro univers",
	`"showing your cards" face down`,
}

// BenchmarkSearch runs typical searches (first page, snippets, facets) on the
// full corpus in memory.
func BenchmarkSearch(b *testing.B) {
	c := testcorpus.Load(b)
	ctx := context.Background()
	ix, err := Build(ctx, c.Documents, c.Entries, c.Cards)
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	for _, q := range benchQueries {
		b.Run(q, func(b *testing.B) {
			b.ReportAllocs()
			cpu0, ok := processCPU()
			for b.Loop() {
				if _, err := ix.Search(ctx, rules.SearchQuery{Q: q}); err != nil {
					b.Fatal(err)
				}
			}
			if cpu1, ok1 := processCPU(); ok && ok1 {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}

// BenchmarkOpen opens a prebuilt index of the real corpus read-only, as a
// replica does at start-up.
func BenchmarkOpen(b *testing.B) {
	c := testcorpus.Load(b)
	dir := b.TempDir() + "/index"
	if err := BuildTo(context.Background(), dir, c.Version, c.Documents, c.Entries, c.Cards); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		ix, _, err := Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		_ = ix.Close()
	}
}
