package search

import (
	"reflect"
	"slices"
	"testing"
	"unicode/utf8"
)

// everyCorrection is what corrections returns, found by measuring every
// word of the lengths a typo could have with samePrefixShape and
// editDistance alone.
func everyCorrection(v *vocabulary, w string, max int) []correction {
	n := utf8.RuneCountInString(w)
	var out []correction
	for l := n - max; l <= n+max; l++ {
		for _, t := range v.byLen[l] {
			if !samePrefixShape(w, t) {
				continue
			}
			if d, ok := editDistance(w, t, max); ok {
				out = append(out, correction{t, d})
			}
		}
	}
	return v.best(w, out)
}

// TestCorrectionsReadEveryWordATypoCouldBe checks, on the real corpus's
// vocabulary, that corrections finds the words measuring every one would:
// its index by start and its bound on letter counts leave none out.
func TestCorrectionsReadEveryWordATypoCouldBe(t *testing.T) {
	ix := buildCorpus(t)
	v := ix.vocab
	var words []string
	for n, ws := range v.byLen {
		if n >= 3 {
			words = append(words, ws...)
		}
	}
	slices.Sort(words)
	typed := []string{"mirro", "univers", "budget", "staffng", "requirments", "rnage", "ab", "aa", "é", "éclair", "naïve", "ﬁnal", "x1", "12", "aaaaaaaa"}
	for i, w := range words {
		if i%7 != 0 {
			continue
		}
		r := []rune(w)
		k := i % len(r)
		switch i % 4 {
		case 0: // a letter dropped
			typed = append(typed, string(slices.Delete(slices.Clone(r), k, k+1)))
		case 1: // a letter doubled
			typed = append(typed, string(slices.Insert(slices.Clone(r), k, r[k])))
		case 2: // two letters swapped
			s := slices.Clone(r)
			if k+1 < len(s) {
				s[k], s[k+1] = s[k+1], s[k]
			}
			typed = append(typed, string(s))
		default: // a letter changed
			s := slices.Clone(r)
			s[k] = 'q'
			typed = append(typed, string(s))
		}
	}
	for _, w := range typed {
		for max := 1; max <= 2; max++ {
			if got, want := v.corrections(w, max), everyCorrection(v, w, max); !reflect.DeepEqual(got, want) {
				t.Errorf("corrections(%q, %d) = %v, want %v", w, max, got, want)
			}
		}
	}
}

// FuzzLetterBound checks that the bound on letter counts only rules out
// words more edits away than allowed.
func FuzzLetterBound(f *testing.F) {
	for _, s := range [][2]string{{"mirro", "mirror"}, {"abcd", "badc"}, {"rnage", "range"}, {"budget", "gadget"}, {"é", "e"}} {
		f.Add(s[0], s[1], 1)
	}
	f.Fuzz(func(t *testing.T, w, word string, max int) {
		if max < 0 || max > 3 || !utf8.ValidString(word) {
			return
		}
		b := newLetterBound(w, max)
		if b.rules(word, utf8.RuneCountInString(word)) {
			if d, ok := editDistance(w, word, max); ok {
				t.Fatalf("the bound rules out %q for %q, %d edits apart (at most %d allowed)", word, w, d, max)
			}
		}
	})
}
