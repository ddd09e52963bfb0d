// An attempt that may begin, resolved: its dilemmas faced in order, whom
// each killed, placed in a brig or stopped, and its end, the requirements
// checked on those remaining and the mission completed and scored, or the
// attempt failed. resolveAttempt decides on the board alone;
// explainResolvedAttempt says what it did.

package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A resolvedAttempt is what the rules made of an attempt from its first
// dilemma to its end, before any word is said of it: the resolution (the
// effect of the move), the stack rules' judgement of the dilemmas, what
// each one did, and how the attempt ended.
type resolvedAttempt struct {
	Start      attemptStart
	Resolution AttemptResolution
	// Drawn is how many dilemmas a 2E attempt draws.
	Drawn int
	// Stacked are the dilemmas as the request gives them; Stack the stack
	// rules' judgement of them; Dilemmas what each did, in the same order.
	Stacked  []rules.ResolveDilemma
	Stack    StackJudgement
	Dilemmas []dilemmaResolved
	End      attemptEnd
}

// A dilemmaResolved is what one dilemma of the attempt did, or why it was
// not faced.
type dilemmaResolved struct {
	Unfaced unfacedWhy
	// Killed, Brigged and Stopped name those the dilemma took out of the
	// attempt; Untouched are the ids it was reported to affect who were
	// never in the attempt.
	Killed, Brigged, Stopped []string
	Untouched                []string
	// Ship is the 1E ship stopped with its whole crew.
	Ship *Ship
	// Emptied: no personnel remain after it; Ended says why a 1E attempt
	// ended after it ("" when it went on).
	Emptied bool
	Ended   string
}

// unfacedWhy is why a dilemma of the attempt was not faced.
type unfacedWhy int

const (
	dilemmaFaced         unfacedWhy = iota
	dilemmaAfterEnd                 // 1E: the attempt had ended; it stays under the mission
	dilemmaNoOneLeft                // 2E: no one remains, so it is overcome
	dilemmaMisSeed                  // 1E: a mis-seed
	dilemmaUnchosen                 // one the opponent could not choose
	dilemmaStackOvercome            // overcome by the stack rules
)

// An attemptEnd is how an attempt ended after its last dilemma.
type attemptEnd struct {
	Kind endKind
	// Ended is why a 1E attempt ended early (endEarly).
	Ended string
	// Requirement, checked on those Remaining (endChecked).
	Requirement Requirement
	Remaining   []*Personnel
	Check       RequirementCheck
	// NoMatch: no one remaining of an affiliation that may complete the
	// mission (1E); OwnMisSeed: a mis-seed of your own under it (1E).
	NoMatch, OwnMisSeed bool
	Met                 bool
}

type endKind int

const (
	endNoOneRemains endKind = iota // no personnel remain: the requirements are not checked
	endEarly                       // a 1E attempt ended before its last dilemma
	endChecked                     // the requirements were checked
)

// A stackMemo is a 1E stack's judgement (JudgeStack1E), made once for the
// answers of one question: it reads the mission's type and the stack
// alone, not who attempts, and a question weighing personnel given no
// place resolves the same stack again with each of them (unplaced.go).
//
// It also holds the room the attempts of those answers share, one after
// another: who is in an attempt, by id (attemptState.in), made once and
// cleared for each, where each dilemma of each answer made a map of its
// own.
type stackMemo struct {
	made   bool
	judged StackJudgement
	in     map[string]*Personnel
}

