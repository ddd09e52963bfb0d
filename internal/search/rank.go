package search

import (
	"cmp"
	"math"
	"slices"

	"github.com/stccg/stccg-rules/internal/rules"
)

// minShare is the least share of the query a hit counts as holding (a hit
// may match on a typo's near words alone).
const minShare = 0.05

// whole is the factor of a hit holding share of the query: share to the
// power Whole (without math.Pow for the usual powers, once per hit; the
// power of 1 inlined).
func (w *weights) whole(share float64) float64 {
	if w.Whole == 1 {
		return max(share, minShare)
	}
	return w.wholePower(max(share, minShare))
}

// wholePower is whole of a share of at least minShare.
func (w *weights) wholePower(share float64) float64 {
	switch w.Whole {
	case 0:
		return 1
	case 1:
		return share
	case 2:
		return share * share
	}
	return math.Pow(share, w.Whole)
}

// ranked is a hit with its re-ranked score.
type ranked struct {
	meta  *docMeta
	score float64
	bleve float64 // Bleve's score, a tie breaker
	rule  int32   // docMeta.rule
	// para is the index of its best paragraph, -1 when not yet measured;
	// words where the words of each of the query's terms in it are kept
	// (scratch.words), -1 when they are not.
	para, words int16
	// share is how much of the query the hit holds: in its best paragraph
	// once measured, else anywhere.
	share float32
	// precedence and byID are docMeta.Precedence and docMeta.byID, the
	// tie breakers of compareRanked, kept here so that comparing two hits
	// reads neither's metadata.
	precedence, byID int32
	// kind, edition and flags are rankFacts' (flags has factsRead when
	// they are), which governFirst reads rather than the metadata.
	kind, edition, flags uint8
}

// isUnpassable, isCaption and isCard are docMeta.unpassable, its prior being
// priorCaption and its kind being a card, read from the hit's facts when it
// holds them.
func (r *ranked) isUnpassable() bool {
	if r.flags&factsRead != 0 {
		return r.flags&factUnpassable != 0
	}
	return r.meta.unpassable
}

func (r *ranked) isCaption() bool {
	if r.flags&factsRead != 0 {
		return r.flags&factCaption != 0
	}
	return r.meta.prior == priorCaption
}

func (r *ranked) isCard() bool {
	if r.flags&factsRead != 0 {
		return r.kind == kindCodeCard
	}
	return r.meta.Kind == rules.KindCard
}

// sameEdition and sameKind report whether two hits are of one edition, of
// one kind: by their codes when both have one, else by their metadata.
func sameEdition(x, y *ranked) bool {
	if x.flags&y.flags&factsRead != 0 && x.edition != 0 && y.edition != 0 {
		return x.edition == y.edition
	}
	return x.meta.Edition == y.meta.Edition
}

func sameKind(x, y *ranked) bool {
	if x.flags&y.flags&factsRead != 0 && x.kind != 0 && y.kind != 0 {
		return x.kind == y.kind
	}
	return x.meta.Kind == y.meta.Kind
}

// rerank turns Bleve's best hits (in any order) into the final order, in two principled steps:
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
//
// The first best hits are put first, in order; the others follow in no order.
func (ix *Index) rerank(hits []collected, a *analyzed, best int, sc *scratch) []ranked {
	out := ix.scoreHits(hits, a, sc)
	// Only the first k hits are put in order, and only those are read but
	// by bothEditionsLead, which reads them all.
	k := max(best, governWindow)
	first := k
	if a.bothEditions {
		first = len(out)
	}
	least := ix.byPrecedence(out, first, a, sc)
	sortBestFrom(out, k, least, &sc.sort)
	ix.w.governFirst(out)
	if a.bothEditions {
		bothEditionsLead(out)
	}
	return out
}

