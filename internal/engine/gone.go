// Cards that left play during a turn: a personnel a dilemma killed is off
// the board the moves after it see, but its id is still known, as a card
// discarded. A later action that names it is judged and refused, citing
// that killed cards go to the discard pile, rather than turned away as a
// board that cannot be judged.

package engine

import (
	"errors"
	"maps"
	"slices"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A goneCard is a card that left play during the turn: how reasons speak of
// it, and how it left.
type goneCard struct {
	ID, Name string
	How      string // "killed"
}

// markGone records that the personnel p left play, on a board from clone
// (the record is the board's own from then on).
func (b *Board) markGone(p *Personnel, how string) {
	if b.sharedGone || b.gone == nil {
		b.gone = maps.Clone(b.gone)
		if b.gone == nil {
			b.gone = map[string]goneCard{}
		}
		b.sharedGone = false
	}
	b.gone[p.ID] = goneCard{ID: p.ID, Name: p.Name(), How: how}
}

// goneIDs are the ids of the cards that left play, sorted.
func (b *Board) goneIDs() []string {
	ids := make([]string, 0, len(b.gone))
	for id := range b.gone {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// A goneError is what a look-up of a card that left play gives: the card
// and the param that named it. The move naming it is refused (playMove),
// not the turn.
type goneError struct {
	card  goneCard
	field string
}

func (e *goneError) Error() string {
	return e.field + ": " + e.card.Name + " was " + e.card.How + " earlier in the turn"
}

// personnel looks up the personnel an id of a question's params names:
// the personnel, a *goneError for one that left play earlier in the turn,
// or EUNPROCESSABLE naming the field for an id the board never held.
// personnelAt is personnel of the i-th id of the list at field, the
// id's path built only for an error.
func (b *Board) personnelAt(id, field string, i int) (*Personnel, error) {
	if p := b.PersonnelByID(id); p != nil {
		return p, nil
	}
	return b.personnel(id, indexed(field, i))
}

// listedBefore says whether p is among listed, the personnel of a list
// read before it: read in turn while the list is short, else through
// seen, made on the first need and kept by the caller.
func listedBefore(p *Personnel, listed []*Personnel, seen *map[*Personnel]bool) bool {
	if len(listed) < 16 {
		return slices.Contains(listed, p)
	}
	if *seen == nil {
		*seen = make(map[*Personnel]bool, 2*len(listed))
		for _, q := range listed {
			(*seen)[q] = true
		}
	}
	if (*seen)[p] {
		return true
	}
	(*seen)[p] = true
	return false
}

func (b *Board) personnel(id, field string) (*Personnel, error) {
	if p := b.PersonnelByID(id); p != nil {
		return p, nil
	}
	if g, ok := b.gone[id]; ok {
		return nil, &goneError{card: g, field: field}
	}
	return nil, unprocessable(field, "no personnel on the board has the id %q", id)
}

// refuseGone writes the verdict of a move that names a card which left
// play earlier in the turn: refused, saying so, citing that a card killed
// is placed in its owner's discard pile (2E: "These words refer to placing
// a card in its owner's discard pile"; 1E: "Personnel who die ... are
// placed in your discard pile"). It says whether err was such a look-up.
func (j *judgement) refuseGone(question string, err error) bool {
	var g *goneError
	if !errors.As(err, &g) {
		return false
	}
	// What the move said before it met the card is not its verdict.
	j.reasons, j.applied, j.result = nil, nil, nil
	j.unsay()
	j.allow(false)
	j.sayStrings("%s (%s) was %s earlier this turn: a card killed is placed in its owner's discard pile and takes no further part, so this action, which names it in %s, cannot be taken.", g.card.Name, g.card.ID, g.card.How, g.field)
	j.cite(j.pick("dilemma1.die", "killed.discard"))
	j.result = &rules.GoneResult{Move: question, Gone: []string{g.card.ID}}
	return true
}
