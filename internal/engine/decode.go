// Decoding: a board and a question's params as a request gives them (the
// types of internal/rules), read once into the engine's Board and a
// question's params struct. Card references are resolved, the card's
// statistics filled in where the board leaves them out, and every error
// names the field to fix; the question functions then work on the decoded
// board alone. What every object is read with (its place, id, owner and
// card), and the params, are in decodeobject.go.

package engine

import (
	"context"
	"slices"
	"sync"

	"github.com/stccg/stccg-rules/internal/rules"
)

// decodeBoard resolves and validates a board once: card references are
// looked up, inline fields override the card's, every id and location must
// resolve.
func (s *Service) decodeBoard(ctx context.Context, edition string, in rules.Board) (*Board, error) {
	return s.decodeBoardInto(ctx, edition, in, nil)
}

// decodeBoardInto is decodeBoard reading the board's missions, ships and
// personnel into the arrays of into (made for the board when nil).
func (s *Service) decodeBoardInto(ctx context.Context, edition string, in rules.Board, into *boardArrays) (*Board, error) {
	b := into.boardFor(edition)
	if n := len(in.Missions) + len(in.Ships) + len(in.Personnel) + len(in.Facilities); n > smallBoard {
		b.objects = make(map[string]objectRef, n)
	}
	// The names the personnel answer to are numbered in a table made with
	// room for a few each (their skills, title, species, characteristics
	// and icons, many shared), rather than grown by doubling.
	b.compiled = into.compiledFor(min(3*len(in.Personnel)+8, 1024))
	if err := s.decodeMissions(ctx, edition, in.Missions, b, into); err != nil {
		return nil, err
	}
	b.assignSites()
	if err := s.decodeFacilities(ctx, edition, in.Facilities, b); err != nil {
		return nil, err
	}
	if err := s.decodeShips(ctx, edition, in.Ships, b, into); err != nil {
		return nil, err
	}
	if err := s.decodePersonnel(ctx, edition, in.Personnel, b, into); err != nil {
		return nil, err
	}
	// A text given on several missions (copies of one mission, or the
	// same card on both sides) is read once: what is read of it, and
	// whether its names are typos, depends only on the text and the board.
	for i, m := range b.Missions {
		if m.requirementsSource != "requirements" {
			continue // a card's printed requirements are the card data's own words
		}
		// Each text is read whole (up to 512 bytes, some 10 µs), whatever
		// the question: the request is read once, at the edge.
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		// The missions before this one are few (at most MaxBoardMissions):
		// looking back through them costs no map a board.
		if j := slices.IndexFunc(b.Missions[:i], func(p *Mission) bool {
			return p.requirementsSource == "requirements" && p.Requirements == m.Requirements
		}); j >= 0 {
			m.readRequirements = b.Missions[j].readRequirements
			continue
		}
		req, err := s.vocab.checkRequirementWords(&b.words, m.requirementsField, m.Requirements, b)
		if err != nil {
			return nil, err
		}
		m.readRequirements = req
	}
	return b, nil
}

