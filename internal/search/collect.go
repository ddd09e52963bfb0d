package search

import (
	"cmp"
	"container/heap"
	"context"
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/blevesearch/bleve/v2"
	bsearch "github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
)

// A snapshot is one read view of the index, held for the Index's life (the
// index never changes once built), with every document's metadata by its
// internal number. Searching it directly, rather than through Bleve's
// top-N collector, lets the facets be counted from the metadata of each
// match instead of decoding doc values per match, and loads no external id.
type snapshot struct {
	reader index.IndexReader
	byNum  []*docMeta // by internal document number
}

// openSnapshot takes the read view and numbers the documents.
func openSnapshot(idx bleve.Index, meta map[string]*docMeta) (*snapshot, error) {
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
	return s, nil
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
	score float64
	num   uint64
}

// matches is a min-heap of the best matches so far, worst on top: a lower
// score is worse, and on a tie the later document.
type matches []collected

func (h matches) Len() int { return len(h) }
func (h matches) Less(i, j int) bool {
	if h[i].score != h[j].score {
		return h[i].score < h[j].score
	}
	return h[i].num > h[j].num
}
func (h matches) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *matches) Push(x any)   { *h = append(*h, x.(collected)) }
func (h *matches) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// facetCounts are the counts of the matches by edition, kind and document.
type facetCounts map[string]map[string]int

// collect runs the query on the snapshot and returns its best size matches,
// best first, how many matched in all, and the facet counts of all of them.
func (ix *Index) collect(ctx context.Context, q query.Query, size int) ([]collected, int, facetCounts, error) {
	// The scoring model Bleve's searchers ask for.
	ctx = context.WithValue(ctx, bsearch.GetScoringModelCallbackKey,
		bsearch.GetScoringModelCallbackFn(func() string { return ix.scoring }))
	searcher, err := q.Searcher(ctx, ix.snap.reader, ix.idx.Mapping(), bsearch.SearcherOptions{})
	if err != nil {
		return nil, 0, nil, fmt.Errorf("build searcher: %w", err)
	}
	defer searcher.Close()
	sctx := &bsearch.SearchContext{
		DocumentMatchPool: bsearch.NewDocumentMatchPool(searcher.DocumentMatchPoolSize()+1, 0),
		IndexReader:       ix.snap.reader,
	}
	facets := facetCounts{}
	for _, name := range facetNames {
		facets[name] = map[string]int{}
	}
	// The best size matches: all of them while they fit (sorted once at the
	// end), then a heap, worst on top.
	best := make(matches, 0, min(size, len(ix.snap.byNum)))
	total := 0
	for {
		if total%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, 0, nil, err
			}
		}
		dm, err := searcher.Next(sctx)
		if err != nil {
			return nil, 0, nil, fmt.Errorf("search: %w", err)
		}
		if dm == nil {
			break
		}
		num, ok := docNum(dm.IndexInternalID)
		var m *docMeta
		if ok && num < uint64(len(ix.snap.byNum)) {
			m = ix.snap.byNum[num]
		}
		score := dm.Score
		sctx.DocumentMatchPool.Put(dm)
		if m == nil {
			return nil, 0, nil, fmt.Errorf("search: a match without metadata")
		}
		total++
		facets["edition"][m.Edition]++
		facets["kind"][m.Kind]++
		facets["document"][m.DocumentID]++
		c := collected{meta: m, score: score, num: num}
		switch {
		case len(best) < size:
			best = append(best, c)
			if len(best) == size {
				heap.Init(&best)
			}
		case size > 0 && (best[0].score < score || best[0].score == score && best[0].num > num):
			best[0] = c
			heap.Fix(&best, 0)
		}
	}
	// Best first: a higher score, and on a tie the earlier document.
	slices.SortFunc(best, func(a, b collected) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return cmp.Compare(a.num, b.num)
	})
	return best, total, facets, nil
}
