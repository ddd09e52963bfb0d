package search

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
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
	TitleExact float64 // the title is the query (folded)
	Title      float64 // stemmed title words
	TitlePlain float64 // a stop word of the query in the title (keeps "When and While" findable)
	// TitlePhrase raises the score of a hit whose title holds the query's
	// words in order by TitlePhrase times (see analyzed.inTitleOrder).
	TitlePhrase float64
	Text        float64 // stemmed text words
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
	// Superseded multiplies the score of an older copy of a rule found with
	// a newer one, once per newer copy.
	Superseded float64
	// Related counts entries the corpus relates (the same term in another
	// document of the edition) as the same rule, besides equal titles.
	Related bool
	// Scoring is Bleve's scoring model ("tf-idf" or "bm25").
	Scoring string
}

func defaultWeights() weights {
	return weights{TitleExact: 6, Title: 0.5, TitlePlain: 0.3, TitlePhrase: 2, Text: 4, TextPhrase: 1.5,
		NearTitle: 0.6, NearText: 0.2, Cover: 3, Match: 2, Whole: 1, Card: 0.6, NamedCard: 0.8, CardRuling: 0.4, Caption: 0.2, Named: 2, Stub: 0.3, Paragraph: 1.5, Deep: 20, ParagraphNorm: 0.6, Exact: 1, Superseded: 0.7, Related: true,
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
	u, err := parseQuery(q.Q)
	if err != nil {
		return nil, err
	}
	a := ix.analyze(u)
	bq := ix.buildQuery(u, a)

	// One window whatever the page: the order of a hit never depends on the
	// page asked for.
	sc := ix.scratch.Get().(*scratch)
	defer ix.scratch.Put(sc)
	if q.Edition == "" {
		q.Edition = a.edition // the one edition the query names filters
	}
	found, total, facets, err := ix.collect(ctx, bq, ix.filterOf(q), a.terms, rerankWindow, sc)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, ctxErr
		}
		return nil, fmt.Errorf("search %q: %w", q.Q, err)
	}

	hits := ix.rerank(found, &a, q.Offset+q.Limit, sc)
	out := &rules.SearchResult{Total: total, Hits: []rules.SearchHit{}, Facets: make(map[string][]rules.FacetCount, len(facetNames))}
	if q.Offset < len(hits) {
		page := hits[q.Offset:]
		if len(page) > q.Limit {
			page = page[:q.Limit]
		}
		out.Hits = make([]rules.SearchHit, len(page))
		text, at := sc.snippets[:0], sc.snippetAt[:0]
		for i, h := range page {
			if h.para < 0 {
				p, _, _ := a.bestParagraph(h.meta, &ix.w, &sc.para)
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
				Edition: m.Edition, Score: round(h.score), Snippet: snippets[at[i][0]:at[i][1]], Anchor: anchor}
		}
	}
	for f, name := range facetNames {
		counts := []rules.FacetCount{}
		for v, n := range facets[f] {
			if n > 0 {
				counts = append(counts, rules.FacetCount{Value: ix.facets[f].values[v], Count: n})
			}
		}
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
	// edition is the edition the query names (not as its subject): a
	// filter, when the judge set none. document is the source document it
	// names, whose hits it prefers.
	edition, document string
	// bothEditions says the query names both editions ("stopped 1e vs
	// 2e"): it asks about the rule in each.
	bothEditions bool
	// tokens are the English analysis of the text, every word in order, as
	// Bleve's match queries would analyse it.
	tokens analysis.TokenStream

	// The same in the lexicon's ids (noTerm for a word the index does not
	// hold), with each term's rarity, for the re-ranking and the snippets.
	stemIDs  []uint32
	stemIDF  []float64
	stemAll  float64  // the sum of stemIDF
	plainIDs []uint32 // ids of plain
	// coverIDs are the terms a title is compared with: the stems, or the
	// plain words of a query of stop words.
	coverIDs []uint32
	coverIDF []float64
	coverAll float64
	// coverMask is the termMask of coverIDs and plainIDs, the terms a
	// title's are looked for among.
	coverMask uint64
	// markTerms and markPlain are the English terms and plain words a
	// snippet marks.
	markTerms, markPlain []uint32
	// phrase is the query's terms and their distance in words from the
	// first, when a hit's text holding them in order is evidence (a short
	// query, every term known to the index).
	phrase []phraseTerm
	// phraseHeld has a bit set for each of the stems the phrase is made of
	// (share's held): a hit that lacks one cannot hold the phrase.
	phraseHeld uint64

	// terms are the English terms whose holding collect reports for each
	// hit: stemIDs, then the terms the shorthand of the query adds (adds).
	terms []uint32
	// adds are what the thesaurus adds for typed words: each stands for
	// some of the stems, at altWeight, when a hit holds all its terms.
	adds []addition
	// stemPlain is the plain word typed for each stem (noTerm when the
	// index does not hold it): a text holding the word as typed answers
	// better than one holding another word of the stem ("universal" is not
	// "universe").
	stemPlain []uint32
	// sides are the stems (bits by index in stemIDs) of the two things a
	// query compares ("reveal vs examine"), and sideAll their rarities
	// summed; none for any other query. A hit is measured against the side
	// it covers best: it answers for one of the two.
	sides   [2]uint64
	sideAll [2]float64
	// addTerms are the terms of adds (terms after stemIDs), as strings.
	addTerms []string
}

