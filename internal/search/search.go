package search

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Paging limits: the service's one bound of every list (rules.MaxPageLimit,
// rules.MaxPageOffset), and a search's own default page.
const (
	DefaultLimit = 10
	MaxLimit     = rules.MaxPageLimit
	MaxOffset    = rules.MaxPageOffset
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
	TitleExact float64 // the title is the query (folded)
	Title      float64 // stemmed title words
	TitlePlain float64 // a stop word of the query in the title (keeps "When and While" findable)
	// TitlePhrase raises the score of a hit whose title holds the query's
	// words in order by TitlePhrase times (see analyzed.inTitleOrder).
	TitlePhrase float64
	// TitleTyped gives TitlePhrase to a hit whose whole title, a stop word
	// among its words, the query holds side by side as typed (see
	// analyzed.titleTyped).
	TitleTyped bool
	Text       float64 // stemmed text words
	// TextPhrase raises the score of a hit whose text holds the query's
	// words in order by TextPhrase times (see analyzed.inOrder).
	TextPhrase float64
	NearTitle  float64 // a title word near a typo (other than the correction)
	NearText   float64 // a text word near a typo
	// Cover raises a hit's score by Cover times how much of the title is in
	// the query and how much of the query the title explains (both weighted
	// by the rarity of the words).
	Cover float64
	// Match raises a hit's score by Match times the share of the query's
	// terms (weighted by rarity) found in its title or text; and Whole
	// scales it by that share to the power Whole, so that a hit holding
	// all of the query outranks one whose title holds a part.
	Match, Whole float64
	// StopTitle has a title of stop words ("All", "When and While")
	// named by a query holding them among other words: its words the
	// query holds as typed count in the query's share of the cover, with
	// their rarity, as the query's stems do (the stemmed cover drops them,
	// and without it only a query of stop words alone names such a title).
	StopTitle bool
	// Card multiplies a card's score, CardRuling that of a ruling or
	// glossary entry about one card, unless the query names the card
	// (then NamedCard multiplies a card's): cards have look-ups of their
	// own, and a rules question is answered by rules. Caption multiplies
	// that of a section that is a heading without a body or a figure's
	// lead-in.
	Card, NamedCard, CardRuling, Caption float64
	// Named multiplies the score of a hit of the document the query names
	// ("premiere", "call to arms").
	Named float64
	// Stub multiplies the score of a cross-reference ("See X") found with
	// what it points at, which takes its score if better (see handOver).
	Stub float64
	// Paragraph raises the score of one of the Deep best hits by Paragraph
	// times the square of the share of the query its best paragraph holds,
	// scaled by how close together (see bestParagraph).
	Paragraph float64
	Deep      int
	// Exact raises the score of one of the Deep best hits by Exact times
	// the share of the query's words (by rarity) its best paragraph or its
	// title holds as typed, not only by their stem.
	Exact float64
	// ParagraphNorm is how much of Bleve's weighing of a match by the
	// length of the whole text is undone for the length of the best
	// paragraph (0 none, 1 all of it).
	ParagraphNorm float64
	// Intent raises the score of one of the Deep best hits whose best
	// paragraph holds the kind of answer the question asks for ("how
	// many": a number) by that factor; IntentShare is what holding it
	// counts for, against a share of the query, in choosing the paragraph.
	Intent, IntentShare float64
	// ParagraphWhole raises the score of one of the Deep best hits by
	// ParagraphWhole times the share of the query its best paragraph holds
	// against the share its whole entry holds: the answer is in one place.
	ParagraphWhole float64
	// Typed raises the score of one of the Deep best hits whose best
	// paragraph holds more than two of the query's words side by side as
	// typed, a stop word among them, by Typed times the share of the
	// query's words past two it holds so (see typedRun).
	Typed float64
	// Counted reads the words after "how many" as what a number must
	// count to answer (analyzed.counted).
	Counted bool
	// Siblings searches the terms of other forms of a typed word's word
	// ("tied" of "tie") as its meanings (see findSiblings).
	Siblings bool
	// Bounds reads "min" and "max" as asking for a bound: a number answers
	// them only beside the bound asked ("at least 20", "up to seven"; see
	// boundsOf).
	Bounds bool
	// Derived is what a word derived from a typed word the index holds
	// rarely ("decision" of "decide", wordnet.txt) counts for against the
	// typed word's 1, in the search and in the re-ranking; 0 searches none
	// (see addDerived).
	Derived float64
	// TitleInParagraph counts the query's words its title holds in each
	// paragraph of an entry: the heading the paragraph stands under.
	TitleInParagraph bool
	// Govern is how close below an older document's hit of its edition
	// the governing document's hit may score, answering as much of the
	// query in its paragraph, and still come before it (see governFirst).
	Govern float64
	// GovernMore is how close below it the governing document's hit may
	// score when its best paragraph holds more of the query than the older
	// one's (0: only Govern).
	GovernMore float64
	// Headings reads a heading a paragraph opens with ("Headquarters —
	// ...") as the paragraph's own title: a hit found by that paragraph is
	// raised by Cover times how well the heading and the query name the
	// same thing, as by its entry's title (see headParagraphs).
	Headings bool
	// GovernSameKind restricts Govern to entries of one kind (a section of
	// a newer rulebook before the same section of an older one; not a
	// ruling before a rulebook's section).
	GovernSameKind bool
	// Superseded multiplies the score of an older copy of a rule found with
	// a newer one, once per newer copy.
	Superseded float64
	// Related counts entries the corpus relates (the same term in another
	// document of the edition) as the same rule, besides equal titles.
	Related bool
	// HeadPath measures a sub-section's title cover by its heading path
	// (its title and those of the sections it stands under) when its own
	// title holds a word of the query no title above it holds and the path
	// covers more (see findHeadPaths).
	HeadPath bool
	// IntentHeld counts the words that ask for a kind of answer ("many",
	// "counts") as held by a hit any paragraph of which holds that kind
	// (analyzed.intentStems), in the share of the query it holds, as
	// bestParagraph counts them for its paragraph.
	IntentHeld bool
	// Leaning scales the hits of the other edition than the one a query
	// naming no edition leans to by its words (see findEditionWords); 1
	// or 0: none.
	Leaning float64
	// Dropped multiplies the title cover of an older rulebook's entry
	// whose heading the governing rulebook no longer has (see findDropped)
	// unless the query names its title in order; 1: as any other.
	Dropped float64
	// Scoring is Bleve's scoring model ("tf-idf" or "bm25").
	Scoring string
}

