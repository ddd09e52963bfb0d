package catalog

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// randomWord is n letters drawn from rng.
func randomWord(rng *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('a' + rng.IntN(26))
	}
	return string(b)
}

// TestFuzzyWorkDoesNotGrowWithTheWord looks up words of every length from
// the longest word of the names to 500 letters and measures what the look-up
// holds afterwards and allocates: a word longer than the longest word of the
// names plus its typos is like none of them, so none of its deletions are
// made and no split of it is tried.
func TestFuzzyWorkDoesNotGrowWithTheWord(t *testing.T) {
	c := testcorpus.Load(t)
	cat := New(c.Cards, c.Entries, WithDocuments(c.Documents))
	rng := rand.New(rand.NewPCG(22, 500))
	ctx := context.Background()
	// The most a look-up's deletions may hold: every deletion of one or two
	// letters of a word within reach of the names.
	reach := cat.longestWord + 2
	maxDeletions := (1 + reach + reach*reach/2) * reach
	var s *lookup
	for n := cat.longestWord; n <= 500; n += 13 {
		word := randomWord(rng, n)
		s = cat.lookups.Get().(*lookup)
		if err := cat.query(ctx, s, word); err != nil {
			t.Fatal(err)
		}
		if got := cap(s.dels.buf); got > maxDeletions {
			t.Fatalf("a word of %d letters left %d bytes of deletions, more than the %d of a word within reach of the names (%d letters)", n, got, maxDeletions, reach)
		}
		cat.lookups.Put(s)
	}
	// What a look-up allocates is its answer's (the error naming the name,
	// its suggestions), not its words' deletions: a 500-letter word no more
	// than twice what a word just out of reach of the names allocates, and
	// far less than its deletions would be, whatever the race detector adds.
	// The process's count of bytes also holds what anything else running
	// allocates meanwhile (another test's goroutines, the runtime's), which
	// only adds: each word is measured five times and its least taken.
	allocated := func(word string) uint64 {
		least := uint64(math.MaxUint64)
		for range 5 {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for range 100 {
				_, _ = cat.CardNamed(ctx, word, true, "")
			}
			runtime.ReadMemStats(&after)
			least = min(least, (after.TotalAlloc-before.TotalAlloc)/100)
		}
		return least
	}
	edge, long := allocated(randomWord(rng, reach+1)), allocated(randomWord(rng, 500))
	// Under the race detector a look-up's bytes are mostly the detector's
	// own, from 7 to 18 KB whatever the word: there only the bound far
	// below a 500-letter word's deletions is read.
	if !raceDetector && long > 2*edge+2048 || long > 500*500 {
		t.Errorf("a 500-letter word allocated %d bytes a look-up, one of %d letters %d", long, reach+1, edge)
	}
	t.Logf("allocated a look-up: %d bytes for %d letters, %d for 500", edge, reach+1, long)
}

// TestFuzzyLookupStopsWhenItsContextEnds: a look-up whose request has gone
// does no more work and says why.
func TestFuzzyLookupStopsWhenItsContextEnds(t *testing.T) {
	c := testcorpus.Load(t)
	cat := New(c.Cards, c.Entries, WithDocuments(c.Documents))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := cat.CardNamed(ctx, "jean-luc picrad", true, "")
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	// A name answered exactly needs no search and is answered.
	if _, err := cat.CardNamed(ctx, "Jean-Luc Picard, Explorer", true, "2e"); err != nil && errors.Is(err, context.Canceled) {
		t.Fatalf("an exact name was refused for the context: %v", err)
	}
}

// TestFuzzyLongWordsMatchAsBefore: words at the edge of the reach of the
// names' words are still read as typos or as two words run together.
func TestFuzzyLongWordsMatchAsBefore(t *testing.T) {
	c := testcorpus.Load(t)
	cat := New(c.Cards, c.Entries, WithDocuments(c.Documents))
	longest := ""
	for _, w := range cat.vocab {
		if len(w) > len(longest) {
			longest = w
		}
	}
	ctx := context.Background()
	for _, tc := range []struct {
		query string
		finds bool
	}{
		{longest, true},
		{longest + "x", true},                      // one letter too many
		{longest + "xy", true},                     // two
		{longest + "xyz", false},                   // three: out of reach
		{longest + longest, true},                  // two words run together
		{longest + longest + "x", false},           // longer than two words
		{strings.Repeat(longest, 30), false},       // far past them
		{"worf " + strings.Repeat("q", 500), true}, // the word known is still scored
	} {
		scored, err := cat.fuzzy(ctx, tc.query, "")
		if err != nil {
			t.Fatal(err)
		}
		if got := len(scored) > 0; got != tc.finds {
			t.Errorf("%.40q: scored %d cards; want some: %v", tc.query, len(scored), tc.finds)
		}
	}
}

func BenchmarkCardNamedFuzzyLongWord(b *testing.B) {
	c := testcorpus.Load(b)
	cat := New(c.Cards, c.Entries, WithDocuments(c.Documents))
	word := randomWord(rand.New(rand.NewPCG(1, 1)), 500)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		_, _ = cat.CardNamed(ctx, word, true, "")
	}
}
