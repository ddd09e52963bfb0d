//go:build searchtail

package search

// The cost of each of the load test's searches, one by one: what the tail of
// a varied search's latency is made of. Run it on a quiet machine:
//
//	go test -tags searchtail -run TestSearchTailCost -v -timeout 30m ./internal/search/
//
// STCCG_TAIL_SEARCHES is how many of the load test's searches to measure
// (50,000, its default), STCCG_TAIL_REPEATS how many times each is timed
// (5; the median is its cost). STCCG_TAIL_PROFILE names a file for a CPU
// profile of the dearest 1% alone, run again and again, and
// STCCG_TAIL_SAMPLE one of as many searches drawn evenly, to compare with;
// STCCG_TAIL_OUT a file listing every search with its cost. STCCG_TAIL_LOG
// names the request log of a server the load test ran against (scripts/load.sh
// --keep): the server's own latency of its searches is set beside what each
// costs here, which says whether the slowest requests are the dearest
// searches.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/stccg/stccg-rules/internal/loadgen"
	"github.com/stccg/stccg-rules/internal/rules"
)

// tailCost is one search's cost: the median CPU time of its thread over the
// repeats (no garbage collection running), the objects and bytes it
// allocates, and what its answer and its reading say of it.
type tailCost struct {
	s              loadgen.Search
	cpu            time.Duration
	allocs, bytes  uint64
	total          int
	readAs, alts   int
	words, letters int
}

// threadCPU is the CPU time the calling thread has used.
func threadCPU(tb testing.TB) time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		tb.Fatalf("clock_gettime: %v", err)
	}
	return time.Duration(ts.Nano())
}

func envInt(tb testing.TB, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		tb.Fatalf("%s=%q: want a whole number above 0", name, v)
	}
	return n
}

