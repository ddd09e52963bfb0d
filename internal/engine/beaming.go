// Beaming: personnel.beam, the move that takes personnel from where they
// are to a ship, a 1E facility, or a planet or headquarters mission at the
// same place. 2E: the order Beam Personnel. 1E: Beaming, with the
// compatibility of the ship or facility beamed aboard, SHIELDS, and the
// Nor.

package engine

import (
	"context"
	"fmt"

	"github.com/stccg/stccg-rules/internal/rules"
)

// beamMove beams a group of personnel to one place: a ship, a facility or
// a mission (its planet surface, or the headquarters).
type beamMove struct {
	personnel []string
	to        string
}

func readBeam(_ context.Context, _ *Service, j *judgement, raw rules.Params, _ *Turn) (Move, error) {
	p, err := paramsAs[rules.PersonnelBeamParams](raw)
	if err != nil {
		return nil, err
	}
	m := newMove(j.board.arrays(), func(a *boardArrays) *room[beamMove] { return &a.beams })
	*m = beamMove{personnel: p.Personnel, to: p.To}
	return m, nil
}

// A beamPoint is one end of a beam: a ship, a facility, or a mission's
// surface. One of the three is set.
type beamPoint struct {
	ship     *Ship
	facility *Facility
	mission  *Mission
}

// pointOf is where a personnel stands, as a beam's end.
func pointOf(b *Board, p *Personnel) beamPoint {
	switch {
	case p.Ship != "":
		return beamPoint{ship: b.Ship(p.Ship)}
	case p.Facility != "":
		return beamPoint{facility: b.Facility(p.Facility)}
	case p.Mission != "":
		return beamPoint{mission: b.Mission(p.Mission)}
	}
	return beamPoint{}
}

// missionID is the mission the point is at; "" when it is nowhere.
func (bp beamPoint) missionID() string {
	switch {
	case bp.ship != nil:
		return bp.ship.Mission
	case bp.facility != nil:
		return bp.facility.Mission
	case bp.mission != nil:
		return bp.mission.ID
	}
	return ""
}

func (bp beamPoint) String() string {
	switch {
	case bp.ship != nil:
		return bp.ship.Name()
	case bp.facility != nil:
		return bp.facility.Name()
	case bp.mission != nil:
		return bp.mission.Name()
	}
	return "nowhere"
}

// location is the point in the request's shape.
func (bp beamPoint) location() rules.Location {
	switch {
	case bp.ship != nil:
		return rules.Location{Ship: bp.ship.ID}
	case bp.facility != nil:
		return rules.Location{Facility: bp.facility.ID}
	case bp.mission != nil:
		return rules.Location{Mission: bp.mission.ID}
	}
	return rules.Location{}
}

func (bp beamPoint) same(o beamPoint) bool {
	return bp.ship == o.ship && bp.facility == o.facility && bp.mission == o.mission
}

// destination reads params.to: a ship, a facility or a mission.
func (m *beamMove) destination(j *judgement) (beamPoint, error) {
	if m.to == "" {
		return beamPoint{}, unprocessable("params.to", "params.to is required: the id of the ship, facility or mission beamed to")
	}
	o := j.board.object(m.to)
	switch {
	case o.ship != nil:
		if o.ship.Mission == "" {
			return beamPoint{}, unprocessable(o.ship.field("at.mission"), "%s is at no mission; say where it is", o.ship.Name())
		}
		return beamPoint{ship: o.ship}, nil
	case o.facility != nil:
		return beamPoint{facility: o.facility}, nil
	case o.mission != nil:
		return beamPoint{mission: o.mission}, nil
	case o.personnel != nil:
		return beamPoint{}, unprocessable("params.to", "%q is a personnel; personnel beam to a ship, a facility or a mission", m.to)
	}
	return beamPoint{}, unprocessable("params.to", "no ship, facility or mission on the board has the id %q", m.to)
}

