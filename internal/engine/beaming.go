// Beaming: personnel.beam, the move that takes personnel from where they
// are to a ship, a 1E facility, or a planet or headquarters mission at the
// same place. 2E: the order Beam Personnel. 1E: Beaming, with the
// compatibility of the ship or facility beamed aboard, SHIELDS, and the
// Nor.

package engine

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/stccg/stccg-rules/internal/rules"
)

type beamParams struct {
	Personnel []string `json:"personnel"`
	To        string   `json:"to"`
}

// beamMove beams a group of personnel to one place: a ship, a facility or
// a mission (its planet surface, or the headquarters).
type beamMove struct {
	personnel []string
	to        string
}

func readBeam(_ context.Context, _ *Service, j *judgement, raw json.RawMessage, _ *Turn) (Move, error) {
	var p beamParams
	if err := decodeParams(raw, &p); err != nil {
		return nil, err
	}
	return &beamMove{personnel: p.Personnel, to: p.To}, nil
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
	out := make([]*Personnel, 0, min(len(m.personnel), len(j.board.Personnel)))
	seen := make(map[*Personnel]bool, cap(out))
	for i, id := range m.personnel {
		p := j.board.PersonnelByID(id)
		if p == nil {
			return nil, unprocessable(indexed("params.personnel", i), "no personnel on the board has the id %q", id)
		}
		if seen[p] {
			return nil, unprocessable(indexed("params.personnel", i), "%q is listed twice", id)
		}
		seen[p] = true
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
		if !p.Captive() && pointOf(j.board, p).missionID() == "" {
			return unprocessable(p.field("at"), "%s is nowhere on the board; say where it is", p.Name())
		}
	}
	from := make(map[string]any, len(group))
	for _, p := range group {
		if p.Captive() {
			from[p.ID] = rules.Location{Brig: p.Brig}
			continue
		}
		from[p.ID] = pointOf(j.board, p).location()
	}
	j.set("from", from)
	var allowed bool
	if j.first() {
		allowed = j.beam1E(group, to)
	} else {
		allowed = j.beam2E(group, to)
	}
	j.allow(allowed)
	if allowed {
		j.set("moved", ids(group))
	} else {
		j.set("moved", []string{})
	}
	return nil
}

// unbeamable refuses the personnel of a group no one may beam: a captive
// (its owner may take no action involving it, its captor does not command
// it), an opponent's personnel, a stopped one. It returns those refused.
func (j *judgement) unbeamable(group []*Personnel) map[*Personnel]bool {
	refused := map[*Personnel]bool{}
	for _, p := range group {
		switch {
		case p.Captive():
			j.refuseCaptive(p)
		case p.Owner != You:
			j.say("%s is your opponent's personnel; you beam only your own.", p.Name())
			j.cite(j.pick("move1.personnel", "beam.yours"))
		case p.Stopped:
			if j.first() {
				j.say("%s is stopped; stopped cards may not be beamed.", p.Name())
				j.cite("stopped1")
			} else {
				j.say("%s is stopped; only unstopped personnel beam.", p.Name())
				j.cite("beam.stopped")
			}
		default:
			continue
		}
		refused[p] = true
	}
	return refused
}

// refuseCaptive says why a captive takes no part in an action: its owner
// may take no action involving it, its captor does not command it.
func (j *judgement) refuseCaptive(p *Personnel) {
	if j.first() {
		j.say("%s is a captive in %s brig; a captive is not beamed away by the player who holds it, nor by its owner.", p.Name(), possessive(p.Brig))
		j.cite("captured1", "captive1.beam")
		return
	}
	if p.Owner == You {
		j.say("%s is your personnel, a captive in your opponent's brig: you may take no actions involving it.", p.Name())
		j.cite("brig.actions")
		return
	}
	j.say("%s is in %s brig: its captor does not command it, and you may take no actions involving it.", p.Name(), possessive(p.Brig))
	j.cite("brig.command")
}