// addition is a meaning the thesaurus gives some typed words ("hq" means
// "headquarters"): the stems it stands for (bits by index in stemIDs) and
// the terms a hit must hold for it (bits by index in terms).
type addition struct {
	stems, need uint64
}

// phraseTerm is a term of a phrase and its distance in words from the first.
type phraseTerm struct {
	term   uint32
	offset int
}

func (ix *Index) analyze(u userQuery) analyzed {
	var a analyzed
	// The typed words as the index holds them, then read for the editions
	// and the document they name and the form of the question.
	words := make([]string, 0, len(u.Words))
	named := ""
	typed := ix.joinSplitWords(u.Words)
	for i, w := range typed {
		if m, ok := ix.thes.casedShorthand(w); ok {
			if doc := ix.thes.documentNamed(plainWords(m)); doc != "" && len(u.Words) > 1 {
				named = doc // "CR": where to look, not what about
				continue
			}
			words = append(words, strings.Fields(m)...)
			continue
		}
		before, after := "", ""
		if i > 0 {
			before = typed[i-1]
		}
		if i+1 < len(typed) {
			after = typed[i+1]
		}
		if c := ix.correct(w, &a, before, after); strings.IndexByte(c, ' ') < 0 {
			words = append(words, c)
		} else {
			words = append(words, strings.Fields(c)...)
		}
	}
	a.edition, words, a.bothEditions = editionWords(words)
	if a.document = ix.thes.documentNamed(words); a.document == "" {
		a.document = named
	}
	// "reveal vs examine" compares two things: each side is measured on
	// its own (see sides).
	var sides [2][]string
	if k := slices.IndexFunc(words, func(w string) bool { return w == "vs" || w == "versus" }); k > 0 && k < len(words)-1 {
		// Each side without the question's form, read in the whole
		// question ("when" beside "vs" stays).
		keep := ix.thes.questionFormKept(words)
		for i, w := range words {
			side := 0
			if i > k {
				side = 1
			}
			if i != k && (keep == nil || keep[i]) {
				sides[side] = append(sides[side], w)
			}
		}
		if len(sides[0]) == 0 || len(sides[1]) == 0 {
			sides = [2][]string{ix.thes.dropQuestionForm(words[:k]), ix.thes.dropQuestionForm(words[k+1:])}
		}
		words = append(slices.Clone(sides[0]), sides[1]...)
	} else if len(u.Phrases) > 0 || len(words) > 1 {
		words = ix.thes.dropQuestionForm(words)
	}
	parts := make([]string, 0, len(words)+len(u.Phrases))
	parts = append(parts, words...)
	for _, p := range u.Phrases {
		c := ix.correct(p, &a, "", "")
		a.phrases = append(a.phrases, c)
		parts = append(parts, c)
	}
	a.text = strings.Join(parts, " ")
	a.key = rules.FoldTerm(a.text)
	a.tokens = ix.english.Analyze([]byte(a.text))
	a.stems = distinctTerms(a.tokens)
	plain := ix.plain.Analyze([]byte(a.text))
	a.plain = distinctTerms(plain)
	// A plain word with no English term at its position is a stop word.
	j := 0
	for _, tok := range plain {
		for j < len(a.tokens) && a.tokens[j].Position < tok.Position {
			j++
		}
		if j < len(a.tokens) && a.tokens[j].Position == tok.Position {
			continue
		}
		if w := string(tok.Term); !slices.Contains(a.stopWords, w) {
			a.stopWords = append(a.stopWords, w)
		}
	}

	n := len(a.stems)
	a.stemIDs, a.stemIDF, a.markTerms = make([]uint32, 0, n), make([]float64, 0, n), make([]uint32, 0, n+4)
	a.terms = make([]uint32, 0, n+4)
	for _, t := range a.stems {
		id := ix.lex.id(t)
		a.stemIDs = append(a.stemIDs, id)
		a.stemIDF = append(a.stemIDF, ix.vocab.idf(t))
		a.stemAll += a.stemIDF[len(a.stemIDF)-1]
		if id != noTerm {
			a.markTerms = append(a.markTerms, id)
		}
	}
	a.terms = append(a.terms, a.stemIDs...)
	// The word as typed of each stem ("universal", not "universe"): the
	// plain word at the position of its first English token.
	a.stemPlain = make([]uint32, len(a.stems))
	for k := range a.stemPlain {
		a.stemPlain[k] = noTerm
	}
	j = 0
	for _, tok := range a.tokens {
		k := slices.Index(a.stems, string(tok.Term))
		if k < 0 || a.stemPlain[k] != noTerm {
			continue
		}
		for j < len(plain) && plain[j].Position < tok.Position {
			j++
		}
		if j < len(plain) && plain[j].Position == tok.Position {
			a.stemPlain[k] = ix.lex.id(string(plain[j].Term))
		}
	}
	if sides[0] != nil {
		for side, ws := range sides {
			for _, tok := range ix.english.Analyze([]byte(strings.Join(ws, " "))) {
				if k := slices.Index(a.stems, string(tok.Term)); k >= 0 && k < 64 && a.sides[side]&(1<<k) == 0 {
					a.sides[side] |= 1 << k
					a.sideAll[side] += a.stemIDF[k]
				}
			}
		}
		if a.sides[0] == 0 || a.sides[1] == 0 || a.sides[0]&a.sides[1] != 0 {
			a.sides = [2]uint64{} // not two things to compare
		}
	}
	ix.addMeanings(&a, plain)
	a.plainIDs = make([]uint32, 0, len(a.plain))
	for _, w := range a.plain {
		a.plainIDs = append(a.plainIDs, ix.lex.id(w))
	}
	// The whole query as a phrase: evidence for a short query ("showing your
	// cards"), seldom for a question in many words, which skips the cost.
	if n := len(a.plain); n > 1 && n <= maxImplicitPhrase && len(a.tokens) > 0 {
		for _, tok := range a.tokens {
			id := ix.lex.id(string(tok.Term))
			if id == noTerm {
				a.phrase = nil
				break
			}
			a.phrase = append(a.phrase, phraseTerm{id, tok.Position - a.tokens[0].Position})
			if k := slices.Index(a.stems, string(tok.Term)); k >= 0 && k < 64 {
				a.phraseHeld |= 1 << k
			}
		}
	}
	a.coverIDs, a.coverIDF, a.coverAll = a.stemIDs, a.stemIDF, a.stemAll
	if len(a.stems) == 0 {
		a.coverIDs, a.coverIDF, a.coverAll = a.plainIDs, nil, 0
		for _, w := range a.plain {
			a.coverIDF = append(a.coverIDF, ix.vocab.idf(w))
			a.coverAll += a.coverIDF[len(a.coverIDF)-1]
		}
		// A query of stop words marks its words as written.
		a.markPlain = a.plainIDs
	} else {
		for _, c := range a.alts {
			a.markPlain = append(a.markPlain, ix.lex.id(c.word))
		}
	}
	a.coverMask = termMask(a.coverIDs, a.plainIDs, a.terms[len(a.stemIDs):])
	return a
}

