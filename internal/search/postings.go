package search

import (
	"context"
	"fmt"
	"slices"

	index "github.com/blevesearch/bleve_index_api"
)

// postingFields are the fields whose postings are kept in memory: those a
// search looks single terms up in.
var postingFields = [...]string{fieldTitle, fieldTitlePlain, fieldTitleKey, fieldText, fieldTextPlain}

// postingsReader is the read view Bleve's searchers search, with the postings
// of postingFields (each document holding a term, with the term's frequency
// and the field's norm there) read once from the index into memory. Bleve's
// own term reader looks the term up in the segment's dictionary and decodes
// its postings for every search, about a sixth of a search's time; this one
// hands out what that reader gave when the index was opened, the index never
// changing. Bleve still scores and merges the matches. A reader asked for
// term vectors (phrases), or for another field, is Bleve's own.
type postingsReader struct {
	index.IndexReader
	docCount uint64
	fields   map[string]*fieldPostings
}

// fieldPostings are the postings of one field: each term's run of list.
type fieldPostings struct {
	terms map[string]termPostings
	list  []posting
}

// termPostings are where a term's postings are in fieldPostings.list, and
// how many documents Bleve counts as holding it.
type termPostings struct {
	from, to uint32
	count    uint64
}

// posting is a document holding a term in a field.
type posting struct {
	num  uint32 // document number
	freq uint32 // occurrences in the field
	norm float64
}

// readPostings reads the postings of postingFields from r.
func readPostings(ctx context.Context, r index.IndexReader) (*postingsReader, error) {
	n, err := r.DocCount()
	if err != nil {
		return nil, fmt.Errorf("count documents: %w", err)
	}
	p := &postingsReader{IndexReader: r, docCount: n, fields: make(map[string]*fieldPostings, len(postingFields))}
	var td index.TermFieldDoc
	for _, field := range postingFields {
		fp := &fieldPostings{terms: map[string]termPostings{}}
		p.fields[field] = fp
		d, err := r.FieldDict(field)
		if err != nil {
			return nil, fmt.Errorf("read dictionary of %s: %w", field, err)
		}
		for {
			e, err := d.Next()
			if err != nil {
				_ = d.Close()
				return nil, fmt.Errorf("read dictionary of %s: %w", field, err)
			}
			if e == nil {
				break
			}
			tfr, err := r.TermFieldReader(ctx, []byte(e.Term), field, true, true, false)
			if err != nil {
				_ = d.Close()
				return nil, fmt.Errorf("read postings of %s:%s: %w", field, e.Term, err)
			}
			from := len(fp.list)
			for {
				doc, err := tfr.Next(&td)
				if err != nil {
					_ = tfr.Close()
					_ = d.Close()
					return nil, fmt.Errorf("read postings of %s:%s: %w", field, e.Term, err)
				}
				if doc == nil {
					break
				}
				num, ok := docNum(doc.ID)
				if !ok || num > uint64(^uint32(0)) || doc.Freq > uint64(^uint32(0)) {
					_ = tfr.Close()
					_ = d.Close()
					return nil, fmt.Errorf("read postings of %s:%s: unexpected posting %x", field, e.Term, []byte(doc.ID))
				}
				fp.list = append(fp.list, posting{num: uint32(num), freq: uint32(doc.Freq), norm: doc.Norm})
			}
			fp.terms[e.Term] = termPostings{from: uint32(from), to: uint32(len(fp.list)), count: tfr.Count()}
			if err := tfr.Close(); err != nil {
				_ = d.Close()
				return nil, fmt.Errorf("read postings of %s:%s: %w", field, e.Term, err)
			}
		}
		if err := d.Close(); err != nil {
			return nil, fmt.Errorf("close dictionary of %s: %w", field, err)
		}
		fp.list = slices.Clip(fp.list)
	}
	return p, nil
}

// TermFieldReader reads the documents holding term in field: from memory for
// a field of postingFields without term vectors, else from the index.
func (p *postingsReader) TermFieldReader(ctx context.Context, term []byte, field string, includeFreq, includeNorm, includeTermVectors bool) (index.TermFieldReader, error) {
	return p.termFieldReader(ctx, term, field, includeFreq, includeNorm, includeTermVectors, nil)
}

