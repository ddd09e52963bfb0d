package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Owners of the cards on a board.
const (
	You      = "you"
	Opponent = "opponent"
)

// A Board is a decoded, validated rules.Board: every reference resolved,
// card statistics filled in, skills read into levels. The engine's question
// functions take a Board and never do I/O. This file holds the board and
// its queries; decode.go reads one from a request.
type Board struct {
	Missions   []*Mission
	Ships      []*Ship
	Personnel  []*Personnel
	Facilities []*Facility // 1E
	// sharedMissions, sharedShips and sharedPeople say the missions, ships
	// and personnel lists are those of the board this one was cloned
	// from (clone), not to be changed; Facilities are never changed by a
	// move, only added to (addFacility: a 1E facility built), in a list of
	// the new board's own.
	sharedMissions, sharedShips, sharedPeople bool

	// objects finds a board object by its id, as its kind and its place
	// in its list; an id names one object of one kind on a board. A move
	// that replaces an object in its place leaves it as it is, so the
	// boards a turn's moves make share it (sharedObjects) until one adds
	// or removes an object. A board of at most smallBoard objects has
	// none: its lists are read in turn (lookup).
	objects       map[string]objectRef
	sharedObjects bool

	// unplaced are the personnel of each owner given no place
	// (unplacedOf), listed once when first asked for: every answer a
	// question compares with and without them reads the same lists. A
	// move that changes the personnel list forgets them (ownPersonnel).
	unplaced *unplacedLists

	// edition is the edition the board is judged in: where a card is
	// and what it may do there depend on it (whereabouts.go).
	edition string

	// gone are the cards that left play during the turn, by id (gone.go):
	// off the board, but known. Shared with the board cloned from until
	// a move records one (sharedGone).
	gone       map[string]goneCard
	sharedGone bool

	// compiled is what the request computes once of its boards, shared by
	// the boards a turn's moves make.
	compiled *compiled

	// zeroed says, for the verdict's reasons, which numbers a 2E board
	// gave below zero, read as zero ("Zero: Any number that is less than
	// zero becomes zero"): "Odo's STRENGTH -2".
	zeroed []string

	// loose says, for the verdict's reasons, which card names of the
	// board the card service matched loosely (a typo, a missing word
	// forgiven), and the card each was read as.
	loose []string

	// plurals says, for the verdict's reasons, which words of the board
	// were read as the words they are the plural of (words.go).
	words wordNotes
}

// compiled is what a request computes once of its boards and keeps for
// all of them: the names their personnel answer to, numbered (features.go),
// and the candidates for each ship's staffing as its crew last stood
// (staffing.go). A crew's names do not change within a request.
type compiled struct {
	names    *nameTable
	staffing []staffingCandidates // one a ship
	// arrays are what the request's board was read into, kept from one
	// request to the next (decode.go); nil for a board read otherwise.
	arrays *boardArrays
}

// compile returns what the request computes once of its boards, made the
// first time for a board not read from a request.
func (b *Board) compile() *compiled {
	if b.compiled == nil {
		b.compiled = &compiled{names: newNameTable()}
	}
	return b.compiled
}

// zero reads a 2E number after modifiers that is below zero as zero,
// noting it (of's what, in the reasons); 1E boards never hold one
// (checkLimits refuses it).
func (b *Board) zero(v *int, of interface{ Name() string }, what string) *int {
	if v == nil || *v >= 0 {
		return v
	}
	b.zeroed = append(b.zeroed, fmt.Sprintf("%s's %s %d", of.Name(), what, *v))
	z := 0
	return &z
}

// An objectRef is where the object of an id is on a board: its kind and
// its index in that kind's list.
type objectRef struct {
	kind  objectKind
	index int32
}

// objectKind is the list a board object is in.
type objectKind uint8

const (
	missionObject objectKind = iota + 1
	shipObject
	personnelObject
	facilityObject
)

// smallBoard is the most objects a board finds by id without an index of
// them: comparing the ids of a few dozen objects in turn takes about the
// time of one map look-up, and makes nothing. A board of more (the limits
// allow hundreds) is indexed (index).
const smallBoard = 32

// lookup returns where the object of an id is on the board.
func (b *Board) lookup(id string) (objectRef, bool) {
	if b.objects != nil {
		r, ok := b.objects[id]
		return r, ok
	}
	for i, m := range b.Missions {
		if m.ID == id {
			return objectRef{kind: missionObject, index: int32(i)}, true
		}
	}
	for i, s := range b.Ships {
		if s.ID == id {
			return objectRef{kind: shipObject, index: int32(i)}, true
		}
	}
	for i, p := range b.Personnel {
		if p.ID == id {
			return objectRef{kind: personnelObject, index: int32(i)}, true
		}
	}
	for i, f := range b.Facilities {
		if f.ID == id {
			return objectRef{kind: facilityObject, index: int32(i)}, true
		}
	}
	return objectRef{}, false
}

