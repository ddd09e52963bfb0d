package engine

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Winner compares two totals: the higher wins, a tie has no winner (nil).
func Winner(yours, theirs int) *string {
	var w string
	switch {
	case yours > theirs:
		w = You
	case theirs > yours:
		w = Opponent
	default:
		return nil
	}
	return &w
}

func (j *judgement) owned(ps []*Personnel, owner, field string) error {
	for i, p := range ps {
		if p.Owner != owner {
			return unprocessable(fmt.Sprintf("%s[%d]", field, i), "%s is not %s personnel", p.Name(), possessive(owner))
		}
	}
	return nil
}

func possessive(owner string) string {
	if owner == You {
		return "your"
	}
	return "the opponent's"
}

// A combatSite is where a 2E combat happens: on a mission itself (a
// planet's surface, a headquarters), or aboard one ship at it. Personnel
// aboard a ship are present only with the others aboard it.
type combatSite struct {
	mission *Mission
	ship    *Ship
}

// key is the site as whereabouts.presence names it: aboard the ship, or
// on the mission, whichever copy of it (2E).
func (c combatSite) key() string {
	if c.ship != nil {
		return "ship:" + c.ship.ID
	}
	return "site:" + string(c.mission.siteKey())
}

func (c combatSite) String() string {
	if c.ship != nil {
		return fmt.Sprintf("aboard %s at %s", c.ship.Name(), c.mission.Name())
	}
	return "at " + c.mission.Name()
}

// combatSite finds where the combat of params p happens: aboard params.ship
// when named, else where the first personnel listed is when that is at the
// mission, else on the mission itself. away is set when the ship named is
// not at the mission: no one aboard it is present there.
func (j *judgement) combatSite(m *Mission, p rules.CombatParams) (site combatSite, away bool, err error) {
	site = combatSite{mission: m}
	if p.Ship != "" {
		s, err := j.ship(p.Ship, "params.ship")
		if err != nil {
			return site, false, err
		}
		site.ship = s
		return site, !j.board.atSite(s.Mission, m), nil
	}
	for _, ids := range []*[]string{p.You, p.Opponent} {
		if ids == nil || len(*ids) == 0 {
			continue
		}
		first := j.board.PersonnelByID((*ids)[0])
		if first == nil || !j.board.atSite(j.board.whereIs(first).Mission, m) {
			return site, false, nil // personnelList names it; combatSides finds it absent
		}
		if first.Ship != "" {
			site.ship = j.board.Ship(first.Ship)
		}
		return site, false, nil
	}
	return site, false, nil
}

// combatSides gathers the two sides of a 2E combat at a site: "The combat
// involves all of your unstopped personnel there, and all personnel there
// commanded by that opponent" (the opponent's stopped personnel too). The
// lists of params.you and params.opponent are optional; when given, they
// must name every personnel there (yours may also name your stopped ones,
// who are left out): one there who is left out of a list is refused naming
// the list. One listed who is not there is absent: the combat cannot
// involve it.
func (j *judgement) combatSides(site combatSite, p rules.CombatParams) (yours, stopped, theirs, absent []*Personnel, unplaced combatUnplaced, err error) {
	there := site.key()
	present, unknown := j.board.gatherAt(anyOwner, func(x *Personnel) bool { return j.board.whereIs(x).presence() == there })
	for _, x := range unknown {
		unplaced.sort(j.board, x, p)
	}
	for _, x := range present {
		switch {
		case x.Owner == Opponent:
			theirs = append(theirs, x)
		case j.board.stoppedNow(x):
			stopped = append(stopped, x)
		default:
			yours = append(yours, x)
		}
	}
	check := func(ids *[]string, owner, field string, present []*Personnel) error {
		if ids == nil {
			return nil
		}
		listed, err := j.personnelList(*ids, field)
		if err != nil {
			return err
		}
		if err := j.owned(listed, owner, field); err != nil {
			return err
		}
		named := make(map[string]bool, len(listed))
		for _, x := range listed {
			named[x.ID] = true
		}
		// One given no place may be there: not absent (combatUnplaced).
		placed, _ := partPlaced(listed)
		for _, x := range placed {
			if j.board.whereIs(x).presence() != there {
				absent = append(absent, x)
			}
		}
		for _, x := range present {
			if !named[x.ID] {
				what := "present"
				if owner == You {
					what = "present and unstopped"
				}
				return unprocessable(field, "%s is %s %s, so the combat involves it: list it in %s or leave %s out", x.Name(), what, site, field, field).
					WithDetail("personnel", x.ID)
			}
		}
		return nil
	}
	if err := check(p.You, You, "params.you", yours); err != nil {
		return nil, nil, nil, nil, unplaced, err
	}
	if err := check(p.Opponent, Opponent, "params.opponent", theirs); err != nil {
		return nil, nil, nil, nil, unplaced, err
	}
	for _, x := range append(append([]*Personnel(nil), yours...), theirs...) {
		if err := x.need(statStrength); err != nil {
			return nil, nil, nil, nil, unplaced, err
		}
	}
	return yours, stopped, theirs, absent, unplaced, nil
}

