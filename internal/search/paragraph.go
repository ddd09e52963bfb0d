package search

import (
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

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
	// norm is what paragraphGain multiplies by for its length against the
	// whole text's (see weighParagraphs).
	norm float64
	// answers are the kinds of answer its text holds (see answersIn).
	answers intent
	// plain says its text holds no byte appendOneLine does not copy as it
	// is (needsEscape): a snippet cut from it is its bytes.
	plain bool
	// contents says it is a line of its entry's list of contents: it
	// names a sub-section of the entry ("Order – Beam personnel.") and
	// says nothing of its own (see markContents).
	contents bool
	// headIDs are the terms of the heading it opens with ("Headquarters —
	// ...", "Skills: ..."), headIDF the sum of their rarities: a title of
	// its own (see headParagraphs). None for most.
	headIDs []uint32
	headIDF float64
}

// deriveParagraphs finds the paragraphs of a document's text (the same as
// rules.Paragraphs, with the same anchors) among its words. A card has none.
func deriveParagraphs(m *docMeta) {
	m.paras, m.answers = nil, 0
	m.plainText = plainUntil(m.Text, 0) == len(m.Text)
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
		m.paras[i] = paragraph{at: uint32(w), from: uint32(b[0]), to: uint32(b[1]), anchor: ps[i].Anchor,
			answers: answersIn(m.Text[b[0]:b[1]]), plain: plainUntil(m.Text, b[0]) >= b[1]}
		// A glossary entry's first paragraph, and a paragraph opening
		// with the term it defines ("Skills: ..."), say what a term is.
		if i == 0 && m.Kind == rules.KindGlossary || definedTerm(m.Text[b[0]:b[1]]) != "" {
			m.paras[i].answers |= intentDefinition
		}
	}
	m.shortest, m.answers = len(m.words), 0
	for p := range m.paras {
		m.shortest = min(m.shortest, m.paragraphWords(p))
		m.answers |= m.paras[p].answers
	}
}

// weighParagraphs computes what the re-ranking multiplies a document's
// score by for the length of its best paragraph against its whole text's
// ((words of the entry / words of the paragraph)^(ParagraphNorm/2)), for
// each paragraph, and the most it may for the shortest (docMeta.mostNorm):
// the same for every search, so computed once, with the index's weights.
func (ix *Index) weighParagraphs() {
	for _, m := range ix.meta {
		m.mostNorm = 1
		for p := range m.paras {
			m.paras[p].norm = 1
		}
		if len(m.paras) == 0 || ix.w.ParagraphNorm <= 0 {
			continue
		}
		m.mostNorm = math.Pow(float64(len(m.words))/float64(max(m.shortest, 1)), ix.w.ParagraphNorm/2)
		for p := range m.paras {
			m.paras[p].norm = math.Pow(float64(len(m.words))/float64(m.paragraphWords(p)), ix.w.ParagraphNorm/2)
		}
	}
}

// headParagraphs finds the paragraphs that open with a heading of their
// own (headingOf) and the heading's terms; docMeta.headed says a document
// has one.
func (ix *Index) headParagraphs() {
	for _, m := range ix.meta {
		m.headed = false
		for p := range m.paras {
			para := &m.paras[p]
			para.headIDs, para.headIDF = nil, 0
			h := headingOf(m.Text[para.from:para.to])
			if h == "" {
				continue
			}
			for _, t := range terms(ix.english, h) {
				if id := ix.lex.id(t); id != noTerm {
					para.headIDs = append(para.headIDs, id)
					para.headIDF += ix.lex.idf[id]
				}
			}
			m.headed = m.headed || len(para.headIDs) > 0
		}
	}
}

