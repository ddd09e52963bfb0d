package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/catalog"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// A citation comes from a rule the verdict used, and a rule is used only
// where the board makes it decide something. Over many generated boards of
// the questions whose citations padded (dilemma stacks, captives,
// requirements, turns, ship battles), every rule cited must pass its
// relevance check on the request; and every citation of the verdict is the
// citation of a rule the judgement applied (or one carried from a turn's
// step), quoted from the paragraph its anchor names.
func TestCitationsComeFromTheRulesThatDecided(t *testing.T) {
	c := testcorpus.Load(t)
	s := New(c.Documents, c.Entries, catalog.New(c.Cards, c.Entries, catalog.WithDocuments(c.Documents)))
	entries := map[string]*rules.Entry{}
	for _, e := range c.Entries {
		entries[e.ID] = e
	}
	rng := rand.New(rand.NewPCG(7, 11))
	used := map[ruleKey]int{}
	for i := range 1500 {
		req, facts := generatedRequest(rng, i)
		req = decodedRequest(t, req)
		j, err := s.judge(context.Background(), req, nil)
		if err != nil {
			if os.Getenv("GENDEBUG") != "" {
				t.Logf("%s: %v", req.Question, err)
			}
			continue // a board the generator got wrong is refused: nothing cited
		}
		v := s.verdict(req.Question, j)
		// A rule is cited when the sentence it is found at is, whether
		// the judgement applied it or carried it from a turn's step.
		for k, check := range relevance {
			own := s.cite(j.doc, []ruleKey{k}, 0)
			if len(own) == 0 || !cited(v.Citations, own[0]) {
				continue
			}
			used[k]++
			if !check(facts) {
				t.Errorf("%s under %s cites %s, which did not decide it: %+v\n reasons %q", req.Question, j.doc.ID, k, facts, v.Reasons)
			}
		}
		own := s.cite(j.doc, j.applied, 0)
		for _, cit := range v.Citations {
			if !cited(own, cit) && !carried(j.carried, &cit) {
				t.Errorf("%s: citation %q is of no rule applied", req.Question, cit.Quote)
			}
			e := entries[cit.ID]
			if e == nil {
				t.Errorf("citation of no entry %q", cit.ID)
				continue
			}
			if at := strings.Index(e.Text, cit.Quote); at >= 0 && anchorAt(e, at) != cit.Anchor {
				t.Errorf("citation %q: anchor %q, but the quote starts in %q", cit.Quote, cit.Anchor, anchorAt(e, at))
			}
		}
	}
	for k := range relevance {
		if used[k] == 0 {
			t.Errorf("no generated board cites %s: the check of it was never exercised", k)
		}
	}
}

// boardFacts are what the generator put on a board that can make a rule
// decide.
type boardFacts struct {
	WrongKind, Copies, OverBudget bool // the stack
	YourCaptive, TheirCaptive     bool // among those the question counts
	Skills, Attribute             bool // the requirement
	CardPlayed, Ordered, NoAction bool // the turn
	DockedAttacker, Negative      bool
}

var relevance = map[ruleKey]func(boardFacts) bool{
	"dilemmas.kind":       func(f boardFacts) bool { return f.WrongKind },
	"dilemmas.kindchoice": func(f boardFacts) bool { return f.WrongKind },
	"dilemmas.copies":     func(f boardFacts) bool { return f.Copies },
	"dilemmas.over":       func(f boardFacts) bool { return f.OverBudget },
	"brig.use":            func(f boardFacts) bool { return f.YourCaptive },
	"brig.command":        func(f boardFacts) bool { return f.TheirCaptive },
	"req1.attribute":      func(f boardFacts) bool { return f.Attribute },
	"req.total":           func(f boardFacts) bool { return f.Attribute },
	"req1.skills":         func(f boardFacts) bool { return f.Skills },
	"req.skills":          func(f boardFacts) bool { return f.Skills },
	"req.levels":          func(f boardFacts) bool { return f.Skills },
	"turn.counters":       func(f boardFacts) bool { return f.CardPlayed || f.NoAction },
	"turn.spendall":       func(f boardFacts) bool { return f.CardPlayed },
	"turn.orders":         func(f boardFacts) bool { return f.Ordered },
	"dock1.protect":       func(f boardFacts) bool { return f.DockedAttacker },
	"zero":                func(f boardFacts) bool { return f.Negative },
}

