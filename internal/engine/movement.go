package engine

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// RangeCost is what a move costs and why: the spans added and the
// adjustments the rules make.
type RangeCost struct {
	Cost int
	// Terms are the parts of the sum as a player says them: "Earth (span 2)".
	Terms []string
	// Adjustments are the rules' additions and subtractions: "+ 2 for
	// different quadrants".
	Adjustments []string
	// SameMission is true when both missions are copies of one mission: no
	// span is needed.
	SameMission bool
	// AcrossQuadrants is true when the missions lie in different quadrants.
	AcrossQuadrants bool
	// Passed names the locations a 1E ship flies by on its way.
	Passed []string
	// terms is Terms joined by " + ", when they were made of it.
	terms string
}

// RangeCost2E is the Range a 2E move costs: the spans of the two missions,
// plus 2 across quadrants, minus 2 within one region; nothing between two
// copies of the same mission (one site).
func RangeCost2E(from, to *Mission) (RangeCost, error) {
	var rc RangeCost
	if from.siteKey() == to.siteKey() {
		rc.SameMission = true
		return rc, nil
	}
	fs, err := needNumber(from.Span, from, statSpan)
	if err != nil {
		return rc, err
	}
	ts, err := needNumber(to.Span, to, statSpan)
	if err != nil {
		return rc, err
	}
	for _, m := range []*Mission{from, to} {
		if m.Quadrant == "" {
			return rc, needUnknown(m, statQuadrant)
		}
	}
	rc.Cost = fs + ts
	// The two terms are parts of the sum a reason says, made once.
	first := len(from.Name()) + len(" (span ") + len(strconv.Itoa(fs)) + len(")")
	rc.terms = sprintArgs("%s (span %d) + %s (span %d)", text(from.Name()), number(fs), text(to.Name()), number(ts))
	rc.Terms = []string{rc.terms[:first], rc.terms[first+len(" + "):]}
	if from.Quadrant != to.Quadrant {
		rc.AcrossQuadrants = true
		rc.Cost += 2
		rc.Adjustments = append(rc.Adjustments, sprintf("+ 2 for different quadrants (%s, %s)", from.Quadrant, to.Quadrant))
	}
	if from.Region != "" && fold(from.Region) == fold(to.Region) {
		rc.Cost -= 2
		rc.Adjustments = append(rc.Adjustments, sprintf("- 2 for the same region (%s)", from.Region))
	}
	if rc.Cost < 0 {
		rc.Cost = 0
	}
	return rc, nil
}

// RangeCost1E is the Range a 1E move costs along a spaceline: the spans of
// every mission the ship moves to or passes, not counting where it begins.
// Missions are in board order per quadrant. A move to another quadrant is
// not a spaceline move (AcrossQuadrants).
func RangeCost1E(b *Board, from, to *Mission) (RangeCost, error) {
	var rc RangeCost
	for _, m := range []*Mission{from, to} {
		if m.Quadrant == "" {
			return rc, needUnknown(m, statQuadrant)
		}
	}
	if from.Quadrant != to.Quadrant {
		rc.AcrossQuadrants = true
		return rc, nil
	}
	var line []*Mission
	fi, ti := -1, -1
	for _, m := range b.Missions {
		if m.Quadrant != from.Quadrant || m.siteKey() != site(m.ID) {
			// Another quadrant, or a copy stacked on a mission already
			// on the spaceline: no location of its own.
			continue
		}
		if m.siteKey() == from.siteKey() {
			fi = len(line)
		}
		if m.siteKey() == to.siteKey() {
			ti = len(line)
		}
		line = append(line, m)
	}
	if fi < 0 || ti < 0 {
		// A copy given another quadrant than the mission it is stacked on.
		m := from
		if ti < 0 {
			m = to
		}
		return rc, unprocessable(fmt.Sprintf("board.missions[%d].quadrant", m.Index), "%s is a copy of a mission in another quadrant; copies of one mission are one location", m.Name())
	}
	step := 1
	if ti < fi {
		step = -1
	}
	for i := fi + step; ; i += step {
		m := line[i]
		span, err := needNumber(m.Span, m, statSpan)
		if err != nil {
			return rc, err
		}
		rc.Cost += span
		rc.Terms = append(rc.Terms, fmt.Sprintf("%s (span %d)", m.Name(), span))
		if i == ti {
			break
		}
		rc.Passed = append(rc.Passed, m.Name())
	}
	return rc, nil
}

