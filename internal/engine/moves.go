// Moves: the action questions (move a ship, beam personnel, play a card,
// and any other action a turn is made of) written as moves over a board, as
// a chess engine writes them over a position. A move is read from a
// question's params; Judge says whether it is legal on a board, with the
// verdict's reasons and citations; Apply returns the board after it as a
// new value, never changing the board it was given. A turn is those moves
// in order, each judged on the board the moves before it left.
//
// To add a move: a type with Judge and Apply, a reader of its params, and
// its line in moveReaders; questions() then answers it alone through
// runMove, and playMove plays it within a turn. Apply edits a clone of the
// board (clone, then setShip, setPersonnel, setMission, addPersonnel,
// addShip, removePersonnel), replacing each object it changes with a
// changed copy.
//
// A turn: decode the request's board once (decodeBoard), start from
// NewTurn (or the counters the request gives), then playMove each action
// in order on the board and turn the step before left. Each Step holds the
// verdict as the question asked alone on that board answers it, and the
// board and turn after; Board.Encode writes a board in the request's shape.

package engine

import (
	"context"
	"maps"
	"slices"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A Move is one action of a turn, read from its question's params.
type Move interface {
	// Judge decides whether the move is legal on the judgement's board
	// and writes the verdict into it: allowed, result, reasons and the
	// rules applied. An error is a board or params that cannot be judged.
	Judge(ctx context.Context, j *judgement) error
	// Apply returns the board and the turn after the move, as new values:
	// b, its objects and t are never changed. It is called only on a
	// board Judge found the move legal on.
	Apply(b *Board, t Turn) (*Board, Turn, error)
}

// A Turn is what the turn has spent so far, kept beside the board rather
// than on it: 2E counters, the 1E normal card play, and whether the turn
// has moved on to executing orders.
type Turn struct {
	// Counters are the 2E counters left this turn.
	Counters int
	// CardPlayUsed says the 1E normal card play has been used this turn.
	CardPlayUsed bool
	// OrdersBegun says an order has been executed this turn (a ship
	// moved, personnel beamed, a mission attempted): both editions play
	// cards from hand before executing orders, so from then on only the
	// cards not limited to that segment (interrupts; 1E doorways) may be
	// played.
	OrdersBegun bool
	// CountersAssumed says the turn's counters at its start were not
	// given and a turn's seven were read: a card played while none are
	// spent says so.
	CountersAssumed bool
}

// countersPerTurn are the counters a 2E player has at the start of a turn.
const countersPerTurn = 7

// NewTurn is the state at the start of a turn: seven counters, the normal
// card play unused.
func NewTurn() Turn { return Turn{Counters: countersPerTurn} }

// A moveReader reads a move from a question's params. turn is the turn the
// move is played in, or nil when the question is asked alone: a single
// question takes what the turn has spent from its own params (card.play's
// counters), a move within a turn from the turn.
type moveReader func(ctx context.Context, s *Service, j *judgement, raw rules.Params, turn *Turn) (Move, error)

// moveReaders are the questions that are moves, with the reader of each.
func moveReaders() map[string]moveReader {
	return map[string]moveReader{
		"ship.move":       readShipMove,
		"personnel.beam":  readBeam,
		"card.play":       readCardPlay,
		"mission.resolve": readResolve,
	}
}

// runMove answers a move's question asked alone: the move read from the
// params and judged on the request's board.
func runMove(read moveReader) func(ctx context.Context, s *Service, j *judgement, raw rules.Params) error {
	return func(ctx context.Context, s *Service, j *judgement, raw rules.Params) error {
		m, err := read(ctx, s, j, raw, nil)
		if err != nil {
			return err
		}
		return m.Judge(ctx, j)
	}
}

// IsMove says whether a question is a move a turn may be made of, its
// name read as everywhere (rules.ParseQuestion).
func (s *Service) IsMove(question string) bool {
	_, ok := s.move(question)
	return ok
}

// move is the reader of the move a question names, and its name as the
// contract writes it.
func (s *Service) move(question string) (string, bool) {
	q, err := rules.ParseQuestion(question)
	if err != nil {
		return "", false
	}
	_, ok := s.moves[string(q)]
	return string(q), ok
}

// A Step is one move played on a board: its verdict, as the question
// asked alone answers it on that board, whether the move was legal, and
// the board and turn after it. When the move is refused, Board and Turn
// are those it was played on.
type Step struct {
	Verdict *rules.Verdict
	// Legal says the move was made: its verdict's allowed, or for a move
	// whose allowed answers something else (mission.resolve: whether the
	// mission was completed), its own Legal.
	Legal bool
	// Scores says the move may score points (a mission attempt), and
	// Scored what it scored: nil when a mission it completed has no
	// points given.
	Scores bool
	Scored *int
	Board  *Board
	Turn   Turn
}

// A scoringMove is a move that may score points: Scored is what it
// scored once judged, nil when the points are not known.
type scoringMove interface {
	Move
	Scored() *int
}

// A legalMove is a move whose legality is not its verdict's allowed:
// mission.resolve answers whether the attempt completed the mission, and
// is legal whenever the attempt could begin.
type legalMove interface {
	Move
	Legal() bool
}

// playMove plays one move of a turn on b under doc: the move the
// question's params describe is read, judged on b with the turn so far,
// and applied when it is legal. b and turn are never changed. A question
// that is not a move, or params that cannot be judged, is an error
// EUNPROCESSABLE naming the field.
func (s *Service) playMove(ctx context.Context, doc *rules.Document, b *Board, turn Turn, question string, raw rules.Params) (Step, error) {
	return s.playMoveIn(ctx, doc, b, turn, question, raw, nil)
}

// playMoveIn is playMove of a move of a turn whose steps note in aside
// the personnel given no place they set aside (nil: none noted).
func (s *Service) playMoveIn(ctx context.Context, doc *rules.Document, b *Board, turn Turn, question string, raw rules.Params, aside *turnAside) (Step, error) {
	name, ok := s.move(question)
	if !ok {
		return Step{}, unprocessable("question", "%q is not an action a turn is made of", question)
	}
	read, question := s.moves[name], name
	j := s.stepJudgement(doc, b)
	// The reader is given the turn held in the judgement: a pointer to
	// turn itself, passed to a function value, would move it to the heap.
	j.turn = turn
	j.aside = aside
	m, err := read(ctx, s, j, raw, &j.turn)
	if err != nil {
		return Step{}, err
	}
	if err := m.Judge(ctx, j); err != nil {
		// A move naming a card that left play earlier in the turn is
		// refused, not the turn: the card is known, and gone.
		if !j.refuseGone(question, err) {
			return Step{}, err
		}
		return Step{Verdict: s.verdict(question, j), Board: b, Turn: turn}, nil
	}
	st := Step{Verdict: s.verdict(question, j), Board: b, Turn: turn}
	st.Legal = j.allowed != nil && *j.allowed
	if lm, ok := m.(legalMove); ok {
		st.Legal = lm.Legal()
	}
	if sm, ok := m.(scoringMove); ok {
		st.Scores, st.Scored = true, sm.Scored()
	}
	if !st.Legal {
		return st, nil
	}
	if st.Board, st.Turn, err = m.Apply(b, turn); err != nil {
		return Step{}, err
	}
	return st, nil
}

// Editing a board. A move copies the board's lists (not its objects) once,
// then replaces each object it changes with a changed copy: the board it
// was given, and every object of it, stay as they were.

// clone returns a board holding the same objects, for a move to replace
// some of them. Its lists, and the index of ids, are shared with b until
// the clone changes one (ownShips, ownPersonnel, ownMissions,
// ownObjects): a move changes one list or two, and the others are never
// copied. Replacing an object in its place changes no index.
func (b *Board) clone() *Board {
	nb := b.arrays().newBoard()
	*nb = Board{
		Missions:       b.Missions,
		Ships:          b.Ships,
		Personnel:      b.Personnel,
		Facilities:     b.Facilities,
		sharedMissions: true,
		sharedShips:    true,
		sharedPeople:   true,
		objects:        b.objects,
		sharedObjects:  true,
		edition:        b.edition,
		compiled:       b.compile(),
		gone:           b.gone,
		sharedGone:     true,
		// The lists of those given no place hold while the personnel
		// list is shared; the first board to change its own forgets
		// them (ownPersonnel), leaving the other's as they are.
		unplaced: b.unplacedShared(),
	}
	return nb
}

// arrays are the board arrays of the request the board was read from
// (boardArrays): the room where a move makes what it changes. nil for a
// board read otherwise, whose moves make their own.
func (b *Board) arrays() *boardArrays {
	if b.compiled == nil {
		return nil
	}
	return b.compiled.arrays
}

// copyPersonnel, copyShip and copyMission return a copy of an object of
// the board, for a move to change, made in the board arrays' room.
func (b *Board) copyPersonnel(p *Personnel) *Personnel {
	q := b.arrays().newPersonnel()
	*q = *p
	return q
}

func (b *Board) copyShip(s *Ship) *Ship {
	q := b.arrays().newShip()
	*q = *s
	return q
}

func (b *Board) copyMission(m *Mission) *Mission {
	q := b.arrays().newMission()
	*q = *m
	return q
}

// ownMissions, ownShips and ownPersonnel give a board from clone a list
// of its own, before it changes one: a copy with no room beyond it, so
// that no two boards append into one array.
func (b *Board) ownMissions() {
	if b.sharedMissions {
		b.Missions = append(b.arrays().missionPtrList(len(b.Missions)), b.Missions...)
		b.sharedMissions = false
	}
}

func (b *Board) ownShips() {
	if b.sharedShips {
		b.Ships = append(b.arrays().shipPtrList(len(b.Ships)), b.Ships...)
		b.sharedShips = false
	}
}

func (b *Board) ownPersonnel() {
	b.unplaced = nil // a personnel is put in, taken off or replaced
	if b.sharedPeople {
		b.Personnel = append(b.arrays().personnelPtrList(len(b.Personnel)), b.Personnel...)
		b.sharedPeople = false
	}
}

// ownObjects gives a board from clone an index of ids of its own, before
// it adds or removes an object.
func (b *Board) ownObjects() {
	if b.sharedObjects {
		b.objects = maps.Clone(b.objects) // nil for a small board, which has none
		b.sharedObjects = false
	}
}

// setShip puts s in place of the ship of its id (at s.Index).
func (b *Board) setShip(s *Ship) {
	b.ownShips()
	b.Ships[s.Index] = s
}

// setPersonnel puts p in place of the personnel of its id (at p.Index).
func (b *Board) setPersonnel(p *Personnel) {
	b.ownPersonnel()
	b.Personnel[p.Index] = p
}

// setMission puts m in place of the mission of its id (at m.Index).
func (b *Board) setMission(m *Mission) {
	b.ownMissions()
	b.Missions[m.Index] = m
}

// addPersonnel puts a personnel new to the board at the end of its list.
func (b *Board) addPersonnel(p *Personnel) {
	b.ownObjects()
	b.ownPersonnel()
	p.Index = len(b.Personnel)
	b.Personnel = append(b.Personnel, p)
	b.index(p.ID, personnelObject, p.Index)
}

// addFacility puts a facility new to the board at the end of a list of
// its own (the list of the board cloned from is never changed).
func (b *Board) addFacility(f *Facility) {
	b.ownObjects()
	b.Facilities = append(slices.Clip(b.Facilities), f)
	f.Index = len(b.Facilities) - 1
	b.index(f.ID, facilityObject, f.Index)
}

// addShip puts a ship new to the board at the end of its list.
func (b *Board) addShip(s *Ship) {
	b.ownObjects()
	b.ownShips()
	s.Index = len(b.Ships)
	b.Ships = append(b.Ships, s)
	b.index(s.ID, shipObject, s.Index)
}

// removePersonnel takes the personnel of an id off a board from clone
// (killed, discarded); those after it in the list move up one place, each a copy
// with its new Index, so that the board encodes as the request would list
// it.
func (b *Board) removePersonnel(id string) {
	p := b.PersonnelByID(id)
	if p == nil {
		return
	}
	b.ownObjects()
	b.ownPersonnel()
	delete(b.objects, id)
	rest := b.Personnel[p.Index+1:]
	b.Personnel = b.Personnel[:p.Index:p.Index] // a new array from here on
	for _, q := range rest {
		moved := b.copyPersonnel(q)
		moved.Index = len(b.Personnel)
		b.Personnel = append(b.Personnel, moved)
		b.index(moved.ID, personnelObject, moved.Index)
	}
}
