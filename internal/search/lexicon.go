package search

import (
	"cmp"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2/analysis"
)

// noTerm is the id of a word the index does not hold.
const noTerm = ^uint32(0)

// A lexicon numbers every English term and plain word of the indexed titles
// and texts, so that what a search asks of a hit (does it hold this term? is
// this word of its text one of the query's?) compares numbers, not strings.
// It is filled while the index is built or opened and only read afterwards.
type lexicon struct {
	ids map[string]uint32
	// words are the strings numbered, by id: a search's terms the index
	// holds are these, not copies made for each search.
	words []string
	// idf is the rarity of each id as an English term (vocabulary.idf).
	idf []float64
	// number is the id of the same word in the other grammatical number,
	// the plural of a singular or the singular of a plural ("missions",
	// "mission"), noTerm when the lexicon holds none.
	number []uint32
}

func newLexicon() *lexicon { return &lexicon{ids: map[string]uint32{}} }

// intern returns the id of s, numbering it if it is new.
func (l *lexicon) intern(s []byte) uint32 {
	if id, ok := l.ids[string(s)]; ok {
		return id
	}
	id := uint32(len(l.ids))
	w := string(s)
	l.ids[w] = id
	l.words = append(l.words, w)
	return id
}

// id returns the id of s, or noTerm.
func (l *lexicon) id(s string) uint32 {
	if id, ok := l.ids[s]; ok {
		return id
	}
	return noTerm
}

// weigh fills in the rarity of every id, and its word in the other
// grammatical number.
func (l *lexicon) weigh(v *vocabulary) {
	l.idf = make([]float64, len(l.ids))
	l.number = make([]uint32, len(l.ids))
	for s, id := range l.ids {
		l.idf[id] = v.idf(s)
		l.number[id] = noTerm
		for _, f := range [...]string{s + "s", s + "es", strings.TrimSuffix(s, "s"), strings.TrimSuffix(s, "es")} {
			if other, ok := l.ids[f]; ok && f != s && f != "" {
				l.number[id] = other
				break
			}
		}
	}
}

// termMask has bit id%64 set for each id: two sets of ids whose masks share
// no bit share no id, which is known without comparing them.
func termMask(ids ...[]uint32) uint64 {
	var mask uint64
	for _, s := range ids {
		for _, id := range s {
			mask |= 1 << (id % 64)
		}
	}
	return mask
}

// A word is a word of a hit's snippet text: where it is (bytes), its English
// term (noTerm for a stop word) and its plain, lower-cased form.
type word struct {
	start, end  uint32
	term, plain uint32
}

// derive computes what searches need of one document beyond its metadata:
// the ids of its English terms, of its title's terms, and the words of the
// text its snippet is cut from. It runs once per document, when the index is
// built or opened.
func (ix *Index) derive(m *docMeta) {
	title := ix.english.Analyze([]byte(m.Title))
	text := ix.english.Analyze([]byte(m.Text))
	terms := make([]uint32, 0, len(title)+len(text))
	for _, ts := range []analysis.TokenStream{title, text} {
		for _, tok := range ts {
			terms = append(terms, ix.lex.intern(tok.Term))
		}
	}
	slices.Sort(terms)
	m.terms = slices.Clip(slices.Compact(terms))

	m.titleIDs = make([]uint32, len(m.TitleTerms))
	for i, t := range m.TitleTerms {
		m.titleIDs[i] = ix.lex.intern([]byte(t))
	}
	m.titleMask = termMask(m.titleIDs)
	m.titleWords = ix.termsByPosition(m.Title, title)
	m.titlePlain = m.titlePlain[:0]
	for _, tok := range ix.plain.Analyze([]byte(m.Title)) {
		m.titlePlain = append(m.titlePlain, ix.lex.intern(tok.Term))
	}

	snip, english := m.Text, text
	m.textWords = strings.TrimSpace(snip) != ""
	if !m.textWords {
		snip, english = m.Title, title
	}
	// The plain analysis has every word; the English one the same words but
	// the stop words, at the same positions.
	plain := ix.plain.Analyze([]byte(snip))
	m.words = make([]word, len(plain))
	j := 0
	for i, tok := range plain {
		w := word{start: uint32(tok.Start), end: uint32(tok.End), term: noTerm, plain: ix.lex.intern(tok.Term)}
		// A possessive is marked without its ending, as the English
		// analysis reads it ("the <mark>mission</mark>'s requirements").
		for _, p := range [...]string{"'s", "’s", "'S", "’S"} {
			if n := uint32(len(p)); w.end-w.start > n && strings.HasSuffix(snip[w.start:w.end], p) {
				w.end -= n
				break
			}
		}
		for j < len(english) && english[j].Position < tok.Position {
			j++
		}
		if j < len(english) && english[j].Position == tok.Position {
			w.term = ix.lex.intern(english[j].Term)
		}
		m.words[i] = w
	}
	m.numbers = m.numbers[:0]
	for i, tok := range plain {
		if isNumber(tok.Term) || unboundedCount(plain, i) || isTimesWord(string(tok.Term)) {
			m.numbers = append(m.numbers, uint32(i))
		}
	}
	m.numbers = slices.Clip(m.numbers)
	m.modals = m.modals[:0]
	for i, tok := range plain {
		if isModal(tok.Term) {
			m.modals = append(m.modals, uint32(i))
		}
	}
	m.modals = slices.Clip(m.modals)
	m.byTerm = make([]termAt, 0, len(m.words))
	for i, w := range m.words {
		if w.term != noTerm {
			m.byTerm = append(m.byTerm, termAt{term: w.term, at: uint32(i), plain: w.plain, start: w.start, end: w.end})
		}
	}
	slices.SortFunc(m.byTerm, func(x, y termAt) int {
		if c := cmp.Compare(x.term, y.term); c != 0 {
			return c
		}
		return cmp.Compare(x.at, y.at)
	})
	var runs []termRun
	for i, o := range m.byTerm {
		if i == 0 || o.term != m.byTerm[i-1].term {
			runs = append(runs, termRun{term: o.term, from: uint32(i)})
		}
	}
	m.termRuns = slices.Clip(append(runs, termRun{term: noTerm, from: uint32(len(m.byTerm))}))
	deriveParagraphs(m)
}

