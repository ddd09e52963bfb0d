package search

import (
	"context"
	"math"
	"reflect"
	"slices"
	"testing"
	"unsafe"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"

	"github.com/stccg/stccg-rules/internal/loadgen"
	"github.com/stccg/stccg-rules/internal/rules"
)

// TestCollectAgreesWithBleve checks the index's own collection against
// Bleve's top-N collector on the real corpus, the filters given to Bleve as
// a filter of its query: the same total, the same facet counts, the same
// documents with the same scores in the same order (tied documents in the
// order of their ids, where Bleve orders them by its document numbers, once
// sorted); and the best 30 alone are the first 30 of all.
func TestCollectAgreesWithBleve(t *testing.T) {
	ctx := context.Background()
	ix := buildCorpus(t)
	for _, sq := range []rules.SearchQuery{
		{Q: "combat strength totals winner"},
		{Q: "beam personnel between two ships", Edition: "1e"},
		{Q: "mirro univers"},
		{Q: `"showing your cards" -face`, Kind: "section"},
		{Q: "the"},
		{Q: "strength dual"},
	} {
		u, err := parseQuery(sq.Q)
		if err != nil {
			t.Fatal(err)
		}
		a := ix.analyze(u)
		q := ix.buildQuery(u, a)
		got, total, tally, err := ix.collect(ctx, q, ix.filterOf(sq), a.stemIDs, rerankWindow, new(scratch))
		if err != nil {
			t.Fatalf("%q: collect: %v", sq.Q, err)
		}
		best, total30, _, err := ix.collect(ctx, q, ix.filterOf(sq), a.stemIDs, 30, new(scratch))
		if err != nil {
			t.Fatalf("%q: collect: %v", sq.Q, err)
		}
		slices.SortFunc(got, compareCollected)
		slices.SortFunc(best, compareCollected)
		if total30 != total || len(best) != min(30, total) || !reflect.DeepEqual(best, got[:len(best)]) {
			t.Errorf("%q: the best 30 are not the first 30 of all", sq.Q)
		}
		facets := map[string]map[string]int{}
		for f, name := range facetNames {
			facets[name] = map[string]int{}
			for v, n := range tally[f] {
				if n > 0 {
					facets[name][ix.facets[f].values[v]] = n
				}
			}
		}

		var filters []query.Query
		for _, f := range []struct{ value, field string }{
			{string(sq.Edition), fieldEdition}, {string(sq.Kind), fieldKind}, {sq.Document, fieldDocument},
		} {
			if f.value != "" {
				t := bleve.NewTermQuery(f.value)
				t.SetField(f.field)
				filters = append(filters, t)
			}
		}
		bq := q.query()
		if len(filters) > 0 {
			bq.AddFilter(bleve.NewConjunctionQuery(filters...))
		}
		res, err := ix.idx.SearchInContext(ctx, bleve.NewSearchRequestOptions(bq, max(total, 1), 0, false))
		if err != nil {
			t.Fatalf("%q: bleve: %v", sq.Q, err)
		}
		if total != int(res.Total) || total == 0 || len(got) != len(res.Hits) {
			t.Fatalf("%q: %d hits of %d, bleve %d of %d", sq.Q, len(got), total, len(res.Hits), res.Total)
		}
		// Positions i to j hold the same scores but for rounding (Bleve's
		// filter adds a searcher that sums the scores once more).
		for i := 0; i < len(got); {
			j := i + 1
			for j < len(got) && math.Abs(got[j].score-got[i].score) <= 1e-9 {
				j++
			}
			var ours, bleves []string
			for k := i; k < j; k++ {
				if h := res.Hits[k]; math.Abs(got[k].score-h.Score) > 1e-9 {
					t.Errorf("%q hit %d: %s %.6f, bleve %s %.6f", sq.Q, k, got[k].meta.ID, got[k].score, h.ID, h.Score)
				}
				ours = append(ours, got[k].meta.ID)
				bleves = append(bleves, res.Hits[k].ID)
			}
			for k := i + 1; k < j; k++ {
				if got[k].score == got[k-1].score && got[k].meta.ID < got[k-1].meta.ID {
					t.Errorf("%q hits %d, %d: tied hits not in the order of their ids: %v", sq.Q, k-1, k, ours)
				}
			}
			ours = slices.Sorted(slices.Values(ours))
			slices.Sort(bleves)
			if !slices.Equal(ours, bleves) {
				t.Errorf("%q hits %d to %d: %v, bleve %v", sq.Q, i, j, ours, bleves)
			}
			i = j
		}

		want := map[string]map[string]int{"edition": {}, "kind": {}, "document": {}}
		for _, h := range res.Hits {
			m := ix.meta[h.ID]
			want["edition"][m.Edition]++
			want["kind"][m.Kind]++
			want["document"][m.DocumentID]++
		}
		if !reflect.DeepEqual(facets, want) {
			t.Errorf("%q: facets %v, from bleve's hits %v", sq.Q, facets, want)
		}
	}
}

