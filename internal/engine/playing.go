// Playing cards: card.play, the move that puts a card from hand into play.
// 2E: its cost in counters, uniqueness by title, and the headquarters
// mission whose game text lets personnel, ships and equipment be played
// there. 1E: the normal card play, uniqueness and persona, and reporting
// for duty to a compatible outpost or headquarters in the native quadrant
// of both card and facility.

package engine

import (
	"bytes"
	"context"
	"encoding/json"
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
	// Ref is the card id or name it was given by; Inline the card object
	// given instead: what the board object it becomes is built from.
	Ref    string
	Inline *inlineCard
}

// inlineCard is a card given in the params instead of by id or name: its
// title, type, cost and uniqueness, and the statistics the board object it
// becomes takes.
type inlineCard struct {
	Title           string   `json:"title"`
	Subtitle        string   `json:"subtitle"`
	Type            string   `json:"type"`
	Cost            *int     `json:"cost"`
	Unique          bool     `json:"unique"`
	Affiliation     string   `json:"affiliation,omitempty"`
	Quadrant        string   `json:"quadrant,omitempty"`
	Persona         string   `json:"persona,omitempty"`
	Icons           []string `json:"icons,omitempty"`
	Skills          []string `json:"skills,omitempty"`
	Characteristics []string `json:"characteristics,omitempty"`
	Integrity       *int     `json:"integrity,omitempty"`
	Cunning         *int     `json:"cunning,omitempty"`
	Strength        *int     `json:"strength,omitempty"`
	Species         string   `json:"species,omitempty"`
	Staffing        []string `json:"staffing,omitempty"`
	Range           *int     `json:"range,omitempty"`
	Weapons         *int     `json:"weapons,omitempty"`
	Shields         *int     `json:"shields,omitempty"`
}

type playParams struct {
	Card         json.RawMessage `json:"card"`
	Counters     *int            `json:"counters"`
	Commanded    []string        `json:"commanded"`
	CardPlayUsed bool            `json:"cardPlayUsed"`
	At           string          `json:"at"`
	ID           string          `json:"id"`
}

