// Beaming in 1E: through the SHIELDS of the ships and facilities at either
// end, never to, from or within a Nor, and aboard only what the personnel
// are compatible with. The move, and 2E's order Beam Personnel, are in
// beaming.go.

package engine

// endPassage is whether a 1E beam passes into or out of one end: a Nor
// never, an opponent's ship or facility only through SHIELDS 0 or Borg
// SHIELDS.
type endPassage struct {
	kind passageKind
	// nor is the Nor a ship is docked at (passageDockedAtNor).
	nor *Facility
	// name and shields are the opponent's ship or facility's.
	name    string
	shields int
}

type passageKind int

const (
	passageFree           passageKind = iota // yours, one both players may use, or no ship or facility
	passageNor                               // shut: a Nor
	passageDockedAtNor                       // shut: a ship docked at a Nor
	passageBorg                              // open: Borg SHIELDS do not block
	passageShieldsUnknown                    // shut: an opponent's, SHIELDS not known
	passageShieldsDown                       // open: an opponent's, SHIELDS 0
	passageShielded                          // shut: an opponent's, SHIELDS up
)

func (e endPassage) open() bool {
	switch e.kind {
	case passageFree, passageBorg, passageShieldsDown:
		return true
	}
	return false
}

// aboardOutcome is whether a 1E personnel may come aboard the ship or
// facility it beams to.
type aboardOutcome struct {
	kind aboardKind
	// affiliations are those of the ship or facility.
	affiliations []string
}

type aboardKind int

const (
	aboardNotJudged    aboardKind = iota // beamed to no ship or facility
	aboardSame                           // an affiliation in common
	aboardIntruder                       // an opponent's: it boards as an intruder
	aboardUnknown                        // refused: an affiliation is not known
	aboardCompatible                     // Non-Aligned or Neutral, with any but Borg
	aboardIncompatible                   // refused
)

func (a aboardOutcome) ok() bool { return a.kind != aboardUnknown && a.kind != aboardIncompatible }

// needAffiliations fails when a personnel beams aboard a ship or facility
// whose compatibility with it is read, and its affiliation or the ship's
// is not known: the beam cannot be judged.
func (bm beaming) needAffiliations() error {
	for _, x := range bm.Beamers {
		if x.Aboard.kind != aboardUnknown {
			continue
		}
		if x.Personnel.Affiliation == "" {
			return needUnknown(x.Personnel, statAffiliation)
		}
		if s := bm.To.ship; s != nil && s.Affiliation == "" {
			return needAffiliation(s)
		}
		if f := bm.To.facility; f != nil && len(f.Affiliations) == 0 {
			return needUnknown(f, statAffiliation)
		}
	}
	return nil
}