// correct reads a typed word or phrase as the index holds it: each word the
// index does not know (nor the thesaurus, as shorthand) becomes the hyphenated word it joins ("misseed" ->
// "mis seed"), else the two words it runs together ("awayteam" -> "away
// team"), else the nearest word within a typo's distance (which may be a
// hyphenated word joined and misspelt: "counterattak" -> "counter attack"),
// the other near words kept as alternatives in a.alts. Of the words as near,
// the one the rulebooks write beside the typed word's neighbours (before and
// after s, typed) comes first (see inContext). A word the index knows is
// never changed.
func (ix *Index) correct(s string, a *analyzed, before, after string) string {
	var toks []string
	if lowerWord(s) && (ix.vocab.known(s) || ix.thes.knows(s)) {
		return s // the usual case, without allocating
	}
	if asciiWord(s) {
		// What the plain analysis makes of it, without running it.
		toks = []string{strings.ToLower(s)}
	} else {
		toks = terms(ix.plain, s)
	}
	for i, w := range toks {
		if ix.vocab.known(w) || ix.thes.knows(w) || ix.thes.question[w] {
			continue // a word of the index, the game's shorthand for one, or of a question's form
		}
		stem, knownStem := ix.knownStem(w)
		if c, ok := ix.vocab.compounds[w]; ok {
			toks[i] = c.parts
			continue
		}
		if split, rarer, ok := ix.vocab.splitForm(w); ok {
			// Two words run together, unless one letter away from a
			// word the rulebooks use more than the rarer of the two
			// ("misson" is "mission", not "mis son").
			if cs := ix.vocab.corrections(w, 1); len(cs) == 0 || ix.vocab.freqOf(cs[0].word) <= rarer {
				toks[i] = split
				continue
			}
		}
		f := fuzziness(utf8.RuneCountInString(w))
		if f == 0 {
			continue
		}
		cs := ix.vocab.corrections(w, f)
		if knownStem {
			// Another form of a word of the rulebooks ("filling" of
			// "fills", "earning" of "earned"): it is searched by its
			// stem, never corrected into another word ("falling",
			// "warning"); only a word of its own stem may stand for it
			// as written ("engagment" is "engagement").
			cs = ix.sameStem(cs, stem)
		}
		prev, next := before, after
		if i > 0 {
			prev = toks[i-1]
		}
		if i+1 < len(toks) {
			next = toks[i+1]
		}
		ix.inContext(cs, prev, next)
		if len(cs) > 0 {
			toks[i] = cs[0].word
			if c, ok := ix.vocab.compounds[cs[0].word]; ok {
				toks[i] = c.parts
			}
			for _, c := range cs[1:] {
				if _, joined := ix.vocab.compounds[c.word]; !joined {
					a.alts = append(a.alts, c)
				}
			}
		}
	}
	return strings.Join(toks, " ")
}