// resolveAttempt follows an attempt that may begin through its dilemmas
// and to its end, on the board alone, under the rules of variant; compared
// says the attempt is only compared with another, never said, so its
// requirements are checked without words (checkRequirementUnsaid). It fails
// on a 2E stack larger than the dilemmas drawn, on the mission's
// requirements not known or not readable, and with ctx's error when ctx
// ends.
func resolveAttempt(ctx context.Context, b *Board, v *Vocabulary, rv variant, start attemptStart, stack []rules.ResolveDilemma, memo *stackMemo, compared bool) (resolvedAttempt, error) {
	first := rv == firstEdition
	m := start.Mission
	group := start.Group.Personnel
	ra := resolvedAttempt{Start: start, Stacked: stack, Resolution: AttemptResolution{Mission: m.ID, Attempting: ids(group)}}
	r := &ra.Resolution
	if !compared {
		r.Outcomes = make([]rules.ResolvedDilemma, 0, len(stack))
	}
	stacked := func() []rules.StackedDilemma {
		out := make([]rules.StackedDilemma, len(stack))
		for i, d := range stack {
			out[i] = d.StackedDilemma
		}
		return out
	}
	if first {
		if memo == nil || !memo.made {
			ra.Stack = JudgeStack1E(m.Type, stacked())
			if memo != nil {
				memo.made, memo.judged = true, ra.Stack
			}
		} else {
			ra.Stack = memo.judged
		}
	} else {
		ra.Drawn = max(len(group)-m.OvercomeDilemmas, 0)
		if len(stack) > ra.Drawn {
			return ra, unprocessable("params.stack", "the stack holds %d dilemmas, but only %d were drawn for %s attempting", len(stack), ra.Drawn, plural(len(group), "personnel", "personnel"))
		}
		ra.Stack = JudgeStack2E(rv, m.Type, len(group), m.OvercomeDilemmas, stacked())
	}
	a := attemptState{board: b, first: first, mission: m, remaining: append(b.arrays().personnelPtrList(len(group)), group...), began: group,
		unsaid: compared}
	if memo != nil {
		if memo.in == nil {
			memo.in = make(map[string]*Personnel, len(group))
		}
		a.in = memo.in
	} else {
		a.in = make(map[string]*Personnel, len(group))
	}
	clear(a.in)
	for _, p := range a.remaining {
		a.in[p.ID] = p
	}
	if !compared {
		// A compared attempt keeps only what its answer compares
		// (resolvedAttempt.answer): not what each dilemma did.
		ra.Dilemmas = make([]dilemmaResolved, 0, len(stack))
	}
	for i, d := range stack {
		if err := ctx.Err(); err != nil {
			return ra, err
		}
		dr := a.dilemma(d, ra.Stack.Outcomes[i])
		outcome := dr.outcome(first, d)
		if outcome == Overcome {
			r.Overcome++
		}
		if compared {
			continue
		}
		ra.Dilemmas = append(ra.Dilemmas, dr)
		r.Outcomes = append(r.Outcomes, rules.ResolvedDilemma{Title: d.Title, Outcome: outcome, Faced: dr.Unfaced == dilemmaFaced})
	}
	if !compared {
		r.Remaining = ids(a.remaining)
	}
	r.Killed, r.Brigged, r.StoppedByDilemmas, r.ShipStopped = a.killed, a.brigged, a.stopped, a.shipStopped
	if r.Outcomes == nil {
		r.Outcomes = []rules.ResolvedDilemma{}
	}
	var err error
	ra.End, err = endAttempt(v, first, r, &a, ra.Stack.OwnMisSeed, compared)
	return ra, err
}

// attemptState is an attempt in progress: who remains, who has left it and
// how, and whether it has ended.
type attemptState struct {
	board     *Board
	first     bool // 1E
	mission   *Mission
	began     []*Personnel // who began the attempt
	remaining []*Personnel
	killed    []string
	brigged   []string
	stopped   []string
	gone      map[string]bool // ids of those who left: killed, brigged or stopped (nil until one has)
	// in is who remains, by id: the same personnel as remaining.
	in map[string]*Personnel
	// unsaid: the attempt is only compared (resolveAttempt), so what each
	// dilemma did is not written down: the names of those who left it,
	// those listed who were never in it.
	unsaid bool
	// shipStopped is the 1E ship stopped with its crew.
	shipStopped string
	// ended says why a 1E attempt ended before its last dilemma ("" while
	// it goes on); a 2E attempt goes on while anyone remains.
	ended string
}

// over says whether the attempt has ended: no one remains (both
// editions), or in 1E no one of a matching affiliation.
func (a *attemptState) over() bool { return len(a.remaining) == 0 || a.ended != "" }

// dilemma resolves one dilemma of the stack given the stack rules' outcome
// for it, applying what it did when it is faced.
func (a *attemptState) dilemma(d rules.ResolveDilemma, stackOutcome rules.DilemmaOutcome) dilemmaResolved {
	var dr dilemmaResolved
	switch {
	case a.over() && a.first:
		dr.Unfaced = dilemmaAfterEnd
	case a.over():
		dr.Unfaced = dilemmaNoOneLeft
	case stackOutcome.Outcome == MisSeed:
		dr.Unfaced = dilemmaMisSeed
	case stackOutcome.Outcome == Returned:
		dr.Unfaced = dilemmaUnchosen
	case stackOutcome.Outcome == Overcome:
		dr.Unfaced = dilemmaStackOvercome
	}
	if dr.Unfaced != dilemmaFaced {
		return dr
	}
	before := len(a.remaining)
	a.apply(d, &dr)
	dr.Emptied = len(a.remaining) == 0
	if a.first {
		// "If you lose all matching personnel during the mission
		// attempt, the mission attempt ends."
		switch {
		case dr.Emptied:
			a.ended = "no personnel remain"
		case len(a.remaining) < before && mayAttempt(a.remaining, a.mission) == nil:
			a.ended = "no personnel of an affiliation that may attempt " + a.mission.Name() + " remains"
		}
		dr.Ended = a.ended
	}
	return dr
}

