// Package catalog answers card look-ups over the cards of a corpus: by id,
// by name (exact or forgiving typos and missing words), by prefix, by
// filter, and the rules entries that name a card. It implements
// rules.CardService; everything it searches is built once, in New.
package catalog

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Catalog is the card look-up service over a fixed set of cards and entries.
// It is safe for concurrent use: nothing it answers from changes after New.
type Catalog struct {
	cards []*rules.Card
	byID  map[string]*rules.Card
	// setNames maps a set's name, folded, and its initials to the sets so
	// named (setKey), read after a name (lookUpPrinted).
	setNames map[string][]string
	// initialisms maps a shortening of a name's words to them
	// (indexInitialisms): ds9 to deep space 9.
	initialisms map[string]string

	// exact maps a folded name to the cards it names.
	exact map[string][]*rules.Card
	// numerals maps a name's numeralKey to the cards whose names it is but
	// for the way their numbers are written: only names holding a roman
	// numeral, whose key differs from the name.
	numerals map[string][]*rules.Card
	// names are every way a card can be named, for fuzzy look-ups.
	names []nameVariant
	// vocab is every word of every name, sorted; a word's place in it is
	// its id (wordID), and holders[id] lists the variants holding it.
	vocab   []string
	wordID  map[string]int32
	holders [][]int32
	// weight says, by word id, how much a word of a name tells which card
	// is meant (wordWeight).
	weight []float64
	// deletes maps a word with up to two letters deleted to the vocabulary
	// words (ids) it comes from (the symmetric-delete way of finding typos).
	deletes map[string][]int32
	// longestWord is the length in bytes of the longest word of vocab: a
	// query word longer by more than its typos is like no word of it.
	longestWord int
	// cardNames are the full names of cards, by their place in cards.
	cardNames []string
	// titleWords are the words of each card's title, by its place in
	// cards, as vocabulary ids (stop words left out): a query naming
	// another person of a surname is told by them (lookup.namesAnother).
	titleWords [][]int32
	// Read once for the filters of Cards, by a card's place in cards: the
	// words of its names folded, its type and affiliations folded.
	filterWords  [][]string
	filterType   []string
	filterAffils [][]string
	// filterLacks holds, by card, the fields a filter reads that the data
	// lacks (lacksType, lacksSet, lacksAffiliation), read by CardPage.
	filterLacks []uint8
	// types are the card types of the data, folded, sorted: what a type
	// filter may name.
	types []string
	// affiliations are the affiliations of the data as it writes them
	// ("non-aligned"), sorted, and
	// sets its sets in the order of their numbers: what an affiliation or
	// a set filter may name.
	affiliations []string
	sets         []SetName
	// editionTypes and editionAffiliations are types and affiliations of
	// each edition's cards: a filter of an edition may name only those.
	editionTypes, editionAffiliations map[string][]string
	// lookups keeps the working space of fuzzy look-ups (*lookup) for the
	// next.
	lookups sync.Pool

	// full are the distinct full names, folded and sorted, for autocomplete.
	full []fullName

	rulings map[string][]*rules.Entry // card id -> entries naming it
	// titled maps a folded name to the rulings and glossary entries titled
	// with it, governing first: what a name no card has may mean.
	titled map[string][]*rules.Entry
	// docTitles are the documents' titles by id, for messages.
	docTitles map[string]string
	// sources are the documents read for the cards' rulings and errata,
	// with what each one's silence on a card means.
	sources []rules.RulingsSource
}

// A nameVariant is one way to name a card: its full name, its title, its
// subtitle or a 2E mission's mission name. Weight says how strongly the
// variant names the card: a subtitle alone is a weaker name than a title.
// Tokens are the variant's words as vocabulary ids; all holds the words of
// all the card's names, shared by its variants; mass is the sum of the
// weights of the variant's own words.
type nameVariant struct {
	card      *rules.Card
	cardIndex int32 // the card's place in Catalog.cards
	tokens    []int32
	all       []int32
	weight    float64
	mass      float64
}

type fullName struct {
	folded string
	name   string
	cards  []*rules.Card
	// personas are the folded persona names of its cards, when the data
	// names one (Autocomplete offers The One for Lore), and the same as
	// the data writes them.
	personas, personaNames []string
}

// Variant weights. A card named by a subtitle alone fits less well than one
// named by its title, so "Explorer" finds the card subtitled Explorer only
// when no card is titled so. A 2E mission's mission name is printed as its
// subtitle but names the mission as fully as its title does.
const (
	weightName     = 1.0
	weightSubtitle = 0.9
)

// An Option adjusts how New builds a catalog.
type Option func(*options)

type options struct {
	docs []rules.Document
}

// WithDocuments gives the documents the entries come from, so a card's
// rulings are ordered by their documents' precedence (governing first).
// Without it, an edition's documents are taken to govern in the order
// their entries come, later over earlier, as the corpus lists them.
func WithDocuments(docs []rules.Document) Option {
	return func(o *options) { o.docs = docs }
}

