package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/stccg/stccg-rules/internal/rules"
)

// AttemptGroup is who would attempt a mission: the unstopped personnel of the
// attempting player on the planet (or aboard the chosen ship, at a space
// mission), and those left out because they are stopped.
type AttemptGroup struct {
	Personnel []*Personnel
	Stopped   []*Personnel
	Ship      *Ship
}

// attemptGroup gathers the personnel who would attempt m: those on the
// planet for a planet (or 1E dual) mission, the crew of ship for a space one.
// With copies (2E), those on the planet of another copy of the mission are
// there too: "all of the cards at those copies are at the same mission".
func attemptGroup(b *Board, m *Mission, ship *Ship, copies bool) AttemptGroup {
	g := AttemptGroup{Ship: ship}
	var pool []*Personnel
	switch {
	case m.Type == "space":
		if ship != nil {
			pool = b.Aboard(ship.ID)
		}
	case copies:
		pool = b.personnelWhere(func(p *Personnel) bool { return p.Ship == "" && b.atMission(p.Mission, m, true) })
	default:
		pool = b.OnSurface(m.ID)
	}
	for _, p := range pool {
		switch {
		case p.Owner != You:
		case p.Stopped:
			g.Stopped = append(g.Stopped, p)
		default:
			g.Personnel = append(g.Personnel, p)
		}
	}
	return g
}

// atMission says whether a card at the mission with the id is at m: the
// same card, or with copies (2E) a copy of it another player played.
func (b *Board) atMission(id string, m *Mission, copies bool) bool {
	if id == m.ID {
		return true
	}
	if !copies || id == "" {
		return false
	}
	other := b.Mission(id)
	return other != nil && sameMission(other, m)
}

// copiesOf lists the other copies of m on the board, in board order.
func (b *Board) copiesOf(m *Mission) []*Mission {
	var out []*Mission
	for _, o := range b.Missions {
		if o != m && sameMission(o, m) {
			out = append(out, o)
		}
	}
	return out
}

// only narrows the group to the personnel listed, each of whom must be one
// of those who would attempt (unstopped, or stopped and left out); field
// names the list, for errors.
func (g AttemptGroup) only(listed []*Personnel, m *Mission, field string) (AttemptGroup, error) {
	out := AttemptGroup{Ship: g.Ship, Personnel: []*Personnel{}}
	for i, p := range listed {
		switch {
		case slices.Contains(g.Personnel, p):
			out.Personnel = append(out.Personnel, p)
		case slices.Contains(g.Stopped, p):
			out.Stopped = append(out.Stopped, p)
		default:
			where := "on its planet"
			if g.Ship != nil {
				where = "aboard " + g.Ship.Name()
			}
			return out, unprocessable(indexed(field, i), "%s is not one of your personnel %s, who attempt %s", p.Name(), where, m.Name())
		}
	}
	return out, nil
}

func matchingAffiliation(group []*Personnel, affiliations []string) *Personnel {
	for _, p := range group {
		if contains(affiliations, p.Affiliation) {
			return p
		}
	}
	return nil
}

// mayAttempt returns the first personnel of the group whose affiliation may
// attempt the mission: one of its affiliations, or any but those excepted.
func mayAttempt(group []*Personnel, m *Mission) *Personnel {
	if m.AnyMayAttempt {
		for _, p := range group {
			if p.Affiliation != "" && !contains(m.AttemptExcept, p.Affiliation) {
				return p
			}
		}
		return nil
	}
	return matchingAffiliation(group, m.Affiliations)
}

// attemptedBy says in words who may attempt a mission.
func attemptedBy(m *Mission) string {
	if m.AnyMayAttempt {
		if len(m.AttemptExcept) == 0 {
			return "any affiliation"
		}
		return "any affiliation but " + joinAnd(m.AttemptExcept)
	}
	return joinAnd(m.Affiliations)
}

func needMissionType(m *Mission) error {
	if m.Type == "" {
		return unprocessable(fmt.Sprintf("board.missions[%d].type", m.Index), "the type of %s (planet, space ...) is not known", m.Name())
	}
	return nil
}

