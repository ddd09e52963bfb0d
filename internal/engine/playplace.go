// Where a card is played: 2E personnel, ships and equipment at a
// headquarters mission whose game text allows them; 1E personnel, ships
// and equipment reporting for duty to a compatible outpost or
// headquarters in the native quadrant of both card and facility, and 1E
// facilities built at a location where you have none, an outpost only at
// a mission showing its affiliation icon.

package engine

import (
	"slices"
	"strings"
)

// An hqPlacement is what the 2E rules make of playing a card at a place.
type hqPlacement struct {
	Kind    hqKind
	Mission *Mission
	// Token is the item of the headquarters' play list that allows the
	// card (hqAllows).
	Token string
	OK    bool
}

type hqKind int

const (
	hqOwnText         hqKind = iota // not a card a headquarters places: its own text says where it goes
	hqNotMission                    // the place is not a mission
	hqNotHeadquarters               // a mission of another type
	hqOpponents                     // an opponent's headquarters
	hqEquipment                     // any headquarters allows equipment (Premiere, Call to Arms)
	hqAllows                        // the play list allows the card
	hqDisallows                     // the play list does not
)

// playAtHeadquarters judges where a 2E card is played: personnel, ships
// and equipment at a headquarters mission of yours whose game text allows
// them (equipment at any under the Premiere and Call to Arms rulebooks:
// "All headquarters allow any kind of equipment"). It fails, naming the
// field, when the mission's type or play list is not known.
func playAtHeadquarters(b *Board, rules variant, c PlayCard, at string) (hqPlacement, error) {
	switch c.Type {
	case "personnel", "ship", "equipment":
	default:
		return hqPlacement{Kind: hqOwnText, OK: true}, nil
	}
	m := b.Mission(at)
	if m == nil {
		return hqPlacement{Kind: hqNotMission}, nil
	}
	if err := needMissionType(m); err != nil {
		return hqPlacement{}, err
	}
	hq := hqPlacement{Mission: m}
	switch {
	case m.Type != "headquarters":
		hq.Kind = hqNotHeadquarters
	case m.Owner != You:
		hq.Kind = hqOpponents
	case c.Type == "equipment" && rules != continuingCommittee:
		hq.Kind, hq.OK = hqEquipment, true
	case len(m.Play) == 0:
		return hq, needUnknown(m, statPlay)
	default:
		hq.Kind = hqDisallows
		token, allows, known := playAllows(m.Play, c)
		switch {
		case allows:
			hq.Kind, hq.Token, hq.OK = hqAllows, token, true
		case known != 0:
			// An item of the play list the card may have or not: a
			// refusal would read its icons or affiliation as none.
			return hq, c.need(known)
		}
	}
	return hq, nil
}

// explainHeadquarters says where a 2E card is played, and why it may or
// may not be played there.
func (j *judgement) explainHeadquarters(c PlayCard, at string, hq hqPlacement) {
	if hq.Kind == hqOwnText {
		j.sayStrings("%s is a %s; where it goes is said by its own text, not by a headquarters.", c.Name, c.Type)
		return
	}
	j.cite("play.where")
	m := hq.Mission
	switch hq.Kind {
	case hqNotMission:
		j.sayStrings("%s is not a mission; personnel, ships and equipment are played at a headquarters mission.", at)
	case hqNotHeadquarters:
		j.sayStrings("%s is a %s mission; personnel, ships and equipment are played at a headquarters mission.", m.Name(), m.Type)
	case hqOpponents:
		j.sayStrings("%s is your opponent's headquarters; its game text lets its owner play cards there, not you.", m.Name())
	case hqEquipment:
		j.sayStrings("%s is equipment: all headquarters allow any kind of equipment to be played there, %s too.", c.Name, m.Name())
		j.cite("play.equipment")
	case hqAllows:
		j.sayStrings("%s lets you play %s there (%s): %s may be played at it.", m.Name(), playWords(m.Play), hq.Token, c.Name)
	case hqDisallows:
		j.sayStrings("%s lets you play %s there; %s is none of them.", m.Name(), playWords(m.Play), c.Name)
	}
}

