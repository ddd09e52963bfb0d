package search

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/cputime"
	"github.com/stccg/stccg-rules/internal/loadgen"
	"github.com/stccg/stccg-rules/internal/rules"
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
	numberByID(metas)
	for _, size := range []int{1, 5, 39, 41, 120, 400} {
		for _, k := range []int{1, 3, 10, 20, 32, 33, 100} {
			r := make([]ranked, size)
			for i := range r {
				// Few distinct scores: many ties, broken by precedence,
				// Bleve's score and the id.
				r[i] = rankedOf(metas[i], float64(next(8)), float64(next(3)))
			}
			want := slices.Clone(r)
			slices.SortFunc(want, compareByMeta)
			sortBest(r, k, new(sortScratch))
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

// BenchmarkSortBest puts the first page's hits of a search first, as the
// varied searches of the load test have them: 87 hits (their mean), a
// third of them tied at a few low scores, 25 put in order.
func BenchmarkSortBest(b *testing.B) {
	x := uint32(11)
	next := func(n int) int { x = x*1664525 + 1013904223; return int(x>>8) % n }
	const inputs, hits = 512, 87
	metas := make([]*docMeta, hits)
	for i := range metas {
		metas[i] = &docMeta{ID: fmt.Sprintf("d%03d", i*7919%hits), Precedence: next(3)}
	}
	numberByID(metas)
	in := make([][]ranked, inputs)
	for k := range in {
		in[k] = make([]ranked, hits)
		for i := range in[k] {
			s := float64(next(1_000_000)) / 1000
			if next(3) == 0 {
				s = float64(next(4)) / 10 // a tie among the least
			}
			in[k][i] = rankedOf(metas[i], s, float64(next(100)))
		}
	}
	var s sortScratch
	work := make([]ranked, hits)
	i := 0
	cpu := cputime.Start()
	for b.Loop() {
		copy(work, in[i%inputs])
		i++
		sortBest(work, governWindow, &s)
	}
	cpu.Report(b, b.N)
}

func TestKthBestIsTheKthOfTheSorted(t *testing.T) {
	x := uint32(3)
	next := func(n int) int { x = x*1664525 + 1013904223; return int(x>>8) % n }
	for _, size := range []int{1, 2, 3, 7, 26, 87, 300} {
		for _, distinct := range []int{1, 3, 1000} {
			s := make([]float64, size)
			for i := range s {
				s[i] = float64(next(distinct))
			}
			want := slices.Clone(s)
			slices.Sort(want)
			slices.Reverse(want)
			for k := 1; k <= size; k++ {
				work := slices.Clone(s)
				if got := kthBest(work, k); got != want[k-1] {
					t.Fatalf("size %d, %d distinct: kthBest(%d) = %v, want %v", size, distinct, k, got, want[k-1])
				}
				work = slices.Clone(s)
				if got := kthBestCompared(work, k); got != want[k-1] {
					t.Fatalf("size %d, %d distinct: kthBestCompared(%d) = %v, want %v", size, distinct, k, got, want[k-1])
				}
			}
		}
	}
	// Zeros of both signs, and infinities: the k-th is still the k-th (a
	// zero of either sign for a zero), and a split that cannot shrink the
	// scores (infinities' differences are NaN) ends; of scores holding a
	// NaN, which have no order, only that it ends.
	inf := math.Inf(1)
	for _, s := range [][]float64{
		{0, math.Copysign(0, -1), 0, math.Copysign(0, -1), 1, -1},
		{inf, inf, inf, 2, -inf, -inf},
		{inf, inf, inf},
	} {
		want := slices.Clone(s)
		slices.Sort(want)
		slices.Reverse(want)
		for k := 1; k <= len(s); k++ {
			if got := kthBest(slices.Clone(s), k); got != want[k-1] {
				t.Fatalf("%v: kthBest(%d) = %v, want %v", s, k, got, want[k-1])
			}
		}
	}
	for k := 1; k <= 4; k++ {
		kthBest([]float64{math.NaN(), 1, 2, math.NaN()}, k)
	}
}

// numberByID numbers the documents in the order of their ids, as the index
// does (docMeta.byID).
func numberByID(metas []*docMeta) {
	byID := slices.Clone(metas)
	slices.SortFunc(byID, func(a, b *docMeta) int { return strings.Compare(a.ID, b.ID) })
	for i, m := range byID {
		m.byID = int32(i)
	}
}

// rankedOf is a hit of the document m, as rerank makes it.
func rankedOf(m *docMeta, score, bleve float64) ranked {
	return ranked{meta: m, score: score, bleve: bleve, precedence: int32(m.Precedence), byID: m.byID}
}

// compareByMeta is compareRanked read from the hits' metadata: by score,
// then the governing document, then Bleve's score, then the id.
func compareByMeta(x, y ranked) int {
	switch {
	case x.score > y.score:
		return -1
	case x.score < y.score:
		return 1
	case x.meta.Precedence != y.meta.Precedence:
		return cmp.Compare(y.meta.Precedence, x.meta.Precedence)
	}
	return compareCollected(collected{meta: x.meta, score: x.bleve}, collected{meta: y.meta, score: y.bleve})
}

// A newer rulebook's hit whose best paragraph holds more of the query than
// an older rulebook's hit of its edition and kind comes before it, scoring
// at least GovernMore times as much; holding as much, it must score Govern
// times as much; measured only by the whole text, it does not move.
func TestGoverningCopyHoldingMoreComesFirst(t *testing.T) {
	w := defaultWeights()
	older := &docMeta{ID: "2e-older.section.when-it-fails", Kind: rules.KindSection, Edition: "2e", Precedence: 2}
	newer := &docMeta{ID: "2e-newer.section.checking", Kind: rules.KindSection, Edition: "2e", Precedence: 3}
	other := &docMeta{ID: "1e-rulebook.section.x", Kind: rules.KindSection, Edition: "1e", Precedence: 1}
	numberByID([]*docMeta{older, newer, other})
	hit := func(m *docMeta, score float64, share float32, para int16) ranked {
		r := rankedOf(m, score, score)
		r.share, r.para = share, para
		return r
	}
	for _, c := range []struct {
		name      string
		out       []ranked
		wantFirst *docMeta
	}{
		{"holds more, scores 0.6 of it", []ranked{hit(older, 10, 0.84, 1), hit(newer, 6, 1, 2)}, newer},
		{"holds more, scores 0.4 of it", []ranked{hit(older, 10, 0.84, 1), hit(newer, 4, 1, 2)}, older},
		{"holds as much, scores 0.6 of it", []ranked{hit(older, 10, 1, 1), hit(newer, 6, 1, 2)}, older},
		{"holds as much, scores 0.95 of it", []ranked{hit(older, 10, 1, 1), hit(newer, 9.5, 1, 2)}, newer},
		{"holds more in its whole text only", []ranked{hit(older, 10, 0.84, 1), hit(newer, 6, 1, -1)}, older},
		{"another edition's", []ranked{hit(other, 10, 0.84, 1), hit(newer, 6, 1, 2)}, other},
	} {
		out := slices.Clone(c.out)
		w.governFirst(out)
		if out[0].meta != c.wantFirst {
			t.Errorf("%s: first is %s, want %s", c.name, out[0].meta.ID, c.wantFirst.ID)
		}
		if out[0].score < out[1].score {
			t.Errorf("%s: scores go up: %v then %v", c.name, out[0].score, out[1].score)
		}
	}
}

// TestHitFactsAnswerAsTheMetadata checks that what governFirst reads of a
// hit from its facts (unpassable, caption, card, edition, kind) answers as
// the hit's metadata does, for hits of every document of the corpus, pairs
// of them sampled.
func TestHitFactsAnswerAsTheMetadata(t *testing.T) {
	ix := buildCorpus(t)
	var hits []ranked
	for num, m := range ix.snap.byNum {
		if m == nil {
			continue
		}
		f := &ix.snap.rank[num]
		hits = append(hits, ranked{meta: m, kind: f.kind, edition: f.edition, flags: f.flags | factsRead})
	}
	for i := range hits {
		x, m := &hits[i], hits[i].meta
		if x.isUnpassable() != m.unpassable || x.isCaption() != (m.prior == priorCaption) || x.isCard() != (m.Kind == rules.KindCard) {
			t.Fatalf("%s: facts say unpassable %v caption %v card %v", m.ID, x.isUnpassable(), x.isCaption(), x.isCard())
		}
		for j := i % 7; j < len(hits); j += 7 {
			y := &hits[j]
			if sameEdition(x, y) != (m.Edition == y.meta.Edition) || sameKind(x, y) != (m.Kind == y.meta.Kind) {
				t.Fatalf("%s and %s: facts say same edition %v, same kind %v", m.ID, y.meta.ID, sameEdition(x, y), sameKind(x, y))
			}
		}
	}
}

// TestPrecedenceOfRulesBelowThePageIsSkipped checks on the load test's
// searches of the real corpus that byPrecedence, handing out again only the
// scores of rules that may reach the first hits (firstLeast), puts the same
// hits first, in the same order and with the same scores, as handing out
// every rule's, sortBestFrom selecting them among the hits scoring at least
// the least byPrecedence measured; and that it does skip rules, and measure
// that score, in many searches.
func TestPrecedenceOfRulesBelowThePageIsSkipped(t *testing.T) {
	ix := buildCorpus(t)
	sc := ix.scratch.Get().(*scratch)
	defer ix.scratch.Put(sc)
	skipped, measured := 0, 0
	searched := analysedLoadSearches(t, ix, 2000, func(s loadgen.Search, u userQuery, a *analyzed) {
		q := rules.SearchQuery{Q: s.Q, Edition: rules.Edition(s.Edition)}
		if q.Edition == "" {
			q.Edition = rules.Edition(a.edition)
		}
		hits, _, _, err := ix.collect(t.Context(), ix.buildQuery(u, *a), ix.filterOf(q), a.terms, rerankWindow, sc)
		if err != nil {
			t.Fatal(err)
		}
		scored := ix.scoreHits(hits, a, sc)
		k := max(DefaultLimit, governWindow)
		all, some := slices.Clone(scored), slices.Clone(scored)
		ix.byPrecedence(all, len(all), a, sc)
		least := ix.byPrecedence(some, k, a, sc)
		if !slices.Equal(all, some) {
			skipped++
		}
		if !math.IsInf(least, -1) {
			measured++
		}
		sortBest(all, k, &sc.sort)
		sortBestFrom(some, k, least, &sc.sort) // as rerank does
		for i := range min(k, len(all)) {
			if some[i] != all[i] {
				t.Fatalf("%q: hit %d is %s %v, want %s %v", s.Q, i, some[i].meta.ID, some[i].score, all[i].meta.ID, all[i].score)
			}
		}
	})
	if skipped < searched/4 {
		t.Errorf("rules skipped in %d of %d searches; want a quarter at least", skipped, searched)
	}
	if measured < searched/4 {
		t.Errorf("the first hits' least score measured in %d of %d searches; want a quarter at least", measured, searched)
	}
	t.Logf("rules skipped in %d of %d searches, the least score measured in %d", skipped, searched, measured)
}

// TestSharesOfIsShare checks on the load test's searches of the real corpus
// that the share of the query each hit holds, read from the memo of the
// sets of terms held before (sharesOf), is the share computed for it.
func TestSharesOfIsShare(t *testing.T) {
	ix := buildCorpus(t)
	sc := new(scratch)
	kept := 0
	ix.collectedLoadSearches(t, 1000, sc, func(s loadgen.Search, a *analyzed, hits []collected) {
		var m shareMemo
		for _, h := range hits {
			known := m.set
			got, gotHeld := ix.sharesOf(&m, h, a)
			want, wantHeld := ix.share(h, a)
			if got != want || gotHeld != wantHeld {
				t.Fatalf("%q, %s: share %v of %b, want %v of %b", s.Q, h.meta.ID, got, gotHeld, want, wantHeld)
			}
			if m.set == known {
				kept++
			}
		}
	})
	if kept == 0 {
		t.Error("no share read from the memo")
	}
}

// TestQuestionAskingForAKindOfAnswerIsMeasuredDeep checks that a question of
// few words asking for a kind of answer ("max", "how many", "can I") has as
// many hits measured by their paragraphs as a question of many words: only a
// paragraph is read for the kind of answer, and the answer may be one list
// item of a section whose whole text scores little. Few words alone keep half
// as many.
func TestQuestionAskingForAKindOfAnswerIsMeasuredDeep(t *testing.T) {
	ix := buildCorpus(t)
	w := defaultWeights()
	for _, c := range []struct {
		q    string
		want int
	}{
		{"dilemma pile", w.Deep / 2},
		{"max dilemmas in dilemma pile", w.Deep},
		{"how many dilemma piles", w.Deep},
		{"can i seed dilemmas", w.Deep},
		{"seed dilemmas", w.Deep / 2},
		{"seed dilemmas under missions with ships", w.Deep},
	} {
		u, err := parseQuery(c.q)
		if err != nil {
			t.Fatalf("%q: %v", c.q, err)
		}
		a := ix.analyze(u)
		if got := w.deepFor(&a); got != c.want {
			t.Errorf("%q: %d hits measured by their paragraphs, want %d", c.q, got, c.want)
		}
	}
	// The section listing what a deck holds states the least dilemma pile
	// in one item: measured by that paragraph, it is among the first.
	if r, _ := rankOf(t, ix, rules.SearchQuery{Q: "max dilemmas in dilemma pile", Edition: rules.Edition2E}, "2e-rulebook", "building a deck"); r == 0 || r > 5 {
		t.Errorf("max dilemmas in dilemma pile: the newest rulebook's BUILDING A DECK at rank %d, want within 5", r)
	}
}