// outcome is what became of the dilemma: overcome, returned (2E);
// discarded, returned, mis-seed, unfaced (1E).
func (dr dilemmaResolved) outcome(first bool, d rules.ResolveDilemma) string {
	switch dr.Unfaced {
	case dilemmaAfterEnd:
		return Unfaced
	case dilemmaNoOneLeft, dilemmaStackOvercome:
		return Overcome
	case dilemmaMisSeed:
		return MisSeed
	case dilemmaUnchosen:
		return Returned
	}
	switch {
	case d.Returns:
		return Returned
	case first:
		return Discarded
	}
	return Overcome
}

// apply carries out what a faced dilemma did: those it killed, placed in a
// brig or stopped leave the attempt (killing first, then the brig, then
// stopping: a personnel listed twice leaves by the first). A personnel not
// in the attempt is left alone: "Dilemmas do not normally affect personnel
// ... not involved in the mission attempt"; one who left earlier is gone
// already.
func (a *attemptState) apply(d rules.ResolveDilemma, dr *dilemmaResolved) {
	var outside map[string]bool // listed, but never in the attempt
	if !a.unsaid {
		outside = map[string]bool{}
	}
	// Who is in the attempt, by id (a.in): each listed id is looked up
	// once, and those who leave are taken out of the list once, after the
	// lists.
	in := a.in
	leave := func(list []string, into *[]string) []string {
		var gone []string
		for _, id := range list {
			p, ok := in[id]
			if !ok {
				if !a.unsaid && !a.gone[id] && !outside[id] {
					outside[id] = true
					dr.Untouched = append(dr.Untouched, id)
				}
				continue
			}
			delete(in, id)
			*into = append(*into, p.ID)
			if a.unsaid {
				continue
			}
			if a.gone == nil {
				a.gone = map[string]bool{}
			}
			a.gone[id] = true
			gone = append(gone, p.Name())
		}
		return gone
	}
	stoppedBefore := len(a.stopped)
	remainingBefore := len(a.remaining)
	dr.Killed = leave(d.Kills, &a.killed)
	dr.Brigged = leave(d.Brigs, &a.brigged)
	dr.Stopped = leave(d.Stops, &a.stopped)
	// 1E: a dilemma that stops a whole crew at a space mission stops its
	// ship too.
	if a.first && a.mission.Type == "space" && remainingBefore > 0 && len(a.stopped)-stoppedBefore == remainingBefore && a.shipStopped == "" {
		if ship := a.shipOfCrew(); ship != nil {
			a.shipStopped = ship.ID
			dr.Ship = ship
		}
	}
	a.remaining = slices.DeleteFunc(a.remaining, func(p *Personnel) bool { return in[p.ID] == nil })
}

// shipOfCrew is the ship those who began a 1E space attempt are aboard.
func (a *attemptState) shipOfCrew() *Ship {
	for _, p := range a.began {
		if p.Ship != "" {
			return a.board.Ship(p.Ship)
		}
	}
	return nil
}

// endAttempt checks the requirements on those remaining after the last
// dilemma, and completes and scores the mission or fails the attempt. It
// fails when the mission's requirements or the attributes they total are
// not known, or the requirements cannot be read. compared checks them
// without words (resolveAttempt).
func endAttempt(v *Vocabulary, first bool, r *AttemptResolution, a *attemptState, ownMisSeed, compared bool) (attemptEnd, error) {
	m := a.mission
	r.Points = ptr(0)
	if len(a.remaining) == 0 {
		return attemptEnd{Kind: endNoOneRemains}, nil
	}
	if a.ended != "" {
		return attemptEnd{Kind: endEarly, Ended: a.ended}, nil
	}
	req, err := m.requirement(v)
	if err != nil {
		return attemptEnd{}, err
	}
	e := attemptEnd{Kind: endChecked, Requirement: req, Remaining: a.remaining}
	if compared {
		e.Check = checkRequirementUnsaid(v, req, a.remaining)
	} else {
		e.Check = checkRequirement(v, req, a.remaining)
	}
	e.Met = e.Check.Met
	if err := needUnmet(v, req, e.Check, a.remaining, first); err != nil {
		return attemptEnd{}, err
	}
	if first {
		match := mayAttempt(a.remaining, m)
		if err := needMatch(match, a.remaining); err != nil {
			return attemptEnd{}, err
		}
		e.NoMatch = match == nil
		e.OwnMisSeed = ownMisSeed
		e.Met = e.Met && !e.NoMatch && !ownMisSeed
	}
	switch {
	case !e.Met && !first:
		r.Stopped = ids(a.remaining)
	case e.Met:
		r.Completed = true
		r.Points = m.Points
	}
	return e, nil
}

