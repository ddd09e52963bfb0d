package main

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/loadgen"
)

func TestSearchQueriesAreAFunctionOfTheSeed(t *testing.T) {
	a, err := searchQueries(7, 500)
	if err != nil {
		t.Fatal(err)
	}
	b, err := searchQueries(7, 500)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a, b) {
		t.Fatal("the same seed gave two different lists")
	}
	c, err := searchQueries(8, 500)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(a, c) {
		t.Fatal("seeds 7 and 8 gave the same list")
	}
	short, err := searchQueries(7, 200)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(short, a[:200]) {
		t.Error("a shorter list is not a prefix of a longer one with the same seed")
	}
}

func TestSearchQueriesAreDistinctWordSets(t *testing.T) {
	const n = 20_000
	paths, err := searchQueries(1, n)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != n {
		t.Fatalf("got %d searches, want %d", len(paths), n)
	}
	sets := map[string]bool{}
	editions := map[string]int{}
	for _, p := range paths {
		u, err := url.Parse(p)
		if err != nil || u.Path != "/v1/search" {
			t.Fatalf("bad path %q (%v)", p, err)
		}
		q := u.Query()
		words := splitTerms(q.Get("q"))
		if len(words) < 2 || len(words) > 3 {
			t.Fatalf("%q: %d terms, want 2 or 3", q.Get("q"), len(words))
		}
		slices.Sort(words)
		key := strings.Join(words, "|")
		if sets[key] {
			t.Fatalf("word set %q drawn twice", key)
		}
		sets[key] = true
		editions[q.Get("edition")]++
	}
	for _, ed := range []string{"", "1e", "2e"} {
		if editions[ed] < n/4 {
			t.Errorf("edition %q filters %d of %d searches, want about a third", ed, editions[ed], n)
		}
	}
}

// splitTerms splits a generated search back into vocabulary terms, some of
// which are two words.
func splitTerms(q string) []string {
	var out []string
	for q != "" {
		match := ""
		for _, w := range loadgen.GameWords {
			if (q == w || strings.HasPrefix(q, w+" ")) && len(w) > len(match) {
				match = w
			}
		}
		if match == "" {
			return nil
		}
		out = append(out, match)
		q = strings.TrimPrefix(strings.TrimPrefix(q, match), " ")
	}
	return out
}

func TestVocabularyHasNoDuplicates(t *testing.T) {
	seen := map[string]bool{}
	for _, w := range loadgen.GameWords {
		if seen[w] || w != strings.ToLower(strings.TrimSpace(w)) {
			t.Errorf("vocabulary word %q repeated or not lower-case", w)
		}
		seen[w] = true
	}
	if len(loadgen.GameWords) < 60 {
		t.Errorf("%d words, want a vocabulary of at least 60", len(loadgen.GameWords))
	}
}

func TestSearchQueriesRefuseMoreThanTheVocabularyGives(t *testing.T) {
	if _, err := searchQueries(1, loadgen.MaxSearches(len(loadgen.GameWords))+1); err == nil {
		t.Fatal("no error for more searches than word sets")
	}
}