func (s *Service) resolvePlayCard(ctx context.Context, edition string, raw json.RawMessage) (PlayCard, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return PlayCard{}, unprocessable("params.card", "params.card is required: a card id, a name, or a card object")
	}
	if raw[0] == '"' {
		var ref string
		if err := json.Unmarshal(raw, &ref); err != nil {
			return PlayCard{}, unprocessable("params.card", "params.card must be a string or an object")
		}
		c, err := cardLookup(ctx, s.cards, edition, ref, func() string { return "params.card" })
		if err != nil {
			return PlayCard{}, err
		}
		return PlayCard{Name: c.Name(), Title: c.Title, Type: c.Type, Cost: c.Cost, Unique: c.IsUnique(),
			Affiliation: fold(c.Affiliation), Icons: foldAll(c.Icons), Quadrant: fold(c.Quadrant), Persona: c.Persona, Ref: ref}, nil
	}
	var in inlineCard
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return PlayCard{}, unprocessable("params.card", "params.card must be a card id, a name, or a card object (title, subtitle, type, cost, unique and the statistics of the card): %v", err)
	}
	if in.Title == "" {
		return PlayCard{}, unprocessable("params.card.title", "an inline card needs a title")
	}
	c := rules.Card{Title: in.Title, Subtitle: in.Subtitle}
	pc := PlayCard{Name: c.Name(), Title: in.Title, Type: fold(in.Type), Cost: in.Cost, Unique: in.Unique,
		Affiliation: foldAffiliations(in.Affiliation), Icons: foldAll(in.Icons), Quadrant: fold(in.Quadrant), Persona: in.Persona, Inline: &in}
	if pc.Quadrant != "" && !validQuadrant(pc.Quadrant) {
		return PlayCard{}, unprocessable("params.card.quadrant", "a quadrant is alpha, gamma, delta or mirror, not %q", in.Quadrant)
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

// commands says whether a title is among those commanded (subtitles
// ignored: two cards with one title represent the same thing).
func commands(commanded []string, title string) bool {
	for _, c := range commanded {
		if fold(titleOf(c)) == fold(title) {
			return true
		}
	}
	return false
}

// cardPlay is the play of one card from hand, at a place on the board when
// the card is a personnel, ship or equipment.
type cardPlay struct {
	card     PlayCard
	params   playParams
	counters int  // 2E counters left before the play
	playUsed bool // 1E normal card play used before the play
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
}

func readCardPlay(ctx context.Context, s *Service, j *judgement, raw json.RawMessage, turn *Turn) (Move, error) {
	m := &cardPlay{edition: j.edition, variant: j.rules}
	if err := decodeParams(raw, &m.params); err != nil {
		return nil, err
	}
	p := &m.params
	c, err := s.resolvePlayCard(ctx, j.edition, p.Card)
	if err != nil {
		return nil, err
	}
	m.card = c
	m.counters, m.playUsed = countersPerTurn, p.CardPlayUsed
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
	}
	if p.ID != "" && p.At == "" {
		return nil, unprocessable("params.at", "params.id names the board object the card becomes; say where it is played in params.at")
	}
	if p.At != "" && !j.board.has(p.At) {
		return nil, unprocessable("params.at", "no mission, ship or facility on the board has the id %q", p.At)
	}
	if p.At != "" && (c.Type == "personnel" || c.Type == "ship") {
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
		in = &inlineCard{}
	}
	title := in.Title
	if c.Type == "personnel" {
		bp := &rules.BoardPersonnel{ID: m.id, Card: c.Ref, Title: title, Affiliation: in.Affiliation, Icons: in.Icons,
			Skills: in.Skills, Characteristics: in.Characteristics, Integrity: in.Integrity, Cunning: in.Cunning,
			Strength: in.Strength, Species: in.Species, Persona: in.Persona, At: &loc}
		p := &Personnel{}
		if err := s.readPersonnel(ctx, m.edition, b, boardPlace{"personnel", len(b.Personnel)}, bp, p, &skillArena{}); err != nil {
			return withField(err, "params.card")
		}
		m.placement.personnel = p
		return nil
	}
	bs := &rules.BoardShip{ID: m.id, Card: c.Ref, Title: title, Affiliation: in.Affiliation, Staffing: in.Staffing,
		Range: in.Range, Weapons: in.Weapons, Shields: in.Shields, At: &loc, Docked: docked}
	sh := &Ship{}
	if err := s.readShip(ctx, m.edition, b, boardPlace{"ships", len(b.Ships)}, bs, sh); err != nil {
		return withField(err, "params.card")
	}
	m.placement.ship = sh
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
	c, p := m.card, m.params
	allowed := true
	if j.first() {
		if c.Unique && commands(p.Commanded, c.Title) {
			allowed = false
			j.say("%s is unique and you already have a %s in play; you may have only one at a time.", c.Name, c.Title)
		} else if dup := j.inPlay(c); c.Unique && dup != nil {
			allowed = false
			j.sayInPlay(c, dup)
		} else if c.Unique {
			j.say("%s is unique; you have no other %s in play.", c.Name, c.Title)
			j.heldCaptive(c)
		}
		j.cite("play1.unique")
		free := c.Type == "interrupt" || c.Type == "doorway"
		if !j.inPlaySegment(m, c) {
			allowed = false
		}
		switch {
		case free:
			j.say("An %s does not use your normal card play.", c.Type)
			j.cite("play1.interrupt")
		case m.playUsed:
			allowed = false
			j.say("You have used your normal card play this turn.")
			j.cite("play1.normal")
		default:
			j.say("Your normal card play is still available this turn.")
			j.cite("play1.normal")
		}
		if p.At != "" {
			ok, err := j.reportForDuty(c, p.At)
			if err != nil {
				return err
			}
			allowed = allowed && ok
			j.set("at", p.At)
		}
		j.allow(allowed)
		j.set("cardPlayUsed", m.playUsed || (!free && allowed))
		// 1E cards have no cost in counters.
		j.set("cost", nil)
		j.set("countersAfter", nil)
		return nil
	}
	if p.CardPlayUsed {
		return unprocessable("params.cardPlayUsed", "the normal card play is a First Edition rule; Second Edition counts counters")
	}
	counters := m.counters
	if counters < 0 || counters > countersPerTurn {
		return unprocessable("params.counters", "counters left are between 0 and 7")
	}
	if c.Type == "mission" || c.Type == "dilemma" {
		j.allow(false)
		j.say("%s is a %s; missions and dilemmas are not played from hand.", c.Name, c.Type)
		j.cite("deck.types")
		j.set("cost", nil)
		j.set("countersAfter", counters)
		if p.At != "" {
			j.set("at", p.At)
		}
		return nil
	}
	cost, err := m.cost()
	if err != nil {
		return err
	}
	if !j.inPlaySegment(m, c) {
		allowed = false
	}
	if c.Type == "interrupt" && j.rules != continuingCommittee {
		j.say("Interrupts have no cost: playing %s spends no counters.", c.Name)
		j.cite("play.interrupt")
	}
	j.cite("play.counters")
	if c.Unique {
		j.cite("play.unique", "play.title")
		if commands(p.Commanded, c.Title) {
			allowed = false
			j.say("%s is unique and you already command a %s: two cards with the same title represent the same thing.", c.Name, c.Title)
		} else if dup := j.inPlay(c); dup != nil {
			allowed = false
			j.sayInPlay(c, dup)
		} else {
			j.say("%s is unique; you command no other %s.", c.Name, c.Title)
			j.heldCaptive(c)
		}
	}
	if cost > counters {
		allowed = false
		j.say("%s costs %d; you have %d counters left.", c.Name, cost, counters)
	} else {
		j.say("%s costs %d of your %d counters left.", c.Name, cost, counters)
	}
	if p.At != "" {
		ok, err := j.playAtHeadquarters(c, p.At)
		if err != nil {
			return err
		}
		allowed = allowed && ok
		j.set("at", p.At)
	}
	after := counters
	if allowed {
		after = counters - cost
	}
	j.allow(allowed)
	j.set("cost", cost)
	j.set("countersAfter", after)
	return nil
}