// TestInOrderAgreesWithBlevesPhrase checks, on the real corpus, that the
// documents whose text (title) holds a short query's words in order are
// those Bleve's phrase query on the text (title) field finds.
func TestInOrderAgreesWithBlevesPhrase(t *testing.T) {
	ctx := context.Background()
	ix := buildCorpus(t)
	for _, q := range []string{"seed deck", "draw deck", "showing your cards", "end of the turn", "ship battles",
		"the play phase", "mission attempt", "seed phase", "may not", "card draw", "the dilemmas", "discard excess cards"} {
		u, err := parseQuery(q)
		if err != nil {
			t.Fatal(err)
		}
		a := ix.analyze(u)
		if len(a.phrase) == 0 {
			t.Fatalf("%q: no phrase", q)
		}
		for _, f := range []struct {
			field   string
			inOrder func(*docMeta) bool
		}{{fieldText, a.inOrder}, {fieldTitle, a.inTitleOrder}} {
			var ours []string
			for id, m := range ix.meta {
				if f.inOrder(m) {
					ours = append(ours, id)
				}
			}
			p := bleve.NewMatchPhraseQuery(a.text)
			p.SetField(f.field)
			res, err := ix.idx.SearchInContext(ctx, bleve.NewSearchRequestOptions(p, len(ix.meta), 0, false))
			if err != nil {
				t.Fatal(err)
			}
			var bleves []string
			for _, h := range res.Hits {
				bleves = append(bleves, h.ID)
			}
			slices.Sort(ours)
			slices.Sort(bleves)
			if !slices.Equal(ours, bleves) {
				t.Errorf("%q: in order in the %s of %d documents, bleve's phrase in %d", q, f.field, len(ours), len(bleves))
			}
		}
	}
}

// TestHeldAgreesWithHolds checks the walk along the lists of documents
// holding each term against a look-up of each, for document numbers going up
// (as Bleve finds them), going down, and jumping about.
func TestHeldAgreesWithHolds(t *testing.T) {
	ix := buildFixture(t)
	u, err := parseQuery("personnel ship strength combat mirror unknownword")
	if err != nil {
		t.Fatal(err)
	}
	a := ix.analyze(u)
	var nums []uint32
	for num, m := range ix.snap.byNum {
		if m != nil {
			nums = append(nums, uint32(num))
		}
	}
	down := slices.Clone(nums)
	slices.Reverse(down)
	about := make([]uint32, 0, len(nums))
	for i := range nums {
		about = append(about, nums[(i*7)%len(nums)])
	}
	for _, order := range [][]uint32{nums, down, about} {
		cursor := make([]int, len(a.stemIDs))
		for _, num := range order {
			held := ix.snap.held(a.stemIDs, cursor, num, 0)
			for k, id := range a.stemIDs {
				want := id != noTerm && ix.snap.holds(ix.snap.byNum[num], id)
				if got := held&(1<<k) != 0; got != want {
					t.Errorf("document %d, term %q: held %v, holds %v", num, a.stems[k], got, want)
				}
			}
		}
	}
}

// TestRankFactsAreOneCacheLine checks that a hit's facts are the size of a
// cache line (rankFactsSize), and that each document's facet values and
// metadata in them are the snapshot's.
func TestRankFactsAreOneCacheLine(t *testing.T) {
	if n := unsafe.Sizeof(rankFacts{}); n != rankFactsSize {
		t.Fatalf("rankFacts is %d bytes, want %d", n, rankFactsSize)
	}
	ix := buildCorpus(t)
	for num := range ix.snap.byNum {
		if r := &ix.snap.rank[num]; r.facet != smallFacets(ix.snap.facets[num]) || r.meta != ix.snap.byNum[num] {
			t.Fatalf("document %d: facets %v and metadata %p in its facts, %v and %p in the snapshot", num, r.facet, r.meta, ix.snap.facets[num], ix.snap.byNum[num])
		}
	}
}

