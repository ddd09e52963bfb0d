package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A personnel given with no place (at left out) is not nowhere: where it is
// is unknown. A fight whose verdict turns on whether it is present asks for
// its place (422, details.field the personnel, details.needs "at"); one
// whose verdict is the same present or not is judged, and says it set the
// personnel aside.
func TestAPersonnelGivenNoPlaceIsAskedForOnlyWhereItsPresenceDecides(t *testing.T) {
	w := realWorld(t)
	m := mission("m", "planet", "alpha", 3)
	hq := mission("h", "headquarters", "alpha", 0)
	mine := person("a", "federation", []string{"staff"}, at("m"))
	nowhere := person("b", "federation", []string{"staff"}, nil)
	stoppedNowhere := stopped(person("b", "federation", []string{"staff"}, nil))
	enemy := opp(person("x", "romulan", []string{"staff"}, at("m")))
	enemyNowhere := opp(person("y", "romulan", []string{"staff"}, nil))
	board := func(ms []rules.BoardMission, ps ...rules.BoardPersonnel) rules.Board {
		return rules.Board{Missions: ms, Personnel: ps}
	}
	mm := []rules.BoardMission{m}
	cases := []struct {
		name, edition, question string
		board                   rules.Board
		params                  obj
		field                   string // "" when the question is judged
		allowed                 bool
	}{
		{"2E combat, the only one of yours listed has no place", "2e", "combat", board(mm, nowhere, enemy),
			obj{"mission": "m", "you": []string{"b"}, "opponent": []string{"x"}}, "board.personnel[0]", false},
		{"2E combat, no lists, one of yours there and one with no place (the totals count it)", "2e", "combat", board(mm, mine, nowhere, enemy),
			obj{"mission": "m"}, "board.personnel[1]", false},
		{"2E combat, the opponent's with no place, no lists", "2e", "combat", board(mm, mine, enemy, enemyNowhere),
			obj{"mission": "m"}, "board.personnel[2]", false},
		{"2E combat, yours listed leaving out the one with no place", "2e", "combat", board(mm, mine, nowhere, enemy),
			obj{"mission": "m", "you": []string{"a"}, "opponent": []string{"x"}}, "", true},
		{"2E combat, yours with no place is stopped", "2e", "combat", board(mm, mine, stoppedNowhere, enemy),
			obj{"mission": "m"}, "", true},
		{"2E combat, the opponent has nobody", "2e", "combat", board(mm, mine, nowhere),
			obj{"mission": "m"}, "", false},
		{"2E combat at a headquarters", "2e", "combat", board([]rules.BoardMission{hq}, person("a", "federation", []string{"staff"}, at("h")), nowhere, opp(person("x", "romulan", []string{"staff"}, at("h")))),
			obj{"mission": "h"}, "", false},
		{"1E an attacker with no place", "1e", "battle.initiate", board(mm, person("a", "klingon", []string{"staff"}, at("m"), "Leadership"), person("b", "klingon", []string{"staff"}, nil), enemy),
			obj{"attackers": []string{"a", "b"}, "defenders": []string{"x"}}, "board.personnel[1]", false},
		{"1E an attacker with no place, the attack refused elsewise (no leader)", "1e", "battle.initiate", board(mm, person("a", "klingon", []string{"staff"}, at("m"), "Honor"), person("b", "klingon", []string{"staff"}, nil, "Honor"), enemy),
			obj{"attackers": []string{"a", "b"}, "defenders": []string{"x"}}, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := req2E(c.question, c.board, c.params)
			r.Edition = c.edition
			if c.field == "" {
				v := judge(t, r)
				if allowed(t, v) != c.allowed {
					t.Fatalf("allowed %v, want %v: %q", allowed(t, v), c.allowed, v.Reasons)
				}
				if !strings.Contains(strings.Join(v.Reasons, " "), ".at), ") {
					t.Fatalf("the verdict does not say who was set aside: %q", v.Reasons)
				}
				return
			}
			_, err := ask(context.Background(), w.svc, r)
			d := rules.ErrorDetails(err)
			if rules.ErrorCode(err) != rules.EUNPROCESSABLE || d["field"] != c.field || d["needs"] != "at" {
				t.Fatalf("err %v (details %v), want 422 naming %s, needs at", err, d, c.field)
			}
		})
	}
}
