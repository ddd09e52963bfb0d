// Attempting a mission (mission.attempt): who would attempt it, from which
// ship, and whether the attempt may begin (beginAttempt decides,
// explainAttemptStart says it), with the dilemmas a 2E attempt draws. The
// attempt resolved through its dilemmas is mission.resolve's (resolve.go);
// requirements checked are in requirementcheck.go.

package engine

import (
	"context"
	"slices"

	"github.com/stccg/stccg-rules/internal/rules"
)

// AttemptGroup is who would attempt a mission: the unstopped personnel of the
// attempting player on the planet (or aboard the chosen ship, at a space
// mission), and those left out because they are stopped. Unplaced are the
// attempting player's personnel given no place, who may be there too
// (unplaced.go): not in the group, and not known to be absent from it.
type AttemptGroup struct {
	Personnel []*Personnel
	Stopped   []*Personnel
	Ship      *Ship
	Unplaced  []*Personnel
}

// attemptGroup gathers the personnel who would attempt m: those on the
// planet for a planet (or 1E dual) mission, the crew of ship for a space one.
// Those on the planet of another copy of the mission (2E) are there too:
// "all of the cards at those copies are at the same mission" (atSite).
// Those stopped, themselves or (1E) with their ship, are set apart. extra
// are personnel given no place counted as there (unplacedDeciding).
func attemptGroup(b *Board, m *Mission, ship *Ship, extra []*Personnel) AttemptGroup {
	g := AttemptGroup{Ship: ship}
	var pool []*Personnel
	switch {
	case m.Type == "space":
		if ship != nil {
			pool, g.Unplaced = b.gatherAt(You, func(p *Personnel) bool { return p.Ship == ship.ID })
		}
	default:
		pool, g.Unplaced = b.gatherAt(You, func(p *Personnel) bool { return p.Ship == "" && p.Facility == "" && b.atSite(p.Mission, m) })
	}
	pool = withExtra(pool, extra)
	for i, p := range pool {
		switch {
		case p.Owner != You:
		case b.stoppedNow(p):
			g.Stopped = append(g.Stopped, p)
		default:
			if g.Personnel == nil {
				// Room for the rest of the pool: made once, not grown.
				g.Personnel = make([]*Personnel, 0, len(pool)-i)
			}
			g.Personnel = append(g.Personnel, p)
		}
	}
	return g
}

// copiesOf lists the other copies of m on the board, in board order.
func (b *Board) copiesOf(m *Mission) []*Mission {
	var out []*Mission
	for _, o := range b.Missions {
		if o != m && o.siteKey() == m.siteKey() {
			out = append(out, o)
		}
	}
	return out
}

// only narrows the group to the personnel listed, each of whom must be one
// of those who would attempt (unstopped, or stopped and left out); field
// names the list, for errors.
func (g AttemptGroup) only(listed []*Personnel, m *Mission, field string) (AttemptGroup, error) {
	// Those given no place and not listed do not attempt wherever they
	// are: kept, to be named as set aside.
	out := AttemptGroup{Ship: g.Ship, Personnel: []*Personnel{}, Unplaced: g.Unplaced}
	for i, p := range listed {
		switch {
		case slices.Contains(g.Personnel, p):
			out.Personnel = append(out.Personnel, p)
		case slices.Contains(g.Stopped, p):
			out.Stopped = append(out.Stopped, p)
		case slices.Contains(g.Unplaced, p):
			// Listed to attempt: whether it is there decides who does.
			return out, placeNotGiven(p)
		default:
			where := "on its planet"
			if g.Ship != nil {
				where = "aboard " + g.Ship.Name()
			}
			return out, unprocessable(indexed(field, i), "%s is not one of your personnel %s, who attempt %s", p.Name(), where, m.Name())
		}
	}
	return out, nil
}

// needMatch fails when no personnel of the group matched an affiliation
// and the affiliation of one of them is not known: it might have.
func needMatch(match *Personnel, group []*Personnel) error {
	if match != nil {
		return nil
	}
	for _, p := range group {
		if err := p.need(statAffiliation); err != nil {
			return err
		}
	}
	return nil
}

func matchingAffiliation(group []*Personnel, affiliations []string) *Personnel {
	for _, p := range group {
		if slices.ContainsFunc(affiliations, func(a string) bool { return hasAffiliation(p.Affiliation, a) }) {
			return p
		}
	}
	return nil
}

