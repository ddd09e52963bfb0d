package search

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	index "github.com/blevesearch/bleve_index_api"

	"github.com/stccg/stccg-rules/internal/rules"
)

// readAll reads a term reader to its end, from Advance(from) when from is
// not nil, as strings comparable across readers.
func readAll(t *testing.T, r index.TermFieldReader, from index.IndexInternalID) []string {
	t.Helper()
	var out []string
	var td index.TermFieldDoc
	var doc *index.TermFieldDoc
	var err error
	if from != nil {
		doc, err = r.Advance(from, td.Reset())
	} else {
		doc, err = r.Next(td.Reset())
	}
	for ; doc != nil && err == nil; doc, err = r.Next(td.Reset()) {
		s := fmt.Sprintf("%x freq %d norm %v", []byte(doc.ID), doc.Freq, doc.Norm)
		for _, v := range doc.Vectors {
			s += fmt.Sprintf(" %+v", *v)
		}
		out = append(out, s)
	}
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPostingsReaderReadsAsBlevesReader reads every term of every field kept
// in memory through postingsReader and through Bleve's reader, with and
// without positions, from the start and advanced (ahead, and back), and
// requires the same documents, frequencies, norms, positions and counts;
// and a filtered view the same less the documents its filter leaves out.
func TestPostingsReaderReadsAsBlevesReader(t *testing.T) {
	ctx := context.Background()
	ix := buildCorpus(t)
	bleveReader, mem := ix.snap.reader, ix.snap.search
	view := &filteredView{postingsReader: mem, filter: ix.filterOf(rules.SearchQuery{Edition: rules.Edition1E, Kind: rules.KindCard}), facets: ix.snap.facets}
	open := func(r index.IndexReader, term, field string, positions bool) index.TermFieldReader {
		tfr, err := r.TermFieldReader(ctx, []byte(term), field, true, true, positions)
		if err != nil {
			t.Fatal(err)
		}
		return tfr
	}
	terms := 0
	for _, field := range postingFields {
		d, err := bleveReader.FieldDict(field)
		if err != nil {
			t.Fatal(err)
		}
		var all []string
		for e, err := d.Next(); e != nil; e, err = d.Next() {
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, e.Term)
		}
		_ = d.Close()
		all = append(all, "no such term")
		for i, term := range all {
			terms++
			for _, positions := range []bool{false, true} {
				if positions && mem.fields[field].placesAt == nil && i%5 != 0 {
					continue // a field without positions: a sample is enough
				}
				want, got := open(bleveReader, term, field, positions), open(mem, term, field, positions)
				if want.Count() != got.Count() {
					t.Fatalf("%s:%s: count %d, Bleve's %d", field, term, got.Count(), want.Count())
				}
				w, g := readAll(t, want, nil), readAll(t, got, nil)
				if !reflect.DeepEqual(g, w) {
					t.Fatalf("%s:%s positions %v:\n got %q\nwant %q", field, term, positions, g, w)
				}
				if i%5 == 0 && len(w) > 0 {
					// Advance to a document in the middle, then back to the start.
					num := uint64(i) * 7919 % uint64(len(ix.snap.byNum))
					for _, at := range []uint64{num, 0} {
						id := index.NewIndexInternalID(nil, at)
						if w, g := readAll(t, want, id), readAll(t, got, id); !reflect.DeepEqual(g, w) {
							t.Fatalf("%s:%s advanced to %d:\n got %q\nwant %q", field, term, at, g, w)
						}
					}
				}
				_, _ = want.Close(), got.Close()

				var admitted []string
				for _, s := range w {
					var num uint64
					if _, err := fmt.Sscanf(s, "%016x", &num); err != nil {
						t.Fatal(err)
					}
					if view.filter.admits(&ix.snap.facets[num]) {
						admitted = append(admitted, s)
					}
				}
				filtered := open(view, term, field, positions)
				if g := readAll(t, filtered, nil); !reflect.DeepEqual(g, admitted) {
					t.Fatalf("%s:%s filtered:\n got %q\nwant %q", field, term, g, admitted)
				}
			}
		}
	}
	t.Logf("%d terms read alike", terms)

	// A field not kept in memory is Bleve's own.
	r, err := mem.TermFieldReader(ctx, []byte(rules.KindCard), fieldKind, true, true, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, ours := r.(*termReader); ours || r.Count() == 0 {
		t.Errorf("kind:card read from memory, or found in no document")
	}
	_ = r.Close()
}

// TestTermsByIDAreTheirStrings checks on the real corpus that a numbered
// field's runs read by a term's lexicon id are those read by its string,
// for every term of the lexicon, and that the fields a search's stems are
// read from are numbered.
func TestTermsByIDAreTheirStrings(t *testing.T) {
	ix := buildCorpus(t)
	for _, f := range []string{fieldTitle, fieldText} {
		fp := ix.snap.search.fields[f]
		if fp.byID == nil {
			t.Fatalf("field %s is not numbered", f)
		}
		held := 0
		for id, w := range ix.lex.words {
			c := termClause{term: []byte(w), id: uint32(id), hasID: true}
			if got, want := fp.termOf(&c), fp.terms[w]; got != want {
				t.Fatalf("field %s, term %q: run %+v by id, %+v by string", f, w, got, want)
			}
			if fp.terms[w].count > 0 {
				held++
			}
		}
		if held == 0 {
			t.Fatalf("field %s: no term of the lexicon held", f)
		}
	}
}
