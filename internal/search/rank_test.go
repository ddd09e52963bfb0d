package search

import (
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