// inPlaySegment says whether a card may be played at this point of the
// turn, and says why not when it may not: once orders have been executed,
// the segment for playing cards from hand is over. 2E: "Once you are done
// playing and drawing cards, proceed to the next segment", and interrupts
// "are not limited to this segment"; 1E: the normal card play comes before
// executing orders, and interrupts and doorways are not limited to it.
func (j *judgement) inPlaySegment(m *cardPlay, c PlayCard) bool {
	anyTime := c.Type == "interrupt" || (j.first() && c.Type == "doorway")
	if !m.ordersBegun || anyTime {
		return true
	}
	if j.first() {
		j.say("Orders have been executed this turn: a card is played from hand before orders are executed, so %s can no longer be played this turn (interrupts and doorways may be).", c.Name)
		j.cite("turn1.sequence", "play1.interrupt")
		return false
	}
	j.say("Orders have been executed this turn: cards are played in the segment before orders, so %s can no longer be played this turn (interrupts may be).", c.Name)
	j.cite("play.segment", "play.anytime")
	return false
}

// cost is what the card costs in 2E counters: interrupts nothing under the
// Premiere and Call to Arms rulebooks.
func (m *cardPlay) cost() (int, error) {
	c := m.card
	switch {
	case c.Type == "interrupt" && m.variant != continuingCommittee:
		return 0, nil
	case c.Cost == nil:
		return 0, unprocessable("params.card", "the cost of %s is not known; give it in an inline card", c.Name)
	}
	return *c.Cost, nil
}

