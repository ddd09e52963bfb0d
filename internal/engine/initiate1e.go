// battle.initiate (1E): whether one force may attack another, and the
// forces themselves. The battles once begun are in battle1e.go.

package engine

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// force is one side of a 1E battle: its cards and the affiliations of all
// its members (ships and facilities and the personnel aboard them, or an
// Away Team).
type force struct {
	ships        []*Ship
	facilities   []*Facility
	personnel    []*Personnel
	affiliations []string
	listed       map[string]bool // the ids listed, and the affiliations added
	// unknown are the force's personnel whose affiliation is not given:
	// it may restrict whom the force attacks, or be what it may not.
	unknown []*Personnel
}

// forceCard is a card of a force as the control check reads it.
type forceCard struct{ name, owner string }

// cards are the force's ships, or its personnel.
func (f force) cards() []forceCard {
	out := make([]forceCard, 0, len(f.ships)+len(f.facilities)+len(f.personnel))
	for _, s := range f.ships {
		out = append(out, forceCard{s.Name(), s.Owner})
	}
	for _, x := range f.facilities {
		out = append(out, forceCard{x.Name(), x.Owner})
	}
	for _, p := range f.personnel {
		out = append(out, forceCard{p.Name(), p.Owner})
	}
	return out
}

// addPersonnel adds the affiliation of a personnel of the force (none for
// a captive, whose affiliation counts for nothing), noting one not given.
func (f *force) addPersonnel(p *Personnel) {
	switch {
	case p.Captive():
	case p.Affiliation == "":
		f.unknown = append(f.unknown, p)
	default:
		f.addAffiliation(p.Affiliation)
	}
}

func (f *force) addAffiliation(held string) {
	anyAffiliation(held, func(a string) bool {
		if a != "" && !f.listed["affiliation:"+a] {
			f.listed["affiliation:"+a] = true
			f.affiliations = append(f.affiliations, a)
		}
		return false
	})
}

// list marks an id listed and says whether it was listed before.
func (f *force) list(id string) (twice bool) {
	twice = f.listed["id:"+id]
	f.listed["id:"+id] = true
	return twice
}

// shipBattle says whether the force is of ships and facilities, not an
// Away Team.
func (f force) shipBattle() bool { return len(f.ships)+len(f.facilities) > 0 }

// forceOf gathers one side of a battle from the ids listed: ships and
// facilities ("your ships and/or facilities", "one enemy ship or
// facility"), or personnel. The crews aboard the attacking ships and
// facilities count only unstopped; a defending crew counts whole:
// "whenever 'stopped' cards are attacked, they are 'unstopped' for the
// duration of that battle and may defend themselves" (1E rulebook).
func forceOf(b *Board, ids []string, field string, defending bool, extra []*Personnel) (force, error) {
	f := force{listed: map[string]bool{}}
	if len(ids) == 0 {
		return f, unprocessable(field, "%s is required: the ids of the ships, facilities or personnel", field)
	}
	for i, id := range ids {
		if x := b.Facility(id); x != nil {
			if len(f.personnel) > 0 {
				return f, unprocessable(indexed(field, i), "a battle is between ships and facilities or between personnel, not both")
			}
			if f.list(id) {
				return f, unprocessable(indexed(field, i), "%q is listed twice", id)
			}
			if len(x.Affiliations) == 0 {
				return f, needUnknown(x, statAffiliation)
			}
			f.facilities = append(f.facilities, x)
			for _, a := range x.Affiliations {
				f.addAffiliation(a)
			}
			for _, p := range b.crewOf(x.ID, x.Owner, extra) {
				if p.Owner == x.Owner && (defending || !b.stoppedNow(p)) {
					f.addPersonnel(p)
				}
			}
			continue
		}
		if s := b.Ship(id); s != nil {
			if len(f.personnel) > 0 {
				return f, unprocessable(indexed(field, i), "a battle is between ships or between personnel, not both")
			}
			if f.list(id) {
				return f, unprocessable(indexed(field, i), "%q is listed twice", id)
			}
			if err := needAffiliation(s); err != nil {
				return f, err
			}
			f.ships = append(f.ships, s)
			f.addAffiliation(s.Affiliation)
			for _, p := range b.crewOf(s.ID, s.Owner, extra) {
				if p.Owner == s.Owner && (defending || !b.stoppedNow(p)) {
					f.addPersonnel(p)
				}
			}
			continue
		}
		if p := b.PersonnelByID(id); p != nil {
			if f.shipBattle() {
				return f, unprocessable(indexed(field, i), "a battle is between ships and facilities or between personnel, not both")
			}
			if f.list(id) {
				return f, unprocessable(indexed(field, i), "%q is listed twice", id)
			}
			f.personnel = append(f.personnel, p)
			f.addPersonnel(p) // a captive's affiliation counts for nothing
			continue
		}
		return f, unprocessable(indexed(field, i), "no ship, facility or personnel on the board has the id %q", id)
	}
	return f, nil
}

