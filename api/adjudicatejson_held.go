package api

import "github.com/stccg/stccg-rules/internal/rules"

// A decoding for the REST handler (decodeAdjudicationHeld) reads the
// request's lists, numbers, strings and places into storage kept from one
// request to the next, instead of allocating them: the handler hands it
// back (releaseHeld) once the answer is written, when nothing reads the
// request any more. An adjudication's board is most of what a request
// allocates, and all of it is garbage once the verdict is written. The
// texts of the strings are not held: the engine's memos may keep a string
// read from a request.

// heldStorage is what a held decoding hands out: the lists of board
// objects, and the first chunks of numbers, strings and places.
type heldStorage struct {
	listScratch
	ints      []int
	strings   []string
	locations []rules.Location
	// inline holds the cards played inline (card.play's card object); its
	// length is how many a decoding took.
	inline []rules.InlineCard
	// params holds the params of a turn's actions and of the turn.
	params heldParams
	// used is how much of each chunk the last decoding wrote.
	usedInts, usedStrings, usedLocations int
}

// spilt says which held chunks filled up during a decoding.
type spilt uint8

const (
	spiltInts spilt = 1 << iota
	spiltStrings
	spiltLocations
)

// The held chunks' sizes: the most a decoder's first chunk of each takes.
const (
	heldInts      = 64
	heldStrings   = 256
	heldLocations = 64
	heldInline    = 16
)

// maxHeldItems is the most items a held list keeps room for from one
// request to the next.
const maxHeldItems = 256

// heldFirst is the room a held list is first made with.
const heldFirst = 16

// decodeAdjudicationHeld is DecodeAdjudication for the REST handler: what
// it reads into req is the returned storage's until releaseHeld is called
// with it, after the answer is written. When it fails it holds nothing.
func decodeAdjudicationHeld(body []byte, req *rules.AdjudicationRequest) (*decodeScratch, error) {
	d := requestDecoder{data: body, hold: true}
	h := &d.scratch().held
	if cap(h.ints) == 0 {
		h.ints = make([]int, 0, heldInts)
		h.strings = make([]string, 0, heldStrings)
		h.locations = make([]rules.Location, 0, heldLocations)
	}
	d.ints, d.strings, d.locations = h.ints[:0], h.strings[:0], h.locations[:0]
	err := d.decode(req)
	h.usedInts = used(h.ints, d.ints, d.spilt&spiltInts != 0)
	h.usedStrings = used(h.strings, d.strings, d.spilt&spiltStrings != 0)
	h.usedLocations = used(h.locations, d.locations, d.spilt&spiltLocations != 0)
	if err != nil {
		// The error holds nothing of what was read.
		releaseHeld(d.lists)
		return nil, err
	}
	return d.lists, nil
}

// used is how much of the held chunk a decoding wrote: all of it when it
// filled up, else as much as the decoder's chunk, which is still it, holds.
func used[T any](held, chunk []T, filled bool) int {
	if filled {
		return cap(held)
	}
	return len(chunk)
}

// releaseHeld hands s back to the pool, its held storage cleared so that
// it keeps nothing of the request alive.
func releaseHeld(s *decodeScratch) {
	h := &s.held
	h.listScratch.emptied()
	clear(h.ints[:h.usedInts])
	clear(h.strings[:h.usedStrings])
	clear(h.locations[:h.usedLocations])
	clear(h.inline)
	h.inline = h.inline[:0]
	h.params.clear()
	h.usedInts, h.usedStrings, h.usedLocations = 0, 0, 0
	d := requestDecoder{lists: s}
	d.release()
}

// inlineCard is a new InlineCard: for the REST handler (hold) one of the
// held ones while they last, else an allocation of its own.
func (d *requestDecoder) inlineCard() *rules.InlineCard {
	if !d.hold {
		return new(rules.InlineCard)
	}
	h := &d.scratch().held
	if cap(h.inline) == 0 {
		h.inline = make([]rules.InlineCard, 0, heldInline)
	}
	if len(h.inline) == cap(h.inline) {
		return new(rules.InlineCard)
	}
	h.inline = h.inline[:len(h.inline)+1]
	return &h.inline[len(h.inline)-1]
}

