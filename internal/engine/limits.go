package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/rules"
)

// checkLimits refuses a request that holds more than a real game does (see
// rules.MaxBoardPersonnel and the limits beside it): a list longer than its
// limit, a text longer than its limit, a deck line counting more copies than
// any deck holds. It runs before the board and params are decoded, in time
// linear in the request, so that no later stage ever sees more than the
// limits allow; the error names the field (details.field) and the limit
// (details.limit).
func checkLimits(req rules.AdjudicationRequest) error {
	for _, f := range []struct {
		name, value string
	}{{"edition", req.Edition}, {"rules", req.Rules}, {"question", req.Question}} {
		if err := checkText(f.name, f.value, rules.MaxTextBytes); err != nil {
			return err
		}
	}
	zeroes := strings.EqualFold(strings.TrimSpace(req.Edition), rules.Edition2E)
	if err := checkBoardLimits(req.Board, zeroes); err != nil {
		return err
	}
	return checkParamsLimits(req.Params)
}

// A listLimit is the limit of one kind of list, with how its items are
// spoken of and why the limit is what it is, for the error.
type listLimit struct {
	max        int
	items, why string
}

var (
	missionsLimit     = listLimit{rules.MaxBoardMissions, "missions", "six a player in 1E, five in 2E"}
	shipsLimit        = listLimit{rules.MaxBoardShips, "ships", "32 a side"}
	personnelLimit    = listLimit{rules.MaxBoardPersonnel, "personnel", "128 a side, three times what a long game lays out"}
	facilitiesLimit   = listLimit{rules.MaxBoardFacilities, "facilities", "a headquarters and a few outposts a player"}
	staffingLimit     = listLimit{rules.MaxStaffingIcons, "staffing icons", "the largest ships print about six"}
	iconsLimit        = listLimit{rules.MaxPersonnelIcons, "icons", "a personnel prints a few"}
	skillsLimit       = listLimit{rules.MaxPersonnelSkills, "skills", "the most skilled personnel print about ten"}
	charsLimit        = listLimit{rules.MaxCharacteristics, "characteristics", "a personnel prints a handful"}
	affiliationsLimit = listLimit{rules.MaxMissionAffiliations, "affiliations", "the game has about fifteen"}
	playLimit         = listLimit{rules.MaxMissionPlay, "entries", "a headquarters names a few"}
	listedLimit       = listLimit{rules.MaxListedCards, "ids", "each names a card on the board once"}
	stackLimit        = listLimit{rules.MaxDilemmaStack, "dilemmas", "more than both players' seed cards or dilemmas drawn"}
	deckLimit         = listLimit{rules.MaxDeckLines, "lines", "more than the largest decks played"}
	seedLimit         = listLimit{rules.MaxSeedLines, "lines", "more than any seed deck or dilemma pile"}
	playersLimit      = listLimit{rules.MaxPlayers, "players", "a game has two, or a few in multiplayer"}
	actionsLimit      = listLimit{rules.MaxReplayActions, "actions", "more than any turn of a real game"}
	turnLimit         = listLimit{rules.MaxTurnListed, "ids and dilemmas in all its actions' lists", "a turn names each card a few times"}
)

// paramLists are the limits of the lists a question's params hold, by the
// param's name; a list under any other name has the limit of a list of
// board objects.
var paramLists = map[string]listLimit{
	"personnel": listedLimit, "you": listedLimit, "opponent": listedLimit,
	"attackers": listedLimit, "defenders": listedLimit, "commanded": listedLimit,
	"stack": stackLimit,
	"stops": listedLimit, "kills": listedLimit, "brigs": listedLimit,
	"missions": seedLimit, "dilemmas": seedLimit, "seeds": seedLimit, "deck": deckLimit,
	"players": playersLimit,
	"actions": actionsLimit,
}

func (l listLimit) check(field string, n int) error {
	if n <= l.max {
		return nil
	}
	return unprocessable(field, "%s holds %d %s; at most %d are allowed (%s)", field, n, l.items, l.max, l.why).
		WithDetail("limit", l.max)
}