// group reads params.personnel: the personnel beamed, each once.
func (m *beamMove) group(j *judgement) ([]*Personnel, error) {
	if len(m.personnel) == 0 {
		return nil, unprocessable("params.personnel", "params.personnel is required: the ids of the personnel who beam")
	}
	// Each id names a personnel of the board, once: the list is no longer
	// than the board's personnel.
	out := j.board.arrays().personnelPtrList(min(len(m.personnel), len(j.board.Personnel)))
	var seen map[*Personnel]bool
	for i, id := range m.personnel {
		p, err := j.board.personnelAt(id, "params.personnel", i)
		if err != nil {
			return nil, err
		}
		if listedBefore(p, out, &seen) {
			return nil, unprocessable(indexed("params.personnel", i), "%q is listed twice", id)
		}
		out = append(out, p)
	}
	return out, nil
}

func (m *beamMove) Judge(_ context.Context, j *judgement) error {
	to, err := m.destination(j)
	if err != nil {
		return err
	}
	group, err := m.group(j)
	if err != nil {
		return err
	}
	for _, p := range group {
		switch {
		case p.placeUnknown():
			// Where a beamer is always decides its beam.
			return placeNotGiven(p)
		case !p.Captive() && pointOf(j.board, p).missionID() == "":
			return unprocessable(p.field("at"), "%s is nowhere on the board; say where it is", p.Name())
		}
	}
	bm := beamGroup(j.board, j.first(), group, to)
	if err := bm.needAffiliations(); err != nil {
		return err
	}
	if err := bm.needEnds(j.board, j.first()); err != nil {
		return err
	}
	j.explainBeam(bm)
	return nil
}

// A beaming is what the rules make of beaming a group of personnel to one
// place, before any word is said of it (explainBeam says it). 2E: the order
// Beam Personnel, which needs an unstopped ship of yours at that mission
// and a destination open to your personnel; 1E: Beaming, through the
// SHIELDS of the ships and facilities at either end, aboard only what the
// personnel are compatible with.
type beaming struct {
	To beamPoint
	// At is the id of the mission the destination is at.
	At      string
	Beamers []beamer
	// Command is an unstopped ship of yours at the mission (2E); when
	// there is none, StoppedShip is your ship there that is stopped.
	Command, StoppedShip *Ship
	// Destination is what the destination makes of the beam (2E).
	Destination beamDestination
	// SpaceLocation: a 1E beam down to a space location, which has no
	// surface.
	SpaceLocation bool
	// ToEnd is whether the 1E beam passes into the destination.
	ToEnd   endPassage
	Allowed bool
}

// A beamer is one personnel of a beam and what the rules make of beaming
// it, in the order a player checks them.
type beamer struct {
	Personnel *Personnel
	From      beamPoint
	// Refused is why no one may beam the personnel at all; the rest is
	// not judged when it is set. Carrier is the stopped ship whose stop
	// the personnel aboard shares (1E).
	Refused beamRefusal
	Carrier *Ship
	Path    beamPath
	// FromEnd is whether the 1E beam passes out of where the personnel
	// is; Aboard whether it may come aboard the ship or facility beamed
	// to. Both are judged only when the destination is open.
	FromEnd endPassage
	Aboard  aboardOutcome
}

// beamRefusal is why no one may beam a personnel.
type beamRefusal int

const (
	beamable             beamRefusal = iota
	refusedCaptive                   // its owner may take no action involving it, its captor does not command it
	refusedOpponents                 // an opponent's personnel
	refusedStopped                   // a stopped personnel
	refusedStoppedAboard             // 1E: aboard its owner's stopped ship, so stopped too
)

// beamPath is the way a personnel goes, or why it cannot.
type beamPath int

const (
	pathUnjudged     beamPath = iota // refused, or the destination is shut
	pathAlreadyThere                 // it is where it would beam to
	pathOtherMission                 // it is at another mission
	// 2E
	pathFromOpponentShip // aboard an opponent's ship
	pathFromStoppedShip  // aboard a stopped ship
	pathFromSpace        // at a space mission, with no surface to beam up from
	pathBetweenShips
	pathDown
	pathUp
	// 1E
	pathSurfaceToSurface // on a planet, beamed to a planet
	pathDown1E
	pathBetween1E
)

