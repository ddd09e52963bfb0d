package catalog

import (
	"sort"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Fuzzy look-up. A query and every name of a card are compared word by
// word. Each query word is matched to at most one word of the name, with a
// similarity between 0 and 1:
//
//   - the same word: 1;
//   - a typo, within maxEdits (optimal string alignment distance d):
//     1 - d/len, the longer word's length; two typos are looked for only
//     when no word is one typo (or less) away;
//   - the start of the name's word ("ent" for "enterprise"):
//     0.5 + 0.5 * len(query word)/len(name word).
//
// The query's precision (how much of it the name explains) and the name's
// recall (how much of the name the query gives) are combined as their
// harmonic mean, then weighted by how strongly that kind of name names the
// card (nameVariant.weight). A card scores its best name. So a missing word
// costs recall, an extra or unknown word costs precision, and the title
// alone fits as well as the full name ("a name is title or title,
// subtitle"). Cards within tieEpsilon of the best fit equally well.
//
// Candidates come from an inverted index of the names' words and a
// symmetric-delete index of the vocabulary (every word with up to two
// letters deleted), so a look-up scores only the few names that share a
// word, or a near word, with the query.

const (
	minScore   = 0.5  // below this a name does not fit the query
	tieEpsilon = 1e-9 // scores closer than this are equal
	minPrefix  = 2    // shorter query words match only whole words
)

// maxEdits is how many typos a word of n letters may carry: none in a
// short word, where one letter makes another word.
func maxEdits(n int) int {
	switch {
	case n <= 3:
		return 0
	case n <= 6:
		return 1
	}
	return 2
}

type scoredCard struct {
	card  *rules.Card
	score float64
}

// fuzzy scores every card with a name sharing a word or near word with the
// query, best first (then by full name and id, so the order is stable).
func (c *Catalog) fuzzy(q []string, edition string) []scoredCard {
	if len(q) == 0 {
		return nil
	}
	sims := make([]map[string]float64, len(q))
	var cand []int32
	seen := map[int32]bool{}
	for i, t := range q {
		sims[i] = c.wordMatches(t)
		for w := range sims[i] {
			for _, v := range c.words[w] {
				if !seen[v] {
					seen[v] = true
					cand = append(cand, v)
				}
			}
		}
	}
	best := map[*rules.Card]float64{}
	for _, vi := range cand {
		v := c.names[vi]
		if edition != "" && v.card.Edition != edition {
			continue
		}
		if s := scoreVariant(sims, v); s > best[v.card] {
			best[v.card] = s
		}
	}
	out := make([]scoredCard, 0, len(best))
	for card, s := range best {
		out = append(out, scoredCard{card, s})
	}
	sort.Slice(out, func(i, j int) bool {
		if d := out[i].score - out[j].score; d > tieEpsilon || d < -tieEpsilon {
			return d > 0
		}
		if out[i].card.Name() != out[j].card.Name() {
			return out[i].card.Name() < out[j].card.Name()
		}
		return out[i].card.ID < out[j].card.ID
	})
	return out
}

// scoreVariant is the harmonic mean of the query's precision and the name's
// recall, times the name's weight. Query words are matched greedily, in
// order, each to the unused name word it is most like.
func scoreVariant(sims []map[string]float64, v nameVariant) float64 {
	used := make([]bool, len(v.tokens))
	total := 0.0
	for _, s := range sims {
		bi, bs := -1, 0.0
		for j, t := range v.tokens {
			if used[j] {
				continue
			}
			if x := s[t]; x > bs {
				bi, bs = j, x
			}
		}
		if bi >= 0 {
			used[bi] = true
			total += bs
		}
	}
	if total == 0 {
		return 0
	}
	p := total / float64(len(sims))
	r := total / float64(len(v.tokens))
	return 2 * p * r / (p + r) * v.weight
}

// wordMatches returns the vocabulary words like t, with their similarity.
func (c *Catalog) wordMatches(t string) map[string]float64 {
	out := map[string]float64{}
	put := func(w string, s float64) {
		if s > out[w] {
			out[w] = s
		}
	}
	if _, ok := c.words[t]; ok {
		put(t, 1)
	}
	if len(t) >= minPrefix {
		i := sort.SearchStrings(c.vocab, t)
		for ; i < len(c.vocab) && strings.HasPrefix(c.vocab[i], t); i++ {
			w := c.vocab[i]
			if w != t {
				put(w, 0.5+0.5*float64(len(t))/float64(len(w)))
			}
		}
	}
	// Typos: one edit first; two only for a long word nothing nearer fits.
	checked := map[int32]bool{}
	for k := 1; k <= maxEdits(len(t)); k++ {
		if k == 2 && len(out) > 0 {
			break
		}
		for _, d := range deletions(t, k) {
			for _, wi := range c.deletes[d] {
				if checked[wi] {
					continue
				}
				w := c.vocab[wi]
				dist := osaDistance(t, w, k)
				if dist > k {
					continue
				}
				checked[wi] = true
				if dist > 0 && dist <= maxEdits(len(w)) {
					put(w, 1-float64(dist)/float64(max(len(w), len(t))))
				}
			}
		}
	}
	return out
}

// deletions returns w and every string made by deleting up to k of its
// bytes.
func deletions(w string, k int) []string {
	out := []string{w}
	seen := map[string]bool{w: true}
	frontier := []string{w}
	for ; k > 0; k-- {
		var next []string
		for _, s := range frontier {
			for i := 0; i < len(s); i++ {
				d := s[:i] + s[i+1:]
				if !seen[d] {
					seen[d] = true
					out = append(out, d)
					next = append(next, d)
				}
			}
		}
		frontier = next
	}
	return out
}

// osaDistance is the optimal string alignment distance of a and b (edits:
// insert, delete, substitute, swap two neighbours), or k+1 once it is known
// to exceed k.
func osaDistance(a, b string, k int) int {
	if d := len(a) - len(b); d > k || -d > k {
		return k + 1
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > k {
			return k + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