// decodeMissions reads the board's missions, into the arrays of into.
func (s *Service) decodeMissions(ctx context.Context, edition string, in []rules.BoardMission, b *Board, into *boardArrays) error {
	missions := into.missionsFor(len(in))
	b.Missions = into.missionList(len(in))
	for i, bm := range in {
		at := boardPlace{"missions", i}
		owner, c, err := s.placeObject(ctx, edition, b, at, bm.ID, bm.Owner, bm.Card, "mission")
		if err != nil {
			return err
		}
		m := &missions[i]
		*m = Mission{ID: bm.ID, Owner: owner, Index: i, Completed: bm.Completed, OvercomeDilemmas: bm.OvercomeDilemmas, Play: bm.Play, src: &in[i]}
		if c != nil {
			m.card, m.universal = c.ID, c.Universal
			m.Title, m.Type, m.Quadrant, m.Region = c.Title, c.MissionType, c.Quadrant, c.Region
			if c.MissionName != "" {
				m.Title = c.MissionName // a 2E mission is known by its mission name, not its location
			}
			m.Span, m.Points, m.Requirements = c.Span, c.Points, c.Requirements
			m.Affiliations = foldAll(c.Affiliations)
			m.AnyMayAttempt, m.AttemptExcept = c.AnyMayAttempt, foldAll(c.AttemptExcept)
			if len(m.Play) == 0 {
				m.Play = c.Play
			}
			m.requirementsSource = "card"
			m.affiliationsKnown = true
			if edition == rules.Edition1E && m.Quadrant == "" && m.Points != nil {
				// A 1E mission's point box marks the Gamma Quadrant (and
				// the card data the others it names); an Alpha Quadrant
				// point box "has no symbol" (1E rulebook, 2. MISSION
				// PHASE). A mission with no point box may be placed in
				// either quadrant: its quadrant stays unknown.
				m.Quadrant = "alpha"
			}
		}
		if bm.Title != "" {
			m.Title = bm.Title
		}
		if m.Play, err = s.readPlayWords(&b.words, at, m.Play, bm.Play); err != nil {
			return err
		}
		if bm.Type != "" {
			m.Type = bm.Type
		}
		m.Type = foldGiven(m.Type, bm.Type)
		if m.Type != "" && !validMissionType(edition, m.Type) {
			return checkChoice(at.field("type"), m.Type, missionTypeList(edition), "a %s mission is %s, not %q", edition, missionTypes(edition), bm.Type)
		}
		if bm.Quadrant != "" {
			m.Quadrant = bm.Quadrant
		}
		m.Quadrant = foldGiven(m.Quadrant, bm.Quadrant)
		if m.Quadrant != "" && !validQuadrant(m.Quadrant) {
			return checkChoice(at.field("quadrant"), m.Quadrant, quadrantList, "a quadrant is alpha, gamma, delta or mirror, not %q", bm.Quadrant)
		}
		if bm.Region != "" {
			m.Region = bm.Region
		}
		if bm.Span != nil {
			m.Span = bm.Span
		}
		if m.Span != nil && *m.Span < 0 {
			return unprocessable(at.field("span"), "a span cannot be negative")
		}
		if bm.Points != nil {
			m.Points = bm.Points
		}
		m.Points = b.zero(m.Points, m, "points")
		if bm.Requirements != "" {
			m.Requirements = bm.Requirements
			m.requirementsSource = "requirements"
		}
		if bm.Affiliations != nil {
			// [] says the mission has no affiliation icons.
			m.Affiliations = foldAll(bm.Affiliations)
			if m.Affiliations, err = s.vocab.words.readWords(&b.words, at, "affiliations", "an affiliation", bm.Affiliations, m.Affiliations, affiliationWords); err != nil {
				return err
			}
			m.AnyMayAttempt, m.AttemptExcept = false, nil
			m.affiliationsKnown = true
		}
		if m.OvercomeDilemmas < 0 {
			return unprocessable(at.field("overcomeDilemmas"), "overcome dilemmas cannot be negative")
		}
		m.titleKey = s.memos.fold(m.Title)
		b.Missions = append(b.Missions, m)
		b.index(m.ID, missionObject, len(b.Missions)-1)
	}
	return nil
}

// decodeShips reads the board's ships, into the arrays of into.
func (s *Service) decodeShips(ctx context.Context, edition string, in []rules.BoardShip, b *Board, into *boardArrays) error {
	ships := into.shipsFor(len(in))
	b.Ships = into.shipList(len(in))
	for i := range in {
		sh := &ships[i]
		if err := s.readShip(ctx, edition, b, boardPlace{"ships", i}, &in[i], sh); err != nil {
			return err
		}
		b.Ships = append(b.Ships, sh)
		b.index(sh.ID, shipObject, len(b.Ships)-1)
	}
	return nil
}