// A duplicate is a card in play that blocks a unique card: the same title
// (2E), or the same persona (1E).
type duplicate struct {
	name    string
	captive bool // yours, in your opponent's brig
	persona bool // another version of the persona, not the same title
}

// inPlay finds the personnel or ship of yours on the board that the card
// would duplicate: 2E the same title, "two cards represent the same thing
// if they have the same card title"; 1E the same persona, of which "you may
// have only one of those versions in play at a time". Your captive in an
// opponent's brig counts; an opponent's personnel in your brig does not,
// since you do not command it.
func (j *judgement) inPlay(c PlayCard) *duplicate {
	key := j.personaKey(c.Persona, c.Title)
	if key == "" {
		return nil
	}
	title := fold(c.Title)
	switch c.Type {
	case "personnel":
		for _, p := range j.board.Personnel {
			if p.Owner != You || j.personaKey(p.Persona, p.Title) != key {
				continue
			}
			return &duplicate{name: p.Name(), captive: p.Captive(), persona: fold(p.Title) != title}
		}
	case "ship":
		for _, s := range j.board.Ships {
			if s.Owner != You || j.personaKey(s.persona, s.Title) != key {
				continue
			}
			return &duplicate{name: s.Name(), persona: fold(s.Title) != title}
		}
	}
	return nil
}

// heldCaptive says so when the same card as c is an opponent's personnel
// in your brig: you do not command it, so it does not stop you playing c.
func (j *judgement) heldCaptive(c PlayCard) {
	if c.Type != "personnel" {
		return
	}
	key := j.personaKey(c.Persona, c.Title)
	for _, p := range j.board.Personnel {
		if p.Owner != You && p.Brig == You && j.personaKey(p.Persona, p.Title) == key {
			j.say("%s in your brig is your opponent's: you do not command a personnel in your brig, so it does not stop you playing %s.", p.Name(), c.Name)
			j.cite(j.pick("captured1", "brig.command"))
			return
		}
	}
}

// personaKey is what makes two cards the same for uniqueness: 2E the
// title; 1E the persona, or the title when the card names none.
func (j *judgement) personaKey(persona, title string) string {
	if j.first() && persona != "" {
		return fold(persona)
	}
	return fold(title)
}

func (j *judgement) sayInPlay(c PlayCard, d *duplicate) {
	switch {
	case d.captive && j.first():
		j.say("%s is unique and your %s, a captive in your opponent's brig, is still in play; you may have only one at a time.", c.Name, d.name)
		j.citeCaptive()
	case d.captive:
		j.say("%s is unique and your %s is a captive in your opponent's brig: you cannot play another copy of a captive.", c.Name, d.name)
		j.cite("brig.copy")
	case d.persona && j.first():
		j.say("%s is unique and your %s on the board is another version of the same persona; you may have only one of those versions in play at a time.", c.Name, d.name)
		j.cite("report1.persona")
	case j.first():
		j.say("%s is unique and your %s is on the board; you may have only one at a time.", c.Name, d.name)
	default:
		j.say("%s is unique and you command %s on the board: two cards with the same title represent the same thing.", c.Name, d.name)
	}
}

