package search

import (
	"math"
	"math/bits"
	"sort"

	"github.com/blevesearch/bleve/v2/search/searcher"
	index "github.com/blevesearch/bleve_index_api"
)

// Most searches are a disjunction of terms (see searchPlan) scored by
// tf-idf. Bleve finds their matches by a searcher per term and one over them
// that merges their matches document by document, each match an object from
// a pool, compared by its id's bytes: about a third of a search's time for a
// query of a few words. termMatches scores the same disjunction from the
// postings in memory, as Bleve's term scorer and disjunction scorer do, in
// one pass over each term's postings into an array by document number.
// TestCollectAgreesWithBleve and FuzzTermMatchesAgreeWithBleve check the two
// give the same matches and scores.

// termScorer is one clause of a disjunction as Bleve's term searcher scores
// it: its postings, its rarity (idf) and its weight in the query.
type termScorer struct {
	list   []posting
	count  uint64 // documents holding the term, whatever the filter
	boost  float64
	idf    float64
	weight float64 // boost x idf x the query's norm
}

// byCount orders clauses as Bleve's disjunction of a few searchers does
// (searcher.OrderedSearcherList): the rarest first. The same Less and the
// same sort give the same order, in which the scores are summed.
type byCount []termScorer

func (c byCount) Len() int           { return len(c) }
func (c byCount) Less(i, j int) bool { return c[i].count < c[j].count }
func (c byCount) Swap(i, j int)      { c[i], c[j] = c[j], c[i] }

// scoredDoc is a match of a disjunction: a document number and its score.
type scoredDoc struct {
	num   uint32
	score float64
}

// scoresTerms reports whether termMatches can score the plan: a disjunction
// of terms alone, scored by tf-idf, in fields whose postings are in memory.
func (ix *Index) scoresTerms(p searchPlan) bool {
	if len(p.must) > 0 || len(p.mustNot) > 0 || len(p.should) == 0 || ix.scoring != index.TFIDFScoring {
		return false
	}
	for _, c := range p.should {
		if ix.snap.search.fields[c.field] == nil {
			return false
		}
	}
	return true
}

// termMatches returns the documents passing f that hold at least one of the
// plan's terms, in the order of their numbers, each scored as Bleve scores a
// match of the disjunction (scoresTerms says when it can): each term's
// score is sqrt(freq) x norm x idf x its weight (boost x idf x the query's
// norm, 1/sqrt of the sum of the terms' (boost x idf)²), summed over the
// terms held in the order Bleve's disjunction sums them, times the share of
// the terms held (coord). Past searcher.DisjunctionHeapTakeover terms,
// Bleve sums a match's terms in the order of a heap, which depends on the
// order the documents were indexed in; these are summed in the order of
// the clauses, so that every build of the index scores a search alike.
func (ix *Index) termMatches(p searchPlan, f filter, sc *scratch) []scoredDoc {
	ps := ix.snap.search
	n := len(p.should)
	clauses := resize(sc.clauses, n)
	sc.clauses = clauses
	docs := float64(ps.docCount)
	for i, c := range p.should {
		fp := ps.fields[c.field]
		t := fp.terms[string(c.term)]
		clauses[i] = termScorer{list: fp.list[t.from:t.to], count: t.count, boost: c.boost,
			idf: 1.0 + math.Log(docs/float64(t.count+1))}
	}
	if n <= searcher.DisjunctionHeapTakeover {
		// Sorted through the scratch's own byCount: a slice made an
		// interface would be allocated for each search.
		sc.byCount = clauses
		sort.Sort(&sc.byCount)
		sc.byCount = nil
	}
	sumOfSquares := 0.0
	for _, c := range clauses {
		w := c.boost * c.idf
		sumOfSquares += w * w
	}
	norm := 1.0 / math.Sqrt(sumOfSquares)
	for i := range clauses {
		clauses[i].weight = clauses[i].boost * clauses[i].idf * norm
	}

	// Each term's scores into the array by document number, in the order
	// the terms are summed.
	sum, held := resize(sc.sum, len(ix.snap.byNum)), resize(sc.heldBy, len(ix.snap.byNum))
	touched := resize(sc.touched, (len(ix.snap.byNum)+63)/64)
	sc.sum, sc.heldBy, sc.touched = sum, held, touched
	for _, c := range clauses {
		for i := range c.list {
			pt := &c.list[i]
			var tf float64
			if pt.freq < uint32(len(sqrtOf)) {
				tf = sqrtOf[pt.freq]
			} else {
				tf = math.Sqrt(float64(pt.freq))
			}
			s := tf * pt.norm * c.idf
			if c.weight != 1.0 {
				s = s * c.weight
			}
			num := pt.num
			if touched[num/64]&(1<<(num%64)) == 0 {
				touched[num/64] |= 1 << (num % 64)
				sum[num], held[num] = 0, 0
			}
			sum[num] += s
			held[num]++
		}
	}
	// The documents touched, in order, each once; the array cleared for
	// the next search as it is read.
	out := sc.matched[:0]
	all := f == filter{anyValue, anyValue, anyValue}
	for w, bitsOf := range touched {
		if bitsOf == 0 {
			continue
		}
		touched[w] = 0
		check := false
		if !all {
			// The documents the filter leaves out, without reading
			// their facts.
			var admitted uint64
			admitted, check = ix.snap.admitted(&f, w)
			bitsOf &= admitted
		}
		for bitsOf != 0 {
			num := uint32(w*64 + bits.TrailingZeros64(bitsOf))
			bitsOf &= bitsOf - 1
			if check && !f.admitsFacts(&ix.snap.rank[num]) {
				continue
			}
			out = append(out, scoredDoc{num: num, score: sum[num] * (float64(held[num]) / float64(n))})
		}
	}
	sc.matched = out
	return out
}

// sqrtOf are the square roots Bleve's term scorer reads a term's frequency
// through (scorer.SqrtCache holds the same).
var sqrtOf = func() (s [64]float64) {
	for i := range s {
		s[i] = math.Sqrt(float64(i))
	}
	return s
}()