// markContents marks the lines of an entry's list of contents: a paragraph of
// at most contentsWords words, every word of which (its stop words aside) is
// a word of the title of one of the entry's sub-sections (an entry whose id
// is the entry's and more: "...2-execute-orders.order-beam-personnel" under
// "...2-execute-orders"). Such a line names where the rule is; it is not the
// rule, and bestParagraph never takes it for the entry's answer, when the
// entry has a paragraph besides.
func (ix *Index) markContents() {
	children := map[string][]*docMeta{}
	for id, m := range ix.meta {
		if i := strings.LastIndexByte(id, '.'); i > 0 {
			children[id[:i]] = append(children[id[:i]], m)
		}
	}
	// underTitled reports whether a sub-section of m, at any depth, has
	// every one of terms in its title.
	var underTitled func(m *docMeta, terms []uint32) bool
	underTitled = func(m *docMeta, terms []uint32) bool {
		for _, c := range children[m.ID] {
			all := true
			for _, t := range terms {
				if !slices.Contains(c.titleIDs, t) {
					all = false
					break
				}
			}
			if all || underTitled(c, terms) {
				return true
			}
		}
		return false
	}
	var terms []uint32
	for _, m := range ix.meta {
		m.contents = false
		if len(m.paras) < 2 || len(children[m.ID]) == 0 {
			continue
		}
		lines := 0
		for p := range m.paras {
			para := &m.paras[p]
			para.contents = false
			lo, hi := para.at, uint32(len(m.words))
			if p+1 < len(m.paras) {
				hi = m.paras[p+1].at
			}
			if hi-lo > contentsWords {
				continue
			}
			terms = terms[:0]
			for _, w := range m.words[lo:hi] {
				if w.term != noTerm {
					terms = append(terms, w.term)
				}
			}
			if len(terms) > 0 && underTitled(m, terms) {
				para.contents = true
				lines++
			}
		}
		if lines == len(m.paras) {
			// Nothing but contents: the lines are what it says.
			for p := range m.paras {
				m.paras[p].contents = false
			}
			lines = 0
		}
		m.contents = lines > 0
	}
}

// contentsWords is the most words a line of a list of contents has.
const contentsWords = 8

// headingOf returns the heading a paragraph opens with: a term it defines
// ("Skills: ...") or one set before a dash ("Headquarters — A headquarters
// may be seeded..."); not an example's lead-in ("For example: ...").
func headingOf(paragraph string) string {
	h := definedTerm(paragraph)
	if h == "" {
		for _, dash := range [...]string{" — ", " – "} {
			if i := strings.Index(paragraph, dash); i > 0 {
				h = definedTerm(paragraph[:i] + ": ")
				break
			}
		}
	}
	if strings.HasPrefix(h, "For example") {
		return ""
	}
	return h
}

