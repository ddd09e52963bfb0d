package engine_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// garbled matches a reason built from an empty list that reads wrong: a
// verb or a total with "nobody" or "none" for its object.
var garbled = regexp.MustCompile(`did not (nobody|none)|against (nobody|none)|: (nobody|none)( aboard|\.)|(nobody|none) =|\((nobody|none)\)`)

// Reasons built from lists read right when a list is empty: who attempts,
// who is checked, what a dilemma did, each side's Strength.
func TestReasonsReadRightWithEmptyLists(t *testing.T) {
	planet1E := attemptable(mission("p", "planet", "alpha", 2), "klingon")
	planet1E.Requirements = "Leadership"
	space1E := attemptable(mission("s", "space", "alpha", 2), "klingon")
	space1E.Requirements = "Navigation"
	planet2E := attemptable(mission("p", "planet", "alpha", 2), "klingon")
	planet2E.Requirements = "Security, Strength>5"
	empty := ship("e", "klingon", []string{"command"}, 7, "s")
	cases := []struct {
		name, source string
		req          rules.AdjudicationRequest
	}{
		{"AMisSeedWithNoReportedEffects", "1E rulebook, Attempting Missions: a second copy ... is placed out-of-play as a mis-seed",
			req1E("mission.resolve", rules.Board{Missions: []rules.BoardMission{planet1E}, Personnel: []rules.BoardPersonnel{person("k", "klingon", nil, at("p"), "Leadership")}},
				obj{"mission": "p", "stack": []obj{{"title": "Fog", "kind": "planet"}, {"title": "Fog", "kind": "planet"}}})},
		{"DilemmasAfterTheAttemptEnded", "1E rulebook: if you lose all matching personnel during the mission attempt, the mission attempt ends",
			req1E("mission.resolve", rules.Board{Missions: []rules.BoardMission{planet1E}, Personnel: []rules.BoardPersonnel{person("k", "klingon", nil, at("p"), "Leadership")}},
				obj{"mission": "p", "stack": []obj{{"title": "Pit", "kind": "planet", "kills": []string{"k"}}, {"title": "Fog", "kind": "planet"}}})},
		{"DilemmasAfterEveryoneLeft2E", "2E rulebook, Facing Dilemmas: those remaining dilemmas are overcome",
			req2E("mission.resolve", rules.Board{Missions: []rules.BoardMission{planet2E}, Personnel: []rules.BoardPersonnel{person("k", "klingon", nil, at("p"), "Security"), person("l", "klingon", nil, at("p"))}},
				obj{"mission": "p", "stack": []obj{{"title": "Pit", "kind": "planet", "cost": 0, "stops": []string{"k", "l"}}, {"title": "Fog", "kind": "planet", "cost": 0}}})},
		{"NoOneOnThePlanet2E", "2E rulebook, Attempt a Mission: all of your unstopped personnel on that planet",
			req2E("mission.attempt", rules.Board{Missions: []rules.BoardMission{planet2E}}, obj{"mission": "p"})},
		{"NoOneAboardTheShip1E", "1E rulebook, Attempting Missions: the entire crew of one undocked ship",
			req1E("mission.attempt", rules.Board{Missions: []rules.BoardMission{space1E}, Ships: []rules.BoardShip{empty}}, obj{"mission": "s"})},
		{"RequirementsOfNoOne", "2E rulebook, Checking Mission Requirements",
			req2E("mission.requirements", rules.Board{Missions: []rules.BoardMission{planet2E}}, obj{"mission": "p"})},
		{"ARequirementCheckedOnNoOne", "2E rulebook, Checking Mission Requirements",
			req2E("requirement.check", rules.Board{Missions: []rules.BoardMission{planet2E}}, obj{"requirement": "Security", "personnel": []string{}})},
		{"CombatWithNoOpponent", "2E rulebook, Combat: total the Strength of the personnel involved",
			req2E("combat", rules.Board{Missions: []rules.BoardMission{planet2E}, Personnel: []rules.BoardPersonnel{strength(person("k", "klingon", nil, at("p")), 6)}}, obj{"mission": "p"})},
		{"ABattleWithEveryAttackerStopped", "1E rulebook, Ship Battles: each ship firing must be unstopped",
			req1E("battle.ship", rules.Board{Missions: []rules.BoardMission{space1E}, Ships: []rules.BoardShip{
				func() rules.BoardShip {
					s := ship("a", "klingon", nil, 7, "s")
					s.Weapons, s.Stopped = ip(6), true
					return s
				}(),
				func() rules.BoardShip {
					s := ship("t", "romulan", nil, 7, "s")
					s.Owner, s.Shields = "opponent", ip(5)
					return s
				}()}},
				obj{"attackers": []string{"a"}, "target": "t"})},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := judge(t, c.req)
			reasons := append([]string(nil), v.Reasons...)
			if outcomes, ok := resultField(t, v.Result, "outcomes").([]any); ok {
				for _, o := range outcomes {
					reasons = append(reasons, o.(map[string]any)["reason"].(string))
				}
			}
			for _, r := range reasons {
				if garbled.MatchString(r) {
					t.Errorf("%s: a reason built from an empty list reads wrong: %q", c.source, r)
				}
			}
		})
	}
}

