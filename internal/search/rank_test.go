package search

import (
	"fmt"
	"math"
	"slices"
	"testing"
)

func TestTopScoresKeepsTheKthBest(t *testing.T) {
	x := uint32(1)
	next := func() float64 { x = x*1664525 + 1013904223; return float64(x>>20) / 16 }
	for size := 1; size < 60; size += 7 {
		xs := make([]float64, size)
		for i := range xs {
			xs[i] = next()
			if i%5 == 0 && i > 0 {
				xs[i] = xs[i-1] // ties
			}
		}
		sorted := slices.Clone(xs)
		slices.Sort(sorted)
		slices.Reverse(sorted)
		for k := 1; k <= min(size, maxDeep); k++ {
			top := newTopScores(k)
			for _, x := range xs {
				top.add(x)
			}
			if got := top.least(); got != sorted[k-1] {
				t.Fatalf("size %d: %d-th best = %v, want %v", size, k, got, sorted[k-1])
			}
		}
		if top := newTopScores(size + 1); size < maxDeep {
			for _, x := range xs {
				top.add(x)
			}
			if !math.IsInf(top.least(), -1) {
				t.Errorf("size %d: fewer scores than k give a least of %v", size, top.least())
			}
		}
	}
}

func TestSortBestPutsTheBestFirstInOrder(t *testing.T) {
	x := uint32(7)
	next := func(n int) int { x = x*1664525 + 1013904223; return int(x>>8) % n }
	metas := make([]*docMeta, 400)
	for i := range metas {
		metas[i] = &docMeta{ID: fmt.Sprintf("d%03d", i*7919%len(metas)), Precedence: next(3)} // distinct ids, not in order
	}
	for _, size := range []int{1, 5, 39, 41, 120, 400} {
		for _, k := range []int{1, 3, 10, 20, 32, 33, 100} {
			r := make([]ranked, size)
			for i := range r {
				// Few distinct scores: many ties, broken by precedence,
				// Bleve's score and the id.
				r[i] = ranked{meta: metas[i], score: float64(next(8)), bleve: float64(next(3))}
			}
			want := slices.Clone(r)
			slices.SortFunc(want, compareRanked)
			sortBest(r, k)
			n := min(k, size)
			for i := range n {
				if r[i].meta != want[i].meta || r[i].score != want[i].score {
					t.Fatalf("size %d, k %d: hit %d is %s %v, want %s %v", size, k, i, r[i].meta.ID, r[i].score, want[i].meta.ID, want[i].score)
				}
			}
			if !slices.ContainsFunc(r, func(h ranked) bool { return h.meta == want[size-1].meta }) {
				t.Fatalf("size %d, k %d: a hit was lost", size, k)
			}
		}
	}
}
