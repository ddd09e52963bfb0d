package engine

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// StaffingOutcome says whether a ship is staffed and how.
type StaffingOutcome struct {
	Staffed bool
	// Missing are the staffing icons no unstopped personnel aboard covers.
	Missing []string
	// Affiliated are the unstopped crew of the ship's affiliation.
	Affiliated []*Personnel
	// Crew are the unstopped personnel who may staff the ship.
	Crew []*Personnel
	// Stopped and Incompatible were aboard but could not staff.
	Stopped, Incompatible []*Personnel
	// Unread were aboard, unstopped, without a statistic the staffing
	// reads (their affiliation, icons, or what a line names): set aside
	// when the ship is staffed without them, which they cannot undo;
	// unreadErr asks for the first one's.
	Unread    []*Personnel
	unreadErr error
	// Unplaced are the personnel of the ship's owner given no place, who
	// may be aboard: set aside, the answer being the same whether they
	// are or not (Staffing asks for one that is not).
	Unplaced []*Personnel
	// need are the slots searched, in the order tried, and match the
	// index in Crew of the personnel who fills each, -1 for none.
	need  []staffingSlot
	match []int
}

// Assignment maps the id of each personnel who covers an icon to the
// icon, made when asked for: a ship's move reads it only when the ship is
// not staffed.
func (o StaffingOutcome) Assignment() map[string]string {
	out := make(map[string]string, len(o.match))
	for r, c := range o.match {
		if c >= 0 {
			out[o.Crew[c].ID] = o.need[r].shown
		}
	}
	return out
}

// covers is the icon p covers, false when p covers none.
func (o StaffingOutcome) covers(p *Personnel) (string, bool) {
	for r, c := range o.match {
		if c >= 0 && o.Crew[c] == p {
			return o.need[r].shown, true
		}
	}
	return "", false
}

// compatible1E says whether a 1E personnel may crew a ship: the same
// affiliation, or Non-Aligned or Neutral with any affiliation but Borg.
func compatible1E(a, b string) bool {
	if a == b {
		return true
	}
	neutral := func(x string) bool { return x == "non aligned" || x == "neutral" }
	return (neutral(a) && b != "borg") || (neutral(b) && a != "borg")
}

// A staffingSlot is one line of a ship's staffing requirements, which one
// personnel fills: an icon (command, staff, a special staffing icon), or in
// 1E a skill at a level, a species or a characteristic ("Other crew
// requirements may include ... specific skills, such as Empathy x2, or a
// species of personnel, such as a Vulcan"). The matching of crew to slots
// asks only filledBy.
type staffingSlot struct {
	feature
	level int
	shown string // the line as a verdict names it: the icon folded, else as written
	// classification: a 1E skill the card data also gives as a
	// classification (SECURITY, OFFICER), met by either; a personnel's
	// classification is among its characteristics.
	classification bool
}

// filledBy says whether one personnel fills the slot, whose name is id in
// t: has the icon (command standing in for staff), the skill at the level,
// the species or the characteristic.
func (sl staffingSlot) filledBy(t *nameTable, id int32, p *Personnel) bool {
	return sl.levelIn(t, id, p) >= sl.level
}

// own says whether a personnel fills the slot with the very icon it names,
// not standing in for it: such personnel are tried first, so command is
// kept for the command icons.
// reads is what the slot reads of a personnel to say whether it fills it:
// its icons, or what its name is in the vocabulary (a name it does not
// know read among the skills).
func (sl staffingSlot) reads() stat {
	switch sl.kind {
	case featureIcon:
		return statIcons
	case featureSpecies:
		return statSpecies
	case featureCharacteristic:
		return statCharacteristics
	}
	return statSkills
}

// unfilledReads is what more a slot left unfilled reads of a personnel
// than reads does, to be known not to fill it: a name the vocabulary does
// not know is read among every name a personnel answers to (its species
// and characteristics too), and a skill that is also a classification
// among its characteristics. As a requirement left unmet, an unfilled
// line is then asked about, not answered "not staffed".
func (sl staffingSlot) unfilledReads() stat {
	switch {
	case sl.kind == featureUnknown:
		return statCharacteristics | statSpecies
	case sl.kind == featureSkill && sl.classification:
		return statCharacteristics
	}
	return 0
}

func (sl staffingSlot) own(p *Personnel) bool { return sl.kind != featureIcon || hasIcon(p, sl.key) }