// readShip reads one ship of the board into sh; at is its place on the
// board, bs what the request says of it.
func (s *Service) readShip(ctx context.Context, edition string, b *Board, at boardPlace, bs *rules.BoardShip, sh *Ship) error {
	owner, c, err := s.placeObject(ctx, edition, b, at, bs.ID, bs.Owner, bs.Card, "ship")
	if err != nil {
		return err
	}
	*sh = Ship{ID: bs.ID, Owner: owner, Index: at.index, RangeUsed: bs.RangeUsed, Stopped: bs.Stopped, Damage: bs.Damage, Cloaked: bs.Cloaked, src: bs}
	if bs.Cloaked && edition != rules.Edition1E {
		return unprocessable(at.field("cloaked"), "cloaking is a First Edition rule; a Second Edition ship is not cloaked")
	}
	// A ship's numbers are nil when not known; its staffing and
	// affiliation as its card's source gives them (known.go), completed by
	// what the board gives.
	sh.unknown = statStaffing | statAffiliation
	if c != nil {
		sh.Title, sh.Affiliation, sh.Staffing = c.Title, c.Affiliation, c.Staffing
		sh.Range, sh.Weapons, sh.Shields = c.Range, c.Weapons, c.Shields
		sh.persona = c.Persona
		sh.card = c.ID
		sh.unknown = cardStats(c, "ship", edition == rules.Edition1E) & (statStaffing | statAffiliation)
	}
	if bs.Staffing != nil {
		sh.unknown &^= statStaffing
	}
	if bs.Affiliation != "" {
		sh.unknown &^= statAffiliation
	}
	if bs.Title != "" {
		sh.Title = bs.Title
	}
	if bs.Affiliation != "" {
		sh.Affiliation = bs.Affiliation
	}
	sh.Affiliation = s.memos.foldAffiliation(sh.Affiliation)
	if bs.Affiliation != "" {
		read, err := s.readAffiliation(&b.words, at.fieldOf("affiliation"), bs.Affiliation, sh.Affiliation)
		if err != nil {
			return err
		}
		if read != bs.Affiliation {
			sh.Affiliation = s.memos.fold(read)
		}
	}
	if bs.Staffing != nil {
		sh.Staffing = bs.Staffing // [] says the ship lists no staffing icons
	}
	if sh.slots, err = s.staffingSlots(&b.words, edition, sh.Staffing, at); err != nil {
		return err
	}
	sh.Staffing = foldAll(sh.Staffing)
	if bs.Staffing != nil && edition != rules.Edition1E {
		// 2E staffing is icons, a plural of one read as it; a 1E line is
		// read in staffingSlots.
		if sh.Staffing, err = s.vocab.words.readForms(&b.words, at, "staffing", "a staffing icon", bs.Staffing, sh.Staffing, iconWords); err != nil {
			return err
		}
		if err := s.vocab.words.checkWords(at, "staffing", "a staffing icon", bs.Staffing, sh.Staffing, iconWords); err != nil {
			return err
		}
	}
	if bs.Range != nil {
		sh.Range = bs.Range
	}
	if bs.Weapons != nil {
		sh.Weapons = bs.Weapons
	}
	if bs.Shields != nil {
		sh.Shields = bs.Shields
	}
	sh.Range = b.zero(sh.Range, sh, "Range")
	sh.Weapons = b.zero(sh.Weapons, sh, "Weapons")
	sh.Shields = b.zero(sh.Shields, sh, "Shields")
	if sh.RangeUsed < 0 {
		return unprocessable(at.field("rangeUsed"), "range used cannot be negative")
	}
	if sh.Damage < 0 {
		return unprocessable(at.field("damage"), "damage cannot be negative")
	}
	if limit := destroyingDamage(edition); sh.Damage >= limit {
		return unprocessable(at.field("damage"), "%s", destroyedOnBoard(edition, sh.Damage))
	}
	if bs.At != nil {
		if bs.At.Ship != "" {
			return unprocessable(at.field("at.ship"), "a ship is at a mission, not aboard a ship")
		}
		if bs.At.Facility != "" || bs.At.Brig != "" {
			return unprocessable(at.field("at"), "a ship is at a mission (a ship at a facility's mission is docked there with docked), not aboard a facility or in a brig")
		}
		if bs.At.Mission != "" {
			if b.Mission(bs.At.Mission) == nil {
				return unprocessable(at.field("at.mission"), "no mission on the board has the id %q", bs.At.Mission)
			}
			sh.Mission = bs.At.Mission
		}
	}
	if bs.Docked != "" {
		if err := checkDocked(edition, b, at, bs.Docked, sh); err != nil {
			return err
		}
		sh.Docked = bs.Docked
	}
	return nil
}

// checkDocked fails unless a ship may be docked at the facility: a 1E
// space facility at the ship's location ("A headquarters is a planet
// facility, and thus ships do not actually dock there").
func checkDocked(edition string, b *Board, at boardPlace, id string, sh *Ship) error {
	if edition != rules.Edition1E {
		return unprocessable(at.field("docked"), "ships dock at First Edition facilities; a Second Edition ship is at a mission")
	}
	f := b.Facility(id)
	switch {
	case f == nil:
		return unprocessable(at.field("docked"), "no facility on the board has the id %q", id)
	case sh.Mission == "":
		return unprocessable(at.field("at.mission"), "%s is docked at %s: say the mission where both are", sh.Name(), f.Name())
	case f.Mission != sh.Mission:
		return unprocessable(at.field("docked"), "%s is docked at %s, which is at another mission", sh.Name(), f.Name())
	case f.Kind == "headquarters":
		return unprocessable(at.field("docked"), "%s is a headquarters, a planet facility: ships orbit it rather than dock", f.Name())
	}
	return nil
}

// decodePersonnel reads the board's personnel, into the arrays of into.
func (s *Service) decodePersonnel(ctx context.Context, edition string, in []rules.BoardPersonnel, b *Board, into *boardArrays) error {
	personnel := into.personnelFor(len(in))
	b.Personnel = into.personnelList(len(in))
	// The skills of the board's personnel share one array, each personnel
	// a part of it no other can append into.
	sk := skillArena{}
	for _, bp := range in {
		sk.inline += len(bp.Skills)
	}
	for i := range in {
		p := &personnel[i]
		if err := s.readPersonnel(ctx, edition, b, boardPlace{"personnel", i}, &in[i], p, &sk); err != nil {
			return err
		}
		b.Personnel = append(b.Personnel, p)
		b.index(p.ID, personnelObject, len(b.Personnel)-1)
	}
	return nil
}

// A skillArena is the array the skills of a board's personnel are read
// into: inline counts the skills given on the board not yet read.
type skillArena struct {
	skills []SkillLevel
	inline int
}

