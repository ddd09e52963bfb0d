// Rules of a governing document. A request may be judged under a document
// that a later document of its edition governs: the 1E rulebook, which the
// 1E Current Rulings amend (and a 1E request names no document, it is
// judged under the rulebook), or the 2E Premiere and Call to Arms
// rulebooks, which the newest 2E rulebook replaces. Where the engine
// applies a rule of the governing document that words the question
// otherwise, and that rule bears on the board judged, the verdict says so:
// it names the governing document and its rule, cites the rule, judges the
// question under the governing document too and says whether the answer
// changes there (Verdict.GovernedBy, Verdict.GoverningDiffers). The
// second judgement is made only when such a rule bears on the board.
//
// Every rule the engine words differently from one document of an edition
// to another is a line of governingRules, with what on the board it reads:
// a new one is registered there (TestEveryGoverningRuleIsRegistered walks
// the engine's branches on the documents' wording).

package engine

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A governingRule is a rule of a governing document that the engine
// applies, and the documents it governs word otherwise.
type governingRule struct {
	// key is the rule, cited from the governing document.
	key ruleKey
	// about says what the rule decides, as a reason names it.
	about string
	// differs says whether the governing document gov words the rule
	// otherwise than under, a document it governs.
	differs func(s *Service, gov, under *rules.Document) bool
	// bears says whether the rule bears on the question judged under the
	// governed document: what of the board it reads.
	bears func(c governedCheck) bool
}

// A governedCheck is what a rule's trigger reads: the judgement under the
// governed document, its verdict and its question.
type governedCheck struct {
	s *Service
	j *judgement
	v *rules.Verdict
	q question
}

// cites says whether the verdict under the governed document applied the
// rule k: the judgement applied it, or a verdict it is made of (a turn's
// step) cites the governed document's sentence of it.
func (c governedCheck) cites(k ruleKey) bool {
	if slices.Contains(c.j.applied, k) {
		return true
	}
	held, ok := c.s.citations.byDoc[c.j.doc.ID][k]
	if !ok {
		return false
	}
	return cited(c.v.Citations, held)
}

// governingRules are the rules of a governing document the engine applies,
// each with its trigger.
func governingRules() []governingRule {
	out := make([]governingRule, 0, len(speciesRulings)+5)
	for _, r := range speciesRulings {
		out = append(out, governingRule{
			key:   r.rule,
			about: "personnel of the species " + speciesName(r.species) + " being " + speciesName(r.also) + " as well",
			differs: func(s *Service, gov, under *rules.Document) bool {
				return s.holds(gov, r.rule) && !s.holds(under, r.rule)
			},
			bears: func(c governedCheck) bool {
				if c.q.reads&speciesWords == 0 {
					return false
				}
				for _, p := range c.j.board.Personnel {
					if mayHoldSpecies(p.Species, r.species) && hasSpecies(p.Species, r.species) {
						return true
					}
				}
				return false
			},
		})
	}
	newest := func(v ...variant) func(*Service, *rules.Document, *rules.Document) bool {
		return func(_ *Service, gov, under *rules.Document) bool {
			return variantOf(*gov) == continuingCommittee && slices.Contains(v, variantOf(*under))
		}
	}
	out = append(out,
		// Premiere and Call to Arms: the opponent cannot choose a second
		// copy of a dilemma; the newest: a copy revealed is overcome.
		governingRule{key: "dilemmas.copies", about: "a second copy of a dilemma revealed in an attempt",
			differs: newest(premiereRules, callToArmsRules),
			bears:   func(c governedCheck) bool { return c.cites("dilemmas.copies") }},
		// Premiere and Call to Arms: nor a dilemma of the wrong kind; the
		// newest: it is overcome when revealed.
		governingRule{key: "dilemmas.kind", about: "a dilemma of the wrong kind for the mission",
			differs: newest(premiereRules, callToArmsRules),
			bears:   func(c governedCheck) bool { return c.cites("dilemmas.kindchoice") }},
		// Premiere: a dilemma over the budget is one not chosen, returned;
		// later: it and every one after it are overcome.
		governingRule{key: "dilemmas.over", about: "a dilemma that makes the stack cost more than allowed",
			differs: newest(premiereRules),
			bears: func(c governedCheck) bool {
				return c.cites("dilemmas.unchosen") && !c.cites("dilemmas.copies")
			}},
		// Premiere and Call to Arms: interrupts cost nothing; the newest:
		// every card costs its counters.
		governingRule{key: "play.counters", about: "an interrupt's cost in counters",
			differs: newest(premiereRules, callToArmsRules),
			bears:   func(c governedCheck) bool { return c.cites("play.interrupt") }},
		// Premiere and Call to Arms: every headquarters allows equipment;
		// the newest: as its game text allows.
		governingRule{key: "play.where", about: "equipment played at a headquarters mission",
			differs: newest(premiereRules, callToArmsRules),
			bears:   func(c governedCheck) bool { return c.cites("play.equipment") }},
		// Premiere: a ship moves between copies of one mission with no
		// span; later: they are one mission, no move at all.
		governingRule{key: "mission.copies", about: "copies of one mission",
			differs: newest(premiereRules),
			bears:   func(c governedCheck) bool { return c.cites("move.same") }},
	)
	return out
}

// holds says whether the document holds the rule's sentence.
func (s *Service) holds(d *rules.Document, k ruleKey) bool {
	_, ok := s.citations.byDoc[d.ID][k]
	return ok
}