// scoreHits scores each hit by its title cover, the share of the query it
// holds and its kind, hands each cross-reference's score over, and scores the
// best again by their paragraphs (the first step of rerank).
func (ix *Index) scoreHits(hits []collected, a *analyzed, sc *scratch) []ranked {
	out := resize(sc.ranked, len(hits))
	sc.ranked = out
	stubs := sc.stubs[:0] // the cross-references among the hits, in order
	deep := newTopScores(ix.w.deepFor(a))
	var shares shareMemo
	for i, h := range hits {
		m := h.meta
		facts := &ix.snap.rank[h.num]
		share, held := ix.sharesOf(&shares, h, a)
		if missing := a.intentStems &^ held; missing != 0 && ix.w.IntentHeld && (a.intent&m.answers != 0 || m.named != nil && a.namesAsked(m, -1)) {
			// An entry holding the kind of answer asked for holds the
			// words that ask it, as its paragraph does (bestParagraph).
			share = min(share+a.shareHeld(missing), 1)
		}
		cover, named := 0.0, false
		if facts.titleMask&a.coverMask != 0 {
			cover, named = ix.cover(facts.titleIDs(m), facts.titleIDF, a)
			if cover > 0 && m.pathIDs != nil && ix.w.HeadPath && titleAdds(m, a) {
				// Its own title names a part of the query its
				// sections' titles do not: they may name the rest.
				if c, _ := ix.cover(m.pathIDs, m.pathIDF, a); c > cover {
					cover = c
				}
			}
			if cover > 0 && m.dropped && !a.namesTitleInOrder(m) {
				cover *= ix.w.Dropped
			}
		} // else no term of the title is the query's (most hits)
		s := h.score * (1 + ix.w.Cover*cover) * (1 + ix.w.Match*share) * ix.w.whole(share)
		if held&a.phraseHeld == a.phraseHeld && a.inTitleOrder(m) ||
			ix.w.TitleTyped && facts.typedTitle != 0 && int(facts.typedTitle) <= len(a.typed) && a.titleTyped(m) {
			s *= 1 + ix.w.TitlePhrase
		}
		if facts.prior != priorNone {
			s *= ix.w.priorFactor(facts.prior, named)
		}
		if a.leans != 0 && facts.edition != 0 && facts.edition != a.leans {
			s *= ix.w.Leaning
		}
		if facts.flags&factStub != 0 {
			stubs = append(stubs, int32(i))
		}
		rule := facts.rule
		if a.document != "" && m.DocumentID == a.document {
			// The document the judge named: its hits keep their own
			// scores, never handed to a newer copy of their rule.
			s *= ix.w.Named
			rule = -1
		}
		out[i] = ranked{meta: m, score: s, bleve: h.score, rule: rule, para: -1, words: -1, share: float32(share),
			precedence: facts.precedence, byID: facts.byID, kind: facts.kind, edition: facts.edition, flags: facts.flags | factsRead}
		deep.add(s)
	}
	sc.stubs = stubs
	if len(stubs) > 0 {
		ix.handOver(out, hits, stubs, sc)
		deep = newTopScores(ix.w.deepFor(a))
		for _, r := range out {
			deep.add(r.score)
		}
	}
	ix.deepen(out, hits, a, deep.least(), sc)
	return out
}

// governWindow is how many of the best hits governFirst reorders: the same
// whatever page is asked for, so that the pages of a search are cut from one
// order.
const governWindow = 25

// governFirst reorders the governWindow best hits (in order, as sortBest
// leaves them) where two answer as well: a hit whose paragraph holds as much
// of the query as an older document's of its edition, scoring at least Govern
// times as much, comes before it (the governing rules stand), and one whose
// paragraph holds more of it, scoring at least GovernMore times as much,
// too (an older copy titled for the question's words does not stand above
// the rule now in force stating more of it); and a heading without a body (a
// caption) never comes before a text holding as much of the query. The hit
// moved takes the score of the one it passes, so scores still go down.
func (w *weights) governFirst(out []ranked) {
	n := min(len(out), governWindow)
	for i := 0; i < n; i++ {
		if out[i].isUnpassable() {
			continue // nothing answers before it
		}
		// Past the hits scoring Govern (or GovernMore) times as much,
		// only a caption is passed.
		least := out[i].score * w.governLeast()
		caption := out[i].isCaption()
		for j := i + 1; j < n; j++ {
			if !caption && out[j].score < least {
				break
			}
			if w.answersBefore(&out[j], &out[i]) {
				moved := out[j]
				moved.score = out[i].score
				copy(out[i+1:j+1], out[i:j])
				out[i] = moved
				break
			}
		}
	}
}

// answersBefore reports whether hit x, ranked below y, goes before it (see
// governFirst). Cards are never moved, nor passed.
func (w *weights) answersBefore(x, y *ranked) bool {
	if x.isCard() || y.isCard() || x.share < y.share-1e-6 {
		return false
	}
	if y.isCaption() {
		return !x.isCaption()
	}
	least := w.Govern
	if w.GovernMore > 0 && x.para >= 0 && y.para >= 0 && x.share > y.share+1e-6 {
		// Both measured by their best paragraphs, x's holds more.
		least = min(least, w.GovernMore)
	}
	return w.Govern > 0 && sameEdition(x, y) && x.precedence > y.precedence &&
		(!w.GovernSameKind || sameKind(x, y)) && x.score >= y.score*least
}

