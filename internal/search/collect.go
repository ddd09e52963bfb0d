package search

import (
	"container/heap"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2"
	bsearch "github.com/blevesearch/bleve/v2/search"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A snapshot is one read view of the index, held for the Index's life (the
// index never changes once built), with every document's metadata by its
// internal number. Searching it directly, rather than through Bleve's
// top-N collector, lets the facets be counted from the metadata of each
// match instead of decoding doc values per match, and loads no external id.
type snapshot struct {
	reader index.IndexReader
	// search is the view searches run on: reader, with the postings of the
	// fields searches look terms up in kept in memory.
	search *postingsReader
	byNum  []*docMeta // by internal document number
	// facets are the facet values of each document by number: filtering
	// and counting a match read this one small array, not its metadata.
	facets [][len(facetNames)]int32
	// rank are what the re-ranking reads of every hit, by number.
	rank []rankFacts
	// withValue are, for each facet of few values (at most
	// maxBitsetValues), the documents of each value as bits by number:
	// a search's filter is read a word of 64 documents at a time, without
	// the facts of the documents it leaves out (nil for a facet of more).
	withValue [len(facetNames)][][]uint64
	// holdingPostings says holding[t] are the documents whose title or
	// text postings hold t, each list: a match of a term's clause of
	// either field holds the term (see searchPlan.held).
	holdingPostings bool
	// holding are the numbers of the documents holding each English term
	// (by lexicon id), ascending: a search looks its few terms up in these
	// few lists, where looking them up in each hit's terms would read memory
	// all over the metadata.
	holding [][]uint32
}

// openSnapshot takes the read view and numbers the documents.
func openSnapshot(idx bleve.Index, meta map[string]*docMeta, lex *lexicon) (*snapshot, error) {
	adv, err := idx.Advanced()
	if err != nil {
		return nil, fmt.Errorf("index internals: %w", err)
	}
	r, err := adv.Reader()
	if err != nil {
		return nil, fmt.Errorf("index reader: %w", err)
	}
	s := &snapshot{reader: r}
	if err := s.number(meta); err != nil {
		_ = r.Close()
		return nil, err
	}
	if s.search, err = readPostings(context.Background(), r); err != nil {
		_ = r.Close()
		return nil, err
	}
	s.facets = make([][len(facetNames)]int32, len(s.byNum))
	s.rank = make([]rankFacts, len(s.byNum))
	for num, m := range s.byNum {
		s.facets[num] = [len(facetNames)]int32{noValue, noValue, noValue}
		s.rank[num].facet = smallFacets(s.facets[num])
		if m == nil {
			continue
		}
		m.num = uint32(num)
		s.facets[num] = m.facet
		s.rank[num] = rankFacts{titleMask: m.titleMask, rule: m.rule, prior: m.prior, flags: factFlags(m),
			kind: kindCode(m.Kind), edition: editionCode(m.Edition),
			titleN: uint8(min(len(m.titleIDs), maxInlineTitle+1)), typedTitle: typedTitle(m), titleIDF: m.titleIDF,
			precedence: int32(m.Precedence), byID: m.byID, facet: smallFacets(m.facet), meta: m}
		copy(s.rank[num].titles[:], m.titleIDs)
		for _, t := range m.terms {
			for int(t) >= len(s.holding) {
				s.holding = append(s.holding, nil)
			}
			s.holding[t] = append(s.holding[t], uint32(num))
		}
	}
	s.withValue = valueBitsets(s.facets)
	for _, f := range [...]string{fieldTitle, fieldText} {
		if fp := s.search.fields[f]; fp != nil {
			fp.numberTerms(lex)
		}
	}
	s.holdingPostings = s.holdingIsPostings(lex)
	return s, nil
}

// holdingIsPostings reports whether the documents holding each English
// term are those whose title or text postings hold it (they are when the
// title and text are indexed as the metadata's terms were read).
func (s *snapshot) holdingIsPostings(lex *lexicon) bool {
	title, text := s.search.fields[fieldTitle], s.search.fields[fieldText]
	if title == nil || text == nil {
		return false
	}
	terms := 0
	for _, f := range [...]*fieldPostings{title, text} {
		for w := range f.terms {
			if id, ok := lex.ids[w]; !ok || int(id) >= len(s.holding) || len(s.holding[id]) == 0 {
				return false // a term of the postings no document holds
			}
		}
	}
	for id, docs := range s.holding {
		if len(docs) == 0 {
			continue
		}
		terms++
		w := lex.words[id]
		a, b := title.postingsOf(w), text.postingsOf(w)
		for _, num := range docs {
			// Each document holding it is the next of either list.
			switch {
			case len(a) > 0 && a[0].num == num && len(b) > 0 && b[0].num == num:
				a, b = a[1:], b[1:]
			case len(a) > 0 && a[0].num == num:
				a = a[1:]
			case len(b) > 0 && b[0].num == num:
				b = b[1:]
			default:
				return false
			}
		}
		if len(a) > 0 || len(b) > 0 {
			return false
		}
	}
	return terms > 0
}

// maxBitsetValues is the most values of a facet whose documents
// snapshot.withValue holds by value.
const maxBitsetValues = 64

// valueBitsets are snapshot.withValue of documents of those facet values
// (by number).
func valueBitsets(facets [][len(facetNames)]int32) (with [len(facetNames)][][]uint64) {
	words := (len(facets) + 63) / 64
	for f := range with {
		values := int32(0)
		for _, v := range facets {
			values = max(values, v[f]+1)
		}
		if values > maxBitsetValues {
			continue
		}
		bits := make([]uint64, int(values)*words)
		with[f] = make([][]uint64, values)
		for v := range with[f] {
			with[f][v] = bits[v*words : (v+1)*words : (v+1)*words]
		}
		for num, v := range facets {
			if v[f] >= 0 {
				with[f][v[f]][num/64] |= 1 << (num % 64)
			}
		}
	}
	return with
}

// admitted returns the bits of the 64 documents numbered from 64w that the
// filter may admit by the facets snapshot.withValue holds (all of them for
// a facet it does not hold), and whether a document it may admit must still
// be read for a facet it does not hold (see filter.admitsFacts).
func (s *snapshot) admitted(f *filter, w int) (bits uint64, check bool) {
	bits = ^uint64(0)
	for i, v := range f {
		switch {
		case v == anyValue:
		case s.withValue[i] == nil:
			check = true
		case v < 0 || int(v) >= len(s.withValue[i]):
			return 0, false // a value no document has
		default:
			bits &= s.withValue[i][v][w]
		}
	}
	return bits, check
}

// rankFacts are what the re-ranking reads of every hit, kept by document
// number in one small array: read from each hit's metadata, they would be
// read from memory all over it.
type rankFacts struct {
	titleMask uint64 // docMeta.titleMask
	rule      int32  // docMeta.rule
	prior     uint8  // docMeta.prior
	// flags say the document is a cross-reference (factStub: it has
	// docMeta.seeTo) and nothing comes before it by precedence
	// (factUnpassable: docMeta.unpassable).
	flags uint8
	// titles are docMeta.titleIDs when there are at most maxInlineTitle
	// of them (titleN says how many; more than maxInlineTitle: read them
	// from the metadata), titleIDF is docMeta.titleIDF: what the title
	// cover reads.
	titleN uint8
	// typedTitle is how many words the title has when analyzed.titleTyped
	// may find it in a query (two or more, a stop word among them), else 0:
	// most titles cannot be, and are told apart without reading their
	// metadata.
	typedTitle uint8
	titles     [maxInlineTitle]uint32
	titleIDF   float64
	// precedence and byID are docMeta.Precedence and docMeta.byID (see
	// ranked).
	precedence, byID int32
	// meta is the document's metadata (snapshot.byNum), and facet its facet
	// values (snapshot.facets; fewer than maxFacetValues of each), which
	// collecting a match reads first: the facts the re-ranking reads of the
	// hit are then already at hand.
	meta  *docMeta
	facet [len(facetNames)]int16
	// kind and edition are the document's kind and edition as codes
	// (kindCode, editionCode; 0 for one of no code).
	kind, edition uint8
}

// Flags of rankFacts and ranked.
const (
	factStub       uint8 = 1 << iota // rankFacts: a cross-reference
	factUnpassable                   // docMeta.unpassable
	factCaption                      // docMeta.prior is priorCaption
	factsRead                        // ranked: flags, kind and edition are the document's
)

// kindCode and editionCode are the codes of the rules' kinds and editions,
// by which hits are compared without reading their metadata; 0 for any
// other (compared by the metadata).
func kindCode(kind string) uint8 {
	switch kind {
	case rules.KindSection:
		return 1
	case rules.KindGlossary:
		return 2
	case rules.KindRuling:
		return 3
	case rules.KindCard:
		return 4
	}
	return 0
}

const kindCodeCard = 4

func editionCode(edition string) uint8 {
	switch edition {
	case rules.Edition1E:
		return 1
	case rules.Edition2E:
		return 2
	}
	return 0
}

// factFlags are the flags of rankFacts of a document.
func factFlags(m *docMeta) uint8 {
	var f uint8
	if len(m.seeTo) > 0 {
		f |= factStub
	}
	if m.unpassable {
		f |= factUnpassable
	}
	if m.prior == priorCaption {
		f |= factCaption
	}
	return f
}

// maxFacetValues bounds the values of one facet (rankFacts.facet); an index
// of more is refused when opened.
const maxFacetValues = math.MaxInt16

// smallFacets are facet values as rankFacts holds them.
func smallFacets(f [len(facetNames)]int32) (s [len(facetNames)]int16) {
	for i, v := range f {
		s[i] = int16(v)
	}
	return s
}

// rankFactsSize is the size of rankFacts: one cache line, so that the facts
// of a hit are read from one line rather than straddling two, the array
// being large enough to be allocated on a page of its own
// (TestRankFactsAreOneCacheLine).
const rankFactsSize = 64

// maxInlineTitle is the most terms of a title rankFacts holds (most titles
// have one to three).
const maxInlineTitle = 4

// titleIDs are the ids of the terms of the title of the document the facts
// are of, m.
func (f *rankFacts) titleIDs(m *docMeta) []uint32 {
	if f.titleN <= maxInlineTitle {
		return f.titles[:f.titleN]
	}
	return m.titleIDs
}

func (s *snapshot) number(meta map[string]*docMeta) error {
	ids, err := s.reader.DocIDReaderAll()
	if err != nil {
		return fmt.Errorf("list documents: %w", err)
	}
	defer ids.Close()
	for {
		id, err := ids.Next()
		if err != nil {
			return fmt.Errorf("list documents: %w", err)
		}
		if id == nil {
			return nil
		}
		num, ok := docNum(id)
		if !ok {
			return fmt.Errorf("unexpected internal document id %x", []byte(id))
		}
		ext, err := s.reader.ExternalID(id)
		if err != nil {
			return fmt.Errorf("document id: %w", err)
		}
		m := meta[ext]
		if m == nil {
			return fmt.Errorf("document %q has no metadata", ext)
		}
		for uint64(len(s.byNum)) <= num {
			s.byNum = append(s.byNum, nil)
		}
		s.byNum[num] = m
	}
}

// docNum reads the document number of an internal id (eight bytes, big
// endian, in scorch).
func docNum(id index.IndexInternalID) (uint64, bool) {
	if len(id) != 8 {
		return 0, false
	}
	return binary.BigEndian.Uint64(id), true
}

func (s *snapshot) close() error { return s.reader.Close() }

// collected is one match of a search.
type collected struct {
	meta  *docMeta
	num   uint32 // the document's number
	score float64
	// held has a bit set for each of the query's first 64 terms the
	// document holds (see collect).
	held uint64
}

// compareCollected orders matches best first: a higher score, and on a tie
// the lower id. Not Bleve's document number: that follows the order in which
// the documents were indexed, which differs from one build to the next, so
// replicas and restarts would order tied hits differently.
func compareCollected(a, b collected) int {
	switch {
	case a.score > b.score:
		return -1
	case a.score < b.score:
		return 1
	}
	return strings.Compare(a.meta.ID, b.meta.ID)
}

// matches is a min-heap of the best matches so far, worst on top.
type matches []collected

func (h matches) Len() int           { return len(h) }
func (h matches) Less(i, j int) bool { return compareCollected(h[i], h[j]) > 0 }
func (h matches) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *matches) Push(x any)        { *h = append(*h, x.(collected)) }
func (h *matches) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// facetValues are the values one facet takes in the index, numbered.
type facetValues struct {
	values []string
	index  map[string]int32
}