// New builds the catalog of cards and indexes which entries name each card.
// The catalog answers copies of the cards with their Versions set (see
// withVersions); the entries are shared and must not change afterwards.
func New(cards []*rules.Card, entries []*rules.Entry, opts ...Option) *Catalog {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	cards = withVersions(cards)
	sources := rules.NewRulingsSources(o.docs, entries, cards)
	for _, card := range cards {
		card.Unknown = card.UnknownFields()
		if !rules.CoverageOf(sources, card).Complete {
			// Its rulings and errata are not all held: an empty list of
			// either is not known to be none.
			card.Unknown = append(card.Unknown, "errata", "rulings")
		}
	}
	c := &Catalog{
		cards:               cards,
		byID:                make(map[string]*rules.Card, len(cards)),
		editionTypes:        map[string][]string{},
		editionAffiliations: map[string][]string{},
		exact:               map[string][]*rules.Card{},
		numerals:            map[string][]*rules.Card{},
		wordID:              map[string]int32{},
		deletes:             map[string][]int32{},
		cardNames:           make([]string, len(cards)),
		sources:             sources,
		setNames:            indexSets(cards),
	}
	c.lookups.New = func() any { return c.newLookup() }
	fulls := map[string]*fullName{}
	cardsWith := map[string]int{} // word -> how many cards have it in a name
	// The words of each variant, and of all of each card's names, until
	// the vocabulary gives them ids.
	var variantWords [][]string
	cardWords := make([][]string, len(cards))
	for ci, card := range cards {
		c.byID[card.ID] = card
		if t := rules.FoldName(card.Type); t != "" && !slices.Contains(c.types, t) {
			c.types = append(c.types, t)
		}
		if t := rules.FoldName(card.Type); t != "" && !slices.Contains(c.editionTypes[card.Edition], t) {
			c.editionTypes[card.Edition] = append(c.editionTypes[card.Edition], t)
		}
		first := len(c.names)
		for _, v := range variantsOf(card) {
			folded := rules.FoldName(v.name)
			if folded == "" {
				continue
			}
			// A subtitle alone is no name of the card ("a name is title or
			// title, subtitle"): a look-up forgives it, as a fuzzy match.
			if v.weight == weightName && !slices.Contains(c.exact[folded], card) {
				c.exact[folded] = append(c.exact[folded], card)
				if k := numeralKey(folded); k != folded && !slices.Contains(c.numerals[k], card) {
					c.numerals[k] = append(c.numerals[k], card)
				}
			}
			tokens := strings.Fields(folded)
			c.names = append(c.names, nameVariant{card: card, cardIndex: int32(ci), weight: v.weight})
			variantWords = append(variantWords, tokens)
			if v.whole {
				cardWords[ci] = append(cardWords[ci], tokens...)
			}
		}
		seen := map[string]bool{}
		for _, tokens := range variantWords[first:] {
			for _, t := range tokens {
				if !seen[t] {
					seen[t] = true
					cardsWith[t]++
				}
			}
		}
		full := card.Name()
		c.cardNames[ci] = full
		k := rules.FoldName(full)
		f := fulls[k]
		if f != nil {
			f.cards = append(f.cards, card)
		} else {
			f = &fullName{folded: k, name: full, cards: []*rules.Card{card}}
			fulls[k] = f
		}
		if pn := rules.FoldName(card.Persona); pn != "" && !slices.Contains(f.personas, pn) {
			f.personas = append(f.personas, pn)
			f.personaNames = append(f.personaNames, card.Persona)
		}
	}
	for w := range cardsWith {
		c.vocab = append(c.vocab, w)
	}
	sort.Strings(c.vocab)
	c.weight = make([]float64, len(c.vocab))
	c.holders = make([][]int32, len(c.vocab))
	for i, w := range c.vocab {
		c.longestWord = max(c.longestWord, len(w))
		c.wordID[w] = int32(i)
		c.weight[i] = wordWeight(w, cardsWith[w])
	}
	ids := func(words []string) []int32 {
		out := make([]int32, len(words))
		for i, w := range words {
			out[i] = c.wordID[w]
		}
		return out
	}
	c.titleWords = make([][]int32, len(cards))
	for ci, card := range cards {
		for t := range strings.FieldsSeq(rules.FoldName(card.Title)) {
			if id, ok := c.wordID[t]; ok && !stopWords[t] {
				c.titleWords[ci] = append(c.titleWords[ci], id)
			}
		}
	}
	cardIDs := make([][]int32, len(cards))
	for i := range c.names {
		v := &c.names[i]
		v.tokens = ids(variantWords[i])
		if cardIDs[v.cardIndex] == nil {
			cardIDs[v.cardIndex] = ids(cardWords[v.cardIndex])
		}
		v.all = cardIDs[v.cardIndex]
		for _, t := range v.tokens {
			v.mass += c.weight[t]
			if l := c.holders[t]; len(l) == 0 || l[len(l)-1] != int32(i) {
				c.holders[t] = append(l, int32(i))
			}
		}
	}
	var dels deletions
	for i, w := range c.vocab {
		dels.of(w, maxEdits(len(w)))
		for d := range dels.ends {
			k := dels.at(d)
			if l := c.deletes[string(k)]; len(l) == 0 || l[len(l)-1] != int32(i) {
				c.deletes[string(k)] = append(l, int32(i))
			}
		}
	}
	c.filterWords, c.filterType, c.filterAffils = make([][]string, len(cards)), make([]string, len(cards)), make([][]string, len(cards))
	c.filterLacks = make([]uint8, len(cards))
	for i, card := range cards {
		for _, l := range filterLacking {
			if card.LacksFiltered(l.field) {
				c.filterLacks[i] |= l.bit
			}
		}
		c.filterWords[i] = strings.Fields(rules.FoldName(card.Name() + " " + card.MissionName))
		c.filterType[i] = rules.FoldName(card.Type)
		for _, a := range strings.Split(card.Affiliation, "/") {
			c.filterAffils[i] = append(c.filterAffils[i], rules.FoldName(a))
		}
		for _, a := range card.Affiliations {
			c.filterAffils[i] = append(c.filterAffils[i], rules.FoldName(a))
		}
		for _, a := range append(strings.Split(card.Affiliation, "/"), card.Affiliations...) {
			a = strings.TrimSpace(a)
			if rules.FoldName(a) != "" && !slices.ContainsFunc(c.affiliations, func(k string) bool { return rules.FoldName(k) == rules.FoldName(a) }) {
				c.affiliations = append(c.affiliations, a)
			}
			if ea := c.editionAffiliations[card.Edition]; rules.FoldName(a) != "" && !slices.ContainsFunc(ea, func(k string) bool { return rules.FoldName(k) == rules.FoldName(a) }) {
				c.editionAffiliations[card.Edition] = append(ea, a)
			}
		}
		c.addSet(card)
	}
	slices.Sort(c.affiliations)
	for _, l := range c.editionAffiliations {
		slices.Sort(l)
	}
	for _, l := range c.editionTypes {
		slices.Sort(l)
	}
	slices.SortFunc(c.sets, func(a, b SetName) int {
		if n := cmp.Compare(len(a.Set), len(b.Set)); n != 0 {
			return n
		}
		return cmp.Compare(a.Set, b.Set)
	})
	for _, f := range fulls {
		c.full = append(c.full, *f)
	}
	sort.Slice(c.full, func(i, j int) bool { return c.full[i].folded < c.full[j].folded })
	c.rulings = indexRulings(cards, entries, o.docs)
	c.titled, c.docTitles = indexTitles(entries, o.docs)
	c.initialisms = indexInitialisms(cards)
	slices.Sort(c.types)
	return c
}

