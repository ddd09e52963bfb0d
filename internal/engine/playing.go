// Playing cards: card.play, the move that puts a card from hand into play.
// 2E: its cost in counters, uniqueness by title, and the headquarters
// mission whose game text lets personnel, ships and equipment be played
// there. 1E: the normal card play, uniqueness and persona, reporting for
// duty to a compatible outpost or headquarters in the native quadrant of
// both card and facility, and building a facility where the rules let it
// stand. Neither edition plays a mission or a dilemma from hand.
// Uniqueness is in uniqueness.go, where a card is played in playplace.go.

package engine

import (
	"context"
	"strconv"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// PlayCard is the card a card.play question is about.
type PlayCard struct {
	Name   string
	Title  string
	Type   string
	Cost   *int
	Unique bool
	// Affiliation (folded; "/" between those of a multi-affiliation card),
	// Icons (folded), native Quadrant (folded; "" is Alpha) and Persona
	// (as written) decide where it may be played and what it duplicates.
	Affiliation string
	Icons       []string
	Quadrant    string
	Persona     string
	// FacilityKind is a 1E facility's kind (outpost, headquarters,
	// station), folded; "" when not known (a card given inline).
	FacilityKind string
	// Ref is the card id or name it was given by, ID the id of the card
	// it names; Inline the card object given instead: what the board
	// object it becomes is built from.
	Ref, ID string
	Inline  *rules.InlineCard
	// Match is how the card service found the card by Ref's name
	// (rules.MatchFuzzy when it matched loosely); "" for an id or an
	// inline card.
	Match string
	// unknown are the statistics of the card neither the card data nor
	// the object given inline makes known (known.go): an inline card's
	// icons or affiliation left out, every statistic of a card known by
	// title only.
	unknown stat
	// plurals are the words of an inline card read as the words they are
	// the plural of (plurals.go).
	words wordNotes
}

// need fails when a statistic the question reads of the card played is not
// known: 422 naming params.card, with its card's id and the statistic.
func (c PlayCard) need(x stat) error {
	if !c.unknown.has(x) {
		return nil
	}
	s := c.unknown & x & -(c.unknown & x)
	if s == statType {
		return missingStatAs("params.card", c.Name, c.ID, s, `"type": "personnel" (or ship, equipment, event, interrupt, ...)`)
	}
	return missingStat("params.card", c.Name, c.ID, s)
}

// resolvePlayCard reads the card a card.play plays: one the card data
// holds, by id or name, or the card given inline.
func (s *Service) resolvePlayCard(ctx context.Context, edition string, card rules.CardRef) (PlayCard, error) {
	if card.IsZero() {
		return PlayCard{}, unprocessable("params.card", "params.card is required: a card id, a name, or a card object")
	}
	if card.Inline == nil {
		ref := card.Ref
		c, err := cardLookup(ctx, s.cards, edition, ref, func() string { return "params.card" }, true)
		if err != nil {
			return PlayCard{}, err
		}
		pc := PlayCard{Name: c.Name(), Title: c.Title, Type: c.Type, Cost: c.Cost, Unique: c.IsUnique(),
			Affiliation: foldAffiliations(c.Affiliation), Icons: foldAll(c.Icons), Quadrant: fold(c.Quadrant), Persona: c.Persona, FacilityKind: fold(c.FacilityType), Ref: ref, ID: c.ID, Match: c.Match}
		pc.unknown = cardStats(c, c.Type, edition == rules.Edition1E)
		if c.Affiliation == "" {
			pc.unknown |= statAffiliation
		}
		if c.Type != "" {
			// The card's type, as its list gives it (a mission's type,
			// planet or space, is another statistic).
			pc.unknown &^= statType
		}
		return pc, nil
	}
	// The card object is read, never changed: the play points to it (the
	// board object the card becomes copies what it needs of it).
	in := card.Inline
	if in.Title == "" {
		return PlayCard{}, unprocessable("params.card.title", "an inline card needs a title")
	}
	c := rules.Card{Title: in.Title, Subtitle: in.Subtitle}
	pc := PlayCard{Name: c.Name(), Title: in.Title, Type: fold(in.Type), Cost: in.Cost, Unique: in.Unique,
		Affiliation: foldAffiliations(in.Affiliation), Icons: foldAll(in.Icons), Quadrant: fold(in.Quadrant), Persona: in.Persona, Inline: in}
	if in.Icons == nil {
		pc.unknown |= statIcons
	}
	if pc.Type == "" {
		pc.unknown |= statType
	}
	if in.Affiliation == "" {
		pc.unknown |= statAffiliation
	}
	if pc.Quadrant != "" && !validQuadrant(pc.Quadrant) {
		return PlayCard{}, checkChoice("params.card.quadrant", pc.Quadrant, quadrantList, "a quadrant is alpha, gamma, delta or mirror, not %q", in.Quadrant)
	}
	if err := s.checkInlineCardWords(&pc.words, edition, in, &pc); err != nil {
		return PlayCard{}, err
	}
	return pc, nil
}

// foldAffiliations folds each affiliation of a multi-affiliation card,
// keeping the "/" between them.
func foldAffiliations(s string) string {
	if !strings.Contains(s, "/") {
		return fold(s)
	}
	parts := splitAffiliations(s)
	for i, p := range parts {
		parts[i] = fold(p)
	}
	return strings.Join(parts, "/")
}

// A commandedCard is a card the request says you command (params
// commanded), read as the board's cards are for uniqueness: its name as
// given, and what makes it the same card as another (personaKey): 2E its
// title, 1E its persona, found in the card data when the name names a card
// of the edition, else the title.
type commandedCard struct {
	name, title, key string
}

// commandedCards reads what the request says you command: each name looked
// up in the edition's card data as a deck line is (by id, then exact name),
// a name the data does not know, or that fits several cards, read by its
// title (subtitles ignored: two cards with one title represent the same
// thing).
func (s *Service) commandedCards(ctx context.Context, edition string, names []string) ([]commandedCard, error) {
	first := edition == rules.Edition1E
	out := make([]commandedCard, 0, len(names))
	for _, name := range names {
		cc := commandedCard{name: name, title: titleOf(name), key: personaKey(first, "", titleOf(name))}
		if s.cards != nil && strings.TrimSpace(name) != "" {
			c, _, err := s.deckCard(ctx, edition, name)
			if err != nil {
				return nil, err
			}
			if c != nil {
				cc.name, cc.title, cc.key = c.Name(), c.Title, personaKey(first, c.Persona, c.Title)
			}
		}
		out = append(out, cc)
	}
	return out, nil
}

// cardPlay is the play of one card from hand, at a place on the board when
// the card is a personnel, ship or equipment.
type cardPlay struct {
	card   PlayCard
	params rules.CardPlayParams
	// commanded are the cards params.commanded names, read for
	// uniqueness.
	commanded []commandedCard
	counters  int // 2E counters left before the play
	// countersAssumed: no counters were given (for the play, or for the
	// turn it is played in, none spent yet), and a turn's seven were
	// read; the verdict says so.
	countersAssumed bool
	playUsed        bool // 1E normal card play used before the play
	// ordersBegun: the turn has executed orders already, so the segment
	// for playing cards from hand is over.
	ordersBegun bool
	edition     string
	variant     variant
	id          string // the board id the card takes
	placement   boardPlacement
}

// A boardPlacement is the board object a card played becomes, read as the
// board would read it: none (an event, an interrupt, equipment, which the
// board does not hold, or a card played where it may not be), or a
// personnel or a ship where it was played.
type boardPlacement struct {
	personnel *Personnel
	ship      *Ship
	facility  *Facility
}

func readCardPlay(ctx context.Context, s *Service, j *judgement, raw rules.Params, turn *Turn) (Move, error) {
	given, err := paramsAs[rules.CardPlayParams](raw)
	if err != nil {
		return nil, err
	}
	m := newMove(j.board.arrays(), func(a *boardArrays) *room[cardPlay] { return &a.cardPlays })
	*m = cardPlay{edition: j.edition, variant: j.rules, params: *given}
	p := &m.params
	c, err := s.resolvePlayCard(ctx, j.edition, p.Card)
	if err != nil {
		return nil, err
	}
	m.card = c
	if c.Type == "" {
		// Where a card is played, whether it is played from hand at all,
		// and when, all turn on its type: a card whose type is not known
		// is not judged as one played by its own text.
		return nil, c.need(statType)
	}
	if c.Match == rules.MatchFuzzy {
		j.sayStrings("No card is named exactly so; the nearest name was read: %s.", looseReading(c.Ref, "params.card", c.Name, c.ID))
	}
	for _, said := range c.words.formsSaid() {
		j.sayStrings("%s", said)
	}
	j.cardWords = &m.card.words // what the verdict may turn on, as the board's (aswritten.go)

	if m.commanded, err = s.commandedCards(ctx, j.edition, p.Commanded); err != nil {
		return nil, err
	}
	m.counters, m.playUsed = countersPerTurn, p.CardPlayUsed
	m.countersAssumed = p.Counters == nil && turn == nil
	if p.Counters != nil {
		m.counters = *p.Counters
	}
	if turn != nil {
		// Within a turn the counters and the card play are the turn's.
		if p.Counters != nil {
			return nil, unprocessable("params.counters", "a card played within a turn spends the turn's counters; give counters once, for the turn")
		}
		if p.CardPlayUsed {
			return nil, unprocessable("params.cardPlayUsed", "a card played within a turn uses the turn's normal card play")
		}
		m.counters, m.playUsed, m.ordersBegun = turn.Counters, turn.CardPlayUsed, turn.OrdersBegun
		m.countersAssumed = turn.CountersAssumed && turn.Counters == countersPerTurn
	}
	if p.ID != "" && p.At == "" {
		return nil, unprocessable("params.at", "params.id names the board object the card becomes; say where it is played in params.at")
	}
	if p.At != "" && !j.board.has(p.At) {
		return nil, unprocessable("params.at", "no mission, ship or facility on the board has the id %q", p.At)
	}
	if p.At != "" && (c.Type == "personnel" || c.Type == "ship" || (j.first() && c.Type == "facility")) {
		m.id = p.ID
		if m.id == "" {
			m.id = j.board.freeID(c.Title)
		} else if j.board.has(m.id) {
			return nil, unprocessable("params.id", "the id %q is already on the board (%s)", m.id, j.board.object(m.id).field())
		}
		if err := m.place(ctx, s, j.board); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// place reads the board object the card becomes where it is played: a 2E
// personnel on the mission, a ship at it; a 1E personnel aboard the
// facility, a ship at the facility's mission, docked unless the facility
// is a headquarters (a planet facility, which ships orbit).
func (m *cardPlay) place(ctx context.Context, s *Service, b *Board) error {
	o := b.object(m.params.At)
	var loc rules.Location
	var docked string
	switch {
	case m.edition == rules.Edition1E && m.card.Type == "facility":
		if o.mission == nil {
			return nil // no location: refused when judged
		}
		return m.placeFacility(ctx, s, b, o.mission.ID)
	case m.edition == rules.Edition2E && o.mission != nil:
		loc.Mission = o.mission.ID
	case m.edition == rules.Edition1E && o.facility != nil:
		if m.card.Type == "personnel" {
			loc.Facility = o.facility.ID
		} else {
			loc.Mission = o.facility.Mission
			if o.facility.Kind != "headquarters" {
				docked = o.facility.ID
			}
		}
	default:
		return nil // a place no card is played at: refused when judged
	}
	c, in := m.card, m.card.Inline
	if in == nil {
		in = &rules.InlineCard{}
	}
	title := in.Title
	if c.Type == "personnel" {
		bp := &rules.BoardPersonnel{ID: m.id, Card: c.Ref, Title: title, PersonnelStats: in.PersonnelStats, Persona: in.Persona, At: &loc}
		p := b.arrays().newPersonnel()
		if err := s.readPersonnel(ctx, m.edition, b, boardPlace{"personnel", len(b.Personnel)}, bp, p, &skillArena{}); err != nil {
			return withField(err, "params.card")
		}
		m.placement.personnel = p
		return nil
	}
	bs := &rules.BoardShip{ID: m.id, Card: c.Ref, Title: title, Affiliation: in.Affiliation, Staffing: in.Staffing,
		Range: in.Range, Weapons: in.Weapons, Shields: in.Shields, At: &loc, Docked: docked}
	sh := b.arrays().newShip()
	if err := s.readShip(ctx, m.edition, b, boardPlace{"ships", len(b.Ships)}, bs, sh); err != nil {
		return withField(err, "params.card")
	}
	m.placement.ship = sh
	return nil
}

// placeFacility reads the 1E facility a card play builds at a mission:
// yours, of the card's kind and affiliation (or the inline card's).
func (m *cardPlay) placeFacility(ctx context.Context, s *Service, b *Board, mission string) error {
	c := m.card
	bf := &rules.BoardFacility{ID: m.id, Card: c.Ref, At: &rules.Location{Mission: mission}}
	if in := c.Inline; in != nil {
		bf.Title, bf.Affiliation, bf.Quadrant = in.Title, in.Affiliation, in.Quadrant
	}
	f := &Facility{}
	if err := s.readFacility(ctx, m.edition, b, boardPlace{"facilities", len(b.Facilities)}, bf, f); err != nil {
		return withField(err, "params.card")
	}
	m.placement.facility = f
	return nil
}

// freeID is an id no object of the board has, made from a title: the
// title folded with hyphens, then a number after it if need be.
func (b *Board) freeID(title string) string {
	base := strings.ReplaceAll(fold(title), " ", "-")
	if base == "" {
		base = "card"
	}
	id := base
	for n := 2; b.has(id); n++ {
		id = base + "-" + strconv.Itoa(n)
	}
	return id
}

func (m *cardPlay) Judge(_ context.Context, j *judgement) error {
	pl, err := m.judgePlay(j.board)
	if err != nil {
		return err
	}
	if j.first() {
		j.explainCardPlay1E(pl)
	} else {
		j.explainCardPlay2E(pl)
	}
	return nil
}

// A playing is what the rules make of playing a card from hand, before any
// word is said of it (explainCardPlay1E and explainCardPlay2E say it): its
// uniqueness, the segment of the turn, the normal card play (1E) or the
// counters it costs (2E), and where it is played.
type playing struct {
	Card PlayCard
	// At is the id of the place the card is played at, "" when none is
	// given.
	At     string
	Unique uniqueness
	// OutOfSegment: orders have been executed this turn, and the card is
	// not one played at any time.
	OutOfSegment bool
	// Free: a 1E interrupt or doorway, which does not use the normal card
	// play; PlayUsed: the normal card play was used before this card.
	Free, PlayUsed bool
	// Report is where a 1E card reports for duty; Build where a 1E
	// facility is built.
	Report reporting
	Build  building
	// NotFromHand: a mission or dilemma, which is not played from hand
	// (2E: they are not in the deck; 1E: they are seeded); nothing else is
	// judged.
	NotFromHand bool
	// Cost is what the 2E card costs, of the Counters left before it.
	Cost, Counters int
	// CostUnknown: the card data does not hold the cost, and the play is
	// refused whatever it is (Cost is then not read).
	CostUnknown bool
	// CountersAssumed: the counters were not given, and a turn's seven,
	// none spent, were read.
	CountersAssumed bool
	// Place is where a 2E card is played.
	Place   hqPlacement
	Allowed bool
}

// judgePlay judges the play on the board alone, by the rules of the
// play's edition and rulebook. It fails, naming the field, on params of
// the other edition, counters out of range, a cost or a place that is not
// known.
func (m *cardPlay) judgePlay(b *Board) (playing, error) {
	first := m.edition == rules.Edition1E
	c, p := m.card, m.params
	pl := playing{Card: c, At: p.At, Allowed: true}
	pl.OutOfSegment = m.ordersBegun && !playedAnyTime(first, c)
	if first {
		if notFromHand(c) {
			pl.NotFromHand, pl.Allowed, pl.PlayUsed = true, false, m.playUsed
			return pl, nil
		}
		pl.Unique = uniquenessOf(b, first, c, m.commanded)
		pl.Free = c.Type == "interrupt" || c.Type == "doorway"
		pl.PlayUsed = m.playUsed
		pl.Allowed = !pl.Unique.refused() && !pl.OutOfSegment && (pl.Free || !m.playUsed)
		var err error
		switch {
		case p.At == "":
		case c.Type == "facility":
			if pl.Build, err = buildFacility(b, c, p.At); err != nil {
				return pl, err
			}
			pl.Allowed = pl.Allowed && pl.Build.OK
		default:
			if pl.Report, err = reportForDuty(b, c, p.At); err != nil {
				return pl, err
			}
			pl.Allowed = pl.Allowed && pl.Report.OK
		}
		return pl, nil
	}
	if p.CardPlayUsed {
		return pl, unprocessable("params.cardPlayUsed", "the normal card play is a First Edition rule; Second Edition counts counters")
	}
	pl.Counters, pl.CountersAssumed = m.counters, m.countersAssumed
	if pl.Counters < 0 || pl.Counters > countersPerTurn {
		return pl, unprocessable("params.counters", "counters left are between 0 and 7")
	}
	if notFromHand(c) {
		pl.NotFromHand, pl.Allowed = true, false
		return pl, nil
	}
	// Where the card is played is read before its cost: a card whose
	// place is not known (an icon or affiliation the card data lacks)
	// is asked for that first, as a card given inline without it is.
	var err error
	if p.At != "" {
		if pl.Place, err = playAtHeadquarters(b, m.variant, c, p.At); err != nil {
			return pl, err
		}
	}
	if c.Unique {
		pl.Unique = uniquenessOf(b, first, c, m.commanded)
	}
	// A play refused whatever the card costs (where it is played refuses
	// it, orders have begun, or it is unique and in play) is answered
	// without a cost the card data does not hold; any other is asked for
	// it.
	refused := pl.OutOfSegment || pl.Unique.refused() || (p.At != "" && !pl.Place.OK)
	if pl.Cost, err = m.cost(); err != nil {
		if !refused {
			return pl, err
		}
		pl.CostUnknown = true
	}
	pl.Allowed = !refused && pl.Cost <= pl.Counters
	return pl, nil
}

// notFromHand says whether a card is one no player plays from hand: a
// mission or a dilemma. 2E: the deck holds five other types ("two other
// types of cards are used in the game: missions and dilemmas"); 1E: they
// are seed cards ("cards that must be seeded rather than played — such as
// dilemmas").
func notFromHand(c PlayCard) bool {
	return c.Type == "mission" || c.Type == "dilemma"
}

// alternateUniverse says whether a card has the 1E Alternate Universe
// icon.
func alternateUniverse(c PlayCard) bool {
	return hasAlternateUniverseIcon(c.Icons)
}

// explainCardPlay1E writes the verdict of a 1E card play: uniqueness, the
// segment, the normal card play, where it reports, and the figures (1E
// cards have no cost in counters).
func (j *judgement) explainCardPlay1E(pl playing) {
	c, u := pl.Card, pl.Unique
	if pl.NotFromHand {
		j.allow(false)
		j.sayStrings("%s is a %s; missions and dilemmas are seeded, not played from hand.", c.Name, c.Type)
		j.cite("play1.seeded")
		j.result = &rules.CardPlayResult{At: pl.At, CardPlayUsed: ptr(pl.PlayUsed)}
		return
	}
	switch {
	case c.Unique && u.Commanded != nil && fold(u.Commanded.title) != fold(c.Title):
		j.sayStrings("%s is unique and you already have %s in play, another version of the same persona; you may have only one of those versions in play at a time.", c.Name, u.Commanded.name)
		j.cite("report1.persona")
	case c.Unique && u.Commanded != nil:
		j.sayStrings("%s is unique and you already have %s in play; you may have only one at a time.", c.Name, u.Commanded.name)
	case c.Unique && u.Duplicate != nil:
		j.sayInPlay(c, u.Duplicate)
	case c.Unique:
		j.sayStrings("%s is unique; you have no other %s in play.", c.Name, c.Title)
		j.explainHeldCaptive(c, u.Captive)
	}
	if c.Unique {
		j.cite1EUnique(c)
	}
	if pl.OutOfSegment {
		j.explainSegment(c)
	}
	switch {
	case pl.Free:
		j.sayStrings("An %s does not use your normal card play.", c.Type)
		j.cite("play1.interrupt")
	case pl.PlayUsed:
		j.sayStrings("You have used your normal card play this turn.")
		j.cite("play1.normal")
	default:
		j.sayStrings("Your normal card play is still available this turn.")
		j.cite("play1.normal")
	}
	if alternateUniverse(c) {
		// The board holds no doorways: whether one is open is not known.
		j.sayStrings("%s has the Alternate Universe icon: it plays only while you have an open doorway that allows such cards (such as the Alternate Universe Door), which the board does not show: not checked.", c.Name)
		j.cite("play1.au")
	}
	switch {
	case pl.At == "":
	case c.Type == "facility":
		j.explainBuild(c, pl.At, pl.Build)
	default:
		j.explainReport(c, pl.At, pl.Report)
	}
	j.allow(pl.Allowed)
	j.result = &rules.CardPlayResult{At: pl.At, CardPlayUsed: ptr(pl.PlayUsed || (!pl.Free && pl.Allowed))}
}

// explainCardPlay2E writes the verdict of a 2E card play: the segment, the
// cost of an interrupt, uniqueness, the counters, where it is played, and
// the figures.
func (j *judgement) explainCardPlay2E(pl playing) {
	c, u := pl.Card, pl.Unique
	if pl.NotFromHand {
		j.allow(false)
		j.sayStrings("%s is a %s; missions and dilemmas are not played from hand.", c.Name, c.Type)
		j.cite("deck.othertypes")
		j.result = &rules.CardPlayResult{CountersAfter: ptr(pl.Counters), At: pl.At}
		return
	}
	if pl.OutOfSegment {
		j.explainSegment(c)
	}
	if c.Type == "interrupt" && j.rules != continuingCommittee {
		j.sayStrings("Interrupts have no cost: playing %s spends no counters.", c.Name)
		j.cite("play.interrupt")
	}
	j.cite("play.counters")
	if c.Unique {
		j.cite("play.unique", "play.title")
		switch {
		case u.Commanded != nil:
			j.sayStrings("%s is unique and you already command %s: two cards with the same title represent the same thing.", c.Name, u.Commanded.name)
		case u.Duplicate != nil:
			j.sayInPlay(c, u.Duplicate)
		default:
			j.sayStrings("%s is unique; you command no other %s.", c.Name, c.Title)
			j.explainHeldCaptive(c, u.Captive)
		}
	}
	switch {
	case pl.CostUnknown:
		j.sayArgs("The cost of %s is not known (the card data does not hold it); the play is refused whatever it costs, and none of your %d counters left is spent.", text(c.Name), number(pl.Counters))
	case pl.Cost > pl.Counters:
		j.sayArgs("%s costs %d; you have %d counters left.", text(c.Name), number(pl.Cost), number(pl.Counters))
	default:
		j.sayArgs("%s costs %d of your %d counters left.", text(c.Name), number(pl.Cost), number(pl.Counters))
	}
	if pl.CountersAssumed {
		j.sayStrings("No counters left were given (params.counters): a turn's seven, none spent, were read.")
	}
	if pl.At != "" {
		j.explainHeadquarters(c, pl.At, pl.Place)
	}
	after := pl.Counters
	if pl.Allowed {
		after = pl.Counters - pl.Cost
	}
	j.allow(pl.Allowed)
	if pl.CostUnknown {
		j.result = &rules.CardPlayResult{CountersAfter: ptr(pl.Counters), At: pl.At}
		return
	}
	// The result and its two numbers are made together, one allocation.
	r := &struct {
		res         rules.CardPlayResult
		cost, after int
	}{cost: pl.Cost, after: after}
	r.res = rules.CardPlayResult{Cost: &r.cost, CountersAfter: &r.after, At: pl.At}
	j.result = &r.res
}

// playedAnyTime says whether a card may be played once orders have been
// executed this turn, when the segment for playing cards from hand is
// over. 2E: "Once you are done playing and drawing cards, proceed to the
// next segment", and interrupts "are not limited to this segment"; 1E: the
// normal card play comes before executing orders, and interrupts and
// doorways are not limited to it.
func playedAnyTime(first bool, c PlayCard) bool {
	return c.Type == "interrupt" || (first && c.Type == "doorway")
}

// explainSegment says why a card can no longer be played this turn.
func (j *judgement) explainSegment(c PlayCard) {
	if j.first() {
		j.sayStrings("Orders have been executed this turn: a card is played from hand before orders are executed, so %s can no longer be played this turn (interrupts and doorways may be).", c.Name)
		j.cite("turn1.sequence", "play1.interrupt")
		return
	}
	j.sayStrings("Orders have been executed this turn: cards are played in the segment before orders, so %s can no longer be played this turn (interrupts may be).", c.Name)
	j.cite("play.segment", "play.anytime")
}

// cost is what the card costs in 2E counters: interrupts nothing under the
// Premiere and Call to Arms rulebooks.
func (m *cardPlay) cost() (int, error) {
	c := m.card
	switch {
	case c.Type == "interrupt" && m.variant != continuingCommittee:
		return 0, nil
	case c.Cost == nil:
		e := rules.Errorf(rules.EUNPROCESSABLE, "The cost of %s is not known: give the card inline with its cost, as {\"title\": %q, \"cost\": 2, ...}.", c.Name, c.Title).
			WithDetail("field", "params.card").WithDetail("needs", statCost.name())
		if c.ID != "" {
			e.WithDetail("card", c.ID)
		}
		return 0, e
	}
	return *c.Cost, nil
}

// Apply spends the card's cost (2E counters) or the normal card play (1E)
// and puts a personnel or ship on the board where it was played, or a 1E
// facility where it was built, under the id the params give. Equipment, events and interrupts leave the board as
// it is: it holds no such cards.
func (m *cardPlay) Apply(b *Board, t Turn) (*Board, Turn, error) {
	if m.edition == rules.Edition1E {
		if m.card.Type != "interrupt" && m.card.Type != "doorway" {
			t.CardPlayUsed = true
		}
	} else {
		cost, err := m.cost()
		if err != nil {
			return nil, t, err
		}
		t.Counters -= cost
	}
	switch pl := m.placement; {
	case pl.personnel != nil:
		nb := b.clone()
		nb.addPersonnel(nb.copyPersonnel(pl.personnel))
		return nb, t, nil
	case pl.ship != nil:
		nb := b.clone()
		nb.addShip(nb.copyShip(pl.ship))
		return nb, t, nil
	case pl.facility != nil:
		nb := b.clone()
		f := *pl.facility
		nb.addFacility(&f)
		return nb, t, nil
	}
	return b, t, nil
}