// add numbers a value of the facet, once.
func (f *facetValues) add(v string) int32 {
	if i, ok := f.index[v]; ok {
		return i
	}
	if f.index == nil {
		f.index = map[string]int32{}
	}
	i := int32(len(f.values))
	f.values = append(f.values, v)
	f.index[v] = i
	return i
}

// Filter values of a facet: any value, or none of the index's.
const (
	anyValue int32 = -1
	noValue  int32 = -2
)

// filter is the edition, kind and document a search is restricted to, each
// as the index of its value (facetNames order), or anyValue.
type filter [len(facetNames)]int32

// filterOf reads a query's filters.
func (ix *Index) filterOf(q rules.SearchQuery) filter {
	var f filter
	for i, v := range [...]string{string(q.Edition), string(q.Kind), q.Document} {
		f[i] = anyValue
		if v != "" {
			f[i] = noValue
			if n, ok := ix.facets[i].index[v]; ok {
				f[i] = n
			}
		}
	}
	return f
}

// admits reports whether a document of those facet values passes the
// filter.
func (f *filter) admits(facets *[len(facetNames)]int32) bool {
	for i, v := range f {
		if v != anyValue && facets[i] != v {
			return false
		}
	}
	return true
}

// admitsFacts is admits of the facet values of a hit's facts.
func (f *filter) admitsFacts(r *rankFacts) bool {
	for i, v := range f {
		if v != anyValue && int32(r.facet[i]) != v {
			return false
		}
	}
	return true
}

