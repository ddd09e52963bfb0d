// Replaying a turn (turn.replay): the actions of a turn played in order as
// moves on the request's board, each judged on the board the actions before
// it left, as a chess engine plays a game's moves over a position. The
// replay holds no rule of its own about any action: every step is
// playMove's, the verdict of the action's question asked alone on that
// board, and the board and turn after it are the move's Apply. What the
// replay adds is the turn: the counters (2E) and the normal card play (1E)
// spent across it, whether orders have begun, and where it stops, at the
// first action the rules refuse.

package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A Replay is a turn played out: each action's step (its verdict and
// legality; the boards between actions are not kept), up to and including
// the first the rules refuse, and the board and turn after the legal ones.
type Replay struct {
	Steps []Step
	// FirstIllegal is the index of the first action refused, -1 when every
	// action was legal.
	FirstIllegal int
	Board        *Board
	Turn         Turn
	// Points are the points the turn's attempts scored; PointsKnown is
	// false when a mission completed had no points given.
	Points      int
	PointsKnown bool
	// aside are the personnel given no place the steps set aside.
	aside *turnAside
}

// replay plays the actions in order on b from the turn start, under doc.
// b and start are never changed. An action that cannot be judged on the
// board the actions before it left is an error naming the action
// (details "action", and a field under params.actions[i]).
func (s *Service) replay(ctx context.Context, doc *rules.Document, b *Board, start Turn, actions []rules.Action) (Replay, error) {
	r := Replay{FirstIllegal: -1, Board: b, Turn: start, PointsKnown: true, Steps: make([]Step, 0, len(actions)), aside: &turnAside{}}
	involved := 0
	for i, a := range actions {
		if err := ctx.Err(); err != nil {
			return Replay{}, err
		}
		r.aside.step = i
		st, err := s.playMoveIn(ctx, doc, r.Board, r.Turn, a.Question, a.Params, r.aside)
		if err != nil {
			return Replay{}, inAction(err, i, a.Question)
		}
		// What the turn names in all counts the cards its actions involve
		// without listing them too: an attempt's team is those who would
		// attempt unless the action lists them, and a step's verdict names
		// each of them. Without it a turn of 256 attempts by a team of
		// 256 answered 35 MB.
		if involved += involvedIn(st.Verdict.Result); involved > rules.MaxTurnListed {
			return Replay{}, inAction(rules.Errorf(rules.EUNPROCESSABLE,
				"the turn's actions involve more than %d cards in all, the teams of its attempts counted with its lists; at most %d are allowed (a turn names each card a few times)",
				rules.MaxTurnListed, rules.MaxTurnListed).WithDetail("field", "params").WithDetail("limit", rules.MaxTurnListed), i, a.Question)
		}
		// A step keeps its verdict: the boards between the actions are
		// garbage once the next action is played.
		r.Steps = append(r.Steps, Step{Verdict: st.Verdict, Legal: st.Legal, Scores: st.Scores, Scored: st.Scored})
		if !st.Legal {
			r.FirstIllegal = i
			break
		}
		r.Board, r.Turn = st.Board, st.Turn
		// A move that scores says what it scored (mission.resolve's
		// points: nil when the mission completed has none given).
		if st.Scores {
			if st.Scored == nil {
				r.PointsKnown = false
			} else {
				r.Points += *st.Scored
			}
		}
	}
	return r, nil
}

// involvedIn counts the cards a step's verdict names as acting: the team
// of an attempt, the personnel beamed.
func involvedIn(r rules.Result) int {
	switch r := r.(type) {
	case *rules.MissionResolveResult:
		return len(r.Personnel)
	case *rules.PersonnelBeamResult:
		return len(r.Moved)
	}
	return 0
}

// inAction names the action an error of its judgement came from: its
// params' fields are under params.actions[i], its message says which
// action it was.
func inAction(err error, i int, question string) error {
	var re *rules.Error
	if !errors.As(err, &re) {
		return err
	}
	at := fmt.Sprintf("params.actions[%d]", i)
	switch f, _ := re.Details["field"].(string); {
	case f == "params" || strings.HasPrefix(f, "params."):
		re.Details["field"] = at + "." + f
	case f == "question":
		re.Details["field"] = at + ".question"
	}
	re.Message = fmt.Sprintf("%s (%s): %s", at, question, re.Message)
	return re.WithDetail("action", i)
}

// runReplay answers turn.replay: allowed says every action was legal; the
// result holds each step's verdict (question, allowed, legal, reasons,
// result, citations), firstIllegal, the board after the legal actions in
// the request's shape, the counters left (2E), whether the normal card play
// was used (1E) and the points the turn scored. The verdict cites the
// turn's rules and every step's citations, the refused step's first.
func runReplay(ctx context.Context, s *Service, j *judgement, raw rules.Params) error {
	p, err := paramsAs[rules.TurnReplayParams](raw)
	if err != nil {
		return err
	}
	if p.Actions == nil {
		return unprocessable("params.actions", "params.actions is required: the actions of the turn in order, each {question, params}")
	}
	actions := *p.Actions
	// The request's decoder refused a longer list as it read it; the
	// replay holds to the same limit (rules.MaxReplayActions) on its own.
	if l := rules.ListLimits["actions"]; len(actions) > l.Max {
		return l.Exceeded("params.actions")
	}
	for i, a := range actions {
		if _, err := rules.ParseMove(a.Question, ""); err != nil {
			// Read again to name the field: no field is written for an
			// action that is a move.
			_, err = rules.ParseMove(a.Question, fmt.Sprintf("params.actions[%d].question", i))
			return err
		}
	}
	turn := NewTurn()
	turn.CountersAssumed = p.Counters == nil && !j.first()
	if p.Counters != nil {
		if j.first() {
			return unprocessable("params.counters", "counters are a Second Edition rule; a First Edition turn has its normal card play")
		}
		if *p.Counters < 0 || *p.Counters > countersPerTurn {
			return unprocessable("params.counters", "counters at the start of a turn are between 0 and %d, not %d", countersPerTurn, *p.Counters)
		}
		turn.Counters = *p.Counters
	}
	r, err := s.replay(ctx, j.doc, j.board, turn, actions)
	if err != nil {
		return err
	}
	s.explainReplay(j, r, len(actions), turn)
	return nil
}