type attemptParams struct {
	Mission string `json:"mission"`
	Ship    string `json:"ship"`
}

// chooseShip resolves the ship a space (or 1E dual) mission is attempted
// from: the one named, else the attempting player's only ship there (2E:
// at the mission or a copy of it).
func (j *judgement) chooseShip(m *Mission, id, field string) (*Ship, error) {
	if id != "" {
		return j.ship(id, field)
	}
	var mine []*Ship
	for _, s := range j.board.Ships {
		if s.Owner == You && j.board.atMission(s.Mission, m, !j.first()) {
			mine = append(mine, s)
		}
	}
	if len(mine) == 1 {
		return mine[0], nil
	}
	return nil, unprocessable(field, "%s is attempted from a ship: name it in %s", m.Name(), field)
}

// An attemptStart is the beginning of a mission attempt as beginAttempt
// judged it: who attempts, from which ship, and whether the attempt may
// begin.
type attemptStart struct {
	Mission *Mission
	Ship    *Ship
	Group   AttemptGroup
	Allowed bool
	// Copies are the other copies of the mission whose cards are at it (2E).
	Copies []*Mission
}

// beginAttempt judges whether an attempt at m may begin, from the ship
// named (a space or dual mission), writing the reasons and the rules that
// decided into the judgement: a headquarters, a completed mission, an
// opponent's mission (2E), a mission with no affiliation icons, a ship not
// there or stopped, nobody to attempt, no matching affiliation. The group
// is those who would attempt, or when listed is not nil those of them it
// lists (listedField names the list, for errors). It fails only on what
// cannot be judged: a mission type or affiliations not known, a ship not
// named where one is needed, a listed personnel who could not attempt.
func (j *judgement) beginAttempt(m *Mission, shipID, shipField string, listed []*Personnel, listedField string) (attemptStart, error) {
	start := attemptStart{Mission: m, Allowed: true}
	if err := needMissionType(m); err != nil {
		return start, err
	}
	refuse := func(key ruleKey, format string, args ...any) {
		start.Allowed = false
		j.say(format, args...)
		j.cite(key)
	}
	if m.Type == "headquarters" {
		refuse("attempt.hq", "%s is a headquarters mission; headquarters missions cannot be attempted.", m.Name())
		return start, nil
	}
	copies := !j.first()
	if copies {
		start.Copies = j.board.copiesOf(m)
	}
	if m.Type == "space" || m.Type == "dual" {
		ship, err := j.chooseShip(m, shipID, shipField)
		if err != nil {
			return start, err
		}
		start.Ship = ship
	}
	none := len(m.Affiliations) == 0 && !m.AnyMayAttempt
	if none && !m.affiliationsKnown {
		return start, unprocessable(fmt.Sprintf("board.missions[%d].affiliations", m.Index), "the affiliations that may attempt %s are not known", m.Name())
	}
	if m.Completed {
		refuse(j.pick("attempt1.done", "attempt.again"), "%s is completed; it cannot be attempted again.", m.Name())
	}
	if !j.first() && m.Owner != You {
		refuse("attempt.own", "%s is an opponent's mission; you may attempt only your own missions.", m.Name())
	}
	if len(start.Copies) > 0 {
		j.say("%s: %s, another copy of the same mission, is at it too, so the cards at either copy are at the same mission.", m.Name(), names(start.Copies))
		j.cite("mission.copies")
	}
	if ship := start.Ship; ship != nil {
		switch {
		case !j.board.atMission(ship.Mission, m, copies):
			refuse(j.pick("attempt1.space", "attempt.space"), "%s is not at %s.", ship.Name(), m.Name())
		case ship.Owner != You:
			refuse(j.pick("attempt1.space", "attempt.space"), "%s is an opponent's ship.", ship.Name())
		case ship.Stopped:
			refuse(j.pick("stopped1", "attempt.space"), "%s is stopped: a space mission is attempted from one of your unstopped ships.", ship.Name())
		}
	}
	g := attemptGroup(j.board, m, start.Ship, copies)
	if listed != nil {
		var err error
		if g, err = g.only(listed, m, listedField); err != nil {
			return start, err
		}
	}
	start.Group = g
	switch {
	case j.first() && m.Type == "space":
		j.cite("attempt1.space")
		j.say("A space mission is attempted by the crew of one ship: %s aboard %s.", names(g.Personnel), start.Ship.Name())
	case j.first() && m.Type == "dual":
		j.cite("attempt1.dual")
		j.say("A dual mission needs a ship with crew in orbit (%s) and an Away Team on the planet: %s.", start.Ship.Name(), names(g.Personnel))
		if len(attemptGroup(j.board, &Mission{ID: m.ID, Type: "space"}, start.Ship, false).Personnel) == 0 {
			refuse("attempt1.dual", "%s has no unstopped crew in orbit.", start.Ship.Name())
		}
	case j.first():
		j.cite("attempt1.planet")
		j.say("A planet mission is attempted by the Away Team on the planet: %s.", names(g.Personnel))
	case m.Type == "space":
		j.cite("attempt.space")
		j.say("A space mission is attempted by your unstopped personnel aboard one ship: %s aboard %s.", names(g.Personnel), start.Ship.Name())
	default:
		j.cite("attempt.planet")
		j.say("A planet mission is attempted by all your unstopped personnel on the planet: %s.", names(g.Personnel))
	}
	if len(g.Stopped) > 0 {
		j.say("%s %s stopped and cannot take part.", names(g.Stopped), isAre(len(g.Stopped)))
		j.cite(j.pick("stopped1", "attempt.planet"))
	}
	switch {
	case len(g.Personnel) == 0:
		key := j.pick("attempt1.planet", "attempt.planet")
		if m.Type == "space" {
			key = j.pick("attempt1.space", "attempt.space")
		}
		refuse(key, "No unstopped personnel of yours is there to attempt %s.", m.Name())
	case none:
		refuse(j.pick("attempt1.none", "attempt.aff"), "%s has no affiliation icons, so no affiliation may attempt it.", m.Name())
	default:
		if match := mayAttempt(g.Personnel, m); match == nil {
			refuse(j.pick("attempt1.aff", "attempt.aff"), "None of them is of an affiliation that may attempt %s (%s).", m.Name(), attemptedBy(m))
		} else {
			j.say("%s (%s) matches an affiliation of %s.", match.Name(), match.Affiliation, m.Name())
			j.cite(j.pick("attempt1.aff", "attempt.aff"))
		}
	}
	if j.first() && m.Type == "space" && start.Ship != nil && len(g.Personnel) > 0 {
		if matchingAffiliation(g.Personnel, []string{start.Ship.Affiliation}) == nil {
			refuse("attempt1.ship", "No crew member aboard %s is of its affiliation (%s).", start.Ship.Name(), start.Ship.Affiliation)
		}
	}
	return start, nil
}

