// Checking requirements: a requirement the grammar read (requirement.go)
// evaluated against a group of personnel, and the questions that ask it:
// mission.requirements (a mission's printed requirements, checked against
// those who would attempt it or those listed) and requirement.check (any
// requirement or dilemma condition, against the personnel listed).

package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

func runMissionRequirements(ctx context.Context, _ *Service, j *judgement, raw rules.Params) error {
	p, err := paramsAs[rules.MissionRequirementsParams](raw)
	if err != nil {
		return err
	}
	m, err := j.mission(p.Mission, "params.mission")
	if err != nil {
		return err
	}
	req, err := m.requirement(j.vocab)
	if err != nil {
		return err
	}
	var listed []*Personnel
	if p.Personnel != nil {
		if listed, err = j.personnelList(*p.Personnel, "params.personnel"); err != nil {
			return err
		}
	}
	rc, err := j.missionRequirements(ctx, m, req, p.Personnel != nil, listed, p.Ship)
	if err != nil {
		return err
	}
	j.explainMissionRequirements(m, rc)
	return nil
}

// A requirementsCheck is what the rules make of a requirement checked
// against personnel, before any word is said of it: who counts, who is
// left out for being stopped, the check, and (1E, a mission's
// requirements) the affiliation completing the mission needs.
type requirementsCheck struct {
	Requirement    Requirement
	Group, Stopped []*Personnel
	Check          RequirementCheck
	// AffiliationNeeded: the 1E mission names who may attempt it, and
	// Match is the first of the group who may (nil when none is);
	// NoIcons: it has no affiliation icons, so no one may.
	AffiliationNeeded bool
	Match             *Personnel
	NoIcons           bool
	Met               bool
	// Unsaid: the check is only compared, never said
	// (checkRequirementUnsaid).
	Unsaid bool
}

// missionRequirements checks m's requirements against the personnel
// listed (when listing), or those who would attempt it from the ship
// named; of those given no place, one whose presence turns whether they
// are met is asked for, the others set aside (unplaced.go). It fails,
// naming the field, when the mission's type, a ship where one is needed or
// an attribute the requirements total is not known.
func (j *judgement) missionRequirements(ctx context.Context, m *Mission, req Requirement, listing bool, listed []*Personnel, shipID string) (requirementsCheck, error) {
	var rc requirementsCheck
	if listing {
		rc = unstopped(j.board, listed)
	} else {
		if err := needMissionType(m); err != nil {
			return rc, err
		}
		var ship *Ship
		if m.Type == "space" {
			var err error
			if ship, err = j.chooseShip(m, shipID, "params.ship"); err != nil {
				return rc, err
			}
		}
		g := attemptGroup(j.board, m, ship, nil)
		err := settleUnplaced(ctx, j, g.Unplaced, func(extra []*Personnel) (bool, error) {
			with := requirementsCheck{Group: attemptGroup(j.board, m, ship, extra).Personnel, Unsaid: true}
			err := with.judge(j, m, req)
			return with.Met, err
		})
		if err != nil {
			return rc, err
		}
		rc.Group = g.Personnel
	}
	return rc, rc.judge(j, m, req)
}

// judge checks m's requirements against the group, and in 1E the
// affiliation completing the mission needs.
func (rc *requirementsCheck) judge(j *judgement, m *Mission, req Requirement) error {
	if err := rc.check(j.vocab, req, j.first()); err != nil {
		return err
	}
	if j.first() {
		// Completing a mission, not only attempting it, takes one
		// personnel of a matching affiliation.
		if len(m.Affiliations) > 0 || m.AnyMayAttempt {
			rc.AffiliationNeeded = true
			rc.Match = mayAttempt(rc.Group, m)
			if err := needMatch(rc.Match, rc.Group); err != nil {
				return err
			}
			rc.Met = rc.Met && rc.Match != nil
		} else if m.affiliationsKnown {
			rc.NoIcons, rc.Met = true, false
		}
	}
	return nil
}

// unstopped parts the personnel listed into those who count and those left
// out, stopped (themselves, or in 1E with their ship): stopped personnel
// cannot help meet a requirement in either edition.
func unstopped(b *Board, listed []*Personnel) requirementsCheck {
	var rc requirementsCheck
	for _, x := range listed {
		if b.stoppedNow(x) {
			rc.Stopped = append(rc.Stopped, x)
		} else {
			rc.Group = append(rc.Group, x)
		}
	}
	return rc
}

