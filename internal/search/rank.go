package search

import (
	"sort"
	"unicode/utf8"

	bsearch "github.com/blevesearch/bleve/v2/search"
)

// ranked is a hit with its re-ranked score.
type ranked struct {
	meta  *docMeta
	score float64
	order int // Bleve's rank, the last tie breaker
}

// rerank turns Bleve's best hits into the final order, in two principled steps:
//
//  1. Title cover: a hit whose every title term is among the query's terms
//     (or within a typo of one) is about what the judge named, not a passing
//     mention, so its score is raised by titleCoverBonus.
//  2. Precedence: hits that are the same rule in several documents of an
//     edition (same kind, same folded title) keep the scores they earned as a
//     group, but the governing document (highest manifest precedence) takes
//     the best of them, the next one the second best, and so on.
func (ix *Index) rerank(hits bsearch.DocumentMatchCollection, a analyzed) []ranked {
	out := make([]ranked, 0, len(hits))
	for i, h := range hits {
		m := ix.meta[h.ID]
		if m == nil {
			continue
		}
		s := h.Score
		if covers(m.TitleTerms, a) {
			s *= 1 + titleCoverBonus
		}
		out = append(out, ranked{meta: m, score: s, order: i})
	}
	sortRanked(out)

	type key struct{ edition, kind, title string }
	groups := map[key][]int{}
	var keys []key
	for i, r := range out {
		if r.meta.Kind == "card" {
			continue
		}
		k := key{r.meta.Edition, r.meta.Kind, r.meta.TitleKey}
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], i)
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
		for j, i := range idx {
			members[j].score = scores[j]
			out[i] = members[j]
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

// covers reports whether every title term is one of the query's terms, or
// within a typo's distance of one.
func covers(title []string, a analyzed) bool {
	if len(title) == 0 {
		return false
	}
	for _, t := range title {
		if !hasNear(a.stems, t) && !hasNear(a.plain, t) {
			return false
		}
	}
	return true
}

func hasNear(words []string, t string) bool {
	for _, w := range words {
		if w == t {
			return true
		}
		if f := fuzziness(utf8.RuneCountInString(w)); f > 0 && editDistanceWithin(w, t, f) {
			return true
		}
	}
	return false
}

// editDistanceWithin reports whether a and b are at most max edits apart
// (Levenshtein distance over runes).
func editDistanceWithin(a, b string, max int) bool {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > max || -d > max {
		return false
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > max {
			return false
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)] <= max
}
