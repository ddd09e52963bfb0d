package search

import (
	"context"
	"fmt"
	"math"
	"sort"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Paging limits.
const (
	DefaultLimit = 10
	MaxLimit     = 100
	MaxOffset    = 10000
)

// Boosts of the clauses of a search, and the ranking constants. See the
// package documentation for the reasoning behind them.
const (
	boostTitleExact  = 6.0 // the title is the query (folded)
	boostTitle       = 3.0 // stemmed title words
	boostTitlePlain  = 1.0 // title words as written (keeps stop-word titles findable)
	boostTitlePhrase = 2.0 // the query's words in order in the title
	boostText        = 1.0 // stemmed text words
	boostTextPhrase  = 1.5 // the query's words in order in the text
	boostFuzzyTitle  = 0.6 // a title word within an edit or two of a typed word
	boostFuzzyText   = 0.2 // a text word within an edit or two of a typed word

	// titleCoverBonus multiplies the score of a hit whose every title term is
	// among the query's terms: the judge named the thing the entry is about.
	titleCoverBonus = 0.5
	// rerankWindow is how many of Bleve's best hits are re-ranked.
	rerankWindow = 50
)

// facet names in SearchResult.Facets, and the fields they count.
var facetFields = []struct{ name, field string }{
	{"edition", fieldEdition},
	{"kind", fieldKind},
	{"document", fieldDocument},
}

// Search runs a judge's query. q.Q is plain words, "quoted phrases" (which
// must appear) and -exclusions; Edition, Kind and Document filter; Limit
// (default 10, at most 100) and Offset page. A query with nothing to look for
// is an *rules.Error with EINVALIDQUERY; a bad filter or page is EINVALID.
func (ix *Index) Search(ctx context.Context, q rules.SearchQuery) (*rules.SearchResult, error) {
	if err := ix.validate(&q); err != nil {
		return nil, err
	}
	u, err := parseQuery(q.Q)
	if err != nil {
		return nil, err
	}
	a := ix.analyze(u)
	bq := ix.buildQuery(u, a, q)

	window := q.Offset + q.Limit
	if window < rerankWindow {
		window = rerankWindow
	}
	req := bleve.NewSearchRequestOptions(bq, window, 0, false)
	for _, f := range facetFields {
		req.AddFacet(f.name, bleve.NewFacetRequest(f.field, 10))
	}
	res, err := ix.idx.SearchInContext(ctx, req)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, ctxErr
		}
		return nil, fmt.Errorf("search %q: %w", q.Q, err)
	}

	hits := ix.rerank(res.Hits, a)
	out := &rules.SearchResult{Total: int(res.Total), Hits: []rules.SearchHit{}, Facets: map[string][]rules.FacetCount{}}
	if q.Offset < len(hits) {
		page := hits[q.Offset:]
		if len(page) > q.Limit {
			page = page[:q.Limit]
		}
		for _, h := range page {
			m := h.meta
			out.Hits = append(out.Hits, rules.SearchHit{ID: m.ID, Kind: m.Kind, Title: m.Title,
				DocumentID: m.DocumentID, Edition: m.Edition, Score: round(h.score), Snippet: ix.snippet(m, a)})
		}
	}
	for _, f := range facetFields {
		fr := res.Facets[f.name]
		counts := []rules.FacetCount{}
		if fr != nil && fr.Terms != nil {
			for _, t := range fr.Terms.Terms() {
				counts = append(counts, rules.FacetCount{Value: t.Term, Count: t.Count})
			}
		}
		out.Facets[f.name] = counts
	}
	return out, nil
}

// validate checks the filters and the page, filling in the default limit.
func (ix *Index) validate(q *rules.SearchQuery) error {
	switch {
	case q.Limit == 0:
		q.Limit = DefaultLimit
	case q.Limit < 0 || q.Limit > MaxLimit:
		return rules.Errorf(rules.EINVALID, "limit must be between 1 and %d, not %d.", MaxLimit, q.Limit).WithDetail("field", "limit")
	}
	if q.Offset < 0 || q.Offset > MaxOffset {
		return rules.Errorf(rules.EINVALID, "offset must be between 0 and %d, not %d.", MaxOffset, q.Offset).WithDetail("field", "offset")
	}
	switch q.Edition {
	case "", rules.Edition1E, rules.Edition2E:
	default:
		return rules.Errorf(rules.EINVALID, "edition must be %q or %q, not %q.", rules.Edition1E, rules.Edition2E, clip(q.Edition)).WithDetail("field", "edition")
	}
	switch q.Kind {
	case "", rules.KindSection, rules.KindGlossary, rules.KindRuling, rules.KindCard:
	default:
		return rules.Errorf(rules.EINVALID, "kind must be one of section, glossary, ruling or card, not %q.", clip(q.Kind)).WithDetail("field", "kind")
	}
	if q.Document != "" && !ix.docIDs[q.Document] {
		known := make([]string, 0, len(ix.docIDs))
		for id := range ix.docIDs {
			known = append(known, id)
		}
		sort.Strings(known)
		return rules.Errorf(rules.EINVALID, "No document %q is indexed.", clip(q.Document)).
			WithDetail("field", "document").WithDetail("documents", known)
	}
	return nil
}