// combatUnplaced are the personnel given with no place, sorted by what
// their presence would change: yours and theirs that the combat would
// involve were they there (listed, or their side's list left out), and
// those it would not (your stopped ones; those a side's list leaves out,
// which it could not were they present).
type combatUnplaced struct {
	yours, theirs, aside []*Personnel
}

func (u *combatUnplaced) sort(b *Board, x *Personnel, p rules.CombatParams) {
	list := p.You
	if x.Owner == Opponent {
		list = p.Opponent
	}
	switch {
	case x.Owner != Opponent && b.stoppedNow(x):
		u.aside = append(u.aside, x)
	case list != nil && !slices.Contains(*list, x.ID):
		u.aside = append(u.aside, x)
	case x.Owner == Opponent:
		u.theirs = append(u.theirs, x)
	default:
		u.yours = append(u.yours, x)
	}
}

// decides is the first personnel given with no place whose presence would
// change the combat's verdict, or nil: one the combat would involve were it
// there, unless something else refuses the combat (refused), or the other
// side has nobody, known or unplaced, so that it cannot begin either way.
func (u combatUnplaced) decides(refused bool, yours, theirs []*Personnel) *Personnel {
	if refused {
		return nil
	}
	if len(u.yours) > 0 && len(theirs)+len(u.theirs) > 0 {
		return u.yours[0]
	}
	if len(u.theirs) > 0 && len(yours)+len(u.yours) > 0 {
		return u.theirs[0]
	}
	return nil
}

// all are the personnel given with no place, each once.
func (u combatUnplaced) all() []*Personnel {
	return append(append(append([]*Personnel(nil), u.yours...), u.theirs...), u.aside...)
}