// maxStaffingLines bounds the slots one staffing line may ask for ("Vulcan
// x3" is three): no ship needs a larger crew.
const maxStaffingLines = rules.MaxStaffingIcons

// lines are a ship's staffing requirements as slots, in a new slice: read
// from its 1E lines when decoded, its icons otherwise.
func (s *Ship) lines() []staffingSlot { return s.linesIn(nil) }

// linesIn is lines, the list made in a's room (a nil a makes it).
func (s *Ship) linesIn(a *boardArrays) []staffingSlot {
	if s.slots != nil {
		return append(a.slotList(len(s.slots)), s.slots...)
	}
	out := a.slotList(len(s.Staffing))[:len(s.Staffing)]
	for i, icon := range s.Staffing {
		out[i] = staffingSlot{feature: feature{kind: featureIcon, key: icon}, level: 1, shown: icon}
	}
	return out
}

// staffingSlots reads a ship's 1E staffing lines (2E lines are icons, read
// from the ship's staffing as they are needed): a 1E line is what the
// vocabulary knows it as, an icon first. A skill line is one
// slot, met by one personnel with the skill at its level; a species,
// characteristic or unknown name with a level asks for that many personnel.
// at is the ship's place on the board, for errors. A name no vocabulary
// knows that is a form of one word of them ("Engineering", "Vulcans") is
// read as that word, noted in notes for the verdict (wordforms.go).
func (s *Service) staffingSlots(notes *wordNotes, edition string, lines []string, at boardPlace) ([]staffingSlot, error) {
	if edition != rules.Edition1E || len(lines) == 0 {
		return nil, nil
	}
	out := make([]staffingSlot, 0, len(lines))
	for i, line := range lines {
		if s.memos.fold(line) == "" {
			continue
		}
		ps, err := s.memos.parseSkill(line)
		if err != nil {
			return nil, unprocessable(indexed(at.field("staffing"), i), "staffing line %q: %v", line, err)
		}
		kind := s.vocab.staffingKind(ps.key)
		shown := ps.key
		if kind != featureIcon {
			shown = strings.TrimSpace(line)
		}
		if kind == featureUnknown && ps.key != "" {
			f, of := s.vocab.words.formOf(ps.key, staffingWords)
			if len(of) > 0 {
				if err := countedForm(f, indexed(at.field("staffing"), i), "a staffing icon, skill, species or characteristic", ps.name, of); err != nil {
					return nil, err
				}
			}
			switch len(of) {
			case 0:
			case 1:
				notes.noteForm(f, strings.TrimSpace(ps.name), of[0], indexed(at.field("staffing"), i))
				ps.key, ps.name, shown = of[0], of[0], of[0]
				kind = s.vocab.staffingKind(ps.key)
			default:
				return nil, ambiguousForm(f, indexed(at.field("staffing"), i), "a staffing icon, skill, species or characteristic", ps.name, of)
			}
		}
		if kind == featureUnknown {
			if err := s.staffingTypo(at, i, line, ps.key); err != nil {
				return nil, err
			}
		}
		if kind == featureSkill || ps.level == 1 {
			out = append(out, staffingSlot{feature: feature{kind: kind, key: ps.key}, level: ps.level, shown: shown,
				classification: kind == featureSkill && s.vocab.characteristics[ps.key]})
			continue
		}
		if ps.level > maxStaffingLines {
			return nil, unprocessable(indexed(at.field("staffing"), i), "staffing line %q asks for %d personnel; a ship's staffing asks for at most %d", line, ps.level, maxStaffingLines)
		}
		for range ps.level {
			out = append(out, staffingSlot{feature: feature{kind: kind, key: ps.key}, level: 1, shown: ps.name})
		}
	}
	if len(out) > maxStaffingLines {
		return nil, unprocessable(at.field("staffing"), "a ship's staffing asks for at most %d personnel, not %d", maxStaffingLines, len(out))
	}
	return out, nil
}

// provides says whether a personnel's icons cover a staffing icon. In both
// editions command may stand in for staff, never the other way round.
func provides(p *Personnel, icon string) bool {
	for _, i := range p.Icons {
		if i == icon || (icon == "staff" && i == "command") {
			return true
		}
	}
	return false
}

