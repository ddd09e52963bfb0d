package search

import (
	"slices"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/search/query"
)

// buildQuery makes the Bleve query of a judge's query: a disjunction of the
// exact title, title words, title and text phrases, text words and, with a
// low boost, words within a typo's distance; quoted phrases are required,
// exclusions forbidden. (Filters are applied while collecting.) The clauses
// are made from the query's analysis, the query as Bleve's match and phrase
// queries would make them, without analysing the text again for each.
func (ix *Index) buildQuery(u userQuery, a analyzed) searchPlan {
	return ix.buildQueryIn(u, a, new(queryRoom))
}

// buildQueryIn is buildQuery, the clauses and their terms made of strings
// in r's memory (its clauses and bytes, which analyzeIn does not use).
func (ix *Index) buildQueryIn(u userQuery, a analyzed, r *queryRoom) searchPlan {
	p := searchPlan{should: room(&r.clauses, 1+2*len(a.tokens)+len(a.addTerms)+len(a.stopWords)+2*len(a.alts))}
	add := func(term []byte, field string, boost float64) {
		p.should = append(p.should, termClause{term: term, field: field, boost: boost})
	}
	// The terms made of strings, one after the other in one array with
	// room for all (one appended past it would move the others' bytes).
	size := len(a.key)
	for _, t := range a.addTerms {
		size += len(t)
	}
	for _, w := range a.stopWords {
		size += len(w)
	}
	for _, c := range a.alts {
		size += len(c.word)
	}
	bytes := room(&r.bytes, size)
	termOf := func(s string) []byte {
		at := len(bytes)
		bytes = append(bytes, s...)
		return bytes[at:len(bytes):len(bytes)]
	}
	if a.key != "" {
		add(termOf(a.key), fieldTitleKey, ix.w.TitleExact)
	}
	// The words in the title and in the text, each a clause of its own
	// (one disjunction, not one per field: fewer searchers to build).
	// A document matching either holds the token's stem (its title or
	// text holds it: snapshot.holding), which the clause says by its bit
	// (termClause.held).
	for _, f := range [...]struct {
		field string
		boost float64
	}{{fieldTitle, ix.w.Title}, {fieldText, ix.w.Text}} {
		for _, tok := range a.tokens {
			add(tok.Term, f.field, f.boost)
			if k := slices.Index(a.stems, string(tok.Term)); k >= 0 {
				c := &p.should[len(p.should)-1]
				c.id, c.hasID = a.stemIDs[k], a.stemIDs[k] != noTerm
				if k < 64 {
					c.held = 1 << k
				}
			}
		}
	}
	p.held = min(len(a.stemIDs), 64)
	// What the judge's shorthand means, with less weight than the words
	// typed (in the text only: a title holding them counts in the
	// re-ranking, see cover.)
	for j, t := range a.addTerms {
		boost := ix.w.Text * altWeight
		if j >= len(a.addTerms)-a.derived {
			boost = ix.w.Text * ix.w.Derived // a word derived from a typed one (addDerived)
		}
		add(termOf(t), fieldText, boost)
		c := &p.should[len(p.should)-1]
		c.id, c.hasID = a.terms[len(a.stemIDs)+j], true // the lexicon's (see addMeanings)
	}
	// The stop words the English fields drop are looked for in the plain
	// title, so that "when and while" finds the section of that name.
	for _, w := range a.stopWords {
		add(termOf(w), fieldTitlePlain, ix.w.TitlePlain)
	}
	for _, c := range a.alts {
		scale := 1.0
		if c.dist > 1 {
			scale = 0.5
		}
		word := termOf(c.word)
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
	// held is how many of the query's first terms (analyzed.terms: its
	// stems) a match of the should clauses holds exactly when it matches
	// a clause of that term (termClause.held): each has a clause in the
	// title and one in the text.
	held int
}

// termClause is a term looked for in a field, with its boost; held has the
// bit (by index in analyzed.terms) of the query's term a document matching
// it holds, when it is one of searchPlan.held's.
type termClause struct {
	term  []byte
	field string
	boost float64
	held  uint64
	// id is the term's lexicon id when hasID (the query's stems and what
	// the thesaurus adds): its postings are read by it (see
	// fieldPostings.termOf).
	id    uint32
	hasID bool
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