// governLeast is the least share of a hit's score a hit after it may score
// and still come before it by precedence (see answersBefore).
func (w *weights) governLeast() float64 {
	if w.GovernMore > 0 {
		return min(w.Govern, w.GovernMore)
	}
	return w.Govern
}

// bothEditionsLead puts the best hit of the other edition than the first's
// second, for a query about the rule in each edition ("hand limit 1e vs
// 2e"); the hits it passes follow it in order. It takes the score of the hit
// it displaces, so scores still go down. out's first hits are in order (as
// sortBest leaves them), the others in any.
func bothEditionsLead(out []ranked) {
	if len(out) < 3 {
		return
	}
	j := -1
	for i := 1; i < len(out); i++ {
		if !sameEdition(&out[i], &out[0]) && (j < 0 || compareRanked(out[i], out[j]) < 0) {
			j = i
		}
	}
	if j <= 1 {
		return
	}
	other := out[j]
	other.score = out[1].score
	copy(out[2:j+1], out[1:j])
	out[1] = other
}

// handOver gives each cross-reference's score to the entries it points at
// that the search found, when better than theirs, and scales it down below
// them: "Klingon Outpost - See outpost" leads to the outpost ruling. out are
// the hits re-ranked from hits, in the same places; stubs the places of the
// cross-references among them, in order (the others point at nothing), so
// that neither the hits' numbers nor what they point at is read from the
// metadata of every hit.
func (ix *Index) handOver(out []ranked, hits []collected, stubs []int32, sc *scratch) {
	// Where each document found is among the hits, by number: -1 for
	// every document between searches, the hits' places set here and
	// cleared again when done, rather than the whole array written for
	// each search.
	at := sc.at
	if len(at) != len(ix.snap.byNum) {
		at = make([]int32, len(ix.snap.byNum))
		for i := range at {
			at[i] = -1
		}
		sc.at = at
	}
	for i := range hits {
		at[hits[i].num] = int32(i)
	}
	defer func() {
		for i := range hits {
			at[hits[i].num] = -1
		}
	}()
	for _, i := range stubs {
		found := false
		for _, t := range out[i].meta.seeTo {
			if j := at[t.num]; j >= 0 && j != i {
				out[j].score = max(out[j].score, out[i].score)
				found = true
			}
		}
		if found {
			out[i].score *= ix.w.Stub
		}
	}
}

// deepen scores the hits of at least the score least (the Deep best) again
// by their best paragraph (see bestParagraph), which it records for their
// anchors. Hits tied with the Deep-th are scored too, so that which are does
// not depend on the order Bleve found them in. They are taken best first:
// past the first Deep/2, a hit whose score its paragraph could not raise
// (mostGain) to that of the Deep/2-th scored so far is left as it is: it
// cannot reach the first page. hits are the matches out was scored from, in
// the same places: the terms each holds (collected.held) are those whose
// words bestParagraph looks for.
func (ix *Index) deepen(out []ranked, hits []collected, a *analyzed, least float64, sc *scratch) {
	if ix.w.Deep <= 0 || ix.w.Paragraph == 0 {
		return
	}
	sc.paraWords = sc.paraWords[:0]
	deep := sc.deep[:0]
	for i := range out {
		if out[i].score >= least {
			deep = append(deep, int32(i))
		}
	}
	sc.deep = deep
	sure := newTopScores(ix.w.Deep / 2)
	if len(deep) > sure.k {
		sortPlaces(deep, out)
	}
	for n, i := range deep {
		r := &out[i]
		if n >= sure.k && r.score*ix.w.mostGain(a, r.meta, float64(r.share)) < sure.least() {
			continue
		}
		p, share, gain := a.bestParagraph(r.meta, hits[i].held, &ix.w, &sc.para)
		r.para, r.words = int16(p), sc.keepWords()
		r.score *= gain
		if p >= 0 && ix.w.Headings && len(r.meta.paras[p].headIDs) > 0 {
			// A paragraph under a heading of its own: the heading
			// names what it is about, as a title does.
			para := &r.meta.paras[p]
			if c, _ := ix.cover(para.headIDs, para.headIDF, a); c > 0 {
				r.score *= 1 + ix.w.Cover*c
			}
		}
		if p >= 0 {
			// A hit whose best paragraph holds all the query the
			// whole entry holds answers it in one place.
			if ix.w.ParagraphWhole > 0 {
				r.score *= 1 + ix.w.ParagraphWhole*min(share/max(float64(r.share), minShare), 1)
			}
			r.share = float32(share)
		}
		sure.add(r.score)
	}
}