type variantName struct {
	name   string
	weight float64
	whole  bool // a name whose words are all the card's: its full name, a mission name, a persona
}

// variantsOf lists the names of a card ("a name is title or title,
// subtitle"; a 2E mission is also known by its mission name, which it
// prints as its subtitle).
func variantsOf(c *rules.Card) []variantName {
	vs := []variantName{{c.Name(), weightName, true}}
	if c.Subtitle != "" {
		sub := weightSubtitle
		if c.MissionName == c.Subtitle {
			sub = weightName
		}
		vs = append(vs, variantName{c.Title, weightName, false}, variantName{c.Subtitle, sub, false})
	}
	if c.MissionName != "" && c.MissionName != c.Title && c.MissionName != c.Subtitle {
		vs = append(vs, variantName{c.MissionName, weightName, true})
	}
	// A 1E card of a persona is also known by the persona's name ("Lore"
	// for The One, "Vedek Winn" for Winn Adami), but only fuzzily: it is
	// not the name printed, and a card titled so is the exact answer.
	if p := c.Persona; p != "" && rules.FoldName(p) != rules.FoldName(c.Title) && rules.FoldName(p) != rules.FoldName(c.Name()) {
		vs = append(vs, variantName{p, weightSubtitle, true})
	}
	return vs
}

// Card returns the card with the id, or ENOTFOUND. An id is read as a
// reader writes it (cardByID): "2E-1-394", "1e-101-012" and the card data's
// blueprint "101_012" are the cards 2e-1-394 and 1e-101-12.
func (c *Catalog) Card(ctx context.Context, id string) (*rules.Card, error) {
	if card := c.cardByID(id); card != nil {
		return card, nil
	}
	return nil, rules.Errorf(rules.ENOTFOUND, "No card has the id %q.", id)
}

// cardByID is the card an id names, or nil: the id as the catalog gives it
// ("2e-1-394"), else read as readers write one, edition and set in any
// case, set and number with leading zeros ("2e-007-049"), or the card
// data's blueprint id without an edition ("101_012", "1_394"), which names
// the one card of either edition with that set and number. The card
// answered carries its own id.
func (c *Catalog) cardByID(id string) *rules.Card {
	id = strings.TrimSpace(id)
	if card := c.byID[id]; card != nil {
		return card
	}
	editions, set, number, ok := parseCardID(id)
	if !ok {
		return nil
	}
	var found *rules.Card
	for _, e := range editions {
		if card := c.byID[e+"-"+set+"-"+number]; card != nil {
			if found != nil {
				return nil // a set and number of both editions: no one card
			}
			found = card
		}
	}
	return found
}

// parseCardID reads an id as cardByID does: the editions it may be of (one
// when it names its edition, both for a blueprint id), and its set and
// number without leading zeros; ok is false for what is no id's shape.
func parseCardID(id string) (editions []string, set, number string, ok bool) {
	id = strings.TrimSpace(id)
	if len(id) > rules.MaxCardNameBytes {
		return nil, "", "", false
	}
	parts := strings.FieldsFunc(id, func(r rune) bool { return r == '-' || r == '_' })
	editions = []string{string(rules.Edition1E), string(rules.Edition2E)}
	switch {
	case len(parts) == 3 && slices.Contains(editions, strings.ToLower(parts[0])):
		editions, parts = []string{strings.ToLower(parts[0])}, parts[1:]
	case len(parts) != 2:
		return nil, "", "", false
	}
	set, okSet := plainNumber(parts[0])
	number, okNumber := plainNumber(parts[1])
	if !okSet || strings.ContainsAny(parts[1], " \t") {
		return nil, "", "", false
	}
	if !okNumber {
		number = parts[1] // a number printed with a letter ("P1"), as it is
	}
	return editions, set, number, true
}