// explainResolvedAttempt writes the reasons and the rules applied of an
// attempt through its dilemmas to its end, and each dilemma's reason into
// the resolution's outcomes. It returns the dilemmas drawn (2E; nil in 1E,
// whose dilemmas are seeded) and the figures of the requirements checked
// at the end.
func (j *judgement) explainResolvedAttempt(ra *resolvedAttempt) (drawn *int, figures rules.RequirementFigures) {
	m := ra.Start.Mission
	if j.first() {
		j.sayArgs("%s under %s, encountered in order.", counted(len(ra.Dilemmas), "dilemma seeded", "dilemmas seeded"), text(m.Name()))
	} else {
		drawn = ptr(j.explainBudget(len(ra.Start.Group.Personnel), m.OvercomeDilemmas))
	}
	j.explainStackLegality(ra.Stack)
	for i, dr := range ra.Dilemmas {
		o := &ra.Resolution.Outcomes[i]
		o.Reason = j.explainDilemma(ra.Stacked[i], ra.Stack.Outcomes[i], dr)
		j.say("%d. %s: %s.", i+1, o.Title, o.Reason)
	}
	j.cite(ra.Stack.Applied...)
	return drawn, j.explainAttemptEnd(m, ra.End)
}

// explainDilemma cites the rules that decided what became of a dilemma,
// given what the stack rules made of it, says when the attempt ended after
// it (1E), and returns its reason.
func (j *judgement) explainDilemma(d rules.ResolveDilemma, stacked rules.DilemmaOutcome, dr dilemmaResolved) string {
	if dr.Unfaced != dilemmaFaced {
		var reason string
		switch dr.Unfaced {
		case dilemmaAfterEnd:
			j.cite("attempt1.abort", "attempt1.ends")
			reason = "not encountered: the attempt had ended, so it stays under the mission for the next attempt"
		case dilemmaNoOneLeft:
			j.cite("dilemmas.allgone")
			reason = "not faced: no personnel remain in the attempt, so it is overcome"
		case dilemmaMisSeed:
			j.cite("seed1.misseed")
			reason = stacked.Reason
		case dilemmaUnchosen:
			j.cite("dilemmas.unchosen")
			reason = stacked.Reason
		case dilemmaStackOvercome:
			reason = stacked.Reason
		}
		if reported := reportedEffects(d); reported != "" {
			reason += "; so it did not " + reported
		}
		return reason
	}
	j.cite(j.pick("dilemma1.affect", "dilemmas.face"))
	did := j.explainDilemmaEffects(dr)
	var reason string
	switch {
	case d.Returns && j.first():
		reason = "encountered" + did + "; its text placed it elsewhere (back under the mission, or in play)"
		j.cite("dilemma1.relocate")
	case d.Returns:
		reason = "faced" + did + "; its text placed it elsewhere, so it is not overcome"
		j.cite("dilemmas.place")
	case j.first():
		reason = "encountered" + did + "; faced once, it is discarded"
		j.cite("dilemma1.discard")
	default:
		reason = "faced" + did + "; overcome, it is placed beneath the mission"
		j.cite("dilemmas.beneath")
	}
	switch {
	case j.first() && dr.Ended != "":
		if dr.Emptied {
			j.cite("attempt1.abort")
		} else {
			j.cite("attempt1.ends")
		}
		j.sayStrings("After %s, %s: the attempt ends.", d.Title, dr.Ended)
	case !j.first() && dr.Emptied:
		j.cite("dilemmas.allgone")
		reason += "; no personnel remain in the attempt, so any dilemma after it is overcome"
	}
	return reason
}

