package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// seeder is who seeded the dilemma: you or your opponent.
func seeder(d rules.StackedDilemma) string {
	if d.SeededBy == You {
		return You
	}
	return Opponent
}

// checkStacked validates one dilemma of a stack as a request gives it,
// folding its kind and seeder; field is its path ("params.stack[2]").
func (j *judgement) checkStacked(d *rules.StackedDilemma, field func() string) error {
	if d.Title == "" {
		return unprocessable(field()+".title", "every dilemma of the stack needs a title")
	}
	if d.Kind != "planet" && d.Kind != "space" && d.Kind != "dual" {
		return checkChoice(field()+".kind", d.Kind, dilemmaKinds, "a dilemma's kind is planet, space or dual")
	}
	if d.Cost == nil && !j.first() {
		return unprocessable(field()+".cost", "the cost of %s is needed", d.Title)
	}
	if d.Cost != nil && *d.Cost < 0 {
		return unprocessable(field()+".cost", "a cost cannot be negative")
	}
	switch d.SeededBy {
	case "", Opponent:
	case You:
		if !j.first() {
			return unprocessable(field()+".seededBy", "2E dilemmas are not seeded: they come from your opponent's dilemma pile")
		}
	default:
		return checkChoice(field()+".seededBy", d.SeededBy, ownerList, "seededBy is %q or %q, not %q", You, Opponent, d.SeededBy)
	}
	return nil
}

// Dilemma outcomes.
const (
	Face     = "face"
	Overcome = "overcome"
	MisSeed  = "mis-seed"
)

// StackJudgement is the judgement of a dilemma stack.
type StackJudgement struct {
	Legal     bool
	Drawn     int
	Budget    int
	TotalCost int
	Outcomes  []rules.DilemmaOutcome
	Applied   []ruleKey
	// OwnMisSeed (1E): a mis-seed the attempting player seeded was revealed.
	OwnMisSeed bool
}

func kindFits(kind, missionType string) bool {
	switch kind {
	case "dual":
		return true
	case "planet":
		return missionType == "planet" || missionType == "dual"
	case "space":
		return missionType == "space" || missionType == "dual"
	}
	return false
}

// JudgeStack2E follows a 2E dilemma stack through its reveals under one
// rulebook's wording. Legal (the stack's and each outcome's) says whether
// the opponent's choice keeps the rules of choosing; the outcome says what
// happens to the dilemma all the same, the remedy the rulebook gives:
//   - over the budget: the Premiere rulebook forbids it and says no more,
//     so the dilemma is one the opponent was unable to choose, returned to
//     the pile and not counted; the Call to Arms and newest rulebooks limit
//     the cost too, and overcome the dilemma that breaks the budget and
//     every one after it;
//   - a second copy: the Premiere and Call to Arms rulebooks forbid it, with
//     no remedy (returned, as a dilemma not chosen); the newest forbids
//     nothing and overcomes it when revealed;
//   - a dilemma of the wrong kind: the Premiere and Call to Arms rulebooks
//     forbid it and overcome it; the newest only overcomes it when
//     revealed.
func JudgeStack2E(v variant, missionType string, attempting, overcome int, stack []rules.StackedDilemma) StackJudgement {
	j := StackJudgement{Legal: true}
	j.Drawn = attempting - overcome
	if j.Drawn < 0 {
		j.Drawn = 0
	}
	j.Budget = j.Drawn
	j.Applied = append(j.Applied, "dilemmas.budget")
	if len(stack) > j.Drawn {
		j.Legal = false
	}
	forbids := v != continuingCommittee // the choice of a copy or a wrong kind
	seen := map[string]bool{}
	broken := false
	total := 0  // the cost of the whole stack
	chosen := 0 // the cost of the dilemmas that could be chosen, up to this one
	for _, d := range stack {
		o := rules.DilemmaOutcome{Title: d.Title, Outcome: Face, Legal: true, Reason: "faced"}
		total += *d.Cost
		key := fold(d.Title)
		dup := seen[key]
		seen[key] = true
		wrongKind := !kindFits(d.Kind, missionType)
		switch {
		case dup && forbids:
			// Not a dilemma the opponent could choose: no part of the
			// stack, its cost counts toward nothing.
			o.Legal, o.Outcome = false, Returned
			o.Reason = "cannot be chosen: your opponent cannot choose more than one copy of the same dilemma; " + unchosen
			j.Applied = append(j.Applied, "dilemmas.copies", "dilemmas.unchosen")
		case broken:
			o.Outcome, o.Reason = Overcome, "not faced: the budget was already broken, so every remaining dilemma is overcome"
		case chosen+*d.Cost > j.Budget && v == premiereRules:
			o.Legal, o.Outcome = false, Returned
			o.Reason = fmt.Sprintf("cannot be chosen: it makes the total cost %d, higher than the %d allowed; %s", chosen+*d.Cost, j.Budget, unchosen)
			j.Applied = append(j.Applied, "dilemmas.unchosen")
		case chosen+*d.Cost > j.Budget:
			chosen += *d.Cost
			broken = true
			o.Legal, o.Outcome = false, Overcome
			o.Reason = fmt.Sprintf("not faced: choosing it makes the total cost %d, more than the %d allowed, which your opponent may not do; it and every remaining dilemma are overcome", chosen, j.Budget)
			j.Applied = append(j.Applied, "dilemmas.over")
		case dup:
			chosen += *d.Cost
			o.Outcome, o.Reason = Overcome, "not faced: a second copy of the same dilemma revealed in this attempt is overcome"
			j.Applied = append(j.Applied, "dilemmas.copies")
		default:
			chosen += *d.Cost
		}
		if wrongKind && o.Outcome != Returned {
			if o.Outcome == Face { // the kind decides what becomes of it
				o.Outcome = Overcome
				o.Reason = fmt.Sprintf("not faced: a %s dilemma at a %s mission is overcome", d.Kind, missionType)
				j.Applied = append(j.Applied, "dilemmas.kind")
			}
			if forbids {
				o.Legal = false
				o.Reason += fmt.Sprintf(" (your opponent cannot choose a %s dilemma for a %s mission)", d.Kind, missionType)
				j.Applied = append(j.Applied, "dilemmas.kindchoice")
			}
		}
		if !o.Legal {
			j.Legal = false
		}
		j.Outcomes = append(j.Outcomes, o)
	}
	j.TotalCost = total
	return j
}

