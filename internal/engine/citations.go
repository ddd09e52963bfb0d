// Citations: every rule a verdict may apply (the table is rulebook.go)
// found, once at start, in each document's own text, and cited with the
// sentence that holds it (the sentence is found in sentences.go).

package engine

import (
	"sort"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A rule is one statement of the rulebooks a verdict may apply: the titles of
// the entries that usually hold it (a section, a glossary term) and key
// phrases of its sentence, in each rulebook's wording. The sentence cited is
// the one of the entry's own text that holds the first phrase found.
type rule struct {
	titles  []string
	phrases []string
}

// ruleKey names a rule of the citation index.
type ruleKey string

// citationIndex holds, per document, the citation found for each rule.
type citationIndex struct {
	byDoc map[string]map[ruleKey]rules.Citation
}

func buildCitations(docs []rules.Document, entries []*rules.Entry) citationIndex {
	book := ruleBook()
	strict := strictRules()
	keys := make([]ruleKey, 0, len(book))
	for k := range book {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	byDocEntries := map[string][]*rules.Entry{}
	for _, e := range entries {
		if e == nil || e.Kind == rules.KindCard {
			continue
		}
		byDocEntries[e.DocumentID] = append(byDocEntries[e.DocumentID], e)
	}
	idx := citationIndex{byDoc: map[string]map[ruleKey]rules.Citation{}}
	for _, d := range docs {
		es := byDocEntries[d.ID]
		sort.SliceStable(es, func(i, j int) bool { return es[i].Order < es[j].Order })
		norms := make([]normText, len(es))
		for i, e := range es {
			norms[i] = normalise(e.Text)
		}
		found := map[ruleKey]rules.Citation{}
		for _, k := range keys {
			if c, ok := findCitation(book[k], strict[k], es, norms); ok {
				found[k] = c
			}
		}
		idx.byDoc[d.ID] = found
	}
	return idx
}

// strictRules are cited only from an entry of one of their titles: the
// same words elsewhere speak of something else (a tie in combat is not a tie
// in an engagement).
func strictRules() map[ruleKey]bool {
	return map[ruleKey]bool{"combat.tie": true, "engage.tie": true}
}

func findCitation(r rule, strict bool, es []*rules.Entry, norms []normText) (rules.Citation, bool) {
	hints := map[string]int{}
	for i, t := range r.titles {
		if _, ok := hints[rules.FoldTerm(t)]; !ok {
			hints[rules.FoldTerm(t)] = i
		}
	}
	rank := func(e *rules.Entry) int {
		best := len(r.titles) + 1
		if i, ok := hints[rules.FoldTerm(e.Title)]; ok && i < best {
			best = i
		}
		for _, p := range e.Path {
			if i, ok := hints[rules.FoldTerm(p)]; ok && i+1 < best {
				best = i + 1
			}
		}
		return best
	}
	for _, phrase := range r.phrases {
		np := normalise(phrase).norm
		bestI, bestRank, bestAt := -1, 0, 0
		for i, n := range norms {
			at := strings.Index(n.norm, np)
			if at < 0 {
				continue
			}
			rk := rank(es[i])
			if strict && rk > len(r.titles) {
				continue
			}
			if bestI < 0 || rk < bestRank {
				bestI, bestRank, bestAt = i, rk, at
			}
		}
		if bestI < 0 {
			continue
		}
		e, n := es[bestI], norms[bestI]
		from, to := n.orig[bestAt], n.orig[bestAt+len(np)]
		quote := sentenceAround(e.Text, from, to)
		if quote == "" || !strings.Contains(e.Text, quote) {
			continue
		}
		// The anchor is the paragraph where the quote starts: a sentence
		// may run on from the paragraph before the phrase's.
		start := strings.LastIndex(e.Text[:min(len(e.Text), from+len(quote))], quote)
		if start < 0 || start > from {
			start = from
		}
		return rules.Citation{ID: e.ID, DocumentID: e.DocumentID, Title: e.Title, Quote: quote, Anchor: anchorAt(e, start)}, true
	}
	return rules.Citation{}, false
}

// anchorAt is the anchor of the entry's paragraph holding byte at of its
// text: where a quote found there stands.
func anchorAt(e *rules.Entry, at int) string {
	ps := e.Paragraphs
	if len(ps) == 0 {
		ps = rules.Paragraphs(e.Text)
	}
	if k := rules.ParagraphAt(e.Text, at); k >= 0 && k < len(ps) {
		return ps[k].Anchor
	}
	return ""
}
