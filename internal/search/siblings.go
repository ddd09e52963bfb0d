package search

import (
	"slices"
	"sort"
	"strings"
)

// Forms of one word that the stemmer reads as two terms.
//
// The English analysis reads most forms of a word as one term ("cards",
// "card"), but not all: "tied" is "ti" and "tie" is "tie", "died" is "di"
// and "die" is "die". A judge asking "combat tie who wins" asks about the
// paragraph that says the totals are tied. When the index is built or
// opened, every plain word of the texts that is another plain word ending in
// "ie" with an ending of English (see siblingEndings) links the two words'
// terms when they differ; a search then looks for a linked term as for a
// meaning of the typed word, at altWeight. Only those: other endings link
// words that are not one ("seed" is not a form of "see", nor "card" of
// "care", nor "letter" of "let").
//
// Irregular verbs are the other forms the stemmer splits: "draws" is "draw"
// but "drawn" is "drawn" and "drew" "drew", "chosen" is not "choos". The
// forms of each verb of a small table of English (irregularVerbs) that the
// rulebooks' texts hold are linked the same way when their terms differ; a
// form the texts never use links nothing. Forms that are another word as
// often as a form of the verb ("left", "found", "saw", "lay") are left out
// of the table.

// siblingEndings are the endings a word ending in "ie" takes; minSiblingBase
// is the fewest letters of that word.
var siblingEndings = []string{"s", "d"}

const minSiblingBase = 3

// irregularVerbs are English verbs whose forms the stemmer does not read as
// their stem: each row the plain present, past and past participle, and a
// present the stemmer splits ("goes" is "goe"). Verbs
// whose forms are stop words (be, do, have) are left out, and so are forms
// that are as often another word (left, found, saw, lay, lie, shot, thought, see (its "See X" cross-references), bit,
// ground, wound, bound, spoke, fell, felt, lit, rose, meant).
var irregularVerbs = [][]string{
	{"arise", "arose", "arisen"}, {"become", "became", "become"}, {"begin", "began", "begun"},
	{"blow", "blew", "blown"}, {"break", "broke", "broken"},
	{"bring", "brought", "brought"}, {"build", "built", "built"}, {"buy", "bought", "bought"},
	{"catch", "caught", "caught"}, {"choose", "chose", "chosen"}, {"come", "came", "come"},
	{"deal", "dealt", "dealt"}, {"draw", "drew", "drawn"}, {"drive", "drove", "driven"},
	{"eat", "ate", "eaten"}, {"fight", "fought", "fought"}, {"flee", "fled", "fled"},
	{"fly", "flew", "flown"}, {"forbid", "forbade", "forbidden"}, {"forget", "forgot", "forgotten"},
	{"freeze", "froze", "frozen"}, {"get", "got", "gotten"}, {"give", "gave", "given"},
	{"go", "went", "gone", "goes"}, {"grow", "grew", "grown"}, {"hide", "hid", "hidden"},
	{"hold", "held", "held"}, {"keep", "kept", "kept"}, {"know", "knew", "known"},
	{"lead", "led", "led"}, {"lose", "lost", "lost"}, {"make", "made", "made"},
	{"meet", "met", "met"}, {"overcome", "overcame", "overcome"}, {"pay", "paid", "paid"},
	{"redraw", "redrew", "redrawn"}, {"ride", "rode", "ridden"}, {"run", "ran", "run"},
	{"say", "said", "said"}, {"seek", "sought", "sought"},
	{"sell", "sold", "sold"}, {"send", "sent", "sent"}, {"shake", "shook", "shaken"},
	{"show", "showed", "shown"}, {"sink", "sank", "sunk"}, {"sit", "sat", "sat"},
	{"speak", "spoke", "spoken"}, {"spend", "spent", "spent"}, {"stand", "stood", "stood"},
	{"steal", "stole", "stolen"}, {"stick", "stuck", "stuck"}, {"strike", "struck", "struck"},
	{"take", "took", "taken"}, {"teach", "taught", "taught"}, {"tear", "tore", "torn"},
	{"tell", "told", "told"}, {"throw", "threw", "thrown"}, {"understand", "understood", "understood"},
	{"undo", "undid", "undone", "undoes"}, {"wake", "woke", "woken"}, {"wear", "wore", "worn"},
	{"win", "won", "won"}, {"withdraw", "withdrew", "withdrawn"}, {"write", "wrote", "written"},
}

// findSiblings links the terms of the forms of one word (see above), from
// the plain words and terms of every document's words.
func (ix *Index) findSiblings() {
	names := make([]string, len(ix.lex.ids))
	for s, id := range ix.lex.ids {
		names[id] = s
	}
	termOf := map[string]uint32{}
	for _, m := range ix.meta {
		for _, w := range m.words {
			if w.term == noTerm || w.plain == noTerm {
				continue
			}
			if _, ok := termOf[names[w.plain]]; !ok {
				termOf[names[w.plain]] = w.term
			}
		}
	}
	links := map[string][]string{}
	link := func(a, b uint32) {
		x, y := names[a], names[b]
		if !slices.Contains(links[x], y) {
			links[x] = append(links[x], y)
		}
		if !slices.Contains(links[y], x) {
			links[y] = append(links[y], x)
		}
	}
	for w, t := range termOf {
		for _, end := range siblingEndings {
			stem, ok := strings.CutSuffix(w, end)
			if !ok {
				continue
			}
			if len(stem) < minSiblingBase || !strings.HasSuffix(stem, "ie") {
				continue
			}
			if bt, ok := termOf[stem]; ok && bt != t {
				link(t, bt)
			}
		}
	}
	for _, forms := range irregularVerbs {
		for i, x := range forms {
			tx, ok := termOf[x]
			if !ok {
				continue
			}
			for _, y := range forms[i+1:] {
				if ty, ok := termOf[y]; ok && ty != tx {
					link(tx, ty)
				}
			}
		}
	}
	for _, l := range links {
		sort.Strings(l)
	}
	ix.siblings = links
}

// addSiblings adds to a query, as meanings of its stems, the terms the
// stemmer gives other forms of their words (see findSiblings).
func (ix *Index) addSiblings(a *analyzed) {
	for k, stem := range a.stems {
		if k >= 64 {
			break
		}
		for _, s := range ix.siblings[stem] {
			if slices.Contains(a.stems, s) {
				continue
			}
			j := slices.Index(a.addTerms, s)
			if j < 0 {
				id := ix.lex.id(s)
				if id == noTerm || len(a.addTerms) == maxAlternatives {
					continue
				}
				a.addTerms = append(a.addTerms, s)
				a.terms = append(a.terms, id)
				a.markTerms = append(a.markTerms, id)
				j = len(a.addTerms) - 1
			}
			if j += len(a.stemIDs); j < 64 {
				a.adds = append(a.adds, addition{stems: 1 << k, need: 1 << j, weight: altWeight})
			}
		}
	}
}