func runCombat(_ context.Context, _ *Service, j *judgement, raw rules.Params) error {
	p, err := paramsAs[rules.CombatParams](raw)
	if err != nil {
		return err
	}
	m, err := j.mission(p.Mission, "params.mission")
	if err != nil {
		return err
	}
	site, away, err := j.combatSite(m, *p)
	if err != nil {
		return err
	}
	involved, stopped, theirs, absent, unplaced, err := j.combatSides(site, *p)
	if err != nil {
		return err
	}
	allowed := true
	j.cite("combat.present", "combat.involves", "combat.totals", "combat.tie")
	if away {
		allowed = false
		j.sayStrings("%s is not at %s, so no one aboard it is present there.", site.ship.Name(), m.Name())
		j.cite("present.ship")
	}
	if len(absent) > 0 {
		allowed = false
		j.say("%s %s not present %s: combat involves only personnel present there.", names(absent), isAre(len(absent)), site)
	}
	if x := unplaced.decides(!allowed || m.Type == "headquarters", involved, theirs); x != nil {
		// Where it is decides: present, the combat involves it (or
		// begins at all); absent, it does not.
		return placeNotGiven(x)
	}
	j.sayUnplaced(unplaced.all())
	if allowed && m.Type == "" && len(involved) > 0 && len(theirs) > 0 {
		// Nothing else refuses the combat: whether the mission is a
		// headquarters, where it cannot begin, decides.
		return needUnknown(m, statType)
	}
	if m.Type == "headquarters" {
		allowed = false
		j.sayStrings("%s is a headquarters mission; combat cannot begin there.", m.Name())
		j.cite("combat.hq")
	}
	if site.ship != nil {
		j.say("The combat is %s: personnel aboard a ship are present only with those aboard it.", site)
		j.cite("present.ship")
	}
	var at []string
	for _, x := range append(append(append([]*Personnel(nil), involved...), stopped...), theirs...) {
		at = append(at, j.board.whereIs(x).Mission)
	}
	j.explainCopies(m, at...)
	if len(stopped) > 0 {
		j.sayStrings("%s %s stopped: combat involves only your unstopped personnel.", names(stopped), isAre(len(stopped)))
	}
	var theirStopped []*Personnel
	for _, x := range theirs {
		if x.Stopped {
			theirStopped = append(theirStopped, x)
		}
	}
	if len(theirStopped) > 0 {
		j.sayStrings("%s %s stopped, but the combat involves all personnel there commanded by your opponent.", names(theirStopped), isAre(len(theirStopped)))
	}
	if len(involved) == 0 || len(theirs) == 0 {
		allowed = false
		j.say("Combat needs unstopped personnel of yours present with personnel of your opponent; %s you have %d unstopped and your opponent %d.",
			site, len(involved), len(theirs))
	} else {
		j.say("The combat involves all your unstopped personnel %s (%s) and all your opponent's there (%s).", site, names(involved), names(theirs))
	}
	yourStrength, theirStrength := 0, 0
	for _, x := range involved {
		yourStrength += x.Strength
	}
	for _, x := range theirs {
		theirStrength += x.Strength
	}
	j.sayStrings("Your Strength: %s; your opponent's: %s.", strengthSum(involved, yourStrength), strengthSum(theirs, theirStrength))
	var w *string
	switch {
	case !allowed:
		j.sayStrings("The combat cannot begin, so no one wins it.")
	case yourStrength == theirStrength:
		j.sayStrings("The totals are tied: there is no winner.")
	default:
		w = Winner(yourStrength, theirStrength)
		j.sayStrings("The higher total wins: %s.", *w)
	}
	after := []string{}
	if allowed {
		after = ids(involved)
		j.sayStrings("When the combat ends, %s %s stopped; your opponent's personnel are not.", names(involved), isAre(len(involved)))
		j.cite("combat.stops")
	}
	j.allow(allowed)
	j.result = &rules.CombatResult{Winner: w, StoppedAfter: after, YourStrength: yourStrength, OpponentStrength: theirStrength,
		Involved: ids(involved), OpponentInvolved: ids(theirs)}
	return nil
}

// strengthSum is a side's Strength total in words: "Kira 5 + Odo 6 = 11",
// or "0, no one involved".
func strengthSum(ps []*Personnel, total int) string {
	if len(ps) == 0 {
		return strconv.Itoa(total) + ", no one involved"
	}
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteString(" + ")
		}
		b.WriteString(p.Name())
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(p.Strength))
	}
	b.WriteString(" = " + strconv.Itoa(total))
	return b.String()
}

