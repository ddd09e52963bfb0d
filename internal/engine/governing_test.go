package engine_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/engine"
	"github.com/stccg/stccg-rules/internal/rules"
)

// A board each rule of a governing document bears on, asked under a
// document it governs, and whether the governing document answers
// otherwise there.
type governedCase struct {
	req     rules.AdjudicationRequest
	gov     string
	differs bool
}

func governedCases() map[string][]governedCase {
	zq := person("zq", "federation", []string{"staff"}, at("m"))
	zq.Species = "Terran"
	terran := rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 3)}, Personnel: []rules.BoardPersonnel{zq}}
	human := req1E("requirement.check", terran, obj{"requirement": "Human", "personnel": []string{"zq"}})

	planet := rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 3)}}
	stack := func(attempting int, ds ...obj) rules.AdjudicationRequest {
		return req2E("dilemmas.stack", planet, obj{"mission": "m", "attempting": attempting, "stack": ds})
	}
	twice := stack(3, obj{"title": "Zq Fog", "kind": "planet", "cost": 0}, obj{"title": "Zq Fog", "kind": "planet", "cost": 0})
	wrongKind := stack(3, obj{"title": "Zq Void", "kind": "space", "cost": 0})
	over := stack(2, obj{"title": "Zq Fog", "kind": "planet", "cost": 1}, obj{"title": "Zq Mire", "kind": "planet", "cost": 5})

	hq := hqBoard()
	hq.Missions[0].Play = []string{"klingon"}
	equipment := req2E("card.play", hq, obj{"card": obj{"title": "Zq Phaser", "type": "equipment", "affiliation": "federation", "cost": 1}, "at": "qonos"})
	interrupt := req2E("card.play", hqBoard(), obj{"card": obj{"title": "Zq Surprise", "type": "interrupt", "cost": 1}})

	copies := rules.Board{Missions: []rules.BoardMission{mission("a", "planet", "alpha", 2), mission("b", "planet", "alpha", 2)},
		Ships: []rules.BoardShip{ship("s", "federation", []string{"command"}, 0, "a")}, Personnel: crewed("s", "federation")}
	copies.Missions[0].Title, copies.Missions[1].Title = "Zq Survey", "Zq Survey"
	move := req2E("ship.move", copies, obj{"ship": "s", "to": "b"})

	return map[string][]governedCase{
		// A 1E request naming no document is judged under the rulebook,
		// which the Current Rulings govern.
		"species1.terran": {{human, "1e-current-rulings", true}, {under(human, "1e-rulebook"), "1e-current-rulings", true}},
		"dilemmas.copies": {{under(twice, "2e-rulebook-premiere"), "2e-rulebook", true}, {under(twice, "2e-rulebook-call-to-arms"), "2e-rulebook", true}},
		"dilemmas.kind":   {{under(wrongKind, "2e-rulebook-premiere"), "2e-rulebook", true}, {under(wrongKind, "2e-rulebook-call-to-arms"), "2e-rulebook", true}},
		"dilemmas.over":   {{under(over, "2e-rulebook-premiere"), "2e-rulebook", true}},
		"play.counters":   {{under(interrupt, "2e-rulebook-premiere"), "2e-rulebook", true}, {under(interrupt, "2e-rulebook-call-to-arms"), "2e-rulebook", true}},
		"play.where":      {{under(equipment, "2e-rulebook-premiere"), "2e-rulebook", true}, {under(equipment, "2e-rulebook-call-to-arms"), "2e-rulebook", true}},
		"mission.copies":  {{under(move, "2e-rulebook-premiere"), "2e-rulebook", true}},
	}
}