// readPersonnel reads one personnel of the board into p; at is its place
// on the board, bp what the request says of it.
func (s *Service) readPersonnel(ctx context.Context, edition string, b *Board, at boardPlace, bp *rules.BoardPersonnel, p *Personnel, sk *skillArena) error {
	sk.inline -= len(bp.Skills)
	owner, card, err := s.placeObject(ctx, edition, b, at, bp.ID, bp.Owner, bp.Card, "personnel")
	if err != nil {
		return err
	}
	*p = Personnel{ID: bp.ID, Owner: owner, Index: at.index, Stopped: bp.Stopped, src: bp, names: b.compile().names}
	var integrity, cunning, strength *int
	persona := bp.Persona
	// What is known of the personnel: its card's statistics as the card's
	// source gives them (known.go), completed by what the board gives.
	p.unknown = statIcons | statSkills | statCharacteristics | statSpecies | statAffiliation
	if card != nil {
		p.card = card.ID
		p.unknown = cardStats(card, "personnel", edition == rules.Edition1E) & (statIcons | statSkills | statCharacteristics | statSpecies | statAffiliation)
	}
	if bp.Affiliation != "" {
		p.unknown &^= statAffiliation
	}
	if bp.Icons != nil {
		p.unknown &^= statIcons
	}
	if bp.Skills != nil {
		p.unknown &^= statSkills
	}
	if bp.Characteristics != nil {
		p.unknown &^= statCharacteristics
	}
	if bp.Species != "" {
		p.unknown &^= statSpecies
	}
	if c := card; c != nil {
		p.Title, p.Affiliation, p.Species = c.Title, c.Affiliation, c.Species
		p.Icons = c.Icons
		p.Characteristics = append(append([]string(nil), c.Characteristics...), c.Keywords...)
		if c.Classification != "" {
			p.Characteristics = append(p.Characteristics, c.Classification)
		}
		integrity, cunning, strength = c.Integrity, c.Cunning, c.Strength
		if persona == "" {
			persona = c.Persona
		}
	}
	if bp.Title != "" {
		p.Title = bp.Title
	}
	if persona != "" {
		p.Persona = s.memos.fold(persona)
	}
	if bp.Affiliation != "" {
		p.Affiliation = bp.Affiliation
	}
	p.Affiliation = s.memos.foldAffiliation(p.Affiliation)
	if bp.Icons != nil {
		p.Icons = bp.Icons
	}
	p.Icons = s.memos.foldAll(p.Icons)
	if bp.Characteristics != nil {
		p.Characteristics = bp.Characteristics
	}
	p.Characteristics = s.memos.foldAll(p.Characteristics)
	if bp.Species != "" {
		p.Species = bp.Species
	}
	if err := s.checkPersonnelWords(b, at, bp, p); err != nil {
		return err
	}
	// Skills given on the board replace the card's, even none.
	n := len(bp.Skills)
	if bp.Skills == nil && card != nil {
		n = len(card.Skills)
	}
	if len(sk.skills)+n > cap(sk.skills) {
		sk.skills = make([]SkillLevel, 0, n+sk.inline)
	}
	start := len(sk.skills)
	if bp.Skills != nil {
		for j, text := range bp.Skills {
			ps, err := s.memos.parseSkill(text)
			if err != nil {
				return unprocessable(indexed(at.field("skills"), j), "%v", err)
			}
			switch {
			case len(ps.formOf) == 1:
				// "Engineers", "Engineering": the skill it is a form of
				// (wordforms.go).
				if !b.words.hasForm(ps.form, ps.name, ps.formOf[0]) { // its first place only
					b.words.noteForm(ps.form, ps.name, ps.formOf[0], indexed(at.field("skills"), j))
				}
				ps.key = ps.formOf[0]
			case len(ps.formOf) > 1:
				return ambiguousForm(ps.form, indexed(at.field("skills"), j), "a skill", text, ps.formOf)
			}
			if ps.typo {
				// 1E: a classification is a skill and a characteristic.
				return unknownWord(indexed(at.field("skills"), j), "a skill", text, s.vocab.words.typoOf(ps.key, skillWords|characteristicWords))
			}
			if len(ps.formOf) == 0 && s.vocab.words.kinds[ps.key]&(skillWords|characteristicWords) == 0 {
				b.words.noteWrittenSkill(ps.name, ps.key, at, j)
			}
			sk.skills = append(sk.skills, SkillLevel{Key: ps.key, Name: ps.name, Level: ps.level})
		}
	} else if card != nil {
		for _, c := range card.Skills {
			k := s.memos.fold(c.Name)
			if k == "" {
				continue
			}
			sk.skills = append(sk.skills, SkillLevel{Key: k, Name: c.Name, Level: max(c.Level, 1)})
		}
	}
	p.Skills = mergeSkills(sk.skills[start:len(sk.skills):len(sk.skills)])
	if bp.Integrity != nil {
		integrity = bp.Integrity
	}
	if bp.Cunning != nil {
		cunning = bp.Cunning
	}
	if bp.Strength != nil {
		strength = bp.Strength
	}
	for _, a := range []struct {
		stat  stat
		title string
		v     *int
		dst   *int
	}{{statIntegrity, "Integrity", integrity, &p.Integrity}, {statCunning, "Cunning", cunning, &p.Cunning}, {statStrength, "Strength", strength, &p.Strength}} {
		if a.v == nil {
			p.unknown |= a.stat
			continue
		}
		*a.dst = *b.zero(a.v, p, a.title)
	}
	if bp.At != nil {
		return readPersonnelLocation(edition, b, at, bp.At, p)
	}
	p.Unplaced = true
	return nil
}