// exceeded is the error of a list found to hold more than its limit before
// it was read to its end.
func (l listLimit) exceeded(field string) error {
	return unprocessable(field, "%s holds more than %d %s; at most %d are allowed (%s)", field, l.max, l.items, l.max, l.why).
		WithDetail("limit", l.max)
}

// checkText refuses a text longer than max bytes.
func checkText(field, s string, max int) error {
	if len(s) <= max {
		return nil
	}
	return unprocessable(field, "%s is %d bytes long; at most %d are allowed", field, len(s), max).WithDetail("limit", max)
}

// texts refuses a list of the object at at longer than its limit, or any
// of its texts longer than max bytes. Paths are built only for errors.
func (at boardPlace) texts(name string, list []string, l listLimit, max int) error {
	if len(list) > l.max {
		return l.check(at.field(name), len(list))
	}
	for i, s := range list {
		if len(s) > max {
			return checkText(indexed(at.field(name), i), s, max)
		}
	}
	return nil
}

// within refuses a text of the object at at longer than max bytes; texts
// are pairs of a field's name and its text.
func (at boardPlace) within(max int, texts ...string) error {
	for i := 0; i+1 < len(texts); i += 2 {
		if len(texts[i+1]) > max {
			return checkText(at.field(texts[i]), texts[i+1], max)
		}
	}
	return nil
}

// A numberField is a numeric field of the board with its range
// (rules.NumberRangeOf), looked up once rather than for every object.
type numberField struct {
	name string
	r    rules.NumberRange
}

func numberFieldOf(name string) numberField {
	r, ok := rules.NumberRangeOf(name)
	if !ok {
		panic("engine: no range for the numeric field " + name)
	}
	return numberField{name, r}
}

var (
	spanField             = numberFieldOf("span")
	pointsField           = numberFieldOf("points")
	overcomeDilemmasField = numberFieldOf("overcomeDilemmas")
	rangeField            = numberFieldOf("range")
	rangeUsedField        = numberFieldOf("rangeUsed")
	weaponsField          = numberFieldOf("weapons")
	shieldsField          = numberFieldOf("shields")
	damageField           = numberFieldOf("damage")
	integrityField        = numberFieldOf("integrity")
	cunningField          = numberFieldOf("cunning")
	strengthField         = numberFieldOf("strength")
)

// number refuses a numeric field of the object at at that holds no number
// of the game: past its largest, or below its least. With zeroes (2E), a
// statistic after modifiers may be below zero down to minus its largest:
// the zero rule reads it as zero when it is decoded.
func (at boardPlace) number(f numberField, v *int, zeroes bool) error {
	if v == nil {
		return nil
	}
	r := f.r
	least := r.Min
	if zeroes && r.Modified {
		least = -r.Max
	}
	if *v > r.Max || *v < least {
		return rules.NumberOutOfRange(at.field(f.name), strconv.Itoa(*v), r)
	}
	return nil
}