// paragraphWords returns how many words paragraph p has.
func (m *docMeta) paragraphWords(p int) int {
	end := len(m.words)
	if p+1 < len(m.paras) {
		end = int(m.paras[p+1].at)
	}
	return max(end-int(m.paras[p].at), 1)
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
	case prior == priorCard && named:
		return w.NamedCard
	case prior == priorCard:
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

// aboutOneCardBytes is how much of a ruling's opening aboutOneCard reads.
const aboutOneCardBytes = 120

// aboutOneCard reports whether a ruling's opening speaks of "this" card of a
// type: a ruling on one card.
func aboutOneCard(text string) bool {
	// The opening of the ruling: its first sentence, or a little more when
	// an abbreviation ends it early ("If Mickey D. is in the Away Team that
	// encounters this dilemma").
	first := strings.ToLower(text)
	if len(first) > aboutOneCardBytes {
		first = first[:aboutOneCardBytes]
	}
	for _, t := range cardTypes {
		for rest := first; ; {
			i := strings.Index(rest, "this "+t)
			if i < 0 {
				break
			}
			rest = rest[i+len("this "+t):]
			if r, _ := utf8.DecodeRuneInString(rest); rest == "" || !unicode.IsLetter(r) {
				return true // "this dilemma," and "this personnel's", not "this shipment"
			}
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
	held   []uint64  // the terms each paragraph holds (bits by index in a.terms)
	shares []float64 // the share of the query each paragraph holds
	// byTerm are the document's words of each of a.terms (its
	// occurrences); inBest those of them in the best paragraph.
	byTerm, inBest [][]termAt
	occ            []termAt    // the query's words in the paragraph, by position
	lists          []stemWords // the words of each stem, for merging into occ
}

// stemWords are the words of a paragraph of one of the query's stems (its
// index k in stemIDs).
type stemWords struct {
	k     uint32
	words []termAt
}

// bestParagraph returns the paragraph of a document that answers the query
// best, the share of the query it holds, and how much it raises the
// document's score (see paragraphGain).
// A paragraph holds the query's stems of its own words and of its entry's
// title (the heading it stands under), weighted by rarity, a meaning the
// thesaurus gives for one counting altWeight; one holding the kind of
// answer the question asks for (see intent) counts IntentShare more. The
// answer is among the paragraphs holding most: of those, the one whose gain
// is highest, for holding the query's words close together, in order or as
// typed, the kind of answer asked for; the first of equals, whatever their
// lengths (a rulebook states a rule before its examples and exceptions). A paragraph
// that holds every word of the query once beats one that repeats some. A
// document without paragraphs gives -1. holds has a bit clear for each of
// the query's first 64 terms (a.terms) the document is known not to hold
// (collected.held; all set when not known): their words are not looked
// for.
func (a *analyzed) bestParagraph(m *docMeta, holds uint64, w *weights, sc *paragraphScratch) (best int, share, gain float64) {
	if len(m.paras) == 0 {
		sc.byTerm, sc.inBest = sc.byTerm[:0], sc.inBest[:0]
		return -1, 0, w.paragraphGain(a, m, -1, 0, 0, false, sc)
	}
	n := min(len(a.terms), 64)
	// The query's terms the title holds stand in every paragraph.
	var title uint64
	if w.TitleInParagraph {
		for k, t := range a.terms[:n] {
			if t != noTerm && slices.Contains(m.titleIDs, t) {
				title |= 1 << k
			}
		}
	}
	held := resize(sc.held, len(m.paras))
	clear(held)
	sc.held = held
	occ := sc.byTerm[:0]
	for k, t := range a.terms[:n] {
		var o []termAt
		if t != noTerm && holds&(1<<k) != 0 {
			o = m.occurrences(t)
		}
		occ = append(occ, o)
		// The occurrences go up, and so do the paragraphs holding them.
		p := 0
		for _, o := range o {
			for p+1 < len(m.paras) && m.paras[p+1].at <= o.at {
				p++
			}
			held[p] |= 1 << k
		}
	}
	sc.byTerm = occ
	// Which paragraphs to weigh: those holding most of the query (their
	// own words, the title's and the kind of answer asked for), and of
	// those the ones holding most in their own words; the gain of those
	// alone is computed.
	shares := resize(sc.shares, 2*len(held))
	sc.shares = shares
	own := shares[len(held):]
	shares = shares[:len(held)]
	// Most paragraphs of a long entry hold the same of the query (none of
	// its words but the title's): the share of the last set held is kept.
	mostKey := 0.0
	lastAll, lastShare, known := uint64(0), 0.0, false
	for p, h := range held {
		if m.contents && m.paras[p].contents {
			// A line of the entry's contents is never its answer.
			shares[p], own[p] = 0, -1
			continue
		}
		all := h | title
		asked := a.intent != 0 && a.intent&a.answersOf(m, p) != 0
		if asked {
			all |= a.intentStems
		}
		if !known || all != lastAll {
			lastAll, lastShare, known = all, a.shareHeld(all), true
		}
		shares[p] = lastShare
		// The paragraph's key: its share, and IntentShare for holding the
		// kind of answer asked for; kept in own[p] until read below.
		own[p] = shares[p]
		if asked {
			own[p] += w.IntentShare
		}
		mostKey = max(mostKey, own[p])
	}
	mostOwn := -1.0
	first := 0 // the first paragraph that may answer
	for m.contents && m.paras[first].contents {
		first++
	}
	for p, h := range held {
		if own[p] < mostKey-1e-9 || mostKey == 0 && p > first {
			own[p] = -1
			continue
		}
		own[p] = a.shareHeld(h)
		mostOwn = max(mostOwn, own[p])
	}
	best, bestGain, last := -1, 0.0, -1
	for p, h := range held {
		if own[p] < mostOwn-1e-9 {
			continue
		}
		// Its length is no evidence of its answering: of two paragraphs
		// answering alike, the first states the rule, a later one its
		// example.
		a.wordsIn(m, p, sc)
		last = p
		near := a.nearness(m, h, sc)
		g := w.paragraphGain(a, m, p, shares[p], near, near == 1 && a.phraseIn(m, p, sc), sc)
		if best < 0 || g/m.paras[p].norm > bestGain/m.paras[best].norm+1e-12 {
			best, bestGain = p, g
		}
	}
	if best != last {
		a.wordsIn(m, best, sc) // the words of the last weighed are kept
	}
	return best, shares[best], bestGain
}

// answersOf returns the kinds of answer paragraph p of a document holds for
// this query: a number answers how many of something only when it counts
// one of the query's words, standing just before it ("three spacelines",
// "30 counted seed cards"; numberReach), not a number anywhere.
func (a *analyzed) answersOf(m *docMeta, p int) intent {
	in := a.boundsOf(m.paras[p].answers)
	if in&intentDefinition == 0 && m.named != nil && a.namesAsked(m, p) {
		in |= intentDefinition
	}
	lo, hi := m.paras[p].at, uint32(len(m.words))
	if p+1 < len(m.paras) {
		hi = m.paras[p+1].at
	}
	if in&intentPermission != 0 && a.intent&intentPermission != 0 && !a.modalGoverns(m, lo, hi) {
		in &^= intentPermission
	}
	if in&intentNumber == 0 || a.intent&intentNumber == 0 {
		return in
	}
	for _, at := range m.numbers[firstNumber(m.numbers, lo):] {
		if at >= hi {
			break
		}
		if w := m.words[at]; isTimesWord(m.Text[w.start:w.end]) {
			if a.countsTimes && !opensClause(m.Text[:w.start]) {
				return in
			}
			continue
		}
		for j := at + 1; j <= at+numberReach && j < hi; j++ {
			t := m.words[j].term
			if t == noTerm {
				continue
			}
			if k := slices.Index(a.terms, t); k >= 0 && (a.counted == 0 || k < 64 && a.counted&(1<<k) != 0) {
				return in
			}
		}
	}
	return in &^ intentNumber
}

// modalGoverns reports whether a word stating what may be done, between
// words lo and hi of a document, governs a word of the query: the first word
// after it that the English analysis keeps, past "not", "be", "only" and
// another modal ("Intruders cannot attempt", "may not be built", "may only
// be played"), within modalReach words. A paragraph answers whether
// something may be done when it says so of what the question does, not
// when "may" stands anywhere in it.
func (a *analyzed) modalGoverns(m *docMeta, lo, hi uint32) bool {
	modals := m.modals[firstNumber(m.modals, lo):]
	for k, at := range modals {
		if at >= hi {
			break
		}
		// The modals after this one, in order: a word among them is
		// passed over as another modal ("cannot ever").
		next := modals[k+1:]
		for j := at + 1; j <= at+modalReach && j < hi; j++ {
			for len(next) > 0 && next[0] < j {
				next = next[1:]
			}
			w := m.words[j]
			if w.term == noTerm || len(next) > 0 && next[0] == j || strings.EqualFold(m.Text[w.start:w.end], "only") {
				continue
			}
			if slices.Contains(a.terms, w.term) {
				return true
			}
			break
		}
	}
	return false
}

// modalReach is how many words after a modal its verb may stand ("may not
// be built", "may not ever be").
const modalReach = 4

// numberReach is how many words after a number the word it counts may
// stand ("30 counted seed cards").
const numberReach = 2

// firstNumber returns the index of the first of numbers at lo or after.
func firstNumber(numbers []uint32, lo uint32) int {
	i, _ := slices.BinarySearch(numbers, lo)
	return i
}

// mostGain is the most paragraphGain can give a hit holding share of the
// query anywhere: its best paragraph holds no more of it, close together,
// in order only if it holds all of it, as typed no more than it holds, and
// is no shorter than its shortest paragraph.
func (w *weights) mostGain(a *analyzed, m *docMeta, share float64) float64 {
	// A paragraph holding the kind of answer asked for holds the words
	// that ask it (analyzed.intentStems); a document none of whose
	// paragraphs holds it gains nothing for it.
	asked := a.intent&m.answers != 0 || m.named != nil && a.namesAsked(m, -1)
	if asked {
		share = min(share+a.shareHeld(a.intentStems), 1)
	}
	g := (1 + w.Paragraph*share*share) * (1 + w.Exact*share)
	if len(a.phrase) > 0 && share >= 1-1e-9 {
		g *= 1 + w.TextPhrase
	}
	if asked {
		g *= 1 + w.Intent
	}
	if w.Typed != 0 && len(a.typed) > 2 {
		g *= 1 + w.Typed
	}
	if m.headed && w.Headings {
		g *= 1 + w.Cover // a heading's cover is at most 1
	}
	return g * m.mostNorm * (1 + w.ParagraphWhole)
}

// paragraphGain is what a document's score is multiplied by for paragraph p
// (whose words of the query sc.inBest holds; -1 for none), holding share of
// the query with nearness near, and the query's words in order (phrase):
// more for more of the query held close together, for its words in order (a
// short query) and as typed, and for a paragraph short against the whole
// text (Bleve weighs a match by the length of the whole text; the answer is
// the paragraph's, so measure it by that instead).
func (w *weights) paragraphGain(a *analyzed, m *docMeta, p int, share, near float64, phrase bool, sc *paragraphScratch) float64 {
	g := 1 + w.Paragraph*share*share*near
	if phrase {
		g *= 1 + w.TextPhrase
	}
	if w.Exact != 0 {
		g *= 1 + w.Exact*a.exactShare(m, sc)
	}
	if p >= 0 {
		g *= m.paras[p].norm
		if a.intent != 0 && a.intent&a.answersOf(m, p) != 0 {
			g *= 1 + w.Intent
		}
		if w.Typed != 0 && len(a.typed) > 2 {
			if r := a.typedRun(m, p, sc); r > 2 {
				g *= 1 + w.Typed*float64(r-2)/float64(len(a.typed)-2)
			}
		}
	}
	return g
}

// maxTyped is the most words of a query typedRun reads as typed.
const maxTyped = 24

// typedRun returns the most words of the query, as typed and in order, that
// paragraph p holds side by side, a stop word among them (0 for none): a
// word matches by its plain word or its English term. Runs start at the
// paragraph's words of the query's stems (sc.inBest).
func (a *analyzed) typedRun(m *docMeta, p int, sc *paragraphScratch) int {
	lo, hi := m.paras[p].at, uint32(len(m.words))
	if p+1 < len(m.paras) {
		hi = m.paras[p+1].at
	}
	match := func(at uint32, j int) bool {
		w, t := m.words[at], a.typed[j]
		return w.plain == t.plain || t.term != noTerm && w.term == t.term
	}
	best := 0
	for k := range min(len(a.stemIDs), len(sc.inBest)) {
		stem := a.stemIDs[k]
		for j, t := range a.typed {
			if t.term != stem {
				continue
			}
			for _, o := range sc.inBest[k] {
				// Outward from the word both hold, as long as both go on.
				from, to := j, j
				for from > 0 && o.at-uint32(j-from) > lo && match(o.at-uint32(j-from)-1, from-1) {
					from--
				}
				for to+1 < len(a.typed) && o.at+uint32(to-j)+1 < hi && match(o.at+uint32(to-j)+1, to+1) {
					to++
				}
				if n := to - from + 1; n > best {
					for i := from; i <= to; i++ {
						if a.typed[i].term == noTerm {
							best = n // a stop word among them
							break
						}
					}
				}
			}
		}
	}
	return best
}

// wordsIn keeps in sc.inBest the words of paragraph p of each of the query's
// terms (from sc.byTerm): what nearness, phraseIn and the snippet's marks
// read.
func (a *analyzed) wordsIn(m *docMeta, p int, sc *paragraphScratch) {
	lo, hi := m.paras[p].at, uint32(len(m.words))
	if p+1 < len(m.paras) {
		hi = m.paras[p+1].at
	}
	in := sc.inBest[:0]
	for _, o := range sc.byTerm {
		if len(o) > 0 && (o[0].at < lo || o[len(o)-1].at >= hi) {
			o = o[firstAt(o, lo):firstAt(o, hi)]
		}
		in = append(in, o)
	}
	sc.inBest = in
}

// phraseIn reports whether paragraph p of a document holds the query's
// phrase (its words in order, see analyzed.phrase), p being the paragraph
// bestParagraph just found. The phrase's first term is the query's first
// stem.
func (a *analyzed) phraseIn(m *docMeta, p int, sc *paragraphScratch) bool {
	if len(a.phrase) == 0 || p < 0 || len(sc.inBest) == 0 {
		return false
	}
	hi := uint32(len(m.words))
	if p+1 < len(m.paras) {
		hi = m.paras[p+1].at
	}
	for _, w := range sc.inBest[0] {
		all := true
		for _, t := range a.phrase[1:] {
			if j := w.at + uint32(t.offset); j >= hi || m.words[j].term != t.term {
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

// exactShare is the share of the query's stems (by rarity) whose words as
// typed, or in the other grammatical number, the best paragraph (sc.inBest)
// or the title holds, not only words of the same stem.
func (a *analyzed) exactShare(m *docMeta, sc *paragraphScratch) float64 {
	if a.stemAll == 0 {
		return 0
	}
	var in float64
	for k, want := range a.stemPlain {
		if want == noTerm {
			continue
		}
		other := a.stemNumber[k]
		// The paragraph's words first: most often one of them is the
		// word, and the title's words are not read.
		found := false
		if k < len(sc.inBest) {
			for _, o := range sc.inBest[k] {
				p := o.plain // m.words[o.at].plain
				if found = p == want || p == other; found {
					break
				}
			}
		}
		if !found {
			found = slices.Contains(m.titlePlain, want) || other != noTerm && slices.Contains(m.titlePlain, other)
		}
		if found {
			in += a.stemIDF[k]
		}
	}
	return in / a.stemAll
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
				in += ad.weight * a.stemIDF[i]
				break
			}
		}
	}
	return in / a.stemAll
}

// nearness measures how close together the query's stems held by the best
// paragraph (sc.inBest) stand: the fewest words of the paragraph holding one
// of each, against the number of them (with a little slack), from 1 down to
// 1/2.
func (a *analyzed) nearness(m *docMeta, held uint64, sc *paragraphScratch) float64 {
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
	// The words of the paragraph of each stem held, merged in order.
	lists := sc.lists[:0]
	for k := range min(len(a.stemIDs), 64) {
		if want&(1<<k) != 0 && len(sc.inBest[k]) > 0 { // the stems are the first terms
			lists = append(lists, stemWords{k: uint32(k), words: sc.inBest[k]})
		}
	}
	occ := sc.occ[:0]
	for len(lists) > 0 {
		first := 0
		for i := 1; i < len(lists); i++ {
			if lists[i].words[0].at < lists[first].words[0].at {
				first = i
			}
		}
		occ = append(occ, termAt{term: lists[first].k, at: lists[first].words[0].at})
		if lists[first].words = lists[first].words[1:]; len(lists[first].words) == 0 {
			lists = slices.Delete(lists, first, first+1)
		}
	}
	sc.occ, sc.lists = occ, lists
	// The shortest stretch holding every stem held: two fingers along
	// the words.
	var count [64]int
	have, j := 0, 0
	shortest := math.MaxInt
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
