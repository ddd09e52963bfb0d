// Encoding: the engine's board back into the request's own shape
// (rules.Board), as a bot sent it, with what the moves changed. Decoding
// the result again gives an equal board.

package engine

import (
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Encode returns the board in the request's shape. Each object is written
// as the request gave it (its card reference and the statistics given
// inline, not those the card filled in), with the fields a move changes
// taken from the board: where it is, whether it is stopped, a ship's Range
// used, damage and docking, a mission's completion and the dilemmas
// overcome there. An object a move put on the board is written as the move
// built it.
func (b *Board) Encode() rules.Board {
	out := rules.Board{
		Missions:  make([]rules.BoardMission, len(b.Missions)),
		Ships:     make([]rules.BoardShip, len(b.Ships)),
		Personnel: make([]rules.BoardPersonnel, len(b.Personnel)),
	}
	// The locations of the objects that moved are made in one list, at
	// most one for each object, on the first one's need.
	moved := locations{room: len(b.Ships) + len(b.Personnel) + len(b.Facilities)}
	for i, m := range b.Missions {
		bm := rules.BoardMission{ID: m.ID}
		if m.src != nil {
			bm = *m.src
		}
		bm.Completed, bm.OvercomeDilemmas = m.Completed, m.OvercomeDilemmas
		out.Missions[i] = bm
	}
	for i, s := range b.Ships {
		bs := rules.BoardShip{ID: s.ID}
		if s.src != nil {
			bs = *s.src
		}
		bs.At = moved.encode(bs.At, rules.Location{Mission: s.Mission})
		bs.Docked, bs.RangeUsed, bs.Stopped, bs.Damage = s.Docked, s.RangeUsed, s.Stopped, s.Damage
		out.Ships[i] = bs
	}
	for i, p := range b.Personnel {
		bp := rules.BoardPersonnel{ID: p.ID}
		if p.src != nil {
			bp = *p.src
		}
		bp.At = moved.encode(bp.At, rules.Location{Mission: p.Mission, Ship: p.Ship, Facility: p.Facility, Brig: p.Brig})
		bp.Stopped = p.Stopped
		out.Personnel[i] = bp
	}
	if len(b.Facilities) > 0 {
		out.Facilities = make([]rules.BoardFacility, len(b.Facilities))
		for i, f := range b.Facilities {
			bf := rules.BoardFacility{ID: f.ID}
			if f.src != nil {
				bf = *f.src
			}
			bf.At = moved.encode(bf.At, rules.Location{Mission: f.Mission})
			out.Facilities[i] = bf
		}
	}
	return out
}

// locations are the new locations of a board's objects that moved, made
// in one list with room for one each of room objects: the list is never
// grown past it, so each location stays where it was put.
type locations struct {
	list []rules.Location
	room int
}

// encode is where an object is, in the request's shape: the location it
// was given when it is still there (so an object that has not moved is
// written as it came), a new one when it moved, none when it is nowhere.
func (l *locations) encode(given *rules.Location, now rules.Location) *rules.Location {
	if now == (rules.Location{}) {
		if given != nil && *given == (rules.Location{}) {
			return given
		}
		return nil
	}
	if given != nil && sameLocation(*given, now) {
		return given
	}
	if len(l.list) == cap(l.list) {
		// Only past the room said (never, from Encode): a list of its own.
		l.list = make([]rules.Location, 0, max(l.room, 1))
	}
	l.list = append(l.list, now)
	return &l.list[len(l.list)-1]
}

// sameLocation says whether a location as given names the place an object
// is now. A brig is compared as decoded ("You" is "you").
func sameLocation(given, now rules.Location) bool {
	given.Brig = strings.ToLower(strings.TrimSpace(given.Brig))
	return given == now
}