// TestDocMetaMeasuredFieldsComeFirst checks the layout docMeta's comment
// speaks of, on the metadata of the real corpus where it was allocated:
// what bestParagraph reads of every hit measured (its paragraphs, its
// title's terms and its flags) lies in one cache line, and its words by
// term in the next.
func TestDocMetaMeasuredFieldsComeFirst(t *testing.T) {
	ix := buildCorpus(t)
	for _, m := range ix.meta {
		line := func(field unsafe.Pointer, size uintptr) [2]uintptr {
			return [2]uintptr{uintptr(field) / 64, (uintptr(field) + size - 1) / 64}
		}
		first := line(unsafe.Pointer(&m.paras), unsafe.Sizeof(m.paras))
		for name, l := range map[string][2]uintptr{
			"titleIDs":  line(unsafe.Pointer(&m.titleIDs), unsafe.Sizeof(m.titleIDs)),
			"answers":   line(unsafe.Pointer(&m.answers), 1),
			"contents":  line(unsafe.Pointer(&m.contents), 1),
			"plainText": line(unsafe.Pointer(&m.plainText), 1),
		} {
			if l != [2]uintptr{first[0], first[0]} || first[1] != first[0] {
				t.Fatalf("%s: paras in lines %v, %s in %v", m.ID, first, name, l)
			}
		}
		runs, byTerm := line(unsafe.Pointer(&m.termRuns), unsafe.Sizeof(m.termRuns)), line(unsafe.Pointer(&m.byTerm), unsafe.Sizeof(m.byTerm))
		if want := first[0] + 1; runs != [2]uintptr{want, want} || byTerm != runs {
			t.Fatalf("%s: paras in line %d, termRuns in %v, byTerm in %v", m.ID, first[0], runs, byTerm)
		}
	}
}

// TestAdmittedAgreesWithAdmits checks that the documents a filter admits by
// the bits of each value of a facet of few values (snapshot.admitted), the
// facts read for a facet of more, are those filter.admits admits, for
// filters of any value, a value of the index, one of none (noValue) and
// of several facets at once.
func TestAdmittedAgreesWithAdmits(t *testing.T) {
	x := uint32(5)
	next := func(n int) int32 { x = x*1664525 + 1013904223; return int32(x>>8) % int32(n) }
	values := [len(facetNames)]int{2, 5, maxBitsetValues + 36} // the last read from the facts
	var s snapshot
	for num := range 300 {
		var v [len(facetNames)]int32
		for f := range v {
			v[f] = next(values[f])
		}
		if num%17 == 0 {
			v = [len(facetNames)]int32{noValue, noValue, noValue} // a number without a document (snapshot.byNum)
		}
		s.facets = append(s.facets, v)
		s.rank = append(s.rank, rankFacts{facet: smallFacets(v)})
	}
	s.withValue = valueBitsets(s.facets)
	if s.withValue[0] == nil || s.withValue[1] == nil || s.withValue[2] != nil {
		t.Fatalf("bits by value of facets of %v values: %v, %v, %v", values, s.withValue[0] != nil, s.withValue[1] != nil, s.withValue[2] != nil)
	}
	choices := func(f int) []int32 { return []int32{anyValue, noValue, 0, int32(values[f] - 1), next(values[f])} }
	for _, e := range choices(0) {
		for _, k := range choices(1) {
			for _, d := range choices(2) {
				f := filter{e, k, d}
				n := 0
				for num := range s.facets {
					if s.facets[num][0] == noValue {
						continue // in no list of postings
					}
					bits, check := s.admitted(&f, num/64)
					got := bits&(1<<(num%64)) != 0 && (!check || f.admitsFacts(&s.rank[num]))
					if want := f.admits(&s.facets[num]); got != want {
						t.Fatalf("filter %v, document %d of %v: admitted %v, want %v", f, num, s.facets[num], got, want)
					}
					if got {
						n++
					}
				}
				if f == (filter{anyValue, anyValue, anyValue}) && n != len(s.facets)-len(s.facets)/17-1 {
					t.Fatalf("no filter admits %d documents", n)
				}
			}
		}
	}
}