// beam2E judges the order Beam Personnel: you command an unstopped ship at
// that mission; the personnel move up from a planet or headquarters to
// your unstopped ship there, down from your unstopped ship, or between two
// of your unstopped ships; never aboard an opponent's ship, never from one
// mission to another; down to any planet or headquarters mission, whoever
// played it.
func (j *judgement) beam2E(group []*Personnel, to beamPoint) bool {
	refused := j.unbeamable(group)
	ok := len(refused) == 0
	at := to.missionID()
	// You must command a ship at that same mission: an unstopped one,
	// since a stopped card cannot execute orders.
	var yours, stoppedShip *Ship
	for _, s := range j.board.Ships {
		if s.Owner == You && s.Mission == at {
			if !s.Stopped {
				yours = s
				break
			}
			stoppedShip = s
		}
	}
	switch {
	case yours != nil:
	case stoppedShip != nil:
		ok = false
		j.say("Your only ship at %s, %s, is stopped: to beam you must command an unstopped ship at that mission.", j.board.Mission(at).Name(), stoppedShip.Name())
		j.cite("beam.command", "beam.stopped")
	default:
		ok = false
		j.say("You command no ship at %s; to beam you must command a ship at that same mission.", j.board.Mission(at).Name())
		j.cite("beam.command")
	}
	open := true // the destination takes personnel
	switch {
	case to.ship != nil && to.ship.Owner != You:
		open = false
		j.say("%s is your opponent's ship; you cannot beam aboard an opponent's ship.", to.ship.Name())
		j.cite("beam.opponent")
	case to.ship != nil && to.ship.Stopped:
		open = false
		j.say("%s is stopped; personnel beam only to an unstopped ship.", to.ship.Name())
		j.cite("beam.stopped")
	case to.mission != nil && to.mission.Type == "space":
		open = false
		j.say("%s is a space mission; personnel beam down only to a planet or headquarters mission.", to.mission.Name())
		j.cite("beam.down")
	case to.mission != nil && to.mission.Owner != You:
		j.say("%s is your opponent's mission; you may beam down to any planet or headquarters mission, whoever played it.", to.mission.Name())
		j.cite("beam.opponent")
	}
	ok = ok && open
	for _, p := range group {
		if refused[p] {
			continue
		}
		from := pointOf(j.board, p)
		switch {
		case from.same(to):
			ok = false
			j.say("%s is already at %s.", p.Name(), to)
		case from.missionID() != at:
			ok = false
			j.say("%s is at %s, not at %s: beaming cannot be used to move from one mission to another mission.", p.Name(), j.board.Mission(from.missionID()).Name(), j.board.Mission(at).Name())
			j.cite("beam.mission")
		case from.ship != nil && from.ship.Owner != You:
			ok = false
			j.say("%s is aboard your opponent's ship %s; personnel beam down from your own ship.", p.Name(), from.ship.Name())
			j.cite("beam.down")
		case from.ship != nil && from.ship.Stopped:
			ok = false
			j.say("%s is aboard %s, which is stopped; personnel beam from an unstopped ship.", p.Name(), from.ship.Name())
			j.cite("beam.stopped")
		case !open:
		case from.ship != nil && to.ship != nil:
			j.say("%s beams from %s to %s, between two of your ships at %s.", p.Name(), from, to, j.board.Mission(at).Name())
			j.cite("beam.between")
		case from.ship != nil:
			j.say("%s beams down from %s to %s.", p.Name(), from, to)
			j.cite("beam.down")
		case from.mission != nil && from.mission.Type == "space":
			ok = false
			j.say("%s is at %s, a space mission; personnel beam up from a planet or headquarters mission.", p.Name(), from)
			j.cite("beam.up")
		case to.ship != nil:
			j.say("%s beams up from %s to %s.", p.Name(), from, to)
			j.cite("beam.up")
		}
	}
	j.cite("beam.command", "beam.yours")
	return ok
}

// beam1E judges 1E beaming: down to a planet surface, or between ships and
// facilities at the same spaceline location that you control or may use,
// compatible with the personnel beaming aboard; through SHIELDS only when
// they are dropped (an opponent's ship or facility with SHIELDS>0 is shut,
// but Borg SHIELDS do not block); never to, from or within a Nor.
func (j *judgement) beam1E(group []*Personnel, to beamPoint) bool {
	refused := j.unbeamable(group)
	ok := len(refused) == 0
	at := to.missionID()
	if to.mission != nil && to.mission.Type == "space" {
		ok = false
		j.say("%s is a space location; personnel beam down only to a planet surface.", to.mission.Name())
		j.cite("beam1.down")
	}
	open := j.beamThrough1E(to, "to")
	if !open {
		ok = false
	}
	for _, p := range group {
		if refused[p] {
			continue
		}
		from := pointOf(j.board, p)
		switch {
		case from.same(to):
			ok = false
			j.say("%s is already at %s.", p.Name(), to)
			continue
		case from.missionID() != at:
			ok = false
			j.say("%s is at %s, not at %s: ships and facilities beamed between must be at the same spaceline location.", p.Name(), j.board.Mission(from.missionID()).Name(), j.board.Mission(at).Name())
			j.cite("beam1.between")
			continue
		case from.mission != nil && to.mission != nil:
			ok = false
			j.say("%s is on %s already; beaming takes personnel between the planet and a ship or facility.", p.Name(), to)
			j.cite("beam1.down")
			continue
		}
		if !open {
			continue
		}
		fine := j.beamThrough1E(from, "from")
		if (to.ship != nil || to.facility != nil) && !j.compatibleAboard1E(p, to) {
			fine = false
		}
		if !fine {
			ok = false
			continue
		}
		if to.mission != nil {
			j.say("%s beams down from %s to the surface of %s.", p.Name(), from, to)
			j.cite("beam1.down")
		} else {
			j.say("%s beams from %s to %s.", p.Name(), from, to)
			j.cite("beam1.between")
		}
	}
	j.cite("move1.personnel")
	return ok
}

