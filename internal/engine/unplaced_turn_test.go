package engine_test

import (
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A turn names the personnel given no place its steps set aside once, in
// its own reasons, with the actions they were set aside in; each step
// says how many it set aside. A turn of 256 ship.move with 254 personnel
// given no place named all of them at every step: 10.8 MB answered.
func TestATurnNamesThePersonnelSetAsideOnce(t *testing.T) {
	for _, edition := range []string{"1e", "2e"} {
		t.Run(edition, func(t *testing.T) {
			m := attemptable(mission("m", "planet", "alpha", 1), "klingon")
			n := mission("n", "planet", "alpha", 1)
			b := rules.Board{
				Missions: []rules.BoardMission{m, n},
				Ships:    []rules.BoardShip{ship("s", "klingon", []string{"command"}, 8, "m")},
				Personnel: []rules.BoardPersonnel{
					person("a", "klingon", []string{"command"}, aboard("s")),
					person("b", "klingon", nil, nil),
					person("c", "klingon", []string{"command"}, nil),
				},
			}
			moves := []obj{
				act("ship.move", obj{"ship": "s", "to": "n"}),
				act("ship.move", obj{"ship": "s", "to": "m"}),
				act("ship.move", obj{"ship": "s", "to": "n"}),
			}
			v, steps := replay(t, edition, "", b, obj{"actions": moves})
			if !allowed(t, v) || len(steps) != len(moves) {
				t.Fatalf("allowed %v, %d steps: %q", allowed(t, v), len(steps), v.Reasons)
			}
			for i, st := range steps {
				said := strings.Join(st.Reasons, " ")
				if !strings.Contains(said, "2 personnel given no place are set aside") || strings.Contains(said, "board.personnel[1]") {
					t.Errorf("step %d does not say how many it set aside, or names them: %q", i, st.Reasons)
				}
			}
			said := strings.Join(v.Reasons, " ")
			for _, path := range []string{"board.personnel[1].at", "board.personnel[2].at"} {
				if k := strings.Count(said, path); k != 1 {
					t.Errorf("the turn names %s %d times: %q", path, k, v.Reasons)
				}
			}
			if !strings.Contains(said, "are set aside in actions 1 to 3") {
				t.Errorf("the turn does not say in which actions they were set aside: %q", v.Reasons)
			}
		})
	}
}