// sharingAffiliation returns the first personnel of the group with an
// affiliation in common with held (a ship's, one or several), nil when none.
func sharingAffiliation(group []*Personnel, held string) *Personnel {
	for _, p := range group {
		if affiliationsShared(p.Affiliation, held) {
			return p
		}
	}
	return nil
}

// mayAttempt returns the first personnel of the group whose affiliation may
// attempt the mission: one of its affiliations, or any but those excepted.
func mayAttempt(group []*Personnel, m *Mission) *Personnel {
	if m.AnyMayAttempt {
		for _, p := range group {
			if p.Affiliation != "" && anyAffiliation(p.Affiliation, func(a string) bool { return !contains(m.AttemptExcept, a) }) {
				return p
			}
		}
		return nil
	}
	return matchingAffiliation(group, m.Affiliations)
}

// attemptedBy says in words who may attempt a mission.
func attemptedBy(m *Mission) string {
	if m.AnyMayAttempt {
		if len(m.AttemptExcept) == 0 {
			return "any affiliation"
		}
		return "any affiliation but " + joinAnd(m.AttemptExcept)
	}
	return joinAnd(m.Affiliations)
}

func needMissionType(m *Mission) error {
	if m.Type == "" {
		return needUnknown(m, statType)
	}
	return nil
}

// chooseShip resolves the ship a space (or 1E dual) mission is attempted
// from: the one named, else the attempting player's only ship there (2E:
// at the mission or a copy of it), else nil when the player has no ship
// there, which is the board's answer (no attempt from a ship), not a
// question to ask back. Only several ships there and none named is a
// request to complete.
func (j *judgement) chooseShip(m *Mission, id, field string) (*Ship, error) {
	if id != "" {
		return j.ship(id, field)
	}
	var mine []*Ship
	for _, s := range j.board.Ships {
		if s.Owner == You && j.board.atSite(s.Mission, m) {
			mine = append(mine, s)
		}
	}
	switch len(mine) {
	case 0:
		return nil, nil
	case 1:
		return mine[0], nil
	}
	return nil, unprocessable(field, "%s is attempted from a ship, and %s of yours are there (%s): name one in %s", m.Name(), plural(len(mine), "ship", "ships"), names(mine), field)
}

// An attemptStart is the beginning of a mission attempt as beginAttempt
// judged it, before any word is said of it (explainAttemptStart says it):
// who attempts, from which ship, whether the attempt may begin, and every
// check that refused it, in the order they are made.
type attemptStart struct {
	Mission *Mission
	Ship    *Ship
	Group   AttemptGroup
	Allowed bool
	// Copies are the other copies of the mission whose cards are at it (2E).
	Copies []*Mission
	// Headquarters: a headquarters mission, which cannot be attempted;
	// nothing else is judged.
	Headquarters bool
	// Completed: the mission cannot be attempted again; OpponentsMission:
	// a 2E player attempts only their own missions.
	Completed, OpponentsMission bool
	// NoShip: a space (1E: or dual) mission, and no ship of the attempting
	// player there to attempt it from.
	NoShip bool
	// AffiliationsUnknown: the board does not say who may attempt the
	// mission, which only an attempt with no ship leaves unasked.
	AffiliationsUnknown bool
	// ShipRefused is why the ship named cannot attempt the mission.
	ShipRefused shipRefusal
	// NoCrewInOrbit: a 1E dual mission with no unstopped crew aboard the
	// ship in orbit.
	NoCrewInOrbit bool
	// NoAffiliations: the mission has no affiliation icons, so no one may
	// attempt it.
	NoAffiliations bool
	// Match is the first of the group of an affiliation that may attempt
	// the mission; nil when none is (or no one is judged).
	Match *Personnel
	// NoShipAffiliation: no crew member aboard the ship of a 1E space
	// attempt is of the ship's affiliation.
	NoShipAffiliation bool
}

// shipRefusal is why a ship cannot attempt a mission.
type shipRefusal int

const (
	shipMayAttempt shipRefusal = iota
	shipElsewhere              // not at the mission
	shipOpponents              // an opponent's ship
	shipStopped                // a stopped ship
	shipDocked                 // 1E: a ship docked at a facility
	shipCloaked                // 1E: a cloaked ship
)