// shipMove is the order to move a ship to a mission: it spends Range, and
// its crew moves with it.
type shipMove struct {
	ship, to string
	edition  string
	variant  variant
	// judgedShip, judgedTo and judgedCost are the ship, the mission and
	// the cost Judge found on the board judgedOn, for Apply on that board;
	// judgedOn is nil when Judge found the ship already there.
	judgedShip *Ship
	judgedTo   *Mission
	judgedCost RangeCost
	judgedOn   *Board
}

func readShipMove(_ context.Context, _ *Service, j *judgement, raw rules.Params, _ *Turn) (Move, error) {
	p, err := paramsAs[rules.ShipMoveParams](raw)
	if err != nil {
		return nil, err
	}
	m := newMove(j.board.arrays(), func(a *boardArrays) *room[shipMove] { return &a.shipMoves })
	*m = shipMove{ship: p.Ship, to: p.To, edition: j.edition, variant: j.rules}
	return m, nil
}

// ship and mission read the ship the move names and where it goes; errors
// name the field that cannot be judged.
func (m *shipMove) shipAndMission(j *judgement) (*Ship, *Mission, *Mission, error) {
	s, err := j.ship(m.ship, "params.ship")
	if err != nil {
		return nil, nil, nil, err
	}
	to, err := j.mission(m.to, "params.to")
	if err != nil {
		return nil, nil, nil, err
	}
	if s.Mission == "" {
		return nil, nil, nil, unprocessable(fmt.Sprintf("board.ships[%d].at.mission", s.Index), "%s is at no mission; say where it is", s.Name())
	}
	return s, j.board.Mission(s.Mission), to, nil
}

func (m *shipMove) Judge(ctx context.Context, j *judgement) error {
	s, from, to, err := m.shipAndMission(j)
	if err != nil {
		return err
	}
	mv, err := moveShip(ctx, j.board, j.rules, s, from, to)
	if err != nil {
		return err
	}
	if !mv.AlreadyThere {
		m.judgedShip, m.judgedTo, m.judgedCost, m.judgedOn = mv.Ship, mv.To, mv.Cost, j.board
	}
	j.explainShipMove(mv)
	return nil
}

// A ShipMove is what the rules make of moving a ship to a mission, before
// any word is said of it (explainShipMove says it). The move is allowed
// when the ship is at another mission, is its owner's to move, is not
// stopped, is staffed and has the Range; moving between copies of one
// mission, under the Call to Arms rulebook and later, is no move at all.
type ShipMove struct {
	Ship     *Ship
	From, To *Mission
	// PrintedRange is the ship's Range; Range is what damage leaves of it
	// (1E), and Available what is left to spend this turn.
	PrintedRange, Range, Available int
	// Damaged: a damaged 1E ship, whose RANGE damage reduces.
	Damaged bool
	// AlreadyThere: the ship is at the mission already; nothing else is
	// judged.
	AlreadyThere bool
	// Cost is what the move costs in Range, and why.
	Cost RangeCost
	// Relocated: the two missions are copies of one mission, where the
	// ship is already (Call to Arms and later); nothing else is judged.
	Relocated bool
	// NotYours and Stopped forbid the move, as an unstaffed ship does.
	NotYours, Stopped bool
	Staffing          StaffingOutcome
	// AcrossQuadrants: a 1E move from one quadrant to the other, which no
	// Range pays for; the Range is not judged.
	AcrossQuadrants bool
	// TooFar: the move costs more Range than the ship has left.
	TooFar  bool
	Allowed bool
}