func runEngagement(ctx context.Context, _ *Service, j *judgement, raw rules.Params) error {
	p, err := paramsAs[rules.EngagementParams](raw)
	if err != nil {
		return err
	}
	m, err := j.mission(p.Mission, "params.mission")
	if err != nil {
		return err
	}
	yours, err := j.shipList(p.You, "params.you")
	if err != nil {
		return err
	}
	theirs, err := j.shipList(p.Opponent, "params.opponent")
	if err != nil {
		return err
	}
	for i, s := range yours {
		if s.Owner != You {
			return unprocessable(fmt.Sprintf("params.you[%d]", i), "%s is not your ship", s.Name())
		}
	}
	for i, s := range theirs {
		if s.Owner != Opponent {
			return unprocessable(fmt.Sprintf("params.opponent[%d]", i), "%s is not the opponent's ship", s.Name())
		}
	}
	allowed := true
	j.cite("engage.same", "engage.totals", "engage.tie")
	if m.Type == "headquarters" {
		allowed = false
		j.sayStrings("%s is a headquarters mission; an engagement cannot begin there.", m.Name())
		j.cite("engage.hq")
	}
	if len(yours) == 0 || len(theirs) == 0 {
		allowed = false
		j.sayStrings("An engagement needs a ship of yours at the same mission as an opponent's ship.")
	}
	weapons, shields := 0, 0
	for i, s := range yours {
		w, err := needNumber(s.Weapons, s, statWeapons)
		if err != nil {
			return err
		}
		if err := needAffiliation(s); err != nil {
			return err
		}
		weapons += w
		if !j.board.atSite(s.Mission, m) {
			allowed = false
			j.sayStrings("%s is not at %s.", s.Name(), m.Name())
		}
		if j.board.shipMay(s, actFire).stopped() {
			allowed = false
			j.sayStrings("%s is stopped and cannot be used.", s.Name())
			j.cite("orders.stopped")
		}
		st, err := Staffing(ctx, j.board, false, s)
		if err != nil {
			return err
		}
		j.sayUnplaced(st.Unplaced)
		if !st.Staffed {
			allowed = false
			if i == 0 {
				j.sayStrings("%s is not staffed; your ship in an engagement must be staffed.", s.Name())
				j.cite("engage.staffed")
			} else {
				j.sayStrings("%s is not staffed; only staffed ships may join an engagement.", s.Name())
				j.cite("engage.join")
			}
		}
	}
	for _, s := range theirs {
		sh, err := needNumber(s.Shields, s, statShields)
		if err != nil {
			return err
		}
		shields += sh
		if !j.board.atSite(s.Mission, m) {
			allowed = false
			j.sayStrings("%s is not at %s.", s.Name(), m.Name())
		}
	}
	if allowed && m.Type == "" {
		// Nothing else refuses the engagement: whether the mission is a
		// headquarters, where it cannot begin, decides.
		return needUnknown(m, statType)
	}
	var at []string
	for _, s := range append(append([]*Ship(nil), yours...), theirs...) {
		at = append(at, s.Mission)
	}
	j.explainCopies(m, at...)
	j.say("Your Weapons %d against your opponent's Shields %d.", weapons, shields)
	var w *string
	switch {
	case !allowed:
		j.sayStrings("The engagement cannot begin, so no one wins it.")
	case weapons == shields:
		j.sayStrings("The totals are tied: there is no winner.")
	default:
		w = Winner(weapons, shields)
		j.sayStrings("The higher total wins: %s.", *w)
	}
	var after []string
	if allowed {
		// Personnel of yours given no place may be aboard one of the
		// ships, and be stopped too: the list turns on where they are.
		stoppedAfter := func(extra []*Personnel) (string, error) {
			after = after[:0]
			for _, s := range yours {
				after = append(after, s.ID)
				aboard, _ := j.board.gatherAt(You, func(p *Personnel) bool { return p.Ship == s.ID })
				for _, x := range withExtra(aboard, extra) {
					if x.Owner == You && !j.board.stoppedNow(x) {
						after = append(after, x.ID)
					}
				}
			}
			return strings.Join(after, ","), nil
		}
		if err := settleUnplaced(ctx, j, j.board.unplacedOf(You), stoppedAfter); err != nil {
			return err
		}
		if _, err := stoppedAfter(nil); err != nil {
			return err
		}
		j.sayStrings("When the engagement ends, your ships in it and the personnel aboard them are stopped; your opponent's are not.")
		j.cite("engage.stops")
	}
	if after == nil {
		after = []string{}
	}
	j.allow(allowed)
	j.result = &rules.EngagementResult{Winner: w, StoppedAfter: after, YourWeapons: weapons, OpponentShields: shields}
	return nil
}