// firstError is the first of errs that is not nil.
func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func checkBoardLimits(b rules.Board, zeroes bool) error {
	if err := missionsLimit.check("board.missions", len(b.Missions)); err != nil {
		return err
	}
	if err := shipsLimit.check("board.ships", len(b.Ships)); err != nil {
		return err
	}
	if err := personnelLimit.check("board.personnel", len(b.Personnel)); err != nil {
		return err
	}
	if err := facilitiesLimit.check("board.facilities", len(b.Facilities)); err != nil {
		return err
	}
	for i := range b.Missions {
		m, at := &b.Missions[i], boardPlace{"missions", i}
		if err := at.within(rules.MaxTextBytes, "id", m.ID, "card", m.Card, "title", m.Title, "region", m.Region); err != nil {
			return err
		}
		if err := at.within(rules.MaxWordBytes, "owner", m.Owner, "type", m.Type, "quadrant", m.Quadrant); err != nil {
			return err
		}
		if err := at.within(rules.MaxRequirementBytes, "requirements", m.Requirements); err != nil {
			return err
		}
		if err := at.texts("affiliations", m.Affiliations, affiliationsLimit, rules.MaxWordBytes); err != nil {
			return err
		}
		if err := at.texts("play", m.Play, playLimit, rules.MaxWordBytes); err != nil {
			return err
		}
		if err := firstError(at.number(spanField, m.Span, zeroes), at.number(pointsField, m.Points, zeroes),
			at.number(overcomeDilemmasField, &m.OvercomeDilemmas, zeroes)); err != nil {
			return err
		}
	}
	for i := range b.Ships {
		s, at := &b.Ships[i], boardPlace{"ships", i}
		if err := at.within(rules.MaxTextBytes, "id", s.ID, "card", s.Card, "title", s.Title, "docked", s.Docked); err != nil {
			return err
		}
		if err := at.within(rules.MaxWordBytes, "owner", s.Owner, "affiliation", s.Affiliation); err != nil {
			return err
		}
		if err := at.location(s.At); err != nil {
			return err
		}
		if err := at.texts("staffing", s.Staffing, staffingLimit, rules.MaxWordBytes); err != nil {
			return err
		}
		if err := firstError(at.number(rangeField, s.Range, zeroes), at.number(rangeUsedField, &s.RangeUsed, zeroes),
			at.number(weaponsField, s.Weapons, zeroes), at.number(shieldsField, s.Shields, zeroes), at.number(damageField, &s.Damage, zeroes)); err != nil {
			return err
		}
	}
	for i := range b.Personnel {
		p, at := &b.Personnel[i], boardPlace{"personnel", i}
		if err := at.within(rules.MaxTextBytes, "id", p.ID, "card", p.Card, "title", p.Title, "persona", p.Persona); err != nil {
			return err
		}
		if err := at.within(rules.MaxWordBytes, "owner", p.Owner, "affiliation", p.Affiliation, "species", p.Species); err != nil {
			return err
		}
		if err := at.location(p.At); err != nil {
			return err
		}
		if err := at.texts("icons", p.Icons, iconsLimit, rules.MaxWordBytes); err != nil {
			return err
		}
		if err := at.texts("skills", p.Skills, skillsLimit, rules.MaxSkillBytes); err != nil {
			return err
		}
		if err := at.texts("characteristics", p.Characteristics, charsLimit, rules.MaxWordBytes); err != nil {
			return err
		}
		if err := firstError(at.number(integrityField, p.Integrity, zeroes), at.number(cunningField, p.Cunning, zeroes),
			at.number(strengthField, p.Strength, zeroes)); err != nil {
			return err
		}
	}
	for i := range b.Facilities {
		f, at := &b.Facilities[i], boardPlace{"facilities", i}
		if err := at.within(rules.MaxTextBytes, "id", f.ID, "card", f.Card, "title", f.Title); err != nil {
			return err
		}
		if err := at.within(rules.MaxWordBytes, "owner", f.Owner, "affiliation", f.Affiliation, "kind", f.Kind, "quadrant", f.Quadrant); err != nil {
			return err
		}
		if err := at.location(f.At); err != nil {
			return err
		}
		if err := at.texts("affiliations", f.Affiliations, affiliationsLimit, rules.MaxWordBytes); err != nil {
			return err
		}
		if err := at.number(shieldsField, f.Shields, zeroes); err != nil {
			return err
		}
	}
	return nil
}

func (at boardPlace) location(loc *rules.Location) error {
	if loc == nil {
		return nil
	}
	return at.within(rules.MaxTextBytes, "at.mission", loc.Mission, "at.ship", loc.Ship, "at.facility", loc.Facility, "at.brig", loc.Brig)
}

// maxParamsNesting bounds how deep the scan of params follows lists and
// objects; no question's params nest more than three levels, so deeper
// params are left for the question to refuse.
const maxParamsNesting = 32

// A paramsScan reads a question's params once, byte by byte, checking the
// lists and texts in them against their limits. off is the next byte to
// read; path is where the scan stands, for errors.
type paramsScan struct {
	data []byte
	off  int
	path []pathStep
	// inTurn counts the turns' actions lists the scan stands in; while it
	// is not 0, turnListed counts the items of the lists of board objects
	// and the dilemma stacks read, all actions together.
	inTurn, turnListed int
}

