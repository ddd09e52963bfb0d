package engine

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Owners of the cards on a board.
const (
	You      = "you"
	Opponent = "opponent"
)

// A Board is a decoded, validated rules.Board: every reference resolved,
// card statistics filled in, skills read into levels. The engine's question
// functions take a Board and never do I/O.
type Board struct {
	Missions  []*Mission
	Ships     []*Ship
	Personnel []*Personnel

	missions  map[string]*Mission
	ships     map[string]*Ship
	personnel map[string]*Personnel
}

// A Mission is a mission on the board. Span and Points are nil when neither
// the board nor the card says them.
type Mission struct {
	ID, Owner, Title   string
	Type               string // planet, space, headquarters (2E); planet, space, dual (1E)
	Quadrant, Region   string
	Span, Points       *int
	Requirements       string
	Affiliations       []string // folded
	AnyMayAttempt      bool     // any affiliation but those in AttemptExcept
	AttemptExcept      []string // folded
	Completed          bool
	OvercomeDilemmas   int
	Play               []string
	Index              int // position in the board's missions
	requirementsSource string
}

// A Ship is a ship on the board.
type Ship struct {
	ID, Owner, Title string
	Affiliation      string   // folded
	Staffing         []string // folded icons
	Range            *int
	RangeUsed        int
	Weapons, Shields *int
	Mission          string // the mission it is at
	Stopped          bool
	Damage           int
	Index            int
}

// Personnel is a personnel on the board. Skills maps a folded skill name to
// its level; SkillNames keeps the names as written, for reasons.
type Personnel struct {
	ID, Owner, Title  string
	Affiliation       string   // folded
	Icons             []string // folded
	Skills            map[string]int
	SkillNames        map[string]string
	Characteristics   []string // folded
	Integrity         int
	Cunning           int
	Strength          int
	Species           string
	Mission           string // on the surface of (or at) this mission
	Ship              string // aboard this ship
	Stopped           bool
	Index             int
	missingAttributes []string
}

// Mission returns the mission with the id, or nil.
func (b *Board) Mission(id string) *Mission { return b.missions[id] }

// Ship returns the ship with the id, or nil.
func (b *Board) Ship(id string) *Ship { return b.ships[id] }

// PersonnelByID returns the personnel with the id, or nil.
func (b *Board) PersonnelByID(id string) *Personnel { return b.personnel[id] }

// Aboard returns the personnel aboard a ship, in board order.
func (b *Board) Aboard(shipID string) []*Personnel {
	var out []*Personnel
	for _, p := range b.Personnel {
		if p.Ship == shipID {
			out = append(out, p)
		}
	}
	return out
}

// OnSurface returns the personnel on a mission itself (on the planet, at the
// headquarters), not aboard a ship there, in board order.
func (b *Board) OnSurface(missionID string) []*Personnel {
	var out []*Personnel
	for _, p := range b.Personnel {
		if p.Ship == "" && p.Mission == missionID {
			out = append(out, p)
		}
	}
	return out
}

// MissionOf returns the mission where a personnel is, aboard a ship or not.
func (b *Board) MissionOf(p *Personnel) string {
	if p.Ship != "" {
		if s := b.ships[p.Ship]; s != nil {
			return s.Mission
		}
	}
	return p.Mission
}

// Name is how reasons speak of a personnel: its title, else the board's id.
func (p *Personnel) Name() string { return nameOr(p.Title, p.ID) }

// Name is how reasons speak of a ship.
func (s *Ship) Name() string { return nameOr(s.Title, s.ID) }

// Name is how reasons speak of a mission.
func (m *Mission) Name() string { return nameOr(m.Title, m.ID) }

func nameOr(title, id string) string {
	if title != "" {
		return title
	}
	return id
}

// unprocessable is the error of a board or params that cannot be judged,
// naming the field.
func unprocessable(field, format string, args ...any) *rules.Error {
	return rules.Errorf(rules.EUNPROCESSABLE, format, args...).WithDetail("field", field)
}

// fold is the one form affiliations, icons and types compare in.
func fold(s string) string { return rules.FoldName(s) }