// beginAttempt judges whether an attempt at m may begin, from the ship
// named (a space or dual mission), on the board alone, by the rules of the
// edition (first: 1E): a headquarters, a completed mission, an opponent's
// mission (2E), a mission with no affiliation icons, a ship not there or
// stopped, nobody to attempt, no matching affiliation. The group is those
// who would attempt, or when listed is not nil those of them it lists
// (listedField names the list, for errors). It fails only on what cannot
// be judged: a mission type or affiliations not known, several ships of
// the player there and none named, a listed personnel who could not
// attempt (from the ship there) or whose place is not given. extra are
// personnel given no place counted as there (unplacedDeciding): in the
// group, and for a 1E dual mission in the crew in orbit too, either of
// which may decide.
func (j *judgement) beginAttempt(m *Mission, shipID, shipField string, listed []*Personnel, listedField string, extra []*Personnel) (attemptStart, error) {
	start := attemptStart{Mission: m, Allowed: true}
	if err := needMissionType(m); err != nil {
		return start, err
	}
	if m.Type == "headquarters" {
		start.Headquarters, start.Allowed = true, false
		return start, nil
	}
	b, first := j.board, j.first()
	if !first {
		start.Copies = b.copiesOf(m)
	}
	if m.Type == "space" || m.Type == "dual" {
		ship, err := j.chooseShip(m, shipID, shipField)
		if err != nil {
			return start, err
		}
		start.Ship = ship
		start.NoShip = ship == nil
	}
	none := len(m.Affiliations) == 0 && !m.AnyMayAttempt
	// With no ship the attempt is refused whoever may attempt: the
	// affiliations need not be known.
	start.AffiliationsUnknown = none && !m.affiliationsKnown
	if start.AffiliationsUnknown && !start.NoShip {
		return start, needUnknown(m, statAffiliations)
	}
	start.Completed = j.board.siteCompleted(m)
	start.OpponentsMission = !first && m.Owner != You
	if ship := start.Ship; ship != nil {
		switch x := b.shipMay(ship, actAttempt); {
		case !b.atSite(ship.Mission, m):
			start.ShipRefused = shipElsewhere
		case ship.Owner != You:
			start.ShipRefused = shipOpponents
		case x.Kind == barStopped:
			start.ShipRefused = shipStopped
		case x.Kind == barDocked:
			start.ShipRefused = shipDocked
		case x.Kind == barCloaked:
			start.ShipRefused = shipCloaked
		}
	}
	g := attemptGroup(b, m, start.Ship, extra)
	if listed != nil && !start.NoShip {
		var err error
		if g, err = g.only(listed, m, listedField); err != nil {
			return start, err
		}
	}
	start.Group = g
	if first && m.Type == "dual" && start.Ship != nil {
		start.NoCrewInOrbit = len(attemptGroup(b, &Mission{ID: m.ID, Type: "space"}, start.Ship, extra).Personnel) == 0
	}
	if len(g.Personnel) > 0 && !start.AffiliationsUnknown {
		start.NoAffiliations = none
		if !none {
			start.Match = mayAttempt(g.Personnel, m)
			if err := needMatch(start.Match, g.Personnel); err != nil {
				return start, err
			}
		}
		if first && m.Type == "space" && start.Ship != nil {
			// One crew member must match the ship's affiliation: the
			// ship's, not given, is not none.
			if err := needAffiliation(start.Ship); err != nil {
				return start, err
			}
			match := sharingAffiliation(g.Personnel, start.Ship.Affiliation)
			if err := needMatch(match, g.Personnel); err != nil {
				return start, err
			}
			start.NoShipAffiliation = match == nil
		}
	}
	start.Allowed = !start.Completed && !start.OpponentsMission && !start.NoShip && start.ShipRefused == shipMayAttempt && !start.NoCrewInOrbit &&
		start.Match != nil && !start.NoShipAffiliation
	return start, nil
}

// onPlanet says who would attempt on a planet: their names, or that none
// of yours is there.
func onPlanet(ps []*Personnel) string {
	if len(ps) == 0 {
		return "none of yours is there"
	}
	return names(ps)
}

// aboardShip says who would attempt aboard a ship: their names, or that
// none of yours is aboard.
func aboardShip(ps []*Personnel, s *Ship) string {
	if len(ps) == 0 {
		return "none of yours is aboard " + s.Name()
	}
	return names(ps) + " aboard " + s.Name()
}