// addMeanings adds to the analysed query what the thesaurus says its words
// mean (see synonyms.json): each meaning stands for the stems of the words
// it was found for, with less weight than they (altWeight).
func (ix *Index) addMeanings(a *analyzed, plain analysis.TokenStream) {
	ix.thes.expand(plain, func(from, to int, means [][]string) {
		// The stems of the typed words, by their positions.
		var stems uint64
		for _, tok := range a.tokens {
			if p := tok.Position - 1; p >= int(plain[from].Position)-1 && p <= int(plain[to-1].Position)-1 {
				if k := slices.Index(a.stems, string(tok.Term)); k >= 0 && k < 64 {
					stems |= 1 << k
				}
			}
		}
		if stems == 0 {
			return
		}
		for _, m := range means {
			var need uint64
			for _, t := range m {
				k := slices.Index(a.stems, t)
				if k < 0 {
					k = slices.Index(a.addTerms, t)
					if k >= 0 {
						k += len(a.stemIDs)
					}
				}
				if k < 0 {
					id := ix.lex.id(t)
					if id == noTerm || len(a.addTerms) == maxAlternatives {
						need = 0
						break
					}
					a.addTerms = append(a.addTerms, t)
					a.terms = append(a.terms, id)
					a.markTerms = append(a.markTerms, id)
					k = len(a.terms) - 1
				}
				if k >= 64 {
					need = 0
					break
				}
				need |= 1 << k
			}
			if need != 0 && need&stems != need {
				a.adds = append(a.adds, addition{stems: stems, need: need})
			}
		}
	})
}

