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
)

// gatherAt returns the personnel the board places where at says, in board
// order, and those of owner given no place, who may be there too. owner is
// You or Opponent. Every gathering of personnel by place goes through it
// (TestEveryGatheringByPlaceGoesThroughTheMechanism counts them).
func (b *Board) gatherAt(owner string, at func(p *Personnel) bool) (there, unplaced []*Personnel) {
	there = b.personnelWhere(func(p *Personnel) bool { return !p.placeUnknown() && at(p) })
	return there, b.unplacedOf(owner)
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
// nil when there is none.
func (b *Board) unplacedOf(owner string) []*Personnel {
	var out []*Personnel
	for _, p := range b.Personnel {
		if p.Owner == owner && p.placeUnknown() {
			out = append(out, p)
		}
	}
	return out
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