// facetTally counts matches by the index of their value of each facet.
type facetTally [len(facetNames)][]int

// scratch is the memory one search works in, kept in Index.scratch for the
// next search: a busy service would otherwise allocate it anew for each
// search and collect it again. Nothing of it outlives the search.
type scratch struct {
	query queryRoom // reading the query
	best  matches   // collect's matches
	// termMatches' clauses, the next document of each, what it sums of a
	// block of documents, and matches
	clauses []termScorer
	heads   []uint32
	block   termBlock
	matched []scoredDoc
	counts  []int    // collect's facet counts
	cursor  []int    // collect's places in the lists of the query's terms
	ranked  []ranked // rerank's hits
	deep    []int32  // deepen's hits, best first
	sort    sortScratch
	at      []int32 // handOver's hits by document number, -1 between searches
	stubs   []int32 // rerank's cross-references, by place
	para    paragraphScratch
	// paraWords are the words of each of the query's terms in the best
	// paragraph of each hit measured (ranked.words says where its are),
	// for its snippet.
	paraWords [][]termAt
	found     []int32 // byPrecedence's hits by rule
	seen      []int32 // byPrecedence's rules of the hits
	start     []int32 // where byPrecedence puts the next hit of each rule
	maybe     []int   // byPrecedence's hits that may be one rule
	// sameRule's groups of hits, and a group's hits, scores and members
	sets    disjointSets
	group   []int
	scores  []float64
	members []ranked
	marks   []span     // a snippet's marked words
	words   [][]termAt // the words of each of a snippet's marked terms
	// snippets are the snippets of the page, one after the other, and
	// snippetAt where each is.
	snippets  []byte
	snippetAt [][2]int
	pool      *bsearch.DocumentMatchPool // Bleve's matches
	view      filteredView               // collect's filtered read view
	byCount   byCount                    // termMatches' clauses as they are sorted
	collector collector                  // collect's
}