// readPersonnelLocation reads where a personnel is: on a mission, aboard a
// ship, aboard a 1E facility, or in a brig; one of them.
func readPersonnelLocation(edition string, b *Board, at boardPlace, loc *rules.Location, p *Personnel) error {
	set := 0
	for _, f := range []string{loc.Mission, loc.Ship, loc.Facility, loc.Brig} {
		if f != "" {
			set++
		}
	}
	if set > 1 {
		if loc.Ship != "" && loc.Mission != "" && set == 2 {
			return unprocessable(at.field("at"), "a personnel is at a mission or aboard a ship, not both")
		}
		return unprocessable(at.field("at"), "a personnel is at one place: a mission, a ship, a facility or a brig")
	}
	switch {
	case set == 0:
		p.Unplaced = true
	case loc.Ship != "":
		if b.Ship(loc.Ship) == nil {
			return unprocessable(at.field("at.ship"), "no ship on the board has the id %q", loc.Ship)
		}
		p.Ship = loc.Ship
	case loc.Mission != "":
		if b.Mission(loc.Mission) == nil {
			return unprocessable(at.field("at.mission"), "no mission on the board has the id %q", loc.Mission)
		}
		p.Mission = loc.Mission
	case loc.Facility != "":
		if edition != rules.Edition1E {
			return unprocessable(at.field("at.facility"), "facilities are First Edition cards; a Second Edition personnel is at a mission or aboard a ship")
		}
		if b.Facility(loc.Facility) == nil {
			return unprocessable(at.field("at.facility"), "no facility on the board has the id %q", loc.Facility)
		}
		p.Facility = loc.Facility
	case loc.Brig != "":
		switch loc.Brig {
		case You, Opponent:
			p.Brig = loc.Brig
		default:
			return checkChoice(at.field("at.brig"), loc.Brig, ownerList, "a brig is %q or %q (the player whose brig it is), not %q", You, Opponent, loc.Brig)
		}
	}
	return nil
}

// decodeFacilities reads the 1E facilities: each at a mission, of a known
// kind when given.
func (s *Service) decodeFacilities(ctx context.Context, edition string, in []rules.BoardFacility, b *Board) error {
	if len(in) == 0 {
		return nil
	}
	if edition != rules.Edition1E {
		return unprocessable("board.facilities", "facilities are First Edition cards; Second Edition plays personnel and ships at headquarters missions")
	}
	facilities := make([]Facility, len(in))
	b.Facilities = make([]*Facility, 0, len(in))
	for i := range in {
		f := &facilities[i]
		if err := s.readFacility(ctx, edition, b, boardPlace{"facilities", i}, &in[i], f); err != nil {
			return err
		}
		b.Facilities = append(b.Facilities, f)
		b.index(f.ID, facilityObject, len(b.Facilities)-1)
	}
	return nil
}

func (s *Service) readFacility(ctx context.Context, edition string, b *Board, at boardPlace, bf *rules.BoardFacility, f *Facility) error {
	owner, c, err := s.placeObject(ctx, edition, b, at, bf.ID, bf.Owner, bf.Card, "facility")
	if err != nil {
		return err
	}
	*f = Facility{ID: bf.ID, Owner: owner, Index: at.index, src: bf}
	if c != nil {
		f.card = c.ID
		f.Title, f.Kind, f.Quadrant, f.Shields = c.Title, c.FacilityType, c.Quadrant, c.Shields
		f.ExtendedShields = c.ExtendedShieldsPercentage
		f.Affiliations = splitAffiliations(c.Affiliation)
	}
	if bf.Title != "" {
		f.Title = bf.Title
	}
	switch {
	case len(bf.Affiliations) > 0:
		f.Affiliations = bf.Affiliations
	case bf.Affiliation != "":
		f.Affiliations = splitAffiliations(bf.Affiliation)
	}
	f.Affiliations = foldAll(f.Affiliations)
	switch {
	case len(bf.Affiliations) > 0:
		if f.Affiliations, err = s.vocab.words.readWords(&b.words, at, "affiliations", "an affiliation", bf.Affiliations, f.Affiliations, affiliationWords); err != nil {
			return err
		}
	case bf.Affiliation != "":
		read, err := s.readAffiliation(&b.words, at.fieldOf("affiliation"), bf.Affiliation, fold(bf.Affiliation))
		if err != nil {
			return err
		}
		if read != bf.Affiliation {
			f.Affiliations = foldAll(splitAffiliations(read))
		}
	}
	if bf.Kind != "" {
		f.Kind = bf.Kind
	}
	f.Kind = foldGiven(f.Kind, bf.Kind)
	switch f.Kind {
	case "", "outpost", "headquarters", "station", "nor":
	default:
		return checkChoice(at.field("kind"), f.Kind, facilityKinds, "a facility is an outpost, headquarters, station or nor, not %q", bf.Kind)
	}
	if bf.Quadrant != "" {
		f.Quadrant = bf.Quadrant
	}
	f.Quadrant = foldGiven(f.Quadrant, bf.Quadrant)
	if f.Quadrant == "" {
		f.Quadrant = "alpha" // native to the Alpha Quadrant unless it says otherwise
	}
	if !validQuadrant(f.Quadrant) {
		return checkChoice(at.field("quadrant"), f.Quadrant, quadrantList, "a quadrant is alpha, gamma, delta or mirror, not %q", bf.Quadrant)
	}
	if bf.Shields != nil {
		f.Shields = bf.Shields
	}
	if f.Shields != nil && *f.Shields < 0 {
		return unprocessable(at.field("shields"), "SHIELDS cannot be negative")
	}
	if bf.At == nil || bf.At.Mission == "" || bf.At.Ship != "" || bf.At.Facility != "" || bf.At.Brig != "" {
		return unprocessable(at.field("at.mission"), "a facility stands at a mission: give at.mission")
	}
	if b.Mission(bf.At.Mission) == nil {
		return unprocessable(at.field("at.mission"), "no mission on the board has the id %q", bf.At.Mission)
	}
	f.Mission = bf.At.Mission
	return nil
}