// explainDilemmaEffects cites the rules of what a faced dilemma did and
// returns the words for its reason (", killing k3" ...).
func (j *judgement) explainDilemmaEffects(dr dilemmaResolved) string {
	var did []string
	for _, e := range []struct {
		names []string
		verb  string
		keys  []ruleKey
	}{
		{dr.Killed, "killing", j.pickKeys([]ruleKey{"dilemma1.die", "dilemma1.part"}, []ruleKey{"dilemmas.killed"})},
		{dr.Brigged, "placing in a brig", j.pickKeys([]ruleKey{"dilemma1.part"}, []ruleKey{"brig.area", "dilemmas.leaves"})},
		{dr.Stopped, "stopping", j.pickKeys([]ruleKey{"dilemma1.part", "stopped1"}, []ruleKey{"req.stopped"})},
	} {
		if len(e.names) > 0 {
			did = append(did, e.verb+" "+joinAnd(e.names))
			j.cite(e.keys...)
		}
	}
	if len(dr.Untouched) > 0 {
		j.cite(j.pick("dilemma1.affect", "dilemmas.affect"))
		did = append(did, fmt.Sprintf("(it did not affect %s, who %s not in the attempt)", strings.Join(dr.Untouched, ", "), isAre(len(dr.Untouched))))
	}
	if dr.Ship != nil {
		did = append(did, "and with its whole crew, "+dr.Ship.Name())
		j.cite("dilemma1.stops", "dilemma1.ship")
	}
	if len(did) == 0 {
		return ""
	}
	return ", " + strings.Join(did, ", ")
}

// explainAttemptEnd says how the attempt at m ended: the requirements
// checked on those remaining, and the mission completed and scored or the
// attempt failed. It returns the figures of the requirements checked
// (empty when none were).
func (j *judgement) explainAttemptEnd(m *Mission, e attemptEnd) rules.RequirementFigures {
	switch e.Kind {
	case endNoOneRemains:
		j.sayStrings("No personnel remain in the attempt: it ends without checking %s's requirements, and %s is not completed.", m.Name(), m.Name())
		j.cite(j.pick("attempt1.abort", "req.remaining"))
		return j.explainCheck(nil, true)
	case endEarly:
		j.sayStrings("The attempt ended (%s): %s is not completed, and failing to complete it stops no one.", e.Ended, m.Name())
		j.cite("attempt1.fail")
		return j.explainCheck(nil, true)
	}
	j.sayArgs("%s requires %s; checked against those remaining: %s.", text(m.Name()), requirement(e.Requirement), text(names(e.Remaining)))
	figures := j.explainCheck(&e.Check, true)
	if j.first() {
		j.cite("req1.unstopped")
		j.citeRequirement(e.Requirement, false)
		if e.NoMatch {
			j.sayStrings("No one remaining matches an affiliation of %s, which completing it needs.", m.Name())
			j.cite("attempt1.aff")
		}
		if e.OwnMisSeed {
			j.sayStrings("You revealed a mis-seed of your own under %s: you may not complete and score it.", m.Name())
			j.cite("seed1.own")
		}
	} else {
		j.cite("req.remaining")
		j.citeRequirement(e.Requirement, false)
	}
	switch {
	case !e.Met && j.first():
		j.sayStrings("%s is not completed; failing to complete it does not stop the Away Team or crew.", m.Name())
		j.cite("attempt1.fail")
	case !e.Met:
		j.sayStrings("The attempt has failed: %s, remaining in it, %s stopped.", names(e.Remaining), isAre(len(e.Remaining)))
		j.cite("attempt.fail")
	case m.Points == nil:
		j.sayStrings("%s is completed; its points are not known.", m.Name())
		j.cite(j.pick("attempt1.score", "attempt.score"), j.pick("attempt1.done", "attempt.again"))
	default:
		j.sayArgs("%s is completed: %s scored.", text(m.Name()), counted(*m.Points, "point", "points"))
		j.cite(j.pick("attempt1.score", "attempt.score"), j.pick("attempt1.done", "attempt.again"))
	}
	return figures
}

// reportedEffects says in words what a dilemma was reported to do, for a
// dilemma not faced; "" when nothing.
func reportedEffects(d rules.ResolveDilemma) string {
	var parts []string
	for _, e := range []struct {
		ids  []string
		verb string
	}{{d.Kills, "kill"}, {d.Brigs, "place in a brig"}, {d.Stops, "stop"}} {
		if len(e.ids) > 0 {
			parts = append(parts, e.verb+" "+strings.Join(e.ids, ", "))
		}
	}
	if d.Returns {
		parts = append(parts, "place itself elsewhere")
	}
	if len(parts) == 0 {
		return ""
	}
	return joinAnd(parts)
}
