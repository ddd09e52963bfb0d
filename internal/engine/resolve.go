// Resolving a mission attempt (mission.resolve): the attempt from its
// first dilemma to its end, with what each dilemma did as a bot reports it.
// Whether the attempt may begin is mission.attempt's judgement
// (beginAttempt); which dilemmas are faced follows the rulebook's stack
// rules (JudgeStack2E, JudgeStack1E); what the attempt did is a value, an
// AttemptResolution, the effect of the move on the board. The attempt
// through its dilemmas to its end is in resolveattempt.go.

package engine

import (
	"context"
	"slices"

	"github.com/stccg/stccg-rules/internal/rules"
)

// What becomes of a dilemma of a resolved attempt, besides Overcome and
// MisSeed: returned when its text (or, for one the opponent could not
// choose, the rules) placed it elsewhere; discarded when a 1E dilemma was
// faced; unfaced when a 1E attempt ended before it, which leaves it under
// the mission for the next attempt.
const (
	Returned  = "returned"
	Discarded = "discarded"
	Unfaced   = "unfaced"
)

// An AttemptResolution is what a resolved mission attempt did, the effect
// of the mission.resolve move as a value: who attempted and who remains,
// who the dilemmas stopped, killed or placed in a brig, who the failed
// attempt stopped, the dilemmas overcome beneath the mission (2E), whether
// the mission was completed and the points scored. It refers to the board
// by ids and holds no part of it.
type AttemptResolution struct {
	Mission           string
	Attempting        []string
	Outcomes          []rules.ResolvedDilemma
	Remaining         []string
	StoppedByDilemmas []string
	Killed            []string
	Brigged           []string
	// Stopped are those stopped because the attempt failed (2E).
	Stopped []string
	// ShipStopped is the ship stopped with its whole crew by a 1E dilemma
	// at a space mission, or "".
	ShipStopped string
	// Overcome is how many dilemmas the attempt placed beneath the
	// mission (2E), faced or not.
	Overcome  int
	Completed bool
	// Points scored: the mission's points when completed, nil when they
	// are not known; 0 when it was not.
	Points *int
}

// maxResolveStack bounds the dilemmas of one attempt: a 2E stack holds at
// most one dilemma a personnel attempting, a 1E mission the seed cards of
// two seed decks (30 counted each). The request's limits refuse a longer
// stack before it is decoded (rules.MaxDilemmaStack).
const maxResolveStack = rules.MaxDilemmaStack

// A resolveMove is mission.resolve as a move: Judge resolves the attempt
// on a board, writing the verdict, and keeps what it did (Effect); Apply
// returns the board after it. Its verdict's allowed says the mission was
// completed; the move is legal whenever the attempt could begin (Legal), a
// failed attempt being an attempt made.
type resolveMove struct {
	params rules.MissionResolveParams
	// Begun says the attempt could begin: the action was legal, whether
	// or not it completed the mission.
	Begun bool
	// Effect is what the attempt did, once judged.
	Effect AttemptResolution
}

func readResolve(_ context.Context, _ *Service, j *judgement, raw rules.Params, _ *Turn) (Move, error) {
	p, err := paramsAs[rules.MissionResolveParams](raw)
	if err != nil {
		return nil, err
	}
	m := newMove(j.board.arrays(), func(a *boardArrays) *room[resolveMove] { return &a.resolves })
	*m = resolveMove{params: *p}
	return m, nil
}

// Legal says whether the attempt could begin: a move made, whatever it
// did.
func (rm *resolveMove) Legal() bool { return rm.Begun }

// Scored is what the attempt scored: the mission's points when it
// completed the mission (nil when they are not known), else 0.
func (rm *resolveMove) Scored() *int { return rm.Effect.Points }