// clip shortens a value echoed back in an error message.
func clip(s string) string {
	if len(s) <= 40 {
		return s
	}
	cut := 40
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// analyzed is a query as the index reads it.
type analyzed struct {
	key   string   // the folded positive text, compared with folded titles
	stems []string // distinct English terms of the positive text
	plain []string // distinct plain words of the positive text
}

func (ix *Index) analyze(u userQuery) analyzed {
	text := u.positiveText()
	return analyzed{key: rules.FoldTerm(text), stems: terms(ix.english, text), plain: terms(ix.plain, text)}
}

// fuzziness is how many edits a typed word of n letters may be from a word of
// the index: none for short words (too many neighbours), one, then two.
func fuzziness(n int) int {
	switch {
	case n < 4:
		return 0
	case n < 7:
		return 1
	}
	return 2
}

// buildQuery makes the Bleve query of a judge's query: a disjunction of the
// exact title, title words, title and text phrases, text words and, with a
// low boost, words within a typo's distance; quoted phrases are required,
// exclusions forbidden, filters applied without scoring.
func (ix *Index) buildQuery(u userQuery, a analyzed, q rules.SearchQuery) query.Query {
	text := u.positiveText()
	var should []query.Query
	add := func(qq query.Query) { should = append(should, qq) }

	if a.key != "" {
		t := bleve.NewTermQuery(a.key)
		t.SetField(fieldTitleKey)
		t.SetBoost(boostTitleExact)
		add(t)
	}
	match := func(field string, boost float64) {
		m := bleve.NewMatchQuery(text)
		m.SetField(field)
		m.SetBoost(boost)
		add(m)
	}
	match(fieldTitle, boostTitle)
	match(fieldTitlePlain, boostTitlePlain)
	match(fieldText, boostText)
	if len(a.plain) > 1 {
		phrase := func(field string, boost float64) {
			p := bleve.NewMatchPhraseQuery(text)
			p.SetField(field)
			p.SetBoost(boost)
			add(p)
		}
		phrase(fieldTitle, boostTitlePhrase)
		phrase(fieldText, boostTextPhrase)
	}
	for _, w := range a.plain {
		f := fuzziness(utf8.RuneCountInString(w))
		if f == 0 {
			continue
		}
		for _, fb := range []struct {
			field string
			boost float64
		}{{fieldTitlePlain, boostFuzzyTitle}, {fieldTextPlain, boostFuzzyText}} {
			fq := bleve.NewFuzzyQuery(w)
			fq.SetField(fb.field)
			fq.SetFuzziness(f)
			fq.SetBoost(fb.boost)
			add(fq)
		}
	}

	bq := bleve.NewBooleanQuery()
	bq.AddShould(should...)
	bq.SetMinShould(1)
	for _, p := range u.Phrases {
		bq.AddMust(bleve.NewDisjunctionQuery(phraseIn(p, fieldTitle), phraseIn(p, fieldText)))
	}
	for _, x := range u.Exclude {
		bq.AddMustNot(phraseIn(x, fieldTitle), phraseIn(x, fieldText))
	}
	var filters []query.Query
	for _, f := range []struct{ value, field string }{
		{q.Edition, fieldEdition}, {q.Kind, fieldKind}, {q.Document, fieldDocument},
	} {
		if f.value != "" {
			t := bleve.NewTermQuery(f.value)
			t.SetField(f.field)
			filters = append(filters, t)
		}
	}
	if len(filters) > 0 {
		bq.AddFilter(bleve.NewConjunctionQuery(filters...))
	}
	return bq
}

func phraseIn(p, field string) query.Query {
	m := bleve.NewMatchPhraseQuery(p)
	m.SetField(field)
	return m
}

func round(f float64) float64 { return math.Round(f*10000) / 10000 }
