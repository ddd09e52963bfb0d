package search

import (
	"context"
	"testing"

	"github.com/stccg/stccg-rules/internal/cputime"
	"github.com/stccg/stccg-rules/internal/loadgen"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// BenchmarkBuildIndex indexes the whole real corpus in memory.
func BenchmarkBuildIndex(b *testing.B) {
	c := testcorpus.Load(b)
	ctx := context.Background()
	b.ReportAllocs()
	cpu := cputime.Start()
	for b.Loop() {
		ix, err := Build(ctx, c.Documents, c.Entries, c.Cards)
		if err != nil {
			b.Fatal(err)
		}
		_ = ix.Close()
	}
	cpu.Report(b, b.N)
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
	ctx := context.Background()
	ix := buildCorpus(b)
	for _, q := range benchQueries {
		b.Run(q, func(b *testing.B) {
			b.ReportAllocs()
			cpu := cputime.Start()
			for b.Loop() {
				if _, err := ix.Search(ctx, rules.SearchQuery{Q: q}); err != nil {
					b.Fatal(err)
				}
			}
			cpu.Report(b, b.N)
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

// variedSearches is how many distinct searches BenchmarkSearchVaried draws
// from, and variedSeed their seed: the load test's defaults (cmd/stccg-load
// --distinct and --seed).
const (
	variedSearches = 50_000
	variedSeed     = 1
)

// BenchmarkSearchVaried runs the searches the load test's varied scenario
// sends (loadgen.Searches: two or three game words, an edition filter on two
// in three), in the same order, each once before any is repeated.
func BenchmarkSearchVaried(b *testing.B) {
	ctx := context.Background()
	ix := buildCorpus(b)
	ss, err := loadgen.Searches(variedSeed, variedSearches)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	cpu := cputime.Start()
	i := 0
	for b.Loop() {
		s := ss[i%len(ss)]
		if _, err := ix.Search(ctx, rules.SearchQuery{Q: s.Q, Edition: rules.Edition(s.Edition)}); err != nil {
			b.Fatal(err)
		}
		i++
	}
	cpu.Report(b, b.N)
}

// BenchmarkReadQuery reads the searches the load test sends as Search does
// before it looks anything up: the query parsed, its words corrected and
// analysed, the query of the index built.
func BenchmarkReadQuery(b *testing.B) {
	ix := buildCorpus(b)
	ss, err := loadgen.Searches(variedSeed, variedSearches)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	cpu := cputime.Start()
	i := 0
	for b.Loop() {
		u, err := parseQuery(ss[i%len(ss)].Q)
		i++
		if err != nil {
			b.Fatal(err)
		}
		a := ix.analyze(u)
		_ = ix.buildQuery(u, a)
	}
	cpu.Report(b, b.N)
}

// evicted is memory written over before each search of
// BenchmarkSearchVariedEvicted: more than the caches of a core hold.
var evicted = make([]byte, 4<<20)

// BenchmarkSearchVariedEvicted is BenchmarkSearchVaried with the caches
// written over before each search, outside the timer, as the server's other
// work leaves them between two searches under load: what it measures is the
// search reading an index it has not touched lately. Its misses are counted
// with cachegrind (docs/search.md, the seventh round of cost), the machine
// having no hardware counters.
func BenchmarkSearchVariedEvicted(b *testing.B) {
	ctx := context.Background()
	ix := buildCorpus(b)
	ss, err := loadgen.Searches(variedSeed, variedSearches)
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		b.StopTimer()
		for j := 0; j < len(evicted); j += 64 {
			evicted[j]++
		}
		b.StartTimer()
		s := ss[i%len(ss)]
		if _, err := ix.Search(ctx, rules.SearchQuery{Q: s.Q, Edition: rules.Edition(s.Edition)}); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// unknownWordQueries are searches as the load test sends them holding a word
// the index does not know and no typo explains.
var unknownWordQueries = []string{
	"budget mission",
	"errata persona",
	"staffing budget seed",
	"dilemma errata",
}

// BenchmarkReadUnknownWords reads searches holding a word the index does not
// know as BenchmarkReadQuery reads the load test's.
func BenchmarkReadUnknownWords(b *testing.B) {
	ix := buildCorpus(b)
	b.ReportAllocs()
	cpu := cputime.Start()
	i := 0
	for b.Loop() {
		u, err := parseQuery(unknownWordQueries[i%len(unknownWordQueries)])
		i++
		if err != nil {
			b.Fatal(err)
		}
		a := ix.analyze(u)
		_ = ix.buildQuery(u, a)
	}
	cpu.Report(b, b.N)
}