// collect runs the query on the snapshot and returns the best size matches
// that pass the filter (in no order: the re-ranking sorts them), how many
// passed in all, and the facet counts of all of them. The filter is checked
// here, on each match's facet values, rather than by a filtering searcher in
// Bleve: it never scores.
//
// Each match also says which of terms (the query's, by lexicon id) its
// document holds. The matches come in the order of their numbers, so this
// walks the lists of documents holding each term (snapshot.holding) once,
// alongside.
func (ix *Index) collect(ctx context.Context, q searchPlan, f filter, terms []uint32, size int, sc *scratch) ([]collected, int, facetTally, error) {
	// The collector lives in the scratch: it escapes (its heap is sorted
	// through an interface) and was allocated for each search.
	c := &sc.collector
	*c = ix.newCollector(f, terms, size, sc)
	defer func() { *c = collector{} }() // holds nothing past the search
	if err := ctx.Err(); err != nil {
		return nil, 0, c.facets, err
	}
	if ix.scoresTerms(q) {
		// A disjunction of terms, scored from the postings in memory
		// (see termMatches), which tell the first terms a match holds
		// when the documents holding a term are those its title and
		// text postings hold.
		if ix.snap.holdingPostings {
			c.told = q.held
		}
		ix.matchTerms(q, f, sc, c)
	} else if err := ix.collectBleve(ctx, q, f, sc, c); err != nil {
		sc.best = c.best[:0]
		return nil, 0, c.facets, err
	}
	// The matches' memory is kept for the next search.
	sc.best = c.best[:0]
	return c.best, c.total, c.facets, nil
}