// playAtHeadquarters judges where a 2E card is played: personnel, ships
// and equipment at a headquarters mission of yours whose game text allows
// them (equipment at any under the Premiere and Call to Arms rulebooks:
// "All headquarters allow any kind of equipment").
func (j *judgement) playAtHeadquarters(c PlayCard, at string) (bool, error) {
	switch c.Type {
	case "personnel", "ship", "equipment":
	default:
		j.say("%s is a %s; where it goes is said by its own text, not by a headquarters.", c.Name, c.Type)
		return true, nil
	}
	j.cite("play.where")
	m := j.board.Mission(at)
	if m == nil {
		j.say("%s is not a mission; personnel, ships and equipment are played at a headquarters mission.", at)
		return false, nil
	}
	if err := needMissionType(m); err != nil {
		return false, err
	}
	if m.Type != "headquarters" {
		j.say("%s is a %s mission; personnel, ships and equipment are played at a headquarters mission.", m.Name(), m.Type)
		return false, nil
	}
	if m.Owner != You {
		j.say("%s is your opponent's headquarters; its game text lets its owner play cards there, not you.", m.Name())
		return false, nil
	}
	if c.Type == "equipment" && j.rules != continuingCommittee {
		j.say("%s is equipment: all headquarters allow any kind of equipment to be played there, %s too.", c.Name, m.Name())
		j.cite("play.equipment")
		return true, nil
	}
	if len(m.Play) == 0 {
		return false, unprocessable(m.field("play"), "what %s lets you play is not known; give its play list or name its card", m.Name())
	}
	if token, ok := playAllows(m.Play, c); ok {
		j.say("%s lets you play %s there (%s): %s may be played at it.", m.Name(), playWords(m.Play), token, c.Name)
		return true, nil
	}
	j.say("%s lets you play %s there; %s is none of them.", m.Name(), playWords(m.Play), c.Name)
	return false, nil
}

// playAllows says whether a headquarters' play list lets a card be played
// there, and which item does: an item is an affiliation, an icon or a card
// type ("klingon", "tng-icon", "equipment"), or several joined by "+" that
// the card must all have ("federation+ds9-icon").
func playAllows(play []string, c PlayCard) (string, bool) {
	for _, item := range play {
		all := true
		for _, part := range strings.Split(item, "+") {
			if !cardHas(c, playTerm(part)) {
				all = false
				break
			}
		}
		if all && strings.TrimSpace(item) != "" {
			return item, true
		}
	}
	return "", false
}

// playTerm is an item of a play list, or an icon, as they compare: folded,
// without a trailing "icon" ("ds9-icon" is "ds9").
func playTerm(s string) string {
	return strings.TrimSuffix(strings.TrimSuffix(fold(s), "icon"), " ")
}

func cardHas(c PlayCard, term string) bool {
	if term == "" {
		return false
	}
	if c.Type == term {
		return true
	}
	for _, a := range splitAffiliations(c.Affiliation) {
		if a == term {
			return true
		}
	}
	for _, i := range c.Icons {
		if playTerm(i) == term {
			return true
		}
	}
	return false
}

func playWords(play []string) string {
	parts := make([]string, len(play))
	for i, p := range play {
		parts[i] = strings.ReplaceAll(p, "+", " with ")
	}
	return joinAnd(parts)
}