// TestSearchTailCost measures every one of the load test's first searches
// through Index.Search and prints the distribution of their costs and the
// shapes of the dearest 1%.
func TestSearchTailCost(t *testing.T) {
	n := envInt(t, "STCCG_TAIL_SEARCHES", variedSearches)
	repeats := envInt(t, "STCCG_TAIL_REPEATS", 5)
	ctx := context.Background()
	ix := buildCorpus(t)
	ss, err := loadgen.Searches(variedSeed, n)
	if err != nil {
		t.Fatal(err)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	runtime.GC()

	costs := make([]tailCost, len(ss))
	times := make([]time.Duration, repeats)
	var before, after runtime.MemStats
	for i, s := range ss {
		if i%200 == 0 {
			runtime.GC() // outside the measures: the collector is off
		}
		q := rules.SearchQuery{Q: s.Q, Edition: rules.Edition(s.Edition)}
		runtime.ReadMemStats(&before)
		res, err := ix.Search(ctx, q)
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatalf("%q: %v", s.Q, err)
		}
		for r := range times {
			from := threadCPU(t)
			if _, err := ix.Search(ctx, q); err != nil {
				t.Fatal(err)
			}
			times[r] = threadCPU(t) - from
		}
		slices.Sort(times)
		c := tailCost{s: s, cpu: times[len(times)/2], allocs: after.Mallocs - before.Mallocs,
			bytes: after.TotalAlloc - before.TotalAlloc, total: res.Total, readAs: len(res.ReadAs),
			words: len(strings.Fields(s.Q)), letters: len(s.Q)}
		u, err := parseQuery(s.Q)
		if err != nil {
			t.Fatal(err)
		}
		c.alts = len(ix.analyze(u).alts)
		costs[i] = c
	}
	debug.SetGCPercent(100)

	byCPU := slices.Clone(costs)
	slices.SortStableFunc(byCPU, func(x, y tailCost) int { return int(x.cpu - y.cpu) })
	cpus := make([]float64, len(byCPU))
	for i, c := range byCPU {
		cpus[i] = float64(c.cpu.Microseconds())
	}
	allocs := make([]float64, len(costs))
	kbytes := make([]float64, len(costs))
	for i, c := range costs {
		allocs[i], kbytes[i] = float64(c.allocs), float64(c.bytes)/1024
	}
	slices.Sort(allocs)
	slices.Sort(kbytes)
	t.Logf("%d searches, each timed %d times (median of the thread's CPU time, no collection running)", len(costs), repeats)
	t.Logf("%-12s %s", "", "median    p90    p99  p99.9    max   mean")
	t.Logf("%-12s %s", "CPU µs", quantiles(cpus))
	t.Logf("%-12s %s", "allocs", quantiles(allocs))
	t.Logf("%-12s %s", "KB", quantiles(kbytes))

	dear := byCPU[len(byCPU)-max(1, len(byCPU)/100):]
	rest := byCPU[:len(byCPU)-len(dear)]
	t.Logf("the dearest 1%% (%d, from %v) against the rest:", len(dear), dear[0].cpu)
	shape := func(name string, f func(tailCost) float64) {
		t.Logf("  %-28s %8.2f %8.2f", name, meanOf(dear, f), meanOf(rest, f))
	}
	shape("letters", func(c tailCost) float64 { return float64(c.letters) })
	shape("words", func(c tailCost) float64 { return float64(c.words) })
	shape("three words", func(c tailCost) float64 { return b2f(c.words == 3) })
	shape("edition filter", func(c tailCost) float64 { return b2f(c.s.Edition != "") })
	shape("words read as others", func(c tailCost) float64 { return float64(c.readAs) })
	shape("typo alternatives", func(c tailCost) float64 { return float64(c.alts) })
	shape("hits (total)", func(c tailCost) float64 { return float64(c.total) })
	shape("allocs", func(c tailCost) float64 { return float64(c.allocs) })
	shape("KB", func(c tailCost) float64 { return float64(c.bytes) / 1024 })
	shape("CPU µs", func(c tailCost) float64 { return float64(c.cpu.Microseconds()) })

	// Which game words the dearest hold more often than the rest.
	type lift struct {
		w        string
		in, all  int
		quotient float64
	}
	var lifts []lift
	for _, w := range loadgen.GameWords {
		in, all := 0, 0
		for _, c := range byCPU {
			if holdsWord(c.s.Q, w) {
				all++
			}
		}
		for _, c := range dear {
			if holdsWord(c.s.Q, w) {
				in++
			}
		}
		if all > 0 {
			lifts = append(lifts, lift{w, in, all, float64(in) / float64(len(dear)) / (float64(all) / float64(len(byCPU)))})
		}
	}
	slices.SortFunc(lifts, func(x, y lift) int {
		if x.quotient != y.quotient {
			if x.quotient > y.quotient {
				return -1
			}
			return 1
		}
		return strings.Compare(x.w, y.w)
	})
	t.Log("game words the dearest hold most, against their share of all searches (lift):")
	for _, l := range lifts[:min(15, len(lifts))] {
		t.Logf("  %-16s in %4d of the dearest, %5d of all, lift %.1f", l.w, l.in, l.all, l.quotient)
	}
	t.Log("the dearest twenty:")
	for _, c := range byCPU[len(byCPU)-min(20, len(byCPU)):] {
		t.Logf("  %6dµs %5d allocs %6.0fKB hits %5d  %q edition=%q", c.cpu.Microseconds(), c.allocs, float64(c.bytes)/1024, c.total, c.s.Q, c.s.Edition)
	}

	if name := os.Getenv("STCCG_TAIL_OUT"); name != "" {
		var b strings.Builder
		for _, c := range costs {
			fmt.Fprintf(&b, "%d\t%d\t%d\t%d\t%s\t%s\n", c.cpu.Microseconds(), c.allocs, c.bytes, c.total, c.s.Edition, c.s.Q)
		}
		if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	profile := func(name string, of []tailCost) {
		if name == "" {
			return
		}
		f, err := os.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			t.Fatal(err)
		}
		deadline, runs, from := time.Now().Add(10*time.Second), 0, threadCPU(t)
		for time.Now().Before(deadline) {
			for _, c := range of {
				if _, err := ix.Search(ctx, rules.SearchQuery{Q: c.s.Q, Edition: rules.Edition(c.s.Edition)}); err != nil {
					t.Fatal(err)
				}
				runs++
			}
		}
		pprof.StopCPUProfile()
		t.Logf("%s: %d searches profiled, %v of CPU each (with the profiler's own)", name, runs, (threadCPU(t)-from)/time.Duration(runs))
	}
	profile(os.Getenv("STCCG_TAIL_PROFILE"), dear)
	sample := make([]tailCost, 0, len(dear))
	for i := 0; i < len(costs) && len(sample) < len(dear); i += max(1, len(costs)/len(dear)) {
		sample = append(sample, costs[i])
	}
	profile(os.Getenv("STCCG_TAIL_SAMPLE"), sample)
	if name := os.Getenv("STCCG_TAIL_LOG"); name != "" {
		servedBeside(t, name, costs, byCPU[len(byCPU)-len(dear)].cpu)
	}
}