// Apply returns the board after the attempt: those the dilemmas or the
// failed attempt stopped are stopped, those killed are off the board,
// those placed in a brig are captives in the brig of their owner's
// opponent, a ship stopped with its crew (1E) is stopped; the mission is
// completed when the attempt completed it, and (2E) the dilemmas overcome
// lie beneath it. The points scored are the verdict's, not the board's.
// The turn is then executing orders.
func (rm *resolveMove) Apply(b *Board, t Turn) (*Board, Turn, error) {
	e := rm.Effect
	nb := b.clone()
	edit := func(id string, change func(p *Personnel)) error {
		p := nb.PersonnelByID(id)
		if p == nil {
			return unprocessable("params", "%q is not on the board the attempt was resolved on", id)
		}
		q := nb.copyPersonnel(p)
		change(q)
		nb.setPersonnel(q)
		return nil
	}
	for _, list := range [][]string{e.StoppedByDilemmas, e.Stopped} {
		for _, id := range list {
			if err := edit(id, func(p *Personnel) { p.Stopped = true }); err != nil {
				return nil, t, err
			}
		}
	}
	for _, id := range e.Brigged {
		if err := edit(id, func(p *Personnel) {
			p.Mission, p.Ship, p.Facility = "", "", ""
			p.Brig = opponentOf(p.Owner)
		}); err != nil {
			return nil, t, err
		}
	}
	for _, id := range e.Killed {
		if p := nb.PersonnelByID(id); p != nil {
			nb.markGone(p, "killed")
		}
		nb.removePersonnel(id)
	}
	if e.ShipStopped != "" {
		if s := nb.Ship(e.ShipStopped); s != nil {
			stopped := nb.copyShip(s)
			stopped.Stopped = true
			nb.setShip(stopped)
		}
	}
	if m := nb.Mission(e.Mission); m != nil && (e.Completed || e.Overcome > 0) {
		done := nb.copyMission(m)
		done.Completed = done.Completed || e.Completed
		done.OvercomeDilemmas += e.Overcome
		nb.setMission(done)
	}
	t.OrdersBegun = true // attempting a mission is an order
	return nb, t, nil
}

// opponentOf is the other player.
func opponentOf(owner string) string {
	if owner == Opponent {
		return You
	}
	return Opponent
}

// Judge resolves the attempt on the judgement's board: allowed says the
// mission was completed.
func (rm *resolveMove) Judge(ctx context.Context, j *judgement) error {
	p := rm.params
	m, err := j.mission(p.Mission, "params.mission")
	if err != nil {
		return err
	}
	if len(p.Stack) > maxResolveStack {
		return unprocessable("params.stack", "a mission attempt faces at most %d dilemmas, not %d", maxResolveStack, len(p.Stack))
	}
	stack := slices.Clone(p.Stack) // checking folds kinds and seeders
	for i := range stack {
		if err := j.checkResolveDilemma(&stack[i], i); err != nil {
			return err
		}
	}
	var listed []*Personnel
	if p.Personnel != nil {
		if listed, err = j.personnelList(*p.Personnel, "params.personnel"); err != nil {
			return err
		}
	}
	start, err := j.beginAttempt(m, p.Ship, "params.ship", listed, "params.personnel", nil)
	if err != nil {
		return err
	}
	j.explainAttemptStart(start)
	var memo stackMemo
	err = settleUnplaced(ctx, j, start.Group.Unplaced, func(extra []*Personnel) (resolveAnswer, error) {
		s, err := j.beginAttempt(m, p.Ship, "params.ship", listed, "params.personnel", extra)
		if err != nil || !s.Allowed {
			return resolveAnswer{}, err
		}
		ra, err := resolveAttempt(ctx, j.board, j.vocab, j.rules, s, stack, &memo, true)
		return ra.answer(), err
	})
	if err != nil {
		return err
	}
	if !start.Allowed {
		j.sayStrings("The attempt cannot begin, so no dilemma is faced and the mission is not completed.")
		j.allow(false)
		rm.Begun, rm.Effect = false, AttemptResolution{Mission: m.ID, Attempting: ids(start.Group.Personnel), Points: ptr(0)}
		j.result = j.resolution(rm.Effect, m, nil, nil, j.explainCheck(nil, true))
		return nil
	}
	ra, err := resolveAttempt(ctx, j.board, j.vocab, j.rules, start, stack, &memo, false)
	if err != nil {
		return err
	}
	drawn, figures := j.explainResolvedAttempt(&ra)
	rm.Begun, rm.Effect = true, ra.Resolution
	j.allow(ra.Resolution.Completed)
	j.result = j.resolution(ra.Resolution, m, drawn, ptr(ra.Stack.Legal), figures)
	return nil
}