// Every rule of a governing document the engine applies has a board it
// bears on: asked under a document it governs, the verdict names the
// governing document, cites its rule with the rule's anchor, says whether
// the answer there differs, and that answer is the one asked under it.
func TestEveryGoverningRuleSaysWhenItBearsOnTheBoard(t *testing.T) {
	w := realWorld(t)
	cases := governedCases()
	for _, key := range engine.GoverningRuleKeys() {
		cs, ok := cases[key]
		if !ok {
			t.Errorf("the governing rule %s has no board it bears on in this test", key)
			continue
		}
		delete(cases, key)
		for _, c := range cs {
			v := judge(t, c.req)
			if v.GovernedBy != c.gov || v.GoverningDiffers == nil || *v.GoverningDiffers != c.differs {
				t.Errorf("%s under %s: governed by %q, differs %v; want %s, %v; reasons %q", key, v.Rules, v.GovernedBy, deref(v.GoverningDiffers), c.gov, c.differs, v.Reasons)
				continue
			}
			if last := v.Reasons[len(v.Reasons)-1]; !strings.Contains(last, `"`+c.gov+`"`) {
				t.Errorf("%s: the last reason does not name the rules to ask under: %q", key, last)
			}
			var cite *rules.Citation
			for i := range v.Citations {
				if v.Citations[i].DocumentID == c.gov {
					cite = &v.Citations[i]
				}
			}
			if cite == nil || cite.Anchor == "" || w.entries[cite.ID] == nil {
				t.Errorf("%s under %s: no citation of %s with its anchor: %+v", key, v.Rules, c.gov, v.Citations)
			}
			there := judge(t, under(c.req, c.gov))
			if there.GovernedBy != "" {
				t.Errorf("%s: under %s itself, governed by %q", key, c.gov, there.GovernedBy)
			}
			if same := deref(there.Allowed) == deref(v.Allowed) && string(params(t, there.Result)) == string(params(t, v.Result)); same == c.differs {
				t.Errorf("%s: under %s allowed %v %s, under %s allowed %v %s; said differs %v", key, c.gov, deref(there.Allowed), params(t, there.Result), v.Rules, deref(v.Allowed), params(t, v.Result), c.differs)
			}
		}
	}
	for key := range cases {
		t.Errorf("a board for %s, which is no governing rule", key)
	}
}

// A board no rule of a governing document bears on is answered as
// before: no governing document named, no second judgement said.
func TestAGoverningDocumentIsNotNamedWhereNoRuleOfItBears(t *testing.T) {
	zq := person("zq", "federation", []string{"staff"}, at("m"))
	zq.Species = "Human"
	board := rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 3)}, Personnel: []rules.BoardPersonnel{zq}}
	for _, req := range []rules.AdjudicationRequest{
		req1E("requirement.check", board, obj{"requirement": "Human", "personnel": []string{"zq"}}),
		under(req2E("card.play", hqBoard(), obj{"card": obj{"title": "Zq Disruptor", "type": "equipment", "cost": 1}, "at": "qonos"}), "2e-rulebook"),
		under(req2E("dilemmas.stack", board, obj{"mission": "m", "attempting": 3, "stack": []obj{{"title": "Zq Fog", "kind": "planet", "cost": 1}}}), "2e-rulebook-premiere"),
	} {
		if v := judge(t, req); v.GovernedBy != "" || v.GoverningDiffers != nil {
			t.Errorf("%s under %q: governed by %q: %q", req.Question, req.Rules, v.GovernedBy, v.Reasons)
		}
	}
}

// Every branch of the engine on a rulebook's wording (the variant
// constants) is a rule of governingRules: the branches are counted here,
// file by file, and a new one fails this test until it is registered
// there, with its trigger, and counted.
func TestEveryGoverningRuleIsRegistered(t *testing.T) {
	registered := map[string]int{"governing.go": 1, "dilemmas.go": 2, "movement.go": 2, "playing.go": 2, "playplace.go": 1}
	branch := regexp.MustCompile(`[!=]= *(premiereRules|callToArmsRules|continuingCommittee)\b`)
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]int{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(branch.FindAll(b, -1)); n > 0 {
			found[f] = n
		}
	}
	for f, n := range found {
		if registered[f] != n {
			t.Errorf("%s branches %d times on a rulebook's wording, %d counted: register the rule in governingRules (governing.go) and count it here", f, n, registered[f])
		}
	}
	for f, n := range registered {
		if found[f] == 0 && n > 0 {
			t.Errorf("%s counted %d branches, holds none", f, n)
		}
	}
}