// isLeader: a 1E leader is any personnel with Leadership or any OFFICER.
func isLeader(p *Personnel) bool {
	if p.Skill("leadership") > 0 || p.Skill("officer") > 0 {
		return true
	}
	return contains(p.Characteristics, "officer")
}

// AttackRestriction says why affiliation a may not attack affiliation d in
// 1E, or "" when it may: any affiliation but its own; Klingon, Non-Aligned
// and Neutral their own too; Federation only Borg; Borg not unless a card
// allows.
func AttackRestriction(a, d string) (string, ruleKey) {
	switch a {
	case "borg":
		return "Borg forces may not initiate battle unless a card allows it", "init1.borg"
	case "federation":
		if d != "borg" {
			return "Federation forces cannot attack any affiliation except Borg", "init1.fed"
		}
		return "", ""
	case "klingon", "non aligned", "neutral":
		return "", ""
	}
	if a == d {
		return fmt.Sprintf("%s forces may not attack their own affiliation", title(a)), "init1.other"
	}
	return "", ""
}

// forceRestriction says why affiliation a may not attack a force of the
// defending affiliations (in order, and as a set), or "" when it may attack
// them all. AttackRestriction depends on the defender only through whether
// it is Borg and whether it is a itself, so the first defender of each of
// those kinds answers for all of them: one look per attacking affiliation,
// not one per pair.
func forceRestriction(a string, defenders []string, defending map[string]bool) (string, ruleKey) {
	probes := make([]string, 0, 3)
	if len(defenders) > 0 {
		probes = append(probes, defenders[0])
	}
	for _, d := range defenders {
		if d != "borg" {
			probes = append(probes, d)
			break
		}
	}
	if defending[a] {
		probes = append(probes, a)
	}
	for _, d := range probes {
		if why, key := AttackRestriction(a, d); why != "" {
			return why, key
		}
	}
	return "", ""
}

// restrictionDepends says whether the affiliations an affiliation may
// attack are some and not others (Federation: Borg only; most: any but
// their own), so that a defender's affiliation decides.
func restrictionDepends(a string) bool {
	first, _ := AttackRestriction(a, a)
	for _, d := range []string{"borg", "federation", "klingon", "romulan", "non aligned", "zq other"} {
		if why, _ := AttackRestriction(a, d); (why == "") != (first == "") {
			return true
		}
	}
	return false
}

func runBattleInitiate(ctx context.Context, _ *Service, j *judgement, raw rules.Params) error {
	p, err := paramsAs[rules.BattleInitiateParams](raw)
	if err != nil {
		return err
	}
	bi, err := initiateBattle(j.board, *p, nil)
	if err != nil {
		return err
	}
	if bi.ships {
		// The crews of the ships and facilities: a personnel given no
		// place may be aboard one of them (unplaced.go).
		unplaced := j.board.unplacedOf(anyOwner)
		err := settleUnplaced(ctx, j, unplaced, func(extra []*Personnel) (string, error) {
			with, err := initiateBattle(j.board, *p, extra)
			return with.answer(), err
		})
		if err != nil {
			return err
		}
	}
	j.explainBattleInitiation(bi)
	return nil
}

