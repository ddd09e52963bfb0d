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
// one pass over each term's postings into a small array by document, a
// block of documents at a time.
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
		if ix.snap.search.field(c.field) == nil {
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
	return ix.matchTerms(p, f, sc, nil)
}

// matchTerms is termMatches, each match handed to into (collector.addHeld)
// as it is found when into is not nil, rather than kept: a search's matches
// are collected without being written down twice.
func (ix *Index) matchTerms(p searchPlan, f filter, sc *scratch, into *collector) []scoredDoc {
	ps := ix.snap.search
	n := len(p.should)
	clauses := resize(sc.clauses, n)
	sc.clauses = clauses
	docs := float64(ps.docCount)
	for i := range p.should {
		c := &p.should[i]
		fp := ps.field(c.field)
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

	// The clauses' lists merged blockDocs documents at a time: each
	// list's postings of those documents are summed into a small array by
	// document, the clauses in their order (Bleve's), so each match's sum
	// is the same float as summed clause by clause; the matches then come
	// out in the order of their numbers from the bits of those summed.
	// The next document of each list (noDoc past its end) is kept apart,
	// where the least is found without reading the clauses.
	heads := sc.heads[:0]
	for _, c := range clauses {
		h := noDoc
		if len(c.list) > 0 {
			h = c.list[0].num
		}
		heads = append(heads, h)
	}
	sc.heads = heads
	acc := &sc.block
	out := sc.matched[:0]
	all := f == filter{anyValue, anyValue, anyValue}
	for {
		// The next documents holding a match: the block of the least
		// next document of the lists.
		next := noDoc
		for _, h := range heads {
			next = min(next, h)
		}
		if next == noDoc {
			break
		}
		first := next / blockDocs * blockDocs
		end := uint64(first) + blockDocs
		var hit [blockDocs / 64]uint64
		for i, h := range heads {
			if uint64(h) >= end {
				continue
			}
			c := &clauses[i]
			l := c.list
			j := 0
			for ; j < len(l) && uint64(l[j].num) < end; j++ {
				pt := &l[j]
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
				d := pt.num % blockDocs
				doc := &acc[d]
				doc.sum += s
				doc.terms++
				doc.held |= c.held
				hit[d/64] |= 1 << (d % 64)
			}
			c.list = l[j:]
			heads[i] = noDoc
			if j < len(l) {
				heads[i] = l[j].num
			}
		}
		for k, bits64 := range hit {
			if bits64 == 0 {
				continue
			}
			// The filter read 64 documents at a time, without the facts
			// of the documents it leaves out.
			w := first/64 + uint32(k)
			admitted, check := ^uint64(0), false
			if !all {
				admitted, check = ix.snap.admitted(&f, int(w))
			}
			for m := bits64; m != 0; m &= m - 1 {
				b := bits.TrailingZeros64(m)
				num := w*64 + uint32(b)
				doc := &acc[k*64+b]
				if admitted&(1<<b) != 0 && (!check || f.admitsFacts(&ix.snap.rank[num])) {
					score := doc.sum * (float64(doc.terms) / float64(n))
					if into != nil {
						into.addHeld(num, score, doc.held)
					} else {
						out = append(out, scoredDoc{num: num, score: score, held: doc.held})
					}
				}
				*doc = blockDoc{}
			}
		}
	}
	sc.matched = out
	return out
}

// noDoc is past every document number (termMatches' list ended).
const noDoc uint32 = math.MaxUint32

// blockDocs is how many documents termMatches sums at a time: a multiple
// of 64.
const blockDocs = 256

// termBlock is what termMatches sums of blockDocs documents, all zeros
// between two blocks.
type termBlock [blockDocs]blockDoc

// blockDoc is what termMatches sums of one document: its score, how many
// of the clauses it matched and the terms they tell it holds; together, so
// that a match's sums are read and written in one place.
type blockDoc struct {
	sum   float64
	held  uint64
	terms uint32
}

// sqrtOf are the square roots Bleve's term scorer reads a term's frequency
// through (scorer.SqrtCache holds the same).
var sqrtOf = func() (s [64]float64) {
	for i := range s {
		s[i] = math.Sqrt(float64(i))
	}
	return s
}()
