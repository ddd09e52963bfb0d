package engine

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// DeckCard is a deck line resolved: its full name, the title copies are
// counted by (subtitles ignored), its type when the card data knows it.
// Universal is the card data's marking, or the line's. OtherEdition is set
// when the line identifies a card of the other edition by its id; Elsewhere
// names the other edition's card of the name when the line's name is not
// one of its own edition's card data (the line is counted by its title);
// Candidates when the name fits several cards of the edition (the line is
// counted by its title).
type DeckCard struct {
	Name         string
	Title        string
	Type         string
	Count        int
	Universal    bool
	Known        bool
	OtherEdition string
	Elsewhere    *rules.Card
	Candidates   []string
	// AlternateUniverse: the card data gives the card the 1E Alternate
	// Universe icon.
	AlternateUniverse bool
}

// A Violation is one rule a deck breaks: its name, what breaks it, and the
// rule whose sentence says so. The verdict gives its name and message
// (rules.Violation).
type Violation struct {
	Rule    string
	Message string
	cite    ruleKey
}

// DeckLists are the parts of a deck: missions, the dilemma pile (1E: the
// seeded dilemmas), 1E's other seed cards (facilities, sites, artifacts,
// doorways, ...), and the deck (1E: the draw deck).
type DeckLists struct {
	Missions, Dilemmas, Seeds, Deck []DeckCard
}

// A deckPart is one list of a deck, with the rule that says what it holds.
type deckPart struct {
	cards []DeckCard
	rule  ruleKey
}

// parts are the lists of a deck, in the order a deck list gives them, each
// with the sentence that says what it holds: 2E the deck's five types, and
// missions and dilemmas besides it; 1E the seed deck's six missions, its 30
// seed cards, the draw deck.
func (d DeckLists) parts(first bool) []deckPart {
	if first {
		return []deckPart{{d.Missions, "deck1.missions"}, {d.Dilemmas, "deck1.seed"}, {d.Seeds, "deck1.seed"}, {d.Deck, "deck1.draw"}}
	}
	return []deckPart{{d.Missions, "deck.othertypes"}, {d.Dilemmas, "deck.othertypes"}, {d.Seeds, "deck.othertypes"}, {d.Deck, "deck.types"}}
}

// otherEdition lists a violation for each line identifying a card of the
// other edition by its id: a deck is built of one edition's cards. Each
// cites the sentence that says what the list holds.
func otherEdition(d DeckLists, edition string) []Violation {
	var out []Violation
	for _, part := range d.parts(edition == rules.Edition1E) {
		for _, c := range part.cards {
			if c.OtherEdition == "" {
				continue
			}
			msg := fmt.Sprintf("%s is a %s card; a %s deck holds %s cards only.", c.Name, editionName(c.OtherEdition), editionName(edition), editionName(edition))
			if edition == rules.Edition1E {
				msg += " (A Second Edition card bearing the First Edition Compatible indicator may be mixed in; the card data does not record it.)"
			}
			out = append(out, Violation{Rule: "card.edition", Message: msg, cite: part.rule})
		}
	}
	return out
}

func editionName(e string) string {
	if e == rules.Edition1E {
		return "First Edition"
	}
	return "Second Edition"
}

func total(cards []DeckCard) int {
	n := 0
	for _, c := range cards {
		n += c.Count
	}
	return n
}

// titleOf is the card title of a name the card data does not know: the part
// before ", " when there is one ("Jean-Luc Picard, Argo Pilot").
func titleOf(name string) string {
	if i := strings.Index(name, ", "); i > 0 {
		return name[:i]
	}
	return name
}

// checkTypes lists a violation for each card of a type the list does not
// hold, citing the sentence that says what it holds.
func checkTypes(list []DeckCard, allowed []string, part string, rule ruleKey) []Violation {
	var out []Violation
	for _, c := range list {
		if c.Type != "" && !contains(allowed, c.Type) {
			out = append(out, Violation{Rule: "card.type", Message: fmt.Sprintf("%s is a %s card; it does not belong among the %s.", c.Name, c.Type, part), cite: rule})
		}
	}
	return out
}

