package search

import "slices"

// What a paragraph says something is.
//
// A rulebook often says what a term is without a glossary entry or a
// "means": "Any cards seeded under missions other than described above are
// mis-seeds and are placed out-of-play", "If you seed any card that is not a
// seed card, it is a mis-seed." The term stands after "is" or "are" (and an
// article), and ends the clause: a mark of punctuation, "and" or "or"
// follows it. A paragraph naming the question's term so answers a question
// asking what the term is (intentDefinition), as one saying "means" does.
// "cards that are stopped may not..." names nothing: the clause goes on; nor
// does "While your personnel is a captive, ...": a clause opened by "if",
// "while", "when" and the like says when something holds, not what it is.

// namedTerm is a term a paragraph names as what something is: its words'
// English terms, in order.
type namedTerm struct {
	para  int16
	n     uint8
	terms [maxNamedWords]uint32
}

// maxNamedWords is the most words of a term a paragraph names.
const maxNamedWords = 3

// findNamed finds, in each entry's paragraphs, the terms they name as what
// something is (see above).
func (ix *Index) findNamed() {
	id := func(w string) uint32 { return ix.lex.id(w) }
	is, are := id("is"), id("are")
	a, an := id("a"), id("an")
	and, or := id("and"), id("or")
	subs := make([]uint32, 0, len(subordinators))
	for _, w := range subordinators {
		if x := id(w); x != noTerm {
			subs = append(subs, x)
		}
	}
	for _, m := range ix.meta {
		m.named = nil
		if len(m.paras) == 0 {
			continue
		}
		p := 0
		for i := 0; i+1 < len(m.words); i++ {
			for p+1 < len(m.paras) && m.paras[p+1].at <= uint32(i) {
				p++
			}
			if w := m.words[i].plain; w == noTerm || w != is && w != are {
				continue
			}
			if subordinate(m, i, m.paras[p].at, subs) {
				continue
			}
			end := uint32(len(m.words))
			if p+1 < len(m.paras) {
				end = m.paras[p+1].at
			}
			j := i + 1
			if pl := m.words[j].plain; pl == a || pl == an {
				j++
			}
			var t namedTerm
			t.para = int16(p)
			ends := false
			for k := j; k < int(end) && int(t.n) < maxNamedWords; k++ {
				if m.words[k].term == noTerm || between(m, k-1, k) {
					break
				}
				t.terms[t.n] = m.words[k].term
				t.n++
				if k+1 >= int(end) || between(m, k, k+1) {
					ends = true
					break
				}
				if pl := m.words[k+1].plain; pl == and || pl == or {
					ends = true
					break
				}
			}
			if ends && t.n > 0 {
				m.named = append(m.named, t)
			}
		}
	}
}

// subordinators open a clause saying when or whether something holds.
var subordinators = []string{"if", "while", "when", "whenever", "unless", "once", "until", "because", "before", "after", "though", "although"}

// subordinate reports whether word i of an entry's text stands in a clause
// opened by a subordinator (subs, their plain ids; see above): one between it
// and the mark of punctuation before it, or the paragraph's first word at.
func subordinate(m *docMeta, i int, at uint32, subs []uint32) bool {
	for k := i - 1; k >= int(at); k-- {
		if pl := m.words[k].plain; pl != noTerm && slices.Contains(subs, pl) {
			return true
		}
		if between(m, k-1, k) {
			return false
		}
	}
	return false
}

// between reports whether a mark of punctuation stands between words k and
// l of an entry's text (l == k+1), a word and not in the same clause.
func between(m *docMeta, k, l int) bool {
	if k < 0 {
		return false
	}
	for _, c := range m.Text[m.words[k].end:m.words[l].start] {
		switch c {
		case '.', ',', ';', ':', '(', ')', '!', '?':
			return true
		}
	}
	return false
}

// namesAsked reports whether paragraph p of an entry (any, for -1) names a
// term the query asks what it is: every word of the term one of the query's
// stems.
func (a *analyzed) namesAsked(m *docMeta, p int) bool {
	if a.intent&intentDefinition == 0 {
		return false
	}
	for _, t := range m.named {
		if p >= 0 && int(t.para) != p {
			continue
		}
		all := true
		for _, id := range t.terms[:t.n] {
			if !slices.Contains(a.stemIDs, id) {
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