// boardArrays are what a request's board is read into, kept from one
// request to the next (boardArraysPool): the board, what the request
// computes once of its boards (compiled, its table of names), the arrays
// its missions, ships and personnel are read into, and the lists of
// them. A board's objects are large (some 370 bytes a personnel, strings
// and lists), and made for every request they were a tenth of an
// adjudication's time, collection included. Service.Adjudicate takes them
// for its board and gives them back, cleared, once its verdict is made:
// nothing of a verdict points into them (its results are the request's
// types, whose numbers are made apart, ptr), and neither the boards of the
// request nor their objects are read after it. Moves put the objects and
// lists they change in arrays of their own (Board.clone, ownPersonnel).
type boardArrays struct {
	board     Board
	compiled  compiled
	names     nameTable
	missions  []Mission
	ships     []Ship
	personnel []Personnel
	// The board's lists, made from these.
	missionPtrs   []*Mission
	shipPtrs      []*Ship
	personnelPtrs []*Personnel
	// judgements are the room of the judgements of a turn's first steps,
	// steps of them taken (Service.stepJudgement).
	judgements []judgement
	steps      int
	// The room of what a turn's moves make: the boards (Board.clone) and
	// the copies of the objects they change (Board.copyPersonnel, ...).
	boards        room[Board]
	personnelMade room[Personnel]
	shipsMade     room[Ship]
	missionsMade  room[Mission]
	// The moves a turn's steps read (and a single move's question).
	cardPlays room[cardPlay]
	beams     room[beamMove]
	shipMoves room[shipMove]
	resolves  room[resolveMove]
	// The room of the lists the request's judgements and moves make and
	// drop before its verdict is made: the rules a judgement applied, the
	// lists of a board a move changes (Board.ownPersonnel, ...), the
	// numbered names of its personnel (Personnel.marksIn).
	ruleKeys       listRoom[ruleKey]
	personnelLists listRoom[*Personnel]
	shipLists      listRoom[*Ship]
	missionLists   listRoom[*Mission]
	marks          listRoom[nameMark]
	// The working lists of staffing searches (Staffing): a ship's slots,
	// the candidates of each and the matching's numbers.
	slots listRoom[staffingSlot]
	// beamers are the personnel of the beams judged (beamGroup).
	beamers  listRoom[beamer]
	ints     listRoom[int]
	intLists listRoom[[]int]
	// reasons is where the reasons of a turn's steps are listed: lists
	// the answer holds, so never cleared nor kept, only let go (release).
	reasons []string
	// said is where the steps of a turn write their sentences, one step
	// after another (judgement.saying): bytes and offsets, nothing of the
	// request once they are made strings. unmade are the steps' lists of
	// reasons whose strings are still to be made of them (madeReasons).
	said   sentenceBuffer
	unmade []unmadeReasons
}

// unmadeReasons are a step's reasons still to be made strings: list is
// where they go, from the index in said.ends of its first sentence.
type unmadeReasons struct {
	list []string
	from int
}

// madeReasons makes the strings of the reasons of the turn's steps judged
// so far: one string of all their sentences, each reason a part of it.
func (a *boardArrays) madeReasons() {
	if a == nil || len(a.unmade) == 0 {
		return
	}
	all := string(a.said.text)
	for _, u := range a.unmade {
		for i := range u.list {
			start := 0
			if e := u.from + i; e > 0 {
				start = a.said.ends[e-1]
			}
			u.list[i] = all[start:a.said.ends[u.from+i]]
		}
	}
	clear(a.unmade)
	a.unmade = a.unmade[:0]
}

// A listRoom holds lists of a type made for a request, carved from one
// array made on the first one's need (size long) and kept with the board
// arrays; a list past its room is made alone. Each list has room for what
// it was asked for and no more, so that appending past it makes a list of
// its own rather than write over the next.
type listRoom[T any] struct {
	items []T
	used  int
}