// ValidateDeck2E checks a 2E deck: 5 different missions, at least 20
// dilemmas, at least 35 cards in the deck, no more than three copies of a
// card title (subtitles ignored), and each card of a type its list holds.
// It returns the violations, each with the rule it breaks, and the rules a
// legal deck was checked by.
func ValidateDeck2E(d DeckLists) ([]Violation, []ruleKey) {
	var out []Violation
	checked := []ruleKey{"deck.size", "deck.copies"}
	if n := total(d.Missions); n != 5 {
		out = append(out, Violation{Rule: "missions.count", Message: fmt.Sprintf("A deck has 5 missions, not %d.", n), cite: "deck.size"})
	}
	seen := map[string]bool{}
	for _, c := range d.Missions {
		k := fold(c.Name)
		if seen[k] || c.Count > 1 {
			out = append(out, Violation{Rule: "missions.different", Message: fmt.Sprintf("The 5 missions must be different; %s appears more than once.", c.Name), cite: "deck.size"})
		}
		seen[k] = true
	}
	if n := total(d.Dilemmas); n < 20 {
		out = append(out, Violation{Rule: "dilemmas.minimum", Message: fmt.Sprintf("The dilemma pile has %d dilemmas; it needs at least 20.", n), cite: "deck.size"})
	}
	if n := total(d.Deck); n < 35 {
		out = append(out, Violation{Rule: "deck.minimum", Message: fmt.Sprintf("The deck has %d cards; it needs at least 35.", n), cite: "deck.size"})
	}
	copies := map[string]int{}
	shown := map[string]string{}
	var order []string
	for _, list := range [][]DeckCard{d.Missions, d.Dilemmas, d.Deck} {
		for _, c := range list {
			k := fold(c.Title)
			if _, ok := copies[k]; !ok {
				order = append(order, k)
				shown[k] = c.Title
			}
			copies[k] += c.Count
		}
	}
	for _, k := range order {
		if copies[k] > 3 {
			out = append(out, Violation{Rule: "copies.title", Message: fmt.Sprintf("%d copies of cards titled %s; no more than three copies of a card title are allowed, whatever their subtitles.", copies[k], shown[k]), cite: "deck.copies"})
		}
	}
	out = append(out, checkTypes(d.Missions, []string{"mission"}, "missions", "deck.othertypes")...)
	out = append(out, checkTypes(d.Dilemmas, []string{"dilemma"}, "dilemmas", "deck.othertypes")...)
	out = append(out, checkTypes(d.Deck, []string{"personnel", "ship", "equipment", "event", "interrupt"}, "cards of the deck", "deck.types")...)
	return out, checked
}

// ValidateDeck1E checks a 1E deck: exactly six missions, different unless
// universal; up to 30 counted seed cards besides them (dilemmas and the
// other seed cards but sites), up to six sites seeding for free; a draw
// deck of at least 30 cards, with as many copies of a card as you like. It
// returns the violations, each with the rule it breaks, and the rules a
// legal deck was checked by.
func ValidateDeck1E(d DeckLists) ([]Violation, []ruleKey) {
	var out []Violation
	checked := []ruleKey{"deck1.missions", "deck1.seed", "seed1.counted", "deck1.draw", "deck1.copies"}
	if n := total(d.Missions); n != 6 {
		out = append(out, Violation{Rule: "missions.count", Message: fmt.Sprintf("A seed deck has exactly six missions, not %d.", n), cite: "deck1.missions"})
	}
	seen := map[string]bool{}
	for _, c := range d.Missions {
		k := fold(c.Name)
		if !c.Universal && (seen[k] || c.Count > 1) {
			out = append(out, Violation{Rule: "missions.different", Message: fmt.Sprintf("The six missions must be different unless universal; %s appears more than once.", c.Name), cite: "deck1.different"})
		}
		seen[k] = true
	}
	sites := 0
	for _, c := range d.Seeds {
		if c.Type == "site" {
			sites += c.Count
		}
	}
	if n := total(d.Dilemmas) + total(d.Seeds) - sites; n > 30 {
		out = append(out, Violation{Rule: "seed.maximum", Message: fmt.Sprintf("The seed deck has %d counted seed cards besides missions and sites; at most 30 are allowed.", n), cite: "deck1.seed"})
	}
	if sites > 6 {
		out = append(out, Violation{Rule: "seed.sites", Message: fmt.Sprintf("The seed deck has %d sites; at most six seed for free.", sites), cite: "deck1.sites"})
	}
	if n := total(d.Deck); n < 30 {
		out = append(out, Violation{Rule: "deck.minimum", Message: fmt.Sprintf("The draw deck has %d cards; it needs at least 30.", n), cite: "deck1.draw"})
	}
	if au, door := alternateUniverseSeeds(d); au != nil && door == doorwayNone {
		out = append(out, Violation{Rule: "seed.doorway", Message: fmt.Sprintf("%s has the Alternate Universe icon; to seed it the seed deck needs a doorway that allows such cards, such as the Alternate Universe Door or Space-Time Portal, and has none.", au.Name), cite: "seed1.au"})
	}
	out = append(out, checkTypes(d.Missions, []string{"mission"}, "missions", "deck1.missions")...)
	// The dilemmas may hold other seed cards, as decks listed them before
	// there was a list of seeds.
	seedTypes := []string{"dilemma", "facility", "site", "artifact", "doorway", "objective", "incident", "event", "personnel", "equipment"}
	out = append(out, checkTypes(d.Dilemmas, seedTypes, "seed cards", "deck1.seed")...)
	out = append(out, checkTypes(d.Seeds, seedTypes[1:], "seed cards besides dilemmas", "deck1.seed")...)
	return out, checked
}