// check checks req against the group. It fails when an attribute req
// totals is not known of one of them.
func (rc *requirementsCheck) check(v *Vocabulary, req Requirement, first bool) error {
	rc.Requirement = req
	if rc.Unsaid {
		rc.Check = checkRequirementUnsaid(v, req, rc.Group)
	} else {
		rc.Check = checkRequirement(v, req, rc.Group)
	}
	rc.Met = rc.Check.Met
	return needUnmet(v, req, rc.Check, rc.Group, first)
}

// needUnmet fails when a requirement checked is not met and a statistic
// it reads of the group is not known: what is not known could meet it.
// One met is met whatever the unknown statistics hold (more skills, a
// species or a higher total never unmeet a requirement): its figures
// count what is known and name who is not (SkillCheck.Unknown).
func needUnmet(v *Vocabulary, req Requirement, c RequirementCheck, group []*Personnel, first bool) error {
	if c.Met {
		return nil
	}
	if err := needRequirement(v, req, group); err != nil {
		return err
	}
	return needUnmetNames(v, c, group, first)
}

// needUnmetNames fails when the requirement is not met for want of a name
// a personnel's unknown statistics could hold:
//   - a name the vocabulary does not know is read among every name a
//     personnel answers to (its skills, title, species and characteristics),
//     so "V.I.P." of a personnel known only from a card list is not known to
//     be missing while its characteristics or species are not given;
//   - in 1E, a skill that is also a classification (SECURITY, OFFICER, ...)
//     is met by the classification as well as by the skill, and a
//     personnel's classification is among its characteristics, so an unmet
//     SECURITY is not known to be missing while a personnel's
//     characteristics are not given (first says the board is 1E).
//
// The answer is then not "not met" but the question of what is missing.
func needUnmetNames(v *Vocabulary, c RequirementCheck, group []*Personnel, first bool) error {
	if c.Met {
		return nil
	}
	var needs stat
	unmet := func(skills []rules.SkillCheck) {
		for _, s := range skills {
			if s.Have >= s.Needed {
				continue
			}
			switch key := skillKey(s.Name); v.requirementKind(key) {
			case featureUnknown:
				needs |= statCharacteristics | statSpecies
			case featureSkill:
				if first && v.characteristics[key] {
					needs |= statCharacteristics
				}
			}
		}
	}
	unmet(c.Skills)
	for _, a := range c.Alternatives {
		unmet(a.Skills)
	}
	if needs == 0 {
		return nil
	}
	for _, p := range group {
		if err := p.need(needs); err != nil {
			return err
		}
	}
	return nil
}

// explainMissionRequirements writes the verdict of a mission's
// requirements checked: who was left out, the figures, the affiliation
// completing it needs (1E), and its points.
func (j *judgement) explainMissionRequirements(m *Mission, rc requirementsCheck) {
	if len(rc.Stopped) > 0 {
		j.sayStrings("%s %s stopped and cannot help meet the requirements.", names(rc.Stopped), isAre(len(rc.Stopped)))
		j.cite(j.pick("req1.unstopped", "req.stopped"))
	}
	if len(rc.Group) == 0 {
		j.sayArgs("%s requires %s; no personnel are there to check it against.", text(m.Name()), requirement(rc.Requirement))
	} else {
		j.sayArgs("%s requires %s; checked against %s.", text(m.Name()), requirement(rc.Requirement), text(names(rc.Group)))
	}
	j.result = &rules.MissionRequirementsResult{Personnel: ids(rc.Group), RequirementFigures: j.explainCheck(&rc.Check, false), Points: copyOf(m.Points)}
	if j.first() {
		j.citeRequirement(rc.Requirement, false)
		j.cite("req1.unstopped")
		switch {
		case rc.AffiliationNeeded && rc.Match == nil:
			j.sayStrings("No one of them matches an affiliation of %s, which completing it needs.", m.Name())
			j.cite("attempt1.aff")
		case rc.AffiliationNeeded:
			j.sayStrings("%s (%s) matches an affiliation of %s, which completing it needs.", rc.Match.Name(), rc.Match.Affiliation, m.Name())
			j.cite("attempt1.aff")
		case rc.NoIcons:
			j.sayStrings("%s has no affiliation icons: it cannot be attempted, nor completed.", m.Name())
			j.cite("attempt1.none")
		}
	} else {
		j.citeRequirement(rc.Requirement, false)
	}
	j.allow(rc.Met)
}

// requirementParam is requirement.check's field.
func requirementParam() string { return "params.requirement" }