// beamThrough1E says whether a beam may pass to or from one end: a Nor
// never, an opponent's ship or facility only with its SHIELDS dropped
// (which its owner's opponent cannot do), SHIELDS 0, or Borg SHIELDS.
func (j *judgement) beamThrough1E(end beamPoint, dir string) bool {
	switch {
	case end.facility != nil && end.facility.Kind == "nor":
		j.say("%s is a Nor; you are not allowed to beam %s a Nor without a special card.", end.facility.Name(), dir)
		j.cite("beam1.nor")
		return false
	case end.ship != nil && end.ship.Docked != "":
		if f := j.board.Facility(end.ship.Docked); f != nil && f.Kind == "nor" {
			j.say("%s is docked at %s, a Nor; you cannot beam %s a ship docked at the Nor.", end.ship.Name(), f.Name(), dir)
			j.cite("beam1.docked")
			return false
		}
	}
	var owner, affiliation, name string
	var shields *int
	var usable bool
	switch {
	case end.ship != nil:
		owner, name, shields = end.ship.Owner, end.ship.Name(), end.ship.Shields
		affiliation = end.ship.Affiliation
	case end.facility != nil:
		f := end.facility
		owner, name, shields = f.Owner, f.Name(), f.Shields
		if len(f.Affiliations) == 1 {
			affiliation = f.Affiliations[0]
		}
		// Both players may generally use a headquarters or station.
		usable = f.Kind == "headquarters" || f.Kind == "station"
	default:
		return true
	}
	if owner == You || usable {
		return true
	}
	switch {
	case affiliation == "borg":
		j.say("%s is a Borg %s: Borg SHIELDS do not block transporter beams.", name, kindOfEnd(end))
		j.cite("beam1.borg")
		return true
	case shields == nil:
		j.say("The SHIELDS of %s are not known; beaming %s an opponent's ship or facility depends on them.", name, dir)
		j.cite("beam1.shields")
		return false
	case *shields <= 0:
		j.say("%s is your opponent's, with SHIELDS 0: you may beam freely.", name)
		j.cite("beam1.free")
		return true
	}
	j.say("%s is your opponent's, protected by SHIELDS %d: you may not beam %s it unless a card allows it.", name, *shields, dir)
	j.cite("beam1.shields", "beam1.dropped")
	return false
}

func kindOfEnd(end beamPoint) string {
	if end.ship != nil {
		return "ship"
	}
	return "facility"
}

// compatibleAboard1E says whether a personnel may beam aboard a ship or
// facility: one you control or may use must be compatible with it (the
// same affiliation, Non-Aligned or Neutral with any but Borg); aboard an
// opponent's, open to the beam, it is an intruder.
func (j *judgement) compatibleAboard1E(p *Personnel, to beamPoint) bool {
	var owner string
	var affiliations []string
	switch {
	case to.ship != nil:
		owner, affiliations = to.ship.Owner, splitAffiliations(to.ship.Affiliation)
	case to.facility != nil:
		owner, affiliations = to.facility.Owner, to.facility.Affiliations
		if to.facility.Kind == "headquarters" || to.facility.Kind == "station" {
			owner = You // both players may use it
		}
	}
	if owner != You {
		j.say("%s boards %s, your opponent's, as an intruder.", p.Name(), to)
		return true
	}
	if len(affiliations) == 0 || p.Affiliation == "" {
		j.say("The affiliation of %s or of %s is not known; personnel beam aboard only a compatible ship or facility.", p.Name(), to)
		j.cite("beam1.between")
		return false
	}
	switch compatibility(splitAffiliations(p.Affiliation), affiliations) {
	case sameAffiliation:
		return true
	case compatibleOnly:
		j.say("%s (%s) is compatible with %s (%s): Non-Aligned and Neutral cards are compatible with any affiliation but Borg.", p.Name(), p.Affiliation, to, joinAnd(affiliations))
		j.cite("compat1")
		return true
	}
	j.say("%s (%s) is not compatible with %s (%s); personnel beam aboard only a compatible ship or facility.", p.Name(), p.Affiliation, to, joinAnd(affiliations))
	j.cite("beam1.between", "compat1")
	return false
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
		moved := *p
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
		nb.setPersonnel(&moved)
	}
	t.OrdersBegun = true // beaming is an order
	return nb, t, nil
}
