package search

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
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

// rerankWindow is how many of Bleve's best hits are re-ranked: enough for the
// deepest page, so that every page of a search is cut from one order (more
// than the corpus holds, so every match is re-ranked).
const rerankWindow = MaxOffset + MaxLimit

// maxImplicitPhrase is the most words a query may have for its words to be
// looked for in order as well.
const maxImplicitPhrase = 4

// weights are the boosts of the clauses of a search and the constants of the
// re-ranking. See the package documentation for the reasoning behind them.
type weights struct {
	TitleExact  float64 // the title is the query (folded)
	Title       float64 // stemmed title words
	TitlePlain  float64 // a stop word of the query in the title (keeps "When and While" findable)
	TitlePhrase float64 // the query's words in order in the title
	Text        float64 // stemmed text words
	TextPhrase  float64 // the query's words in order in the text
	NearTitle   float64 // a title word near a typo (other than the correction)
	NearText    float64 // a text word near a typo
	// Cover raises a hit's score by Cover times how much of the title is in
	// the query and how much of the query the title explains (both weighted
	// by the rarity of the words).
	Cover float64
	// Match raises a hit's score by Match times the share of the query's
	// terms (weighted by rarity) found in its title or text.
	Match float64
	// Card multiplies a card's score: cards have look-ups of their own, and a
	// rules search answers with rules unless a card is named.
	Card float64
	// Superseded multiplies the score of an older copy of a rule found with
	// a newer one, once per newer copy.
	Superseded float64
	// Related counts entries the corpus relates (the same term in another
	// document of the edition) as the same rule, besides equal titles.
	Related bool
	// EditionHint multiplies the score of a hit of the edition the query
	// names ("first edition", "2E").
	EditionHint float64
	// Scoring is Bleve's scoring model ("tf-idf" or "bm25").
	Scoring string
}

func defaultWeights() weights {
	return weights{TitleExact: 6, Title: 0.5, TitlePlain: 0.3, TitlePhrase: 2, Text: 4, TextPhrase: 1.5,
		NearTitle: 0.6, NearText: 0.2, Cover: 3, Match: 2, Card: 0.6, Superseded: 0.7, Related: true, EditionHint: 1.5,
		Scoring: "tf-idf"}
}