func defaultWeights() weights {
	return weights{TitleExact: 6, Title: 0.5, TitlePlain: 0.7, TitlePhrase: 2, Text: 4, TextPhrase: 1.5,
		NearTitle: 0.6, NearText: 0.2, Cover: 3, Match: 2, Whole: 1, Card: 0.6, NamedCard: 0.8, CardRuling: 0.4, Caption: 0.2, Named: 2, Stub: 0.3, Paragraph: 1.5, Deep: 20, ParagraphNorm: 0.6, Exact: 2, Superseded: 0.15, Related: true,
		Intent: 1.5, IntentShare: 0.25, TitleInParagraph: true, Govern: 0.9, GovernMore: 0.5, Headings: true, Siblings: true, ParagraphWhole: 1, GovernSameKind: true, Typed: 1, Counted: true, TitleTyped: true, StopTitle: true, Derived: 0.25, Bounds: true, HeadPath: true, IntentHeld: true, Leaning: 0.9, Dropped: 0.5,
		Scoring: "tf-idf"}
}

// facetNames are the facets of a SearchResult.
var facetNames = [...]string{"edition", "kind", "document"}

// Search runs a judge's query. q.Q is plain words, "quoted phrases" (which
// must appear) and -exclusions; Edition, Kind and Document filter; Limit
// (default 10, at most 100) and Offset page. A query with nothing to look for
// is an *rules.Error with EINVALIDQUERY; a bad filter or page is EINVALID.
func (ix *Index) Search(ctx context.Context, q rules.SearchQuery) (*rules.SearchResult, error) {
	if err := ix.validate(&q); err != nil {
		return nil, err
	}
	sc := ix.scratch.Get().(*scratch)
	defer ix.scratch.Put(sc)
	u, err := parseQueryIn(q.Q, &sc.query)
	if err != nil {
		return nil, err
	}
	a := ix.analyzeIn(u, &sc.query)
	bq := ix.buildQueryIn(u, a, &sc.query)

	// One window whatever the page: the order of a hit never depends on the
	// page asked for.
	if q.Edition == "" {
		q.Edition = rules.Edition(a.edition) // the one edition the query names filters
	}
	if q.Edition == "" && !a.bothEditions && ix.w.Leaning > 0 && ix.w.Leaning < 1 {
		a.leans = ix.leaning(a.plainIDs) // no edition asked: its words may lean to one
	}
	found, total, facets, err := ix.collect(ctx, bq, ix.filterOf(q), a.terms, rerankWindow, sc)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, ctxErr
		}
		return nil, fmt.Errorf("search %q: %w", q.Q, err)
	}

	hits := ix.rerank(found, &a, q.Offset+q.Limit, sc)
	out := &rules.SearchResult{Total: total, Hits: []rules.SearchHit{}, Facets: make(map[string][]rules.FacetCount, len(facetNames)), ReadAs: a.readAs}
	if q.Offset < len(hits) {
		page := hits[q.Offset:]
		if len(page) > q.Limit {
			page = page[:q.Limit]
		}
		out.Hits = make([]rules.SearchHit, len(page))
		text, at := sc.snippets[:0], sc.snippetAt[:0]
		for i, h := range page {
			if h.para < 0 {
				p, _, _ := a.bestParagraph(h.meta, ^uint64(0), &ix.w, &sc.para)
				page[i].para, page[i].words = int16(p), sc.keepWords()
			}
			var from, to int
			text, from, to = ix.appendSnippet(text, page[i], &a, sc)
			at = append(at, [2]int{from, to})
		}
		sc.snippets, sc.snippetAt = text, at
		snippets := string(text)
		for i, h := range page {
			m := h.meta
			anchor := ""
			if h.para >= 0 && int(h.para) < len(m.paras) {
				anchor = m.paras[h.para].anchor
			}
			out.Hits[i] = rules.SearchHit{ID: m.ID, Kind: m.Kind, Title: m.Title, DocumentID: m.DocumentID,
				Edition: m.Edition, Score: round(h.score), Snippet: snippets[at[i][0]:at[i][1]], Anchor: anchor, NotHeld: m.NotHeld}
		}
	}
	// The three facets' counts share one array, each with room for its own.
	values := 0
	for f := range facetNames {
		for _, n := range facets[f] {
			if n > 0 {
				values++
			}
		}
	}
	all := make([]rules.FacetCount, 0, values)
	for f, name := range facetNames {
		at := len(all)
		for v, n := range facets[f] {
			if n > 0 {
				all = append(all, rules.FacetCount{Value: ix.facets[f].values[v], Count: n})
			}
		}
		counts := all[at:len(all):len(all)]
		slices.SortFunc(counts, func(x, y rules.FacetCount) int {
			if x.Count != y.Count {
				return cmp.Compare(y.Count, x.Count)
			}
			return strings.Compare(x.Value, y.Value)
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
	default:
		if _, err := rules.CheckLimit("limit", q.Limit); err != nil {
			return err
		}
	}
	if _, err := rules.CheckOffset("offset", q.Offset); err != nil {
		return err
	}
	if q.Document != "" && !ix.docIDs[q.Document] {
		known := make([]string, 0, len(ix.docIDs))
		for id := range ix.docIDs {
			known = append(known, id)
		}
		sort.Strings(known)
		return rules.Errorf(rules.EINVALID, "No document %q is indexed.", q.Document).
			WithDetail("field", "document").WithDetail("documents", known)
	}
	return nil
}

func round(f float64) float64 { return math.Round(f*10000) / 10000 }