// unchosen is what the rules do with a dilemma the opponent was unable to
// choose (2E).
const unchosen = "not part of the stack, it is not faced and returns face up to the bottom of your opponent's dilemma pile"

// JudgeStack1E follows the dilemmas seeded under a 1E mission in encounter
// order: a dilemma of the wrong kind, or a second copy of one seeded by the
// same player, is a mis-seed placed out of play on discovery. A copy the
// other player seeded is no mis-seed: "If more than one copy of any card,
// seeded by the same player, is encountered under one mission, any copy
// after the first is placed out-of-play as a mis-seed." OwnMisSeed is set
// when the attempting player revealed a mis-seed he seeded himself, which
// forbids completing the mission.
func JudgeStack1E(missionType string, stack []rules.StackedDilemma) StackJudgement {
	j := StackJudgement{Legal: true, Drawn: len(stack)}
	seen := map[string]bool{} // seeder + folded title
	for _, d := range stack {
		o := rules.DilemmaOutcome{Title: d.Title, Outcome: Face, Legal: true, Reason: "encountered"}
		key := seeder(d) + "\x00" + fold(d.Title)
		switch {
		case seen[key]:
			o.Outcome, o.Legal = MisSeed, false
			o.Reason = fmt.Sprintf("a second copy seeded under the same mission by the same player (%s) is a mis-seed, placed out of play", possessiveOwner(seeder(d)))
			j.Applied = append(j.Applied, "seed1.encounter")
		case !kindFits(d.Kind, missionType):
			o.Outcome, o.Legal = MisSeed, false
			o.Reason = fmt.Sprintf("a %s dilemma cannot seed under a %s mission: a mis-seed, placed out of play", d.Kind, missionType)
			j.Applied = append(j.Applied, "seed1.kind", "seed1.misseed")
		}
		if o.Outcome == MisSeed && seeder(d) == You {
			j.OwnMisSeed = true
			o.Reason += "; you seeded it, so you may not complete and score this mission"
			j.Applied = append(j.Applied, "seed1.own")
		}
		seen[key] = true
		if !o.Legal {
			j.Legal = false
		}
		if d.Cost != nil {
			j.TotalCost += *d.Cost
		}
		j.Outcomes = append(j.Outcomes, o)
	}
	return j
}

