package catalog

import (
	"context"
	"slices"
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
// ("laforge", "backflush") is read as those two; two query words, one of
// them no word of any name, that make one together ("tal aura") as that one.
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
// equally well. A query that gives only part of the best card's name (less
// than wholeRecall of it: "Phaser" of Bajoran Phaser, "Armus" of Armus:
// Sticky Situation) tells it from no other card that fits and explains the
// query as well: a shorter name is no better answer to the words given, so
// those cards fit equally well too.
//
// A typo'd word is read as the words of the names it is nearest (readAs):
// the cards are compared as for the name typed right, so a typo in a word
// several cards share does not hand the answer to the cards holding the
// other words ("Klingon Officr" fits the Science Officers as well as
// Klingon Disruptor Pistol, as "Klingon Officer" does). The typo still
// costs whether the name names a card at all: it is read so only when, as
// typed, it fits some card. A fitting card lacking a recognised word of
// the query that another fitting card holds, and holding none that one
// lacks, answers nothing (lookup.lackers), nor does one holding the same
// words but fewer of them whole; cards holding different words of the
// query, no card holding them all, fit it equally well (bestFit). Some
// cards do not fit whatever they score: one holding of the query only
// numbers written the other way, or words of four letters with one
// changed (weakWords), and a personnel card whose title a word of no name
// stands in for as another person's name (namesAnother).
//
// Candidates come from an inverted index of the names' words and a
// symmetric-delete index of the vocabulary (every word with up to two
// letters deleted), so a look-up scores only the few names that share a
// word, or a near word, with the query.
//
// What a look-up costs does not grow with the length of a typed word: a
// word can be like a word of the names only when its length is within
// reach of theirs (Catalog.longestWord), so a longer one is looked for
// neither among the typos, nor the starts of words, nor as two words run
// together; it only counts, as any unknown word, against the precision of
// every card. The deletions of a query word are made only for a word within
// that reach, so they stay a few kilobytes, and the look-up checks its
// context between the query's words and between candidates.

const (
	wholeRecall  = 0.85 // a query giving this share of a name gives it whole, a typo or two forgiven
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

// rankWords are the ranks and offices a reader puts before a name ("Gul
// Dukat", "Lieutenant Commander Data", "Kai Winn"), which a card prints
// only now and then ("Lt. McGivers", "Danar, Irascible Gul"): leading a
// query, one tells as little as a common word, so the name it comes with
// decides. Elsewhere ("Geordi La Forge, Chief Engineer") it is a word
// like any other.
var rankWords = map[string]bool{
	"admiral": true, "ambassador": true, "captain": true, "capt": true, "chancellor": true, "chief": true,
	"colonel": true, "commander": true, "commodore": true, "constable": true, "counselor": true,
	"doctor": true, "dr": true, "ensign": true, "general": true, "glinn": true, "gul": true, "kai": true,
	"legate": true, "lieutenant": true, "lt": true, "major": true, "mr": true, "praetor": true,
	"professor": true, "senator": true, "subcommander": true, "vedek": true,
}

// rankAbbreviations are the ranks and offices as players shorten them
// ("Cmdr. Riker", "Adm. Janeway"): leading a query, one no name prints is
// read as the rank it stands for, which a card may print ("Commander
// K'Ehleyr").
var rankAbbreviations = map[string]string{
	"adm": "admiral", "amb": "ambassador", "capt": "captain", "cpt": "captain", "cdr": "commander",
	"cmdr": "commander", "cmdre": "commodore", "col": "colonel", "dr": "doctor", "ens": "ensign",
	"gen": "general", "lieut": "lieutenant", "lt": "lieutenant", "maj": "major", "prof": "professor",
	"sen": "senator",
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

// A queryWord is one word of a look-up: how much it weighs and the
// vocabulary words like it, by id (how like each is, is in the look-up's
// table: lookup.sims).
type queryWord struct {
	text   string
	weight float64
	like   []int32
	// read is the similarity of the words of the names nearest a typo'd
	// word, by which its similarities are divided when the cards are
	// compared (see readAs); 1 for a word of the names, or one no typo
	// away from any.
	read float64
	// known says the word is a word of the names; recognised that it is
	// one, or a typo of one: a card holds it when its names have the
	// word or a word starting with it ("Lamp" of "Lampwick"), or, typo'd,
	// a word like it (see match).
	known, recognised bool
	// rank says the word is a rank or office leading the query ("Gul" of
	// "Gul Madred"): it weighs as a common word (rankWords).
	rank bool
	// numeral says the word is no word of the names but a number they
	// write the other way ("3" of "Parsion III"): a card holding no word of
	// the query but such numbers does not fit it ("3 of 5").
	numeral bool
	// changed says the word is no word of the names but one of four
	// letters with one of them changed (changedLetterOnly): a card holding
	// no other word of the query does not fit it ("Kirk" is not Kira).
	changed bool
	// head says the word comes before the query's first comma or "of": it
	// names what the query names, as a card's title does.
	head bool
}

// maxHeldWords is how many of a query's words a card is said to hold or
// lack (matched.held): a name of more words is compared by the first.
const maxHeldWords = 64

// A fit is how well a card fits a query: its best name's score, 0 to 1;
// the share of the query its names explain; the share of its best name the
// query gives.
type fit struct {
	score, precision, recall float64
}

// ok says whether the fit makes the card a plausible answer at all.
func (f fit) ok() bool { return f.score >= minScore && f.precision >= minPrecision }

type scoredCard struct {
	card *rules.Card
	name string // the card's full name, which orders equal scores
	// fit is the card's fit to the query read as meant: each typo'd word
	// as the word of the names it is nearest (readAs).
	fit
	// typedRecall is the share of its best name the query gives as typed,
	// every typo costing its similarity (lookup.typed holds the whole fit
	// as typed while the look-up runs).
	typedRecall float64
	// held are the recognised words of the query the card holds
	// (matched.held); lacks says a fitting card holds more of them, and
	// all of these (lookup.lackers).
	held  uint64
	lacks bool
	// index is the card's place in Catalog.cards.
	index int32
	// whole are the words of the query, of the names, that the card holds
	// as they are, not as the start of a longer word (matched.whole).
	whole uint64
}

// fits says whether the card is a plausible answer at all.
func (s scoredCard) fits() bool { return s.ok() }

// byFit orders scored cards best first, a card that lacks a word another
// fitting card holds after every other (lookup.lackers), then by full name
// and id, so the order is stable.
func byFit(a, b scoredCard) int { return fitOrder(&a, &b) }

// fitOrder is byFit of two cards in place.
func fitOrder(a, b *scoredCard) int {
	if a.lacks != b.lacks {
		if b.lacks {
			return -1
		}
		return 1
	}
	if d := a.score - b.score; d > tieEpsilon {
		return -1
	} else if d < -tieEpsilon {
		return 1
	}
	if c := strings.Compare(a.name, b.name); c != 0 {
		return c
	}
	return strings.Compare(a.card.ID, b.card.ID)
}

// A lookup is the working space of one fuzzy look-up. The catalog keeps
// them for reuse (Catalog.lookups), so a look-up allocates next to nothing
// once they have grown to fit.
type lookup struct {
	words []string // the query's words, folded
	q     []queryWord
	likes []int32 // where the q[i].like are kept
	// sims holds the similarities of the vocabulary words like some query
	// word: word w has a row of them, row[w], one for each query word in
	// order (0 where not alike).
	row   indexMap
	sims  []float64
	dels  deletions
	typos indexMap // vocabulary words measured against a query word, per number of typos
	seen  indexMap // names taken as candidates
	cand  []int32
	place indexMap // card -> its place in out
	out   []scoredCard
	typed []fit       // by place in out: the card's fit to the query as typed
	order []int32     // places in out, best fit first
	held  []heldWords // the distinct sets of words fitting cards hold
}

// heldWords are the words of a query a card holds (scoredCard.held), and
// those it holds whole (scoredCard.whole).
type heldWords struct{ held, whole uint64 }

// holdsMore says whether a card holding h is a better answer than one
// holding o: it holds every word o holds and more, or the same words and
// more of them whole.
func (h heldWords) holdsMore(o heldWords) bool {
	if h.held != o.held {
		return h.held&o.held == o.held
	}
	return h.whole != o.whole && h.whole&o.whole == o.whole
}

func (c *Catalog) newLookup() *lookup {
	return &lookup{
		row:   newIndexMap(len(c.vocab)),
		typos: newIndexMap(len(c.vocab)),
		seen:  newIndexMap(len(c.names)),
		place: newIndexMap(len(c.cards)),
	}
}

// setSim records that vocabulary word w is like query word qi, keeping the
// greater similarity when it is met again.
func (s *lookup) setSim(qi int, w int32, sim float64) {
	n := len(s.q)
	r, ok := s.row.get(w)
	if !ok {
		r = int32(len(s.sims) / n)
		s.row.put(w, r)
		s.sims = append(s.sims, make([]float64, n)...)
	}
	x := &s.sims[int(r)*n+qi]
	if *x == 0 {
		s.likes = append(s.likes, w)
	}
	if sim > *x {
		*x = sim
	}
}

// query reads a look-up into its words, each with its weight and the
// vocabulary words like it, in s.q. It stops with ctx's error once ctx is
// done.
func (c *Catalog) query(ctx context.Context, s *lookup, name string) error {
	s.words = s.words[:0]
	for t := range strings.FieldsSeq(rules.FoldName(name)) {
		s.words = append(s.words, t)
	}
	head := len(s.words)
	if before, after, ok := strings.Cut(name, ","); ok && rules.FoldName(after) != "" {
		n := 0
		for range strings.FieldsSeq(rules.FoldName(before)) {
			n++
		}
		head = min(head, n)
	}
	for i := 1; i < head; i++ {
		if s.words[i] == "of" {
			head = i
			break
		}
	}
	// A word's weight is its tail factor until its matches are known.
	s.q = s.q[:0]
	leading := true // the words so far are ranks
	for i := 0; i < len(s.words); i++ {
		t := s.words[i]
		if full, ok := rankAbbreviations[t]; ok && leading && i+1 < len(s.words) {
			// Not when it is the start of a word split in two ("col lect").
			if _, printed := c.wordID[t]; !printed {
				if _, joins := c.joinedWord(t, s.words[i+1]); !joins {
					t = full
				}
			}
		}
		if leading && rankWords[t] && i+1 < len(s.words) {
			s.q = append(s.q, queryWord{text: t, weight: 1, rank: true})
			continue
		}
		leading = false
		tail := 1.0
		if i >= head {
			tail = weightQueryTail
		}
		if i+1 < len(s.words) {
			if joined, ok := c.joinedWord(t, s.words[i+1]); ok {
				// "tal aura" is Tal'Aura: the two words are read as one.
				s.q = append(s.q, queryWord{text: joined, weight: tail, head: i < head})
				i++
				continue
			}
		}
		a, b := c.splitRunTogether(t)
		s.q = append(s.q, queryWord{text: a, weight: tail, head: i < head})
		if b != "" {
			s.q = append(s.q, queryWord{text: b, weight: tail, head: i < head})
		}
	}
	s.row.reset()
	s.sims, s.likes = s.sims[:0], s.likes[:0]
	for i := range s.q {
		if err := ctx.Err(); err != nil {
			return err
		}
		w := &s.q[i]
		from := len(s.likes)
		typo := c.wordMatches(s, i, w.text)
		w.like = s.likes[from:len(s.likes):len(s.likes)]
		w.weight = c.queryWeight(s, i) * w.weight
		_, w.known = c.wordID[w.text]
		w.known = w.known && !stopWords[w.text]
		w.recognised = w.known || typo > 0
		w.numeral = !w.known && len(otherNumerals(w.text)) > 0 && typo > 0
		w.changed = !w.known && typo > 0 && c.changedLetterOnly(s, i)
		w.read = 1
		if !w.known && typo > 0 {
			// The nearest words, a typo or a start away, are read as it.
			w.read = c.nearest(s, i)
		}
	}
	return nil
}

// changedLetterWord is the length of a word that one changed letter may
// make another name rather than a typo of it: the shortest word read with
// a typo (maxEdits), where three letters of four are all two names share
// (Kira and Kirk, Data and Dara, Worf and Wolf, Vash and Bash). A name the
// card data lacks and a typo of one it holds cannot be told apart by the
// word alone; a letter left out, added or swapped keeps the word's letters
// and is read as a typo.
const changedLetterWord = 4

// changedLetterOnly says whether query word qi is like the words of the
// names only as a word of changedLetterWord letters with one of them
// changed: no word of names begins with it, and each word like it has its
// length and differs from it in one place.
func (c *Catalog) changedLetterOnly(s *lookup, qi int) bool {
	t := s.q[qi].text
	if len(t) != changedLetterWord {
		return false
	}
	for _, w := range s.q[qi].like {
		if !oneLetterChanged(t, c.vocab[w]) {
			return false
		}
	}
	return len(s.q[qi].like) > 0
}

// oneLetterChanged says whether a and b are of one length and differ in
// one byte.
func oneLetterChanged(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	n := 0
	for i := range len(a) {
		if a[i] != b[i] {
			n++
		}
	}
	return n == 1
}

// nearest is the greatest similarity of a vocabulary word to query word qi.
func (c *Catalog) nearest(s *lookup, qi int) float64 {
	best := 0.0
	for _, w := range s.q[qi].like {
		r, _ := s.row.get(w)
		best = max(best, s.sims[int(r)*len(s.q)+qi])
	}
	return best
}

// joinedWord reads two words of a query as the one word of names they make
// together, when one of them is no word of any name: a name's apostrophe
// typed as a space ("Tal Aura", "Nu Daq", "K Ehleyr"). Two words that are
// each a word of names stay two.
func (c *Catalog) joinedWord(a, b string) (string, bool) {
	_, knownA := c.wordID[a]
	_, knownB := c.wordID[b]
	if knownA && knownB || len(a)+len(b) > c.longestWord {
		return "", false
	}
	if id, ok := c.wordID[a+b]; ok {
		return c.vocab[id], true
	}
	return "", false
}

// splitRunTogether reads a word no name has as two words of names written
// together ("laforge" is "la forge"), or returns it as it is (and "").
func (c *Catalog) splitRunTogether(t string) (string, string) {
	if _, ok := c.wordID[t]; ok || stopWords[t] {
		return t, ""
	}
	// Both halves are words of names, so neither is longer than the
	// longest: a word of more than twice that is tried at no split.
	for i := max(minPrefix, len(t)-c.longestWord); i <= min(len(t)-minPrefix, c.longestWord); i++ {
		a, b := t[:i], t[i:]
		if stopWords[a] || stopWords[b] {
			continue
		}
		if _, ok := c.wordID[a]; !ok {
			continue
		}
		if _, ok := c.wordID[b]; ok {
			return a, b
		}
	}
	return t, ""
}

// queryWeight is the weight of query word qi: that of the same word in the
// names, else of the name word most like it; a word like none weighs 1.
func (c *Catalog) queryWeight(s *lookup, qi int) float64 {
	t := s.q[qi].text
	if stopWords[t] {
		return weightStopWord
	}
	w := c.queryWeightLike(s, qi)
	if s.q[qi].rank {
		return min(weightCommonWord, w)
	}
	return w
}

// queryWeightLike is the weight of query word qi as the names weigh it:
// that of the same word in the names, else of the name word most like it;
// a word like none weighs 1.
func (c *Catalog) queryWeightLike(s *lookup, qi int) float64 {
	t := s.q[qi].text
	if id, ok := c.wordID[t]; ok {
		return c.weight[id]
	}
	weight, best := 1.0, 0.0
	for _, w := range s.q[qi].like {
		r, _ := s.row.get(w)
		if x := s.sims[int(r)*len(s.q)+qi]; x > best || x == best && c.weight[w] > weight {
			weight, best = c.weight[w], x
		}
	}
	return weight
}

// fuzzy scores every card with a name sharing a word or near word with the
// query, best first (then by full name and id, so the order is stable). It
// stops with ctx's error once ctx is done.
func (c *Catalog) fuzzy(ctx context.Context, name string, edition string) ([]scoredCard, error) {
	s := c.lookups.Get().(*lookup)
	defer c.lookups.Put(s)
	if err := c.query(ctx, s, name); err != nil {
		return nil, err
	}
	if len(s.q) == 0 {
		return nil, nil
	}
	qmass := 0.0
	s.seen.reset()
	s.cand = s.cand[:0]
	for i := range s.q {
		qmass += s.q[i].weight
		for _, t := range s.q[i].like {
			for _, v := range c.holders[t] {
				if s.seen.add(v) {
					s.cand = append(s.cand, v)
				}
			}
		}
	}
	s.place.reset()
	s.out, s.typed = s.out[:0], s.typed[:0]
	for n, vi := range s.cand {
		if n%candidatesBetweenChecks == candidatesBetweenChecks-1 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		v := &c.names[vi]
		if edition != "" && v.card.Edition != edition || v.mass == 0 {
			continue
		}
		i, ok := s.place.get(v.cardIndex)
		if !ok {
			m := c.match(s, v.all)
			i = int32(len(s.out))
			s.place.put(v.cardIndex, i)
			s.out = append(s.out, scoredCard{card: v.card, name: c.cardNames[v.cardIndex], held: m.held, whole: m.whole, index: v.cardIndex,
				fit: fit{precision: m.readExplained / qmass}})
			s.typed = append(s.typed, fit{precision: m.explained / qmass})
		}
		m := c.match(s, v.tokens)
		s.out[i].fit.better(m.readGiven/v.mass, v.weight)
		s.typed[i].better(m.given/v.mass, v.weight)
	}
	// A card holding of the query only numbers written the other way does
	// not fit it: "3 of 5" is not Parsion III; nor one holding only words
	// of four letters one of which was changed: "Captain Kirk" is not Kira.
	if weak := s.weakWords(); weak != 0 {
		for i := range s.out {
			if h := s.out[i].held; h != 0 && h&^weak == 0 {
				s.out[i].score, s.typed[i].score = 0, 0
			}
		}
	}
	// A card whose title a word of the query's head stands in for, like
	// none of the title's words it stands beside, names another: "Ezri
	// Dax" is not Jadzia Dax.
	if s.hasStranger() {
		for i := range s.out {
			if c.namesAnother(s, s.out[i].index) {
				s.out[i].score, s.typed[i].score = 0, 0
			}
		}
	}
	// The name is read as meant only when, as typed, it fits some card:
	// a name no card fits as typed is not found, its typos forgiven or
	// not ("Tom Paris" is not Taris).
	read := slices.ContainsFunc(s.typed, fit.ok)
	for i := range s.out {
		s.out[i].typedRecall = s.typed[i].recall
		if !read {
			s.out[i].fit = s.typed[i]
		}
	}
	s.lackers()
	// Sorted by their places in s.out, then copied once in that order.
	s.order = s.order[:0]
	for i := range s.out {
		s.order = append(s.order, int32(i))
	}
	slices.SortFunc(s.order, func(a, b int32) int { return fitOrder(&s.out[a], &s.out[b]) })
	out := make([]scoredCard, len(s.out))
	for i, o := range s.order {
		out[i] = s.out[o]
	}
	return out, nil
}

// minStrangerLetters is the shortest word of a query's head that, no word
// of the names nor like one, may be a name the card data lacks: shorter
// ones are as often the pieces of a garbled word ("tLe" of Leader).
const minStrangerLetters = 4

// minAlike is the least share of letter pairs (bigramDice) a garbled word
// keeps of the word it garbles ("Dagerw" of Danger 0.6, "curity" of
// Security 0.83): a word sharing less stands for another ("Ezri" for
// Jadzia 0, "Toaster" for Slipstream 0.13).
const minAlike = 1.0 / 3

// stranger says whether query word w is a word of the query's head that is
// no word of the names, nor like one (neither the start of one, nor a typo
// or two away), of minStrangerLetters letters or more and letters only.
func (w *queryWord) stranger() bool {
	if !w.head || w.recognised || len(w.like) > 0 || stopWords[w.text] || len(w.text) < minStrangerLetters {
		return false
	}
	for _, r := range w.text {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

// hasStranger says whether the query holds a stranger word.
func (s *lookup) hasStranger() bool {
	for i := range s.q {
		if s.q[i].stranger() {
			return true
		}
	}
	return false
}

// gives says whether some word of the query is like vocabulary word t.
func (s *lookup) gives(t int32) bool {
	r, ok := s.row.get(t)
	if !ok {
		return false
	}
	for _, x := range s.sims[int(r)*len(s.q) : int(r+1)*len(s.q)] {
		if x > 0 {
			return true
		}
	}
	return false
}

// namesAnother says whether the query names another person than card ci,
// a personnel card: the query gives words of its title but not all, and a
// stranger word of the query is like none of those it does not give
// (bigramDice below minAlike): it stands where one of them stands, as
// another's name ("Ezri Dax" and "Curzon Dax" are not Jadzia Dax), not as
// a garbled form of it ("Jadzai Daxx"). A personnel card's title is a
// person's names, each telling one person from another of the family; a
// word of another card's title may be mistyped or recalled wrong ("Avert
// Soak Implosion" is Avert Solar Implosion), so they are left as they are.
func (c *Catalog) namesAnother(s *lookup, ci int32) bool {
	if c.cards[ci].Type != "personnel" {
		return false
	}
	var buf [8]int32
	missing := buf[:0]
	given := false
	for _, t := range c.titleWords[ci] {
		if s.gives(t) {
			given = true
		} else {
			missing = append(missing, t)
		}
	}
	if !given || len(missing) == 0 {
		return false
	}
	for i := range s.q {
		w := &s.q[i]
		if !w.stranger() {
			continue
		}
		alike := false
		for _, t := range missing {
			if bigramDice(w.text, c.vocab[t]) >= minAlike {
				alike = true
				break
			}
		}
		if !alike {
			return true
		}
	}
	return false
}

// bigramDice is the Dice coefficient of two words' letter pairs: twice the
// pairs of a found in b over the pairs of both; 0 for a word of one letter.
func bigramDice(a, b string) float64 {
	if len(a) < 2 || len(b) < 2 {
		return 0
	}
	shared := 0
	for i := 0; i+2 <= len(a); i++ {
		if strings.Contains(b, a[i:i+2]) {
			shared++
		}
	}
	return 2 * float64(shared) / float64(len(a)-1+len(b)-1)
}

// weakWords has bit i set when the query's i-th word is a number the
// names write the other way (queryWord.numeral) or a word of four letters
// with one changed (queryWord.changed), as matched.held counts: words that
// alone name no card.
func (s *lookup) weakWords() uint64 {
	var bits uint64
	for i, w := range s.q {
		if (w.numeral || w.changed) && i < maxHeldWords {
			bits |= 1 << i
		}
	}
	return bits
}

// better takes a name giving the share r of itself, with the weight of its
// kind, as the card's best when it scores better (the card's precision
// set).
func (f *fit) better(r, weight float64) {
	p := f.precision
	if p == 0 || r == 0 {
		return
	}
	if score := 2 * p * r / (p + r) * weight; score > f.score {
		f.score, f.recall = score, r
	}
}

// lackers marks each fitting card that lacks a recognised word of the
// query another fitting card holds, while holding none that card lacks
// (scoredCard.lacks): whatever it scores, it is no answer beside that one.
// So does a card holding the same words as another but fewer of them
// whole: a word of the names typed whole is the name of the card that has
// it, before one that has it only begun ("Ensign Ro" is Ro Laren, not
// Rom); when no card has it whole, every card it begins fits ("Lamp" of
// Lampwick).
// A name of a word or more the vocabulary recognises ("Bajorn Vessel":
// "Bajorn", typo'd, and "Vessel") is not answered by a card holding only
// the one ("Bajor, Gift of the Prophets", whose short name the query
// gives almost whole) when a card fits holding both (Bajoran Scout
// Vessel); cards holding words none of the others hold ("Klingon Officer":
// Klingon Disruptor Pistol and the Science Officers) are each compared by
// their fit. The work is that of the distinct sets of words held, at most
// one a fitting card.
func (s *lookup) lackers() {
	s.held = s.held[:0]
	for _, sc := range s.out {
		if h := (heldWords{sc.held, sc.whole}); sc.fits() && !slices.Contains(s.held, h) {
			s.held = append(s.held, h)
		}
	}
	if len(s.held) < 2 {
		return
	}
	for i := range s.out {
		sc := &s.out[i]
		if !sc.fits() {
			continue
		}
		for _, h := range s.held {
			if h.holdsMore(heldWords{sc.held, sc.whole}) {
				sc.lacks = true
				break
			}
		}
	}
}

// candidatesBetweenChecks is how many candidate names a look-up scores
// between two checks of its context: some tens of microseconds.
const candidatesBetweenChecks = 256

// A matched is the query weight a name's words explain and the name weight
// the query gives, each times the similarity: as typed, and as read.
type matched struct {
	explained, given         float64
	readExplained, readGiven float64
	// held has bit i set when the name holds the query's i-th word,
	// recognised (see queryWord): the word itself, or a word like the
	// typo'd one; whole when it holds the word itself, a word of the names.
	held, whole uint64
}

// match matches the query's words, greedily and in order, each to the
// unused name word it is most like, and returns what they explain and
// give, as typed and as read (readAs).
func (c *Catalog) match(s *lookup, tokens []int32) (m matched) {
	// Each name word's row of similarities, or -1 for one like no query
	// word or already used.
	var rowBuf [16]int32
	rows := rowBuf[:0]
	if len(tokens) > len(rowBuf) {
		rows = make([]int32, 0, len(tokens))
	}
	for _, t := range tokens {
		r, ok := s.row.get(t)
		if !ok {
			r = -1
		}
		rows = append(rows, r)
	}
	n := len(s.q)
	for qi := range s.q {
		bi, bs := -1, 0.0
		for j, r := range rows {
			if r < 0 {
				continue
			}
			if x := s.sims[int(r)*n+qi]; x > bs {
				bi, bs = j, x
			}
		}
		if bi >= 0 {
			rows[bi] = -1
			w, g := s.q[qi].weight, c.weight[tokens[bi]]
			m.explained += bs * w
			m.given += bs * g
			r := readAs(bs, s.q[qi].read)
			m.readExplained += r * w
			m.readGiven += r * g
			if q := &s.q[qi]; qi < maxHeldWords && q.recognised && (!q.known || strings.HasPrefix(c.vocab[tokens[bi]], q.text)) {
				m.held |= 1 << qi
				if q.known && c.vocab[tokens[bi]] == q.text {
					m.whole |= 1 << qi
				}
			}
		}
	}
	return m
}

// readAs is the similarity sim of a query word read as meant: a typo'd
// word whose nearest words of the names are alike to it by read is each of
// them, as if typed right, and any word like it counts in that proportion.
// A typo costs how sure the look-up is that the name names a card at all
// (the fit as typed, see fuzzy), never which card it names: "Klingon
// Officr" fits the cards holding "officer" as well as "Klingon Officer"
// does, not less well than those holding "Klingon" alone.
func readAs(sim, read float64) float64 { return min(1, sim/read) }

// wordMatches records the vocabulary words like t, query word qi, with
// their similarity, and returns the greatest similarity of a word a typo
// or two away (0 when none is).
func (c *Catalog) wordMatches(s *lookup, qi int, t string) (typo float64) {
	if len(t) > c.longestWord+maxEdits(len(t)) {
		// Longer than any word of the names by more than the typos a
		// word may carry: like none, neither whole, nor as a start, nor
		// within typos.
		return 0
	}
	from := len(s.likes)
	if id, ok := c.wordID[t]; ok {
		s.setSim(qi, id, 1)
	}
	for _, n := range otherNumerals(t) {
		// The same number written the other way ("9" for "IX"): the same
		// word, recognised as a typo'd word is.
		if id, ok := c.wordID[n]; ok {
			s.setSim(qi, id, 1)
			typo = 1
		}
	}
	if stopWords[t] {
		return 0 // "of" is not the start of "officer"
	}
	if len(t) >= minPrefix {
		i := sort.SearchStrings(c.vocab, t)
		for ; i < len(c.vocab) && strings.HasPrefix(c.vocab[i], t); i++ {
			w := c.vocab[i]
			if w != t {
				s.setSim(qi, int32(i), 0.5+0.5*float64(len(t))/float64(len(w)))
			}
		}
	}
	// Typos: one edit first; two only for a long word nothing nearer fits.
	for k := 1; k <= maxEdits(len(t)); k++ {
		if k == 2 && len(s.likes) > from {
			break
		}
		s.typos.reset()
		s.dels.of(t, k)
		for d := range s.dels.ends {
			for _, wi := range c.deletes[string(s.dels.at(d))] {
				if !s.typos.add(wi) {
					continue
				}
				w := c.vocab[wi]
				if dist := rules.EditDistance(t, w, k); dist > 0 && dist <= k && dist <= maxEdits(len(w)) {
					sim := 1 - float64(dist)/float64(max(len(w), len(t)))
					s.setSim(qi, wi, sim)
					typo = max(typo, sim)
				}
			}
		}
	}
	return typo
}

// deletions are a word and the strings made by deleting up to k of its
// bytes, back to back in buf: the d-th ends at ends[d]. Deleting either of
// two equal neighbours makes the same string, so only the first is
// deleted; other strings may still come twice ("abab" less "ab" or "ba").
type deletions struct {
	buf  []byte
	ends []int
}

// of fills d with w and the strings made by deleting up to k (at most 2)
// of its bytes.
func (d *deletions) of(w string, k int) {
	d.buf, d.ends = d.buf[:0], d.ends[:0]
	d.add(w, -1, -1)
	for i := 0; k >= 1 && i < len(w); i++ {
		if i > 0 && w[i] == w[i-1] {
			continue
		}
		d.add(w, i, -1)
		for j := i + 1; k >= 2 && j < len(w); j++ {
			if j > i+1 && w[j] == w[j-1] {
				continue
			}
			d.add(w, i, j)
		}
	}
}

// add adds w less its bytes i and j (-1 for none).
func (d *deletions) add(w string, i, j int) {
	for x := 0; x < len(w); x++ {
		if x != i && x != j {
			d.buf = append(d.buf, w[x])
		}
	}
	d.ends = append(d.ends, len(d.buf))
}

// at is the n-th string.
func (d *deletions) at(n int) []byte {
	start := 0
	if n > 0 {
		start = d.ends[n-1]
	}
	return d.buf[start:d.ends[n]]
}

// An indexMap maps the indexes of a catalog's words, names or cards to
// int32 values. Emptying it takes one step, whatever it holds: an entry
// counts only while its stamp is the map's epoch.
type indexMap struct {
	epoch uint32
	slots []indexSlot
}

type indexSlot struct {
	stamp uint32
	val   int32
}

func newIndexMap(n int) indexMap { return indexMap{epoch: 1, slots: make([]indexSlot, n)} }

// reset empties the map.
func (m *indexMap) reset() {
	m.epoch++
	if m.epoch == 0 { // come round: old stamps would count again
		clear(m.slots)
		m.epoch = 1
	}
}

func (m *indexMap) get(i int32) (int32, bool) {
	if s := m.slots[i]; s.stamp == m.epoch {
		return s.val, true
	}
	return 0, false
}

func (m *indexMap) put(i, v int32) { m.slots[i] = indexSlot{m.epoch, v} }

// add puts i (as 0) unless it is there, and says whether it was not.
func (m *indexMap) add(i int32) bool {
	if m.slots[i].stamp == m.epoch {
		return false
	}
	m.put(i, 0)
	return true
}