// deepFor is how many of the best hits of a query are measured by their
// paragraphs: Deep for a question of many words (longQuery terms or more),
// whose answer is often one paragraph of a long section its whole text
// scores little, and for a question asking for a kind of answer ("min
// dilemmas in dilemma pile": a number), which only a paragraph is read
// for (the answer is one list item of a section its whole text scores
// little); half as many for a few words alone, which a section's whole
// text scores as well as its paragraph.
func (w *weights) deepFor(a *analyzed) int {
	if len(a.stemIDs) >= longQuery || a.intent != 0 {
		return w.Deep
	}
	return w.Deep / 2
}

// longQuery is the fewest terms of a question of many words (see deepFor).
const longQuery = 4

// maxDeep bounds weights.Deep.
const maxDeep = 32

// topScores keeps the k best scores seen, best first, to know the k-th
// without sorting every hit.
type topScores struct {
	k, n int
	// floor is the k-th best score once k were seen (+Inf when k is 0,
	// -Inf before): a score not above it is not among the best.
	floor  float64
	scores [maxDeep]float64
}

func newTopScores(k int) topScores {
	t := topScores{k: min(k, maxDeep), floor: math.Inf(-1)}
	if t.k <= 0 {
		t.floor = math.Inf(1)
	}
	return t
}

// add sees one score.
func (t *topScores) add(s float64) {
	if s <= t.floor {
		return // the usual case, inlined: one comparison
	}
	t.insert(s)
}

// insert puts a score among the best.
func (t *topScores) insert(s float64) {
	i := t.n
	if t.n < t.k {
		t.n++
	} else {
		i = t.k - 1
	}
	for i > 0 && t.scores[i-1] < s {
		t.scores[i] = t.scores[i-1]
		i--
	}
	t.scores[i] = s
	if t.n == t.k {
		t.floor = t.scores[t.k-1]
	}
}

// least is the k-th best score seen, or -Inf when fewer were.
func (t *topScores) least() float64 {
	if t.n < t.k || t.k == 0 {
		return math.Inf(-1)
	}
	return t.scores[t.k-1]
}

// sortBest puts the k best hits first, in order, the others after them in
// no order: a page needs only the hits up to its end. s is the sort's working
// memory, kept for the next search.
func sortBest(r []ranked, k int, s *sortScratch) { sortBestFrom(r, k, math.Inf(-1), s) }

// sortBestFrom is sortBest knowing that at least k hits score atLeast or
// more (-Inf: nothing known), as byPrecedence measures: the k best are
// selected among those alone, and when they are k, they are the k best
// without a selection.
func sortBestFrom(r []ranked, k int, atLeast float64, s *sortScratch) {
	if k >= len(r) {
		s.sort(r)
		return
	}
	if k <= maxDeep {
		// The k best score at least the k-th best score: those first,
		// sorted (a page of a few: that score selected from a copy of
		// the scores, one pass to put them first).
		n := len(r)
		if !math.IsInf(atLeast, -1) {
			n = 0
			for i := range r {
				if r[i].score >= atLeast {
					r[i], r[n] = r[n], r[i]
					n++
				}
			}
			if n < k {
				n = len(r) // not so: selected among all
			}
		}
		c := r[:n]
		if n > k {
			scores := s.scores[:0]
			for i := range c {
				scores = append(scores, c[i].score)
			}
			s.scores = scores
			least, m := kthBest(scores, k), 0
			for i := range c {
				if c[i].score >= least {
					c[i], c[m] = c[m], c[i]
					m++
				}
			}
			c = c[:m]
		}
		s.sort(c)
		return
	}
	// The best k so far in r[:k], a heap with the worst on top.
	h := r[:k]
	for i := k/2 - 1; i >= 0; i-- {
		siftDown(h, i)
	}
	for i := k; i < len(r); i++ {
		if r[i].score < h[0].score {
			continue // the usual case, without the whole comparison
		}
		if compareRankedAt(&r[i], &h[0]) < 0 {
			r[i], h[0] = h[0], r[i]
			siftDown(h, 0)
		}
	}
	s.sort(h)
}

// sortScratch is the working memory of sortBest.
type sortScratch struct {
	order  []int32
	hits   []ranked
	scores []float64
}

