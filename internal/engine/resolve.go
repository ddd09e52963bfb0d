// Resolving a mission attempt (mission.resolve): the attempt from its
// first dilemma to its end, with what each dilemma did as a bot reports it.
// Whether the attempt may begin is mission.attempt's judgement
// (beginAttempt); which dilemmas are faced follows the rulebook's stack
// rules (JudgeStack2E, JudgeStack1E); what the attempt did is a value, an
// AttemptResolution, the effect of the move on the board.

package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

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
	if !start.Allowed {
		j.say("The attempt cannot begin, so no dilemma is faced and the mission is not completed.")
		j.allow(false)
		rm.Begun, rm.Effect = false, AttemptResolution{Mission: m.ID, Attempting: ids(start.Group.Personnel), Points: intPtr(0)}
		j.setResolution(rm.Effect, m)
		j.setCheck(nil)
		return nil
	}
	r, err := j.resolveAttempt(ctx, start, stack)
	if err != nil {
		return err
	}
	rm.Begun, rm.Effect = true, r
	j.allow(r.Completed)
	j.setResolution(r, m)
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

// resolveAttempt follows an attempt that may begin through its dilemmas
// and to its end, writing the reasons and the rules applied into the
// judgement, and returns what it did.
func (j *judgement) resolveAttempt(ctx context.Context, start attemptStart, stack []ResolveDilemma) (AttemptResolution, error) {
	m := start.Mission
	group := start.Group.Personnel
	r := AttemptResolution{Mission: m.ID, Attempting: ids(group)}
	stacked := make([]StackedDilemma, len(stack))
	for i, d := range stack {
		stacked[i] = d.StackedDilemma
	}
	var judged StackJudgement
	if j.first() {
		judged = JudgeStack1E(m.Type, stacked)
		j.say("%s under %s, encountered in order.", plural(len(stack), "dilemma seeded", "dilemmas seeded"), m.Name())
	} else {
		drawn := j.explainBudget(len(group), m.OvercomeDilemmas)
		if len(stack) > drawn {
			return r, unprocessable("params.stack", "the stack holds %d dilemmas, but only %d were drawn for %s attempting", len(stack), drawn, plural(len(group), "personnel", "personnel"))
		}
		judged = JudgeStack2E(j.rules, m.Type, len(group), m.OvercomeDilemmas, stacked)
		j.set("dilemmasDrawn", drawn)
		j.set("dilemmaBudget", drawn)
	}
	a := attemptState{j: j, mission: m, remaining: slices.Clone(group), began: group, gone: map[string]bool{}}
	for i, d := range stack {
		if err := ctx.Err(); err != nil {
			return r, err
		}
		o := a.dilemma(d, judged.Outcomes[i])
		if o.Outcome == Overcome {
			r.Overcome++
		}
		r.Outcomes = append(r.Outcomes, o)
		j.say("%d. %s: %s.", i+1, o.Title, o.Reason)
	}
	j.cite(judged.Applied...)
	r.Remaining = ids(a.remaining)
	r.Killed, r.Brigged, r.StoppedByDilemmas, r.ShipStopped = a.killed, a.brigged, a.stopped, a.shipStopped
	if r.Outcomes == nil {
		r.Outcomes = []ResolvedDilemma{}
	}
	if err := j.endAttempt(&r, &a, judged.OwnMisSeed); err != nil {
		return r, err
	}
	return r, nil
}

