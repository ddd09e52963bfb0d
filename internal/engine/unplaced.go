// Personnel gathered by place, and those the board gives no place: one
// mechanism for every question that gathers personnel by where they are
// (who attempts a mission, how many dilemmas an attempt draws, a ship's
// crew for its staffing, those stopped after an engagement, the crews of
// a 1E ship battle). A personnel
// given no place (whereabouts.go: placeUnknown) is not nowhere: it may be
// at the place gathered as well as anywhere else. A question asks for its
// place (placeNotGiven) only where whether it is there turns the answer;
// otherwise it is set aside and the verdict names it (sayUnplaced). 2E
// combat and 1E personnel battles read the same Unknown with rules of
// their own (combat.go: combatUnplaced; initiate1e.go).

package engine

import (
	"context"
	"slices"
	"strconv"
	"strings"
)

// gatherAt returns the personnel the board places where at says, in board
// order, and those of owner given no place, who may be there too. owner is
// You or Opponent, or anyOwner for both players' (a 2E combat gathers
// both). Every gathering of personnel by place goes through it
// (TestEveryGatheringByPlaceGoesThroughTheMechanism counts them).
func (b *Board) gatherAt(owner string, at func(p *Personnel) bool) (there, unplaced []*Personnel) {
	there = b.personnelWhere(func(p *Personnel) bool { return !p.placeUnknown() && at(p) })
	return there, b.unplacedOf(owner)
}

// anyOwner gathers both players' personnel (gatherAt, unplacedOf).
const anyOwner = ""

// partPlaced parts personnel a question names into those the board places
// and those given no place, each list in the order named: a question that
// asks whether those it names are together (a 1E personnel battle) reads
// the second as Unknown, present or not.
func partPlaced(ps []*Personnel) (placed, unplaced []*Personnel) {
	for _, p := range ps {
		if p.placeUnknown() {
			unplaced = append(unplaced, p)
		} else {
			placed = append(placed, p)
		}
	}
	return placed, unplaced
}

// crewOf is the personnel aboard the ship or facility with the id, and of
// extra (personnel given no place counted as there) those of its owner.
func (b *Board) crewOf(id, owner string, extra []*Personnel) []*Personnel {
	aboard, _ := b.gatherAt(owner, func(p *Personnel) bool { return p.Ship == id || p.Facility == id })
	for _, p := range extra {
		if p.Owner == owner {
			aboard = append(slices.Clip(aboard), p)
		}
	}
	return aboard
}

// unplacedOf lists the personnel of owner given no place, in board order;
// nil when there is none. The list is the board's, listed once an owner
// and kept until the personnel list changes (ownPersonnel), with no room
// past it: a caller appending to it makes a list of its own.
func (b *Board) unplacedOf(owner string) []*Personnel {
	i := 0
	switch owner {
	case Opponent:
		i = 1
	case anyOwner:
		i = 2
	}
	if b.unplaced == nil {
		b.unplaced = new(unplacedLists)
	} else if b.unplaced.listed[i] {
		return b.unplaced.lists[i]
	}
	of := func(p *Personnel) bool { return (owner == anyOwner || p.Owner == owner) && p.placeUnknown() }
	n := 0
	for _, p := range b.Personnel {
		if of(p) {
			n++
		}
	}
	var out []*Personnel
	if n > 0 {
		out = make([]*Personnel, 0, n)
		for _, p := range b.Personnel {
			if of(p) {
				out = append(out, p)
			}
		}
	}
	b.unplaced.lists[i], b.unplaced.listed[i] = out, true
	return out
}

// unplacedShared are the board's lists of those given no place, for a
// board cloned from it to share: made now if none is, so that what either
// lists later is listed once for both.
func (b *Board) unplacedShared() *unplacedLists {
	if b.unplaced == nil {
		b.unplaced = new(unplacedLists)
	}
	return b.unplaced
}

// unplacedLists are the personnel given no place of each owner, yours,
// the opponent's and both players' (anyOwner), each once listed.
type unplacedLists struct {
	lists  [3][]*Personnel
	listed [3]bool
}

// unplacedDeciding is the first of the personnel given no place whose
// presence turns a question's answer, or nil when none does. answer is
// the question's answer with extra present besides those placed, as a
// comparable summary of what the verdict says (allowed, its counts);
// each of them is tried alone, then all together: len(unplaced)+2
// answers, unplaced bounded by the board's personnel. An answer that
// fails with extra present may differ, so it decides too. It fails with
// the answer's own error when the answer without any of them fails, and
// with ctx's error when ctx ends.
func unplacedDeciding[K comparable](ctx context.Context, unplaced []*Personnel, answer func(extra []*Personnel) (K, error)) (*Personnel, error) {
	if len(unplaced) == 0 {
		return nil, nil
	}
	without, err := answer(nil)
	if err != nil {
		return nil, err
	}
	differs := func(extra []*Personnel) bool {
		with, err := answer(extra)
		return err != nil || with != without
	}
	for _, p := range unplaced {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if differs([]*Personnel{p}) {
			return p, nil
		}
	}
	if len(unplaced) > 1 && differs(unplaced) {
		return unplaced[0], nil
	}
	return nil, nil
}