// refused says whether the path is no beam.
func (p beamPath) refused() bool {
	switch p {
	case pathAlreadyThere, pathOtherMission, pathFromOpponentShip, pathFromStoppedShip, pathFromSpace, pathSurfaceToSurface:
		return true
	}
	return false
}

// beamDestination is what a 2E destination makes of a beam to it.
type beamDestination int

const (
	destinationOpen            beamDestination = iota
	destinationOpponentShip                    // shut: an opponent's ship
	destinationStoppedShip                     // shut: a stopped ship
	destinationSpace                           // shut: a space mission has no surface
	destinationOpponentMission                 // open: any planet or headquarters mission, whoever played it
)

func (d beamDestination) open() bool { return d == destinationOpen || d == destinationOpponentMission }

// beamGroup judges a beam of the group to one place by the rules of the
// edition (first: 1E), on the board alone.
func beamGroup(b *Board, first bool, group []*Personnel, to beamPoint) beaming {
	bm := beaming{To: to, At: to.missionID(), Beamers: b.arrays().beamerList(len(group))[:len(group)], Allowed: true}
	for i, p := range group {
		refused, carrier := refusal(b, p)
		bm.Beamers[i] = beamer{Personnel: p, From: pointOf(b, p), Refused: refused, Carrier: carrier}
		if bm.Beamers[i].Refused != beamable {
			bm.Allowed = false
		}
	}
	if first {
		bm.beam1E(b)
	} else {
		bm.beam2E(b)
	}
	return bm
}

// refusal is why no one may beam p: a captive (its owner may take no
// action involving it, its captor does not command it), an opponent's
// personnel, a stopped one (1E: also one aboard its owner's stopped ship,
// with the ship).
func refusal(b *Board, p *Personnel) (beamRefusal, *Ship) {
	x := b.personnelMay(p, actBeam)
	switch {
	case x.Kind == barCaptive:
		return refusedCaptive, nil
	case p.Owner != You:
		return refusedOpponents, nil
	case x.Kind == barStopped:
		return refusedStopped, nil
	case x.Kind == barStoppedAboard:
		return refusedStoppedAboard, x.Carrier
	}
	return beamable, nil
}

// commonPath is what both editions refuse of a personnel's beam: to where
// it is already, or from another mission (2E: the copies of one mission
// are one mission).
func (bm *beaming) commonPath(b *Board, from beamPoint) beamPath {
	switch {
	case from.same(bm.To):
		return pathAlreadyThere
	case !b.sameSite(from.missionID(), bm.At):
		return pathOtherMission
	}
	return pathUnjudged
}

// beam2E judges the order Beam Personnel: you command an unstopped ship at
// that mission; the personnel move up from a planet or headquarters to
// your unstopped ship there, down from your unstopped ship, or between two
// of your unstopped ships; never aboard an opponent's ship, never from one
// mission to another; down to any planet or headquarters mission, whoever
// played it.
func (bm *beaming) beam2E(b *Board) {
	to := bm.To
	// You must command a ship at that same mission: an unstopped one,
	// since a stopped card cannot execute orders.
	for _, s := range b.Ships {
		if s.Owner == You && b.sameSite(s.Mission, bm.At) {
			if !b.shipMay(s, actMove).stopped() {
				bm.Command = s
				break
			}
			bm.StoppedShip = s
		}
	}
	if bm.Command == nil {
		bm.Allowed = false
	}
	switch {
	case to.ship != nil && to.ship.Owner != You:
		bm.Destination = destinationOpponentShip
	case to.ship != nil && to.ship.Stopped:
		bm.Destination = destinationStoppedShip
	case to.mission != nil && to.mission.Type == "space":
		bm.Destination = destinationSpace
	case to.mission != nil && to.mission.Owner != You:
		bm.Destination = destinationOpponentMission
	}
	open := bm.Destination.open()
	bm.Allowed = bm.Allowed && open
	for i := range bm.Beamers {
		x := &bm.Beamers[i]
		if x.Refused != beamable {
			continue
		}
		from := x.From
		x.Path = bm.commonPath(b, from)
		if x.Path != pathUnjudged {
			bm.Allowed = false
			continue
		}
		switch {
		case from.ship != nil && from.ship.Owner != You:
			x.Path = pathFromOpponentShip
		case from.ship != nil && from.ship.Stopped:
			x.Path = pathFromStoppedShip
		case !open:
		case from.ship != nil && to.ship != nil:
			x.Path = pathBetweenShips
		case from.ship != nil:
			x.Path = pathDown
		case from.mission != nil && from.mission.Type == "space":
			x.Path = pathFromSpace
		case to.ship != nil:
			x.Path = pathUp
		}
		if x.Path.refused() {
			bm.Allowed = false
		}
	}
}