// Staffing decides whether a ship is staffed: every icon of its staffing
// requirements covered by a different unstopped personnel of its owner
// aboard, and one of them of the ship's affiliation. In 1E only compatible
// personnel staff, and a ship that lists no staffing needs only one
// personnel of its affiliation.
//
// Which personnel fills which slot is a bipartite matching of slots to
// crew, found by augmenting paths (staffingMatch) in time polynomial in the
// slots and the crew. It fails with ctx's error when ctx ends, and asks
// for what is not given where it decides.
//
// A personnel of the ship's owner given no place may be aboard: it is asked
// for (placeNotGiven) when whether it is aboard turns whether the ship is
// staffed or what it misses, else set aside (Unplaced; unplaced.go).
func Staffing(ctx context.Context, b *Board, firstEdition bool, s *Ship) (StaffingOutcome, error) {
	out, err := staffing(ctx, b, firstEdition, s, nil)
	if err != nil || len(out.Unplaced) == 0 || out.Staffed {
		// A ship staffed without them is staffed and misses nothing
		// with any of them aboard too (more crew never unstaffs a ship):
		// none of them decides, and the len+2 answers that would show it
		// are not asked, which a turn of a move an action would ask
		// again at every move.
		return out, err
	}
	x, err := unplacedDeciding(ctx, out.Unplaced, func(extra []*Personnel) (staffingAnswer, error) {
		with, err := staffing(ctx, b, firstEdition, s, extra)
		return staffingAnswer{staffed: with.Staffed, missing: strings.Join(with.Missing, ",")}, err
	})
	switch {
	case err != nil:
		return StaffingOutcome{}, err
	case x != nil:
		return StaffingOutcome{}, placeNotGiven(x)
	}
	return out, nil
}

// A staffingAnswer is what staffing answers, compared with and without
// personnel given no place: whether the ship is staffed, and the icons it
// misses.
type staffingAnswer struct {
	staffed bool
	missing string
}

// staffing is Staffing with extra, personnel given no place, counted as
// aboard; its Unplaced are all of the owner's given no place.
func staffing(ctx context.Context, b *Board, firstEdition bool, s *Ship, extra []*Personnel) (StaffingOutcome, error) {
	var out StaffingOutcome
	if err := ctx.Err(); err != nil {
		return StaffingOutcome{}, err
	}
	// The ship's staffing and affiliation are read, and of each personnel
	// of its owner aboard and unstopped, the affiliation and what the
	// staffing asks for. A personnel of whom one is not known is set
	// aside: a ship staffed by the others is staffed whatever it gives
	// (more crew never unstaffs a ship); one not staffed without it
	// cannot be judged, and its statistic is asked for.
	if err := s.need(statStaffing); err != nil {
		return StaffingOutcome{}, err
	}
	if err := needAffiliation(s); err != nil {
		return StaffingOutcome{}, err
	}
	need := s.linesIn(b.arrays())
	// In 1E a personnel's affiliation says whether it may staff at all
	// (compatibility); in 2E only whether it is the one of the ship's
	// affiliation, so one of no given affiliation still gives its icon.
	var reads stat
	if firstEdition {
		reads = statAffiliation
	}
	for _, sl := range need {
		reads |= sl.reads()
	}
	aboard, unplaced := b.gatherAt(s.Owner, func(p *Personnel) bool { return p.Ship == s.ID })
	aboard = withExtra(aboard, extra)
	out.Unplaced = unplaced
	// The crew and those of them of the ship's affiliation share one array.
	crew := b.arrays().personnelPtrList(2 * len(aboard))[:2*len(aboard)]
	out.Crew, out.Affiliated = crew[:0:len(aboard)], crew[len(aboard):len(aboard)]
	var setAside, affiliationUnknown error
	for _, p := range aboard {
		switch {
		case p.Owner != s.Owner:
			continue
		case b.stoppedNow(p):
			out.Stopped = append(out.Stopped, p)
		case p.need(reads) != nil:
			if setAside == nil {
				setAside = p.need(reads)
			}
			out.Unread = append(out.Unread, p)
		case firstEdition && !affiliationsCompatible(p.Affiliation, s.Affiliation):
			out.Incompatible = append(out.Incompatible, p)
		default:
			out.Crew = append(out.Crew, p)
			if affiliationsShared(p.Affiliation, s.Affiliation) {
				out.Affiliated = append(out.Affiliated, p)
			} else if err := p.need(statAffiliation); err != nil {
				if affiliationUnknown == nil {
					affiliationUnknown = err
				}
				out.Unread = append(out.Unread, p)
			}
		}
	}
	out.unreadErr = cmp.Or(setAside, affiliationUnknown)
	// Specific lines first, staff last: command personnel are kept for the
	// icons only they can give.
	slices.SortStableFunc(need, func(a, b staffingSlot) int { return cmp.Compare(rankSlot(a), rankSlot(b)) })
	m := matchOver(need, out.Crew, b.compile().candidatesOf(s.ID, need, out.Crew), b.arrays())
	if err := m.run(ctx); err != nil {
		return StaffingOutcome{}, err
	}
	var unfilled stat
	for r, c := range m.match {
		if c < 0 {
			out.Missing = append(out.Missing, need[r].shown)
			unfilled |= need[r].unfilledReads()
		}
	}
	out.need, out.match = need, m.match
	// What was not read decides only where the ship is not staffed without
	// it: an icon missing that a personnel set aside might give, or none of
	// the ship's affiliation where one of no given affiliation might be.
	switch {
	case len(out.Missing) > 0 && setAside != nil:
		return StaffingOutcome{}, setAside
	case len(out.Missing) == 0 && len(out.Affiliated) == 0 && out.unreadErr != nil:
		return StaffingOutcome{}, out.unreadErr
	}
	if unfilled != 0 {
		for _, p := range out.Crew {
			if err := p.need(unfilled); err != nil {
				return StaffingOutcome{}, err
			}
		}
	}
	if out.Missing == nil {
		out.Missing = []string{}
	}
	out.Staffed = len(out.Missing) == 0 && len(out.Affiliated) > 0
	return out, nil
}