// answer is what a battle initiation's verdict says, compared with and
// without personnel given no place: the rules the attack breaks and who
// leads it.
func (bi battleInitiation) answer() string {
	var b strings.Builder
	for _, v := range bi.violations {
		b.WriteString(v.Rule + ": " + v.Message + "\n")
	}
	for _, l := range bi.leaders {
		b.WriteString("leader: " + l.leader.ID + " " + l.aboard + "\n")
	}
	return b.String()
}

// A battleInitiation is what the 1E rules make of one force attacking
// another, before any word is said of it (explainBattleInitiation says it):
// every rule the attack breaks, in the order they are checked, and what
// bears on it without breaking a rule.
type battleInitiation struct {
	attackers, defenders force
	ships                bool // a battle of ships, else of personnel
	// stoppedDefenders name the stopped cards attacked, which are
	// unstopped for the battle and defend themselves.
	stoppedDefenders []string
	// ownAttacked are the affiliations that may attack their own, doing so.
	ownAttacked []string
	// leaders are who leads the attack: aboard each attacking ship that
	// has one, or the Away Team's.
	leaders    []battleLeader
	violations []initiationViolation
	// unplaced are the personnel of a battle of personnel given no place,
	// set aside when another rule refuses the attack.
	unplaced []*Personnel
}

// A battleLeader is the personnel who leads an attack, aboard the ship or
// facility named ("" in a battle of personnel).
type battleLeader struct {
	leader *Personnel
	aboard string
}

// A battleUnit is a ship or facility of a force of a ship battle, where it
// is.
type battleUnit struct {
	name  string
	where whereabouts
}

// units are the force's ships and facilities with where each is.
func (f force) units(b *Board) []battleUnit {
	out := make([]battleUnit, 0, len(f.ships)+len(f.facilities))
	for _, s := range f.ships {
		out = append(out, battleUnit{s.Name(), b.shipWhere(s)})
	}
	for _, x := range f.facilities {
		out = append(out, battleUnit{x.Name(), whereabouts{Mission: x.Mission, Site: b.siteOf(x.Mission)}})
	}
	return out
}

// An initiationViolation is a rule an attack breaks: the check that found
// it, and the rule applied.
type initiationViolation struct {
	rules.Violation
	check initiationCheck
	rule  ruleKey
}

// initiationCheck is one of the checks of an attack, in the order they are
// made.
type initiationCheck int

const (
	checkControl     initiationCheck = iota // each card is its side's
	checkCaptives                           // no captive takes part
	checkPresence                           // all at one place, no attacker stopped
	checkAffiliation                        // the attackers may attack the defenders' affiliations
	checkLeaders                            // a leader and the ship's affiliation aboard
)