// plainNumber is a run of digits without its leading zeros ("007" is "7").
func plainNumber(s string) (string, bool) {
	if s == "" || strings.TrimLeft(s, "0123456789") != "" {
		return "", false
	}
	if t := strings.TrimLeft(s, "0"); t != "" {
		return t, true
	}
	return "0", true
}

// CardNamed finds one card of the edition (of either when it is empty) by
// name, never one of the other edition: what a board or a deck list names.
// Exact: the name folded (case, punctuation and white space forgiven) is the
// card's title, full name or mission name. Fuzzy: also forgives typos,
// missing words and a subtitle alone, scoring every name that shares a word
// (or a near word) with the query and taking the best, as a copy marked
// rules.MatchFuzzy. Several cards fitting equally well is
// EAMBIGUOUS with "candidates" (full names, sorted) and "ids"; none is
// ENOTFOUND with "suggestions".
func (c *Catalog) CardNamed(ctx context.Context, name string, fuzzy bool, edition rules.Edition) (*rules.Card, error) {
	card, err := c.cardNamed(ctx, name, fuzzy, edition)
	return card, c.nameNotHeld(err, name, edition)
}

func (c *Catalog) cardNamed(ctx context.Context, name string, fuzzy bool, edition rules.Edition) (*rules.Card, error) {
	if card, err := c.cardExact(name, string(edition)); card != nil || err != nil {
		return card, err
	}
	scored, err := c.fuzzy(ctx, name, string(edition))
	if err != nil {
		return nil, err
	}
	if !fuzzy {
		return nil, notFound(name, scored)
	}
	card, err := bestFit(name, scored)
	if err != nil {
		return nil, err
	}
	// A typo or a missing word forgiven: the answer says so, so a board
	// naming the card can say which card it read.
	return labelled(card, rules.MatchFuzzy), nil
}

// CardRef finds the card of an edition a reference names, as a board or a
// deck list names one: the card with that id, else the one whose name is the
// reference exactly (CardNamed's exact look-up: EAMBIGUOUS when several
// are). When none is, it returns neither a card nor an error, and none of
// the suggestions a fuzzy search would cost: it is for callers that take a
// name the data does not know as it is, a deck list's line.
func (c *Catalog) CardRef(ctx context.Context, ref, edition string) (*rules.Card, error) {
	if card := c.cardByID(ref); card != nil && card.Edition == edition {
		return card, nil
	}
	return c.cardExact(ref, edition)
}

// cardExact is the exact look-up of CardNamed and CardRef: the card whose
// name folded is the name folded, an error for an empty name or several
// cards, or neither when no card has the name.
func (c *Catalog) cardExact(name, edition string) (*rules.Card, error) {
	folded := rules.FoldName(name)
	if folded == "" {
		return nil, rules.CardNameText.Refusal("name", name)
	}
	found := filterEdition(c.exact[folded], edition)
	switch len(found) {
	case 0:
		return nil, nil
	case 1:
		return found[0], nil
	}
	return nil, ambiguous(name, found, rules.MatchExact)
}

func filterEdition(cs []*rules.Card, edition string) []*rules.Card {
	if edition == "" {
		return cs
	}
	var out []*rules.Card
	for _, c := range cs {
		if c.Edition == edition {
			out = append(out, c)
		}
	}
	return out
}

// ambiguous is EAMBIGUOUS for the cards that fit the name equally well,
// with "match" saying how they fit it, in the words of rules.Card.Match:
// the name as typed (rules.MatchExact), as printed only in the other
// edition (rules.MatchOtherEdition), or with a typo or missing word
// forgiven (rules.MatchFuzzy).
func ambiguous(name string, cs []*rules.Card, match string) error {
	sorted := append([]*rules.Card(nil), cs...)
	sort.Slice(sorted, func(i, j int) bool {
		if sorted[i].Name() != sorted[j].Name() {
			return sorted[i].Name() < sorted[j].Name()
		}
		return sorted[i].ID < sorted[j].ID
	})
	names := make([]string, 0, len(sorted))
	ids := make([]string, 0, len(sorted))
	choices := make([]map[string]string, 0, len(sorted))
	editions := map[string]bool{}
	for _, c := range sorted {
		if len(names) == 0 || names[len(names)-1] != c.Name() {
			names = append(names, c.Name())
		}
		ids = append(ids, c.ID)
		editions[c.Edition] = true
		choices = append(choices, map[string]string{"id": c.ID, "name": c.Name(), "edition": c.Edition, "set": c.Set, "setName": c.SetName, "type": c.Type})
	}
	how := "name one of the candidates"
	if len(editions) > 1 {
		how = "name one of the candidates or add an edition"
	}
	if len(names) < len(sorted) {
		// The same name is printed more than once: only an edition or an id tells them apart.
		how = "the same name is printed more than once, so add an edition or ask by id"
		if len(editions) == 1 {
			how = "the same name is printed more than once, so ask by id"
		}
	}
	return rules.Errorf(rules.EAMBIGUOUS, "%q fits %d cards equally well; %s.", name, len(sorted), how).
		WithDetail("candidates", names).WithDetail("ids", ids).WithDetail("choices", choices).WithDetail("match", match)
}

