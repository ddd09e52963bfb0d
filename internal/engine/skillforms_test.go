package engine_test

import (
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A personnel's skill typed by its field or its practitioner
// ("Engineering" for the card data's Engineer, "Physicist" for Physics) is
// read as that skill: the verdict is the one the skill gets, and its
// reasons say how the word was read, naming where it stood. "Engineering"
// was read as written and left a mission's Engineer unmet; "Physicist",
// two edits from Physics, was refused as its typo.
func TestASkillTypedAsItsFieldOrPractitionerIsReadAsIt(t *testing.T) {
	base := func(skill string) rules.Board {
		return rules.Board{
			Missions:  []rules.BoardMission{{ID: "m", Title: "m", Type: "planet", Quadrant: "alpha", Span: ip(2), Points: ip(30), Requirements: skill, Affiliations: []string{"klingon"}}},
			Ships:     []rules.BoardShip{ship("s", "klingon", []string{"command", "staff"}, 8, "m")},
			Personnel: []rules.BoardPersonnel{person("a", "klingon", []string{"command"}, aboard("s"), skill), person("b", "klingon", []string{"staff"}, aboard("s"))},
		}
	}
	params := obj{"mission": "m", "personnel": []string{"a", "b"}}
	for _, c := range []struct{ skill, typed, read string }{
		{"Engineer", "Engineering", "engineer"},
		{"Physics", "Physicist", "physics"},
		{"Leadership", "Leader", "leadership"},
		{"Diplomacy", "Diplomat", "diplomacy"},
	} {
		t.Run(c.typed, func(t *testing.T) {
			want := judge(t, req1E("mission.requirements", base(c.skill), params))
			if want.Allowed == nil || !*want.Allowed {
				t.Fatalf("the skill as the card data names it: %s", answerOf(t, want))
			}
			b := base(c.skill)
			b.Personnel[0].Skills = []string{c.typed}
			v := judge(t, req1E("mission.requirements", b, params))
			if a, w := answerOf(t, v), answerOf(t, want); a != w {
				t.Errorf("the form answered\n %s\nthe skill\n %s", a, w)
			}
			said := strings.Join(v.Reasons, "\n")
			if s := `Read as forms of skills the rules or the card data know: "` + c.typed + `" (board.personnel[0].skills[0]) as ` + c.read; !strings.Contains(said, s) {
				t.Errorf("the reasons do not say how the form was read (%s):\n%s", s, said)
			}
		})
	}
}