// governingOf is the document of d's edition that governs it and that no
// other governs: nil when none does.
func governingOf(docs map[string]*rules.Document, d *rules.Document) *rules.Document {
	var best *rules.Document
	for _, o := range docs {
		if rules.Governs(*o, *d) && (best == nil || rules.Governs(*o, *best) || o.Precedence == best.Precedence && o.ID < best.ID) {
			best = o
		}
	}
	return best
}

// checkGoverning says on the verdict v, judged as j under a document a
// later one governs, which rules of the governing document the engine
// applies bear on the board, and whether the answer there differs: the
// request is judged again under the governing document, only then.
func (s *Service) checkGoverning(ctx context.Context, req rules.AdjudicationRequest, j *judgement, v *rules.Verdict) error {
	gov := s.governing[j.doc.ID]
	if gov == nil {
		return nil
	}
	c := governedCheck{s: s, j: j, v: v, q: s.questions[string(j.question)]}
	var bearing []governingRule
	for _, r := range s.governingRules {
		if r.differs(s, gov, j.doc) && r.bears(c) {
			bearing = append(bearing, r)
		}
	}
	if len(bearing) == 0 {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	there, same, err := s.judgeUnder(ctx, req, gov, v)
	if err != nil && rules.ErrorCode(err) != rules.EUNPROCESSABLE {
		return err
	}
	abouts := make([]string, len(bearing))
	for i, r := range bearing {
		abouts[i] = r.about
	}
	var answer string
	switch {
	case err != nil:
		answer = "cannot be given from this board (" + strings.TrimRight(rules.ErrorMessage(err), ".") + ")"
	case same:
		answer = "is the same"
		v.GoverningDiffers = ptr(false)
	default:
		answer = "differs: " + answerOf(v, there)
		v.GoverningDiffers = ptr(true)
	}
	v.GovernedBy = gov.ID
	v.Reasons = append(slices.Clip(v.Reasons), fmt.Sprintf(
		"%s governs %s, judged under here, and its rule on %s bears on this board: judged under it the answer %s; ask with rules %q for its verdict.",
		gov.Title, j.doc.Title, joinAnd(abouts), answer, gov.ID))
	v.Citations = slices.Clip(v.Citations)
	for _, r := range bearing {
		if c, ok := s.citations.byDoc[gov.ID][r.key]; ok && !cited(v.Citations, c) {
			v.Citations = append(v.Citations, c)
		}
	}
	return nil
}

// judgeUnder is the verdict on the request judged under doc, made in
// board arrays of its own, and whether it gives mine's answer: allowed and
// the result's figures alike (sameFigures). The two are compared before the
// arrays are given back, while the result may still read them.
func (s *Service) judgeUnder(ctx context.Context, req rules.AdjudicationRequest, doc *rules.Document, mine *rules.Verdict) (*rules.Verdict, bool, error) {
	arrays := takeBoardArrays()
	defer arrays.release()
	req.Rules = doc.ID
	j, err := s.judge(ctx, req, arrays)
	if err != nil {
		return nil, false, err
	}
	v := s.verdict(string(j.question), j)
	same := (v.Allowed == nil) == (mine.Allowed == nil) && (v.Allowed == nil || *v.Allowed == *mine.Allowed) &&
		sameFigures(reflect.ValueOf(mine.Result), reflect.ValueOf(v.Result))
	return &rules.Verdict{Allowed: copyOf(v.Allowed)}, same, nil
}

// sameFigures says whether two results give the same figures: every field
// the answer writes alike but their reasons and citations, whose sentences
// differ from one document to another where the answer does not. A list
// given empty is the same as one not given; a field the answer does not
// write (unexported, or tagged "-") is not read.
func sameFigures(a, b reflect.Value) bool {
	if a.IsValid() != b.IsValid() {
		return false
	}
	if !a.IsValid() {
		return true
	}
	if a.Type() != b.Type() {
		return false
	}
	switch a.Kind() {
	case reflect.Interface, reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return sameFigures(a.Elem(), b.Elem())
	case reflect.Struct:
		t := a.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !f.IsExported() && !f.Anonymous || name == "-" || figureless[name] {
				continue
			}
			if !sameFigures(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return false
		}
		for i := range a.Len() {
			if !sameFigures(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.Len() != b.Len() {
			return false
		}
		for it := a.MapRange(); it.Next(); {
			if !sameFigures(it.Value(), b.MapIndex(it.Key())) {
				return false
			}
		}
		return true
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() == b.Float()
	case reflect.String:
		return a.String() == b.String()
	}
	return false
}

// figureless are the fields of a result that hold sentences, not figures.
var figureless = map[string]bool{"reason": true, "reasons": true, "citations": true}

// answerOf says in words how the answer there differs from v's, for the
// reason.
func answerOf(v, there *rules.Verdict) string {
	switch {
	case there.Allowed == nil || v.Allowed == nil:
		return "its figures are not these"
	case *there.Allowed != *v.Allowed && *there.Allowed:
		return "allowed is true there"
	case *there.Allowed != *v.Allowed:
		return "allowed is false there"
	}
	return "allowed is the same there, its figures are not these"
}

// mayHoldSpecies says, without folding (an allocation a personnel), whether
// a personnel's species may hold the folded ASCII species key: its ASCII
// letters hold the key's in any case, or it has letters folding may change
// otherwise.
func mayHoldSpecies(species, key string) bool {
	for i := 0; i < len(species); i++ {
		if species[i] >= 0x80 {
			return true
		}
	}
	for i := 0; i+len(key) <= len(species); i++ {
		if strings.EqualFold(species[i:i+len(key)], key) {
			return true
		}
	}
	return false
}