func (r *listRoom[T]) take(n, size int) []T {
	if r.items == nil {
		r.items = make([]T, size)
	}
	if r.used+n > len(r.items) {
		return make([]T, 0, n)
	}
	l := r.items[r.used : r.used : r.used+n]
	r.used += n
	return l
}

func (r *listRoom[T]) clear() {
	clear(r.items[:r.used])
	r.used = 0
}

// How long each list room is.
const (
	pooledRuleKeys      = 256
	pooledPersonnelPtrs = 256
	pooledShipPtrs      = 32
	pooledMissionPtrs   = 32
	pooledMarks         = 256
	pooledSlots         = 64
	pooledBeamers       = 64
	pooledInts          = 512
	pooledIntLists      = 64
	stepReasons         = 64
)

// ruleKeysList, personnelPtrList, shipPtrList, missionPtrList and
// marksList return an empty list with room for n, in the arrays' room, or
// made when a is nil.
func (a *boardArrays) ruleKeysList(n int) []ruleKey {
	if a == nil {
		return make([]ruleKey, 0, n)
	}
	return a.ruleKeys.take(n, pooledRuleKeys)
}

func (a *boardArrays) personnelPtrList(n int) []*Personnel {
	if a == nil {
		return make([]*Personnel, 0, n)
	}
	return a.personnelLists.take(n, pooledPersonnelPtrs)
}

func (a *boardArrays) shipPtrList(n int) []*Ship {
	if a == nil {
		return make([]*Ship, 0, n)
	}
	return a.shipLists.take(n, pooledShipPtrs)
}

func (a *boardArrays) missionPtrList(n int) []*Mission {
	if a == nil {
		return make([]*Mission, 0, n)
	}
	return a.missionLists.take(n, pooledMissionPtrs)
}

func (a *boardArrays) beamerList(n int) []beamer {
	if a == nil {
		return make([]beamer, 0, n)
	}
	return a.beamers.take(n, pooledBeamers)
}

func (a *boardArrays) slotList(n int) []staffingSlot {
	if a == nil {
		return make([]staffingSlot, 0, n)
	}
	return a.slots.take(n, pooledSlots)
}

func (a *boardArrays) intList(n int) []int {
	if a == nil {
		return make([]int, 0, n)
	}
	return a.ints.take(n, pooledInts)
}

func (a *boardArrays) intListList(n int) [][]int {
	if a == nil {
		return make([][]int, 0, n)
	}
	return a.intLists.take(n, pooledIntLists)
}

func (a *boardArrays) marksList(n int) []nameMark {
	if a == nil {
		return make([]nameMark, 0, n)
	}
	return a.marks.take(n, pooledMarks)
}

// reasonsList returns an empty list of reasons with room for n, carved
// from an array made for the request's steps (stepReasons long), or made
// when a is nil. The array is the answer's: release lets it go.
func (a *boardArrays) reasonsList(n int) []string {
	if a == nil || n > stepReasons {
		return make([]string, 0, n)
	}
	if cap(a.reasons)-len(a.reasons) < n {
		a.reasons = make([]string, 0, stepReasons)
	}
	l := a.reasons[len(a.reasons) : len(a.reasons) : len(a.reasons)+n]
	a.reasons = a.reasons[:len(a.reasons)+n]
	return l
}

// A room holds values of a type made one at a time for a request, size
// of them made at once on the first one's need; past them, each is made
// alone. clear empties it for the next request.
type room[T any] struct {
	items []T
	used  int
}

func (r *room[T]) take(size int) *T {
	if r.items == nil {
		r.items = make([]T, size)
	}
	if r.used == len(r.items) {
		return new(T)
	}
	t := &r.items[r.used]
	r.used++
	return t
}

func (r *room[T]) clear() {
	clear(r.items[:r.used])
	r.used = 0
}

// How many boards and changed objects of a turn are made in the room of
// its board arrays; those past them are made alone.
const (
	pooledBoards    = 16
	pooledPersonnel = 32
	pooledShips     = 8
	pooledMissions  = 8
)

// pooledMoves is how many moves of each kind a turn reads in the room of
// its board arrays.
const pooledMoves = 8

// newMove returns a zero move made in r, a room of the arrays, or alone
// when a is nil.
func newMove[T any](a *boardArrays, r func(*boardArrays) *room[T]) *T {
	if a == nil {
		return new(T)
	}
	return r(a).take(pooledMoves)
}

// newBoard, newPersonnel, newShip and newMission return a zero value
// made in the arrays' room, or alone when a is nil.
func (a *boardArrays) newBoard() *Board {
	if a == nil {
		return new(Board)
	}
	return a.boards.take(pooledBoards)
}

func (a *boardArrays) newPersonnel() *Personnel {
	if a == nil {
		return new(Personnel)
	}
	return a.personnelMade.take(pooledPersonnel)
}

func (a *boardArrays) newShip() *Ship {
	if a == nil {
		return new(Ship)
	}
	return a.shipsMade.take(pooledShips)
}

