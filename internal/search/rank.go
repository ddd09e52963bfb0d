package search

import (
	"slices"
	"sort"

	"github.com/stccg/stccg-rules/internal/rules"
)

// ranked is a hit with its re-ranked score.
type ranked struct {
	meta  *docMeta
	score float64
	order int // Bleve's rank, the last tie breaker
}

// rerank turns Bleve's best hits into the final order, in two principled steps:
//
//  1. Title cover: a hit whose title names what the query names is about it,
//     not a passing mention: its score is raised in proportion to cover.
//     A card's score is then scaled by the card weight.
//  2. Precedence: hits that are the same rule in several documents of an
//     edition (same kind and folded title, or related by the corpus) keep the scores they earned as a
//     group, but the governing document (highest manifest precedence) takes
//     the best of them, the next one the second best, and so on; and each
//     superseded copy yields further (its score times Superseded per newer
//     copy found), so one rule does not fill the first page three times.
//
// A query naming an edition ("first edition", "2E") prefers that edition's
// hits by the EditionHint factor rather than filtering the others out.
func (ix *Index) rerank(hits []collected, a analyzed) []ranked {
	out := make([]ranked, 0, len(hits))
	for i, h := range hits {
		m := h.meta
		s := h.score * (1 + ix.w.Cover*ix.cover(m.TitleTerms, a)) * (1 + ix.w.Match*ix.share(m, a))
		if m.Kind == rules.KindCard {
			s *= ix.w.Card
		}
		if a.edition != "" && m.Edition == a.edition {
			s *= ix.w.EditionHint
		}
		out = append(out, ranked{meta: m, score: s, order: i})
	}
	sortRanked(out)

	// Same rule: same edition and either the same kind and folded title, or
	// related by the corpus (the same term's entry in another document).
	parent := make([]int, len(out))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	union := func(i, j int) {
		if ri, rj := find(i), find(j); ri != rj {
			parent[max(ri, rj)] = min(ri, rj)
		}
	}
	type key struct{ edition, kind, title string }
	firstOf := map[key]int{}
	byID := map[string]int{}
	for i, r := range out {
		if r.meta.Kind == rules.KindCard {
			continue
		}
		k := key{r.meta.Edition, r.meta.Kind, r.meta.TitleKey}
		if f, ok := firstOf[k]; ok {
			union(f, i)
		} else {
			firstOf[k] = i
		}
		byID[r.meta.ID] = i
	}
	if ix.w.Related {
		for i, r := range out {
			for _, id := range r.meta.Related {
				if j, ok := byID[id]; ok && out[j].meta.Edition == r.meta.Edition {
					union(i, j)
				}
			}
		}
	}
	groups := map[int][]int{}
	var keys []int
	for i, r := range out {
		if r.meta.Kind == rules.KindCard {
			continue
		}
		root := find(i)
		if _, ok := groups[root]; !ok {
			keys = append(keys, root)
		}
		groups[root] = append(groups[root], i)
	}
	for _, k := range keys {
		idx := groups[k]
		if len(idx) < 2 {
			continue
		}
		// idx is in score order; hand the scores out again by precedence.
		scores := make([]float64, len(idx))
		members := make([]ranked, len(idx))
		for j, i := range idx {
			scores[j] = out[i].score
			members[j] = out[i]
		}
		sort.SliceStable(members, func(x, y int) bool { return members[x].meta.Precedence > members[y].meta.Precedence })
		factor := 1.0
		for j, i := range idx {
			members[j].score = scores[j] * factor
			out[i] = members[j]
			factor *= ix.w.Superseded
		}
	}
	sortRanked(out)
	return out
}

func sortRanked(r []ranked) {
	sort.SliceStable(r, func(i, j int) bool {
		if r[i].score != r[j].score {
			return r[i].score > r[j].score
		}
		if r[i].meta.Precedence != r[j].meta.Precedence {
			return r[i].meta.Precedence > r[j].meta.Precedence
		}
		return r[i].order < r[j].order
	})
}

// cover measures how well a title and the query name the same thing: the
// share of the title's terms found in the query times the share of the
// query's terms found in the title, each term weighted by its rarity (idf),
// so that a title that is the query scores 1 and a title of one common word
// in a long query scores little.
func (ix *Index) cover(title []string, a analyzed) float64 {
	if len(title) == 0 {
		return 0
	}
	query := a.stems
	if len(query) == 0 {
		query = a.plain
	}
	var inTitle, titleAll, inQuery, queryAll float64
	for _, t := range title {
		w := ix.vocab.idf(t)
		titleAll += w
		if slices.Contains(query, t) || slices.Contains(a.plain, t) {
			inTitle += w
		}
	}
	for _, q := range query {
		w := ix.vocab.idf(q)
		queryAll += w
		if slices.Contains(title, q) {
			inQuery += w
		}
	}
	if titleAll == 0 || queryAll == 0 {
		return 0
	}
	return inTitle / titleAll * inQuery / queryAll
}

// share is how much of the query a hit matched: the query terms found in its
// title or text, weighted by rarity, over all the query's terms.
func (ix *Index) share(m *docMeta, a analyzed) float64 {
	var in, all float64
	for _, q := range a.stems {
		w := ix.vocab.idf(q)
		all += w
		if _, ok := m.terms[q]; ok {
			in += w
		}
	}
	if all == 0 {
		return 0
	}
	return in / all
}