func runRequirementCheck(_ context.Context, _ *Service, j *judgement, raw rules.Params) error {
	p, err := paramsAs[rules.RequirementCheckParams](raw)
	if err != nil {
		return err
	}
	if p.Requirement == "" {
		return unprocessable("params.requirement", "params.requirement is required: a printed requirement or dilemma condition")
	}
	req, err := j.vocab.parseRequirement(p.Requirement)
	if err != nil {
		return withField(err, "params.requirement")
	}
	var forms wordNotes
	if req, err = j.vocab.checkNeeds(&forms, requirementParam, req, j.board); err != nil {
		return err
	}
	for _, said := range forms.formsSaid() {
		j.sayStrings("%s", said)
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
	rc := unstopped(j.board, listed)
	if err := rc.check(j.vocab, req, j.first()); err != nil {
		return err
	}
	j.explainRequirementCheck(rc)
	return nil
}

// explainRequirementCheck writes the verdict of a requirement checked
// against the personnel listed: who was left out, and the figures.
func (j *judgement) explainRequirementCheck(rc requirementsCheck) {
	if len(rc.Stopped) > 0 {
		j.sayStrings("%s %s stopped and cannot help meet the requirement; left out.", names(rc.Stopped), isAre(len(rc.Stopped)))
		if j.first() {
			j.cite("req1.unstopped", "stopped1")
		} else {
			j.cite("req.stopped")
		}
	}
	j.citeRequirement(rc.Requirement, true)
	if len(rc.Group) == 0 {
		j.sayArgs("%s: no personnel to check it against.", requirement(rc.Requirement))
	} else {
		j.sayArgs("%s checked against %s.", requirement(rc.Requirement), text(names(rc.Group)))
	}
	j.result = &rules.RequirementCheckResult{Personnel: ids(rc.Group), Stopped: ids(rc.Stopped), RequirementFigures: j.explainCheck(&rc.Check, false)}
	j.allow(rc.Met)
}

// requirement reads the mission's printed requirements, through the
// vocabulary's memo of those read. It fails, naming the field they were
// read from, when they are not known or cannot be read.
func (m *Mission) requirement(v *Vocabulary) (Requirement, error) {
	if m.Requirements == "" {
		return nil, needUnknown(m, statRequirements)
	}
	if m.readRequirements != nil {
		return m.readRequirements, nil
	}
	req, err := v.parseRequirement(m.Requirements)
	if err != nil {
		return nil, withField(err, m.requirementsField())
	}
	return req, nil
}

// withField adds the field to an *rules.Error from the requirement grammar.
func withField(err error, field string) error {
	var re *rules.Error
	if errors.As(err, &re) {
		return re.WithDetail("field", field)
	}
	return err
}

// explainCheck writes the figures of a requirement check as reasons and
// returns them for the result: the skills and attributes needed and what
// those counted have (remaining: those remaining in an attempt, else the
// personnel). A nil check gives empty figures, when no check was made.
func (j *judgement) explainCheck(c *RequirementCheck, remaining bool) rules.RequirementFigures {
	if c == nil {
		c = &RequirementCheck{}
	}
	for _, s := range c.Skills {
		verdict := "met"
		if s.Have < s.Needed {
			verdict = "not met"
		}
		who := "the personnel have"
		if remaining {
			who = "those remaining have"
		}
		if len(s.Unknown) > 0 {
			j.sayArgs("%s: needed %d, %s at least %d between them (%s), not counting what is not known of %s.", text(s.Name), number(s.Needed), text(who), number(s.Have), text(verdict), text(j.personnelNamed(s.Unknown)))
		} else {
			j.sayArgs("%s: needed %d, %s %d between them (%s).", text(s.Name), number(s.Needed), text(who), number(s.Have), text(verdict))
		}
	}
	for _, a := range c.Attributes {
		cmp := "greater than"
		switch {
		case a.Total > a.Threshold:
		case len(a.Unknown) > 0:
			cmp = "not known to be greater than"
		default:
			cmp = "not greater than"
		}
		if len(a.Unknown) > 0 {
			j.sayArgs("%s total at least %d is %s %d, not counting the %s of %s, not known.", text(title(a.Name)), number(a.Total), text(cmp), number(a.Threshold), text(title(a.Name)), text(j.personnelNamed(a.Unknown)))
		} else {
			j.sayArgs("%s total %d is %s %d.", text(title(a.Name)), number(a.Total), text(cmp), number(a.Threshold))
		}
	}
	skills, attrs, missing := orEmpty(c.Skills), orEmpty(c.Attributes), orEmpty(c.Missing)
	f := rules.RequirementFigures{Skills: skills, Attributes: attrs, Missing: missing}
	if len(attrs) > 0 {
		f.Attribute = ptr(attrs[0])
	}
	if c.Alternatives == nil {
		j.sayUnrecognisedNeeds(c)
		return f
	}
	defer j.sayUnrecognisedNeeds(c)
	// An "or": say what each alternative has and lacks. attribute is the
	// deciding alternative's, else the first an alternative totals.
	for i, a := range c.Alternatives {
		if a.Met {
			j.say("Alternative %d, %s: met.", i+1, a.Requirement)
		} else {
			j.say("Alternative %d, %s: not met, lacking %s.", i+1, a.Requirement, strings.Join(a.Missing, ", "))
		}
		if len(attrs) == 0 && len(a.Attributes) > 0 {
			attrs = a.Attributes
			f.Attribute = ptr(attrs[0])
		}
	}
	f.Alternatives = c.Alternatives
	return f
}

// personnelNamed names the personnel of the ids, in the order given.
func (j *judgement) personnelNamed(ids []string) string {
	ps := make([]*Personnel, 0, len(ids))
	for _, id := range ids {
		if p := j.board.PersonnelByID(id); p != nil {
			ps = append(ps, p)
		}
	}
	return names(ps)
}

// citeRequirement cites the rules of checking a requirement that it uses:
// the skills rules when it names a skill (2E, with levels: personnel
// grouped together to give them), the attribute rules when it totals an
// attribute; and for a mission (not levels) the 2E sentence that meeting
// both completes it.
func (j *judgement) citeRequirement(r Requirement, levels bool) {
	skills, attrs := namesSkill(r), totalsAttribute(r)
	if j.first() {
		if skills {
			j.cite("req1.skills")
		}
		if attrs {
			j.cite("req1.attribute")
		}
		return
	}
	if skills && levels {
		j.cite("req.levels")
	}
	if skills {
		j.cite("req.skills")
	}
	if attrs || !levels {
		j.cite("req.attribute")
	}
	if attrs {
		j.cite("req.total")
	}
}

// namesSkill says whether a requirement names a skill (or a species,
// characteristic or personnel) anywhere.
func namesSkill(r Requirement) bool {
	switch r := r.(type) {
	case SkillNeed:
		return true
	case AllOf:
		for _, p := range r.Parts {
			if namesSkill(p) {
				return true
			}
		}
	case AnyOf:
		for _, p := range r.Alternatives {
			if namesSkill(p) {
				return true
			}
		}
	}
	return false
}

// totalsAttribute says whether a requirement totals an attribute.
func totalsAttribute(r Requirement) bool {
	switch r := r.(type) {
	case AttributeNeed:
		return true
	case AllOf:
		return slices.ContainsFunc(r.Parts, totalsAttribute)
	case AnyOf:
		return slices.ContainsFunc(r.Alternatives, totalsAttribute)
	}
	return false
}

// needRequirement fails when a statistic the requirement reads is not
// known of one of the group: the attributes it totals, and for each name it
// asks for what the name is in the vocabulary (a skill, a species, a
// characteristic; a name the vocabulary does not know is read among the
// skills, as most such names are).
func needRequirement(v *Vocabulary, r Requirement, group []*Personnel) error {
	needs := requirementNeeds(v, r)
	if needs == 0 {
		return nil
	}
	for _, p := range group {
		if err := p.need(needs); err != nil {
			return err
		}
	}
	return nil
}

// requirementNeeds are the statistics of each personnel a requirement
// reads.
func requirementNeeds(v *Vocabulary, r Requirement) stat {
	switch r := r.(type) {
	case AllOf:
		var s stat
		for _, p := range r.Parts {
			s |= requirementNeeds(v, p)
		}
		return s
	case AnyOf:
		var s stat
		for _, p := range r.Alternatives {
			s |= requirementNeeds(v, p)
		}
		return s
	case AttributeNeed:
		switch attributeName(r.Attribute) {
		case "integrity":
			return statIntegrity
		case "cunning":
			return statCunning
		case "strength":
			return statStrength
		}
	case SkillNeed:
		switch v.requirementKind(v.key(r.Name)) {
		case featureSpecies:
			return statSpecies
		case featureCharacteristic:
			return statCharacteristics
		}
		return statSkills
	}
	return 0
}

// RequirementCheck says whether a group of personnel meets a requirement,
// with the figures of the alternative that decided. Missing names what is
// not met; an unmet "or" is one item naming what each alternative lacks.
type RequirementCheck struct {
	Met        bool
	Skills     []rules.SkillCheck
	Attributes []rules.AttributeCheck
	Missing    []string
	// Alternatives are the checks of each alternative of a requirement
	// that is an "or" as a whole (Excavation's), in printed order; nil
	// for any other requirement.
	Alternatives []rules.AlternativeCheck
}

// CheckRequirement evaluates r against a group of personnel, with no
// vocabulary: each name is met by whatever a personnel has by that name.
// Skill levels are summed across the personnel (one personnel may give
// several skills); an attribute total must be strictly greater than its
// threshold.
func CheckRequirement(r Requirement, group []*Personnel) RequirementCheck {
	return checkRequirement(&Vocabulary{}, r, group)
}

// checkRequirement evaluates r against a group, reading each name by the
// vocabulary: a skill's levels are summed, a species or characteristic
// counts each personnel of it once.
func checkRequirement(v *Vocabulary, r Requirement, group []*Personnel) RequirementCheck {
	return requirementChecker{vocab: v, group: group, names: namesOf(group)}.checkWhole(r)
}

// checkRequirementUnsaid is checkRequirement without its words, for an
// answer only compared with another (unplaced.go), never returned: what is
// met and the figures are the same, Missing holds an empty item where
// checkRequirement says what is missing (as many, so that the alternative
// an unmet "or" keeps is the same), and an alternative's requirement is not
// written. Writing those words for every answer compared cost a 1E
// mission.resolve with 249 personnel given no place a seventh of its CPU
// and a sixth of the bytes it allocated.
func checkRequirementUnsaid(v *Vocabulary, r Requirement, group []*Personnel) RequirementCheck {
	return requirementChecker{vocab: v, group: group, names: namesOf(group), unsaid: true}.checkWhole(r)
}

// checkWhole checks r as a whole: an "or" as a whole reports each of its
// alternatives.
func (rc requirementChecker) checkWhole(r Requirement) RequirementCheck {
	any, ok := r.(AnyOf)
	if !ok {
		return rc.check(r)
	}
	// An "or" as a whole: every alternative is checked and reported, the
	// figures of the one that decided kept as the requirement's.
	out := rc.check(r)
	out.Alternatives = make([]rules.AlternativeCheck, len(any.Alternatives))
	for i, a := range any.Alternatives {
		c := rc.check(a)
		out.Alternatives[i] = rules.AlternativeCheck{Met: c.Met,
			Skills: orEmpty(c.Skills), Attributes: orEmpty(c.Attributes), Missing: orEmpty(c.Missing)}
		if !rc.unsaid {
			out.Alternatives[i].Requirement = a.String()
		}
	}
	return out
}

// orEmpty is a list, empty rather than nil, for a result field.
func orEmpty[T any](xs []T) []T {
	if xs == nil {
		return []T{}
	}
	return xs
}

// A requirementChecker evaluates the parts of one requirement against one
// group of personnel.
type requirementChecker struct {
	vocab *Vocabulary
	group []*Personnel
	names *nameTable // the group's names, numbered (namesOf)
	// unsaid: what is missing is left unwritten (checkRequirementUnsaid).
	unsaid bool
}

// skill checks one skill a requirement asks for: met, and what is
// missing ("" when met).
func (rc requirementChecker) skill(r SkillNeed) (rules.SkillCheck, bool, string) {
	k := rc.vocab.key(r.Name)
	f := feature{kind: rc.vocab.requirementKind(k), key: k}
	id := rc.names.id(k)
	have := 0
	for _, p := range rc.group {
		have += f.levelIn(rc.names, id, p)
	}
	sc := rules.SkillCheck{Name: r.Name, Needed: r.Level, Have: have, Kind: f.kind.String()}
	if !rc.unsaid {
		sc.Unknown = rc.unknownOf(requirementNeeds(rc.vocab, r))
	}
	if have >= r.Level {
		return sc, true, ""
	}
	if rc.unsaid {
		return sc, false, ""
	}
	return sc, false, fmt.Sprintf("%s (have %d)", r.String(), have)
}

// unknownOf are the ids of the group of whom a statistic of s is not
// known, who count for none of it: nil when every one is known. A check
// is answered with them only where it is met without them (check).
func (rc requirementChecker) unknownOf(s stat) []string {
	var out []string
	for _, p := range rc.group {
		if p.unknown.has(s) {
			out = append(out, p.ID)
		}
	}
	return out
}

// attribute checks one attribute's total a requirement asks for: met, and
// what is missing ("" when met).
func (rc requirementChecker) attribute(r AttributeNeed) (rules.AttributeCheck, bool, string) {
	a := attributeName(r.Attribute)
	total := 0
	for _, p := range rc.group {
		total += p.attribute(a)
	}
	ac := rules.AttributeCheck{Name: a, Total: total, Threshold: r.Threshold}
	if !rc.unsaid {
		ac.Unknown = rc.unknownOf(requirementNeeds(rc.vocab, r))
	}
	if total > r.Threshold {
		return ac, true, ""
	}
	if rc.unsaid {
		return ac, false, ""
	}
	return ac, false, fmt.Sprintf("%s (total %d)", r.String(), total)
}

func (rc requirementChecker) check(r Requirement) RequirementCheck {
	switch r := r.(type) {
	case SkillNeed:
		sc, met, missing := rc.skill(r)
		c := RequirementCheck{Met: met, Skills: []rules.SkillCheck{sc}}
		if !met {
			c.Missing = []string{missing}
		}
		return c
	case AttributeNeed:
		ac, met, missing := rc.attribute(r)
		c := RequirementCheck{Met: met, Attributes: []rules.AttributeCheck{ac}}
		if !met {
			c.Missing = []string{missing}
		}
		return c
	case AllOf:
		// The same skill named twice in one list asks for the levels together.
		var room [8]Requirement
		merged := room[:0]
		index := map[string]int{}
		for _, p := range r.Parts {
			if s, ok := p.(SkillNeed); ok {
				k := rc.vocab.key(s.Name)
				if i, seen := index[k]; seen {
					prev := merged[i].(SkillNeed)
					prev.Level += s.Level
					merged[i] = prev
					continue
				}
				index[k] = len(merged)
			}
			merged = append(merged, p)
		}
		// The list's own skills and attributes are checked in place, each
		// list made once at its length: a list in it (an "or") adds its
		// own after.
		out := RequirementCheck{Met: true}
		skills, attributes := 0, 0
		for _, p := range merged {
			switch p.(type) {
			case SkillNeed:
				skills++
			case AttributeNeed:
				attributes++
			}
		}
		if skills > 0 {
			out.Skills = make([]rules.SkillCheck, 0, skills)
		}
		if attributes > 0 {
			out.Attributes = make([]rules.AttributeCheck, 0, attributes)
		}
		for _, p := range merged {
			switch p := p.(type) {
			case SkillNeed:
				sc, met, missing := rc.skill(p)
				out.Met = out.Met && met
				out.Skills = append(out.Skills, sc)
				if !met {
					out.Missing = append(out.Missing, missing)
				}
			case AttributeNeed:
				ac, met, missing := rc.attribute(p)
				out.Met = out.Met && met
				out.Attributes = append(out.Attributes, ac)
				if !met {
					out.Missing = append(out.Missing, missing)
				}
			default:
				c := rc.check(p)
				out.Met = out.Met && c.Met
				out.Skills = append(out.Skills, c.Skills...)
				out.Attributes = append(out.Attributes, c.Attributes...)
				out.Missing = append(out.Missing, c.Missing...)
			}
		}
		return out
	case AnyOf:
		// Met by the first alternative met; unmet, the figures are those of
		// the alternative closest to being met, and what is missing names
		// every alternative.
		var best RequirementCheck
		var lacks []string
		if !rc.unsaid {
			lacks = make([]string, 0, len(r.Alternatives))
		}
		for i, a := range r.Alternatives {
			c := rc.check(a)
			if c.Met {
				return c
			}
			if i == 0 || len(c.Missing) < len(best.Missing) {
				best = c
			}
			if rc.unsaid {
				continue
			}
			lack := strings.Join(c.Missing, ", ")
			if len(c.Missing) > 1 {
				lack = "(" + lack + ")"
			}
			lacks = append(lacks, lack)
		}
		best.Missing = []string{strings.Join(lacks, " or ")}
		return best
	}
	return RequirementCheck{}
}

// attribute is a personnel's Integrity, Cunning or Strength, by its folded
// name.
func (p *Personnel) attribute(name string) int {
	switch name {
	case "integrity":
		return p.Integrity
	case "cunning":
		return p.Cunning
	case "strength":
		return p.Strength
	}
	return 0
}