// facetNames are the facets of a SearchResult.
var facetNames = []string{"edition", "kind", "document"}

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

	// One window whatever the page: the order of a hit never depends on the
	// page asked for.
	found, total, facets, err := ix.collect(ctx, bq, rerankWindow)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, ctxErr
		}
		return nil, fmt.Errorf("search %q: %w", q.Q, err)
	}

	hits := ix.rerank(found, a)
	out := &rules.SearchResult{Total: total, Hits: []rules.SearchHit{}, Facets: map[string][]rules.FacetCount{}}
	if q.Offset < len(hits) {
		page := hits[q.Offset:]
		if len(page) > q.Limit {
			page = page[:q.Limit]
		}
		seen := map[string]bool{}
		for _, h := range page {
			m := h.meta
			out.Hits = append(out.Hits, rules.SearchHit{ID: m.ID, Kind: m.Kind, Title: m.Title,
				DocumentID: m.DocumentID, Edition: m.Edition, Score: round(h.score), Snippet: ix.snippet(m, a, seen)})
		}
	}
	for _, name := range facetNames {
		counts := []rules.FacetCount{}
		for v, n := range facets[name] {
			counts = append(counts, rules.FacetCount{Value: v, Count: n})
		}
		sort.Slice(counts, func(i, j int) bool {
			return counts[i].Count > counts[j].Count || counts[i].Count == counts[j].Count && counts[i].Value < counts[j].Value
		})
		out.Facets[name] = counts
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

// analyzed is a query as the index reads it: each typed word the index does
// not know is replaced by the nearest word it knows (the judge's typo), and
// the other near words are kept as alternatives.
type analyzed struct {
	text    string   // the positive words and phrases, corrected
	phrases []string // the quoted phrases, corrected
	key     string   // the folded text, compared with folded titles
	stems   []string // distinct English terms of the text
	plain   []string // distinct plain words of the text
	// stopWords are the plain words the English analysis drops ("when").
	stopWords []string
	alts      []correction
	edition   string // the edition the query names, if any
}

func (ix *Index) analyze(u userQuery) analyzed {
	var a analyzed
	correct := func(s string) string {
		toks := terms(ix.plain, s)
		for i, w := range toks {
			if ix.vocab.known(w) {
				continue
			}
			f := fuzziness(utf8.RuneCountInString(w))
			if f == 0 {
				continue
			}
			if cs := ix.vocab.corrections(w, f); len(cs) > 0 {
				toks[i] = cs[0].word
				a.alts = append(a.alts, cs[1:]...)
			}
		}
		return strings.Join(toks, " ")
	}
	words := u.Words
	a.edition, words = editionNamed(words)
	if len(words) == 0 && len(u.Phrases) == 0 {
		a.edition, words = "", u.Words // the edition is all the judge asked about
	}
	parts := make([]string, 0, len(words)+len(u.Phrases))
	for _, w := range words {
		parts = append(parts, correct(w))
	}
	for _, p := range u.Phrases {
		c := correct(p)
		a.phrases = append(a.phrases, c)
		parts = append(parts, c)
	}
	a.text = strings.Join(parts, " ")
	a.key = rules.FoldTerm(a.text)
	a.stems = terms(ix.english, a.text)
	a.plain = terms(ix.plain, a.text)
	for _, w := range a.plain {
		if ix.stemOf(w) == "" {
			a.stopWords = append(a.stopWords, w)
		}
	}
	return a
}

// editionNamed finds an edition named among the words ("first edition",
// "1st edition", "1E", "second edition", "2nd edition", "2E") and returns it
// with the other words.
func editionNamed(words []string) (string, []string) {
	fold := func(w string) string { return strings.Join(plainWords(w), " ") }
	for i, w := range words {
		f := fold(w)
		switch f {
		case "1e", "2e":
			return string(f[0]) + "e", slices.Concat(words[:i], words[i+1:])
		case "first", "1st", "second", "2nd":
			if i+1 < len(words) && fold(words[i+1]) == "edition" {
				ed := rules.Edition1E
				if f == "second" || f == "2nd" {
					ed = rules.Edition2E
				}
				return ed, slices.Concat(words[:i], words[i+2:])
			}
		}
	}
	return "", words
}

// fuzziness is how many edits a typed word of n letters may be from the word
// of the index it stands for: none for short words (too many neighbours),
// one, then two from seven letters.
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
	text := a.text
	var should []query.Query
	add := func(qq query.Query) { should = append(should, qq) }

	if a.key != "" {
		t := bleve.NewTermQuery(a.key)
		t.SetField(fieldTitleKey)
		t.SetBoost(ix.w.TitleExact)
		add(t)
	}
	match := func(field string, boost float64) {
		m := bleve.NewMatchQuery(text)
		m.SetField(field)
		m.SetBoost(boost)
		add(m)
	}
	match(fieldTitle, ix.w.Title)
	match(fieldText, ix.w.Text)
	// The stop words the English fields drop are looked for in the plain
	// title, so that "when and while" finds the section of that name.
	for _, w := range a.stopWords {
		t := bleve.NewTermQuery(w)
		t.SetField(fieldTitlePlain)
		t.SetBoost(ix.w.TitlePlain)
		add(t)
	}
	// The whole query as a phrase: evidence for a short query ("showing your
	// cards"), seldom for a question in many words, which skips the cost.
	if n := len(a.plain); n > 1 && n <= maxImplicitPhrase {
		phrase := func(field string, boost float64) {
			p := bleve.NewMatchPhraseQuery(text)
			p.SetField(field)
			p.SetBoost(boost)
			add(p)
		}
		phrase(fieldTitle, ix.w.TitlePhrase)
		phrase(fieldText, ix.w.TextPhrase)
	}
	for _, c := range a.alts {
		scale := 1.0
		if c.dist > 1 {
			scale = 0.5
		}
		for _, fb := range []struct {
			field string
			boost float64
		}{{fieldTitlePlain, ix.w.NearTitle}, {fieldTextPlain, ix.w.NearText}} {
			t := bleve.NewTermQuery(c.word)
			t.SetField(fb.field)
			t.SetBoost(fb.boost * scale)
			add(t)
		}
	}

	bq := bleve.NewBooleanQuery()
	bq.AddShould(should...)
	bq.SetMinShould(1)
	for _, p := range a.phrases {
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
