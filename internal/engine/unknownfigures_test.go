package engine_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A requirement met by the personnel whose statistics are known is met
// whatever the others' hold (more skills or a higher total never unmeet
// one): it is answered, each figure counting what is known and naming in
// unknown those it could not count, its reasons saying "at least". One
// not met without them is not answered: the statistic is asked for.
func TestAFigureCountedWithoutAStatisticSaysWhoIsUnknown(t *testing.T) {
	w := realWorld(t)
	noSkills := func(p rules.BoardPersonnel) rules.BoardPersonnel { p.Skills = nil; return p }
	noCunning := func(p rules.BoardPersonnel) rules.BoardPersonnel { p.Cunning = nil; return p }
	here := &rules.Location{Mission: "m"}
	board := func(ps ...rules.BoardPersonnel) rules.Board {
		return rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 2)}, Personnel: ps}
	}
	diplomat := person("zd", "federation", []string{"command"}, here, "Diplomacy")
	unknown := noSkills(person("zu", "federation", []string{"staff"}, here))
	cases := []struct {
		name        string
		first       bool
		board       rules.Board
		requirement string
		allowed     bool
		needs       string // the 422's, when it asks
		skills      map[string][]string
		attributes  map[string][]string
	}{
		{"2E a skill met by the known one", false, board(unknown, diplomat), "Diplomacy", true, "", map[string][]string{"Diplomacy": {"zu"}}, nil},
		{"1E a skill met by the known one", true, board(unknown, diplomat), "Diplomacy", true, "", map[string][]string{"Diplomacy": {"zu"}}, nil},
		{"2E a skill the unknown one could give", false, board(unknown, diplomat), "Diplomacy AND Medical", false, "skills", nil, nil},
		{"2E an or met by its known alternative", false, board(unknown, diplomat), "Diplomacy OR Medical", true, "", map[string][]string{"Diplomacy": {"zu"}}, nil},
		{"2E a total exceeded without the unknown one", false, board(noCunning(cunning(diplomat, 9)), cunning(unknown, 9)), "Cunning>8", true, "", nil, map[string][]string{"cunning": {"zd"}}},
		{"2E a total the unknown one could reach", false, board(noCunning(diplomat), cunning(unknown, 5)), "Cunning>8", false, "cunning", nil, nil},
		{"2E everyone known", false, board(diplomat), "Diplomacy", true, "", map[string][]string{"Diplomacy": nil}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ids := []string{}
			for _, p := range c.board.Personnel {
				ids = append(ids, p.ID)
			}
			r := req2E("requirement.check", c.board, obj{"requirement": c.requirement, "personnel": ids})
			if c.first {
				r = req1E("requirement.check", c.board, obj{"requirement": c.requirement, "personnel": ids})
			}
			v, err := ask(context.Background(), w.svc, r)
			if c.needs != "" {
				if d := rules.ErrorDetails(err); rules.ErrorCode(err) != rules.EUNPROCESSABLE || d["needs"] != c.needs {
					t.Fatalf("err %v (details %v), want 422 needing %s", err, d, c.needs)
				}
				return
			}
			if err != nil {
				t.Fatalf("adjudicate: %v (details %v)", err, rules.ErrorDetails(err))
			}
			if allowed(t, v) != c.allowed {
				t.Fatalf("allowed %v, want %v: %q", allowed(t, v), c.allowed, v.Reasons)
			}
			res := v.Result.(*rules.RequirementCheckResult)
			for _, s := range res.Skills {
				if want, ok := c.skills[s.Name]; ok && !slices.Equal(s.Unknown, want) {
					t.Errorf("%s: unknown %v, want %v", s.Name, s.Unknown, want)
				}
			}
			for _, a := range res.Attributes {
				if want, ok := c.attributes[a.Name]; ok && !slices.Equal(a.Unknown, want) {
					t.Errorf("%s: unknown %v, want %v", a.Name, a.Unknown, want)
				}
			}
			said := strings.Join(v.Reasons, " ")
			someUnknown := false
			for _, u := range c.skills {
				someUnknown = someUnknown || len(u) > 0
			}
			someUnknown = someUnknown || len(c.attributes) > 0
			if someUnknown != strings.Contains(said, "at least") {
				t.Errorf("the reasons do not say the figure is at least so much only where it is: %q", v.Reasons)
			}
		})
	}
}