// object returns the object an id names; the zero boardObject when none.
func (b *Board) object(id string) boardObject {
	r, ok := b.lookup(id)
	if !ok {
		return boardObject{}
	}
	switch r.kind {
	case missionObject:
		return boardObject{mission: b.Missions[r.index]}
	case shipObject:
		return boardObject{ship: b.Ships[r.index]}
	case personnelObject:
		return boardObject{personnel: b.Personnel[r.index]}
	}
	return boardObject{facility: b.Facilities[r.index]}
}

// has says whether an object of the board has the id.
func (b *Board) has(id string) bool {
	_, ok := b.lookup(id)
	return ok
}

// index records the place of the object of an id, just put in its list:
// in the board's index when it has one, or in a new one made of its lists
// once they hold more than smallBoard objects.
func (b *Board) index(id string, kind objectKind, i int) {
	if b.objects == nil {
		n := len(b.Missions) + len(b.Ships) + len(b.Personnel) + len(b.Facilities)
		if n <= smallBoard {
			return
		}
		b.objects = make(map[string]objectRef, 2*n)
		b.sharedObjects = false
		for i, m := range b.Missions {
			b.objects[m.ID] = objectRef{kind: missionObject, index: int32(i)}
		}
		for i, s := range b.Ships {
			b.objects[s.ID] = objectRef{kind: shipObject, index: int32(i)}
		}
		for i, p := range b.Personnel {
			b.objects[p.ID] = objectRef{kind: personnelObject, index: int32(i)}
		}
		for i, f := range b.Facilities {
			b.objects[f.ID] = objectRef{kind: facilityObject, index: int32(i)}
		}
		return
	}
	b.objects[id] = objectRef{kind: kind, index: int32(i)}
}

// A boardObject is the mission, ship, personnel or facility an id names:
// one of them is set.
type boardObject struct {
	mission   *Mission
	ship      *Ship
	personnel *Personnel
	facility  *Facility
}

// field is the path of the id of the object, for errors.
func (o boardObject) field() string {
	switch {
	case o.mission != nil:
		return o.mission.field("id")
	case o.ship != nil:
		return o.ship.field("id")
	case o.facility != nil:
		return o.facility.field("id")
	}
	return o.personnel.field("id")
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
	affiliationsKnown  bool     // the card or the board says who may attempt it, if anyone
	Completed          bool
	OvercomeDilemmas   int
	Play               []string
	Index              int    // position in the board's missions
	card               string // the id of its card; "" for a mission given inline
	unknown            stat   // the statistics not known (known.go)
	requirementsSource string // the field the requirements came from: "card" or "requirements"
	// readRequirements are the requirements given on the board, read
	// where the board is decoded (nil: read when a question needs them).
	readRequirements Requirement
	titleKey         string // the title folded, as copies of one mission compare
	site             site   // the place it is, shared by the copies of one mission (sites)
	universal        bool   // a 1E universal mission (the card data's marking): each copy is a location
	src              *rules.BoardMission
}

// A Ship is a ship on the board.
type Ship struct {
	ID, Owner, Title string
	Affiliation      string   // folded
	Staffing         []string // folded icons
	slots            []staffingSlot
	Range            *int
	RangeUsed        int
	Weapons, Shields *int
	Mission          string // the mission it is at
	Docked           string // 1E: the facility it is docked at
	Cloaked          bool   // 1E
	Stopped          bool
	Damage           int
	Index            int
	persona          string // the card data's persona, as written
	card             string // the id of its card; "" for a ship given inline
	unknown          stat   // the statistics not known (known.go)
	src              *rules.BoardShip
}

// Personnel is a personnel on the board. Skills holds each skill once,
// sorted by its folded name, with the levels of every mention summed; Skill
// reads one.
type Personnel struct {
	ID, Owner, Title string
	Affiliation      string   // folded
	Icons            []string // folded
	Skills           []SkillLevel
	Characteristics  []string // folded
	Integrity        int
	Cunning          int
	Strength         int
	Species          string
	Persona          string // folded; the card data's, or as the board says
	Mission          string // on the surface of (or at) this mission
	Ship             string // aboard this ship
	Facility         string // 1E: aboard this facility
	Brig             string // a captive in this player's brig: You or Opponent
	Stopped          bool
	Index            int
	card             string // the id of its card; "" for a personnel given inline
	unknown          stat   // the statistics not known (known.go)
	src              *rules.BoardPersonnel
	// Unplaced says the board gave no place (at): where it is is not
	// known, which is not nowhere (whereabouts.go).
	Unplaced bool
	// The personnel compiled once (features.go): its title folded, and
	// its names numbered in names, the table of its board's request.
	foldedTitle string
	names       *nameTable
	marks       []nameMark
	marked      *nameTable // the table marks were read for
}

// Captive says whether the personnel is in a brig: it counts for nothing
// of its owner's, and its captor does not command it.
func (p *Personnel) Captive() bool { return p.Brig != "" }