func rankSlot(sl staffingSlot) int {
	if sl.kind != featureIcon {
		return 0
	}
	switch sl.key {
	case "staff":
		return 2
	case "command":
		return 1
	}
	return 0
}

// staffingMatch matches staffing slots (requirements, in the order tried)
// to the crew by augmenting paths (Kuhn's algorithm): each requirement in
// turn takes the first free personnel who may fill it, else the first whose
// current slot another personnel can take over, and so on along the path.
// The personnel who may fill each slot are listed once, in the order they
// are tried, so one search examines each candidate of each requirement at
// most twice, and the searches that fail share their work: O(slots x E) in
// all for E candidates (at most slots x crew), the slots of a ship bounded
// by rules.MaxStaffingIcons. Ties go to the personnel first on the board, so
// the assignment is the same for the same board.
type staffingMatch struct {
	need       []staffingSlot
	candidates [][]int // per requirement: the crew who may fill it, in the order tried
	match      []int   // requirement -> crew index, or -1
	owner      []int   // crew index -> requirement, or -1
	seen       []int   // crew index -> the search that visited it last
	search     int     // the search under way; visits of the searches before it are forgotten
	steps      int     // candidates examined, for tests of the work done
}

func newStaffingMatch(need []staffingSlot, crew []*Personnel) staffingMatch {
	return matchOver(need, crew, slotCandidates(need, crew, nil), nil)
}

// matchOver is the matching of need to crew over the candidates of each
// slot (slotCandidates), which it only reads.
func matchOver(need []staffingSlot, crew []*Personnel, candidates [][]int, a *boardArrays) staffingMatch {
	// match, owner and seen share one array, made in a's room (a nil a
	// makes it).
	r, c := len(need), len(crew)
	ints := a.intList(r + 2*c)[:r+2*c]
	m := staffingMatch{
		need:       need,
		candidates: candidates,
		match:      ints[:r:r],
		owner:      ints[r : r+c : r+c],
		seen:       ints[r+c : r+2*c : r+2*c],
		search:     1,
	}
	for i := range m.match {
		m.match[i] = -1
	}
	for i := range m.owner {
		m.owner[i] = -1
	}
	return m
}

// slotCandidates lists, for each slot, the crew who may fill it in the
// order they are tried, the lists of equal slots shared, in one array: a
// ship needs few different slots.
func slotCandidates(need []staffingSlot, crew []*Personnel, a *boardArrays) [][]int {
	out := a.intListList(len(need))[:len(need)]
	lists := a.intList(len(crew) * distinct(need))
	for i, slot := range need {
		if same := slices.Index(need[:i], slot); same >= 0 {
			out[i] = out[same]
			continue
		}
		start := len(lists)
		lists = appendCandidates(lists, slot, crew)
		out[i] = lists[start:len(lists):len(lists)]
	}
	return out
}