// TestWordsAreOfTermsHeld checks what bestParagraph relies on in skipping
// the words of the terms a hit does not hold (collected.held): every word
// of a document's snippet text with a term has a term the document holds
// (docMeta.terms, from which the lists of the documents holding each term
// are made), and on the load test's searches of the real corpus no hit
// collected has a word of a term its held bits say it lacks.
func TestWordsAreOfTermsHeld(t *testing.T) {
	ix := buildCorpus(t)
	for _, m := range ix.meta {
		for _, w := range m.byTerm {
			if _, ok := slices.BinarySearch(m.terms, w.term); !ok {
				t.Fatalf("%s: a word of term %d the document does not hold", m.ID, w.term)
			}
		}
	}
	sc := ix.scratch.Get().(*scratch)
	defer ix.scratch.Put(sc)
	lacking := 0
	ix.collectedLoadSearches(t, 500, sc, func(s loadgen.Search, a *analyzed, hits []collected) {
		for _, h := range hits {
			for k, term := range a.terms[:min(len(a.terms), 64)] {
				if term == noTerm || h.held&(1<<k) != 0 {
					continue
				}
				lacking++
				if o := h.meta.occurrences(term); len(o) > 0 {
					t.Fatalf("%q, %s: held %b lacks term %d, which %d words have", s.Q, h.meta.ID, h.held, k, len(o))
				}
			}
		}
	})
	if lacking == 0 {
		t.Fatal("no hit lacked a term")
	}
}

// TestMatchesTellTheTermsTheyHold checks on the load test's searches of the
// real corpus that the terms a match of the disjunction holds by the clauses
// it matched (searchPlan.held, scoredDoc.held) are those the lists of the
// documents holding each say (snapshot.held), and that a snapshot whose
// lists are not its title and text postings is found out when opened (the
// clauses are then not read for it).
func TestMatchesTellTheTermsTheyHold(t *testing.T) {
	ix := buildCorpus(t)
	if !ix.snap.holdingPostings {
		t.Fatal("the documents holding each term are not those of its title and text postings")
	}
	sc := new(scratch)
	told := 0
	analysedLoadSearches(t, ix, 500, func(s loadgen.Search, u userQuery, a *analyzed) {
		p := ix.buildQuery(u, *a)
		if !ix.scoresTerms(p) {
			return
		}
		if p.held != min(len(a.stemIDs), 64) {
			t.Fatalf("%q: the clauses tell %d terms, want its %d stems", s.Q, p.held, len(a.stemIDs))
		}
		cursor := make([]int, min(len(a.terms), 64))
		mask := uint64(1)<<p.held - 1
		for _, m := range ix.termMatches(p, ix.filterOf(rules.SearchQuery{Edition: rules.Edition(s.Edition)}), sc) {
			want := ix.snap.held(a.terms, cursor, m.num, 0) & mask
			if m.held != want {
				t.Fatalf("%q, document %s: the clauses tell terms %b, the lists %b", s.Q, ix.snap.byNum[m.num].ID, m.held, want)
			}
			told++
		}
	})
	if told == 0 {
		t.Fatal("no match compared")
	}
	// One document left out of one term's list.
	s := *ix.snap
	s.holding = slices.Clone(s.holding)
	for id, docs := range s.holding {
		if len(docs) > 1 {
			s.holding[id] = docs[1:]
			break
		}
	}
	if s.holdingIsPostings(ix.lex) {
		t.Error("a list of documents holding a term without one of its postings' is taken for them")
	}
}

// analysedLoadSearches hands each of the first n of the load test's
// searches the query parser reads to each, parsed and analysed, and returns
// how many it handed.
func analysedLoadSearches(t *testing.T, ix *Index, n int, each func(s loadgen.Search, u userQuery, a *analyzed)) int {
	t.Helper()
	ss, err := loadgen.Searches(variedSeed, n)
	if err != nil {
		t.Fatal(err)
	}
	handed := 0
	for _, s := range ss {
		u, err := parseQuery(s.Q)
		if err != nil {
			continue
		}
		a := ix.analyze(u)
		each(s, u, &a)
		handed++
	}
	return handed
}

// collectedLoadSearches hands each of the first n of the load test's
// searches the parser reads to each, analysed, with the hits collected for
// it as a search collects them for its rerank (rerankWindow of them, the
// search's edition filter).
func (ix *Index) collectedLoadSearches(t *testing.T, n int, sc *scratch, each func(s loadgen.Search, a *analyzed, hits []collected)) {
	t.Helper()
	analysedLoadSearches(t, ix, n, func(s loadgen.Search, u userQuery, a *analyzed) {
		hits, _, _, err := ix.collect(t.Context(), ix.buildQuery(u, *a), ix.filterOf(rules.SearchQuery{Edition: rules.Edition(s.Edition)}), a.terms, rerankWindow, sc)
		if err != nil {
			t.Fatal(err)
		}
		each(s, a, hits)
	})
}