func runDilemmaStack(ctx context.Context, _ *Service, j *judgement, raw rules.Params) error {
	p, err := paramsAs[rules.DilemmaStackParams](raw)
	if err != nil {
		return err
	}
	m, err := j.mission(p.Mission, "params.mission")
	if err != nil {
		return err
	}
	if err := needMissionType(m); err != nil {
		return err
	}
	// Checking folds kinds and seeders: in a copy, the request's params
	// stay as given.
	stack := slices.Clone(p.Stack)
	for i := range stack {
		if err := j.checkStacked(&stack[i], func() string { return indexed("params.stack", i) }); err != nil {
			return err
		}
	}
	if j.first() {
		sj := JudgeStack1E(m.Type, stack)
		j.sayStrings("%s dilemmas seeded under %s (%s), encountered in order.", fmt.Sprint(len(stack)), m.Name(), m.Type)
		j.explainStackLegality(sj)
		j.explainOutcomes(sj)
		j.cite("seed1.kind", "seed1.encounter")
		j.cite(sj.Applied...)
		j.allow(sj.Legal)
		j.result = &rules.DilemmaStackResult{DilemmasDrawn: ptr(sj.Drawn), Outcomes: nonNilOutcomes(sj.Outcomes)}
		return nil
	}
	if m.Type == "headquarters" {
		j.allow(false)
		j.sayStrings("%s is a headquarters mission; it cannot be attempted, so no dilemmas are faced there.", m.Name())
		j.cite("attempt.hq")
		j.result = &rules.DilemmaStackResult{Outcomes: []rules.DilemmaOutcome{}}
		return nil
	}
	attempting := 0
	if p.Attempting != nil {
		attempting = *p.Attempting
		if attempting < 0 {
			return unprocessable("params.attempting", "the number attempting cannot be negative")
		}
	} else {
		if m.Type == "space" {
			return unprocessable("params.attempting", "params.attempting is required: how many personnel attempt %s", m.Name())
		}
		g := attemptGroup(j.board, m, nil, nil)
		attempting = len(g.Personnel)
		err := settleUnplaced(ctx, j, g.Unplaced, func(extra []*Personnel) (stackAnswer, error) {
			sj := JudgeStack2E(j.rules, m.Type, len(attemptGroup(j.board, m, nil, extra).Personnel), m.OvercomeDilemmas, stack)
			return stackAnswer{legal: sj.Legal, drawn: sj.Drawn, budget: sj.Budget}, nil
		})
		if err != nil {
			return err
		}
	}
	sj := JudgeStack2E(j.rules, m.Type, attempting, m.OvercomeDilemmas, stack)
	line := fmt.Sprintf("%s attempting", plural(attempting, "personnel", "personnel"))
	if m.OvercomeDilemmas > 0 {
		line += fmt.Sprintf(", less %s already overcome", plural(m.OvercomeDilemmas, "dilemma", "dilemmas"))
		j.cite("dilemmas.overcome")
	}
	j.say("%s: %d dilemmas drawn and a total cost of %d to spend; the stack costs %d.", line, sj.Drawn, sj.Budget, sj.TotalCost)
	j.cite("dilemmas.draw")
	if len(stack) > sj.Drawn {
		j.say("The stack holds %d dilemmas but only %d were drawn to choose from.", len(stack), sj.Drawn)
	}
	j.explainStackLegality(sj)
	j.explainOutcomes(sj)
	j.cite(sj.Applied...)
	j.allow(sj.Legal)
	j.result = &rules.DilemmaStackResult{DilemmasDrawn: ptr(sj.Drawn), DilemmaBudget: ptr(sj.Budget), TotalCost: ptr(sj.TotalCost), Outcomes: nonNilOutcomes(sj.Outcomes)}
	return nil
}

// A stackAnswer is what a 2E dilemma.stack verdict says, compared with and
// without personnel given no place (unplaced.go): how many dilemmas are
// drawn, the cost to spend, and whether the stack is legal.
type stackAnswer struct {
	legal         bool
	drawn, budget int
}

func nonNilOutcomes(o []rules.DilemmaOutcome) []rules.DilemmaOutcome {
	if o == nil {
		return []rules.DilemmaOutcome{}
	}
	return o
}

// explainStackLegality says, when the opponent's choice broke the rules of
// choosing (2E) or of seeding (1E), which dilemmas broke them; what becomes
// of each is in its outcome.
func (j *judgement) explainStackLegality(sj StackJudgement) {
	if sj.Legal {
		return
	}
	var broke []string
	for _, o := range sj.Outcomes {
		if !o.Legal {
			broke = append(broke, o.Title)
		}
	}
	switch {
	case j.first():
		j.sayStrings("The dilemmas seeded under the mission break the rules of seeding (%s): each is dealt with as the rulebook says below.", strings.Join(broke, ", "))
	case len(broke) == 0:
		j.sayStrings("Your opponent's stack is not a legal choice: it holds more dilemmas than were drawn.")
	default:
		j.sayStrings("Your opponent's stack is not a legal choice (%s breaks the rules of choosing dilemmas): each dilemma is dealt with as the rulebook says below.", joinAnd(broke))
	}
}

func (j *judgement) explainOutcomes(sj StackJudgement) {
	for i, o := range sj.Outcomes {
		j.say("%d. %s: %s.", i+1, o.Title, o.Reason)
	}
}

// possessiveOwner is how reasons speak of whose a card is: "you", "your
// opponent".
func possessiveOwner(owner string) string {
	if owner == You {
		return "you"
	}
	return "your opponent"
}