// kthBest returns the k-th highest of scores (1 <= k <= len(scores)),
// leaving them in another order: a selection that splits the scores about a
// pivot without a branch on each comparison (the sign of their difference
// is added), where comparing and branching (kthBestCompared) mispredicts
// about one comparison in two on scores in no order: 0.3 against 0.8 µs for
// a search's 87 scores. A split that does not shrink the scores (what a NaN
// or an infinity may do to a difference) hands them to kthBestCompared.
func kthBest(scores []float64, k int) float64 {
	k-- // its index, highest first
	lo, hi := 0, len(scores)
	for hi-lo > 1 {
		pivot := scores[lo+(hi-lo)/2]
		// The scores above the pivot first: the sign bit of pivot-v is set
		// exactly when v > pivot (pivot-pivot is +0).
		above := lo
		for j := lo; j < hi; j++ {
			v := scores[j]
			scores[j] = scores[above]
			scores[above] = v
			above += int(math.Float64bits(pivot-v) >> 63)
		}
		if above == hi {
			return kthBestCompared(scores, k+1)
		}
		if k < above {
			hi = above
			continue
		}
		// Then those equal to it, all the others being below it: v-pivot
		// is +0 for those, negative for the rest.
		equal := above
		for j := above; j < hi; j++ {
			v := scores[j]
			scores[j] = scores[equal]
			scores[equal] = v
			equal += 1 - int(math.Float64bits(v-pivot)>>63)
		}
		if equal == above {
			return kthBestCompared(scores, k+1)
		}
		if k < equal {
			return pivot
		}
		lo = equal
	}
	return scores[k]
}