// How a 1E seed deck stands to its Alternate Universe cards: a doorway of
// it allows them, none can, or one may (a doorway, or a line the card data
// does not know, whose text is not held).
type auDoorway int

const (
	doorwayNone auDoorway = iota
	doorwayAllows
	doorwayMay
)

// alternateUniverseSeeds finds the first seed card of a 1E deck with the
// Alternate Universe icon (nil when none), and whether a doorway seeded
// with it lets it seed (1E rulebook, 1. DOORWAY PHASE: "you must seed a
// doorway during this phase, such as the Alternate Universe Door or
// Space-Time Portal, which allows such cards to seed").
func alternateUniverseSeeds(d DeckLists) (*DeckCard, auDoorway) {
	var au *DeckCard
	door := doorwayNone
	for _, list := range [][]DeckCard{d.Missions, d.Dilemmas, d.Seeds} {
		for i := range list {
			c := &list[i]
			if c.AlternateUniverse && au == nil {
				au = c
			}
			switch t := fold(c.Title); {
			case t == fold("Alternate Universe Door") || t == fold("Space-Time Portal"):
				door = doorwayAllows
			case door == doorwayNone && (c.Type == "doorway" || (!c.Known && c.OtherEdition == "")):
				door = doorwayMay
			}
		}
	}
	return au, door
}

// hasAlternateUniverseIcon says whether a card's icons hold the 1E
// Alternate Universe icon.
func hasAlternateUniverseIcon(icons []string) bool {
	for _, i := range icons {
		if playTerm(i) == "au" {
			return true
		}
	}
	return false
}

// resolveDeck looks each line up in the card data of the deck's edition; a
// name that data does not know, or that fits several of its cards, is
// counted by its title, not refused (the other edition's card of that name,
// if any, noted). A line identifying a card of the other edition by its id
// is found as such. known holds the look-ups of the deck so far, so a card
// listed twice is looked up once.
func (s *Service) resolveDeck(ctx context.Context, edition string, items []rules.DeckLine, field string, known map[string]deckLookup) ([]DeckCard, error) {
	out := make([]DeckCard, 0, len(items))
	for i, it := range items {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		f := func() string { return indexed(field, i) } // the line's path, built only for errors
		ref := it.Card
		if ref == "" {
			ref = it.Title
		}
		if strings.TrimSpace(ref) == "" {
			return nil, unprocessable(f()+".title", "every line of a deck needs a card or a title")
		}
		count := 1
		if it.Count != nil {
			count = *it.Count
		}
		if count < 1 {
			return nil, unprocessable(f()+".count", "a count is at least 1")
		}
		dc := DeckCard{Name: ref, Title: titleOf(ref), Count: count, Universal: it.Universal}
		if s.cards != nil {
			l, seen := known[ref]
			if !seen {
				var err error
				if l, err = s.lookUpDeckLine(ctx, edition, ref); err != nil {
					return nil, err
				}
				known[ref] = l
			}
			switch {
			case l.card != nil:
				dc.Name, dc.Title, dc.Type, dc.Known = l.card.Name(), l.card.Title, l.card.Type, true
				dc.Universal = dc.Universal || l.card.Universal
				dc.AlternateUniverse = hasAlternateUniverseIcon(l.card.Icons)
			case l.candidates != nil:
				dc.Candidates = l.candidates
			case l.byID != nil:
				dc.Name, dc.Title, dc.Type, dc.OtherEdition = l.byID.Name(), l.byID.Title, l.byID.Type, l.byID.Edition
			case l.elsewhere != nil:
				dc.Elsewhere = l.elsewhere
			}
			// else not a card of either edition: counted by title
		}
		out = append(out, dc)
	}
	return out, nil
}