// settleUnplaced asks for the place of the first personnel given no place
// whose presence turns the answer (placeNotGiven), or says in the verdict
// that those given no place were set aside (sayUnplaced).
func settleUnplaced[K comparable](ctx context.Context, j *judgement, unplaced []*Personnel, answer func(extra []*Personnel) (K, error)) error {
	x, err := unplacedDeciding(ctx, unplaced, answer)
	if err != nil {
		return err
	}
	if x != nil {
		return placeNotGiven(x)
	}
	j.sayUnplaced(unplaced)
	return nil
}

// withExtra is the personnel gathered and extra, in a list of its own.
func withExtra(there, extra []*Personnel) []*Personnel {
	if len(extra) == 0 {
		return there
	}
	return append(slices.Clip(there), extra...)
}

// A turnAside is what the steps of a turn set aside of the personnel
// given no place (sayUnplaced): each personnel once, in the order first
// set aside, with the actions it was set aside in as runs of actions. A
// step says how many it set aside; the turn's verdict names them once
// (sayTurnAside), where each step naming them again answered a turn of
// 256 ship.move with 254 personnel given no place in 10.8 MB.
type turnAside struct {
	// step is the index of the action being judged.
	step  int
	order []*Personnel
	runs  map[string][]actionRun // by personnel id
	// last is the list the steps from lastFrom to lastTo set aside, not
	// yet noted of each personnel in it (flush): the steps of a turn
	// mostly set aside one list, the board's of those given no place
	// (unplacedOf), the same until a move changes the personnel, and
	// noting each of its personnel at each step was a quarter of the
	// CPU of a turn of 256 ship.move with 249 given no place.
	last             []*Personnel
	lastFrom, lastTo int
}

// An actionRun is the actions from to to, both included.
type actionRun struct{ from, to int }

// record notes that the step being judged set ps aside.
func (a *turnAside) record(ps []*Personnel) {
	if len(ps) == 0 {
		return
	}
	if a.last != nil && sameList(ps, a.last) && a.lastTo >= a.step-1 {
		a.lastTo = a.step
		return
	}
	a.flush()
	a.last, a.lastFrom, a.lastTo = ps, a.step, a.step
}

// sameList says whether two lists are one: the same array, as long.
func sameList(x, y []*Personnel) bool {
	return len(x) == len(y) && &x[0] == &y[0]
}

// flush notes the list the last steps set aside of each personnel in it.
func (a *turnAside) flush() {
	if a.last == nil {
		return
	}
	if a.runs == nil {
		a.runs = make(map[string][]actionRun, len(a.last))
	}
	for _, p := range a.last {
		rs, ok := a.runs[p.ID]
		if !ok {
			a.order = append(a.order, p)
		}
		switch n := len(rs); {
		case n > 0 && rs[n-1].to >= a.lastFrom-1:
			rs[n-1].to = max(rs[n-1].to, a.lastTo)
		default:
			rs = append(rs, actionRun{a.lastFrom, a.lastTo})
		}
		a.runs[p.ID] = rs
	}
	a.last = nil
}

// sayTurnAside names the personnel the turn's steps set aside, each once:
// those set aside in the same actions together, in the order first set
// aside, with those actions (numbered from 1, as the turn's sentences
// number them). A sentence a group: at most one a personnel the board
// holds.
func (j *judgement) sayTurnAside(a *turnAside) {
	if a == nil {
		return
	}
	a.flush()
	if len(a.order) == 0 {
		return
	}
	said := make(map[string]bool, len(a.order))
	for i, p := range a.order {
		if said[p.ID] {
			continue
		}
		rs := a.runs[p.ID]
		group := []*Personnel{p}
		for _, q := range a.order[i+1:] {
			if !said[q.ID] && slices.Equal(a.runs[q.ID], rs) {
				group = append(group, q)
			}
		}
		paths := make([]string, len(group))
		for k, q := range group {
			said[q.ID] = true
			paths[k] = q.path() + ".at"
		}
		j.sayStrings("%s, given no place (%s), %s set aside in %s: the answer of each is the same whether present or not.",
			names(group), strings.Join(paths, ", "), isAre(len(group)), actionRuns(rs))
	}
}

// actionRuns says runs of actions, numbered from 1: "action 3",
// "actions 1 to 256", "actions 1, 3 to 5 and 9".
func actionRuns(rs []actionRun) string {
	var b strings.Builder
	if len(rs) == 1 && rs[0].from == rs[0].to {
		b.WriteString("action ")
	} else {
		b.WriteString("actions ")
	}
	for i, r := range rs {
		switch {
		case i == 0:
		case i == len(rs)-1:
			b.WriteString(" and ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(r.from + 1))
		if r.to > r.from {
			b.WriteString(" to ")
			b.WriteString(strconv.Itoa(r.to + 1))
		}
	}
	return b.String()
}