// playAllows says whether a headquarters' play list lets a card be played
// there, and which item does: an item is an affiliation, an icon or a card
// type ("klingon", "tng-icon", "equipment"), or several joined by "+" that
// the card must all have ("federation+ds9-icon").
//
// When no item allows the card, unknown names the statistics of the card
// not known (its icons, its affiliation) on which an item could still allow
// it: none when every item is refused by what is known.
func playAllows(play []string, c PlayCard) (token string, allows bool, unknown stat) {
	for _, item := range play {
		if strings.TrimSpace(item) == "" {
			continue
		}
		all, maybe := true, stat(0)
		for part := range strings.SplitSeq(item, "+") {
			term := playTerm(part)
			if cardHas(c, term) {
				continue
			}
			if s := c.unknown & playTermStat(term); s != 0 && term != "" {
				maybe |= s
				continue
			}
			all = false
			break
		}
		switch {
		case all && maybe == 0:
			return item, true, 0
		case all:
			unknown |= maybe
		}
	}
	return "", false, unknown
}

// playTermStat is the statistic of a card an item of a play list reads: a
// card type its type, an affiliation its affiliation, anything else (TNG,
// DS9, Earth) its icons.
func playTermStat(term string) stat {
	switch term {
	case "personnel", "ship", "equipment", "event", "interrupt", "mission", "dilemma":
		return statType
	}
	if slices.Contains(ruleAffiliations, term) || term == "non-aligned" {
		return statAffiliation
	}
	return statIcons
}

// playTerm is an item of a play list, or an icon, as they compare: folded,
// without a trailing "icon" ("ds9-icon" is "ds9").
func playTerm(s string) string {
	return strings.TrimSuffix(strings.TrimSuffix(fold(s), "icon"), " ")
}

func cardHas(c PlayCard, term string) bool {
	if term == "" {
		return false
	}
	if c.Type == term {
		return true
	}
	for _, a := range splitAffiliations(c.Affiliation) {
		if a == term {
			return true
		}
	}
	for _, i := range c.Icons {
		if playTerm(i) == term {
			return true
		}
	}
	return false
}

func playWords(play []string) string {
	parts := make([]string, len(play))
	for i, p := range play {
		parts[i] = strings.ReplaceAll(p, "+", " with ")
	}
	return joinAnd(parts)
}

// A reporting is what the 1E rules make of a card reporting for duty at a
// place.
type reporting struct {
	Kind reportKind
	// Facility is the facility reported to; Ship says the place is a ship
	// (reportNoFacility: else a planet).
	Facility *Facility
	Ship     bool
	// OpponentsOutpost shuts the facility to the card; OpponentsHQ does
	// not: both players may generally use a headquarters.
	OpponentsOutpost, OpponentsHQ bool
	// Compatibility is the card's with the facility (not for equipment).
	Compatibility affinity
	// Native is the card's native quadrant; CardAway the quadrant the
	// facility stands in when that is another, FacilityAway the same when
	// the facility stands outside its own native quadrant.
	Native, CardAway, FacilityAway string
	OK                             bool
}

type reportKind int

const (
	reportOwnText    reportKind = iota // not a card that reports for duty: its own text says where it goes
	reportNoFacility                   // a planet or a ship
	reportNor                          // a Nor itself
	reportStation                      // a station, whose text does not allow it
	reportFacility                     // an outpost or headquarters: the rest is judged
)

// reportForDuty judges where a 1E personnel, ship or equipment reports:
// to a compatible outpost of yours or a headquarters (both players may use
// one), never directly to a planet or a ship, a Nor itself, or a station
// whose text does not allow it; the card and the facility both in their
// native quadrant (equipment is native to all). It fails, naming the
// field, when the facility's kind, the card's affiliation or the quadrant
// of the mission the facility stands at is not known.
func reportForDuty(b *Board, c PlayCard, at string) (reporting, error) {
	switch c.Type {
	case "personnel", "ship", "equipment":
	default:
		return reporting{Kind: reportOwnText, OK: true}, nil
	}
	o := b.object(at)
	f := o.facility
	if f == nil {
		return reporting{Kind: reportNoFacility, Ship: o.ship != nil}, nil
	}
	if f.Kind == "" {
		return reporting{}, needUnknown(f, statKind)
	}
	r := reporting{Kind: reportFacility, Facility: f, OK: true}
	switch f.Kind {
	case "nor":
		return reporting{Kind: reportNor, Facility: f}, nil
	case "station":
		return reporting{Kind: reportStation, Facility: f}, nil
	case "outpost":
		r.OpponentsOutpost = f.Owner != You
	case "headquarters":
		r.OpponentsHQ = f.Owner != You
	}
	if r.OpponentsOutpost {
		r.OK = false
	}
	m := b.Mission(f.Mission)
	where := m.Quadrant
	if where == "" {
		// Both the card and the facility must stand in their native
		// quadrant: where the facility stands must be known.
		return reporting{}, needUnknown(m, statQuadrant)
	}
	if c.Type != "equipment" {
		if c.Affiliation == "" {
			return reporting{}, c.need(statAffiliation)
		}
		if len(f.Affiliations) == 0 {
			// A facility always has an affiliation: none given is not
			// known, never incompatible with every card.
			return reporting{}, needUnknown(f, statAffiliation)
		}
		r.Compatibility = compatibility(splitAffiliations(c.Affiliation), f.Affiliations)
		if r.Compatibility == incompatible {
			r.OK = false
		}
		r.Native = c.Quadrant
		if r.Native == "" {
			r.Native = "alpha"
		}
		if r.Native != where {
			r.OK, r.CardAway = false, where
		}
	}
	if f.Quadrant != where {
		r.OK, r.FacilityAway = false, where
	}
	return r, nil
}