// staffingCandidates are the candidates of a ship's slots (slotCandidates)
// as its crew last stood, kept for the request: a turn's moves judge the
// staffing of a ship again and again with the same crew aboard, and a
// crew's names do not change within a request.
type staffingCandidates struct {
	ship       string
	need       []staffingSlot
	crew       []*Personnel
	candidates [][]int
}

// candidatesOf returns the candidates of need over crew for the ship of an
// id: those kept when the same slots were asked of the same crew, in the
// same order, before; else computed and kept. need is the caller's own
// (Ship.lines makes it), kept as it is; the crew is copied. The kept are
// a list read in turn: a request judges the staffing of a few ships.
func (c *compiled) candidatesOf(ship string, need []staffingSlot, crew []*Personnel) [][]int {
	i := slices.IndexFunc(c.staffing, func(k staffingCandidates) bool { return k.ship == ship })
	if i >= 0 && slices.Equal(c.staffing[i].need, need) && slices.Equal(c.staffing[i].crew, crew) {
		return c.staffing[i].candidates
	}
	cands := slotCandidates(need, crew, c.arrays)
	kept := staffingCandidates{ship: ship, need: need, crew: append(c.arrays.personnelPtrList(len(crew)), crew...), candidates: cands}
	if i >= 0 {
		c.staffing[i] = kept
	} else {
		c.staffing = append(c.staffing, kept)
	}
	return cands
}

// distinct counts the different slots of a staffing line.
func distinct(slots []staffingSlot) int {
	n := 0
	for i, slot := range slots {
		if !slices.Contains(slots[:i], slot) {
			n++
		}
	}
	return n
}

// appendCandidates appends the crew who may fill a slot, in the order they
// are tried: those who have the icon itself before those who stand in for
// it, so command is kept for the command icons.
func appendCandidates(out []int, slot staffingSlot, crew []*Personnel) []int {
	t := namesOf(crew)
	id := t.id(slot.key)
	var room [16]int
	standIns := room[:0]
	for c, p := range crew {
		switch {
		case !slot.filledBy(t, id, p):
		case slot.own(p):
			out = append(out, c)
		default:
			standIns = append(standIns, c)
		}
	}
	return append(out, standIns...)
}

// run finds a personnel for each requirement in turn, checking ctx between
// them. The personnel a search visited in vain stay visited for the next
// search until one succeeds: no path from them reaches a free personnel
// while the matching is unchanged, so searching them again would only fail
// again, and skipping them changes no assignment.
func (m *staffingMatch) run(ctx context.Context) error {
	for r := range m.need {
		if err := ctx.Err(); err != nil {
			return err
		}
		if m.augment(r) {
			m.search++ // forget every visit
		}
	}
	return nil
}

// augment is one step of bipartite matching: find a personnel for
// requirement r, moving others to their alternatives if need be. The
// recursion is as deep as the path, at most one level per requirement.
func (m *staffingMatch) augment(r int) bool {
	for _, c := range m.candidates[r] {
		m.steps++
		if m.seen[c] != m.search && m.owner[c] < 0 {
			m.seen[c] = m.search
			m.owner[c], m.match[r] = r, c
			return true
		}
	}
	for _, c := range m.candidates[r] {
		m.steps++
		if m.seen[c] == m.search {
			continue
		}
		m.seen[c] = m.search
		if m.owner[c] < 0 || m.augment(m.owner[c]) {
			m.owner[c] = r
			m.match[r] = c
			return true
		}
	}
	return false
}

// unreadIDs are the ids of the personnel the staffing set aside, each
// once (one may be set aside for its affiliation after giving an icon);
// nil when none was.
func unreadIDs(ps []*Personnel) []string {
	if len(ps) == 0 {
		return nil
	}
	out := make([]string, 0, len(ps))
	for _, p := range ps {
		if !slices.Contains(out, p.ID) {
			out = append(out, p.ID)
		}
	}
	return out
}

