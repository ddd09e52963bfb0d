package search

import (
	"context"
	"fmt"
	"slices"

	index "github.com/blevesearch/bleve_index_api"
)

// postingFields are the fields whose postings are kept in memory: every
// field a search looks terms up in.
var postingFields = [...]string{fieldTitle, fieldTitlePlain, fieldTitleKey, fieldText, fieldTextPlain}

// postingsReader is the read view Bleve's searchers search, with the postings
// of postingFields (each document holding a term, with the term's frequency
// and the field's norm there, and where it is for a field that keeps
// positions) read once from the index into memory. Bleve's own term reader
// looks the term up in the segment's dictionary and decodes its postings for
// every search, about a fifth of a search's time (a third of one with a
// phrase); this one hands out what that reader gave when the index was
// opened, the index never changing. Bleve still scores and merges the
// matches. A reader of another field is Bleve's own.
type postingsReader struct {
	index.IndexReader
	docCount uint64
	fields   map[string]*fieldPostings
	// inMemory are the fields' postings in the order of postingFields: a
	// search's clauses find theirs among five by the name's string rather
	// than in the map (see field).
	inMemory [len(postingFields)]*fieldPostings
}

// field returns the postings of a field kept in memory, nil for another.
// The names a search gives are postingFields' own strings, so each
// comparison is of two equal pointers or two lengths.
func (p *postingsReader) field(name string) *fieldPostings {
	for _, fp := range &p.inMemory {
		if fp != nil && fp.name == name {
			return fp
		}
	}
	return nil
}

// fieldPostings are the postings of one field: each term's run of list.
type fieldPostings struct {
	name  string
	terms map[string]termPostings
	list  []posting
	// The places of the term in the document of list[i] are
	// places[placesAt[i]:placesAt[i+1]]; both are nil for a field that
	// keeps no positions.
	placesAt []uint32
	places   []place
	// byID are the terms' runs by lexicon id (see numberTerms), nil for a
	// field whose terms are looked up by their strings alone.
	byID []termPostings
}

// numberTerms lays the runs of the field's terms out by their ids in lex
// (a term lex does not hold is looked up by its string): a search's terms
// are read from an array by their ids rather than from a map of every term
// by its string, whose groups and keys are as many places in memory.
func (fp *fieldPostings) numberTerms(lex *lexicon) {
	fp.byID = make([]termPostings, len(lex.words))
	for w, t := range fp.terms {
		if id, ok := lex.ids[w]; ok {
			fp.byID[id] = t
		}
	}
}

// termOf returns the run of a term, by its lexicon id when the clause has
// one and the field is numbered, else by its string (none: an empty run).
func (fp *fieldPostings) termOf(c *termClause) termPostings {
	if c.hasID && int(c.id) < len(fp.byID) {
		return fp.byID[c.id]
	}
	return fp.terms[string(c.term)]
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

// place is where a term occurs in a field: its position in words and its
// bytes.
type place struct{ pos, start, end uint32 }

// readPostings reads the postings of postingFields from r.
func readPostings(ctx context.Context, r index.IndexReader) (*postingsReader, error) {
	n, err := r.DocCount()
	if err != nil {
		return nil, fmt.Errorf("count documents: %w", err)
	}
	p := &postingsReader{IndexReader: r, docCount: n, fields: make(map[string]*fieldPostings, len(postingFields))}
	for i, field := range postingFields {
		fp, err := readFieldPostings(ctx, r, field)
		if err != nil {
			return nil, err
		}
		p.fields[field], p.inMemory[i] = fp, fp
	}
	return p, nil
}

// readFieldPostings reads the postings of every term of one field, with
// their positions if the field keeps them.
func readFieldPostings(ctx context.Context, r index.IndexReader, field string) (_ *fieldPostings, err error) {
	fp := &fieldPostings{name: field, terms: map[string]termPostings{}, placesAt: []uint32{0}}
	d, err := r.FieldDict(field)
	if err != nil {
		return nil, fmt.Errorf("read dictionary of %s: %w", field, err)
	}
	defer func() {
		if cerr := d.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("close dictionary of %s: %w", field, cerr)
		}
	}()
	var td index.TermFieldDoc
	for {
		e, err := d.Next()
		if err != nil {
			return nil, fmt.Errorf("read dictionary of %s: %w", field, err)
		}
		if e == nil {
			break
		}
		tfr, err := r.TermFieldReader(ctx, []byte(e.Term), field, true, true, true)
		if err != nil {
			return nil, fmt.Errorf("read postings of %s:%s: %w", field, e.Term, err)
		}
		from := len(fp.list)
		for {
			doc, err := tfr.Next(&td)
			if err != nil {
				_ = tfr.Close()
				return nil, fmt.Errorf("read postings of %s:%s: %w", field, e.Term, err)
			}
			if doc == nil {
				break
			}
			if err := fp.add(doc); err != nil {
				_ = tfr.Close()
				return nil, fmt.Errorf("read postings of %s:%s: %w", field, e.Term, err)
			}
		}
		fp.terms[e.Term] = termPostings{from: uint32(from), to: uint32(len(fp.list)), count: tfr.Count()}
		if err := tfr.Close(); err != nil {
			return nil, fmt.Errorf("read postings of %s:%s: %w", field, e.Term, err)
		}
	}
	fp.list, fp.placesAt, fp.places = slices.Clip(fp.list), slices.Clip(fp.placesAt), slices.Clip(fp.places)
	if len(fp.places) == 0 {
		fp.placesAt, fp.places = nil, nil
	}
	return fp, nil
}