// attemptState is an attempt in progress: who remains, who has left it and
// how, and whether it has ended.
type attemptState struct {
	j         *judgement
	mission   *Mission
	began     []*Personnel // who began the attempt
	remaining []*Personnel
	killed    []string
	brigged   []string
	stopped   []string
	gone      map[string]bool // ids of those who left: killed, brigged or stopped
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
func (a *attemptState) dilemma(d ResolveDilemma, stackOutcome DilemmaOutcome) ResolvedDilemma {
	j := a.j
	o := ResolvedDilemma{Title: d.Title}
	reported := d.reportedEffects()
	unfaced := func(outcome, reason string) ResolvedDilemma {
		o.Outcome, o.Reason = outcome, reason
		if reported != "" {
			o.Reason += "; so it did not " + reported
		}
		return o
	}
	switch {
	case a.over() && j.first():
		j.cite("attempt1.abort", "attempt1.ends")
		return unfaced(Unfaced, "not encountered: the attempt had ended, so it stays under the mission for the next attempt")
	case a.over():
		j.cite("dilemmas.allgone")
		return unfaced(Overcome, "not faced: no personnel remain in the attempt, so it is overcome")
	case stackOutcome.Outcome == MisSeed:
		j.cite("seed1.misseed")
		return unfaced(MisSeed, stackOutcome.Reason)
	case !stackOutcome.Legal:
		j.cite("dilemmas.unchosen")
		return unfaced(Returned, stackOutcome.Reason+"; unable to choose it, your opponent returns it to the bottom of the dilemma pile")
	case stackOutcome.Outcome == Overcome:
		return unfaced(Overcome, stackOutcome.Reason)
	}
	o.Faced = true
	j.cite(j.pick("dilemma1.affect", "dilemmas.face"))
	before := len(a.remaining)
	did := a.apply(d)
	switch {
	case d.Returns && j.first():
		o.Outcome, o.Reason = Returned, "encountered"+did+"; its text placed it elsewhere (back under the mission, or in play)"
		j.cite("dilemma1.relocate")
	case d.Returns:
		o.Outcome, o.Reason = Returned, "faced"+did+"; its text placed it elsewhere, so it is not overcome"
		j.cite("dilemmas.place")
	case j.first():
		o.Outcome, o.Reason = Discarded, "encountered"+did+"; faced once, it is discarded"
		j.cite("dilemma1.discard")
	default:
		o.Outcome, o.Reason = Overcome, "faced"+did+"; overcome, it is placed beneath the mission"
		j.cite("dilemmas.beneath")
	}
	if j.first() {
		a.endIfNoMatch(d, before)
	} else if len(a.remaining) == 0 {
		j.cite("dilemmas.allgone")
		o.Reason += "; no personnel remain in the attempt, so any dilemma after it is overcome"
	}
	return o
}

// reportedEffects says in words what a dilemma was reported to do, for a
// dilemma not faced; "" when nothing.
func (d ResolveDilemma) reportedEffects() string {
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
	return joinAnd(parts)
}

// apply carries out what a faced dilemma did: those it killed, placed in a
// brig or stopped leave the attempt (killing first, then the brig, then
// stopping: a personnel listed twice leaves by the first). It returns the
// words for the reason (", killing k3" ...). A personnel not in the
// attempt is left alone: "Dilemmas do not normally affect personnel ...
// not involved in the mission attempt"; one who left earlier is gone
// already.
func (a *attemptState) apply(d ResolveDilemma) string {
	j := a.j
	var did []string
	var untouched []string       // listed, but never in the attempt
	outside := map[string]bool{} // the same, by id
	// Who is in the attempt, by id: each listed id is looked up once, and
	// those who leave are taken out of the list once, after the lists.
	in := make(map[string]*Personnel, len(a.remaining))
	for _, p := range a.remaining {
		in[p.ID] = p
	}
	leave := func(list []string, verb string, into *[]string, keys ...ruleKey) {
		var gone []string
		for _, id := range list {
			p, ok := in[id]
			if !ok {
				if !a.gone[id] && !outside[id] {
					outside[id] = true
					untouched = append(untouched, id)
				}
				continue
			}
			delete(in, id)
			a.gone[id] = true
			*into = append(*into, p.ID)
			gone = append(gone, p.Name())
		}
		if len(gone) > 0 {
			did = append(did, verb+" "+joinAnd(gone))
			j.cite(keys...)
		}
	}
	stoppedBefore := len(a.stopped)
	remainingBefore := len(a.remaining)
	defer func() {
		a.remaining = slices.DeleteFunc(a.remaining, func(p *Personnel) bool { return in[p.ID] == nil })
	}()
	leave(d.Kills, "killing", &a.killed, j.pickKeys([]ruleKey{"dilemma1.die", "dilemma1.part"}, []ruleKey{"dilemmas.killed"})...)
	leave(d.Brigs, "placing in a brig", &a.brigged, j.pickKeys([]ruleKey{"dilemma1.part"}, []ruleKey{"brig.area", "dilemmas.leaves"})...)
	leave(d.Stops, "stopping", &a.stopped, j.pickKeys([]ruleKey{"dilemma1.part", "stopped1"}, []ruleKey{"req.stopped"})...)
	if len(untouched) > 0 {
		j.cite(j.pick("dilemma1.affect", "dilemmas.affect"))
		did = append(did, fmt.Sprintf("(it did not affect %s, who %s not in the attempt)", strings.Join(untouched, ", "), isAre(len(untouched))))
	}
	// 1E: a dilemma that stops a whole crew at a space mission stops its
	// ship too.
	if j.first() && a.mission.Type == "space" && remainingBefore > 0 && len(a.stopped)-stoppedBefore == remainingBefore && a.shipStopped == "" {
		if ship := a.shipOfCrew(); ship != nil {
			a.shipStopped = ship.ID
			did = append(did, "and with its whole crew, "+ship.Name())
			j.cite("dilemma1.stops", "dilemma1.ship")
		}
	}
	if len(did) == 0 {
		return ""
	}
	return ", " + strings.Join(did, ", ")
}

// shipOfCrew is the ship those who began a 1E space attempt are aboard.
func (a *attemptState) shipOfCrew() *Ship {
	for _, p := range a.began {
		if p.Ship != "" {
			return a.j.board.Ship(p.Ship)
		}
	}
	return nil
}

// endIfNoMatch ends a 1E attempt after a dilemma that left no one, or no
// one of the mission's affiliations: "If you lose all matching personnel
// during the mission attempt, the mission attempt ends."
func (a *attemptState) endIfNoMatch(d ResolveDilemma, before int) {
	j := a.j
	switch {
	case len(a.remaining) == 0:
		a.ended = "no personnel remain"
		j.cite("attempt1.abort")
	case len(a.remaining) < before && mayAttempt(a.remaining, a.mission) == nil:
		a.ended = "no personnel of an affiliation that may attempt " + a.mission.Name() + " remains"
		j.cite("attempt1.ends")
	default:
		return
	}
	j.say("After %s, %s: the attempt ends.", d.Title, a.ended)
}

// endAttempt checks the requirements on those remaining after the last
// dilemma, and completes and scores the mission or fails the attempt.
func (j *judgement) endAttempt(r *AttemptResolution, a *attemptState, ownMisSeed bool) error {
	m := a.mission
	r.Points = intPtr(0)
	if len(a.remaining) == 0 {
		j.say("No personnel remain in the attempt: it ends without checking %s's requirements, and %s is not completed.", m.Name(), m.Name())
		j.cite(j.pick("attempt1.abort", "req.remaining"))
		j.setCheck(nil)
		return nil
	}
	if a.ended != "" {
		j.say("The attempt ended (%s): %s is not completed, and failing to complete it stops no one.", a.ended, m.Name())
		j.cite("attempt1.fail")
		j.setCheck(nil)
		return nil
	}
	if m.Requirements == "" {
		return unprocessable(m.requirementsField(), "the requirements of %s are not known", m.Name())
	}
	req, err := ParseRequirement(m.Requirements)
	if err != nil {
		return withField(err, m.requirementsField())
	}
	if err := needAttributes(req, a.remaining); err != nil {
		return err
	}
	j.say("%s requires %s; checked against those remaining: %s.", m.Name(), req.String(), names(a.remaining))
	c := checkRequirement(j.vocab, req, a.remaining)
	j.setCheck(&c)
	met := c.Met
	if j.first() {
		j.cite("req1.unstopped", "req1.skills", "req1.attribute")
		if match := mayAttempt(a.remaining, m); match == nil {
			met = false
			j.say("No one remaining matches an affiliation of %s, which completing it needs.", m.Name())
			j.cite("attempt1.aff")
		}
		if ownMisSeed {
			met = false
			j.say("You revealed a mis-seed of your own under %s: you may not complete and score it.", m.Name())
			j.cite("seed1.own")
		}
	} else {
		j.cite("req.remaining", "req.skills", "req.attribute", "req.total")
	}
	if !met {
		if j.first() {
			j.say("%s is not completed; failing to complete it does not stop the Away Team or crew.", m.Name())
			j.cite("attempt1.fail")
			return nil
		}
		r.Stopped = ids(a.remaining)
		j.say("The attempt has failed: %s, remaining in it, %s stopped.", names(a.remaining), isAre(len(a.remaining)))
		j.cite("attempt.fail")
		return nil
	}
	r.Completed = true
	r.Points = m.Points
	if m.Points == nil {
		j.say("%s is completed; its points are not known.", m.Name())
	} else {
		j.say("%s is completed: %s scored.", m.Name(), plural(*m.Points, "point", "points"))
	}
	j.cite(j.pick("attempt1.score", "attempt.score"), j.pick("attempt1.done", "attempt.again"))
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

// setCheck writes the figures of the requirement check, or empty ones
// when no check was made.
func (j *judgement) setCheck(c *RequirementCheck) {
	if c == nil {
		c = &RequirementCheck{}
	}
	skills, attrs, missing := c.Skills, c.Attributes, c.Missing
	if skills == nil {
		skills = []SkillCheck{}
	}
	if attrs == nil {
		attrs = []AttributeCheck{}
	}
	if missing == nil {
		missing = []string{}
	}
	for _, s := range skills {
		verdict := "met"
		if s.Have < s.Needed {
			verdict = "not met"
		}
		j.say("%s: needed %d, those remaining have %d between them (%s).", s.Name, s.Needed, s.Have, verdict)
	}
	for _, a := range attrs {
		cmp := "greater than"
		if a.Total <= a.Threshold {
			cmp = "not greater than"
		}
		j.say("%s total %d is %s %d.", title(a.Name), a.Total, cmp, a.Threshold)
	}
	j.set("skills", skills)
	j.set("attributes", attrs)
	if len(attrs) > 0 {
		j.set("attribute", attrs[0])
	} else {
		j.set("attribute", nil)
	}
	j.set("missing", missing)
}

// pickKeys is pick for lists of rules.
func (j *judgement) pickKeys(first, second []ruleKey) []ruleKey {
	if j.first() {
		return first
	}
	return second
}

func intPtr(v int) *int { return &v }
