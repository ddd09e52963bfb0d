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
	"encoding/json"
	"slices"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A ResolveDilemma is one dilemma of a mission attempt, in reveal order (1E:
// encounter order), with what it did when faced, as the bot reports it: the
// ids of the personnel it stopped, killed or placed in a brig, and whether
// its text placed it somewhere (back in the dilemma pile, on a ship; 1E back
// under the mission) rather than where the rules put a dilemma faced.
type ResolveDilemma struct {
	StackedDilemma
	Stops   []string `json:"stops"`
	Kills   []string `json:"kills"`
	Brigs   []string `json:"brigs"`
	Returns bool     `json:"returns"`
}

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

// A ResolvedDilemma is what became of one dilemma of the attempt: its
// outcome, why, and whether the personnel faced it.
type ResolvedDilemma struct {
	Title   string `json:"title"`
	Outcome string `json:"outcome"` // overcome, returned (2E); discarded, returned, mis-seed, unfaced (1E)
	Reason  string `json:"reason"`
	Faced   bool   `json:"faced"`
}

// An AttemptResolution is what a resolved mission attempt did, the effect
// of the mission.resolve move as a value: who attempted and who remains,
// who the dilemmas stopped, killed or placed in a brig, who the failed
// attempt stopped, the dilemmas overcome beneath the mission (2E), whether
// the mission was completed and the points scored. It refers to the board
// by ids and holds no part of it.
type AttemptResolution struct {
	Mission           string
	Attempting        []string
	Outcomes          []ResolvedDilemma
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

type resolveParams struct {
	Mission   string           `json:"mission"`
	Ship      string           `json:"ship"`
	Personnel *[]string        `json:"personnel"`
	Stack     []ResolveDilemma `json:"stack"`
}

// A resolveMove is mission.resolve as a move: Judge resolves the attempt
// on a board, writing the verdict, and keeps what it did (Effect); Apply
// returns the board after it. Its verdict's allowed says the mission was
// completed; the move is legal whenever the attempt could begin (Legal), a
// failed attempt being an attempt made.
type resolveMove struct {
	params resolveParams
	// Begun says the attempt could begin: the action was legal, whether
	// or not it completed the mission.
	Begun bool
	// Effect is what the attempt did, once judged.
	Effect AttemptResolution
}

func readResolve(_ context.Context, _ *Service, _ *judgement, raw json.RawMessage, _ *Turn) (Move, error) {
	m := &resolveMove{}
	if err := decodeParams(raw, &m.params); err != nil {
		return nil, err
	}
	return m, nil
}

// Legal says whether the attempt could begin: a move made, whatever it
// did.
func (rm *resolveMove) Legal() bool { return rm.Begun }

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
		q := *p
		change(&q)
		nb.setPersonnel(&q)
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
			stopped := *s
			stopped.Stopped = true
			nb.setShip(&stopped)
		}
	}
	if m := nb.Mission(e.Mission); m != nil && (e.Completed || e.Overcome > 0) {
		done := *m
		done.Completed = done.Completed || e.Completed
		done.OvercomeDilemmas += e.Overcome
		nb.setMission(&done)
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
	start, err := j.beginAttempt(m, p.Ship, "params.ship", listed, "params.personnel")
	if err != nil {
		return err
	}
	j.explainAttemptStart(start)
	if !start.Allowed {
		j.say("The attempt cannot begin, so no dilemma is faced and the mission is not completed.")
		j.allow(false)
		rm.Begun, rm.Effect = false, AttemptResolution{Mission: m.ID, Attempting: ids(start.Group.Personnel), Points: intPtr(0)}
		j.setResolution(rm.Effect, m)
		j.set("stackLegal", nil)
		j.explainCheck(nil, true)
		return nil
	}
	ra, err := resolveAttempt(ctx, j.board, j.vocab, j.rules, start, stack)
	if err != nil {
		return err
	}
	j.explainResolvedAttempt(&ra)
	rm.Begun, rm.Effect = true, ra.Resolution
	j.allow(ra.Resolution.Completed)
	j.setResolution(ra.Resolution, m)
	j.set("stackLegal", ra.Stack.Legal)
	return nil
}

// checkResolveDilemma validates one dilemma of a resolve stack: the stack
// item, and the ids of its effects, each a personnel of the board and
// listed once.
func (j *judgement) checkResolveDilemma(d *ResolveDilemma, i int) error {
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

// setResolution writes a resolution into the verdict's result, with the
// fields the contract names and the figures behind them.
func (j *judgement) setResolution(r AttemptResolution, m *Mission) {
	orEmpty := func(xs []string) []string {
		if xs == nil {
			return []string{}
		}
		return xs
	}
	outcomes := r.Outcomes
	if outcomes == nil {
		outcomes = []ResolvedDilemma{}
	}
	j.set("outcomes", outcomes)
	j.set("personnel", orEmpty(r.Attempting))
	j.set("remaining", orEmpty(r.Remaining))
	j.set("completed", r.Completed)
	if r.Points == nil {
		j.set("points", nil)
	} else {
		j.set("points", *r.Points)
	}
	j.set("stopped", orEmpty(r.Stopped))
	j.set("stoppedByDilemmas", orEmpty(r.StoppedByDilemmas))
	j.set("killed", orEmpty(r.Killed))
	j.set("brigged", orEmpty(r.Brigged))
	if r.ShipStopped == "" {
		j.set("shipStopped", nil)
	} else {
		j.set("shipStopped", r.ShipStopped)
	}
	if j.first() {
		j.set("overcome", nil)
		j.set("overcomeDilemmas", nil)
		j.set("dilemmasDrawn", nil)
		j.set("dilemmaBudget", nil)
		return
	}
	j.set("overcome", r.Overcome)
	j.set("overcomeDilemmas", m.OvercomeDilemmas+r.Overcome)
	if _, ok := j.result["dilemmasDrawn"]; !ok {
		j.set("dilemmasDrawn", nil)
		j.set("dilemmaBudget", nil)
	}
}

// pickKeys is pick for lists of rules.
func (j *judgement) pickKeys(first, second []ruleKey) []ruleKey {
	if j.first() {
		return first
	}
	return second
}

func intPtr(v int) *int { return &v }