// explainReplay writes the verdict of a turn replayed: its figures, a
// sentence for where it stopped and what it spent, and its citations.
func (s *Service) explainReplay(j *judgement, r Replay, asked int, start Turn) {
	// A step's verdict is in its judgement's room, which may be the
	// request's board arrays', given back once the turn's verdict is
	// made: what the steps say is copied out of it, allowed included.
	// Their reasons are made strings first, all at once.
	j.board.arrays().madeReasons()
	steps := make([]rules.ReplayStep, len(r.Steps))
	allowed := make([]bool, len(r.Steps))
	for i, st := range r.Steps {
		v := st.Verdict
		steps[i] = rules.ReplayStep{Question: v.Question, Legal: st.Legal, Result: v.Result, Reasons: v.Reasons, Citations: v.Citations}
		if v.Allowed != nil {
			allowed[i] = *v.Allowed
			steps[i].Allowed = &allowed[i]
		}
	}
	// The cards that left play during the legal actions: off the board
	// above, known by their ids.
	res := &rules.TurnReplayResult{Steps: steps, Board: r.Board.Encode(), Discarded: r.Board.goneIDs()}
	j.result = res
	if r.PointsKnown {
		res.Points = ptr(r.Points)
	}
	legal := len(r.Steps)
	if r.FirstIllegal >= 0 {
		legal = r.FirstIllegal
		res.FirstIllegal = ptr(r.FirstIllegal)
	}
	j.allow(r.FirstIllegal < 0)
	switch {
	case asked == 0:
		j.sayStrings("The turn has no actions: nothing to replay, and the board is as it was given.")
	case r.FirstIllegal < 0:
		j.sayArgs("All %s of the turn were legal, each judged on the board the actions before it left.", counted(asked, "action", "actions"))
	default:
		j.sayArgs("Action %d of %d (%s) is refused, for the reasons its step gives; the replay stops there, and the board is the one the %s before it left.",
			number(r.FirstIllegal+1), number(asked), text(r.Steps[r.FirstIllegal].Verdict.Question), counted(legal, "legal action", "legal actions"))
	}
	// The personnel given no place the steps set aside, each named once.
	j.sayTurnAside(r.aside)
	if r.PointsKnown && r.Points > 0 {
		j.say("The turn scored %d points.", r.Points)
	} else if !r.PointsKnown {
		j.sayStrings("A mission completed this turn has no points given, so the points scored are not known.")
	}
	// The turn's own rules are cited for the steps that used them: the
	// counters for cards played (2E), executing orders in any sequence for
	// moves, beams and attempts.
	played, ordered := false, false
	for _, st := range r.Steps {
		if st.Verdict.Question == "card.play" {
			played = true
		} else {
			ordered = true
		}
	}
	var keys []ruleKey
	if j.first() {
		res.CardPlayUsed = ptr(r.Turn.CardPlayUsed)
		keys = append(keys, "turn1.sequence")
	} else {
		res.Counters = ptr(r.Turn.Counters)
		if played || len(r.Steps) == 0 {
			spent := start.Counters - r.Turn.Counters
			j.sayArgs("%s spent on cards played; %d left of the %d the turn began with.", counted(spent, "counter", "counters"), number(r.Turn.Counters), number(start.Counters))
			keys = append(keys, "turn.counters")
		}
		if ordered {
			keys = append(keys, "turn.orders")
		}
		if played && r.Turn.Counters > 0 {
			j.sayStrings("While your deck holds cards, the counters left are spent drawing cards: you must spend all seven each turn.")
			keys = append(keys, "turn.spendall")
		}
	}
	// The refused step's rules decided the verdict: they come first, then
	// the turn's, then those of each legal step.
	if r.FirstIllegal >= 0 {
		j.carry(r.Steps[r.FirstIllegal].Verdict.Citations)
	}
	j.carry(s.cite(j.doc, keys, 0))
	// Steps citing the same rules share one list (cite): a list carried
	// already adds nothing, and is not looked through again.
	var lists [16][]rules.Citation
	carriedLists := lists[:0]
steps:
	for _, st := range r.Steps[:legal] {
		cs := st.Verdict.Citations
		if len(cs) == 0 {
			continue
		}
		for _, l := range carriedLists {
			if len(l) == len(cs) && &l[0] == &cs[0] {
				continue steps
			}
		}
		if len(carriedLists) < cap(carriedLists) {
			carriedLists = append(carriedLists, cs)
		}
		j.carry(cs)
	}
}