func runMissionAttempt(_ context.Context, _ *Service, j *judgement, raw json.RawMessage) error {
	var p attemptParams
	if err := decodeParams(raw, &p); err != nil {
		return err
	}
	m, err := j.mission(p.Mission, "params.mission")
	if err != nil {
		return err
	}
	start, err := j.beginAttempt(m, p.Ship, "params.ship", nil, "")
	if err != nil {
		return err
	}
	j.allow(start.Allowed)
	if m.Type == "headquarters" {
		j.set("personnel", []string{})
		j.set("dilemmasDrawn", nil)
		j.set("dilemmaBudget", nil)
		return nil
	}
	g := start.Group
	j.set("personnel", ids(g.Personnel))
	if j.first() {
		// 1E dilemmas are seeded under the mission, not drawn: the
		// attempt encounters whatever is there, with no budget.
		j.set("dilemmasDrawn", nil)
		j.set("dilemmaBudget", nil)
		return nil
	}
	drawn := j.explainBudget(len(g.Personnel), m.OvercomeDilemmas)
	j.set("dilemmasDrawn", drawn)
	j.set("dilemmaBudget", drawn)
	return nil
}

// explainBudget says how many dilemmas a 2E attempt draws, and the total
// cost the opponent may spend: the personnel attempting, less the
// dilemmas already overcome beneath the mission.
func (j *judgement) explainBudget(attempting, overcome int) int {
	drawn := max(attempting-overcome, 0)
	if overcome > 0 {
		j.say("%s attempting, less %s already overcome there: your opponent draws %d dilemmas and may spend a total cost of %d.",
			plural(attempting, "personnel", "personnel"), plural(overcome, "dilemma", "dilemmas"), drawn, drawn)
		j.cite("dilemmas.overcome")
	} else {
		j.say("%s attempting: your opponent draws %d dilemmas and may spend a total cost of %d.", plural(attempting, "personnel", "personnel"), drawn, drawn)
	}
	j.cite("dilemmas.draw", "dilemmas.budget")
	return drawn
}

