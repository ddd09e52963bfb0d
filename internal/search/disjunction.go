package search

import (
	"math"
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
	// held is termClause.held: the bit of the query's term a document
	// matching the clause holds, or none.
	held uint64
}

// byCount orders clauses as Bleve's disjunction of a few searchers does
// (searcher.OrderedSearcherList): the rarest first. The same Less and the
// same sort give the same order, in which the scores are summed.
type byCount []termScorer

func (c byCount) Len() int           { return len(c) }
func (c byCount) Less(i, j int) bool { return c[i].count < c[j].count }
func (c byCount) Swap(i, j int)      { c[i], c[j] = c[j], c[i] }

// scoredDoc is a match of a disjunction: a document number, its score, and
// the query's terms it holds that the clauses it matched tell (see
// termScorer.held).
type scoredDoc struct {
	num   uint32
	score float64
	held  uint64
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
	for i := range p.should {
		c := &p.should[i]
		fp := ps.fields[c.field]
		t := fp.termOf(c)
		clauses[i] = termScorer{list: fp.list[t.from:t.to], count: t.count, boost: c.boost, held: c.held,
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

	// The clauses' lists merged document by document, each match's scores
	// summed in the order of the clauses (Bleve's), without an array by
	// document number: a match's terms are read where its lists are.
	live := clauses[:0]
	for _, c := range clauses {
		if len(c.list) > 0 {
			live = append(live, c)
		}
	}
	// The next document of each list, its number and the clause's place
	// in one key, in a heap, least first: a match's clauses come out
	// together, in their order.
	keys := sc.heads[:0]
	for i, c := range live {
		keys = append(keys, uint64(c.list[0].num)<<32|uint64(i))
	}
	sc.heads = keys
	for i := len(keys)/2 - 1; i >= 0; i-- {
		siftKeys(keys, i)
	}
	out := sc.matched[:0]
	all := f == filter{anyValue, anyValue, anyValue}
	lastWord, admitted, check := -1, uint64(0), false
	for len(keys) > 0 {
		num := uint32(keys[0] >> 32)
		sum, terms, held := 0.0, 0, uint64(0)
		for len(keys) > 0 && uint32(keys[0]>>32) == num {
			i := uint32(keys[0])
			c := &live[i]
			pt := &c.list[0]
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
			sum += s
			terms++
			held |= c.held
			if c.list = c.list[1:]; len(c.list) > 0 {
				keys[0] = uint64(c.list[0].num)<<32 | uint64(i)
			} else {
				keys[0] = keys[len(keys)-1]
				keys = keys[:len(keys)-1]
			}
			siftKeys(keys, 0)
		}
		if !all {
			// The filter read 64 documents at a time, without the
			// facts of the documents it leaves out.
			if w := int(num / 64); w != lastWord {
				lastWord = w
				admitted, check = ix.snap.admitted(&f, w)
			}
			if admitted&(1<<(num%64)) == 0 || check && !f.admitsFacts(&ix.snap.rank[num]) {
				continue
			}
		}
		out = append(out, scoredDoc{num: num, score: sum * (float64(terms) / float64(n)), held: held})
	}
	sc.matched = out
	return out
}

// siftKeys moves keys[i] down the heap keys (least on top) to its place.
func siftKeys(keys []uint64, i int) {
	for {
		least := i
		if l := 2*i + 1; l < len(keys) && keys[l] < keys[least] {
			least = l
		}
		if r := 2*i + 2; r < len(keys) && keys[r] < keys[least] {
			least = r
		}
		if least == i {
			return
		}
		keys[i], keys[least] = keys[least], keys[i]
		i = least
	}
}

// sqrtOf are the square roots Bleve's term scorer reads a term's frequency
// through (scorer.SqrtCache holds the same).
var sqrtOf = func() (s [64]float64) {
	for i := range s {
		s[i] = math.Sqrt(float64(i))
	}
	return s
}()