// explainAttemptStart writes the reasons and the rules that decided
// whether an attempt may begin, in the order they are checked.
func (j *judgement) explainAttemptStart(start attemptStart) {
	m, g := start.Mission, start.Group
	if start.Headquarters {
		j.sayStrings("%s is a headquarters mission; headquarters missions cannot be attempted.", m.Name())
		j.cite("attempt.hq")
		return
	}
	if start.Completed {
		j.sayStrings("%s is completed; it cannot be attempted again.", m.Name())
		j.cite(j.pick("attempt1.done", "attempt.again"))
	}
	if start.OpponentsMission {
		j.sayStrings("%s is an opponent's mission; you may attempt only your own missions.", m.Name())
		j.cite("attempt.own")
	}
	if len(start.Copies) > 0 {
		j.sayStrings("%s: %s, another copy of the same mission, is at it too, so the cards at either copy are at the same mission.", m.Name(), names(start.Copies))
		j.cite("mission.copies")
	}
	switch ship := start.Ship; start.ShipRefused {
	case shipElsewhere:
		j.sayStrings("%s is not at %s.", ship.Name(), m.Name())
		j.cite(j.pick("attempt1.space", "attempt.space"))
	case shipOpponents:
		j.sayStrings("%s is an opponent's ship.", ship.Name())
		j.cite(j.pick("attempt1.space", "attempt.space"))
	case shipStopped:
		j.sayStrings("%s is stopped: a space mission is attempted from one of your unstopped ships.", ship.Name())
		j.cite(j.pick("stopped1", "attempt.space"))
	case shipDocked:
		j.sayStrings("%s is docked at %s: a docked ship may not attempt missions.", ship.Name(), j.board.Facility(ship.Docked).Name())
		j.cite("dock1.protect")
	case shipCloaked:
		j.sayStrings("%s is cloaked: a ship attempting a mission decloaks first.", ship.Name())
		j.cite("attempt1.decloak")
	}
	switch {
	case start.NoShip && j.first() && m.Type == "dual":
		j.cite("attempt1.dual")
		j.sayStrings("A dual mission needs a ship with crew in orbit and an Away Team on the planet; no ship of yours is at %s.", m.Name())
	case start.NoShip && j.first():
		j.cite("attempt1.space")
		j.sayStrings("A space mission is attempted by the crew of one ship; no ship of yours is at %s.", m.Name())
	case start.NoShip:
		j.cite("attempt.space")
		j.sayStrings("A space mission is attempted by your unstopped personnel aboard one ship; no ship of yours is at %s.", m.Name())
	case j.first() && m.Type == "space":
		j.cite("attempt1.space")
		j.sayStrings("A space mission is attempted by the crew of one ship: %s.", aboardShip(g.Personnel, start.Ship))
	case j.first() && m.Type == "dual":
		j.cite("attempt1.dual")
		j.sayStrings("A dual mission needs a ship with crew in orbit (%s) and an Away Team on the planet: %s.", start.Ship.Name(), onPlanet(g.Personnel))
		if start.NoCrewInOrbit {
			j.sayStrings("%s has no unstopped crew in orbit.", start.Ship.Name())
			j.cite("attempt1.dual")
		}
	case j.first():
		j.cite("attempt1.planet")
		j.sayStrings("A planet mission is attempted by the Away Team on the planet: %s.", onPlanet(g.Personnel))
	case m.Type == "space":
		j.cite("attempt.space")
		j.sayStrings("A space mission is attempted by your unstopped personnel aboard one ship: %s.", aboardShip(g.Personnel, start.Ship))
	default:
		j.cite("attempt.planet")
		j.sayStrings("A planet mission is attempted by all your unstopped personnel on the planet: %s.", onPlanet(g.Personnel))
	}
	if len(g.Stopped) > 0 {
		j.sayStrings("%s %s stopped and cannot take part.", names(g.Stopped), isAre(len(g.Stopped)))
		j.cite(j.pick("stopped1", "attempt.planet"))
	}
	switch {
	case start.NoShip && (m.Type == "space" || start.AffiliationsUnknown):
		// Nobody aboard, or no one to match: the missing ship said it all.
	case len(g.Personnel) == 0:
		key := j.pick("attempt1.planet", "attempt.planet")
		if m.Type == "space" {
			key = j.pick("attempt1.space", "attempt.space")
		}
		j.sayStrings("No unstopped personnel of yours is there to attempt %s.", m.Name())
		j.cite(key)
	case start.NoAffiliations:
		j.sayStrings("%s has no affiliation icons, so no affiliation may attempt it.", m.Name())
		j.cite(j.pick("attempt1.none", "attempt.aff"))
	case start.Match == nil:
		j.sayStrings("None of them is of an affiliation that may attempt %s (%s).", m.Name(), attemptedBy(m))
		j.cite(j.pick("attempt1.aff", "attempt.aff"))
	default:
		j.sayStrings("%s (%s) matches an affiliation of %s.", start.Match.Name(), start.Match.Affiliation, m.Name())
		j.cite(j.pick("attempt1.aff", "attempt.aff"))
	}
	if start.NoShipAffiliation {
		j.sayStrings("No crew member aboard %s is of its affiliation (%s).", start.Ship.Name(), start.Ship.Affiliation)
		j.cite("attempt1.ship")
	}
}