// kthBestCompared is kthBest by comparisons: Hoare's selection.
func kthBestCompared(scores []float64, k int) float64 {
	k-- // its index, highest first
	lo, hi := 0, len(scores)-1
	for lo < hi {
		pivot := scores[lo+(hi-lo)/2]
		i, j := lo, hi
		for i <= j {
			for scores[i] > pivot {
				i++
			}
			for scores[j] < pivot {
				j--
			}
			if i <= j {
				scores[i], scores[j] = scores[j], scores[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return scores[k] // between the two parts: the pivot's value
		}
	}
	return scores[k]
}

// sort puts hits in order, best first (compareRanked). Their places are
// sorted, each comparison reading the two hits where they are and each
// exchange moving four bytes rather than a whole hit; the hits are then put
// in that order.
func (s *sortScratch) sort(r []ranked) {
	if len(r) < 2 {
		return
	}
	order := s.order[:0]
	for i := range r {
		order = append(order, int32(i))
	}
	sortPlaces(order, r)
	hits := append(s.hits[:0], r...)
	for j, i := range order {
		r[j] = hits[i]
	}
	s.order, s.hits = order, hits
}

// sortPlaces sorts places in out so that their hits are in order, best first
// (compareRanked). A few (a page's, the deep ones) are sorted by insertion,
// each place put where halving the places sorted before it finds (the order
// is total: the hits' ids differ), the scores compared in place and the
// whole comparison made only for equal scores; more by slices.SortFunc.
func sortPlaces(places []int32, out []ranked) {
	if len(places) > maxInsertionSort {
		slices.SortFunc(places, func(i, j int32) int { return compareRankedAt(&out[i], &out[j]) })
		return
	}
	for k := 1; k < len(places); k++ {
		p := places[k]
		x := &out[p]
		// The first of the places sorted whose hit x goes before.
		lo, hi := 0, k
		for lo < hi {
			mid := int(uint(lo+hi) >> 1)
			y := &out[places[mid]]
			if x.score > y.score || !(x.score < y.score) && compareRankedAt(x, y) < 0 {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		if lo < k {
			copy(places[lo+1:k+1], places[lo:k])
			places[lo] = p
		}
	}
}

// maxInsertionSort is the most places sortPlaces sorts by insertion.
const maxInsertionSort = 48

// siftDown moves h[i] down a heap of hits, the worst on top, to its place.
func siftDown(h []ranked, i int) {
	for {
		w := 2*i + 1
		if w >= len(h) {
			return
		}
		if w+1 < len(h) && compareRankedAt(&h[w+1], &h[w]) > 0 {
			w++
		}
		if compareRankedAt(&h[w], &h[i]) <= 0 {
			return
		}
		h[i], h[w] = h[w], h[i]
		i = w
	}
}

// compareRanked orders hits best first: by score, then the governing
// document, then Bleve's order (its score, then the id: compareCollected's,
// by docMeta.byID).
func compareRanked(x, y ranked) int { return compareRankedAt(&x, &y) }

// compareRankedAt is compareRanked of the hits x and y point at.
func compareRankedAt(x, y *ranked) int {
	switch {
	case x.score > y.score:
		return -1
	case x.score < y.score:
		return 1
	case x.precedence != y.precedence:
		return cmp.Compare(y.precedence, x.precedence)
	case x.bleve > y.bleve: // then as compareCollected orders them
		return -1
	case x.bleve < y.bleve:
		return 1
	}
	return cmp.Compare(x.byID, y.byID)
}

// byPrecedence hands the scores of hits that are the same rule out again by
// precedence. Same rule: same edition and either the same kind and folded
// title, or related by the corpus (the same term's entry in another
// document), directly or through other hits. Only hits that may be one rule
// with another hit (docMeta.rule) are looked at, and of those only the ones
// that may be among the first best hits (see firstLeast). It returns a score
// the first best hits score at least once handed out (firstLeast's), or
// -Inf when it did not measure one.
func (ix *Index) byPrecedence(out []ranked, first int, a *analyzed, sc *scratch) float64 {
	if ix.rules == 0 {
		return math.Inf(-1)
	}
	found := resize(sc.found, ix.rules)
	clear(found)
	sc.found = found
	// The rules of the hits, each once, in the order first met: what is
	// read of found is read through them, not by reading every rule of the
	// index (a search's hits are of a few of them).
	seen := sc.seen[:0]
	several := false
	for i := range out {
		if k := out[i].rule; k >= 0 {
			if found[k] == 0 {
				seen = append(seen, k)
			}
			found[k]++
			several = several || found[k] > 1
		}
	}
	sc.seen = seen
	if !several {
		return math.Inf(-1)
	}
	// The rules of several hits, and each one's hits together, in that
	// order (counted out into place rather than sorted: there are few of
	// each), then best first. The order of the rules changes nothing:
	// each rule's hits are handed out among themselves, and firstLeast
	// selects a score of them all.
	ofSeveral := seen[:0]
	start := resize(sc.start, ix.rules)
	sc.start = start
	n := int32(0)
	for _, k := range seen {
		if c := found[k]; c > 1 {
			ofSeveral = append(ofSeveral, k)
			start[k] = n
			n += c
		}
	}
	seen = ofSeveral
	maybe := resize(sc.maybe, int(n))
	sc.maybe = maybe
	for i := range out {
		if k := out[i].rule; k >= 0 && found[k] > 1 {
			maybe[start[k]] = i
			start[k]++
		}
	}
	least := firstLeast(out, found, seen, maybe, first, &sc.sort.scores)
	for _, k := range seen {
		c := found[k]
		hits := maybe[:c]
		maybe = maybe[c:]
		if bestOf(out, hits) < least {
			continue // none of them can be among the first
		}
		slices.SortFunc(hits, func(i, j int) int { return compareRankedAt(&out[i], &out[j]) })
		ix.sameRule(out, hits, a, sc)
	}
	return least
}

// firstLeast is a score the first best hits of out score at least once
// byPrecedence has handed the scores out again, or -Inf when it cannot say
// (fewer scores than first). Handing out leaves the hits of no rule and
// those alone of theirs (found by rule) as they are, and the best score of
// each rule's hits (maybe: the hits of each rule of several, together, in
// the order of those rules, several) among them, never higher: so the
// first-th best of those scores. A rule whose hits all score less than it
// cannot have one among the first, nor change which the first are: it is
// left as it is. The scores are selected in the memory of *room.
func firstLeast(out []ranked, found, several []int32, maybe []int, first int, room *[]float64) float64 {
	scores := (*room)[:0]
	defer func() { *room = scores }()
	for i := range out {
		if k := out[i].rule; k < 0 || found[k] == 1 {
			scores = append(scores, out[i].score)
		}
	}
	for _, k := range several {
		c := found[k]
		scores = append(scores, bestOf(out, maybe[:c]))
		maybe = maybe[c:]
	}
	if first > len(scores) {
		return math.Inf(-1)
	}
	return kthBest(scores, first)
}

// bestOf is the best score of the hits of out at places.
func bestOf(out []ranked, places []int) float64 {
	best := math.Inf(-1)
	for _, i := range places {
		best = max(best, out[i].score)
	}
	return best
}

// sameRule splits hits (positions in out, best first) that may be one rule
// into the groups that are, and hands each group's scores out by precedence:
// the governing document (highest manifest precedence) takes the best, the
// next one the second best, and so on, each superseded copy further scaled
// by Superseded per newer copy.
func (ix *Index) sameRule(out []ranked, hits []int, a *analyzed, sc *scratch) {
	sets := reuseDisjointSets(sc.sets, len(hits))
	sc.sets = sets
	find := sets.find
	for i := range hits {
		for j := i + 1; j < len(hits); j++ {
			if ix.oneRule(&out[hits[i]], &out[hits[j]], a) {
				sets.union(i, j)
			}
		}
	}
	idx, scores, members := sc.group[:0], sc.scores[:0], sc.members[:0]
	defer func() { sc.group, sc.scores, sc.members = idx, scores, members }()
	for root := range hits {
		if find(root) != root {
			continue
		}
		idx = idx[:0]
		for i := root; i < len(hits); i++ {
			if find(i) == root {
				idx = append(idx, hits[i])
			}
		}
		// A copy holding much less of the query than another does not
		// state what was asked (a newer rulebook may leave a sentence
		// out): it keeps its own score.
		most, least := float32(0), float32(math.MaxFloat32)
		for _, i := range idx {
			most, least = max(most, out[i].share), min(least, out[i].share)
		}
		if least < most*sameRuleShare {
			idx = slices.DeleteFunc(idx, func(i int) bool { return out[i].share < most*sameRuleShare })
		}
		if len(idx) < 2 {
			continue
		}
		// idx is in score order; hand the scores out again by precedence.
		scores, members = scores[:0], members[:0]
		for _, i := range idx {
			scores = append(scores, out[i].score)
			members = append(members, out[i])
		}
		slices.SortStableFunc(members, func(x, y ranked) int { return cmp.Compare(y.precedence, x.precedence) })
		// Each copy is scaled once per newer copy: entries of one
		// document are none of each other's.
		factor, newer := 1.0, 1.0
		for j, i := range idx {
			if j > 0 && members[j].precedence < members[j-1].precedence {
				factor = newer
			}
			members[j].score = scores[j] * factor
			out[i] = members[j]
			newer *= ix.w.Superseded
		}
	}
}

// sameRuleShare is the least share of the query, against the most any copy
// holds, a copy of a rule must hold to be handed a score by precedence.
const sameRuleShare = 0.75

// oneRule reports whether two entries found by one search are the same rule
// by themselves: the same edition, kind and folded title, related by the
// corpus within their edition, or one found by its paragraph that defines
// the other's title.
func (ix *Index) oneRule(x, y *ranked, q *analyzed) bool {
	a, b := x.meta, y.meta
	if a.group == b.group {
		return true
	}
	if ix.w.Related && (slices.Contains(a.related, b) || slices.Contains(b.related, a)) {
		return true
	}
	return definesRule(a, x.para, b) && definesRule(b, -1, a) || definesRule(b, y.para, a) && definesRule(a, -1, b) ||
		copiedRule(x, y, q) || copiedRule(y, x, q)
}

// copiedRule reports whether hit x was found by a paragraph (its best) that
// the newer rulebook's entry of hit y holds, and the query does not name x's
// title, its words in order (see namesTitleInOrder): a section the judge
// names keeps its own score, as a document named does.
func copiedRule(x, y *ranked, q *analyzed) bool {
	return x.para >= 0 && copiedBy(x.meta, x.para, y.meta) && !q.namesTitleInOrder(x.meta)
}

// cover measures how well a title and the query name the same thing: the
// share of the title's terms found in the query times the share of the
// query's terms found in the title, each term weighted by its rarity (idf),
// so that a title that is the query scores 1 and a title of one common word
// in a long query scores little. named says every term of the title is in
// the query: the query names it. titleIDs are the title's terms and titleIDF
// the sum of their rarities (docMeta's, as rankFacts holds them, where the
// re-ranking reads them without reading the metadata of every hit).
func (ix *Index) cover(titleIDs []uint32, titleIDF float64, a *analyzed) (cover float64, named bool) {
	if len(titleIDs) == 0 {
		return 0, false
	}
	// The title's terms among the query's (bits by index in a.terms: its
	// stems, then what its shorthand means), in one pass over the title.
	var inTitle, stop float64
	var held uint64
	stems := len(a.stemIDs) > 0 // else the query is stop words, compared as written
	for _, t := range titleIDs {
		in := false
		for k, q := range a.terms {
			if q == t {
				if k < 64 {
					held |= 1 << k
				}
				in = true
				break
			}
		}
		if in || slices.Contains(a.plainIDs, t) || !stems && slices.Contains(a.coverIDs, t) {
			inTitle += ix.lex.idf[t]
			if !in && stems && ix.w.StopTitle {
				// A stop word of the title the query holds as
				// typed, among its stems (StopTitle).
				stop += ix.lex.idf[t]
			}
		}
	}
	var inQuery float64
	var inSide [2]float64
	for i, q := range a.coverIDs {
		w := 0.0
		switch {
		case stems && i < 64 && held&(1<<i) != 0, !stems && slices.Contains(titleIDs, q):
			w = 1
		default:
			for _, ad := range a.adds {
				if i < 64 && ad.stems&(1<<i) != 0 && held&ad.need == ad.need {
					w = ad.weight
					break
				}
			}
		}
		inQuery += w * a.coverIDF[i]
		if stems && a.sides[0] != 0 && i < 64 {
			for side, mask := range a.sides {
				if mask&(1<<i) != 0 {
					inSide[side] += w * a.coverIDF[i]
				}
			}
		}
	}
	if titleIDF == 0 || a.coverAll == 0 {
		return 0, false
	}
	share := (inQuery + stop) / (a.coverAll + stop)
	if stems && a.sides[0] != 0 {
		share = max(inSide[0]/a.sideAll[0], inSide[1]/a.sideAll[1])
	}
	return inTitle / titleIDF * share, inTitle >= titleIDF*0.999
}

// shareMemo keeps the shares of the query computed for the sets of its
// terms hits held (collected.held), a few by set: the hits of a search hold
// few different sets of the query's few terms.
type shareMemo struct {
	held  [shareMemoSize]uint64
	share [shareMemoSize]float64
	set   uint64 // the places filled
}

const shareMemoSize = 64

// sharesOf is share, read from m when a hit holding the same terms was
// measured before (share reads nothing else of the hit when the query has
// at most 64 stems).
func (ix *Index) sharesOf(m *shareMemo, h collected, a *analyzed) (share float64, held uint64) {
	if len(a.stemIDs) > 64 {
		return ix.share(h, a)
	}
	i := (h.held ^ h.held>>6 ^ h.held>>12) % shareMemoSize
	if m.set&(1<<i) != 0 && m.held[i] == h.held {
		return m.share[i], h.held
	}
	share, held = ix.share(h, a)
	m.held[i], m.share[i], m.set = h.held, share, m.set|1<<i
	return share, held
}

// share is how much of the query a hit matched: the query's stems found in
// its title or text, weighted by rarity, over all the query's stems; a stem
// the hit lacks counts altWeight when it holds what the thesaurus says the
// typed words mean. held has a bit set for each of the first 64 terms the
// hit holds (as collected).
func (ix *Index) share(h collected, a *analyzed) (share float64, held uint64) {
	var in float64
	var inSide [2]float64
	for i, q := range a.stemIDs {
		w := 0.0
		if i < 64 && h.held&(1<<i) != 0 || i >= 64 && q != noTerm && ix.snap.holds(h.meta, q) {
			w = 1
		} else {
			for _, ad := range a.adds {
				if i < 64 && ad.stems&(1<<i) != 0 && h.held&ad.need == ad.need {
					w = ad.weight
					break
				}
			}
		}
		in += w * a.stemIDF[i]
		if a.sides[0] != 0 && i < 64 {
			for side, mask := range a.sides {
				if mask&(1<<i) != 0 {
					inSide[side] += w * a.stemIDF[i]
				}
			}
		}
	}
	if a.sides[0] != 0 {
		return max(inSide[0]/a.sideAll[0], inSide[1]/a.sideAll[1]), h.held
	}
	if a.stemAll == 0 {
		return 0, h.held
	}
	return in / a.stemAll, h.held
}

// typedTitle is rankFacts.typedTitle of a document: how many words its title
// has when titleTyped may find it in a query (the title is two words or more,
// a stop word among them), else 0; at most 255.
func typedTitle(m *docMeta) uint8 {
	n := len(m.titlePlain)
	if n < 2 || n > math.MaxUint8 || len(m.titleWords) > 0 && !slices.Contains(m.titleWords, noTerm) {
		return 0
	}
	return uint8(n)
}

// titleTyped reports whether the query holds a document's whole title as
// typed, its words side by side, a stop word among them ("equipped with"):
// the stemmed title cover reads such a title by its other words alone.
func (a *analyzed) titleTyped(m *docMeta) bool {
	n := len(m.titlePlain)
	if n < 2 || len(a.typed) < n || len(m.titleWords) > 0 && !slices.Contains(m.titleWords, noTerm) {
		return false
	}
	for at := 0; at+n <= len(a.typed); at++ {
		if a.typed[at].plain != m.titlePlain[0] {
			continue
		}
		all := true
		for j, p := range m.titlePlain[1:] {
			if a.typed[at+1+j].plain != p {
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