func (j *judgement) pick(first, second ruleKey) ruleKey {
	if j.first() {
		return first
	}
	return second
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// attributesUsed lists the attributes a requirement totals.
func attributesUsed(r Requirement) []string {
	switch r := r.(type) {
	case AttributeNeed:
		return []string{attributeName(r.Attribute)}
	case AllOf:
		var out []string
		for _, p := range r.Parts {
			out = append(out, attributesUsed(p)...)
		}
		return out
	case AnyOf:
		var out []string
		for _, p := range r.Alternatives {
			out = append(out, attributesUsed(p)...)
		}
		return out
	}
	return nil
}

func needAttributes(r Requirement, group []*Personnel) error {
	for _, a := range attributesUsed(r) {
		for _, p := range group {
			if err := needAttribute(p, a); err != nil {
				return err
			}
		}
	}
	return nil
}

// explainCheck writes the figures of a requirement check as reasons and
// result fields.
func (j *judgement) explainCheck(c RequirementCheck, group []*Personnel) {
	for _, s := range c.Skills {
		verdict := "met"
		if s.Have < s.Needed {
			verdict = "not met"
		}
		j.say("%s: needed %d, the personnel have %d between them (%s).", s.Name, s.Needed, s.Have, verdict)
	}
	for _, a := range c.Attributes {
		cmp := "greater than"
		if a.Total <= a.Threshold {
			cmp = "not greater than"
		}
		j.say("%s total %d is %s %d.", title(a.Name), a.Total, cmp, a.Threshold)
	}
	skills := c.Skills
	if skills == nil {
		skills = []SkillCheck{}
	}
	j.set("skills", skills)
	if len(c.Attributes) > 0 {
		j.set("attribute", c.Attributes[0])
	} else {
		j.set("attribute", nil)
	}
	attrs := c.Attributes
	if attrs == nil {
		attrs = []AttributeCheck{}
	}
	j.set("attributes", attrs)
	missing := c.Missing
	if missing == nil {
		missing = []string{}
	}
	j.set("missing", missing)
	j.set("personnel", ids(group))
}

type requirementsParams struct {
	Mission   string    `json:"mission"`
	Personnel *[]string `json:"personnel"`
	Ship      string    `json:"ship"`
}

func runMissionRequirements(_ context.Context, _ *Service, j *judgement, raw json.RawMessage) error {
	var p requirementsParams
	if err := decodeParams(raw, &p); err != nil {
		return err
	}
	m, err := j.mission(p.Mission, "params.mission")
	if err != nil {
		return err
	}
	if m.Requirements == "" {
		return unprocessable(m.requirementsField(), "the requirements of %s are not known", m.Name())
	}
	req, err := ParseRequirement(m.Requirements)
	if err != nil {
		return withField(err, m.requirementsField())
	}
	var group []*Personnel
	if p.Personnel != nil {
		listed, err := j.personnelList(*p.Personnel, "params.personnel")
		if err != nil {
			return err
		}
		var stopped []*Personnel
		for _, x := range listed {
			if x.Stopped {
				stopped = append(stopped, x)
				continue
			}
			group = append(group, x)
		}
		if len(stopped) > 0 {
			j.say("%s %s stopped and cannot help meet the requirements.", names(stopped), isAre(len(stopped)))
			j.cite(j.pick("req1.unstopped", "req.stopped"))
		}
	} else {
		if err := needMissionType(m); err != nil {
			return err
		}
		var ship *Ship
		if m.Type == "space" {
			if ship, err = j.chooseShip(m, p.Ship, "params.ship"); err != nil {
				return err
			}
		}
		group = attemptGroup(j.board, m, ship, !j.first()).Personnel
	}
	if err := needAttributes(req, group); err != nil {
		return err
	}
	j.say("%s requires %s; checked against %s.", m.Name(), req.String(), names(group))
	c := checkRequirement(j.vocab, req, group)
	j.explainCheck(c, group)
	met := c.Met
	if j.first() {
		j.cite("req1.skills", "req1.attribute", "req1.unstopped")
		if len(m.Affiliations) > 0 || m.AnyMayAttempt {
			// Completing a mission, not only attempting it, takes one
			// personnel of a matching affiliation.
			if match := mayAttempt(group, m); match == nil {
				met = false
				j.say("No one of them matches an affiliation of %s, which completing it needs.", m.Name())
			} else {
				j.say("%s (%s) matches an affiliation of %s, which completing it needs.", match.Name(), match.Affiliation, m.Name())
			}
			j.cite("attempt1.aff")
		} else if m.affiliationsKnown {
			met = false
			j.say("%s has no affiliation icons: it cannot be attempted, nor completed.", m.Name())
			j.cite("attempt1.none")
		}
	} else {
		j.cite("req.skills", "req.attribute", "req.total")
	}
	j.allow(met)
	if m.Points != nil {
		j.set("points", *m.Points)
	} else {
		j.set("points", nil)
	}
	return nil
}

type requirementCheckParams struct {
	Requirement string   `json:"requirement"`
	Personnel   []string `json:"personnel"`
}

func runRequirementCheck(_ context.Context, _ *Service, j *judgement, raw json.RawMessage) error {
	var p requirementCheckParams
	if err := decodeParams(raw, &p); err != nil {
		return err
	}
	if p.Requirement == "" {
		return unprocessable("params.requirement", "params.requirement is required: a printed requirement or dilemma condition")
	}
	req, err := ParseRequirement(p.Requirement)
	if err != nil {
		return withField(err, "params.requirement")
	}
	listed, err := j.personnelList(p.Personnel, "params.personnel")
	if err != nil {
		return err
	}
	// Stopped personnel cannot help meet a requirement in either edition.
	// 1E: only "unstopped" personnel meet mission requirements, and stopped
	// cards may not participate in a mission attempt (where dilemma
	// conditions are met). 2E: stopped personnel are removed from the
	// attempt and cannot help overcome dilemmas.
	var group, stopped []*Personnel
	for _, x := range listed {
		if x.Stopped {
			stopped = append(stopped, x)
		} else {
			group = append(group, x)
		}
	}
	if len(stopped) > 0 {
		j.say("%s %s stopped and cannot help meet the requirement; left out.", names(stopped), isAre(len(stopped)))
		if j.first() {
			j.cite("req1.unstopped", "stopped1")
		} else {
			j.cite("req.stopped")
		}
	}
	if j.first() {
		j.cite("req1.skills", "req1.attribute")
	} else {
		j.cite("req.levels", "req.skills", "req.attribute")
	}
	j.set("stopped", ids(stopped))
	if err := needAttributes(req, group); err != nil {
		return err
	}
	j.say("%s checked against %s.", req.String(), names(group))
	c := checkRequirement(j.vocab, req, group)
	j.explainCheck(c, group)
	j.allow(c.Met)
	return nil
}

// withField adds the field to an *rules.Error from the requirement grammar.
func withField(err error, field string) error {
	var re *rules.Error
	if errors.As(err, &re) {
		return re.WithDetail("field", field)
	}
	return err
}
