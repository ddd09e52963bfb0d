package search

import (
	"context"
	"slices"
	"strings"
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
	ctx := context.Background()
	ix := buildCorpus(b)
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

// variedWords are game words of the kind judges type; BenchmarkSearchVaried
// draws its searches from them as the load test does (two or three words,
// an edition filter on two searches in three).
var variedWords = []string{
	"stopped", "personnel", "range", "span", "move", "dilemma", "budget", "overcome",
	"mission", "attempt", "ship", "staffing", "command", "headquarters", "planet",
	"quadrant", "mirror", "affiliation", "federation", "klingon", "seed", "draw",
	"discard", "counters", "event", "interrupt", "equipment", "weapons", "shields",
	"strength", "cunning", "integrity", "skill", "diplomacy", "beam", "report",
	"battle", "combat", "damage", "engagement", "facility", "outpost", "away team",
	"unique", "persona", "points", "capture", "turn", "phase", "orders", "download",
	"doorway", "artifact", "hidden agenda", "timeline", "region", "cost", "dual",
}

// variedQueries returns n searches drawn from variedWords by a fixed rule.
func variedQueries(n int) []rules.SearchQuery {
	out := make([]rules.SearchQuery, n)
	editions := []string{"", "1e", "2e"}
	x := uint32(7)
	next := func(k int) int { x = x*1664525 + 1013904223; return int(x>>8) % k }
	for i := range out {
		k := 2 + next(5)/3
		var words []string
		for len(words) < k {
			w := variedWords[next(len(variedWords))]
			if !slices.Contains(words, w) {
				words = append(words, w)
			}
		}
		out[i] = rules.SearchQuery{Q: strings.Join(words, " "), Edition: rules.Edition(editions[next(3)])}
	}
	return out
}

// BenchmarkSearchVaried runs many different short searches, some filtered
// by edition, as the load test's varied scenario sends them.
func BenchmarkSearchVaried(b *testing.B) {
	ctx := context.Background()
	ix := buildCorpus(b)
	qs := variedQueries(200)
	b.ReportAllocs()
	cpu0, ok := processCPU()
	i := 0
	for b.Loop() {
		if _, err := ix.Search(ctx, qs[i%len(qs)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
	if cpu1, ok1 := processCPU(); ok && ok1 {
		b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}