var generatedRequirements = []struct {
	text              string
	skills, attribute bool
}{
	{"Medical", true, false}, {"Security x2", true, false}, {"Strength>8", false, true},
	{"Medical, Cunning>7", true, true}, {"Engineer OR Integrity>9", true, true}, {"Cunning>4 OR Strength>30", false, true},
}

// generatedRequest is the i-th request of the generator, and what its
// board holds.
func generatedRequest(rng *rand.Rand, i int) (rules.AdjudicationRequest, boardFacts) {
	var f boardFacts
	edition := []string{rules.Edition1E, rules.Edition2E}[i%2]
	doc := ""
	if edition == rules.Edition2E {
		doc = []string{"2e-rulebook-premiere", "2e-rulebook-call-to-arms", "2e-rulebook"}[rng.IntN(3)]
	}
	n := func(v int) *int { return &v }
	req := generatedRequirements[rng.IntN(len(generatedRequirements))]
	f.Skills, f.Attribute = req.skills, req.attribute
	planet := rules.BoardMission{ID: "p", Type: "planet", Quadrant: "alpha", Span: n(2), Points: n(30), Affiliations: []string{"bajoran"}, Requirements: req.text}
	space := rules.BoardMission{ID: "s", Type: "space", Quadrant: "alpha", Span: n(3), Points: n(30), Affiliations: []string{"bajoran"}, Requirements: req.text}
	board := rules.Board{Missions: []rules.BoardMission{planet, space}}
	var ids []string
	var first boardFacts // the captive facts of the first personnel, which a turn beams
	for k := range 2 + rng.IntN(4) {
		p := rules.BoardPersonnel{ID: fmt.Sprintf("b%d", k), PersonnelStats: rules.PersonnelStats{Affiliation: "bajoran", Icons: []string{"command"},
			Skills: []string{[]string{"Medical", "Security", "Engineer"}[rng.IntN(3)]}, Integrity: n(1 + rng.IntN(8)), Cunning: n(1 + rng.IntN(8)), Strength: n(1 + rng.IntN(8))},
			At: &rules.Location{Mission: "p"}}
		if edition == rules.Edition2E && rng.IntN(8) == 0 {
			p.Strength = n(-2)
			f.Negative = true
		}
		switch rng.IntN(6) {
		case 0:
			p.At = &rules.Location{Brig: Opponent} // yours, held by the opponent
			f.YourCaptive = true
		case 1:
			p.Owner, p.At = Opponent, &rules.Location{Brig: You} // theirs, in your brig
			f.TheirCaptive = true
		}
		if k == 0 {
			first.YourCaptive, first.TheirCaptive = f.YourCaptive, f.TheirCaptive
		}
		board.Personnel = append(board.Personnel, p)
		ids = append(ids, p.ID)
	}
	question, params := "", map[string]any{}
	switch rng.IntN(5) {
	case 0, 1:
		question = []string{"dilemmas.stack", "mission.resolve"}[rng.IntN(2)]
		f.YourCaptive, f.TheirCaptive = false, false // the attempt counts those on the planet only
		var stack []map[string]any
		titles := []string{"Alpha", "Beta", "Gamma"}
		total, seen := 0, map[string]bool{}
		for range rng.IntN(4) {
			t := titles[rng.IntN(3)]
			kind := []string{"planet", "dual", "space"}[rng.IntN(3)]
			cost := rng.IntN(3)
			f.Copies = f.Copies || seen[t]
			f.WrongKind = f.WrongKind || kind == "space"
			seen[t] = true
			total += cost
			stack = append(stack, map[string]any{"title": t, "kind": kind, "cost": cost})
		}
		f.OverBudget = total > 0 // at most the dilemmas drawn; the engine knows the budget
		params = map[string]any{"mission": "p", "stack": stack}
		if question == "dilemmas.stack" {
			params["attempting"] = len(ids)
			if edition == rules.Edition1E {
				delete(params, "attempting")
			}
		}
	case 2:
		question = "requirement.check"
		params = map[string]any{"requirement": req.text, "personnel": ids}
	case 3:
		question = "turn.replay"
		actions := []map[string]any{}
		for range rng.IntN(3) {
			if rng.IntN(2) == 0 && edition == rules.Edition2E {
				actions = append(actions, map[string]any{"question": "card.play", "params": map[string]any{
					"card": map[string]any{"title": "Odo", "type": "personnel", "cost": 1 + rng.IntN(3), "affiliation": "bajoran", "integrity": 5, "cunning": 5, "strength": 5}}})
				f.CardPlayed = true
			} else {
				actions = append(actions, map[string]any{"question": "personnel.beam", "params": map[string]any{"personnel": []string{ids[0]}, "to": "p"}})
				f.Ordered = true
			}
		}
		f.NoAction = len(actions) == 0
		params = map[string]any{"actions": actions}
		f.YourCaptive, f.TheirCaptive = first.YourCaptive, first.TheirCaptive
	default:
		if edition == rules.Edition2E {
			question = "mission.requirements"
			params = map[string]any{"mission": "p"}
			f.YourCaptive, f.TheirCaptive = false, false
			break
		}
		question = "battle.ship"
		post := rules.BoardFacility{ID: "post", Kind: "outpost", Affiliation: "bajoran", Shields: n(20), At: &rules.Location{Mission: "s"}}
		board.Facilities = []rules.BoardFacility{post}
		a := rules.BoardShip{ID: "a", Affiliation: "bajoran", Staffing: []string{"command"}, Range: n(7), Weapons: n(6), Shields: n(6), At: &rules.Location{Mission: "s"}}
		if rng.IntN(2) == 0 {
			a.Docked = "post"
			f.DockedAttacker = true
		}
		target := rules.BoardShip{ID: "t", Owner: Opponent, Affiliation: "cardassian", Range: n(7), Weapons: n(6), Shields: n(5), At: &rules.Location{Mission: "s"}}
		board.Ships = []rules.BoardShip{a, target}
		params = map[string]any{"attackers": []string{"a"}, "target": "t"}
		f.YourCaptive, f.TheirCaptive, f.Skills, f.Attribute = false, false, false, false
	}
	raw, _ := json.Marshal(params)
	return rules.AdjudicationRequest{Edition: edition, Rules: doc, Question: question, Board: board, Params: rawParams(raw)}, f
}

// Every citation the index holds, in every document, is anchored at the
// paragraph where its quote starts, also when the quote runs on from the
// paragraph before the words the rule is found by.
func TestCitationAnchorsAreWhereTheQuoteStarts(t *testing.T) {
	c := testcorpus.Load(t)
	entries := map[string]*rules.Entry{}
	for _, e := range c.Entries {
		entries[e.ID] = e
	}
	idx := buildCitations(c.Documents, c.Entries)
	n := 0
	for doc, found := range idx.byDoc {
		for k, cit := range found {
			e := entries[cit.ID]
			at := strings.Index(e.Text, cit.Quote)
			if at < 0 {
				t.Errorf("%s %s: the quote is not in %s", doc, k, cit.ID)
				continue
			}
			n++
			if want := anchorAt(e, at); cit.Anchor != want {
				t.Errorf("%s %s: anchor %q, the quote %q starts in %q", doc, k, cit.Anchor, cit.Quote, want)
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d citations checked", n)
	}
}
