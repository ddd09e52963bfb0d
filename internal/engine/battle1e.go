package engine

import (
	"context"
	"fmt"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Ship battle outcomes (1E).
const (
	Miss      = "miss"
	Hit       = "hit"
	DirectHit = "direct-hit"
)

// ShipBattleOutcome compares a 1E ATTACK total with a DEFENSE total: more
// than double is a direct hit, more is a hit, equal or less misses.
func ShipBattleOutcome(attack, defense float64) string {
	switch {
	case attack > 2*defense:
		return DirectHit
	case attack > defense:
		return Hit
	}
	return Miss
}

func runShipBattle(_ context.Context, _ *Service, j *judgement, raw rules.Params) error {
	p, err := paramsAs[rules.ShipBattleParams](raw)
	if err != nil {
		return err
	}
	if len(p.Attackers) == 0 {
		return unprocessable("params.attackers", "params.attackers is required: the ids of the firing ships")
	}
	attackers, err := j.shipList(p.Attackers, "params.attackers")
	if err != nil {
		return err
	}
	target, err := j.battleTarget(p.Target)
	if err != nil {
		return err
	}
	if p.DockedShields != nil && *p.DockedShields < 0 {
		return unprocessable("params.dockedShields", "SHIELDS cannot be negative")
	}
	attack := p.AttackBonus
	var terms []string
	for _, s := range attackers {
		w, err := needNumber(s.Weapons, s, statWeapons)
		if err != nil {
			return err
		}
		switch x := j.board.shipMay(s, actFire); {
		case x.Kind == barStopped:
			j.sayStrings("%s is stopped and cannot fire.", s.Name())
			j.cite("battle1.fire")
		case x.Kind == barDocked:
			// 1E: a docked ship may not fire its WEAPONS, even to return fire.
			j.sayStrings("%s is docked at %s and cannot fire its WEAPONS.", s.Name(), x.Facility.Name())
			j.cite("battle1.fire", "dock1.protect")
		case x.Kind == barCloaked:
			j.sayStrings("%s is cloaked and cannot fire its WEAPONS.", s.Name())
			j.cite("battle1.fire")
		case w <= 0:
			j.sayStrings("%s has no WEAPONS and cannot fire.", s.Name())
			j.cite("battle1.fire")
		default:
			attack += w
			terms = append(terms, fmt.Sprintf("%s %d", s.Name(), w))
		}
	}
	if p.AttackBonus != 0 {
		terms = append(terms, fmt.Sprintf("tactic %+d", p.AttackBonus))
	}
	if len(terms) == 0 {
		terms = append(terms, "no ship firing")
	}
	shields, err := needNumber(target.shields(), target.item(), statShields)
	if err != nil {
		return err
	}
	damaged := append([]*Ship(nil), attackers...)
	if target.ship != nil {
		damaged = append(damaged, target.ship)
	}
	for _, s := range damaged {
		if s.Damage > 0 {
			// Rotation damage reduces RANGE, takes a Cloaking Device off
			// line and halves HULL integrity; WEAPONS and SHIELDS stand.
			j.sayStrings("%s is damaged: that reduces its RANGE, not its WEAPONS or SHIELDS.", s.Name())
			j.cite("damage1.hit")
		}
	}
	var extension float64
	var extTerm string
	if target.ship != nil {
		if extension, extTerm, err = j.dockedExtension(target.ship, p.DockedShields); err != nil {
			return err
		}
	} else {
		if p.DockedShields != nil {
			return unprocessable("params.dockedShields", "%s is a facility: only a ship docked at a facility adds the facility's SHIELDS", target.facility.Name())
		}
		j.sayStrings("%s is a facility: its DEFENSE is its own SHIELDS.", target.facility.Name())
	}
	defense := float64(shields) + extension + float64(p.DefenseBonus)
	dterms := fmt.Sprintf("%s SHIELDS %d", target.Name(), shields)
	if extTerm != "" {
		dterms += " + " + extTerm
	}
	if p.DefenseBonus != 0 {
		dterms += fmt.Sprintf(" + tactic %+d", p.DefenseBonus)
	}
	j.say("ATTACK: %s = %d.", joinAnd(terms), attack)
	j.sayStrings("DEFENSE: %s = %s.", dterms, formatNumber(defense))
	outcome := ShipBattleOutcome(float64(attack), defense)
	j.cite("battle1.attack", "battle1.defense")
	switch outcome {
	case DirectHit:
		j.say("%d is more than double %s: a direct hit.", attack, formatNumber(defense))
		j.cite("battle1.direct")
	case Hit:
		j.say("%d is greater than %s but not more than double: a hit.", attack, formatNumber(defense))
		j.cite("battle1.hit")
	default:
		j.say("%d is not greater than %s: the target is not hit.", attack, formatNumber(defense))
		j.cite("battle1.miss")
	}
	j.result = &rules.ShipBattleResult{Attack: attack, Defense: defense, Outcome: outcome}
	return nil
}

// A battleTarget is what a 1E ship battle targets: "one enemy ship or
// facility". One of the two is set.
type battleTarget struct {
	ship     *Ship
	facility *Facility
}

// battleTarget reads params.target: a ship or a facility of the board.
func (j *judgement) battleTarget(id string) (battleTarget, error) {
	if id == "" {
		return battleTarget{}, unprocessable("params.target", "params.target is required: the id of the ship or facility targeted")
	}
	o := j.board.object(id)
	switch {
	case o.ship != nil:
		return battleTarget{ship: o.ship}, nil
	case o.facility != nil:
		return battleTarget{facility: o.facility}, nil
	}
	return battleTarget{}, unprocessable("params.target", "no ship or facility on the board has the id %q", id)
}

func (t battleTarget) Name() string {
	if t.ship != nil {
		return t.ship.Name()
	}
	return t.facility.Name()
}

func (t battleTarget) shields() *int {
	if t.ship != nil {
		return t.ship.Shields
	}
	return t.facility.Shields
}

func (t battleTarget) item() boardItem {
	if t.ship != nil {
		return t.ship
	}
	return t.facility
}

// dockedExtension is what a docked target adds to its DEFENSE: the
// facility SHIELDS extension, 50% of the SHIELDS of the facility it is
// docked at (the share the card data gives the facility, where it gives
// one: a quarter for the Husnock Outpost), exactly (the 1E rulebook rounds
// nothing), with the term that says so. The facility's SHIELDS come from
// params.dockedShields when the request gives them (counting enhancements
// the board does not show), else from the board. A target the board does
// not dock adds the extension only when params.dockedShields gives one.
func (j *judgement) dockedExtension(target *Ship, given *int) (float64, string, error) {
	var f *Facility
	if target.Docked != "" {
		f = j.board.Facility(target.Docked)
	}
	var full int
	switch {
	case given != nil:
		full = *given
	case f != nil:
		v, err := needNumber(f.Shields, f, statShields)
		if err != nil {
			return 0, "", err
		}
		full = v
	default:
		return 0, "", nil
	}
	if f == nil && full == 0 {
		return 0, "", nil
	}
	half := float64(full) / 2
	if f == nil {
		return half, fmt.Sprintf("half the facility's SHIELDS %d", full), nil
	}
	share, pct := f.shieldsExtension()
	j.sayStrings("%s is docked at %s: its DEFENSE adds %s%% of the facility's SHIELDS.", target.Name(), f.Name(), pct)
	if f.ExtendedShields != nil {
		j.sayStrings("The card data gives %s an extension of %s%% of its SHIELDS, not the usual 50%%.", f.Name(), pct)
	}
	return float64(full) * share, fmt.Sprintf("%s%% of the SHIELDS of %s %d", pct, f.Name(), full), nil
}

// shieldsExtension is the share of a facility's SHIELDS a ship docked there
// adds to its DEFENSE, and the share as a percentage for reasons: the card
// data's, else the rulebook's "50% facility SHIELDS extension".
func (f *Facility) shieldsExtension() (float64, string) {
	share := 0.5
	if f.ExtendedShields != nil {
		share = *f.ExtendedShields
	}
	return share, formatNumber(share * 100)
}

func formatNumber(f float64) string {
	if f == float64(int64(f)) {
		return fmt.Sprintf("%d", int64(f))
	}
	return fmt.Sprintf("%.1f", f)
}

// Personal combat outcomes (1E).
const (
	Stun          = "stun"
	MortallyWound = "mortally-wound"
	NoEffect      = "none"
)

// PersonalCombat compares two 1E STRENGTHs: more than double may mortally
// wound, greater may stun, equal does nothing. It returns the outcome and
// which side ("you" or "opponent") inflicts it.
func PersonalCombat(yours, theirs int) (outcome, by string) {
	switch {
	case yours > 2*theirs:
		return MortallyWound, You
	case theirs > 2*yours:
		return MortallyWound, Opponent
	case yours > theirs:
		return Stun, You
	case theirs > yours:
		return Stun, Opponent
	}
	return NoEffect, ""
}

func runPersonnelBattle(_ context.Context, _ *Service, j *judgement, raw rules.Params) error {
	p, err := paramsAs[rules.PersonnelBattleParams](raw)
	if err != nil {
		return err
	}
	// A personnel battle is fought between personnel of both sides.
	if len(p.You) == 0 {
		return unprocessable("params.you", "params.you is required: the ids of your personnel in the battle, in combat-pile order")
	}
	if len(p.Opponent) == 0 {
		return unprocessable("params.opponent", "params.opponent is required: the ids of your opponent's personnel in the battle, in combat-pile order")
	}
	yours, theirs, err := j.opposingPersonnel(p.You, p.Opponent)
	if err != nil {
		return err
	}
	out := map[string]bool{} // stunned or mortally wounded
	pairs := []rules.CombatPair{}
	n := min(len(yours), len(theirs))
	for i := 0; i < n; i++ {
		a, b := yours[i], theirs[i]
		outcome, by := PersonalCombat(a.Strength, b.Strength)
		pairs = append(pairs, rules.CombatPair{You: a.ID, Opponent: b.ID, Outcome: outcome, By: by})
		switch {
		case by == You:
			out[b.ID] = true
			j.say("%s (STRENGTH %d) against %s (%d): %s %s.", a.Name(), a.Strength, b.Name(), b.Strength, outcomeVerb(outcome), b.Name())
		case by == Opponent:
			out[a.ID] = true
			j.say("%s (STRENGTH %d) against %s (%d): %s %s.", a.Name(), a.Strength, b.Name(), b.Strength, outcomeVerb(outcome), a.Name())
		default:
			j.say("%s (STRENGTH %d) against %s (%d): equal STRENGTH, neither is stunned or wounded.", a.Name(), a.Strength, b.Name(), b.Strength)
			j.cite("pb1.equal")
		}
		switch outcome {
		case MortallyWound:
			j.cite("pb1.mortal")
		case Stun:
			j.cite("pb1.stun")
		}
	}
	if len(yours) != len(theirs) {
		j.sayStrings("The personnel left in the longer combat pile are turned face up and fight no one.")
	}
	sum := func(ps []*Personnel) int {
		t := 0
		for _, x := range ps {
			if !out[x.ID] {
				t += x.Strength
			}
		}
		return t
	}
	ys, ts := sum(yours), sum(theirs)
	j.say("Stunned and mortally wounded personnel do not add their STRENGTH: yours %d, your opponent's %d.", ys, ts)
	j.cite("pb1.totals")
	w := Winner(ys, ts)
	if w == nil {
		j.sayStrings("The totals are equal: no one wins or loses the battle.")
		j.cite("pb1.tie")
	} else {
		j.sayStrings("The higher total wins: %s, who kills one opposing personnel that is not mortally wounded (random selection).", *w)
	}
	j.result = &rules.PersonnelBattleResult{Pairs: pairs, YourStrength: ys, OpponentStrength: ts, Winner: w}
	return nil
}

func outcomeVerb(outcome string) string {
	if outcome == MortallyWound {
		return "more than double, may mortally wound"
	}
	return "higher, may stun"
}