func (a *boardArrays) newMission() *Mission {
	if a == nil {
		return new(Mission)
	}
	return a.missionsMade.take(pooledMissions)
}

// pooledSteps is how many of a turn's steps are judged in the room of the
// board arrays; the steps after them are made.
const pooledSteps = 16

// The largest arrays kept for the next request: larger boards are rare.
const (
	maxPooledMissions  = 32
	maxPooledShips     = 32
	maxPooledPersonnel = 64
	maxPooledNames     = 1024
)

var boardArraysPool = sync.Pool{New: func() any { return new(boardArrays) }}

// takeBoardArrays returns arrays for a request's board, empty.
func takeBoardArrays() *boardArrays { return boardArraysPool.Get().(*boardArrays) }

// release clears the arrays and keeps them for the next request, unless
// one has grown past what is kept.
func (a *boardArrays) release() {
	a.board = Board{}
	a.compiled = compiled{}
	a.names.clear()
	clear(a.judgements[:a.steps])
	a.steps = 0
	a.boards.clear()
	a.personnelMade.clear()
	a.shipsMade.clear()
	a.missionsMade.clear()
	a.cardPlays.clear()
	a.beams.clear()
	a.shipMoves.clear()
	a.resolves.clear()
	a.ruleKeys.clear()
	a.personnelLists.clear()
	a.shipLists.clear()
	a.missionLists.clear()
	a.marks.clear()
	a.slots.clear()
	a.beamers.clear()
	a.ints.clear()
	a.intLists.clear()
	a.reasons = nil
	a.said.text, a.said.ends = a.said.text[:0], a.said.ends[:0]
	if cap(a.said.text) > maxSentenceBuffer || cap(a.said.ends) > maxSentenceEnds {
		a.said = sentenceBuffer{}
	}
	clear(a.unmade)
	a.unmade = a.unmade[:0]
	clear(a.missions)
	clear(a.ships)
	clear(a.personnel)
	clear(a.missionPtrs[:cap(a.missionPtrs)])
	clear(a.shipPtrs[:cap(a.shipPtrs)])
	clear(a.personnelPtrs[:cap(a.personnelPtrs)])
	if cap(a.missions) <= maxPooledMissions && cap(a.ships) <= maxPooledShips && cap(a.personnel) <= maxPooledPersonnel &&
		cap(a.names.keys) <= maxPooledNames && len(a.names.slots) <= 2*maxPooledNames {
		boardArraysPool.Put(a)
	}
}

// boardFor returns the board of the arrays, empty, of an edition; a nil a
// makes one.
func (a *boardArrays) boardFor(edition string) *Board {
	if a == nil {
		return &Board{edition: edition}
	}
	a.board = Board{edition: edition}
	return &a.board
}

// compiledFor returns what the request computes of its boards, its table
// of names with room for n; a nil a makes them.
func (a *boardArrays) compiledFor(n int) *compiled {
	if a == nil {
		return &compiled{names: makeNameTable(n)}
	}
	a.names.init(n)
	if a.judgements == nil {
		a.judgements = make([]judgement, pooledSteps)
	}
	a.names.marks = &a.marks
	a.compiled = compiled{names: &a.names, arrays: a}
	return &a.compiled
}

// missionsFor, shipsFor and personnelFor return n objects of the arrays
// (zero, as kept), made with room for no more; missionList, shipList and
// personnelList lists with room for n, empty. A nil a makes them anew.
func (a *boardArrays) missionsFor(n int) []Mission {
	if a == nil {
		return make([]Mission, n)
	}
	return keptObjects(&a.missions, n)
}

func (a *boardArrays) shipsFor(n int) []Ship {
	if a == nil {
		return make([]Ship, n)
	}
	return keptObjects(&a.ships, n)
}

func (a *boardArrays) personnelFor(n int) []Personnel {
	if a == nil {
		return make([]Personnel, n)
	}
	return keptObjects(&a.personnel, n)
}

func (a *boardArrays) missionList(n int) []*Mission {
	if a == nil {
		return make([]*Mission, 0, n)
	}
	return keptList(&a.missionPtrs, n)
}

func (a *boardArrays) shipList(n int) []*Ship {
	if a == nil {
		return make([]*Ship, 0, n)
	}
	return keptList(&a.shipPtrs, n)
}

func (a *boardArrays) personnelList(n int) []*Personnel {
	if a == nil {
		return make([]*Personnel, 0, n)
	}
	return keptList(&a.personnelPtrs, n)
}

// keptObjects returns n objects of *kept, grown to n when it has less room;
// *kept is left n long, for clearing.
func keptObjects[T any](kept *[]T, n int) []T {
	if cap(*kept) < n {
		*kept = make([]T, n)
	}
	*kept = (*kept)[:n]
	return (*kept)[:n:n]
}

// keptList returns *kept empty with room for n, grown when it has less.
func keptList[T any](kept *[]T, n int) []T {
	if cap(*kept) < n {
		*kept = make([]T, 0, n)
	}
	return (*kept)[:0:n]
}