// A resolveAnswer is what a mission.resolve verdict says, compared with
// and without personnel given no place (unplaced.go): whether the attempt
// began, the dilemmas it drew and whether the stack was legal, how it
// ended, and what it scored; the zero answer for an attempt that could not
// begin.
type resolveAnswer struct {
	begun, legal, met, completed bool
	drawn, overcome, points      int
	end                          endKind
	shipStopped                  string
}

// answer is the resolveAnswer of a resolved attempt.
func (ra resolvedAttempt) answer() resolveAnswer {
	r := ra.Resolution
	a := resolveAnswer{begun: true, legal: ra.Stack.Legal, met: ra.End.Met, completed: r.Completed, drawn: ra.Drawn,
		overcome: r.Overcome, points: -1, end: ra.End.Kind, shipStopped: r.ShipStopped}
	if r.Points != nil {
		a.points = *r.Points
	}
	return a
}

// checkResolveDilemma validates one dilemma of a resolve stack: the stack
// item, and the ids of its effects, each a personnel of the board and
// listed once.
func (j *judgement) checkResolveDilemma(d *rules.ResolveDilemma, i int) error {
	field := func() string { return indexed("params.stack", i) }
	if err := j.checkStacked(&d.StackedDilemma, field); err != nil {
		return err
	}
	for _, list := range []struct {
		ids  []string
		name string
	}{{d.Stops, "stops"}, {d.Kills, "kills"}, {d.Brigs, "brigs"}} {
		if len(list.ids) > len(j.board.Personnel) {
			return unprocessable(field()+"."+list.name, "%s lists %d personnel; the board has %d", list.name, len(list.ids), len(j.board.Personnel))
		}
		if _, err := j.personnelList(list.ids, field()+"."+list.name); err != nil {
			return err
		}
	}
	return nil
}

// resolution is the verdict's result of a resolution: the fields the
// contract names and the figures behind them; drawn the dilemmas drawn
// (2E, nil when the attempt did not begin), stackLegal whether the stack
// was a legal choice (nil when the attempt did not begin).
func (j *judgement) resolution(r AttemptResolution, m *Mission, drawn *int, stackLegal *bool, figures rules.RequirementFigures) *rules.MissionResolveResult {
	res := &rules.MissionResolveResult{
		Outcomes:           orEmpty(r.Outcomes),
		Personnel:          orEmpty(r.Attempting),
		Remaining:          orEmpty(r.Remaining),
		Completed:          r.Completed,
		Points:             copyOf(r.Points),
		Stopped:            orEmpty(r.Stopped),
		StoppedByDilemmas:  orEmpty(r.StoppedByDilemmas),
		Killed:             orEmpty(r.Killed),
		Brigged:            orEmpty(r.Brigged),
		StackLegal:         stackLegal,
		RequirementFigures: figures,
	}
	if r.ShipStopped != "" {
		res.ShipStopped = ptr(r.ShipStopped)
	}
	if j.first() {
		return res
	}
	res.Overcome = ptr(r.Overcome)
	res.OvercomeDilemmas = ptr(m.OvercomeDilemmas + r.Overcome)
	res.DilemmasDrawn, res.DilemmaBudget = drawn, drawn
	return res
}

// pickKeys is pick for lists of rules.
func (j *judgement) pickKeys(first, second []ruleKey) []ruleKey {
	if j.first() {
		return first
	}
	return second
}