// collectBleve runs the query by Bleve's searcher on the postings in memory
// and hands each match to c.
func (ix *Index) collectBleve(ctx context.Context, q searchPlan, f filter, sc *scratch, c *collector) error {
	// The scoring model Bleve's searchers ask for, when not the one they
	// use when none is named.
	if ix.scoring != index.TFIDFScoring {
		ctx = context.WithValue(ctx, bsearch.GetScoringModelCallbackKey,
			bsearch.GetScoringModelCallbackFn(func() string { return ix.scoring }))
	}
	// Bleve reads the postings in memory, without the documents the filter
	// leaves out when there is one.
	var view index.IndexReader = ix.snap.search
	if f != (filter{anyValue, anyValue, anyValue}) {
		sc.view = filteredView{postingsReader: ix.snap.search, filter: f, facets: ix.snap.facets}
		view = &sc.view
	}
	searcher, err := q.query().Searcher(ctx, view, ix.idx.Mapping(), bsearch.SearcherOptions{})
	if err != nil {
		return fmt.Errorf("build searcher: %w", err)
	}
	defer searcher.Close()
	// Bleve's matches come from a pool and go back to it; the pool is kept
	// for the next search (a match a searcher still held at its end is left
	// to the garbage collector, and one the pool lacks is allocated).
	if sc.pool == nil {
		sc.pool = bsearch.NewDocumentMatchPool(searcher.DocumentMatchPoolSize()+1, 0)
	}
	sctx := &bsearch.SearchContext{DocumentMatchPool: sc.pool, IndexReader: view}
	for n := 0; ; n++ {
		if n%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		dm, err := searcher.Next(sctx)
		if err != nil {
			return fmt.Errorf("search: %w", err)
		}
		if dm == nil {
			return nil
		}
		num, ok := docNum(dm.IndexInternalID)
		score := dm.Score
		sctx.DocumentMatchPool.Put(dm)
		if !ok || num >= uint64(len(ix.snap.byNum)) || ix.snap.byNum[num] == nil {
			return fmt.Errorf("search: a match without metadata")
		}
		if f.admitsFacts(&ix.snap.rank[num]) {
			c.addHeld(uint32(num), score, 0)
		}
	}
}