// A requirement that is an "or" as a whole reports each alternative: which
// is met, or what each lacks; attribute is the deciding alternative's, or
// the first an alternative totals.
func TestOrRequirementsReportEveryAlternative(t *testing.T) {
	m := attemptable(mission("x", "planet", "alpha", 2), "cardassian")
	m.Requirements = "Geology x2 OR Engineer + Anthropology + CUNNING>20"
	crews := []struct {
		name, source string
		crew         []rules.BoardPersonnel
		met          []bool
		attribute    bool // a non-null attribute with a total
	}{
		{"TheFirstAlternativeMet", "1E rulebook, Attempting Missions: requirements separated by OR",
			[]rules.BoardPersonnel{cunning(person("a", "cardassian", nil, at("x"), "Geology"), 5), cunning(person("b", "cardassian", nil, at("x"), "Geology"), 5)}, []bool{true, false}, true},
		{"TheSecondAlternativeMet", "1E rulebook, Attempting Missions: requirements separated by OR",
			[]rules.BoardPersonnel{cunning(person("a", "cardassian", nil, at("x"), "Engineer", "Anthropology"), 11), cunning(person("b", "cardassian", nil, at("x"), "Geology"), 11)}, []bool{false, true}, true},
		{"NeitherMet", "1E rulebook, Attempting Missions: requirements separated by OR",
			[]rules.BoardPersonnel{cunning(person("a", "cardassian", nil, at("x"), "Engineer"), 4)}, []bool{false, false}, true},
	}
	for _, c := range crews {
		for _, q := range []string{"mission.requirements", "requirement.check"} {
			t.Run(c.name+"/"+q, func(t *testing.T) {
				p := obj{"mission": "x"}
				if q == "requirement.check" {
					p = obj{"requirement": m.Requirements, "personnel": []string{c.crew[0].ID}}
					if len(c.crew) > 1 {
						p["personnel"] = []string{c.crew[0].ID, c.crew[1].ID}
					}
				}
				v := judge(t, req1E(q, rules.Board{Missions: []rules.BoardMission{m}, Personnel: c.crew}, p))
				alts, _ := resultField(t, v.Result, "alternatives").([]any)
				if len(alts) != len(c.met) {
					t.Fatalf("%s: alternatives %v, want %d", c.source, resultField(t, v.Result, "alternatives"), len(c.met))
				}
				for i, a := range alts {
					a := a.(map[string]any)
					if a["met"] != c.met[i] {
						t.Errorf("%s: alternative %d met = %v, want %v", c.source, i+1, a["met"], c.met[i])
					}
					if !c.met[i] && len(a["missing"].([]any)) == 0 {
						t.Errorf("%s: alternative %d is not met and lacks nothing", c.source, i+1)
					}
				}
				if (resultField(t, v.Result, "attribute") != nil) != c.attribute {
					t.Errorf("%s: attribute %v", c.source, resultField(t, v.Result, "attribute"))
				}
				joined := strings.Join(v.Reasons, " ")
				for i := range c.met {
					if !strings.Contains(joined, "Alternative "+string(rune('1'+i))) {
						t.Errorf("%s: the reasons do not discuss alternative %d: %q", c.source, i+1, v.Reasons)
					}
				}
			})
		}
	}
}