// heldParams are the params of the questions a turn is made of, its own
// and its actions' (rules.NewParams made one each: eleven or twelve of a
// turn's thirteen allocations in decoding), heldMoves of each kind; the
// length of each list is how many a decoding took.
type heldParams struct {
	cardPlays []rules.CardPlayParams
	beams     []rules.PersonnelBeamParams
	shipMoves []rules.ShipMoveParams
	resolves  []rules.MissionResolveParams
	turns     []rules.TurnReplayParams
}

// heldMoves is how many params of each move a held decoding keeps.
const heldMoves = 16

// newParams is rules.NewParams, for the REST handler (hold) the params of
// a turn and of its moves taken from held storage while it lasts.
func (d *requestDecoder) newParams(q rules.Question) rules.Params {
	if !d.hold {
		return rules.NewParams(q)
	}
	h := &d.scratch().held.params
	switch q {
	case rules.QuestionCardPlay:
		if p := heldOne(&h.cardPlays); p != nil {
			return p
		}
	case rules.QuestionPersonnelBeam:
		if p := heldOne(&h.beams); p != nil {
			return p
		}
	case rules.QuestionShipMove:
		if p := heldOne(&h.shipMoves); p != nil {
			return p
		}
	case rules.QuestionMissionResolve:
		if p := heldOne(&h.resolves); p != nil {
			return p
		}
	case rules.QuestionTurnReplay:
		if p := heldOne(&h.turns); p != nil {
			return p
		}
	}
	return rules.NewParams(q)
}

// heldOne is the next value of a held list, zero; nil once the list is
// full (heldMoves).
func heldOne[T any](l *[]T) *T {
	if cap(*l) == 0 {
		*l = make([]T, 0, heldMoves)
	}
	if len(*l) == cap(*l) {
		return nil
	}
	*l = (*l)[:len(*l)+1]
	return &(*l)[len(*l)-1]
}

// clear empties the held params, keeping their room.
func (h *heldParams) clear() {
	clear(h.cardPlays)
	clear(h.beams)
	clear(h.shipMoves)
	clear(h.resolves)
	clear(h.turns)
	h.cardPlays, h.beams, h.shipMoves, h.resolves, h.turns = h.cardPlays[:0], h.beams[:0], h.shipMoves[:0], h.resolves[:0], h.turns[:0]
}

// kept is the list of the items read onto the scratch list s from start
// on: made at its length (listOf), or, when the decoder holds what it
// reads (hold), copied onto the end of held, the held list of its type,
// as a part no other list can append into. A held list full is followed
// by one twice its size; the lists handed out keep the one they are in.
func kept[T any](hold bool, held *[]T, s []T, start int) []T {
	if !hold {
		return listOf(s, start)
	}
	items := s[start:]
	if len(items) == 0 {
		return []T{}
	}
	n := len(*held)
	if cap(*held)-n < len(items) {
		*held = make([]T, 0, max(2*cap(*held), len(items), heldFirst))
		n = 0
	}
	*held = append(*held, items...)
	return (*held)[n : n+len(items) : n+len(items)]
}

// emptied is s cleared and emptied, or nil when it grew past maxHeldItems.
func emptied[T any](s []T) []T {
	clear(s)
	if cap(s) > maxHeldItems {
		return nil
	}
	return s[:0]
}

// pushedOn is s, a scratch list or (hold) a held list, with one more item,
// zero, for the list being read from *start on. A held list full is
// followed by one twice its size holding the items of that list alone
// (*start then 0): the lists handed out before keep the one they are in.
func pushedOn[T any](s []T, start *int, hold bool) []T {
	if len(s) < cap(s) || !hold {
		return pushed(s)
	}
	items := s[*start:]
	moved := make([]T, len(items)+1, max(2*cap(s), 2*len(items), heldFirst))
	copy(moved, items)
	*start = 0
	return moved
}

// listAt is the list of the items read onto s from start on: a part of s
// no other list can append into when s is a held list (hold), else made at
// its length (listOf).
func listAt[T any](s []T, start int, hold bool) []T {
	if !hold {
		return listOf(s, start)
	}
	if len(s) == start {
		return []T{}
	}
	return s[start:len(s):len(s)]
}
