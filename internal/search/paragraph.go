package search

import (
	"slices"
	"sort"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Paragraphs, and what a document is worth whatever the query.
//
// A judge's answer is often one paragraph of a long section, so a hit is also
// scored by its best paragraph: how much of the query (weighted by rarity) one
// paragraph holds, and how close together (see bestParagraph). The hit's
// anchor names that paragraph, and its snippet is cut from it.

// paragraph is one paragraph of a document's text.
type paragraph struct {
	at       uint32 // the index of its first word among docMeta.words
	from, to uint32 // its bytes in docMeta.Text
	anchor   string
}

// deriveParagraphs finds the paragraphs of a document's text (the same as
// rules.Paragraphs, with the same anchors) among its words. A card has none.
func deriveParagraphs(m *docMeta) {
	m.paras = nil
	if m.Kind == rules.KindCard || !m.textWords {
		return
	}
	bounds := rules.ParagraphBounds(m.Text)
	ps := rules.Paragraphs(m.Text)
	m.paras = make([]paragraph, len(ps))
	w := 0
	for i, b := range bounds {
		for w < len(m.words) && int(m.words[w].start) < b[0] {
			w++
		}
		m.paras[i] = paragraph{at: uint32(w), from: uint32(b[0]), to: uint32(b[1]), anchor: ps[i].Anchor}
	}
}

// paragraphOf returns the index of the paragraph holding word w.
func (m *docMeta) paragraphOf(w uint32) int {
	return sort.Search(len(m.paras), func(i int) bool { return m.paras[i].at > w }) - 1
}

// Kinds of document that answer a rules question less well than rule text,
// and by how much their score is scaled (see weights).
//
//   - a card: it has look-ups of its own, and a rules question is answered by
//     rules unless it names the card;
//   - a ruling or glossary entry about one card ("Make It So - This incident
//     does not restore..."): the same, unless the query names the card;
//   - a caption or a heading without a body: a section with no text, or a
//     short one introducing a figure (ending with a colon);
//   - a cross-reference ("here - See headquarters"): it hands its score to
//     the entries it points at (see handOver).
func (ix *Index) weighPriors(metas []*docMeta) {
	cardTitles := map[string]bool{}
	for _, m := range metas {
		if m.Kind == rules.KindCard {
			cardTitles[rules.FoldTerm(cardTitleOf(m.Title))] = true
		}
	}
	for _, m := range metas {
		m.prior, m.seeTo = priorNone, nil
		switch {
		case m.Kind == rules.KindCard:
			m.prior = priorCard
		case m.CardRuling || (m.Kind == rules.KindRuling || m.Kind == rules.KindGlossary) &&
			(cardTitles[m.TitleKey] || aboutOneCard(m.Text)):
			m.prior = priorCardRuling
		case m.Kind == rules.KindSection && isCaption(m.Text):
			m.prior = priorCaption
		}
		for _, id := range m.See {
			if t := ix.meta[id]; t != nil && t != m {
				m.seeTo = append(m.seeTo, t)
			}
		}
	}
}

// Kinds of document scaled whatever the query (docMeta.prior).
const (
	priorNone uint8 = iota
	priorCard
	priorCardRuling
	priorCaption
)

// priorFactor is what a document of a prior kind is scaled by; named says
// the query names its title, which lifts a card's and a card ruling's.
func (w *weights) priorFactor(prior uint8, named bool) float64 {
	switch {
	case prior == priorCard && !named:
		return w.Card
	case prior == priorCardRuling && !named:
		return w.CardRuling
	case prior == priorCaption:
		return w.Caption
	}
	return 1
}

// cardTitleOf is a card's title without its subtitle ("Jean-Luc Picard,
// Explorer" -> "Jean-Luc Picard").
func cardTitleOf(name string) string {
	if i := strings.LastIndex(name, ", "); i > 0 {
		return name[:i]
	}
	return name
}

// cardTypes are the card types a ruling names when it speaks of one card
// ("This incident ...").
var cardTypes = []string{"incident", "personnel", "dilemma", "event", "interrupt", "objective", "equipment",
	"mission", "artifact", "doorway", "ship", "facility", "q-icon", "q-dilemma", "q-event", "card"}

// aboutOneCard reports whether a ruling's first sentence speaks of "this"
// card of a type: a ruling on one card.
func aboutOneCard(text string) bool {
	first := strings.ToLower(text)
	if i := strings.IndexAny(first, ".!?"); i > 0 {
		first = first[:i]
	}
	for _, t := range cardTypes {
		if strings.Contains(first, "this "+t+" ") || strings.Contains(first, "this "+t+"'") ||
			strings.Contains(first, "this "+t+"’") || strings.HasSuffix(first, "this "+t) {
			return true
		}
	}
	return false
}

// isCaption reports whether a section's text is only a heading's (none) or
// a figure's lead-in.
func isCaption(text string) bool {
	t := strings.TrimSpace(text)
	return t == "" || len(t) < 200 && strings.HasSuffix(t, ":")
}

// paragraphScratch is the memory bestParagraph works in.
type paragraphScratch struct {
	held []uint64 // the terms each paragraph holds (bits by index in a.terms)
	occ  []termAt // the query's words in the paragraph, by position
}

// bestParagraph returns the paragraph of a document that holds most of the
// query (its stems weighted by rarity, a meaning the thesaurus gives for one
// counting altWeight), the share it holds, and how close together: 1 when
// the stems it holds stand within a few words of each other, less as they
// spread (down to 1/2). A document without paragraphs gives -1.
func (a *analyzed) bestParagraph(m *docMeta, sc *paragraphScratch) (best int, share, near float64) {
	if len(m.paras) == 0 {
		return -1, 0, 0
	}
	held := resize(sc.held, len(m.paras))
	clear(held)
	sc.held = held
	n := min(len(a.terms), 64)
	for k, t := range a.terms[:n] {
		if t == noTerm {
			continue
		}
		for _, o := range m.occurrences(t) {
			if p := m.paragraphOf(o.at); p >= 0 {
				held[p] |= 1 << k
			}
		}
	}
	best = 0
	for p, h := range held {
		if s := a.shareHeld(h); s > share {
			best, share = p, s
		}
	}
	return best, share, a.nearness(m, best, held[best], sc)
}

// shareHeld is share for a paragraph holding the terms of held.
func (a *analyzed) shareHeld(held uint64) float64 {
	if a.stemAll == 0 {
		return 0
	}
	var in float64
	for i := range a.stemIDs {
		if i >= 64 {
			break
		}
		if held&(1<<i) != 0 {
			in += a.stemIDF[i]
			continue
		}
		for _, ad := range a.adds {
			if ad.stems&(1<<i) != 0 && held&ad.need == ad.need {
				in += altWeight * a.stemIDF[i]
				break
			}
		}
	}
	return in / a.stemAll
}

// nearness measures how close together the query's stems held by paragraph p
// stand: the fewest words of the paragraph holding one of each, against the
// number of them (with a little slack), from 1 down to 1/2.
func (a *analyzed) nearness(m *docMeta, p int, held uint64, sc *paragraphScratch) float64 {
	var want uint64
	kinds := 0
	for i := range min(len(a.stemIDs), 64) {
		if held&(1<<i) != 0 {
			want |= 1 << i
			kinds++
		}
	}
	if kinds < 2 {
		return 1
	}
	lo, hi := m.paras[p].at, uint32(len(m.words))
	if p+1 < len(m.paras) {
		hi = m.paras[p+1].at
	}
	occ := sc.occ[:0]
	for k := range min(len(a.stemIDs), 64) {
		if want&(1<<k) == 0 {
			continue
		}
		for _, o := range m.occurrences(a.stemIDs[k]) {
			if o.at >= lo && o.at < hi {
				occ = append(occ, termAt{term: uint32(k), at: o.at})
			}
		}
	}
	slices.SortFunc(occ, func(x, y termAt) int { return int(x.at) - int(y.at) })
	sc.occ = occ
	// The shortest stretch holding every stem held: two fingers along
	// the words.
	var count [64]int
	have, j := 0, 0
	shortest := int(hi - lo)
	for i := range occ {
		if count[occ[i].term] == 0 {
			have++
		}
		count[occ[i].term]++
		for have == kinds {
			shortest = min(shortest, int(occ[i].at-occ[j].at)+1)
			count[occ[j].term]--
			if count[occ[j].term] == 0 {
				have--
			}
			j++
		}
	}
	slack := float64(2*kinds + 2)
	if float64(shortest) <= slack {
		return 1
	}
	return 0.5 + 0.5*slack/float64(shortest)
}