// distinctTerms returns the distinct terms of a token stream, in order.
func distinctTerms(ts analysis.TokenStream) []string {
	out := make([]string, 0, len(ts))
	for _, tok := range ts {
		if !slices.ContainsFunc(out, func(t string) bool { return t == string(tok.Term) }) {
			out = append(out, string(tok.Term))
		}
	}
	return out
}

// asciiWord reports whether s is one word of ASCII letters and digits, which
// the plain analysis reads as itself, lower-cased.
func asciiWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; !('a' <= c && c <= 'z' || '0' <= s[i] && s[i] <= '9') {
			return false
		}
	}
	return s != ""
}

// knownStem returns the English term of a word the index does not hold as
// written, and whether the word is another form of a word of the rulebooks,
// not a typo: the index holds its term, and the word is that term with an
// ending of English ("fill" and "-ing", "hit" and "-s", "put", "t" and
// "-ing"). A typo whose term happens to be a word of the index ("winnning"
// is "winn" to the stemmer, the name of a card) is none.
func (ix *Index) knownStem(w string) (string, bool) {
	toks := ix.english.Analyze([]byte(w))
	if len(toks) != 1 {
		return "", false
	}
	t := string(toks[0].Term)
	if _, ok := ix.vocab.weight[t]; !ok {
		return t, false
	}
	return t, inflectionOf(w, t)
}

// inflections are the endings of English forms of a word (as the stemmer
// reads them: "copi" + "es", "happi" + "ness").
var inflections = []string{"s", "es", "ed", "d", "ing", "er", "ers", "ly", "ment", "ments", "able", "ible",
	"ness", "ion", "ions", "ation", "ations", "e", "y", "al"}

// inflectionOf reports whether w is stem and an ending of inflections,
// perhaps with the stem's last consonant doubled after a single one ("put",
// "putting"; not "winn", "winnning").
func inflectionOf(w, stem string) bool {
	rest, ok := strings.CutPrefix(w, stem)
	if !ok {
		return false
	}
	if n := len(stem); rest != "" && n >= 2 && rest[0] == stem[n-1] && stem[n-2] != stem[n-1] {
		if slices.Contains(inflections, rest[1:]) {
			return true
		}
	}
	return rest == "" || slices.Contains(inflections, rest)
}

