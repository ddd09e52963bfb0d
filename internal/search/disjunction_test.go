package search

import (
	"context"
	"math"
	"slices"
	"testing"

	bsearch "github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/searcher"
	index "github.com/blevesearch/bleve_index_api"
)

// bleveMatches runs a plan by Bleve's own searcher (the disjunction of its
// term searchers) on the postings in memory, filtered by f.
func bleveMatches(t *testing.T, ix *Index, p searchPlan, f filter) []scoredDoc {
	t.Helper()
	var view index.IndexReader = ix.snap.search
	if f != (filter{anyValue, anyValue, anyValue}) {
		view = &filteredView{postingsReader: ix.snap.search, filter: f, facets: ix.snap.facets}
	}
	s, err := p.query().Searcher(context.Background(), view, ix.idx.Mapping(), bsearch.SearcherOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	sctx := &bsearch.SearchContext{DocumentMatchPool: bsearch.NewDocumentMatchPool(s.DocumentMatchPoolSize(), 0)}
	var out []scoredDoc
	for {
		dm, err := s.Next(sctx)
		if err != nil {
			t.Fatal(err)
		}
		if dm == nil {
			return out
		}
		num, _ := docNum(dm.IndexInternalID)
		out = append(out, scoredDoc{num: uint32(num), score: dm.Score})
		sctx.DocumentMatchPool.Put(dm)
	}
}

// FuzzTermMatchesAgreeWithBleve checks termMatches against Bleve's searcher
// of the same disjunction of terms, on the fixture corpus: the same
// documents, in the same order, with the same scores, bit for bit up to
// searcher.DisjunctionHeapTakeover terms (Bleve sums more in the order of a
// heap: then within a rounding error). Each three bytes of the input make a
// clause: a term of a field (or one no document holds) and a boost; the last
// byte a filter.
func FuzzTermMatchesAgreeWithBleve(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 0})
	f.Add([]byte{0, 0, 0, 0, 0, 0, 3})
	f.Add([]byte("combat strength totals winner and more words than ten clauses hold"))
	ix := buildFixture(f)
	type fieldTerms struct {
		field string
		terms []string
	}
	var fields []fieldTerms
	for _, name := range postingFields {
		fp := ix.snap.search.fields[name]
		terms := []string{"nosuchterm"}
		for t := range fp.terms {
			terms = append(terms, t)
		}
		slices.Sort(terms)
		fields = append(fields, fieldTerms{name, terms})
	}
	boosts := []float64{1, 4, 0.5, 0.3, 6, 2, 0.6 * 0.5, 0.2}
	edition, kind := ix.facets[0].index["2e"], ix.facets[1].index["glossary"]
	filters := []filter{{anyValue, anyValue, anyValue}, {edition, anyValue, anyValue}, {anyValue, kind, anyValue}, {noValue, anyValue, anyValue}}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) < 4 || len(in) > 3*40+1 {
			return
		}
		var p searchPlan
		for i := 0; i+3 <= len(in)-1; i += 3 {
			ft := fields[int(in[i+1])%len(fields)]
			p.should = append(p.should, termClause{term: []byte(ft.terms[int(in[i])%len(ft.terms)]), field: ft.field,
				boost: boosts[int(in[i+2])%len(boosts)]})
		}
		fl := filters[int(in[len(in)-1])%len(filters)]
		want := bleveMatches(t, ix, p, fl)
		got := ix.termMatches(p, fl, new(scratch))
		if len(got) != len(want) {
			t.Fatalf("%d matches, Bleve %d", len(got), len(want))
		}
		exact := len(p.should) <= searcher.DisjunctionHeapTakeover
		for i := range got {
			g, w := got[i], want[i]
			if g.num != w.num || exact && g.score != w.score || math.Abs(g.score-w.score) > 1e-12*math.Abs(w.score) {
				t.Fatalf("match %d of %d clauses: document %d score %v, Bleve %d %v", i, len(p.should), g.num, g.score, w.num, w.score)
			}
		}
	})
}