// explainBeam writes the verdict of a beam: where each personnel was, why
// any of them may not be beamed at all, then the edition's checks in the
// order a player makes them, the rules applied, and who moved.
func (j *judgement) explainBeam(bm beaming) {
	from := make(map[string]rules.Location, len(bm.Beamers))
	for _, x := range bm.Beamers {
		if x.Personnel.Captive() {
			from[x.Personnel.ID] = rules.Location{Brig: x.Personnel.Brig}
			continue
		}
		from[x.Personnel.ID] = x.From.location()
	}
	// The result and the ids of up to four beamed are made together, one
	// allocation.
	made := &struct {
		res   rules.PersonnelBeamResult
		moved [4]string
	}{res: rules.PersonnelBeamResult{Moved: []string{}, From: from}}
	res := &made.res
	j.result = res
	for _, x := range bm.Beamers {
		if x.Refused == refusedStoppedAboard {
			j.explainStoppedAboard(x.Personnel, x.Carrier)
			continue
		}
		j.explainRefusal(x.Personnel, x.Refused)
	}
	if j.first() {
		j.explainBeam1E(bm)
	} else {
		j.explainBeam2E(bm)
	}
	j.allow(bm.Allowed)
	if bm.Allowed {
		var moved []string
		if n := len(bm.Beamers); n <= len(made.moved) {
			moved = made.moved[:n:n]
		} else {
			moved = make([]string, n)
		}
		for i, x := range bm.Beamers {
			moved[i] = x.Personnel.ID
		}
		res.Moved = moved
	}
}

// explainRefusal says why no one may beam p, if no one may.
func (j *judgement) explainRefusal(p *Personnel, why beamRefusal) {
	switch why {
	case refusedCaptive:
		j.refuseCaptive(p)
	case refusedOpponents:
		j.sayStrings("%s is your opponent's personnel; you beam only your own.", p.Name())
		j.cite(j.pick("move1.personnel", "beam.yours"))
	case refusedStopped:
		if j.first() {
			j.sayStrings("%s is stopped; stopped cards may not be beamed.", p.Name())
			j.cite("stopped1")
		} else {
			j.sayStrings("%s is stopped; only unstopped personnel beam.", p.Name())
			j.cite("beam.stopped")
		}
	}
}

// explainStoppedAboard says why a 1E personnel aboard its owner's stopped
// ship may not be beamed: it is stopped with the ship.
func (j *judgement) explainStoppedAboard(p *Personnel, s *Ship) {
	j.sayStrings("%s is aboard %s, which is stopped: your cards aboard your stopped ship are stopped too, and stopped cards may not be beamed.", p.Name(), s.Name())
	j.cite("stopped1.aboard", "stopped1")
}

// refuseCaptive says why a captive takes no part in an action: its owner
// may take no action involving it, its captor does not command it.
func (j *judgement) refuseCaptive(p *Personnel) {
	if j.first() {
		j.sayStrings("%s is a captive in %s brig; a captive is not beamed away by the player who holds it, nor by its owner.", p.Name(), possessive(p.Brig))
		j.cite("captured1", "captive1.beam")
		return
	}
	if p.Owner == You {
		j.sayStrings("%s is your personnel, a captive in your opponent's brig: you may take no actions involving it.", p.Name())
		j.cite("brig.actions")
		return
	}
	j.sayStrings("%s is in %s brig: its captor does not command it, and you may take no actions involving it.", p.Name(), possessive(p.Brig))
	j.cite("brig.command")
}

