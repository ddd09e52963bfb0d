package search

import (
	"github.com/blevesearch/bleve/v2/analysis"
)

// The analysis of a query's words, read from a table rather than run.
//
// A query's text is analysed twice (English terms, plain words) by Bleve's
// analyzers: its Unicode word segmentation and stemmer were about a twentieth
// of a search. The words of a query are nearly always words of the index,
// whose analysis is known: when the index is built or opened, each plain word
// of the lexicon that is one run of lower-case ASCII letters and digits gets
// its English term (none for a stop word) and its token type, as the
// analyzers give them. A text of such words alone, one space apart, is then
// analysed from the table, token for token what the analyzers give
// (TestWordTableAnalysesAsTheAnalyzers); any other text is analysed by them.

// wordForm is what the analyzers make of one word: its English term (nil
// for a stop word) and the type of its token, with the lexicon ids of the
// term and the word (noTerm for a term the lexicon does not hold), so that
// a query read from the table looks neither up again.
type wordForm struct {
	english   []byte
	term      string // english as a string ("" for a stop word)
	plain     []byte // the word itself, its plain term
	typ       analysis.TokenType
	englishID uint32
	plainID   uint32
}

// tableWords fills the table of the lexicon's simple words' analysis.
func (ix *Index) tableWords() {
	ix.forms = make(map[string]*wordForm, len(ix.lex.ids))
	// The forms in one array, the map holding where each is: a query's
	// words are read into an array of their places, not of the forms.
	all := make([]wordForm, 0, len(ix.lex.ids))
	for w := range ix.lex.ids {
		if !simpleWord(w) {
			continue
		}
		plain := ix.plain.Analyze([]byte(w))
		if len(plain) != 1 || string(plain[0].Term) != w {
			continue
		}
		english := ix.english.Analyze([]byte(w))
		f := wordForm{plain: []byte(w), typ: plain[0].Type, englishID: noTerm, plainID: ix.lex.ids[w]}
		switch {
		case len(english) == 1 && english[0].Type == f.typ:
			f.english, f.term = english[0].Term, string(english[0].Term)
			f.englishID = ix.lex.id(f.term)
		case len(english) != 0:
			continue
		}
		all = append(all, f)
		ix.forms[w] = &all[len(all)-1]
	}
}

// englishTerm returns the English term the English analyzer makes of a
// plain word, and whether it makes one token of it (none for a stop word):
// from the table for a word of the lexicon, else by running the analyzer.
// The readings of a word the index does not know ask it of every word they
// weigh (termOf, knownStem), most of them words of the index.
func (ix *Index) englishTerm(w string) (string, bool) {
	if f, ok := ix.forms[w]; ok {
		return f.term, f.english != nil
	}
	toks := ix.english.Analyze([]byte(w))
	if len(toks) != 1 {
		return "", false
	}
	return string(toks[0].Term), true
}

// simpleWord reports whether w is one run of lower-case ASCII letters and
// digits.
func simpleWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return w != ""
}

// analyzeText returns the English and the plain analysis of a query's text:
// from the table when every word of it is there, one space apart, else from
// the analyzers. Read from the table, ids is given the lexicon id of each
// English token's term and then of each plain token's (noTerm for one it
// does not hold), and known is true; else ids is returned as given.
func (ix *Index) analyzeText(text string, ids []uint32) (english, plain analysis.TokenStream, _ []uint32, known bool) {
	return ix.analyzeTextIn(text, ids, new(queryRoom))
}

// analyzeTextIn is analyzeText, the table's tokens in r's memory.
func (ix *Index) analyzeTextIn(text string, ids []uint32, r *queryRoom) (english, plain analysis.TokenStream, _ []uint32, known bool) {
	if english, plain, withIDs, ok := ix.tableText(text, ids, r); ok {
		return english, plain, withIDs, true
	}
	return ix.english.Analyze([]byte(text)), ix.plain.Analyze([]byte(text)), ids, false
}

// maxTableWords bounds the words of a text tableText reads (a query's text
// is bounded by its parameter's length; longer ones go to the analyzers).
const maxTableWords = 64

// tableText is analyzeText from the table; ok is false when a word is not in
// it.
func (ix *Index) tableText(text string, ids []uint32, r *queryRoom) (english, plain analysis.TokenStream, _ []uint32, ok bool) {
	if text == "" || len(ix.forms) == 0 {
		return nil, nil, ids, false
	}
	var forms [maxTableWords]*wordForm
	var bounds [maxTableWords][2]int
	n := 0
	for start := 0; start < len(text); {
		end := start
		for end < len(text) && text[end] != ' ' {
			end++
		}
		if end == start || n == maxTableWords {
			return nil, nil, ids, false // two spaces, or too many words
		}
		f, found := ix.forms[text[start:end]]
		if !found {
			return nil, nil, ids, false
		}
		forms[n], bounds[n] = f, [2]int{start, end}
		n++
		start = end + 1
		if end == len(text)-1 {
			return nil, nil, ids, false // a space last
		}
	}
	tokens := room(&r.tokens, 2*n)
	streams := analysis.TokenStream(room(&r.streams, 2*n))
	plain, english = streams[:0:n], streams[n:n:2*n]
	for i := range n {
		b := bounds[i]
		tokens = append(tokens, analysis.Token{Term: forms[i].plain, Start: b[0], End: b[1], Position: i + 1, Type: forms[i].typ})
		plain = append(plain, &tokens[len(tokens)-1])
	}
	for i := range n {
		if forms[i].english == nil {
			continue
		}
		b := bounds[i]
		tokens = append(tokens, analysis.Token{Term: forms[i].english, Start: b[0], End: b[1], Position: i + 1, Type: forms[i].typ})
		english = append(english, &tokens[len(tokens)-1])
		ids = append(ids, forms[i].englishID)
	}
	for i := range n {
		ids = append(ids, forms[i].plainID)
	}
	return english, plain, ids, true
}