// moveShip judges a ship's move from the mission it is at to another under
// the rules of variant, on the board alone. It fails, naming the field,
// when the board does not say what the move needs: the ship's affiliation,
// its Range, the spans and quadrants the cost is counted from; and with
// ctx's error when ctx ends.
func moveShip(ctx context.Context, b *Board, rules variant, s *Ship, from, to *Mission) (ShipMove, error) {
	first := rules == firstEdition
	if err := needAffiliation(s); err != nil {
		return ShipMove{}, err
	}
	printed, err := needNumber(s.Range, s, statRange)
	if err != nil {
		return ShipMove{}, err
	}
	m := ShipMove{Ship: s, From: from, To: to, PrintedRange: printed, Range: printed}
	if first && s.Damage > 0 {
		// Rotation damage (no Battle Bridge side deck) reduces RANGE to
		// 5; "if it is already less than 5, it remains the same".
		m.Damaged, m.Range = true, min(printed, 5)
	}
	m.Available = max(m.Range-s.RangeUsed, 0)
	if from == to || (first && from.siteKey() == to.siteKey()) {
		// 1E: a copy stacked on the mission is the same location.
		m.AlreadyThere = true
		return m, nil
	}
	if first {
		m.Cost, err = RangeCost1E(b, from, to)
	} else {
		m.Cost, err = RangeCost2E(from, to)
	}
	if err != nil {
		return ShipMove{}, err
	}
	if m.Cost.SameMission && rules != premiereRules && s.Owner == You {
		// Call to Arms and later: copies of one mission are one mission;
		// cards at them are relocated as convenient, which is no move.
		m.Relocated, m.Allowed = true, true
		return m, nil
	}
	m.NotYours, m.Stopped = s.Owner != You, b.shipMay(s, actMove).stopped()
	if m.Staffing, err = Staffing(ctx, b, first, s); err != nil {
		return ShipMove{}, err
	}
	if first && m.Cost.AcrossQuadrants {
		m.AcrossQuadrants = true
		return m, nil
	}
	m.TooFar = m.Cost.Cost > m.Available
	m.Allowed = !m.NotYours && !m.Stopped && m.Staffing.Staffed && !m.TooFar
	return m, nil
}

