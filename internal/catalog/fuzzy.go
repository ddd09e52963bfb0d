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
// A query word that is no word of any name but two run together
// ("laforge", "backflush") is read as those two.
//
// Words do not all say as much (wordWeight): "of" and "the" are the
// grammar of a name and weigh little; a word on many cards ("Dr.",
// "U.S.S.", "Investigate") weighs half; any other word weighs 1. In the
// query, the words after its first comma or its first "of" weigh half
// again: a name leads with what it names ("Worf, Son of Mogh", "Picard of
// the Enterprise"), as a card leads with its title.
//
// A card's precision is the share of the query's weight that its names
// explain, all of them together: a word of its subtitle counts for it even
// when the query gives only its title otherwise ("Borg Queen Guardian").
// A name's recall is the share of its weight the query gives. The card
// scores the harmonic mean of the two for its best name, weighted by how
// strongly that kind of name names the card (nameVariant.weight). So a
// missing word costs recall, an extra or unknown word costs precision, and
// the title alone fits as well as the full name ("a name is title or title,
// subtitle"). A card fits when it scores at least minScore and explains at
// least minPrecision of the query; cards within tieEpsilon of the best fit
// equally well.
//
// Candidates come from an inverted index of the names' words and a
// symmetric-delete index of the vocabulary (every word with up to two
// letters deleted), so a look-up scores only the few names that share a
// word, or a near word, with the query.

const (
	minScore     = 0.4  // below this a name does not fit the query
	minPrecision = 0.45 // a card must explain this share of the query
	tieEpsilon   = 1e-9 // scores closer than this are equal
	minPrefix    = 2    // shorter query words match only whole words
)

// Word weights.
const (
	weightStopWord   = 0.1
	weightCommonWord = 0.5
	weightQueryTail  = 0.5 // a query word after its first comma or "of"
	// commonWordCards is how many cards must have a word in a name for it
	// to be common: "Dr." (11 cards of the corpus), "U.S.S." (18).
	commonWordCards = 10
)

// stopWords are the small words of names, which tell no card from another.
var stopWords = map[string]bool{
	"a": true, "an": true, "and": true, "at": true, "by": true, "for": true, "from": true,
	"in": true, "of": true, "on": true, "or": true, "the": true, "to": true, "with": true,
}

// wordWeight is how much a word of a name tells which card is meant, from
// how many cards have it in a name.
func wordWeight(w string, cards int) float64 {
	switch {
	case stopWords[w]:
		return weightStopWord
	case cards >= commonWordCards:
		return weightCommonWord
	}
	return 1
}

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

// A queryWord is one word of a look-up: the vocabulary words like it and
// how much it weighs.
type queryWord struct {
	sims   map[string]float64
	weight float64
}

type scoredCard struct {
	card      *rules.Card
	score     float64 // its best name's fit, 0 to 1
	precision float64 // the share of the query its names explain
}

// fits says whether the card is a plausible answer at all.
func (s scoredCard) fits() bool { return s.score >= minScore && s.precision >= minPrecision }

// query reads a look-up into its words, each with its weight.
func (c *Catalog) query(name string) []queryWord {
	tokens := strings.Fields(rules.FoldName(name))
	head := len(tokens)
	if before, after, ok := strings.Cut(name, ","); ok && rules.FoldName(after) != "" {
		head = min(head, len(strings.Fields(rules.FoldName(before))))
	}
	for i := 1; i < head; i++ {
		if tokens[i] == "of" {
			head = i
			break
		}
	}
	var q []queryWord
	for i, t := range tokens {
		tail := 1.0
		if i >= head {
			tail = weightQueryTail
		}
		for _, w := range c.splitRunTogether(t) {
			sims := c.wordMatches(w)
			q = append(q, queryWord{sims: sims, weight: c.queryWeight(w, sims) * tail})
		}
	}
	return q
}

// splitRunTogether reads a word no name has as two words of names written
// together ("laforge" is "la forge"), or returns it as it is.
func (c *Catalog) splitRunTogether(t string) []string {
	if _, ok := c.words[t]; ok || stopWords[t] {
		return []string{t}
	}
	for i := minPrefix; i <= len(t)-minPrefix; i++ {
		a, b := t[:i], t[i:]
		if stopWords[a] || stopWords[b] {
			continue
		}
		if _, ok := c.words[a]; !ok {
			continue
		}
		if _, ok := c.words[b]; ok {
			return []string{a, b}
		}
	}
	return []string{t}
}

// queryWeight is the weight of a query word: that of the same word in the
// names, else of the name word most like it; a word like none weighs 1.
func (c *Catalog) queryWeight(t string, sims map[string]float64) float64 {
	if stopWords[t] {
		return weightStopWord
	}
	if w, ok := c.weight[t]; ok {
		return w
	}
	weight, best := 1.0, 0.0
	for w, s := range sims {
		if s > best || s == best && c.weight[w] > weight {
			weight, best = c.weight[w], s
		}
	}
	return weight
}

// fuzzy scores every card with a name sharing a word or near word with the
// query, best first (then by full name and id, so the order is stable).
func (c *Catalog) fuzzy(name string, edition string) []scoredCard {
	q := c.query(name)
	if len(q) == 0 {
		return nil
	}
	qmass := 0.0
	var cand []int32
	seen := map[int32]bool{}
	for _, w := range q {
		qmass += w.weight
		for t := range w.sims {
			for _, v := range c.words[t] {
				if !seen[v] {
					seen[v] = true
					cand = append(cand, v)
				}
			}
		}
	}
	byCard := map[*rules.Card]int{}
	var out []scoredCard
	for _, vi := range cand {
		v := &c.names[vi]
		if edition != "" && v.card.Edition != edition || v.mass == 0 {
			continue
		}
		i, ok := byCard[v.card]
		if !ok {
			explained, _ := c.match(q, v.all)
			i = len(out)
			byCard[v.card] = i
			out = append(out, scoredCard{card: v.card, precision: explained / qmass})
		}
		p := out[i].precision
		_, given := c.match(q, v.tokens)
		if p == 0 || given == 0 {
			continue
		}
		r := given / v.mass
		if s := 2 * p * r / (p + r) * v.weight; s > out[i].score {
			out[i].score = s
		}
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

// match matches the query's words, greedily and in order, each to the
// unused name word it is most like, and returns the query weight they
// explain and the name weight they give, each times the similarity.
func (c *Catalog) match(q []queryWord, tokens []string) (explained, given float64) {
	var usedBuf [16]bool
	used := usedBuf[:0]
	if len(tokens) > len(usedBuf) {
		used = make([]bool, len(tokens))
	} else {
		used = usedBuf[:len(tokens)]
	}
	for _, w := range q {
		bi, bs := -1, 0.0
		for j, t := range tokens {
			if used[j] {
				continue
			}
			if x := w.sims[t]; x > bs {
				bi, bs = j, x
			}
		}
		if bi >= 0 {
			used[bi] = true
			explained += bs * w.weight
			given += bs * c.weight[tokens[bi]]
		}
	}
	return explained, given
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
	if stopWords[t] {
		return out // "of" is not the start of "officer"
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