// reportForDuty judges where a 1E personnel, ship or equipment reports:
// to a compatible outpost of yours or a headquarters (both players may use
// one), never directly to a planet or a ship, a Nor itself, or a station
// whose text does not allow it; the card and the facility both in their
// native quadrant (equipment is native to all).
func (j *judgement) reportForDuty(c PlayCard, at string) (bool, error) {
	switch c.Type {
	case "personnel", "ship", "equipment":
	default:
		j.say("%s is a %s, not a card that reports for duty; where it goes is said by its own text.", c.Name, c.Type)
		return true, nil
	}
	j.cite("report1.where")
	o := j.board.object(at)
	f := o.facility
	if f == nil {
		what := "a planet"
		if o.ship != nil {
			what = "a ship"
		}
		j.say("%s is %s; %s reports for duty to a compatible outpost or headquarters, not directly aboard a ship or to a planet.", at, what, c.Name)
		return false, nil
	}
	if f.Kind == "" {
		return false, unprocessable(f.field("kind"), "the kind of %s (outpost, headquarters, station or nor) is not known", f.Name())
	}
	ok := true
	switch f.Kind {
	case "nor":
		j.say("%s is a Nor; cards report to one of its sites, not directly to the Nor itself.", f.Name())
		j.cite("report1.nor")
		return false, nil
	case "station":
		j.say("%s is a station; stations do not allow reporting unless their text says so.", f.Name())
		j.cite("report1.station")
		return false, nil
	case "outpost":
		if f.Owner != You {
			ok = false
			j.say("%s is your opponent's outpost; you may not use an opponent's outpost unless a card allows it.", f.Name())
			j.cite("report1.outpost")
		}
	case "headquarters":
		if f.Owner != You {
			j.say("%s is your opponent's headquarters; both players may generally use a headquarters.", f.Name())
			j.cite("report1.outpost")
		}
	}
	if c.Type == "equipment" {
		j.say("%s is equipment: compatible with all facilities and native to all quadrants.", c.Name)
		j.cite("report1.equipment")
	} else {
		if c.Affiliation == "" {
			return false, unprocessable("params.card", "the affiliation of %s is not known; give it in an inline card", c.Name)
		}
		switch compatibility(splitAffiliations(c.Affiliation), f.Affiliations) {
		case incompatible:
			ok = false
			j.say("%s (%s) is not compatible with %s (%s).", c.Name, c.Affiliation, f.Name(), joinAnd(f.Affiliations))
			j.cite("report1.native", "compat1")
		case sameAffiliation:
			j.say("%s (%s) is of the affiliation of %s.", c.Name, c.Affiliation, f.Name())
		default:
			j.say("%s (%s) is compatible with %s (%s): Non-Aligned and Neutral cards are compatible with any affiliation but Borg.", c.Name, c.Affiliation, f.Name(), joinAnd(f.Affiliations))
			j.cite("compat1")
		}
		native := c.Quadrant
		if native == "" {
			native = "alpha"
		}
		if where := j.board.Mission(f.Mission).Quadrant; where != "" && native != where {
			ok = false
			j.say("%s is native to the %s quadrant and %s stands in the %s quadrant; the card and the facility must both be in their native quadrant.", c.Name, native, f.Name(), where)
		}
	}
	if where := j.board.Mission(f.Mission).Quadrant; where != "" && f.Quadrant != where {
		ok = false
		j.say("%s is native to the %s quadrant but stands in the %s quadrant: cards may not report to a facility outside its native quadrant.", f.Name(), f.Quadrant, where)
	}
	j.cite("report1.native")
	if c.Type == "ship" {
		if f.Kind == "headquarters" {
			j.say("%s reports in orbit of the planet where %s is: a headquarters is a planet facility, where ships do not dock.", c.Name, f.Name())
			j.cite("report1.hq")
		} else {
			j.say("%s reports for duty docked at %s.", c.Name, f.Name())
			j.cite("report1.ship")
		}
	}
	return ok, nil
}

// How two cards' affiliations work together in 1E.
type affinity int

const (
	incompatible    affinity = iota
	sameAffiliation          // an affiliation in common
	compatibleOnly           // Non-Aligned or Neutral with another but Borg
)

// compatibility says how one card's affiliations work with another's: an
// affiliation in common, or compatible, or neither.
func compatibility(as, bs []string) affinity {
	out := incompatible
	for _, a := range as {
		for _, b := range bs {
			switch {
			case a == b:
				return sameAffiliation
			case compatible1E(a, b):
				out = compatibleOnly
			}
		}
	}
	return out
}

// Apply spends the card's cost (2E counters) or the normal card play (1E)
// and puts a personnel or ship on the board where it was played, under the
// id the params give. Equipment, events and interrupts leave the board as
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
		p := *pl.personnel
		nb.addPersonnel(&p)
		return nb, t, nil
	case pl.ship != nil:
		nb := b.clone()
		sh := *pl.ship
		nb.addShip(&sh)
		return nb, t, nil
	}
	return b, t, nil
}