// explainShipMove writes the verdict of a move: its reasons in the order a
// player checks them, the rules applied, and the figures. Every verdict
// gives the three figures: a move refused spends nothing, so the Range
// remaining is all that is available; a cost the rules do not define (a 1E
// move between quadrants) is null.
func (j *judgement) explainShipMove(m ShipMove) {
	s, from, to := m.Ship, m.From, m.To
	if m.Damaged {
		j.cite("damage1.hit")
		if m.Range < m.PrintedRange {
			j.say("%s is damaged: its RANGE %d is reduced to 5.", s.Name(), m.PrintedRange)
		} else {
			j.say("%s is damaged: its RANGE %d is already 5 or less and remains the same.", s.Name(), m.PrintedRange)
		}
	}
	// The result and its two figures are made together, one allocation.
	made := &struct {
		res     rules.ShipMoveResult
		cost    int
		staffed bool
	}{res: rules.ShipMoveResult{RangeAvailable: m.Available, RangeRemaining: m.Available}}
	res := &made.res
	j.result = res
	switch {
	case m.AlreadyThere:
		j.allow(false)
		j.sayStrings("%s is already at %s.", s.Name(), to.Name())
		if from != to {
			j.sayStrings("%s and %s are copies of one mission, the later placed on top of the first: one location, treated by both players as theirs.", from.Name(), to.Name())
			j.cite("mission1.copies")
		}
		j.cite(j.moveRules()...)
		res.RangeCost = &made.cost // 0
		return
	case m.Relocated:
		j.allow(true)
		j.sayStrings("%s and %s are copies of the same mission, so %s is already there: it may be relocated to either copy without moving, whatever its Range, staffing or stops.", from.Name(), to.Name(), s.Name())
		j.cite("move.same")
		res.RangeCost = &made.cost // 0
		return
	}
	if m.NotYours {
		j.sayStrings("%s is your opponent's ship; you may move only your own ships.", s.Name())
		j.cite(j.pick("move1.yours", "move.yours"))
	}
	if m.Stopped {
		j.sayStrings("%s is stopped; a stopped ship cannot move.", s.Name())
		j.cite(j.pick("stopped1", "orders.stopped"))
	}
	if !m.Staffing.Staffed {
		j.sayStrings("%s is not staffed, so it cannot move.", s.Name())
		j.explainStaffing(s, m.Staffing)
	} else {
		j.sayUnread(s, m.Staffing)
		j.sayUnplaced(m.Staffing.Unplaced)
	}
	j.cite(j.pick("move1.crew", "move.staffed"))
	rc := m.Cost
	switch {
	case m.AcrossQuadrants:
		j.sayStrings("%s is in the %s quadrant and %s in the %s quadrant; a ship cannot move from one quadrant to the other without a card that allows it.", from.Name(), from.Quadrant, to.Name(), to.Quadrant)
		j.cite("move1.quadrant")
		j.allow(false)
		return
	case rc.SameMission:
		// Premiere: a move between copies needs no span, but is a move.
		j.sayStrings("%s and %s are copies of the same mission: no span is required, even with no Range left.", from.Name(), to.Name())
		j.cite("move.same")
	default:
		sum := rc.terms
		if sum == "" {
			sum = strings.Join(rc.Terms, " + ")
		}
		if len(rc.Adjustments) > 0 {
			sum += " " + strings.Join(rc.Adjustments, " ")
		}
		if j.first() && len(rc.Terms) > 0 {
			sum = "From " + from.Name() + " along the spaceline: " + sum
		}
		j.sayArgs("%s = %d Range; %d available", text(sum), number(rc.Cost), number(m.Available))
		if j.first() && len(rc.Passed) > 0 {
			j.sayStrings("On the way %s flies by %s: their spans count, but flying by, it is not affected by cards there unless a card says so.", s.Name(), joinAnd(rc.Passed))
			j.cite("move1.passing")
		}
	}
	j.cite(j.moveRules()...)
	for _, a := range rc.Adjustments {
		if strings.Contains(a, "region") {
			j.cite("move.region")
		} else {
			j.cite("move.quadrant")
		}
	}
	if m.TooFar {
		j.say("%s has %d Range left, less than the %d this move needs.", s.Name(), m.Available, rc.Cost)
		if j.first() {
			j.cite("move1.limit")
		}
	}
	j.allow(m.Allowed)
	made.cost, made.staffed = rc.Cost, m.Staffing.Staffed
	res.RangeCost, res.Staffed = &made.cost, &made.staffed
	if m.Allowed {
		res.RangeRemaining = m.Available - rc.Cost
	}
}

// Apply moves the ship to the mission and spends the Range the move costs
// (nothing between copies of one mission); the personnel aboard go with
// it, since they are aboard the ship wherever it is. The turn is then
// executing orders.
func (m *shipMove) Apply(b *Board, t Turn) (*Board, Turn, error) {
	s, to, rc := m.judgedShip, m.judgedTo, m.judgedCost
	if b != m.judgedOn {
		// Not the board Judge judged the move on, or a move it judged
		// no further than the ship already there: read it again.
		j := &judgement{edition: m.edition, rules: m.variant, board: b}
		var from *Mission
		var err error
		if s, from, to, err = m.shipAndMission(j); err != nil {
			return nil, t, err
		}
		if j.first() {
			rc, err = RangeCost1E(b, from, to)
		} else {
			rc, err = RangeCost2E(from, to)
		}
		if err != nil {
			return nil, t, err
		}
	}
	moved := b.copyShip(s)
	moved.Mission = to.ID
	moved.Docked = "" // 1E: a ship that moves away undocks
	if !rc.SameMission {
		moved.RangeUsed += rc.Cost
	}
	// Moving a ship is an order; relocating it between copies of one
	// mission (Call to Arms and later) is no move at all.
	if !rc.SameMission || m.variant == premiereRules {
		t.OrdersBegun = true
	}
	nb := b.clone()
	nb.setShip(moved)
	return nb, t, nil
}

func (j *judgement) moveRules() []ruleKey {
	if j.first() {
		return []ruleKey{"move1.range"}
	}
	return []ruleKey{"move.range", "move.available", "move.used"}
}