// notFound is ENOTFOUND with the closest names (of the fuzzy look-up's
// scored cards) as suggestions.
func notFound(name string, scored []scoredCard) error {
	var suggestions []string
	seen := map[string]bool{}
	for _, s := range scored {
		n := s.name
		if seen[n] {
			continue
		}
		seen[n] = true
		suggestions = append(suggestions, n)
		if len(suggestions) == maxSuggestions {
			break
		}
	}
	if suggestions == nil {
		suggestions = []string{}
	}
	return rules.Errorf(rules.ENOTFOUND, "No card is named %q.", name).WithDetail("suggestions", suggestions)
}

const maxSuggestions = 5

// Autocomplete returns at most limit (1 to 20, default 10) full names of
// the edition's cards (any edition's when it is empty) that start with the
// prefix, then those with a later word starting with it; shorter names
// first within each, then the 1E cards whose persona's name does (Lore:
// The One). Letters inside a word are not a start: "uss" finds "U.S.S.
// Galaxy", not "Toby Russell". A prefix no name or persona begins is read
// as the name typed right (typoRead): "Pciard" offers the Picards. Each
// name says how it matched: a name offered for its persona, or for the
// prefix read as typed right (said in ReadAs), matched loosely.
func (c *Catalog) Autocomplete(ctx context.Context, prefix string, edition rules.Edition, limit int) (*rules.Autocompletion, error) {
	switch {
	case limit <= 0:
		limit = 10
	case limit > 20:
		limit = 20
	}
	p := rules.FoldName(prefix)
	out := &rules.Autocompletion{Names: []rules.NameMatch{}}
	if p == "" {
		return out, nil
	}
	type hit struct {
		rank int // 0: the name starts with the prefix; 1: a later word does; 2: its persona's name does
		f    *fullName
		// persona is the persona's name the prefix begins (rank 2).
		persona string
	}
	before := func(a, b hit) bool {
		if a.rank != b.rank {
			return a.rank < b.rank
		}
		if len(a.f.folded) != len(b.f.folded) {
			return len(a.f.folded) < len(b.f.folded)
		}
		return a.f.folded < b.f.folded
	}
	// The best limit hits only, in order: a prefix of one letter starts a
	// word of most names.
	hits := make([]hit, 0, limit+1)
	scan := func(p string) error {
		wordStart := " " + p
		for i := range c.full {
			if err := ctx.Err(); i%1024 == 1023 && err != nil {
				return err
			}
			f := &c.full[i]
			if edition != "" && !slices.ContainsFunc(f.cards, func(card *rules.Card) bool { return card.Edition == string(edition) }) {
				continue
			}
			h := hit{rank: -1, f: f}
			switch {
			case strings.HasPrefix(f.folded, p):
				h.rank = 0
			case strings.Contains(f.folded, wordStart):
				h.rank = 1
			default:
				// A 1E card is known by its persona's name too (Lore is
				// The One), as the fuzzy look-up knows it.
				if at := slices.IndexFunc(f.personas, func(pn string) bool {
					return strings.HasPrefix(pn, p) || strings.Contains(pn, wordStart)
				}); at >= 0 {
					h.rank, h.persona = 2, f.personaNames[at]
				}
			}
			if h.rank < 0 || len(hits) == limit && !before(h, hits[limit-1]) {
				continue
			}
			at := sort.Search(len(hits), func(i int) bool { return before(h, hits[i]) })
			hits = slices.Insert(hits, at, h)
			if len(hits) > limit {
				hits = hits[:limit]
			}
		}
		return nil
	}
	if err := scan(p); err != nil {
		return nil, err
	}
	// Nothing begins with the prefix: its whole words read as the words of
	// names they are a typo of, as a look-up by name reads them ("Pciard"
	// is Picard, "galxy" galaxy), and the names beginning with that.
	typo := false
	// A prefix of more words than a card list reads is not read either:
	// the readings said are as many as its words at most.
	if len(hits) == 0 && len(strings.Fields(p)) <= rules.MaxCardQueryReadings {
		if read, ok := c.typoRead(ctx, prefix); ok && read != p {
			if err := scan(read); err != nil {
				return nil, err
			}
			if typo = len(hits) > 0; typo {
				out.ReadAs = wordReadings(strings.Fields(p), strings.Fields(read))
			}
		}
	}
	for _, h := range hits {
		m := rules.NameMatch{Name: h.f.name, Match: rules.MatchExact, By: rules.NameStart}
		switch h.rank {
		case 1:
			m.By = rules.NameWord
		case 2:
			m.By, m.Match, m.Persona = rules.NamePersona, rules.MatchFuzzy, h.persona
		}
		if typo {
			m.Match = rules.MatchFuzzy
		}
		out.Names = append(out.Names, m)
	}
	return out, nil
}