// initiateBattle judges an attack by the 1E rules on the board alone. It
// fails, naming the field, when a force is not on the board or mixes ships
// and personnel, the two forces are not both of ships or of personnel, or
// an attacking ship's WEAPONS are not known.
func initiateBattle(b *Board, p rules.BattleInitiateParams, extra []*Personnel) (battleInitiation, error) {
	var bi battleInitiation
	var err error
	if bi.attackers, err = forceOf(b, p.Attackers, "params.attackers", false, extra); err != nil {
		return bi, err
	}
	if bi.defenders, err = forceOf(b, p.Defenders, "params.defenders", true, extra); err != nil {
		return bi, err
	}
	att, def := &bi.attackers, &bi.defenders
	bi.ships = att.shipBattle()
	if bi.ships != def.shipBattle() {
		return bi, unprocessable("params.defenders", "ships and facilities battle ships and facilities, and personnel battle personnel")
	}
	for _, x := range def.facilities {
		for _, p := range b.crewOf(x.ID, x.Owner, extra) {
			if p.Owner == x.Owner && p.Stopped {
				bi.stoppedDefenders = append(bi.stoppedDefenders, p.Name())
			}
		}
	}
	for _, s := range def.ships {
		if s.Stopped {
			bi.stoppedDefenders = append(bi.stoppedDefenders, s.Name())
		}
		for _, x := range b.crewOf(s.ID, s.Owner, extra) {
			if x.Owner == s.Owner && x.Stopped {
				bi.stoppedDefenders = append(bi.stoppedDefenders, x.Name())
			}
		}
	}
	for _, x := range def.personnel {
		if x.Stopped {
			bi.stoppedDefenders = append(bi.stoppedDefenders, x.Name())
		}
	}
	add := func(check initiationCheck, key ruleKey, rule, format string, args ...any) {
		bi.violations = append(bi.violations, initiationViolation{
			Violation: rules.Violation{Rule: rule, Message: fmt.Sprintf(format, args...)}, check: check, rule: key})
	}
	// Control: the attackers are yours, the defenders your opponent's.
	for _, c := range att.cards() {
		if c.owner != You {
			add(checkControl, "init1.control", "control", "%s is not yours.", c.name)
		}
	}
	for _, c := range def.cards() {
		if c.owner != Opponent {
			add(checkControl, "init1.control", "control", "%s is yours; you may attack only cards you do not control.", c.name)
		}
	}
	// Captives: no action involves them.
	var free []*Personnel
	for _, x := range append(append([]*Personnel(nil), att.personnel...), def.personnel...) {
		if x.Captive() {
			add(checkCaptives, "captured1", "captive", "%s is a captive in %s brig: it takes no part in a battle.", x.Name(), possessive(x.Brig))
			continue
		}
		free = append(free, x)
	}
	// Presence, and no attacker stopped; every attacking ship free to
	// fire (unstopped, undocked, uncloaked) and with WEAPONS>0.
	if bi.ships {
		units := append(att.units(b), def.units(b)...)
		for _, u := range units {
			if u.where.nowhere() || u.where.Site != units[0].where.Site {
				add(checkPresence, "init1.present", "present", "%s is not at the same location as %s.", u.name, units[0].name)
			}
		}
		for _, s := range att.ships {
			switch x := b.shipMay(s, actFire); x.Kind {
			case barStopped:
				add(checkPresence, "stopped1", "stopped", "%s is stopped and cannot take part in a battle.", s.Name())
			case barDocked:
				add(checkPresence, "battle1.fire", "docked", "%s is docked at %s: a ship that fires its WEAPONS must be undocked.", s.Name(), x.Facility.Name())
			case barCloaked:
				add(checkPresence, "battle1.fire", "cloaked", "%s is cloaked: a ship that fires its WEAPONS must be uncloaked.", s.Name())
			}
			// A firing ship must have WEAPONS>0: its WEAPONS are read,
			// never taken as none when not known.
			w, err := needNumber(s.Weapons, s, statWeapons)
			if err != nil {
				return bi, err
			}
			if w <= 0 {
				add(checkPresence, "battle1.fire", "weapons", "%s has WEAPONS %d: a ship that fires must have WEAPONS>0.", s.Name(), w)
			}
		}
	} else if len(free) > 0 {
		// A personnel given no place may or may not be present with the
		// others: whether it is decides the attack unless another rule
		// refuses it (below).
		var placed []*Personnel
		placed, bi.unplaced = partPlaced(free)
		if len(placed) > 0 {
			where := b.whereIs(placed[0]).presence()
			for _, x := range placed {
				if p := b.whereIs(x).presence(); p == "" || p != where {
					add(checkPresence, "init1.present", "present", "%s is not present with %s.", x.Name(), placed[0].Name())
				}
			}
		}
		for _, x := range att.personnel {
			switch y := b.personnelMay(x, actBattle); y.Kind {
			case barStopped:
				add(checkPresence, "stopped1", "stopped", "%s is stopped and cannot take part in a battle.", x.Name())
			case barStoppedAboard:
				add(checkPresence, "stopped1.aboard", "stopped", "%s is aboard %s, which is stopped: your cards aboard your stopped ship are stopped and cannot take part in a battle.", x.Name(), y.Carrier.Name())
			}
		}
	}
	// The affiliation restrictions of a force, mixed or not: those of all
	// its members. An attacker's affiliation not given may restrict the
	// attack; a defender's decides it when some attacking affiliation may
	// attack some affiliations and not others.
	if len(att.unknown) > 0 {
		return bi, needUnknown(att.unknown[0], statAffiliation)
	}
	if len(def.unknown) > 0 {
		for _, a := range att.affiliations {
			if restrictionDepends(a) {
				return bi, needUnknown(def.unknown[0], statAffiliation)
			}
		}
	}
	sort.Strings(att.affiliations)
	sort.Strings(def.affiliations)
	defending := make(map[string]bool, len(def.affiliations))
	for _, d := range def.affiliations {
		defending[d] = true
	}
	defenders := joinAnd(def.affiliations)
	reported := map[string]bool{}
	for _, a := range att.affiliations {
		why, key := forceRestriction(a, def.affiliations, defending)
		if why == "" || reported[why] {
			continue
		}
		reported[why] = true
		add(checkAffiliation, key, "affiliation", "%s (the defenders are %s).", why, defenders)
	}
	for _, a := range att.affiliations {
		if (a == "klingon" || a == "non aligned" || a == "neutral") && defending[a] {
			bi.ownAttacked = append(bi.ownAttacked, a)
		}
	}
	// Leaders: an unstopped leader aboard each attacking ship, with a
	// personnel of the ship's affiliation; or one in the Away Team.
	if bi.ships {
		// A stopped ship is refused as such above; its crew, stopped with
		// it, are no further reason. Elsewhere a stopped personnel aboard
		// is left out, and the violation says the leader or crew lacking
		// is an unstopped one.
		unstopped := func(stopped int) string {
			if stopped > 0 {
				return "unstopped "
			}
			return ""
		}
		for _, s := range att.ships {
			if b.shipMay(s, actFire).Kind == barStopped {
				continue
			}
			var crew []*Personnel
			stopped := 0
			for _, x := range b.crewOf(s.ID, s.Owner, extra) {
				if x.Owner != s.Owner {
					continue
				}
				if b.stoppedNow(x) {
					stopped++
				} else {
					crew = append(crew, x)
				}
			}
			if leader := firstLeader(crew); leader == nil {
				if err := leaderUnknown(crew); err != nil {
					return bi, err
				}
				add(checkLeaders, "init1.leader", "leader", "%s has no %sleader aboard (a personnel with Leadership or an OFFICER).", s.Name(), unstopped(stopped))
			} else {
				bi.leaders = append(bi.leaders, battleLeader{leader: leader, aboard: s.Name()})
			}
			if sharingAffiliation(crew, s.Affiliation) == nil {
				add(checkLeaders, "init1.matching", "affiliation", "%s has no %spersonnel of its affiliation (%s) aboard.", s.Name(), unstopped(stopped), s.Affiliation)
			}
		}
		for _, x := range att.facilities {
			var crew []*Personnel
			stopped := 0
			for _, p := range b.crewOf(x.ID, x.Owner, extra) {
				if p.Owner != x.Owner {
					continue
				}
				if b.stoppedNow(p) {
					stopped++
				} else {
					crew = append(crew, p)
				}
			}
			if leader := firstLeader(crew); leader == nil {
				if err := leaderUnknown(crew); err != nil {
					return bi, err
				}
				add(checkLeaders, "init1.leader", "leader", "%s has no %sleader aboard (a personnel with Leadership or an OFFICER).", x.Name(), unstopped(stopped))
			} else {
				bi.leaders = append(bi.leaders, battleLeader{leader: leader, aboard: x.Name()})
			}
			if matchingAffiliation(crew, x.Affiliations) == nil {
				add(checkLeaders, "init1.matching", "affiliation", "%s has no %spersonnel of its affiliation (%s) aboard.", x.Name(), unstopped(stopped), joinAnd(x.Affiliations))
			}
		}
	} else {
		var able []*Personnel
		for _, x := range att.personnel {
			if !b.personnelMay(x, actBattle).barred() {
				able = append(able, x)
			}
		}
		if leader := firstLeader(able); leader == nil {
			if err := leaderUnknown(able); err != nil {
				return bi, err
			}
			add(checkLeaders, "init1.leader", "leader", "The attacking Away Team has no leader (a personnel with Leadership or an OFFICER).")
		} else {
			bi.leaders = append(bi.leaders, battleLeader{leader: leader})
		}
	}
	if len(bi.unplaced) > 0 && len(bi.violations) == 0 {
		return bi, placeNotGiven(bi.unplaced[0])
	}
	return bi, nil
}