// add appends a posting as Bleve's reader gave it.
// postingsOf returns the postings of a term, in the order of the documents'
// numbers (none when no document holds it).
func (fp *fieldPostings) postingsOf(term string) []posting {
	t, ok := fp.terms[term]
	if !ok {
		return nil
	}
	return fp.list[t.from:t.to]
}

func (fp *fieldPostings) add(doc *index.TermFieldDoc) error {
	const most = uint64(^uint32(0))
	num, ok := docNum(doc.ID)
	if !ok || num > most || doc.Freq > most {
		return fmt.Errorf("unexpected posting %x", []byte(doc.ID))
	}
	fp.list = append(fp.list, posting{num: uint32(num), freq: uint32(doc.Freq), norm: doc.Norm})
	for _, v := range doc.Vectors {
		// The fields are not arrays: a place is a position and bytes.
		if v.Field != fp.name || len(v.ArrayPositions) > 0 || v.Pos > most || v.Start > most || v.End > most {
			return fmt.Errorf("unexpected term vector %+v", *v)
		}
		fp.places = append(fp.places, place{pos: uint32(v.Pos), start: uint32(v.Start), end: uint32(v.End)})
	}
	fp.placesAt = append(fp.placesAt, uint32(len(fp.places)))
	return nil
}

// TermFieldReader reads the documents holding term in field: from memory for
// a field of postingFields, else from the index.
func (p *postingsReader) TermFieldReader(ctx context.Context, term []byte, field string, includeFreq, includeNorm, includeTermVectors bool) (index.TermFieldReader, error) {
	return p.termFieldReader(ctx, term, field, includeFreq, includeNorm, includeTermVectors, nil)
}

func (p *postingsReader) termFieldReader(ctx context.Context, term []byte, field string, includeFreq, includeNorm, includeTermVectors bool, v *filteredView) (index.TermFieldReader, error) {
	fp := p.fields[field]
	if fp == nil {
		return p.IndexReader.TermFieldReader(ctx, term, field, includeFreq, includeNorm, includeTermVectors)
	}
	t := fp.terms[string(term)]
	return &termReader{field: fp, from: int(t.from), to: int(t.to), next: int(t.from), count: t.count,
		freq: includeFreq, norm: includeNorm, places: includeTermVectors, view: v}, nil
}

// A filteredView is the read view of a search with a filter: the postings
// in memory without the documents the filter leaves out, so that Bleve
// neither finds nor scores them. A document's score depends on its own
// postings and on the counts of the whole index (which stay those of the
// whole index), so the documents the filter admits score as they would
// unfiltered. A field not in memory is not filtered: collect still checks
// every match.
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

// termReader walks one term's postings (field.list[from:to]) as Bleve's term
// reader would, leaving out the documents a filtered view does not admit.
type termReader struct {
	field      *fieldPostings
	from, to   int
	next       int // the next posting Next looks at
	count      uint64
	freq, norm bool
	places     bool          // hand out the places of the term (term vectors)
	view       *filteredView // nil for all documents
}

// Next returns the next document holding the term, nil at the end.
func (r *termReader) Next(pre *index.TermFieldDoc) (*index.TermFieldDoc, error) {
	list := r.field.list
	for r.view != nil && r.next < r.to && !r.view.filter.admits(&r.view.facets[list[r.next].num]) {
		r.next++
	}
	if r.next >= r.to {
		return nil, nil
	}
	i := r.next
	r.next++
	p := &list[i]
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
	if r.places {
		var places []place // none, for a field that keeps no positions
		if r.field.placesAt != nil {
			places = r.field.places[r.field.placesAt[i]:r.field.placesAt[i+1]]
		}
		// As Bleve's reader: the vectors of the document given, reused.
		if cap(pre.Vectors) < len(places) {
			pre.Vectors = make([]*index.TermFieldVector, len(places))
			backing := make([]index.TermFieldVector, len(places))
			for k := range backing {
				pre.Vectors[k] = &backing[k]
			}
		}
		pre.Vectors = pre.Vectors[:len(places)]
		for k, pl := range places {
			*pre.Vectors[k] = index.TermFieldVector{Field: r.field.name, Pos: uint64(pl.pos), Start: uint64(pl.start), End: uint64(pl.end)}
		}
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
	list := r.field.list
	from := r.from
	if r.next > r.from && uint64(list[r.next-1].num) < num {
		from = r.next
	}
	at, _ := slices.BinarySearchFunc(list[from:r.to], num, func(p posting, num uint64) int {
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