func (p *postingsReader) termFieldReader(ctx context.Context, term []byte, field string, includeFreq, includeNorm, includeTermVectors bool, v *filteredView) (index.TermFieldReader, error) {
	fp := p.fields[field]
	if fp == nil || includeTermVectors {
		return p.IndexReader.TermFieldReader(ctx, term, field, includeFreq, includeNorm, includeTermVectors)
	}
	t := fp.terms[string(term)]
	return &termReader{list: fp.list[t.from:t.to], count: t.count, freq: includeFreq, norm: includeNorm, view: v}, nil
}

// A filteredView is the read view of a search with a filter: the postings
// in memory without the documents the filter leaves out, so that Bleve
// neither finds nor scores them. A document's score depends on its own
// postings and on the counts of the whole index (which stay those of the
// whole index), so the documents the filter admits score as they would
// unfiltered. Phrases, read from the index, are not filtered: collect still
// checks every match.
type filteredView struct {
	*postingsReader
	filter filter
	facets [][len(facetNames)]int32 // each document's facet values (snapshot.facets)
}

// TermFieldReader reads the documents holding term in field that the filter
// admits (all of them, for a field not in memory).
func (v *filteredView) TermFieldReader(ctx context.Context, term []byte, field string, includeFreq, includeNorm, includeTermVectors bool) (index.TermFieldReader, error) {
	return v.termFieldReader(ctx, term, field, includeFreq, includeNorm, includeTermVectors, v)
}

// DocCount is the index's, counted once.
func (p *postingsReader) DocCount() (uint64, error) { return p.docCount, nil }

// FieldCardinality is the index's, for BM25 scoring.
func (p *postingsReader) FieldCardinality(field string) (int, error) {
	r, ok := p.IndexReader.(index.BM25Reader)
	if !ok {
		return 0, fmt.Errorf("field cardinality of %s: the index does not count it", field)
	}
	return r.FieldCardinality(field)
}

// termReader walks one term's postings as Bleve's term reader would, leaving
// out the documents a filtered view does not admit.
type termReader struct {
	list       []posting
	next       int // the next posting Next looks at
	count      uint64
	freq, norm bool
	view       *filteredView // nil for all documents
}

// Next returns the next document holding the term, nil at the end.
func (r *termReader) Next(pre *index.TermFieldDoc) (*index.TermFieldDoc, error) {
	for r.view != nil && r.next < len(r.list) && !r.view.filter.admits(&r.view.facets[r.list[r.next].num]) {
		r.next++
	}
	if r.next >= len(r.list) {
		return nil, nil
	}
	p := &r.list[r.next]
	r.next++
	if pre == nil {
		pre = &index.TermFieldDoc{}
	}
	pre.ID = index.NewIndexInternalID(pre.ID, uint64(p.num))
	if r.freq {
		pre.Freq = uint64(p.freq)
	}
	if r.norm {
		pre.Norm = p.norm
	}
	return pre, nil
}

// Advance returns the first document holding the term at or after id,
// whether that is ahead of the last one returned or not (as Bleve's reader
// starts again to go back).
func (r *termReader) Advance(id index.IndexInternalID, pre *index.TermFieldDoc) (*index.TermFieldDoc, error) {
	num, ok := docNum(id)
	if !ok {
		return nil, fmt.Errorf("advance to %x: not a document number", []byte(id))
	}
	from := 0
	if r.next > 0 && uint64(r.list[r.next-1].num) < num {
		from = r.next
	}
	at, _ := slices.BinarySearchFunc(r.list[from:], num, func(p posting, num uint64) int {
		switch {
		case uint64(p.num) < num:
			return -1
		case uint64(p.num) > num:
			return 1
		}
		return 0
	})
	r.next = from + at
	return r.Next(pre)
}

// Count is how many documents hold the term, as Bleve counts them (with those
// a filter leaves out: the rarity of a term is the whole index's).
func (r *termReader) Count() uint64 { return r.count }

// Close has nothing to release.
func (r *termReader) Close() error { return nil }

// Size is the reader's size in bytes (its postings are the index's).
func (r *termReader) Size() int { return 64 }