// wordReadings says of each word typed that was read as another (typed and
// read, word by word) how it was read: as the word of names it is a typo
// of. Words read as themselves are left out. Words run together or split
// (typoRead reads "laforge" as "la forge", "tal aura" as "talaura") are
// said as the whole typed read as the whole.
func wordReadings(typed, read []string) []rules.WordReading {
	var out []rules.WordReading
	switch {
	case len(typed) < len(read):
		return []rules.WordReading{{Typed: strings.Join(typed, " "), As: strings.Join(read, " "), Why: rules.ReadJoined}}
	case len(typed) > len(read):
		return []rules.WordReading{{Typed: strings.Join(typed, " "), As: strings.Join(read, " "), Why: rules.ReadSplit}}
	}
	for i, w := range typed {
		if read[i] != w {
			out = append(out, rules.WordReading{Typed: w, As: read[i], Why: rules.ReadTypo})
		}
	}
	return out
}

// Cards returns a page of the cards that match the filter and how many match
// in all, as CardPage does.
func (c *Catalog) Cards(ctx context.Context, f rules.CardFilter) ([]*rules.Card, int, error) {
	p, err := c.CardPage(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	return p.Cards, p.Total, nil
}

// CardPage returns a page of the cards that match the filter, how many match
// in all and, in the same pass, how many match the query and every other
// filter but lack the field a filter reads (rules.Card.LacksFiltered): they
// may or may not belong. Q matches cards whose name holds words starting
// with each of its words; type, affiliation and set compare
// case-insensitively, and one the data does not hold is EINVALID naming
// those it does. A limit of 0 is 20; a page past rules.CheckLimit's or
// rules.CheckOffset's bounds is EINVALID.
func (c *Catalog) CardPage(ctx context.Context, f rules.CardFilter) (*rules.CardPage, error) {
	if _, err := rules.CheckLimit("limit", f.Limit); err != nil {
		return nil, err
	}
	if _, err := rules.CheckOffset("offset", f.Offset); err != nil {
		return nil, err
	}
	limit := f.Limit
	if limit == 0 {
		limit = 20
	}
	q := strings.Fields(rules.FoldName(f.Q))
	typ, err := c.cardType(f.Type, string(f.Edition))
	if err != nil {
		return nil, err
	}
	aff, err := c.cardAffiliation(f.Affiliation, string(f.Edition))
	if err != nil {
		return nil, err
	}
	set, err := c.cardSet(f.Set, string(f.Edition))
	if err != nil {
		return nil, err
	}
	p, err := c.cardPass(ctx, f, q, typ, aff, set, limit)
	if err != nil || len(q) == 0 || p.Total > 0 || p.Unknown.Any() {
		return p, err
	}
	// No card matches, and a word of the query may begin no word of any
	// card's name: read as the word of names it is a typo of, as a look-up
	// by name reads it, and said (ReadAs), never an empty page claiming no
	// card is named so.
	read, ok := c.readQueryWords(ctx, q)
	if !ok {
		return p, nil
	}
	again, err := c.cardPass(ctx, f, read, typ, aff, set, limit)
	if err != nil || again.Total == 0 && !again.Unknown.Any() {
		return p, err
	}
	for i, w := range q {
		if read[i] != w {
			again.ReadAs = append(again.ReadAs, rules.WordReading{Typed: w, As: read[i], Why: rules.ReadTypo})
		}
	}
	return again, nil
}

// readQueryWords is q with each word no word of names begins read as the
// one word of names it is a typo of (nearestTypo); false when every word
// begins one, or a word is near no word or several. A query of more than
// rules.MaxCardQueryReadings words is not read.
func (c *Catalog) readQueryWords(ctx context.Context, q []string) ([]string, bool) {
	if len(q) > rules.MaxCardQueryReadings {
		return nil, false
	}
	s := c.lookups.Get().(*lookup)
	defer c.lookups.Put(s)
	read, typo := make([]string, len(q)), false
	named := false // a word names something, as the look-up by name reads it
	for i, w := range q {
		if err := ctx.Err(); err != nil {
			return nil, false
		}
		read[i] = w
		if at := sort.SearchStrings(c.vocab, w); at < len(c.vocab) && strings.HasPrefix(c.vocab[at], w) || stopWords[w] {
			named = named || !stopWords[w]
			continue
		}
		t, ok := c.nearestTypo(s, w)
		if !ok {
			return nil, false
		}
		read[i], typo = t, true
		named = named || !changedLetterReading(w, t)
	}
	if !named {
		// Only words of four letters read with one letter changed: as
		// likely names the card data lacks as typos, as the look-up by
		// name and autocompletion read them ("Kirk" is not Kira).
		return nil, false
	}
	return read, typo
}

// changedLetterReading says whether the word typed, read as the word of
// names read, is one of changedLetterWord letters with one of them changed
// (queryWord.changed of a word whose one reading it is).
func changedLetterReading(typed, read string) bool {
	return len(typed) == changedLetterWord && oneLetterChanged(typed, read)
}

// cardPass is CardPage's pass over the cards with its filters read.
func (c *Catalog) cardPass(ctx context.Context, f rules.CardFilter, q []string, typ, aff, set string, limit int) (*rules.CardPage, error) {
	p := &rules.CardPage{Cards: []*rules.Card{}}
	for i, card := range c.cards {
		if err := ctx.Err(); i%1024 == 1023 && err != nil {
			return nil, err
		}
		if f.Edition != "" && card.Edition != string(f.Edition) ||
			len(q) > 0 && !hasWordsStarting(c.filterWords[i], q) {
			continue
		}
		// Each filter either matches, fails, or cannot read the card: the
		// bits of the filters that could not.
		var unread uint8
		lacks := c.filterLacks[i]
		if typ != "" && c.filterType[i] != typ {
			if lacks&lacksType == 0 {
				continue
			}
			unread |= lacksType
		}
		if set != "" && card.Set != set {
			if lacks&lacksSet == 0 {
				continue
			}
			unread |= lacksSet
		}
		if aff != "" && !slices.Contains(c.filterAffils[i], aff) {
			if lacks&lacksAffiliation == 0 {
				continue
			}
			unread |= lacksAffiliation
		}
		if unread != 0 {
			p.Unknown.Type += int(unread & lacksType)
			p.Unknown.Set += int(unread&lacksSet) >> 1
			p.Unknown.Affiliation += int(unread&lacksAffiliation) >> 2
			continue
		}
		if p.Total >= f.Offset && len(p.Cards) < limit {
			p.Cards = append(p.Cards, card)
		}
		p.Total++
	}
	return p, nil
}

// The bits of Catalog.filterLacks: the fields a filter reads that a card's
// data lacks (rules.Card.LacksFiltered).
const (
	lacksType uint8 = 1 << iota
	lacksSet
	lacksAffiliation
)

var filterLacking = []struct {
	field string
	bit   uint8
}{{"type", lacksType}, {"set", lacksSet}, {"affiliation", lacksAffiliation}}

// cardType returns the type of the data a type filter names (case,
// punctuation and a plural forgiven), "" for none. A type the data does not
// know is EINVALID naming those it does, as an unknown edition is: a filter
// that can match nothing is a mistake the caller wants named, not an empty
// page. Of an edition, a type only the other edition's cards have is as
// unknown, and said so.
func (c *Catalog) cardType(name, edition string) (string, error) {
	return oneOfIn(name, edition, c.types, c.editionTypes, "type", "Card type", "types")
}

// oneOfIn is oneOf among the values of the edition's cards (known: of
// every edition's, when edition is ""): a value only the other edition's
// cards have can match no card of the edition asked, and is EINVALID saying
// so, never read as an empty page.
func oneOfIn(name, edition string, all []string, byEdition map[string][]string, field, what, list string) (string, error) {
	if edition == "" {
		return oneOf(name, all, field, what, list)
	}
	known := byEdition[edition]
	v, err := oneOf(name, known, field, what, list)
	if err == nil {
		return v, nil
	}
	if other, err2 := oneOf(name, all, field, what, list); err2 == nil && other != "" {
		e := &rules.Error{Code: rules.EINVALID, Message: fmt.Sprintf("%s %q is held by no %s card of the card data; use one of %s.", what, other, rules.EditionName(edition), strings.Join(known, ", "))}
		return "", e.WithDetail("field", field).WithDetail(list, slices.Clone(known)).WithDetail("suggestions", []string{})
	}
	return "", err
}

// cardAffiliation returns the affiliation of the data an affiliation filter
// names (case, punctuation and a plural forgiven), "" for none; one the data
// does not know is EINVALID naming those it does, as cardType does.
func (c *Catalog) cardAffiliation(name, edition string) (string, error) {
	a, err := oneOfIn(name, edition, c.affiliations, c.editionAffiliations, "affiliation", "Affiliation", "affiliations")
	return rules.FoldName(a), err
}

// oneOf returns the value of known that name names (case, punctuation and a
// plural forgiven), "" for none; a name none of them is is EINVALID saying
// what (the field's name in a sentence), naming field, and listing known
// under list in the details.
func oneOf(name string, known []string, field, what, list string) (string, error) {
	if rules.FoldName(name) == "" {
		return "", nil
	}
	want := rules.FoldTerm(name)
	for _, v := range known {
		if rules.FoldTerm(v) == want {
			return v, nil
		}
	}
	// The list is the data's own, not the caller's text: it is not clipped.
	near := nearValues(name, known, func(v string) string { return v })
	msg := fmt.Sprintf("%s %q is not known; use one of %s.", what, rules.Truncate(name), strings.Join(known, ", "))
	if len(near) > 0 {
		msg = fmt.Sprintf("%s %q is not known; did you mean %s? The card data holds %s.", what, rules.Truncate(name), strings.Join(near, " or "), strings.Join(known, ", "))
	}
	e := &rules.Error{Code: rules.EINVALID, Message: msg}
	return "", e.WithDetail("field", field).WithDetail(list, slices.Clone(known)).WithDetail("suggestions", near)
}

// maxFilterSuggestions is the most values a refused filter suggests.
const maxFilterSuggestions = 5

// nearValues returns what of known the name may mean, by the text key
// gives each (a type, an affiliation, a set's name), nearest first, at
// most maxFilterSuggestions, never nil: the values whose text is the
// name's but for case, punctuation, spaces, a plural (FoldTerm), or
// within the typos a word of its length may carry (maxEdits, as the
// fuzzy look-up counts them: "Klingn" is klingon, "nonaligned"
// non-aligned). The same value named by several keys is given once.
func nearValues[T any](name string, known []T, key func(T) string) []T {
	squash := func(s string) string { return strings.ReplaceAll(rules.FoldTerm(s), " ", "") }
	want := squash(name)
	near := []T{}
	if want == "" {
		return near
	}
	limit := maxEdits(len(want))
	for d := 0; d <= limit && len(near) < maxFilterSuggestions; d++ {
		for _, v := range known {
			k := squash(key(v))
			if k == "" || rules.EditDistance(want, k, limit) != d || d > maxEdits(len(k)) {
				continue
			}
			near = append(near, v)
			if len(near) == maxFilterSuggestions {
				break
			}
		}
	}
	return near
}

// A SetName is one set of the card data: its number, as a card's set
// gives it, its name and its edition.
type SetName struct {
	Set     string `json:"set"`
	SetName string `json:"setName,omitempty"`
	Edition string `json:"edition"`
}

// addSet notes the card's set among the sets of the data, with the first
// name a card of it gives.
func (c *Catalog) addSet(card *rules.Card) {
	if card.Set == "" {
		return
	}
	for i := range c.sets {
		if c.sets[i].Set == card.Set {
			if c.sets[i].SetName == "" {
				c.sets[i].SetName = card.SetName
			}
			return
		}
	}
	c.sets = append(c.sets, SetName{Set: card.Set, SetName: card.SetName, Edition: card.Edition})
}

// cardSet returns the set number a set filter names (leading zeros
// forgiven), "" for none. A set the data does not have is EINVALID with the
// sets it has; a set's name is pointed to its number.
func (c *Catalog) cardSet(name, edition string) (string, error) {
	set := strings.TrimLeft(strings.TrimSpace(name), "0")
	if set == "" && strings.TrimSpace(name) == "" {
		return "", nil
	}
	var named []string
	for _, s := range c.sets {
		if s.Set == set && edition != "" && s.Edition != edition {
			// A set of the other edition can match no card of the one
			// asked: said so, never an empty page.
			e := rules.Errorf(rules.EINVALID, "Set %s (%s) is a %s set: no %s card is of it.", s.Set, s.SetName, rules.EditionName(s.Edition), rules.EditionName(edition))
			return "", e.WithDetail("field", "set").WithDetail("sets", c.setsOf(edition)).WithDetail("suggestions", []string{})
		}
		if s.Set == set {
			return set, nil
		}
		if edition != "" && s.Edition != edition {
			continue // a name of the other edition's set suggests none
		}
		if s.SetName != "" && rules.FoldName(s.SetName) == rules.FoldName(name) {
			named = append(named, s.Set)
		}
	}
	// The numbers of the sets the name may mean: a set's name, or a
	// misspelt one, suggests its number.
	suggestions := named
	msg := fmt.Sprintf("A set is asked for by its number, as a card's set gives it: %s is set %s.", rules.Truncate(strings.TrimSpace(name)), strings.Join(named, " or set "))
	if len(named) == 0 {
		suggestions = []string{}
		var near []string
		for _, s := range nearValues(name, c.setsOf(edition), func(s SetName) string { return s.SetName }) {
			suggestions = append(suggestions, s.Set)
			near = append(near, fmt.Sprintf("set %s (%s)", s.Set, s.SetName))
		}
		msg = fmt.Sprintf("Set %q is not known: give a set's number, as a card's set gives it (details.sets).", rules.Truncate(name))
		if len(near) > 0 {
			msg = fmt.Sprintf("Set %q is not known: did you mean %s? A set is asked for by its number, as a card's set gives it (details.sets).", rules.Truncate(name), strings.Join(near, " or "))
		}
	}
	e := &rules.Error{Code: rules.EINVALID, Message: msg}
	return "", e.WithDetail("field", "set").WithDetail("sets", c.setsOf(edition)).WithDetail("suggestions", suggestions)
}

// setsOf are the sets of the edition's cards (every set, for "").
func (c *Catalog) setsOf(edition string) []SetName {
	out := []SetName{}
	for _, s := range c.sets {
		if edition == "" || s.Edition == edition {
			out = append(out, s)
		}
	}
	return out
}

// hasWordsStarting says whether every word of q starts a word of words.
func hasWordsStarting(words, q []string) bool {
	for _, w := range q {
		found := false
		for _, n := range words {
			if strings.HasPrefix(n, w) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// CardRulings returns the entries that name the card: whose title or text
// holds one of its names as a whole phrase, written as the card writes it
// (so the card "Escape" is not named by the verb "escape"), and those that
// give its errata; governing document first, then entries titled by the
// card, then reading order.
func (c *Catalog) CardRulings(ctx context.Context, id string) ([]*rules.Entry, error) {
	card, err := c.Card(ctx, id)
	if err != nil {
		return nil, err
	}
	// The card's own id: one asked in another form (1E-101-0105) is the
	// same card, and its rulings are kept under the card's id.
	out := c.rulings[card.ID]
	if out == nil {
		out = []*rules.Entry{}
	}
	return out, nil
}

// RulingsCoverage says which documents were read for the card's rulings
// and errata and whether each covers it (rules.CoverageOf): without the
// documents (WithDocuments), none is known to be read.
func (c *Catalog) RulingsCoverage(ctx context.Context, id string) (*rules.RulingsCoverage, error) {
	card, err := c.Card(ctx, id)
	if err != nil {
		return nil, err
	}
	cov := rules.CoverageOf(c.sources, card)
	return &cov, nil
}

// isWordRune is a rune that belongs to a word of a name.
func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
