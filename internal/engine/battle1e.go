package engine

import (
	"context"
	"encoding/json"
	"fmt"
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

type shipBattleParams struct {
	Attackers     []string `json:"attackers"`
	Target        string   `json:"target"`
	AttackBonus   int      `json:"attackBonus"`
	DefenseBonus  int      `json:"defenseBonus"`
	DockedShields *int     `json:"dockedShields"`
}

func runShipBattle(_ context.Context, _ *Service, j *judgement, raw json.RawMessage) error {
	var p shipBattleParams
	if err := decodeParams(raw, &p); err != nil {
		return err
	}
	if len(p.Attackers) == 0 {
		return unprocessable("params.attackers", "params.attackers is required: the ids of the firing ships")
	}
	attackers, err := j.shipList(p.Attackers, "params.attackers")
	if err != nil {
		return err
	}
	target, err := j.ship(p.Target, "params.target")
	if err != nil {
		return err
	}
	if p.DockedShields != nil && *p.DockedShields < 0 {
		return unprocessable("params.dockedShields", "SHIELDS cannot be negative")
	}
	attack := p.AttackBonus
	var terms []string
	for _, s := range attackers {
		w, err := needInt(s.Weapons, s, "weapons", "the WEAPONS")
		if err != nil {
			return err
		}
		switch {
		case s.Stopped:
			j.say("%s is stopped and cannot fire.", s.Name())
			j.cite("battle1.fire")
		case s.Docked != "":
			// 1E: a docked ship may not fire its WEAPONS, even to return fire.
			j.say("%s is docked at %s and cannot fire its WEAPONS.", s.Name(), j.board.Facility(s.Docked).Name())
			j.cite("battle1.fire", "dock1.protect")
		case w <= 0:
			j.say("%s has no WEAPONS and cannot fire.", s.Name())
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
	shields, err := needInt(target.Shields, target, "shields", "the SHIELDS")
	if err != nil {
		return err
	}
	for _, s := range append(append([]*Ship(nil), attackers...), target) {
		if s.Damage > 0 {
			// Rotation damage reduces RANGE, takes a Cloaking Device off
			// line and halves HULL integrity; WEAPONS and SHIELDS stand.
			j.say("%s is damaged: that reduces its RANGE, not its WEAPONS or SHIELDS.", s.Name())
			j.cite("damage1.hit")
		}
	}
	extension, extTerm, err := j.dockedExtension(target, p.DockedShields)
	if err != nil {
		return err
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
	j.say("DEFENSE: %s = %s.", dterms, formatNumber(defense))
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
	j.set("attack", attack)
	j.set("defense", defense)
	j.set("outcome", outcome)
	return nil
}

// dockedExtension is what a docked target adds to its DEFENSE: 50% of the
// SHIELDS of the facility it is docked at, exactly (the 1E rulebook rounds
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
		v, err := needInt(f.Shields, f, "shields", "the SHIELDS")
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
	j.say("%s is docked at %s: its DEFENSE adds 50%% of the facility's SHIELDS.", target.Name(), f.Name())
	return half, fmt.Sprintf("half the SHIELDS of %s %d", f.Name(), full), nil
}

func formatNumber(f float64) string {
	if f == float64(int64(f)) {
		return fmt.Sprintf("%d", int64(f))
	}
	return fmt.Sprintf("%.1f", f)
}

// A CombatPair is two personnel turned over together in 1E personal combat.
type CombatPair struct {
	You      string `json:"you"`
	Opponent string `json:"opponent"`
	Outcome  string `json:"outcome"` // stun, mortally-wound, none
	By       string `json:"by,omitempty"`
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

type personnelBattleParams struct {
	You      []string `json:"you"`
	Opponent []string `json:"opponent"`
}

func runPersonnelBattle(_ context.Context, _ *Service, j *judgement, raw json.RawMessage) error {
	var p personnelBattleParams
	if err := decodeParams(raw, &p); err != nil {
		return err
	}
	yours, theirs, err := j.opposingPersonnel(p.You, p.Opponent)
	if err != nil {
		return err
	}
	out := map[string]bool{} // stunned or mortally wounded
	pairs := []CombatPair{}
	n := min(len(yours), len(theirs))
	for i := 0; i < n; i++ {
		a, b := yours[i], theirs[i]
		outcome, by := PersonalCombat(a.Strength, b.Strength)
		pairs = append(pairs, CombatPair{You: a.ID, Opponent: b.ID, Outcome: outcome, By: by})
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
		j.say("The personnel left in the longer combat pile are turned face up and fight no one.")
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
		j.say("The totals are equal: no one wins or loses the battle.")
		j.cite("pb1.tie")
	} else {
		j.say("The higher total wins: %s, who kills one opposing personnel that is not mortally wounded (random selection).", *w)
	}
	j.set("pairs", pairs)
	j.set("yourStrength", ys)
	j.set("opponentStrength", ts)
	j.set("winner", winnerValue(w))
	return nil
}

func outcomeVerb(outcome string) string {
	if outcome == MortallyWound {
		return "more than double, may mortally wound"
	}
	return "higher, may stun"
}
