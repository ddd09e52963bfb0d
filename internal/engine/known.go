// Known and unknown statistics: every statistic of a board object is known,
// from the card data or given on the board, or unknown, never a zero or an
// empty list standing for "the data did not say". A question that reads a
// statistic of an object checks it is known (need) and, when it is not,
// refuses the board naming the object, its card and the statistic, and
// saying how to give it inline (missingStat).
//
// Where a card comes from decides what its statistics say (cardStats):
//
//   - A card the card data files define (cards/*.json, rules.Card's
//     FromCardData) has the statistics the data lists, and a field the
//     data leaves out says, for these fields, that the card prints none:
//   - icons: a personnel the data lists without icons has none (a 1E
//     civilian, a 2E personnel of no Command or Staff icon: 49 of the 297
//     1E personnel and 1 of the 27 2E ones are listed so);
//   - characteristics, keywords and classification: none beyond those
//     listed;
//   - a 1E ship's staffing: the data lists none for the 1E ships that print
//     none (9 of 37: runabouts, shuttles, scouts), which any one personnel
//     of the ship's affiliation flies (1E rulebook, STAFFING AND MOVING
//     SHIPS: a ship with no staffing icons "only requires one personnel of
//     matching affiliation"); every 2E ship prints staffing icons, and the
//     data lists them for all, so a 2E ship without them is unknown;
//   - a mission's affiliation icons: none (it cannot be attempted) unless
//     the data says any affiliation may attempt it;
//   - a 1E mission's quadrant: Alpha, whose point box has no symbol (the
//     data names the Gamma, Delta and Mirror ones; every 1E mission of the
//     data has a point box).
//
//     Other fields the data leaves out are not known: every personnel
//     prints a skill box and its three attributes (the data leaves the
//     skill box out of two 1E cards, Data and Geordi La Forge, whose
//     classification alone it keeps: their skills are not known), every
//     ship its RANGE, WEAPONS and SHIELDS, every mission its span, a card
//     its cost (2E).
//   - A card known only from a rulebook's card list (title, collector
//     number, rarity, type and the affiliation it is listed under: most
//     Second Edition cards) has none of its statistics known but its
//     affiliation.
//   - An object given inline, without a card, has the statistics the board
//     gives: a list given empty ("icons": []) is none, a list or number left
//     out is not known.
//
// Fields given on the board override the card's, and complete a card the
// data lacks.

package engine