// explainBeam2E says what the order Beam Personnel made of the beam.
func (j *judgement) explainBeam2E(bm beaming) {
	to, at := bm.To, j.board.Mission(bm.At)
	switch {
	case bm.Command != nil:
	case bm.StoppedShip != nil:
		j.sayStrings("Your only ship at %s, %s, is stopped: to beam you must command an unstopped ship at that mission.", at.Name(), bm.StoppedShip.Name())
		j.cite("beam.command", "beam.stopped")
	default:
		j.sayStrings("You command no ship at %s; to beam you must command a ship at that same mission.", at.Name())
		j.cite("beam.command")
	}
	switch bm.Destination {
	case destinationOpponentShip:
		j.sayStrings("%s is your opponent's ship; you cannot beam aboard an opponent's ship.", to.ship.Name())
		j.cite("beam.opponent")
	case destinationStoppedShip:
		j.sayStrings("%s is stopped; personnel beam only to an unstopped ship.", to.ship.Name())
		j.cite("beam.stopped")
	case destinationSpace:
		j.sayStrings("%s is a space mission; personnel beam down only to a planet or headquarters mission.", to.mission.Name())
		j.cite("beam.down")
	case destinationOpponentMission:
		j.sayStrings("%s is your opponent's mission; you may beam down to any planet or headquarters mission, whoever played it.", to.mission.Name())
		j.cite("beam.opponent")
	}
	if at != nil {
		var room [8]string
		where := room[:0]
		if bm.Command != nil {
			where = append(where, bm.Command.Mission)
		}
		for _, x := range bm.Beamers {
			if x.Path != pathOtherMission {
				where = append(where, x.From.missionID())
			}
		}
		j.explainCopies(at, where...)
	}
	for _, x := range bm.Beamers {
		p, from := x.Personnel, x.From
		switch x.Path {
		case pathAlreadyThere:
			j.sayStrings("%s is already at %s.", p.Name(), to.String())
		case pathOtherMission:
			j.sayStrings("%s is at %s, not at %s: beaming cannot be used to move from one mission to another mission.", p.Name(), j.board.Mission(from.missionID()).Name(), at.Name())
			j.cite("beam.mission")
		case pathFromOpponentShip:
			j.sayStrings("%s is aboard your opponent's ship %s; personnel beam down from your own ship.", p.Name(), from.ship.Name())
			j.cite("beam.down")
		case pathFromStoppedShip:
			j.sayStrings("%s is aboard %s, which is stopped; personnel beam from an unstopped ship.", p.Name(), from.ship.Name())
			j.cite("beam.stopped")
		case pathBetweenShips:
			j.sayStrings("%s beams from %s to %s, between two of your ships at %s.", p.Name(), from.String(), to.String(), at.Name())
			j.cite("beam.between")
		case pathDown:
			j.sayStrings("%s beams down from %s to %s.", p.Name(), from.String(), to.String())
			j.cite("beam.down")
		case pathFromSpace:
			j.sayStrings("%s is at %s, a space mission; personnel beam up from a planet or headquarters mission.", p.Name(), from.String())
			j.cite("beam.up")
		case pathUp:
			j.sayStrings("%s beams up from %s to %s.", p.Name(), from.String(), to.String())
			j.cite("beam.up")
		}
	}
	j.cite("beam.command", "beam.yours")
}

// Apply puts every personnel of the group where it beamed; the turn is
// then executing orders.
func (m *beamMove) Apply(b *Board, t Turn) (*Board, Turn, error) {
	o := b.object(m.to)
	nb := b.clone()
	for _, id := range m.personnel {
		p := b.PersonnelByID(id)
		if p == nil {
			return nil, t, fmt.Errorf("beam: no personnel %q on the board", id)
		}
		moved := nb.copyPersonnel(p)
		moved.Mission, moved.Ship, moved.Facility = "", "", ""
		switch {
		case o.ship != nil:
			moved.Ship = o.ship.ID
		case o.facility != nil:
			moved.Facility = o.facility.ID
		case o.mission != nil:
			moved.Mission = o.mission.ID
		default:
			return nil, t, fmt.Errorf("beam: no ship, facility or mission %q on the board", m.to)
		}
		nb.setPersonnel(moved)
	}
	t.OrdersBegun = true // beaming is an order
	return nb, t, nil
}