// explainReport says where a 1E card reports for duty, and why it may or
// may not report there.
func (j *judgement) explainReport(c PlayCard, at string, r reporting) {
	if r.Kind == reportOwnText {
		j.sayStrings("%s is a %s, not a card that reports for duty; where it goes is said by its own text.", c.Name, c.Type)
		return
	}
	j.cite("report1.where")
	f := r.Facility
	switch r.Kind {
	case reportNoFacility:
		what := "a planet"
		if r.Ship {
			what = "a ship"
		}
		j.sayStrings("%s is %s; %s reports for duty to a compatible outpost or headquarters, not directly aboard a ship or to a planet.", at, what, c.Name)
		return
	case reportNor:
		j.sayStrings("%s is a Nor; cards report to one of its sites, not directly to the Nor itself.", f.Name())
		j.cite("report1.nor")
		return
	case reportStation:
		j.sayStrings("%s is a station; stations do not allow reporting unless their text says so.", f.Name())
		j.cite("report1.station")
		return
	}
	switch {
	case r.OpponentsOutpost:
		j.sayStrings("%s is your opponent's outpost; you may not use an opponent's outpost unless a card allows it.", f.Name())
		j.cite("report1.outpost")
	case r.OpponentsHQ:
		j.sayStrings("%s is your opponent's headquarters; both players may generally use a headquarters.", f.Name())
		j.cite("report1.outpost")
	}
	if c.Type == "equipment" {
		j.sayStrings("%s is equipment: compatible with all facilities and native to all quadrants.", c.Name)
		j.cite("report1.equipment")
	} else {
		switch r.Compatibility {
		case incompatible:
			j.sayStrings("%s (%s) is not compatible with %s (%s).", c.Name, c.Affiliation, f.Name(), joinAnd(f.Affiliations))
			j.cite("report1.native", "compat1")
		case sameAffiliation:
			j.sayStrings("%s (%s) is of the affiliation of %s.", c.Name, c.Affiliation, f.Name())
		default:
			j.sayStrings("%s (%s) is compatible with %s (%s): Non-Aligned and Neutral cards are compatible with any affiliation but Borg.", c.Name, c.Affiliation, f.Name(), joinAnd(f.Affiliations))
			j.cite("compat1")
		}
		if r.CardAway != "" {
			j.sayStrings("%s is native to the %s quadrant and %s stands in the %s quadrant; the card and the facility must both be in their native quadrant.", c.Name, r.Native, f.Name(), r.CardAway)
		}
	}
	if r.FacilityAway != "" {
		j.sayStrings("%s is native to the %s quadrant but stands in the %s quadrant: cards may not report to a facility outside its native quadrant.", f.Name(), f.Quadrant, r.FacilityAway)
	}
	j.cite("report1.native")
	if c.Type == "ship" {
		if f.Kind == "headquarters" {
			j.sayStrings("%s reports in orbit of the planet where %s is: a headquarters is a planet facility, where ships do not dock.", c.Name, f.Name())
			j.cite("report1.hq")
		} else {
			j.sayStrings("%s reports for duty docked at %s.", c.Name, f.Name())
			j.cite("report1.ship")
		}
	}
}

// How two cards' affiliations work together in 1E.
type affinity int