import (
	"strconv"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A stat is a statistic of a board object, named as the board field that
// gives it inline; a stats value is a set of them.
type stat uint32

// The statistics a question may read.
const (
	statIcons stat = 1 << iota
	statSkills
	statCharacteristics
	statSpecies
	statIntegrity
	statCunning
	statStrength
	statAffiliation
	statStaffing
	statRange
	statWeapons
	statShields
	statSpan
	statRequirements
	statType
	statCost
	statKind
	statPlay
	statQuadrant
	statAffiliations

	statLast = statAffiliations
)

// name is the statistic's name, the board field that gives it.
func (s stat) name() string {
	switch s {
	case statIcons:
		return "icons"
	case statSkills:
		return "skills"
	case statCharacteristics:
		return "characteristics"
	case statSpecies:
		return "species"
	case statIntegrity:
		return "integrity"
	case statCunning:
		return "cunning"
	case statStrength:
		return "strength"
	case statAffiliation:
		return "affiliation"
	case statStaffing:
		return "staffing"
	case statRange:
		return "range"
	case statWeapons:
		return "weapons"
	case statShields:
		return "shields"
	case statSpan:
		return "span"
	case statRequirements:
		return "requirements"
	case statType:
		return "type"
	case statCost:
		return "cost"
	case statKind:
		return "kind"
	case statPlay:
		return "play"
	case statQuadrant:
		return "quadrant"
	case statAffiliations:
		return "affiliations"
	}
	return "statistic"
}

// example is how the statistic is written inline, for the error.
func (s stat) example() string {
	switch s {
	case statIcons:
		return `"icons": ["command"] (or [] for none)`
	case statSkills:
		return `"skills": ["2 Diplomacy", "Leadership"] (or [] for none)`
	case statCharacteristics:
		return `"characteristics": ["V.I.P.", "OFFICER"] (a 1E classification among them; [] for none)`
	case statSpecies:
		return `"species": "Vulcan"`
	case statIntegrity, statCunning, statStrength, statRange, statWeapons, statShields, statCost:
		return `"` + s.name() + `": 7`
	case statAffiliation:
		return `"affiliation": "federation"`
	case statStaffing:
		return `"staffing": ["command", "staff"] (or [] for none)`
	case statSpan:
		return `"span": 3`
	case statRequirements:
		return `"requirements": "Diplomacy, Leadership and Cunning>28"`
	case statType:
		return `"type": "planet"`
	case statKind:
		return `"kind": "outpost"`
	case statPlay:
		return `"play": ["federation", "equipment"]`
	case statQuadrant:
		return `"quadrant": "alpha" (or gamma, delta, mirror)`
	case statAffiliations:
		return `"affiliations": ["federation", "klingon"] (or [] for none)`
	}
	return `"` + s.name() + `": ...`
}

// has says whether the set holds s.
func (s stat) has(x stat) bool { return s&x != 0 }

// missingStat is the error of a question that reads a statistic of a board
// object neither its card data nor the board gives: EUNPROCESSABLE with
// details.field the object's path ("board.personnel[0]"), details.card
// its card's id (none for an object given inline), details.needs the
// statistic, and a message saying how to give it.
func missingStat(path, name, card string, s stat) *rules.Error {
	return missingStatAs(path, name, card, s, s.example())
}

// missingStatAs is missingStat with the example of how the statistic is
// given: a card played gives its card type ("personnel"), where a
// mission's type is "planet".
func missingStatAs(path, name, card string, s stat, example string) *rules.Error {
	var e *rules.Error
	if card != "" {
		e = rules.Errorf(rules.EUNPROCESSABLE, "The card data for %s (%s, %s) does not give its %s, which this question reads: give the %s on the board, as "+example+".",
			name, card, path, s.name(), s.name())
		e.WithDetail("card", card)
	} else {
		e = rules.Errorf(rules.EUNPROCESSABLE, "%s (%s) has no %s given, which this question reads: give the %s on the board, as "+example+", or name a card that has them.",
			name, path, s.name(), s.name())
	}
	return e.WithDetail("field", path).WithDetail("needs", s.name())
}

// cardStats are the statistics of a card's board object that the card does
// not make known (see the file's comment): for a card of the card data,
// those its fields leave unknown; for a card known from a card list alone,
// all but its affiliation. kind is the object's kind.
func cardStats(c *rules.Card, kind string, firstEdition bool) stat {
	if !c.FromCardData() {
		unknown := statIcons | statSkills | statCharacteristics | statSpecies | statIntegrity | statCunning | statStrength |
			statStaffing | statRange | statWeapons | statShields | statSpan | statRequirements | statType | statCost | statKind
		if c.Affiliation == "" {
			unknown |= statAffiliation
		}
		if kind != "mission" && c.Type != "" {
			// A card list gives each card's type; a mission's type
			// (planet or space) it does not.
			unknown &^= statType
		}
		return unknown
	}
	var unknown stat
	if c.Affiliation == "" && kind != "mission" {
		unknown |= statAffiliation
	}
	switch kind {
	case "personnel":
		if !printedSkills(c) {
			unknown |= statSkills
		}
		if c.Species == "" {
			unknown |= statSpecies
		}
	case "ship":
		if len(c.Staffing) == 0 && !firstEdition {
			unknown |= statStaffing
		}
	case "mission":
		if c.MissionType == "" {
			unknown |= statType
		}
	case "facility":
		if c.FacilityType == "" {
			unknown |= statKind
		}
	}
	return unknown
}

// printedSkills says whether the card data gives a personnel's skill box:
// a skill besides its classification (which the data's reader puts first
// among its skills), or a special skill.
func printedSkills(c *rules.Card) bool {
	if len(c.SpecialSkills) > 0 {
		return true
	}
	for _, s := range c.Skills {
		if !strings.EqualFold(s.Name, c.Classification) {
			return true
		}
	}
	return false
}

// need fails when a statistic the question reads of the personnel is not
// known.
func (p *Personnel) need(s stat) error {
	if !p.unknown.has(s) {
		return nil
	}
	return missingStat(p.path(), p.Name(), p.card, p.unknown&s&-(p.unknown&s))
}

// need fails when a statistic the question reads of the ship is not known.
func (s *Ship) need(x stat) error {
	if !s.unknown.has(x) {
		return nil
	}
	return missingStat(s.path(), s.Name(), s.card, s.unknown&x&-(s.unknown&x))
}

// need fails when a statistic the question reads of the mission is not
// known.
func (m *Mission) need(x stat) error {
	if !m.unknown.has(x) {
		return nil
	}
	return missingStat(m.path(), m.Name(), m.card, m.unknown&x&-(m.unknown&x))
}

// need fails when a statistic the question reads of the facility is not
// known.
func (f *Facility) need(x stat) error {
	if !f.unknown.has(x) {
		return nil
	}
	return missingStat(f.path(), f.Name(), f.card, f.unknown&x&-(f.unknown&x))
}

// path is the personnel's place on the board: "board.personnel[3]".
func (p *Personnel) path() string { return objectPath("personnel", p.Index) }

// path is the ship's place on the board.
func (s *Ship) path() string { return objectPath("ships", s.Index) }

// path is the mission's place on the board.
func (m *Mission) path() string { return objectPath("missions", m.Index) }

// path is the facility's place on the board.
func (f *Facility) path() string { return objectPath("facilities", f.Index) }

// objectPath is the path of the i-th object of a list of the board.
func objectPath(list string, i int) string {
	return "board." + list + "[" + strconv.Itoa(i) + "]"
}

// needNumber returns a number of a board object, or fails naming the object
// and the statistic when neither the board nor the card gives it.
func needNumber(v *int, of interface{ need(stat) error }, s stat) (int, error) {
	if v == nil {
		return 0, needUnknown(of, s)
	}
	return *v, nil
}

// needUnknown is the error of a statistic found not known where it is read
// (a number left nil): the object's own error for it, as though its set
// said so.
func needUnknown(of interface{ need(stat) error }, s stat) error {
	switch o := of.(type) {
	case *Personnel:
		return missingStat(o.path(), o.Name(), o.card, s)
	case *Ship:
		return missingStat(o.path(), o.Name(), o.card, s)
	case *Mission:
		return missingStat(o.path(), o.Name(), o.card, s)
	case *Facility:
		return missingStat(o.path(), o.Name(), o.card, s)
	}
	return rules.Errorf(rules.EUNPROCESSABLE, "the %s is not known; give it on the board", s.name()).WithDetail("needs", s.name())
}