// servedBeside reads a server's request log (JSON lines, as api's logger
// writes them) and sets the latency of each search it served beside the cost
// measured here of the same search: the distribution of that latency, and
// the cost of the slowest 1% of those requests against dearest, the least
// cost of the dearest 1% here.
func servedBeside(t *testing.T, name string, costs []tailCost, dearest time.Duration) {
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	cost := make(map[loadgen.Search]time.Duration, len(costs))
	for _, c := range costs {
		cost[c.s] = c.cpu
	}
	type served struct {
		latency time.Duration
		cpu     time.Duration
	}
	var all []served
	for line := range strings.Lines(string(data)) {
		var r struct {
			Route, URI string
			Latency    time.Duration
		}
		if !strings.HasPrefix(line, "{") || json.Unmarshal([]byte(line), &r) != nil || r.Route != "/v1/search" {
			continue
		}
		u, err := url.Parse(r.URI)
		if err != nil {
			continue
		}
		c, ok := cost[loadgen.Search{Q: u.Query().Get("q"), Edition: u.Query().Get("edition")}]
		if !ok {
			continue
		}
		all = append(all, served{r.Latency, c})
	}
	if len(all) == 0 {
		t.Fatalf("%s: no search of those measured was served", name)
	}
	slices.SortFunc(all, func(x, y served) int { return int(x.latency - y.latency) })
	lat := make([]float64, len(all))
	for i, s := range all {
		lat[i] = float64(s.latency.Microseconds())
	}
	t.Logf("%d searches served (%s); the server's latency, µs:", len(all), name)
	t.Logf("%-12s %s", "", "median    p90    p99  p99.9    max   mean")
	t.Logf("%-12s %s", "served", quantiles(lat))
	slow := all[len(all)-max(1, len(all)/100):]
	cpus := make([]float64, 0, len(slow))
	among := 0
	for _, s := range slow {
		cpus = append(cpus, float64(s.cpu.Microseconds()))
		if s.cpu >= dearest {
			among++
		}
	}
	slices.Sort(cpus)
	t.Logf("%-12s %s", "their cost", quantiles(cpus))
	t.Logf("the slowest 1%% served (%d, from %v): %d of them among the dearest 1%% here", len(slow), slow[0].latency, among)
}

// holdsWord says whether the query q holds the game word w (one word or a
// phrase) as whole words.
func holdsWord(q, w string) bool {
	return strings.Contains(" "+q+" ", " "+w+" ")
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func meanOf(cs []tailCost, f func(tailCost) float64) float64 {
	if len(cs) == 0 {
		return 0
	}
	sum := 0.0
	for _, c := range cs {
		sum += f(c)
	}
	return sum / float64(len(cs))
}

// quantiles formats the median, p90, p99, p99.9, max and mean of sorted.
func quantiles(sorted []float64) string {
	if len(sorted) == 0 {
		return "none"
	}
	at := func(p float64) float64 { return sorted[min(len(sorted)-1, int(p*float64(len(sorted))))] }
	sum := 0.0
	for _, v := range sorted {
		sum += v
	}
	return fmt.Sprintf("%6.0f %6.0f %6.0f %6.0f %6.0f %6.0f", at(0.5), at(0.9), at(0.99), at(0.999), sorted[len(sorted)-1], sum/float64(len(sorted)))
}