// sameStem keeps the corrections whose English term is stem.
func (ix *Index) sameStem(cs []correction, stem string) []correction {
	kept := cs[:0]
	for _, c := range cs {
		if t, _ := ix.knownStem(c.word); t == stem {
			kept = append(kept, c)
		}
	}
	return kept
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
// exclusions forbidden. (Filters are applied while collecting.) The clauses
// are made from the query's analysis, the query as Bleve's match and phrase
// queries would make them, without analysing the text again for each.
func (ix *Index) buildQuery(u userQuery, a analyzed) searchPlan {
	p := searchPlan{should: make([]termClause, 0, 1+2*len(a.tokens)+len(a.addTerms)+len(a.stopWords)+2*len(a.alts))}
	add := func(term []byte, field string, boost float64) {
		p.should = append(p.should, termClause{term: term, field: field, boost: boost})
	}
	if a.key != "" {
		add([]byte(a.key), fieldTitleKey, ix.w.TitleExact)
	}
	// The words in the title and in the text, each a clause of its own
	// (one disjunction, not one per field: fewer searchers to build).
	for _, f := range [...]struct {
		field string
		boost float64
	}{{fieldTitle, ix.w.Title}, {fieldText, ix.w.Text}} {
		for _, tok := range a.tokens {
			add(tok.Term, f.field, f.boost)
		}
	}
	// What the judge's shorthand means, with less weight than the words
	// typed (in the text only: a title holding them counts in the
	// re-ranking, see cover.)
	for _, t := range a.addTerms {
		add([]byte(t), fieldText, ix.w.Text*altWeight)
	}
	// The stop words the English fields drop are looked for in the plain
	// title, so that "when and while" finds the section of that name.
	for _, w := range a.stopWords {
		add([]byte(w), fieldTitlePlain, ix.w.TitlePlain)
	}
	for _, c := range a.alts {
		scale := 1.0
		if c.dist > 1 {
			scale = 0.5
		}
		word := []byte(c.word)
		add(word, fieldTitlePlain, ix.w.NearTitle*scale)
		add(word, fieldTextPlain, ix.w.NearText*scale)
	}
	for _, ph := range a.phrases {
		ts := ix.english.Analyze([]byte(ph))
		p.must = append(p.must, bleve.NewDisjunctionQuery(phraseQuery(ts, fieldTitle, 1), phraseQuery(ts, fieldText, 1)))
	}
	for _, x := range u.Exclude {
		ts := ix.english.Analyze([]byte(x))
		p.mustNot = append(p.mustNot, phraseQuery(ts, fieldTitle, 1), phraseQuery(ts, fieldText, 1))
	}
	return p
}

// A searchPlan is the Bleve query of a judge's query: a disjunction of
// clauses of one term each (should), at least one of which a match holds,
// and the phrases a match must and must not hold. A query of should clauses
// alone (most) is searched without Bleve's searchers (see termMatches);
// query builds it as one Bleve query.
type searchPlan struct {
	should        []termClause
	must, mustNot []query.Query
}

// termClause is a term looked for in a field, with its boost.
type termClause struct {
	term  []byte
	field string
	boost float64
}

// query is the plan as one Bleve query.
func (p searchPlan) query() *query.BooleanQuery {
	should := make([]query.Query, len(p.should))
	for i, c := range p.should {
		t := bleve.NewTermQuery(string(c.term))
		t.SetField(c.field)
		t.SetBoost(c.boost)
		should[i] = t
	}
	bq := bleve.NewBooleanQuery()
	bq.AddShould(should...)
	bq.SetMinShould(1)
	bq.AddMust(p.must...)
	bq.AddMustNot(p.mustNot...)
	return bq
}

// matchQuery is what Bleve's match query (any of the words) makes of
// analysed text in a field: a disjunction of its terms.
func matchQuery(ts analysis.TokenStream, field string, boost float64) query.Query {
	if len(ts) == 0 {
		return bleve.NewMatchNoneQuery()
	}
	terms := make([]query.Query, len(ts))
	for i, tok := range ts {
		t := bleve.NewTermQuery(string(tok.Term))
		t.SetField(field)
		t.SetBoost(boost)
		terms[i] = t
	}
	d := bleve.NewDisjunctionQuery(terms...)
	d.SetMin(1)
	d.SetBoost(boost)
	return d
}

// phraseQuery is what Bleve's match phrase query makes of analysed text in
// a field: its terms at their positions, a stop word leaving a gap.
func phraseQuery(ts analysis.TokenStream, field string, boost float64) query.Query {
	if len(ts) == 0 {
		return bleve.NewMatchNoneQuery()
	}
	first, last := ts[0].Position, ts[0].Position
	for _, tok := range ts {
		first, last = min(first, tok.Position), max(last, tok.Position)
	}
	terms := make([][]string, last-first+1)
	for _, tok := range ts {
		terms[tok.Position-first] = append(terms[tok.Position-first], string(tok.Term))
	}
	p := query.NewMultiPhraseQuery(terms, field)
	p.SetBoost(boost)
	return p
}

func round(f float64) float64 { return math.Round(f*10000) / 10000 }