// An attemptAnswer is what a mission.attempt verdict says, compared with
// and without personnel given no place (unplaced.go): whether the attempt
// may begin, and how many dilemmas it draws (2E; -1 in 1E).
type attemptAnswer struct {
	allowed bool
	drawn   int
}

func runMissionAttempt(ctx context.Context, _ *Service, j *judgement, raw rules.Params) error {
	p, err := paramsAs[rules.MissionAttemptParams](raw)
	if err != nil {
		return err
	}
	m, err := j.mission(p.Mission, "params.mission")
	if err != nil {
		return err
	}
	start, err := j.beginAttempt(m, p.Ship, "params.ship", nil, "", nil)
	if err != nil {
		return err
	}
	j.explainAttemptStart(start)
	err = settleUnplaced(ctx, j, start.Group.Unplaced, func(extra []*Personnel) (attemptAnswer, error) {
		s, err := j.beginAttempt(m, p.Ship, "params.ship", nil, "", extra)
		a := attemptAnswer{allowed: s.Allowed, drawn: -1}
		if !j.first() {
			a.drawn = dilemmasDrawn(len(s.Group.Personnel), m.OvercomeDilemmas)
		}
		return a, err
	})
	if err != nil {
		return err
	}
	j.allow(start.Allowed)
	res := &rules.MissionAttemptResult{Personnel: []string{}}
	j.result = res
	if m.Type == "headquarters" {
		return nil
	}
	g := start.Group
	res.Personnel = ids(g.Personnel)
	if j.first() {
		// 1E dilemmas are seeded under the mission, not drawn: the
		// attempt encounters whatever is there, with no budget.
		return nil
	}
	drawn := j.explainBudget(len(g.Personnel), m.OvercomeDilemmas)
	res.DilemmasDrawn, res.DilemmaBudget = ptr(drawn), ptr(drawn)
	return nil
}

// explainBudget says how many dilemmas a 2E attempt draws, and the total
// cost the opponent may spend: the personnel attempting, less the
// dilemmas already overcome beneath the mission.
func (j *judgement) explainBudget(attempting, overcome int) int {
	drawn := dilemmasDrawn(attempting, overcome)
	if overcome > 0 {
		j.sayArgs("%s attempting, less %s already overcome there: your opponent draws %d dilemmas and may spend a total cost of %d.",
			counted(attempting, "personnel", "personnel"), counted(overcome, "dilemma", "dilemmas"), number(drawn), number(drawn))
		j.cite("dilemmas.overcome")
	} else {
		j.sayArgs("%s attempting: your opponent draws %d dilemmas and may spend a total cost of %d.", counted(attempting, "personnel", "personnel"), number(drawn), number(drawn))
	}
	j.cite("dilemmas.draw", "dilemmas.budget")
	return drawn
}

// dilemmasDrawn is how many dilemmas a 2E attempt draws: the personnel
// attempting, less the dilemmas already overcome beneath the mission.
func dilemmasDrawn(attempting, overcome int) int {
	return max(attempting-overcome, 0)
}

func (j *judgement) pick(first, second ruleKey) ruleKey {
	if j.first() {
		return first
	}
	return second
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}