// explainBattleInitiation writes the verdict of an attack: what bears on
// it, the rules of each check in the order they are made, every rule
// broken, and the figures.
func (j *judgement) explainBattleInitiation(bi battleInitiation) {
	if n := len(bi.stoppedDefenders); n > 0 {
		j.sayStrings("%s %s stopped, but stopped cards that are attacked are unstopped for the battle and defend themselves: they count in the defending force.", joinAnd(bi.stoppedDefenders), isAre(n))
		j.cite("stopped1.attacked")
	}
	citeBroken := func(checks ...initiationCheck) {
		for _, v := range bi.violations {
			if slices.Contains(checks, v.check) {
				j.cite(v.rule)
			}
		}
	}
	j.cite("init1.control", "init1.present", "init1.other")
	j.sayUnplaced(bi.unplaced)
	citeBroken(checkControl, checkCaptives, checkPresence)
	if att := bi.attackers.affiliations; len(att) > 1 {
		j.sayStrings("The attacking force is mixed (%s): it is subject to the restrictions of all its members.", joinAnd(att))
		j.cite("init1.mixed")
	}
	citeBroken(checkAffiliation)
	for _, a := range bi.ownAttacked {
		j.sayStrings("%s forces may attack their own affiliation.", title(a))
		j.cite("init1.own")
	}
	j.cite("init1.leader")
	if bi.ships {
		j.cite("init1.matching")
	}
	for _, l := range bi.leaders {
		if l.aboard != "" {
			j.sayStrings("%s leads aboard %s.", l.leader.Name(), l.aboard)
		} else {
			j.sayStrings("%s leads the attack.", l.leader.Name())
		}
	}
	citeBroken(checkLeaders)
	violations := make([]rules.Violation, len(bi.violations))
	for i, v := range bi.violations {
		violations[i] = v.Violation
		j.sayStrings("%s", v.Message)
	}
	if len(violations) == 0 {
		j.sayStrings("The attack may be initiated.")
	}
	j.allow(len(violations) == 0)
	kind := "personnel"
	if bi.ships {
		kind = "ship"
	}
	j.result = &rules.BattleInitiateResult{Violations: violations, Kind: kind}
}

// leaderUnknown fails, when none of ps is known to lead, naming the first
// whose skills or classification are not given: it may be the leader.
func leaderUnknown(ps []*Personnel) error {
	for _, p := range ps {
		if err := p.need(statSkills | statCharacteristics); err != nil {
			return err
		}
	}
	return nil
}

func firstLeader(ps []*Personnel) *Personnel {
	for _, p := range ps {
		if isLeader(p) {
			return p
		}
	}
	return nil
}
