// Where a card is, and what it may do there now: one reading of the board
// that every question comparing places (combat, engagements, beaming,
// attempts, battles, moves) and every question asking whether a card may
// act (move, beam, fire, attempt, staff, battle) takes. Both are pure
// functions of the board, so a board read once answers them all.

package engine

import (
	"slices"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A site is a place as the rules compare places: a mission of the board.
// In 2E the copies several players played of one mission are one site
// (the 2E glossary, missions: "all of the personnel, equipment, and ships
// at those copies are at the same mission, as if they were all at the
// same card"); a site is named by the id of the first copy on the board.
// In 1E a copy of a non-universal mission seeded when one is already on
// the spaceline is placed on top of it (1E rulebook, 2. MISSION PHASE: the
// mission "is treated by both players as 'their' mission for all
// purposes", the spaceline has one fewer mission, and it "may only be
// completed once"): a board that lists both copies names one site; a
// universal mission's copies are locations of their own, and so is every
// mission the card data does not say is not universal (one given inline).
type site string

// siteOf is the site of the mission with the id; "" for no mission.
func (b *Board) siteOf(missionID string) site {
	if missionID == "" {
		return ""
	}
	if m := b.Mission(missionID); m != nil {
		return m.siteKey()
	}
	return site(missionID)
}

// siteKey is the mission's site: the first copy's id as decoding found it,
// the mission's own id for a mission made by a question (not decoded).
func (m *Mission) siteKey() site {
	if m.site != "" {
		return m.site
	}
	return site(m.ID)
}

// sameSite says whether two missions, by id, are one place.
func (b *Board) sameSite(a, c string) bool {
	return a != "" && c != "" && b.siteOf(a) == b.siteOf(c)
}

// siteCompleted says whether a mission is completed: the mission itself,
// or in 1E a copy of it stacked at the same location ("the mission may only
// be completed once"). 2E copies are each their player's own mission.
func (b *Board) siteCompleted(m *Mission) bool {
	if m.Completed || b.edition == rules.Edition2E {
		return m.Completed
	}
	for _, o := range b.Missions {
		if o.Completed && o.siteKey() == m.siteKey() {
			return true
		}
	}
	return false
}

// atSite says whether a card at the mission with the id is at m: m itself,
// or in 2E a copy of it.
func (b *Board) atSite(missionID string, m *Mission) bool {
	return missionID != "" && b.siteOf(missionID) == m.siteKey()
}

// assignSites names the site of every mission of a decoded board: the
// copies of one mission (the same title, folded) share the site of the
// first; in 1E only copies of a mission the card data says is not
// universal.
func (b *Board) assignSites() {
	first := make(map[string]site, len(b.Missions))
	for _, m := range b.Missions {
		key := m.foldedTitle()
		if b.edition != rules.Edition2E && (m.card == "" || m.universal) {
			key = ""
		}
		if key == "" {
			m.site = site(m.ID)
			continue
		}
		if s, ok := first[key]; ok {
			m.site = s
			continue
		}
		m.site = site(m.ID)
		first[key] = m.site
	}
}

// A whereabouts is where a card is: the mission it is at (on it, or aboard
// a ship or facility there), that mission's site, and what carries it.
// The zero whereabouts is nowhere: a captive in a brig, a ship at no
// mission.
type whereabouts struct {
	Mission  string // the id of the mission it is at
	Site     site
	Ship     *Ship     // aboard this ship
	Facility *Facility // aboard this facility (1E)
	// Unknown says the board gave no place: the card may be anywhere or
	// nowhere, and a question whose answer turns on where it is asks
	// for it (placeNotGiven) rather than read it as nowhere.
	Unknown bool
}

// nowhere says whether the card is at no mission.
func (w whereabouts) nowhere() bool { return w.Mission == "" }

// presence is where a personnel is present with others, as a key: aboard
// one ship, aboard one facility, or on the site itself (a planet's
// surface, a headquarters), whichever copy of the mission it stands on.
// "" for nowhere.
func (w whereabouts) presence() string {
	switch {
	case w.Ship != nil:
		return "ship:" + w.Ship.ID
	case w.Facility != nil:
		return "facility:" + w.Facility.ID
	case w.Site != "":
		return "site:" + string(w.Site)
	}
	return ""
}

// whereIs is where a personnel is.
func (b *Board) whereIs(p *Personnel) whereabouts {
	var w whereabouts
	switch {
	case p.Ship != "":
		w.Ship = b.Ship(p.Ship)
		if w.Ship != nil {
			w.Mission = w.Ship.Mission
		}
	case p.Facility != "":
		w.Facility = b.Facility(p.Facility)
		if w.Facility != nil {
			w.Mission = w.Facility.Mission
		}
	default:
		w.Mission = p.Mission
		w.Unknown = p.placeUnknown()
	}
	w.Site = b.siteOf(w.Mission)
	return w
}

// placeUnknown says the board gave the personnel no place (at left out)
// and nothing since has put it anywhere.
func (p *Personnel) placeUnknown() bool {
	return p.Unplaced && p.Mission == "" && p.Ship == "" && p.Facility == "" && p.Brig == ""
}

// placeNotGiven is the error of a question whose answer turns on whether a
// personnel given with no place is present: EUNPROCESSABLE in the shape of
// a statistic not given (missingStat), details.field the personnel's path,
// details.needs "at".
func placeNotGiven(p *Personnel) *rules.Error {
	var e *rules.Error
	if p.card != "" {
		e = rules.Errorf(rules.EUNPROCESSABLE, "%s (%s, %s) has no place given, and whether it is present decides this question: give its at on the board, as \"at\": {\"mission\": \"m1\"} (or ship, facility, brig).", p.Name(), p.card, p.path())
		e.WithDetail("card", p.card)
	} else {
		e = rules.Errorf(rules.EUNPROCESSABLE, "%s (%s) has no place given, and whether it is present decides this question: give its at on the board, as \"at\": {\"mission\": \"m1\"} (or ship, facility, brig).", p.Name(), p.path())
	}
	return e.WithDetail("field", p.path()).WithDetail("needs", "at")
}

// sayUnplaced says which personnel given with no place a verdict set
// aside, its answer being the same wherever they are; each once. A step of
// a turn says how many, the turn's verdict who (turnAside).
func (j *judgement) sayUnplaced(ps []*Personnel) {
	if len(ps) == 0 {
		return
	}
	if len(j.setAside) > 0 {
		ps = slices.DeleteFunc(slices.Clone(ps), func(p *Personnel) bool { return slices.Contains(j.setAside, p) })
		if len(ps) == 0 {
			return
		}
	}
	if len(j.setAside) == 0 {
		// The first list said is kept as given, not copied: every list
		// said is one a question gathered (the board's list of those
		// given no place, shared by a turn's steps), never changed after.
		j.setAside = slices.Clip(ps)
	} else {
		j.setAside = append(j.setAside, ps...)
	}
	if j.aside != nil {
		// A step of a turn counts them; the turn's verdict names them,
		// once a turn (turnAside).
		j.aside.record(ps)
		j.sayArgs("%s given no place %s set aside: the answer is the same whether present or not (the turn's reasons name each, with the actions it was set aside in).",
			counted(len(ps), "personnel", "personnel"), text(isAre(len(ps))))
		return
	}
	paths := make([]string, len(ps))
	for i, p := range ps {
		paths[i] = p.path() + ".at"
	}
	j.sayStrings("%s, given no place (%s), %s set aside: the answer is the same whether present or not.", names(ps), strings.Join(paths, ", "), isAre(len(ps)))
}

// shipWhere is where a ship is.
func (b *Board) shipWhere(s *Ship) whereabouts {
	return whereabouts{Mission: s.Mission, Site: b.siteOf(s.Mission)}
}

// An act is something a question asks a card to do now.
type act uint8

const (
	actMove    act = iota // a ship moves; a personnel walks
	actBeam               // a personnel is beamed
	actFire               // a ship fires its WEAPONS (1E battle), or joins an engagement (2E)
	actAttempt            // a ship or personnel takes part in a mission attempt
	actStaff              // a personnel staffs a ship
	actBattle             // a card takes part in a battle or combat
	actRequire            // a personnel helps meet a requirement
)

// A bar is why a card may not do an act now; the zero bar lets it.
type bar struct {
	Kind barKind
	// Carrier is the ship whose state bars the card aboard it (1E: your
	// cards aboard your stopped ship are stopped).
	Carrier *Ship
	// Facility is the facility a ship is docked at.
	Facility *Facility
}

// barKind is what bars a card.
type barKind uint8

const (
	barNone          barKind = iota
	barCaptive               // a captive: its owner takes no action involving it, its captor does not command it
	barStopped               // stopped itself
	barStoppedAboard         // 1E: aboard its owner's stopped ship
	barDocked                // 1E: a docked ship may not fire, nor attempt a mission
	barCloaked               // 1E: a cloaked ship may not fire, nor attempt a mission
)

// barred says whether the bar forbids the act.
func (x bar) barred() bool { return x.Kind != barNone }

// stopped says whether the bar is a stop, the card's own or its ship's.
func (x bar) stopped() bool { return x.Kind == barStopped || x.Kind == barStoppedAboard }

// personnelMay says what bars a personnel from an act now, given where it
// is and the state of what carries it: a captive takes part in nothing; a
// stopped personnel executes no orders, staffs no ship, meets no
// requirement and (1E) takes part in no battle; in 1E your cards aboard
// your stopped ship are stopped too ("Your cards aboard your 'stopped'
// ship are also 'stopped.'"). Every act a question asks of a personnel is
// one of those, so each is barred alike; the act is named so that a rule
// that bars one act and not another has its place here. 2E personnel
// aboard a stopped ship are not stopped themselves: what they may not do
// is beam off it, which is the beam's own rule.
func (b *Board) personnelMay(p *Personnel, a act) bar {
	if p.Captive() {
		return bar{Kind: barCaptive}
	}
	if p.Stopped {
		return bar{Kind: barStopped}
	}
	if b.edition == rules.Edition1E && p.Ship != "" {
		if s := b.Ship(p.Ship); s != nil && s.Stopped && s.Owner == p.Owner {
			return bar{Kind: barStoppedAboard, Carrier: s}
		}
	}
	return bar{}
}

// stoppedNow says whether a personnel is stopped now: itself, or (1E)
// with its owner's stopped ship.
func (b *Board) stoppedNow(p *Personnel) bool {
	return b.personnelMay(p, actBattle).stopped()
}

// shipMay says what bars a ship from an act now: a stopped ship moves,
// fires and attempts nothing; a 1E ship that fires or attempts a mission
// must be undocked and uncloaked ("Each of your ships that will be firing
// WEAPONS must have WEAPONS>0 and be 'unstopped,' undocked, and
// uncloaked"; at a space mission "undock and/or decloak the ship").
func (b *Board) shipMay(s *Ship, a act) bar {
	if s.Stopped {
		return bar{Kind: barStopped}
	}
	if b.edition == rules.Edition1E && (a == actFire || a == actAttempt) {
		switch {
		case s.Docked != "":
			return bar{Kind: barDocked, Facility: b.Facility(s.Docked)}
		case s.Cloaked:
			return bar{Kind: barCloaked}
		}
	}
	return bar{}
}

// explainCopies says so when cards a question takes stand at another copy
// of m than m itself (2E): the copies are one mission. ids are the missions
// the cards stand at.
func (j *judgement) explainCopies(m *Mission, ids ...string) {
	var others []*Mission
	for _, id := range ids {
		if id == m.ID || !j.board.atSite(id, m) {
			continue
		}
		o := j.board.Mission(id)
		if o != nil && !slices.Contains(others, o) {
			others = append(others, o)
		}
	}
	if len(others) == 0 {
		return
	}
	j.sayStrings("%s and %s are copies of the same mission played by different players: the cards at them are at the same mission, as if they were all at the same card.", m.Name(), names(others))
	j.cite("mission.copies")
}
