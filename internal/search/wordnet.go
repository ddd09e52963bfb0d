package search

import (
	_ "embed"
	"math"
	"slices"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Words derived from one another that the stemmer reads as two terms.
//
// The English analysis reads most forms of a word as one term, but not the
// words English derives from one another: "decide" is "decid" and
// "decision" "decis", "leader" is "leader" and "lead" "lead", "die" and
// "death", "win" and "winner". A judge asks with one ("do I need a leader to
// start a battle") where the rulebooks write the other ("led by"). wordnet.txt
// relates each word of general English to the words WordNet 3.0 derives
// from it or it from (its "derivationally related forms") in the word's
// sense most often seen in use, restricted to words the rules documents
// hold; it is made by internal/search/internal/wordnetgen from WordNet's
// database, never edited by hand, and holds no word of the game's own (the
// thesaurus, synonyms.json, holds those). When the index is built or
// opened, each word's English term is linked to the terms of its derived
// words the index holds (findDerived). A search looks for the derived terms
// of a typed word the index holds in fewer than one document in
// derivedRarest, or not at all (addDerived), at Derived of the typed word's
// weight: a word common in the rulebooks is a word of their own, said in
// their own sense ("play" is not "player", nor "order" "orderly"), and a
// derived word is weaker evidence than the word typed.

//go:embed wordnet.txt
var wordnetText string

// derivedRarest: a typed word in at least one document in derivedRarest is
// searched without its derived words.
const derivedRarest = 50

// findDerived links the English term of each word of wordnet.txt to the
// lexicon's ids of the terms of its derived words.
func (ix *Index) findDerived() {
	// The terms of the rules' titles are the game's own words ("persona",
	// "win"): said in the game's sense, they are not the words derived
	// from them ("impersonate", "winner"), nor are those derived words.
	game := map[uint32]bool{}
	for _, m := range ix.meta {
		if m.Kind != rules.KindCard {
			for _, id := range m.titleIDs {
				game[id] = true
			}
		}
	}
	derived := map[string][]uint32{}
	for line := range strings.Lines(wordnetText) {
		if strings.HasPrefix(line, "#") {
			continue
		}
		ws := strings.Fields(line)
		if len(ws) < 2 {
			continue
		}
		key := ix.termOfWord(ws[0])
		if key == "" || game[ix.lex.id(key)] {
			continue
		}
		for _, w := range ws[1:] {
			t := ix.termOfWord(w)
			id := ix.lex.id(t)
			if t == "" || t == key || id == noTerm || slices.Contains(derived[key], id) || game[id] {
				continue
			}
			derived[key] = append(derived[key], id)
		}
	}
	ix.derived = derived
}

// termOfWord is the English term of one word, "" for none (a stop word).
func (ix *Index) termOfWord(w string) string {
	toks := ix.english.Analyze([]byte(w))
	if len(toks) != 1 {
		return ""
	}
	return string(toks[0].Term)
}

// addDerived adds to a query, for each of its stems the index holds rarely
// or not at all, the terms of its derived words the index holds (see
// findDerived): each is searched in the text at Derived of a typed word's
// boost, and stands for the stem at Derived of its weight in the
// re-ranking. They come after every other term the query adds (analyzed.derived).
func (ix *Index) addDerived(a *analyzed) {
	rare := math.Log(1 + derivedRarest)
	for k, stem := range a.stems {
		if k >= 64 {
			break
		}
		rel := ix.derived[stem]
		if len(rel) == 0 || a.stemIDs[k] != noTerm && ix.lex.idf[a.stemIDs[k]] < rare {
			continue
		}
		for _, id := range rel {
			if slices.Contains(a.stemIDs, id) {
				continue
			}
			j := slices.Index(a.terms, id)
			if j < 0 {
				if len(a.terms) >= 64 || len(a.addTerms) == maxAlternatives {
					continue
				}
				a.addTerms = append(a.addTerms, ix.lex.words[id])
				a.derived++
				a.terms = append(a.terms, id)
				a.markTerms = append(a.markTerms, id)
				j = len(a.terms) - 1
			}
			if j < 64 {
				a.adds = append(a.adds, addition{stems: 1 << k, need: 1 << j, weight: ix.w.Derived})
			}
		}
	}
}