func foldAll(in []string) []string {
	out := make([]string, 0, len(in))
	for _, s := range in {
		if f := fold(s); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// cardLookup finds the card a board object names: by id first, then by exact
// name within the edition.
func cardLookup(ctx context.Context, cards rules.CardService, edition, ref, field string) (*rules.Card, error) {
	if cards == nil {
		return nil, unprocessable(field, "no card data is available to look up %q", ref)
	}
	c, err := cards.Card(ctx, ref)
	if err == nil && c != nil && c.Edition == edition {
		return c, nil
	}
	if err != nil && rules.ErrorCode(err) != rules.ENOTFOUND {
		return nil, fmt.Errorf("look up card %q: %w", ref, err)
	}
	c, err = cards.CardNamed(ctx, ref, false, edition)
	if err != nil {
		switch rules.ErrorCode(err) {
		case rules.ENOTFOUND:
			return nil, unprocessable(field, "no %s card is named %q", edition, ref)
		case rules.EAMBIGUOUS:
			e := unprocessable(field, "%q names several %s cards; give the card id", ref, edition)
			if d := rules.ErrorDetails(err); d != nil {
				if cands, ok := d["candidates"]; ok {
					e.WithDetail("candidates", cands)
				}
			}
			return nil, e
		}
		return nil, fmt.Errorf("look up card %q: %w", ref, err)
	}
	if c == nil {
		return nil, unprocessable(field, "no %s card is named %q", edition, ref)
	}
	return c, nil
}

func checkOwner(owner, field string) (string, error) {
	switch o := strings.ToLower(strings.TrimSpace(owner)); o {
	case "":
		return You, nil
	case You, Opponent:
		return o, nil
	}
	return "", unprocessable(field, "owner must be %q or %q, not %q", You, Opponent, owner)
}

func checkID(id, field string, seen map[string]string) error {
	if strings.TrimSpace(id) == "" {
		return unprocessable(field, "every board object needs an id")
	}
	if prev, dup := seen[id]; dup {
		return unprocessable(field, "the id %q is used twice (also %s)", id, prev)
	}
	seen[id] = field
	return nil
}

// decodeBoard resolves and validates a board once: card references are
// looked up, inline fields override the card's, every id and location must
// resolve.
func decodeBoard(ctx context.Context, edition string, in rules.Board, cards rules.CardService) (*Board, error) {
	b := &Board{missions: map[string]*Mission{}, ships: map[string]*Ship{}, personnel: map[string]*Personnel{}}
	seen := map[string]string{}
	for i, bm := range in.Missions {
		f := "board.missions[" + strconv.Itoa(i) + "]"
		if err := checkID(bm.ID, f+".id", seen); err != nil {
			return nil, err
		}
		owner, err := checkOwner(bm.Owner, f+".owner")
		if err != nil {
			return nil, err
		}
		m := &Mission{ID: bm.ID, Owner: owner, Index: i, Completed: bm.Completed, OvercomeDilemmas: bm.OvercomeDilemmas, Play: bm.Play}
		if bm.Card != "" {
			c, err := cardLookup(ctx, cards, edition, bm.Card, f+".card")
			if err != nil {
				return nil, err
			}
			if c.Type != "" && c.Type != "mission" {
				return nil, unprocessable(f+".card", "%q is a %s card, not a mission", c.Name(), c.Type)
			}
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
			m.requirementsSource = f + ".card"
		}
		if bm.Title != "" {
			m.Title = bm.Title
		}
		if bm.Type != "" {
			m.Type = bm.Type
		}
		m.Type = fold(m.Type)
		if m.Type != "" && !validMissionType(edition, m.Type) {
			return nil, unprocessable(f+".type", "a %s mission is %s, not %q", edition, missionTypes(edition), bm.Type)
		}
		if bm.Quadrant != "" {
			m.Quadrant = bm.Quadrant
		}
		m.Quadrant = fold(m.Quadrant)
		if m.Quadrant != "" && !validQuadrant(m.Quadrant) {
			return nil, unprocessable(f+".quadrant", "a quadrant is alpha, gamma, delta or mirror, not %q", bm.Quadrant)
		}
		if bm.Region != "" {
			m.Region = bm.Region
		}
		if bm.Span != nil {
			m.Span = bm.Span
		}
		if m.Span != nil && *m.Span < 0 {
			return nil, unprocessable(f+".span", "a span cannot be negative")
		}
		if bm.Points != nil {
			m.Points = bm.Points
		}
		if bm.Requirements != "" {
			m.Requirements = bm.Requirements
			m.requirementsSource = f + ".requirements"
		}
		if len(bm.Affiliations) > 0 {
			m.Affiliations = foldAll(bm.Affiliations)
			m.AnyMayAttempt, m.AttemptExcept = false, nil
		}
		if m.OvercomeDilemmas < 0 {
			return nil, unprocessable(f+".overcomeDilemmas", "overcome dilemmas cannot be negative")
		}
		b.Missions = append(b.Missions, m)
		b.missions[m.ID] = m
	}
	for i, bs := range in.Ships {
		f := "board.ships[" + strconv.Itoa(i) + "]"
		if err := checkID(bs.ID, f+".id", seen); err != nil {
			return nil, err
		}
		owner, err := checkOwner(bs.Owner, f+".owner")
		if err != nil {
			return nil, err
		}
		s := &Ship{ID: bs.ID, Owner: owner, Index: i, RangeUsed: bs.RangeUsed, Stopped: bs.Stopped, Damage: bs.Damage}
		if bs.Card != "" {
			c, err := cardLookup(ctx, cards, edition, bs.Card, f+".card")
			if err != nil {
				return nil, err
			}
			if c.Type != "" && c.Type != "ship" {
				return nil, unprocessable(f+".card", "%q is a %s card, not a ship", c.Name(), c.Type)
			}
			s.Title, s.Affiliation, s.Staffing = c.Title, c.Affiliation, c.Staffing
			s.Range, s.Weapons, s.Shields = c.Range, c.Weapons, c.Shields
		}
		if bs.Title != "" {
			s.Title = bs.Title
		}
		if bs.Affiliation != "" {
			s.Affiliation = bs.Affiliation
		}
		s.Affiliation = fold(s.Affiliation)
		if len(bs.Staffing) > 0 {
			s.Staffing = bs.Staffing
		}
		s.Staffing = foldAll(s.Staffing)
		if bs.Range != nil {
			s.Range = bs.Range
		}
		if bs.Weapons != nil {
			s.Weapons = bs.Weapons
		}
		if bs.Shields != nil {
			s.Shields = bs.Shields
		}
		if s.RangeUsed < 0 {
			return nil, unprocessable(f+".rangeUsed", "range used cannot be negative")
		}
		if s.Damage < 0 {
			return nil, unprocessable(f+".damage", "damage cannot be negative")
		}
		if bs.At != nil {
			if bs.At.Ship != "" {
				return nil, unprocessable(f+".at.ship", "a ship is at a mission, not aboard a ship")
			}
			if bs.At.Mission != "" {
				if b.missions[bs.At.Mission] == nil {
					return nil, unprocessable(f+".at.mission", "no mission on the board has the id %q", bs.At.Mission)
				}
				s.Mission = bs.At.Mission
			}
		}
		b.Ships = append(b.Ships, s)
		b.ships[s.ID] = s
	}
	for i, bp := range in.Personnel {
		f := "board.personnel[" + strconv.Itoa(i) + "]"
		if err := checkID(bp.ID, f+".id", seen); err != nil {
			return nil, err
		}
		owner, err := checkOwner(bp.Owner, f+".owner")
		if err != nil {
			return nil, err
		}
		p := &Personnel{ID: bp.ID, Owner: owner, Index: i, Stopped: bp.Stopped, Skills: map[string]int{}, SkillNames: map[string]string{}}
		var integrity, cunning, strength *int
		if bp.Card != "" {
			c, err := cardLookup(ctx, cards, edition, bp.Card, f+".card")
			if err != nil {
				return nil, err
			}
			if c.Type != "" && c.Type != "personnel" {
				return nil, unprocessable(f+".card", "%q is a %s card, not a personnel", c.Name(), c.Type)
			}
			p.Title, p.Affiliation, p.Species = c.Title, c.Affiliation, c.Species
			p.Icons = c.Icons
			p.Characteristics = append(append([]string(nil), c.Characteristics...), c.Keywords...)
			if c.Classification != "" {
				p.Characteristics = append(p.Characteristics, c.Classification)
			}
			integrity, cunning, strength = c.Integrity, c.Cunning, c.Strength
			if len(bp.Skills) == 0 {
				for _, sk := range c.Skills {
					k := skillKey(sk.Name)
					if k == "" {
						continue
					}
					lvl := sk.Level
					if lvl < 1 {
						lvl = 1
					}
					p.Skills[k] += lvl
					p.SkillNames[k] = sk.Name
				}
			}
		}
		if bp.Title != "" {
			p.Title = bp.Title
		}
		if bp.Affiliation != "" {
			p.Affiliation = bp.Affiliation
		}
		p.Affiliation = fold(p.Affiliation)
		if bp.Icons != nil {
			p.Icons = bp.Icons
		}
		p.Icons = foldAll(p.Icons)
		if bp.Characteristics != nil {
			p.Characteristics = bp.Characteristics
		}
		p.Characteristics = foldAll(p.Characteristics)
		if bp.Species != "" {
			p.Species = bp.Species
		}
		if bp.Skills != nil {
			p.Skills, p.SkillNames = map[string]int{}, map[string]string{}
			for j, text := range bp.Skills {
				name, lvl, err := ParseSkill(text)
				if err != nil {
					return nil, unprocessable(fmt.Sprintf("%s.skills[%d]", f, j), "%v", err)
				}
				k := skillKey(name)
				p.Skills[k] += lvl
				p.SkillNames[k] = name
			}
		}
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
			name string
			v    *int
			dst  *int
		}{{"integrity", integrity, &p.Integrity}, {"cunning", cunning, &p.Cunning}, {"strength", strength, &p.Strength}} {
			if a.v == nil {
				p.missingAttributes = append(p.missingAttributes, a.name)
				continue
			}
			*a.dst = *a.v
		}
		if bp.At != nil {
			switch {
			case bp.At.Ship != "" && bp.At.Mission != "":
				return nil, unprocessable(f+".at", "a personnel is at a mission or aboard a ship, not both")
			case bp.At.Ship != "":
				if b.ships[bp.At.Ship] == nil {
					return nil, unprocessable(f+".at.ship", "no ship on the board has the id %q", bp.At.Ship)
				}
				p.Ship = bp.At.Ship
			case bp.At.Mission != "":
				if b.missions[bp.At.Mission] == nil {
					return nil, unprocessable(f+".at.mission", "no mission on the board has the id %q", bp.At.Mission)
				}
				p.Mission = bp.At.Mission
			}
		}
		b.Personnel = append(b.Personnel, p)
		b.personnel[p.ID] = p
	}
	return b, nil
}

func validMissionType(edition, t string) bool {
	if edition == rules.Edition1E {
		return t == "planet" || t == "space" || t == "dual"
	}
	return t == "planet" || t == "space" || t == "headquarters"
}

func missionTypes(edition string) string {
	if edition == rules.Edition1E {
		return "planet, space or dual"
	}
	return "planet, space or headquarters"
}

func validQuadrant(q string) bool {
	switch q {
	case "alpha", "gamma", "delta", "mirror":
		return true
	}
	return false
}

// ParseSkill reads one skill as a card prints it: "Leadership", "2 Diplomacy"
// (2E) or "Diplomacy x2" (1E). The level is 1 when none is written.
func ParseSkill(text string) (name string, level int, err error) {
	s := strings.TrimSpace(text)
	if s == "" {
		return "", 0, errors.New("a skill cannot be empty")
	}
	level = 1
	fields := []string{s}
	if strings.ContainsAny(s, " \t\n\r") {
		fields = strings.Fields(s)
	}
	if n, err := strconv.Atoi(fields[0]); err == nil && len(fields) > 1 {
		level, fields = n, fields[1:]
	} else if last := fields[len(fields)-1]; len(fields) > 1 && (last[0] == 'x' || last[0] == 'X') {
		// "Diplomacy x2" as printed on 1E cards.
		last = strings.ToLower(last)
		if n, err := strconv.Atoi(last[1:]); err == nil {
			level, fields = n, fields[:len(fields)-1]
		} else if last == "x" {
			return "", 0, fmt.Errorf("skill %q: x needs a number", text)
		}
	} else if len(fields) > 2 && strings.EqualFold(fields[len(fields)-2], "x") {
		if n, err := strconv.Atoi(fields[len(fields)-1]); err == nil {
			level, fields = n, fields[:len(fields)-2]
		}
	}
	if level < 1 || level > maxLevel {
		return "", 0, fmt.Errorf("skill %q: a level is between 1 and %d", text, maxLevel)
	}
	name = strings.Join(fields, " ")
	if len(name) > 1 && (name[0] == 'x' || name[0] == 'X') && allDigits(name[1:]) {
		return "", 0, fmt.Errorf("skill %q is a level without a skill", text)
	}
	if skillKey(name) == "" || !strings.ContainsFunc(name, unicode.IsLetter) {
		return "", 0, fmt.Errorf("skill %q has no name", text)
	}
	return name, level, nil
}

// needAttribute fails when a statistic a question uses was given neither on
// the board nor by the card.
func needAttribute(p *Personnel, attr string) error {
	for _, m := range p.missingAttributes {
		if m == attr {
			return unprocessable(fmt.Sprintf("board.personnel[%d].%s", p.Index, attr),
				"%s has no %s; give it on the board or name a card that has it", p.Name(), attr)
		}
	}
	return nil
}

func needInt(v *int, field, what string) (int, error) {
	if v == nil {
		return 0, unprocessable(field, "%s is not known; give it on the board or name a card that has it", what)
	}
	return *v, nil
}