// A deckLookup is what the card data says of a deck line's reference: the
// one card of the deck's edition it names; else the cards it fits, when
// several do; else the card of the other edition its id identifies; else
// the card of the other edition its name names, which does not make the
// line that card: the card data of an edition is a part of the cards
// printed, and a title it lacks may well be a card of the deck's edition.
type deckLookup struct {
	card       *rules.Card
	candidates []string
	byID       *rules.Card
	elsewhere  *rules.Card
}

// lookUpDeckLine looks a deck line's reference up in the deck's edition;
// when it names no card there, as an id of the other edition's card, then
// as a name of the other edition's.
func (s *Service) lookUpDeckLine(ctx context.Context, edition, ref string) (deckLookup, error) {
	c, candidates, err := s.deckCard(ctx, edition, ref)
	if err != nil || c != nil || candidates != nil {
		return deckLookup{card: c, candidates: candidates}, err
	}
	other := rules.Edition1E
	if edition == rules.Edition1E {
		other = rules.Edition2E
	}
	if c, err := s.cards.Card(ctx, strings.TrimSpace(ref)); err == nil && c != nil && c.Edition == other {
		return deckLookup{byID: c}, nil
	} else if err != nil && rules.ErrorCode(err) != rules.ENOTFOUND {
		return deckLookup{}, fmt.Errorf("look up card %q: %w", ref, err)
	}
	c, _, err = s.deckCard(ctx, other, ref)
	return deckLookup{elsewhere: c}, err
}

// cardRefs is a card service that resolves a reference by id then by
// exact name, without the fuzzy search that suggests names for one it does
// not know (*catalog.Catalog): nil and no error when no card has the id or
// the name.
type cardRefs interface {
	CardRef(ctx context.Context, ref, edition string) (*rules.Card, error)
}

// deckCard looks a deck line's card up by id, then by exact name in the
// edition (a board's card names are read more forgivingly: cardLookup):
// the card; or, when the name fits several, their names; or neither when
// the card data does not know it. A deck line may name what the data does
// not know, so the look-up spares the suggestions a fuzzy search would
// make, each a search of the catalog, when the service can.
func (s *Service) deckCard(ctx context.Context, edition, ref string) (*rules.Card, []string, error) {
	if s.cards == nil {
		return nil, nil, nil
	}
	refs, ok := s.cards.(cardRefs)
	if !ok {
		refs = exactRefs{s.cards}
	}
	c, err := refs.CardRef(ctx, ref, edition)
	switch {
	case err == nil:
		return c, nil, nil
	case rules.ErrorCode(err) == rules.EAMBIGUOUS:
		return nil, rules.DetailStrings(err, "candidates"), nil
	}
	return nil, nil, fmt.Errorf("look up card %q: %w", ref, err)
}

// exactRefs is cardRefs for a card service that offers only the look-ups
// of every card service: by id, then CardNamed's exact name.
type exactRefs struct{ cards rules.CardService }

func (x exactRefs) CardRef(ctx context.Context, ref, edition string) (*rules.Card, error) {
	c, err := x.cards.Card(ctx, ref)
	if err == nil && c != nil && c.Edition == edition {
		return c, nil
	}
	if err != nil && rules.ErrorCode(err) != rules.ENOTFOUND {
		return nil, err
	}
	c, err = x.cards.CardNamed(ctx, ref, false, rules.Edition(edition))
	if rules.ErrorCode(err) == rules.ENOTFOUND {
		return nil, nil
	}
	return c, err
}