// explainStaffing writes the reasons and citations of a staffing decision.
func (j *judgement) explainStaffing(s *Ship, st StaffingOutcome) {
	if j.first() {
		j.cite("staff1.command", "staff1.aff", "staff1.compat", "staff1.one")
	} else {
		j.cite("staff.icons", "staff.command", "staff.affiliation")
	}
	if len(s.Staffing) == 0 {
		j.sayStrings("%s lists no staffing icons; one personnel of its affiliation can fly it.", s.Name())
	} else {
		var gives []string
		for _, p := range st.Crew {
			if icon, ok := st.covers(p); ok {
				g := fmt.Sprintf("%s gives %s", p.Name(), title(icon))
				if icon == "staff" && !hasIcon(p, "staff") {
					g += " (Command stands in for Staff)"
				}
				gives = append(gives, g)
			}
		}
		line := fmt.Sprintf("%s needs %s", s.Name(), slotList(s.lines()))
		if len(gives) > 0 {
			line += ": " + joinAnd(gives)
		}
		j.sayStrings("%s; each personnel gives one icon.", line)
		if len(st.Missing) > 0 {
			j.sayStrings("No other unstopped personnel aboard gives %s.", iconList(st.Missing))
			j.sayUnrecognisedIcons(st)
		}
	}
	j.sayUnread(s, st)
	j.sayUnplaced(st.Unplaced)
	if len(st.Stopped) > 0 {
		if j.first() && s.Stopped {
			j.sayStrings("%s cannot staff: %s is stopped, and your cards aboard your stopped ship are stopped too.", names(st.Stopped), s.Name())
			j.cite("stopped1.aboard", "stopped1")
		} else {
			j.sayStrings("%s cannot staff: stopped.", names(st.Stopped))
			j.cite(j.pick("stopped1", "staff.stopped"))
		}
	}
	if len(st.Incompatible) > 0 {
		j.sayStrings("%s cannot staff: not compatible with a %s ship.", names(st.Incompatible), s.Affiliation)
		j.cite("compat1")
	}
	if len(st.Affiliated) > 0 {
		j.sayStrings("%s is of the ship's affiliation (%s).", st.Affiliated[0].Name(), s.Affiliation)
	} else {
		j.sayStrings("No unstopped personnel of the ship's affiliation (%s) is aboard.", s.Affiliation)
	}
}

// sayUnread says which personnel aboard the staffing set aside, their
// statistics not given, and that the ship is staffed without them; it
// cites the staffing rule that let it.
func (j *judgement) sayUnread(s *Ship, st StaffingOutcome) {
	if len(st.Unread) == 0 {
		return
	}
	if st.Staffed {
		j.sayStrings("%s %s aboard %s without all that staffing reads given; the ship is staffed without them, whatever they give.", names(st.Unread), isAre(len(st.Unread)), s.Name())
	} else {
		// Staffing asks for what they lack where they could give what
		// the ship misses: here it misses it whatever they give.
		j.sayStrings("%s %s aboard %s without all that staffing reads given; the ship misses %s whatever they give.", names(st.Unread), isAre(len(st.Unread)), s.Name(), iconList(st.Missing))
	}
	if j.first() {
		j.cite("staff1.command", "staff1.aff")
	} else {
		j.cite("staff.icons", "staff.affiliation")
	}
}

func hasIcon(p *Personnel, icon string) bool {
	for _, i := range p.Icons {
		if i == icon {
			return true
		}
	}
	return false
}

func slotList(slots []staffingSlot) string {
	parts := make([]string, len(slots))
	for i, sl := range slots {
		parts[i] = title(sl.shown)
	}
	return strings.Join(parts, ", ")
}

func iconList(icons []string) string {
	parts := make([]string, len(icons))
	for i, ic := range icons {
		parts[i] = title(ic)
	}
	return strings.Join(parts, ", ")
}

// needAffiliation fails when the ship's affiliation is not known.
func needAffiliation(s *Ship) error {
	if s.Affiliation == "" {
		return needUnknown(s, statAffiliation)
	}
	return nil
}

func runShipStaffed(ctx context.Context, _ *Service, j *judgement, raw rules.Params) error {
	p, err := paramsAs[rules.ShipStaffedParams](raw)
	if err != nil {
		return err
	}
	s, err := j.ship(p.Ship, "params.ship")
	if err != nil {
		return err
	}
	if err := needAffiliation(s); err != nil {
		return err
	}
	st, err := Staffing(ctx, j.board, j.first(), s)
	if err != nil {
		return err
	}
	// Those aboard of whom a statistic the staffing reads is not known
	// (Unread) are set aside where the ship is staffed without them,
	// which they cannot undo (Staffing asks for it where they could): the
	// figures (who covers which icon, who is of the ship's affiliation)
	// are of the others, and name them as unknown.
	j.explainStaffing(s, st)
	j.allow(st.Staffed)
	j.result = &rules.ShipStaffedResult{Missing: st.Missing, Assignment: st.Assignment(), Affiliated: ids(st.Affiliated), Unknown: unreadIDs(st.Unread)}
	return nil
}