// A Facility is a 1E facility on the board.
type Facility struct {
	ID, Owner, Title string
	Affiliations     []string // folded; several for a multi-affiliation facility
	Kind             string   // outpost, headquarters, station, nor; "" when not known
	Quadrant         string   // native quadrant, folded
	Mission          string   // the mission it stands at
	Shields          *int
	// ExtendedShields is the share of its SHIELDS a ship docked there
	// adds to its own, as the card data gives it; nil for the rulebook's
	// 50%.
	ExtendedShields *float64
	Index           int
	card            string // the id of its card; "" for a facility given inline
	unknown         stat   // the statistics not known (known.go)
	src             *rules.BoardFacility
}

// Name is how reasons speak of a facility.
func (f *Facility) Name() string { return nameOr(f.Title, f.ID) }

// field is the path of one of the facility's fields on the board.
func (f *Facility) field(name string) string { return objectField("facilities", f.Index, name) }

// Facility returns the facility with the id, or nil.
func (b *Board) Facility(id string) *Facility { return b.object(id).facility }

// A SkillLevel is one skill of a personnel: its folded name (Key), the
// name as last written, and the levels of every mention of it summed.
type SkillLevel struct {
	Key, Name string
	Level     int
}

// Skill returns the personnel's level in a skill given by its folded name,
// 0 when it does not have it.
func (p *Personnel) Skill(key string) int {
	i, found := slices.BinarySearchFunc(p.Skills, key, func(s SkillLevel, k string) int { return strings.Compare(s.Key, k) })
	if !found {
		return 0
	}
	return p.Skills[i].Level
}

// Mission returns the mission with the id, or nil.
func (b *Board) Mission(id string) *Mission { return b.object(id).mission }

// Ship returns the ship with the id, or nil.
func (b *Board) Ship(id string) *Ship { return b.object(id).ship }

// PersonnelByID returns the personnel with the id, or nil.
func (b *Board) PersonnelByID(id string) *Personnel { return b.object(id).personnel }

// Aboard returns the personnel aboard a ship, in board order.
func (b *Board) Aboard(shipID string) []*Personnel {
	return b.personnelWhere(func(p *Personnel) bool { return p.Ship == shipID })
}

// personnelWhere returns the personnel for whom where is true, in board
// order; nil when there is none. The list is the board arrays' (a list
// with no room past it, for the request), as the board's own lists are.
func (b *Board) personnelWhere(where func(p *Personnel) bool) []*Personnel {
	n := 0
	for _, p := range b.Personnel {
		if where(p) {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := b.arrays().personnelPtrList(n)
	for _, p := range b.Personnel {
		if where(p) {
			out = append(out, p)
		}
	}
	return out
}

// AboardFacility returns the personnel aboard a facility, in board order.
func (b *Board) AboardFacility(facilityID string) []*Personnel {
	return b.personnelWhere(func(p *Personnel) bool { return p.Facility == facilityID })
}

// field is the path of one of the mission's fields on the board, for
// errors: "board.missions[2].span".
func (m *Mission) field(name string) string { return objectField("missions", m.Index, name) }

// field is the path of one of the ship's fields on the board.
func (s *Ship) field(name string) string { return objectField("ships", s.Index, name) }

// field is the path of one of the personnel's fields on the board.
func (p *Personnel) field(name string) string { return objectField("personnel", p.Index, name) }

// objectField is the path of a field of the i-th object of a list of the
// board. Paths are built only for errors.
func objectField(list string, i int, name string) string {
	return "board." + list + "[" + strconv.Itoa(i) + "]." + name
}

// indexed is the path of the i-th item of a list param: "params.you[2]".
func indexed(field string, i int) string { return field + "[" + strconv.Itoa(i) + "]" }

// requirementsField is the field the mission's requirements were read
// from, for errors: its card, the board's requirements, or where they would
// be given.
func (m *Mission) requirementsField() string {
	if m.requirementsSource == "" {
		return m.field("requirements")
	}
	return m.field(m.requirementsSource)
}

// foldedTitle is the title copies of one mission compare by (assignSites).
func (m *Mission) foldedTitle() string {
	if m.titleKey == "" && m.Title != "" {
		return fold(m.Title) // a mission not decoded from a board
	}
	return m.titleKey
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

// foldAll folds each of a list, leaving out those that fold to nothing. A
// list already folded is returned as it is: the engine never changes a
// list it holds.
func foldAll(in []string) []string {
	for i, s := range in {
		if f := fold(s); f == s && f != "" {
			continue
		}
		out := make([]string, i, len(in))
		copy(out, in[:i])
		for _, s := range in[i:] {
			if f := fold(s); f != "" {
				out = append(out, f)
			}
		}
		return out
	}
	if in == nil {
		return []string{}
	}
	return in
}

// A boardItem is a mission, ship, personnel or facility of a decoded
// board.
type boardItem interface {
	Name() string
	field(name string) string
	need(stat) error
}
