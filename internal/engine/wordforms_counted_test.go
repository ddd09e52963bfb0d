package engine_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A ship's staffing and the names of a requirement (a mission's, or one
// checked) read a skill's field or practitioner as the skill, through the
// one table of word forms a board's words are read by, the verdict saying
// what it read; a plural there, which may mean one or several, is refused
// with the word meant, the table saying so of its family.
func TestStaffingAndRequirementsReadTheFormsOfWordsAsABoardsWords(t *testing.T) {
	w := realWorld(t)
	m := attemptable(mission("m", "planet", "alpha", 3), "klingon")
	withRequirements := func(req string) []rules.BoardMission {
		mm := m
		mm.Requirements = req
		return []rules.BoardMission{mm}
	}
	staffedBy := func(staffing []string, skills ...string) rules.Board {
		return rules.Board{Missions: []rules.BoardMission{m}, Ships: []rules.BoardShip{ship("s", "klingon", staffing, 8, "m")},
			Personnel: []rules.BoardPersonnel{person("a", "klingon", []string{"staff"}, aboard("s"), skills...)}}
	}
	cases := []struct {
		name, edition, question string
		board                   rules.Board
		params                  obj
		allowed                 bool
		said                    string // the reading the verdict says; "" for a refusal
		field, suggestion       string // a refusal's
	}{
		{"1E staffing, a skill's field", "1e", "ship.staffed", staffedBy([]string{"Engineering"}, "Engineer"), obj{"ship": "s"},
			true, `"Engineering" (board.ships[0].staffing[0]) as engineer`, "", ""},
		{"1E staffing, a skill's practitioner, unmet", "1e", "ship.staffed", staffedBy([]string{"Physicist"}, "Engineer"), obj{"ship": "s"},
			false, `"Physicist" (board.ships[0].staffing[0]) as physics`, "", ""},
		{"1E staffing, a form with a level", "1e", "ship.staffed", staffedBy([]string{"Engineering x2"}, "Engineer x2"), obj{"ship": "s"},
			true, `"Engineering" (board.ships[0].staffing[0]) as engineer`, "", ""},
		{"1E mission requirements, a practitioner", "1e", "mission.requirements",
			rules.Board{Missions: withRequirements("Diplomat"), Personnel: []rules.BoardPersonnel{person("a", "klingon", nil, at("m"), "Diplomacy")}}, obj{"mission": "m"},
			true, `"Diplomat" (board.missions[0].requirements) as diplomacy`, "", ""},
		{"2E mission requirements, a field and a practitioner", "2e", "mission.requirements",
			rules.Board{Missions: withRequirements("Engineering and Physicist"), Personnel: []rules.BoardPersonnel{person("a", "klingon", nil, at("m"), "Engineer", "Physics")}}, obj{"mission": "m"},
			true, `"Engineering" (board.missions[0].requirements) as engineer and "Physicist" (board.missions[0].requirements) as physics`, "", ""},
		{"2E requirement checked, a practitioner", "2e", "requirement.check",
			rules.Board{Missions: []rules.BoardMission{m}, Personnel: []rules.BoardPersonnel{person("a", "klingon", nil, at("m"), "Physics")}}, obj{"requirement": "Physicist", "personnel": []string{"a"}},
			true, `"Physicist" (params.requirement) as physics`, "", ""},
		{"1E requirement checked, a practitioner, unmet", "1e", "requirement.check",
			rules.Board{Missions: []rules.BoardMission{m}, Personnel: []rules.BoardPersonnel{person("a", "klingon", nil, at("m"), "Physics")}}, obj{"requirement": "Diplomat", "personnel": []string{"a"}},
			false, `"Diplomat" (params.requirement) as diplomacy`, "", ""},
		// A plural may mean one or several: refused with the word meant.
		{"2E staffing, a plural icon", "2e", "ship.staffed", staffedBy([]string{"Commands"}), obj{"ship": "s"},
			false, "", "board.ships[0].staffing[0]", "command"},
		{"1E staffing, a plural species", "1e", "ship.staffed", staffedBy([]string{"Vulcans"}), obj{"ship": "s"},
			false, "", "board.ships[0].staffing[0]", "vulcan"},
		{"2E mission requirements, a plural", "2e", "mission.requirements",
			rules.Board{Missions: withRequirements("Klingons"), Personnel: []rules.BoardPersonnel{person("a", "klingon", nil, at("m"))}}, obj{"mission": "m"},
			false, "", "board.missions[0].requirements", "klingon"},
		{"1E requirement checked, a plural", "1e", "requirement.check",
			rules.Board{Missions: []rules.BoardMission{m}, Personnel: []rules.BoardPersonnel{person("a", "klingon", nil, at("m"))}}, obj{"requirement": "Vulcans x2", "personnel": []string{"a"}},
			false, "", "params.requirement", "vulcan"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := req2E(c.question, c.board, c.params)
			r.Edition = c.edition
			if c.field != "" {
				_, err := ask(context.Background(), w.svc, r)
				if rules.ErrorCode(err) != rules.EUNPROCESSABLE || rules.ErrorDetails(err)["field"] != c.field || !slices.Contains(rules.DetailStrings(err, "suggestions"), c.suggestion) {
					t.Fatalf("err %v (details %v), want 422 at %s suggesting %s", err, rules.ErrorDetails(err), c.field, c.suggestion)
				}
				if !strings.Contains(err.Error(), "one or several") {
					t.Errorf("the refusal does not say why a plural is not read: %v", err)
				}
				return
			}
			v := judge(t, r)
			if allowed(t, v) != c.allowed {
				t.Fatalf("allowed %v, want %v: %q", allowed(t, v), c.allowed, v.Reasons)
			}
			if said := strings.Join(v.Reasons, "\n"); !strings.Contains(said, c.said) || !strings.Contains(said, "Read as ") {
				t.Fatalf("the verdict does not say it read %s:\n%s", c.said, said)
			}
		})
	}
}

// A requirement's name that is a personnel's title on the board is read as
// written, not as the word it would be a form of.
func TestARequirementsNameThatIsATitleIsNotReadAsAForm(t *testing.T) {
	p := person("a", "klingon", nil, at("m"))
	p.Title = "Engineering"
	v := judge(t, req2E("requirement.check", rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 3)}, Personnel: []rules.BoardPersonnel{p}},
		obj{"requirement": "Engineering", "personnel": []string{"a"}}))
	if !allowed(t, v) || strings.Contains(strings.Join(v.Reasons, " "), "Read as forms") {
		t.Fatalf("a title read as a form: %q", v.Reasons)
	}
}