// A pathStep is one step of the path to a value: a key (decoded, or as
// written when it has no escape), or an index in a list.
type pathStep struct {
	key   []byte
	index int
	list  bool
}

// errMalformed stops the scan of params that are not JSON: decodeParams
// says what is wrong with them.
var errMalformed = errors.New("malformed params")

// field is the path of the value at the end of path.
func field(path []pathStep) string {
	var b strings.Builder
	b.WriteString("params")
	for _, s := range path {
		switch {
		case s.list:
			b.WriteString("[" + strconv.Itoa(s.index) + "]")
		case len(s.key) > 0: // none while the key is read
			b.WriteString("." + string(s.key))
		}
	}
	return b.String()
}

// checkParamsLimits scans a question's params once and refuses a list
// longer than the limit of its param (paramLists), a text longer than its
// limit, or a deck line counting more copies than rules.MaxDeckCopies, as
// soon as it reads one. Params it cannot read are left for the question to
// refuse, naming what is wrong.
func checkParamsLimits(raw json.RawMessage) error {
	var steps [8]pathStep // params nest three or four levels: no allocation
	p := &paramsScan{data: raw, path: steps[:0]}
	p.space()
	if p.off == len(p.data) {
		return nil
	}
	if err := p.value(nil, false, 0); err != nil && err != errMalformed {
		return err
	}
	return nil
}

func (p *paramsScan) space() {
	for p.off < len(p.data) {
		switch p.data[p.off] {
		case ' ', '\t', '\r', '\n':
			p.off++
		default:
			return
		}
	}
}

// value reads one value, under the key name (none in a list); deckLine
// says the value is an item of a deck list, whose count is bounded.
func (p *paramsScan) value(name []byte, deckLine bool, depth int) error {
	if depth > maxParamsNesting || p.off >= len(p.data) {
		return errMalformed
	}
	switch c := p.data[p.off]; {
	case c == '{':
		return p.object(deckLine, depth)
	case c == '[':
		return p.list(name, depth)
	case c == '"':
		max := rules.MaxTextBytes
		if string(name) == "requirement" {
			max = rules.MaxRequirementBytes
		}
		return p.text(max)
	case c == '-' || c >= '0' && c <= '9':
		start := p.off
		for p.off < len(p.data) && strings.IndexByte("+-.0123456789eE", p.data[p.off]) >= 0 {
			p.off++
		}
		if string(name) == "count" && deckLine {
			return p.copies(string(p.data[start:p.off]))
		}
		return p.number(name, string(p.data[start:p.off]))
	case c >= 'a' && c <= 'z': // true, false, null
		for p.off < len(p.data) && p.data[p.off] >= 'a' && p.data[p.off] <= 'z' {
			p.off++
		}
		return nil
	}
	return errMalformed
}

func (p *paramsScan) object(deckLine bool, depth int) error {
	p.off++ // {
	p.space()
	if p.off < len(p.data) && p.data[p.off] == '}' {
		p.off++
		return nil
	}
	p.path = append(p.path, pathStep{})
	defer func() { p.path = p.path[:len(p.path)-1] }()
	for {
		if p.off >= len(p.data) || p.data[p.off] != '"' {
			return errMalformed
		}
		start := p.off
		p.path[len(p.path)-1].key = nil
		if err := p.text(rules.MaxTextBytes); err != nil {
			return err
		}
		key, err := p.key(start)
		if err != nil {
			return err
		}
		p.path[len(p.path)-1].key = key
		p.space()
		if p.off >= len(p.data) || p.data[p.off] != ':' {
			return errMalformed
		}
		p.off++
		p.space()
		if err := p.value(key, deckLine, depth+1); err != nil {
			return err
		}
		if more, err := p.more('}'); !more {
			return err
		}
	}
}