const (
	incompatible    affinity = iota
	sameAffiliation          // an affiliation in common
	compatibleOnly           // Non-Aligned or Neutral with another but Borg
)

// compatibility says how one card's affiliations work with another's: an
// affiliation in common, or compatible, or neither.
func compatibility(as, bs []string) affinity {
	out := incompatible
	for _, a := range as {
		for _, b := range bs {
			switch {
			case a == b:
				return sameAffiliation
			case compatible1E(a, b):
				out = compatibleOnly
			}
		}
	}
	return out
}

// A building is what the 1E rules make of building a facility at a place
// during the play phase (1E rulebook, Facility and Site cards; 4. FACILITY
// PHASE).
type building struct {
	// Mission is the location the facility is built at; nil when the
	// place is a ship or a facility, where no facility is built.
	Mission *Mission
	// Occupied is your facility already at that location: you may not
	// build another there (the opponent's does not stop you).
	Occupied *Facility
	// Outpost: the facility is an outpost, built only at a mission with
	// its affiliation icon; NoIcon says the mission has none of its
	// affiliations. OwnText: another kind of facility (or one whose kind
	// the card data does not give), built where its own text says.
	Outpost, NoIcon, OwnText bool
	OK                       bool
}

// buildFacility judges where a 1E facility is built: at a spaceline
// location (a mission) where you have no facility yet, an outpost only at a
// mission showing its affiliation icon. Where another kind of facility may
// be built is said by its text, which the card data does not hold, and so
// is whether an outpost's text lets it be built during play and whether the
// mission is a homeworld: those the verdict says it did not check. It
// fails, naming the field, when an outpost's affiliation or the mission's
// affiliation icons are not known.
func buildFacility(b *Board, c PlayCard, at string) (building, error) {
	m := b.Mission(at)
	if m == nil {
		return building{}, nil
	}
	bd := building{Mission: m, OK: true}
	for _, f := range b.Facilities {
		if f.Owner == You && f.Mission == m.ID {
			bd.Occupied, bd.OK = f, false
			break
		}
	}
	if c.FacilityKind != "outpost" {
		bd.OwnText = true
		return bd, nil
	}
	bd.Outpost = true
	if c.Affiliation == "" {
		return bd, c.need(statAffiliation)
	}
	if len(m.Affiliations) == 0 && !m.AnyMayAttempt && !m.affiliationsKnown {
		return bd, needUnknown(m, statAffiliations)
	}
	if !outpostMayStand(splitAffiliations(c.Affiliation), m) {
		bd.NoIcon, bd.OK = true, false
	}
	return bd, nil
}

// outpostMayStand says whether a mission shows one of an outpost's
// affiliation icons (or its text lets that affiliation attempt it).
func outpostMayStand(affiliations []string, m *Mission) bool {
	for _, a := range affiliations {
		if contains(m.Affiliations, a) || (m.AnyMayAttempt && !contains(m.AttemptExcept, a)) {
			return true
		}
	}
	return false
}

// explainBuild says where a 1E facility is built, and why it may or may
// not be built there, naming what the card data does not let it check.
func (j *judgement) explainBuild(c PlayCard, at string, bd building) {
	m := bd.Mission
	if m == nil {
		j.sayStrings("%s is not a spaceline location; %s is built at a mission.", at, c.Name)
		j.cite("build1.where")
		return
	}
	if f := bd.Occupied; f != nil {
		j.sayStrings("You already have %s at %s; you may not build another facility at a location where you already have one.", f.Name(), m.Name())
		j.cite("build1.one")
	}
	if bd.OwnText {
		j.sayStrings("%s is built only where its own text says, which the card data does not hold: where it may be built is not checked.", c.Name)
		j.cite("build1.where")
		return
	}
	if bd.NoIcon {
		j.sayStrings("%s (%s) may be built only at a mission with its affiliation icon; %s shows %s.", c.Name, c.Affiliation, m.Name(), iconsShown(m))
	} else {
		j.sayStrings("%s shows the %s icon, where %s may be built; whether its text lets it be built during play and whether %s is a homeworld (where no outpost stands) the card data does not say: not checked.", m.Name(), c.Affiliation, c.Name, m.Name())
	}
	j.cite("build1.where")
}

// iconsShown names the affiliation icons a mission shows, for a sentence.
func iconsShown(m *Mission) string {
	if len(m.Affiliations) == 0 {
		return "no affiliation icon"
	}
	return joinAnd(m.Affiliations)
}