func runDeckValidate(ctx context.Context, s *Service, j *judgement, raw rules.Params) error {
	p, err := paramsAs[rules.DeckValidateParams](raw)
	if err != nil {
		return err
	}
	var d DeckLists
	known := map[string]deckLookup{}
	if d.Missions, err = s.resolveDeck(ctx, j.edition, p.Missions, "params.missions", known); err != nil {
		return err
	}
	if d.Dilemmas, err = s.resolveDeck(ctx, j.edition, p.Dilemmas, "params.dilemmas", known); err != nil {
		return err
	}
	if len(p.Seeds) > 0 && !j.first() {
		return unprocessable("params.seeds", "a Second Edition deck has no seed cards besides its missions and dilemmas")
	}
	if d.Seeds, err = s.resolveDeck(ctx, j.edition, p.Seeds, "params.seeds", known); err != nil {
		return err
	}
	if d.Deck, err = s.resolveDeck(ctx, j.edition, p.Deck, "params.deck", known); err != nil {
		return err
	}
	var violations []Violation
	var checked []ruleKey
	if j.first() {
		violations, checked = ValidateDeck1E(d)
		j.say("Seed deck: %d missions, %d dilemmas and %d other seed cards; draw deck: %d cards.", total(d.Missions), total(d.Dilemmas), total(d.Seeds), total(d.Deck))
	} else {
		violations, checked = ValidateDeck2E(d)
		j.say("%d missions, %d dilemmas and %d cards in the deck: %d cards in all.", total(d.Missions), total(d.Dilemmas), total(d.Deck), total(d.Missions)+total(d.Dilemmas)+total(d.Deck))
	}
	violations = append(otherEdition(d, j.edition), violations...)
	unknown, ambiguous, elsewhere := []string{}, []rules.AmbiguousName{}, []rules.CardElsewhere{}
	for _, part := range d.parts(j.first()) {
		for _, c := range part.cards {
			switch {
			case c.Known || c.OtherEdition != "":
			case len(c.Candidates) > 0:
				ambiguous = append(ambiguous, rules.AmbiguousName{Name: c.Name, Candidates: c.Candidates})
			default:
				unknown = append(unknown, c.Name)
				if c.Elsewhere != nil {
					elsewhere = append(elsewhere, rules.CardElsewhere{Name: c.Name, Card: c.Elsewhere.ID, Edition: c.Elsewhere.Edition})
				}
			}
		}
	}
	if s.cards != nil {
		for _, a := range ambiguous {
			j.sayStrings("%s names several cards of the card data (%s): counted by title.", a.Name, strings.Join(a.Candidates, "; "))
		}
		if len(unknown) > 0 {
			sort.Strings(unknown)
			j.sayStrings("Not in the %s card data, counted by title: %s.", editionName(j.edition), strings.Join(unknown, "; "))
		}
		for _, e := range elsewhere {
			j.sayStrings("%s: the %s card data has a card of that name (%s); this deck's line is counted by its title, as a %s card the data does not hold.",
				e.Name, editionName(e.Edition), e.Card, editionName(j.edition))
		}
	}
	if j.first() {
		if au, door := alternateUniverseSeeds(d); au != nil && door == doorwayMay {
			j.sayStrings("%s has the Alternate Universe icon and seeds only with a doorway that allows such cards; whether a doorway of this seed deck (or a line the card data does not know) is one, the card data does not say: not checked.", au.Name)
			j.cite("seed1.au")
		}
	}
	for _, v := range violations {
		j.sayStrings("%s", v.Message)
		j.cite(v.cite)
	}
	if len(violations) == 0 {
		j.sayStrings("The deck breaks no construction rule.")
		violations = []Violation{}
		j.cite(checked...)
	}
	j.allow(len(violations) == 0)
	broken := make([]rules.Violation, len(violations))
	for i, v := range violations {
		broken[i] = rules.Violation{Rule: v.Rule, Message: v.Message}
	}
	j.result = &rules.DeckValidateResult{Violations: broken, Unknown: unknown, Ambiguous: ambiguous, OtherEdition: elsewhere}
	return nil
}