// termRun is where the words of one term start among a document's words by
// term (docMeta.byTerm): a term's words are byTerm[run.from:next.from].
type termRun struct{ term, from uint32 }

// termAt is a word of a text by its English term: the term and the word's
// index among the words, and of the word (docMeta.words[at]) its plain word
// and its bytes, which a hit's best paragraph and its snippet read of the
// query's words: from the words of each term in order, not from wherever
// each stands in the text, a cache miss each under load.
type termAt struct {
	term, at   uint32
	plain      uint32
	start, end uint32
}

// occurrences returns the words of the document's snippet text whose term
// is t, in order.
func (m *docMeta) occurrences(t uint32) []termAt {
	// The run of term t, by halving over the document's terms (a
	// hand-written search: it runs for every term of a query in every hit
	// re-ranked), a few entries to a cache line where the words by term
	// are many more and larger. The last run is a sentinel (noTerm).
	runs := m.termRuns
	lo, hi := 0, len(runs)-1
	for lo < hi {
		h := int(uint(lo+hi) >> 1)
		if runs[h].term < t {
			lo = h + 1
		} else {
			hi = h
		}
	}
	if lo >= len(runs)-1 || runs[lo].term != t {
		return nil
	}
	return m.byTerm[runs[lo].from:runs[lo+1].from]
}

// termsByPosition returns the English term of each word of s (noTerm for a
// stop word), given the English analysis of s.
func (ix *Index) termsByPosition(s string, english analysis.TokenStream) []uint32 {
	n := 0
	for _, tok := range english {
		n = max(n, tok.Position)
	}
	if n == 0 {
		return nil
	}
	// Positions count every word, stop words too: the last word may be one.
	n = max(n, len(ix.plain.Analyze([]byte(s))))
	out := make([]uint32, n)
	for i := range out {
		out[i] = noTerm
	}
	for _, tok := range english {
		out[tok.Position-1] = ix.lex.intern(tok.Term)
	}
	return out
}

// inTitleOrder reports whether the document's title holds the terms of the
// query's phrase in order, as inOrder does for the text.
func (a *analyzed) inTitleOrder(m *docMeta) bool {
	if len(a.phrase) == 0 {
		return false
	}
	last := a.phrase[len(a.phrase)-1].offset
	for at := 0; at+last < len(m.titleWords); at++ {
		all := true
		for _, p := range a.phrase {
			if m.titleWords[at+p.offset] != p.term {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// inOrder reports whether the document's text holds the terms of the query's
// phrase in order, a stop word of the query standing for any one word.
func (a *analyzed) inOrder(m *docMeta) bool {
	if len(a.phrase) == 0 || !m.textWords {
		return false
	}
	for _, o := range m.occurrences(a.phrase[0].term) {
		at, all := int(o.at), true
		for _, p := range a.phrase[1:] {
			if j := at + p.offset; j >= len(m.words) || m.words[j].term != p.term {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// holds reports whether the document holds the English term id in its title
// or text.
func (s *snapshot) holds(m *docMeta, id uint32) bool {
	if int(id) >= len(s.holding) {
		return false
	}
	_, ok := slices.BinarySearch(s.holding[id], m.num)
	return ok
}

// namesTitleInOrder reports whether the query holds the terms of the
// document's title, two or more, in the title's order, other words
// between them ("my mission attempt fails" names "When your attempt
// fails"; "failed mission attempt" does not).
func (a *analyzed) namesTitleInOrder(m *docMeta) bool {
	n, j := 0, 0
	for _, t := range m.titleWords {
		if t == noTerm {
			continue
		}
		n++
		for j < len(a.phrase) && a.phrase[j].term != t {
			j++
		}
		if j == len(a.phrase) {
			return false
		}
		j++
	}
	return n >= 2
}