// more reads what follows an item of an object or list: a comma, and there
// are more, or the closing bracket, and there are none.
func (p *paramsScan) more(closing byte) (bool, error) {
	p.space()
	if p.off >= len(p.data) {
		return false, errMalformed
	}
	switch p.data[p.off] {
	case ',':
		p.off++
		p.space()
		return true, nil
	case closing:
		p.off++
		return false, nil
	}
	return false, errMalformed
}

// list reads a list under the key name, refusing it once it holds more
// items than the limit of its param.
func (p *paramsScan) list(name []byte, depth int) error {
	limit, ok := paramLists[string(name)]
	if !ok {
		limit = listedLimit
	}
	// A turn's actions together name at most rules.MaxTurnListed cards
	// and dilemmas; a list of some other name (an inline card's skills)
	// is not counted.
	counted := ok && p.inTurn > 0 && (limit == listedLimit || limit == stackLimit)
	if limit == actionsLimit {
		p.inTurn++
		defer func() { p.inTurn-- }()
	}
	p.off++ // [
	p.space()
	if p.off < len(p.data) && p.data[p.off] == ']' {
		p.off++
		return nil
	}
	p.path = append(p.path, pathStep{list: true})
	defer func() { p.path = p.path[:len(p.path)-1] }()
	for n := 1; ; n++ {
		if n > limit.max {
			return limit.exceeded(field(p.path[:len(p.path)-1]))
		}
		if counted {
			if p.turnListed++; p.turnListed > turnLimit.max {
				return turnLimit.exceeded("params.actions")
			}
		}
		p.path[len(p.path)-1].index = n - 1
		if err := p.value(nil, limit == deckLimit || limit == seedLimit, depth+1); err != nil {
			return err
		}
		if more, err := p.more(']'); !more {
			return err
		}
	}
}

// key is the key read from start, decoded: as written, without a copy,
// when it has no escape.
func (p *paramsScan) key(start int) ([]byte, error) {
	raw := p.data[start:p.off]
	if bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
		return raw[1 : len(raw)-1], nil
	}
	var key string
	if err := json.Unmarshal(raw, &key); err != nil {
		return nil, errMalformed
	}
	return []byte(key), nil
}

// text reads a JSON string, refusing it when it is longer than max bytes
// decoded. In valid UTF-8 the bytes between the quotes bound its length (an
// escape is never shorter than what it stands for); only a string longer
// than max as written, or one with bytes that are not UTF-8 (each decoded
// as the three of U+FFFD), is decoded to measure it.
func (p *paramsScan) text(max int) error {
	start := p.off
	p.off++ // "
	for p.off < len(p.data) {
		switch p.data[p.off] {
		case '\\':
			p.off += 2
			continue
		case '"':
			p.off++
			if p.off-start-2 <= max && utf8.Valid(p.data[start:p.off]) {
				return nil
			}
			var s string
			if err := json.Unmarshal(p.data[start:p.off], &s); err != nil {
				return errMalformed
			}
			return checkText(field(p.path), s, max)
		}
		p.off++
	}
	return errMalformed
}

// number refuses a number of the params under a key the game gives
// numbers of a range (rules.NumberRangeOf) when it is not one of them: a
// fraction, a number past the range or below it. A statistic of the params
// is a printed one (an inline card's), never below zero.
func (p *paramsScan) number(name []byte, literal string) error {
	if len(name) == 0 {
		return nil
	}
	r, ok := rules.NumberRangeOfName(name)
	if !ok {
		return nil
	}
	if n, whole := rules.WholeNumber(literal); !whole || n < r.Min || n > r.Max {
		return rules.NumberOutOfRange(field(p.path), literal, r)
	}
	return nil
}

// copies refuses a deck line's count over rules.MaxDeckCopies; a count
// that is not a whole number is left for decodeParams to refuse.
func (p *paramsScan) copies(number string) error {
	n, err := strconv.ParseInt(number, 10, 64)
	if err != nil || n <= rules.MaxDeckCopies {
		return nil
	}
	f := field(p.path)
	return unprocessable(f, "%s is %d copies; a deck line may count at most %d", f, n, rules.MaxDeckCopies).
		WithDetail("limit", rules.MaxDeckCopies)
}