// A collector keeps the best matches of a search, counts them all and
// counts their facets. Matches are handed to it in the order of their
// numbers.
type collector struct {
	ix     *Index
	terms  []uint32
	size   int
	cursor []int // places in the lists of the terms (see snapshot.held)
	// told is how many of the first terms the matches handed over say
	// they hold (see addHeld).
	told   int
	best   matches
	total  int
	facets facetTally
}

func (ix *Index) newCollector(f filter, terms []uint32, size int, sc *scratch) collector {
	c := collector{ix: ix, terms: terms, size: size}
	n := 0
	for i := range c.facets {
		n += len(ix.facets[i].values)
	}
	counts := resize(sc.counts, n)
	clear(counts)
	sc.counts = counts
	for i := range c.facets {
		n := len(ix.facets[i].values)
		c.facets[i], counts = counts[:n:n], counts[n:]
	}
	// The best size matches: all of them while they fit, then a heap, worst
	// on top.
	c.best = sc.best[:0]
	c.cursor = resize(sc.cursor, min(len(terms), 64))
	clear(c.cursor)
	sc.cursor = c.cursor
	return c
}

// addHeld counts three facets: a fourth would not compile here.
var _ [3]int16 = rankFacts{}.facet

// addHeld counts a match that passed the filter and keeps it if among the
// best; held are the bits of the first c.told terms the document holds, the
// others read from the lists of the documents holding each.
func (c *collector) addHeld(num uint32, score float64, held uint64) {
	s := c.ix.snap
	c.total++
	// The three facets written out: a loop over them cost half of
	// counting a match.
	f := &s.rank[num].facet
	c.facets[0][f[0]]++
	c.facets[1][f[1]]++
	c.facets[2][f[2]]++
	if c.told < len(c.cursor) {
		held |= s.held(c.terms, c.cursor, num, c.told)
	}
	m := collected{meta: s.rank[num].meta, num: num, score: score, held: held}
	switch {
	case len(c.best) < c.size:
		c.best = append(c.best, m)
		if len(c.best) == c.size {
			heap.Init(&c.best)
		}
	case c.size > 0 && compareCollected(m, c.best[0]) < 0:
		c.best[0] = m
		heap.Fix(&c.best, 0)
	}
}

// held returns a bit for each of the first 64 terms document num holds,
// from the from-th on. cursor keeps, for each term, the place in its list of
// documents where the last look-up ended: the numbers asked for go up, so
// each list is read once (should one go down, the look-up starts again).
func (s *snapshot) held(terms []uint32, cursor []int, num uint32, from int) uint64 {
	var held uint64
	for k := from; k < len(cursor); k++ {
		t := terms[k]
		if t == noTerm || int(t) >= len(s.holding) {
			continue
		}
		docs, c := s.holding[t], cursor[k]
		if c > 0 && docs[c-1] >= num {
			c, _ = slices.BinarySearch(docs, num)
		}
		for c < len(docs) && docs[c] < num {
			c++
		}
		cursor[k] = c
		if c < len(docs) && docs[c] == num {
			held |= 1 << k
		}
	}
	return held
}

// resize returns s with length n, reusing its memory when it can.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// keepWords keeps the words of the paragraph bestParagraph just measured
// (para.inBest) for the hit's snippet, and returns where, or -1.
func (sc *scratch) keepWords() int16 {
	at := len(sc.paraWords)
	if at+len(sc.para.inBest) > math.MaxInt16 {
		return -1
	}
	sc.paraWords = append(sc.paraWords, sc.para.inBest...)
	return int16(at)
}