func runShipDamage(_ context.Context, _ *Service, j *judgement, raw rules.Params) error {
	p, err := paramsAs[rules.ShipDamageParams](raw)
	if err != nil {
		return err
	}
	s, err := j.ship(p.Ship, "params.ship")
	if err != nil {
		return err
	}
	add := 1
	if p.Add != nil {
		add = *p.Add
	}
	if add < 0 {
		return unprocessable("params.add", "damage added cannot be negative")
	}
	damage := s.Damage + add
	res := &rules.ShipDamageResult{Damage: damage}
	j.result = res
	if j.first() {
		// 1E without Battle Bridge: a hit damages (HULL 50%), a second hit
		// before repair or a direct hit destroys.
		destroyed := damage >= 2 || p.DirectHit
		j.cite("damage1.hit", "damage1.again")
		if p.DirectHit {
			j.cite("damage1.direct")
			j.sayStrings("A direct hit reduces HULL integrity by 100%%: %s is destroyed.", s.Name())
		} else if destroyed {
			j.sayStrings("%s already damaged and hit again: HULL integrity falls to 0 and it is destroyed.", s.Name())
		} else if damage == 1 {
			j.sayStrings("%s is damaged: RANGE reduced to 5, HULL integrity 50%%.", s.Name())
			if s.Range != nil && *s.Range > 5 {
				res.Range = ptr(5)
			}
		} else {
			j.sayStrings("%s takes no damage.", s.Name())
		}
		res.Destroyed = destroyed
		return nil
	}
	if p.DirectHit {
		return unprocessable("params.directHit", "direct hits are a First Edition rule")
	}
	destroyed := damage >= 3
	j.cite("damage.two", "damage.third")
	if destroyed {
		j.say("%s had %s; with %d more it has %d: a ship can carry only two, and the third destroys it.", s.Name(), plural(s.Damage, "damage card", "damage cards"), add, damage)
	} else {
		j.sayStrings("%s now carries %s; a ship is destroyed when a third is placed on it.", s.Name(), plural(damage, "damage card", "damage cards"))
	}
	res.Destroyed = destroyed
	return nil
}

// opposingPersonnel resolves the two sides of a fight between personnel
// (params.you and params.opponent): each id must be a personnel of that side,
// and each must have a Strength, since both editions fight by Strength.
func (j *judgement) opposingPersonnel(you, opponent []string) (yours, theirs []*Personnel, err error) {
	if yours, err = j.personnelList(you, "params.you"); err != nil {
		return nil, nil, err
	}
	if theirs, err = j.personnelList(opponent, "params.opponent"); err != nil {
		return nil, nil, err
	}
	if err := j.owned(yours, You, "params.you"); err != nil {
		return nil, nil, err
	}
	if err := j.owned(theirs, Opponent, "params.opponent"); err != nil {
		return nil, nil, err
	}
	for _, x := range append(append([]*Personnel(nil), yours...), theirs...) {
		if err := x.need(statStrength); err != nil {
			return nil, nil, err
		}
	}
	return yours, theirs, nil
}

// destroyingDamage is the damage that destroys a ship. 2E: "each ship can
// carry only two damage cards"; the third destroys it. 1E (rotation
// damage, no Battle Bridge side deck): a ship damaged again before it is
// repaired falls to HULL 0 and is destroyed.
func destroyingDamage(edition string) int {
	if edition == rules.Edition1E {
		return 2
	}
	return 3
}

// destroyedOnBoard says why a ship with that much damage cannot be on a
// board: it was destroyed, and destroyed ships are discarded.
func destroyedOnBoard(edition string, damage int) string {
	if edition == rules.Edition1E {
		return fmt.Sprintf("a First Edition ship damaged %d times is destroyed (a second hit before repair takes its HULL to 0) and discarded, so it is not on the board; give 0 or 1", damage)
	}
	return fmt.Sprintf("a ship with %d damage cards is destroyed (it can carry only two; the third destroys it) and discarded, so it is not on the board; give 0, 1 or 2", damage)
}