// needEnds fails when what the beam's ends are is read, is not known, and
// would decide: the type of a mission beamed to (a space mission has no
// surface), and 2E of one beamed from; 1E, the kind of a facility at either
// end or where a ship at either end is docked (nobody beams to, from or
// within a Nor, nor from a ship docked at one), and the SHIELDS of an
// opponent's ship or facility the beam would pass (SHIELDS>0 shut it,
// SHIELDS 0 do not). A type or kind not known was read as letting the beam
// pass, SHIELDS not known as shutting it: a beam refused for another reason
// is refused whatever they are, and is judged.
func (bm beaming) needEnds(b *Board, first bool) error {
	if bm.Allowed {
		if m := bm.To.mission; m != nil {
			if err := needMissionType(m); err != nil {
				return err
			}
		}
		if first {
			if err := needKind(b, bm.To); err != nil {
				return err
			}
		}
		for _, x := range bm.Beamers {
			if !first && x.From.mission != nil {
				if err := needMissionType(x.From.mission); err != nil {
					return err
				}
			}
			if first {
				if err := needKind(b, x.From); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if !first || bm.refusedElsewise() {
		return nil
	}
	if err := needShields(bm.To, bm.ToEnd); err != nil {
		return err
	}
	for _, x := range bm.Beamers {
		if err := needShields(x.From, x.FromEnd); err != nil {
			return err
		}
	}
	return nil
}

// refusedElsewise says whether a 1E beam is refused for a reason other than
// SHIELDS not known at an end: a personnel who may not beam, a path both
// editions refuse, a space location, a Nor or SHIELDS up, a ship or facility
// the personnel is not compatible with.
func (bm beaming) refusedElsewise() bool {
	shut := func(e endPassage) bool { return !e.open() && e.kind != passageShieldsUnknown }
	if bm.SpaceLocation || shut(bm.ToEnd) {
		return true
	}
	for _, x := range bm.Beamers {
		switch {
		case x.Refused != beamable,
			x.Path != pathUnjudged && x.Path != pathDown1E && x.Path != pathBetween1E,
			shut(x.FromEnd),
			x.Aboard.kind == aboardIncompatible:
			return true
		}
	}
	return false
}

// needKind fails when a 1E beam's end is a facility, or a ship docked at
// one, whose kind is not known: it may be a Nor.
func needKind(b *Board, end beamPoint) error {
	f := end.facility
	if end.ship != nil && end.ship.Docked != "" {
		f = b.Facility(end.ship.Docked)
	}
	if f != nil && f.Kind == "" {
		return needUnknown(f, statKind)
	}
	return nil
}

// needShields fails when a 1E beam would pass an opponent's ship or
// facility whose SHIELDS are not known.
func needShields(end beamPoint, e endPassage) error {
	if e.kind != passageShieldsUnknown {
		return nil
	}
	switch {
	case end.ship != nil:
		return needUnknown(end.ship, statShields)
	case end.facility != nil:
		return needUnknown(end.facility, statShields)
	}
	return nil
}

// beam1E judges 1E beaming: down to a planet surface, or between ships and
// facilities at the same spaceline location that you control or may use,
// compatible with the personnel beaming aboard; through SHIELDS only when
// they are dropped (an opponent's ship or facility with SHIELDS>0 is shut,
// but Borg SHIELDS do not block); never to, from or within a Nor.
func (bm *beaming) beam1E(b *Board) {
	to := bm.To
	if to.mission != nil && to.mission.Type == "space" {
		bm.SpaceLocation, bm.Allowed = true, false
	}
	bm.ToEnd = passage(b, to)
	open := bm.ToEnd.open()
	if !open {
		bm.Allowed = false
	}
	for i := range bm.Beamers {
		x := &bm.Beamers[i]
		if x.Refused != beamable {
			continue
		}
		from := x.From
		x.Path = bm.commonPath(b, from)
		if x.Path == pathUnjudged && from.mission != nil && to.mission != nil {
			x.Path = pathSurfaceToSurface
		}
		if x.Path != pathUnjudged {
			bm.Allowed = false
			continue
		}
		if !open {
			continue
		}
		x.FromEnd = passage(b, from)
		if to.ship != nil || to.facility != nil {
			x.Aboard = aboard(x.Personnel, to)
		}
		if !x.FromEnd.open() || !x.Aboard.ok() {
			bm.Allowed = false
			continue
		}
		if to.mission != nil {
			x.Path = pathDown1E
		} else {
			x.Path = pathBetween1E
		}
	}
}

// passage is whether a 1E beam may pass to or from one end: a Nor never,
// an opponent's ship or facility only with its SHIELDS dropped (which its
// owner's opponent cannot do), SHIELDS 0, or Borg SHIELDS.
func passage(b *Board, end beamPoint) endPassage {
	switch {
	case end.facility != nil && end.facility.Kind == "nor":
		return endPassage{kind: passageNor}
	case end.ship != nil && end.ship.Docked != "":
		if f := b.Facility(end.ship.Docked); f != nil && f.Kind == "nor" {
			return endPassage{kind: passageDockedAtNor, nor: f}
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
		return endPassage{}
	}
	if owner == You || usable {
		return endPassage{}
	}
	e := endPassage{name: name}
	switch {
	case affiliation == "borg":
		e.kind = passageBorg
	case shields == nil:
		e.kind = passageShieldsUnknown
	case *shields <= 0:
		e.kind = passageShieldsDown
	default:
		e.kind, e.shields = passageShielded, *shields
	}
	return e
}

// aboard is whether a personnel may beam aboard a 1E ship or facility: one
// you control or may use must be compatible with it (the same affiliation,
// Non-Aligned or Neutral with any but Borg); aboard an opponent's, open to
// the beam, it is an intruder.
func aboard(p *Personnel, to beamPoint) aboardOutcome {
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
	a := aboardOutcome{affiliations: affiliations}
	switch {
	case owner != You:
		a.kind = aboardIntruder
	case len(affiliations) == 0 || p.Affiliation == "":
		a.kind = aboardUnknown
	default:
		switch compatibility(splitAffiliations(p.Affiliation), affiliations) {
		case sameAffiliation:
			a.kind = aboardSame
		case compatibleOnly:
			a.kind = aboardCompatible
		default:
			a.kind = aboardIncompatible
		}
	}
	return a
}

// explainBeam1E says what 1E Beaming made of the beam.
func (j *judgement) explainBeam1E(bm beaming) {
	to := bm.To
	if bm.SpaceLocation {
		j.sayStrings("%s is a space location; personnel beam down only to a planet surface.", to.mission.Name())
		j.cite("beam1.down")
	}
	j.explainPassage(to, "to", bm.ToEnd)
	for _, x := range bm.Beamers {
		p, from := x.Personnel, x.From
		switch x.Path {
		case pathAlreadyThere:
			j.say("%s is already at %s.", p.Name(), to)
			continue
		case pathOtherMission:
			j.sayStrings("%s is at %s, not at %s: ships and facilities beamed between must be at the same spaceline location.", p.Name(), j.board.Mission(from.missionID()).Name(), j.board.Mission(bm.At).Name())
			j.cite("beam1.between")
			continue
		case pathSurfaceToSurface:
			j.say("%s is on %s already; beaming takes personnel between the planet and a ship or facility.", p.Name(), to)
			j.cite("beam1.down")
			continue
		}
		if x.Refused != beamable || !bm.ToEnd.open() {
			continue
		}
		j.explainPassage(from, "from", x.FromEnd)
		j.explainAboard(p, to, x.Aboard)
		switch x.Path {
		case pathDown1E:
			j.say("%s beams down from %s to the surface of %s.", p.Name(), from, to)
			j.cite("beam1.down")
		case pathBetween1E:
			j.say("%s beams from %s to %s.", p.Name(), from, to)
			j.cite("beam1.between")
		}
	}
	j.cite("move1.personnel")
}

// explainPassage says why a 1E beam passes to or from one end (dir), or
// why it may not; nothing when the end is yours, or no ship or facility.
func (j *judgement) explainPassage(end beamPoint, dir string, e endPassage) {
	switch e.kind {
	case passageNor:
		j.sayStrings("%s is a Nor; you are not allowed to beam %s a Nor without a special card.", end.facility.Name(), dir)
		j.cite("beam1.nor")
	case passageDockedAtNor:
		j.sayStrings("%s is docked at %s, a Nor; you cannot beam %s a ship docked at the Nor.", end.ship.Name(), e.nor.Name(), dir)
		j.cite("beam1.docked")
	case passageBorg:
		j.sayStrings("%s is a Borg %s: Borg SHIELDS do not block transporter beams.", e.name, kindOfEnd(end))
		j.cite("beam1.borg")
	case passageShieldsUnknown:
		j.sayStrings("The SHIELDS of %s are not known; beaming %s an opponent's ship or facility depends on them.", e.name, dir)
		j.cite("beam1.shields")
	case passageShieldsDown:
		j.sayStrings("%s is your opponent's, with SHIELDS 0: you may beam freely.", e.name)
		j.cite("beam1.free")
	case passageShielded:
		j.say("%s is your opponent's, protected by SHIELDS %d: you may not beam %s it unless a card allows it.", e.name, e.shields, dir)
		j.cite("beam1.shields", "beam1.dropped")
	}
}

func kindOfEnd(end beamPoint) string {
	if end.ship != nil {
		return "ship"
	}
	return "facility"
}

// explainAboard says whether a personnel comes aboard a 1E ship or
// facility, and why; nothing when it shares an affiliation with it.
func (j *judgement) explainAboard(p *Personnel, to beamPoint, a aboardOutcome) {
	switch a.kind {
	case aboardIntruder:
		j.say("%s boards %s, your opponent's, as an intruder.", p.Name(), to)
	case aboardUnknown:
		j.say("The affiliation of %s or of %s is not known; personnel beam aboard only a compatible ship or facility.", p.Name(), to)
		j.cite("beam1.between")
	case aboardCompatible:
		j.say("%s (%s) is compatible with %s (%s): Non-Aligned and Neutral cards are compatible with any affiliation but Borg.", p.Name(), p.Affiliation, to, joinAnd(a.affiliations))
		j.cite("compat1")
	case aboardIncompatible:
		j.say("%s (%s) is not compatible with %s (%s); personnel beam aboard only a compatible ship or facility.", p.Name(), p.Affiliation, to, joinAnd(a.affiliations))
		j.cite("beam1.between", "compat1")
	}
}
