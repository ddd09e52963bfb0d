// Package library is the reference service: the documents and their entries
// held in memory, looked up by id and defined by term. It implements
// rules.ReferenceService over a loaded corpus.
package library

import (
	"context"
	"slices"
	"sort"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Library answers look-ups of documents and entries. It is read-only after
// New and safe for concurrent use.
type Library struct {
	docs    []rules.Document
	docByID map[string]rules.Document
	byID    map[string]*rules.Entry
	byDoc   map[string][]*rules.Entry
	// terms maps a folded term to the glossary entries and rulings titled so,
	// governing document first.
	terms map[string][]*rules.Entry
	// termKeys are the keys of terms, sorted, for suggestions.
	termKeys []string
}

// New indexes the documents and entries. The entries are shared, not copied:
// callers must not change them afterwards.
func New(docs []rules.Document, entries []*rules.Entry) *Library {
	l := &Library{
		docs:    append([]rules.Document(nil), docs...),
		docByID: make(map[string]rules.Document, len(docs)),
		byID:    make(map[string]*rules.Entry, len(entries)),
		byDoc:   map[string][]*rules.Entry{},
		terms:   map[string][]*rules.Entry{},
	}
	for _, d := range docs {
		l.docByID[d.ID] = d
	}
	for _, e := range entries {
		if _, dup := l.byID[e.ID]; dup {
			continue
		}
		l.byID[e.ID] = e
		l.byDoc[e.DocumentID] = append(l.byDoc[e.DocumentID], e)
		if e.Kind == rules.KindGlossary || e.Kind == rules.KindRuling {
			k := rules.FoldTerm(e.Title)
			if k != "" {
				l.terms[k] = append(l.terms[k], e)
			}
		}
	}
	for k, es := range l.terms {
		l.sortGoverningFirst(es)
		l.termKeys = append(l.termKeys, k)
	}
	sort.Strings(l.termKeys)
	return l
}

// Documents returns every document with its counts, in manifest order.
func (l *Library) Documents(ctx context.Context) ([]rules.Document, error) {
	return append([]rules.Document(nil), l.docs...), nil
}

// Document returns one document, or ENOTFOUND.
func (l *Library) Document(ctx context.Context, id string) (rules.Document, error) {
	d, ok := l.docByID[id]
	if !ok {
		return rules.Document{}, rules.Errorf(rules.ENOTFOUND, "No document has the id %q.", id).
			WithDetail("documents", l.documentIDs())
	}
	return d, nil
}

// Entry returns the entry with the id, or ENOTFOUND.
func (l *Library) Entry(ctx context.Context, id string) (*rules.Entry, error) {
	e, ok := l.byID[id]
	if !ok {
		return nil, rules.Errorf(rules.ENOTFOUND, "No entry has the id %q.", id).WithDetail("id", id)
	}
	return e, nil
}

// EntriesOf returns the entries of one document in reading order.
func (l *Library) EntriesOf(documentID string) []*rules.Entry { return l.byDoc[documentID] }

// Define returns the glossary entries and rulings titled with the term,
// governing document first. An empty term is EINVALID; an unknown edition is
// EINVALID; no match is ENOTFOUND with up to five suggestions.
func (l *Library) Define(ctx context.Context, term, edition string) ([]*rules.Entry, error) {
	if strings.TrimSpace(term) == "" {
		return nil, rules.Errorf(rules.EINVALID, "The term is empty: give the word or phrase to define.").WithDetail("field", "term")
	}
	if edition != "" && edition != rules.Edition1E && edition != rules.Edition2E {
		return nil, rules.Errorf(rules.EINVALID, "Unknown edition %q: use \"1e\" or \"2e\".", edition).WithDetail("field", "edition")
	}
	key := rules.FoldTerm(term)
	var out []*rules.Entry
	for _, e := range l.terms[key] {
		if edition == "" || e.Edition == edition {
			out = append(out, e)
		}
	}
	if len(out) == 0 {
		return nil, rules.Errorf(rules.ENOTFOUND, "No glossary entry or ruling defines %q.", term).
			WithDetail("suggestions", l.suggest(key, edition, 5))
	}
	return out, nil
}

// sortGoverningFirst orders entries by their documents, governing first
// (rules.CompareGoverning): the governing text of each edition leads it.
func (l *Library) sortGoverningFirst(es []*rules.Entry) {
	slices.SortStableFunc(es, func(a, b *rules.Entry) int {
		return rules.CompareGoverning(l.docByID[a.DocumentID], l.docByID[b.DocumentID])
	})
}

func (l *Library) documentIDs() []string {
	ids := make([]string, len(l.docs))
	for i, d := range l.docs {
		ids[i] = d.ID
	}
	return ids
}

// suggest returns the titles of the terms closest to key: those sharing a
// prefix or a word first, then by edit distance.
func (l *Library) suggest(key, edition string, n int) []string {
	type cand struct {
		title string
		score int
	}
	var cands []cand
	for _, k := range l.termKeys {
		es := l.terms[k]
		title := ""
		for _, e := range es {
			if edition == "" || e.Edition == edition {
				title = e.Title
				break
			}
		}
		if title == "" {
			continue
		}
		d := editDistance(key, k)
		switch {
		case strings.HasPrefix(k, key) || strings.HasPrefix(key, k):
			d -= 3
		case strings.Contains(" "+k+" ", " "+key+" ") || strings.Contains(" "+key+" ", " "+k+" "):
			d -= 2
		}
		if d <= max(2, len(key)/3) {
			cands = append(cands, cand{title, d})
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score < cands[j].score })
	out := []string{}
	seen := map[string]bool{}
	for _, c := range cands {
		if len(out) == n {
			break
		}
		if !seen[c.title] {
			seen[c.title] = true
			out = append(out, c.title)
		}
	}
	return out
}

// editDistance is the Levenshtein distance between a and b, by runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
