package engine_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A personnel aboard whose statistic the staffing reads is not given (its
// icons; in 1E its affiliation, which says whether it may staff at all; in
// 2E its affiliation, which says only whether it is the one of the ship's)
// is asked for when the ship is not staffed without it, and set aside when
// it is: more crew never unstaffs a ship. ship.staffed answers the same,
// its figures (who covers each icon, who is of the ship's affiliation) of
// the others and naming it in unknown.
func TestACrewMemberNotFullyGivenIsAskedForOnlyWhereTheStaffingTurnsOnIt(t *testing.T) {
	w := realWorld(t)
	noIcons := func(p rules.BoardPersonnel) rules.BoardPersonnel { p.Icons = nil; return p }
	noAff := func(p rules.BoardPersonnel) rules.BoardPersonnel { p.Affiliation = ""; return p }
	cmdr := person("zc", "federation", []string{"command"}, aboard("s"))
	staff := person("zs", "federation", []string{"staff"}, aboard("s"))
	missions := []rules.BoardMission{mission("m", "planet", "alpha", 2), mission("n", "space", "alpha", 3)}
	board := func(staffing []string, crew ...rules.BoardPersonnel) rules.Board {
		return rules.Board{Missions: missions, Ships: []rules.BoardShip{ship("s", "federation", staffing, 8, "m")}, Personnel: crew}
	}
	move := obj{"ship": "s", "to": "n"}
	cases := []struct {
		name    string
		first   bool
		board   rules.Board
		allowed bool   // when needs is ""
		field   string // the 422's field, when it asks
		needs   string
	}{
		{"2E staffed by a known commander, another's icons not given", false, board([]string{"command"}, cmdr, noIcons(staff)), true, "", ""},
		{"2E the staff icon only the unknown one could give", false, board([]string{"command", "staff"}, cmdr, noIcons(staff)), false, "board.personnel[1]", "icons"},
		{"2E the commander's affiliation not given, the other of the ship's", false, board([]string{"command", "staff"}, noAff(cmdr), staff), true, "", ""},
		{"2E nobody known of the ship's affiliation", false, board([]string{"command"}, noAff(cmdr)), false, "board.personnel[0]", "affiliation"},
		{"2E a staff icon missing whatever the unknown affiliation", false, board([]string{"command", "staff"}, noAff(cmdr)), false, "", ""},
		{"1E staffed by a known commander, another's affiliation not given", true, board([]string{"command"}, cmdr, noAff(staff)), true, "", ""},
		{"1E the only commander's affiliation not given", true, board([]string{"command"}, noAff(cmdr), staff), false, "board.personnel[0]", "affiliation"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := req2E("ship.move", c.board, move)
			if c.first {
				r = req1E("ship.move", c.board, move)
			}
			v, err := ask(context.Background(), w.svc, r)
			if c.needs != "" {
				d := rules.ErrorDetails(err)
				if rules.ErrorCode(err) != rules.EUNPROCESSABLE || d["field"] != c.field || d["needs"] != c.needs {
					t.Fatalf("err %v (details %v), want 422 naming %s, needs %s", err, d, c.field, c.needs)
				}
				return
			}
			if err != nil {
				t.Fatalf("adjudicate: %v (details %v)", err, rules.ErrorDetails(err))
			}
			if allowed(t, v) != c.allowed {
				t.Fatalf("allowed %v, want %v: %q", !c.allowed, c.allowed, v.Reasons)
			}
			if c.allowed && !strings.Contains(strings.Join(v.Reasons, " "), "staffed without them") {
				t.Errorf("the verdict does not say who was set aside: %q", v.Reasons)
			}
			if !quotes(v, "staff") {
				t.Errorf("no staffing rule cited: %+v", v.Citations)
			}
			// ship.staffed answers as the move does, its figures naming
			// who was set aside as unknown, never counted as giving none.
			sr := req2E("ship.staffed", c.board, obj{"ship": "s"})
			sr.Edition = r.Edition
			sv, err := ask(context.Background(), w.svc, sr)
			if err != nil {
				t.Fatalf("ship.staffed: %v (details %v)", err, rules.ErrorDetails(err))
			}
			res, ok := sv.Result.(*rules.ShipStaffedResult)
			if allowed(t, sv) != c.allowed || !ok || len(res.Unknown) != 1 {
				t.Fatalf("ship.staffed: allowed %v, result %+v, want allowed %v and one unknown", allowed(t, sv), sv.Result, c.allowed)
			}
			if _, covers := res.Assignment[res.Unknown[0]]; covers && c.first {
				t.Errorf("ship.staffed: %s, not known to be compatible, covers an icon: %+v", res.Unknown[0], res)
			}
			if slices.Contains(res.Affiliated, res.Unknown[0]) {
				t.Errorf("ship.staffed: %s is said to be of the ship's affiliation: %+v", res.Unknown[0], res)
			}
		})
	}
}

// A 2E card played with no counters given (for the play, or for the turn
// it is played in, none spent yet) is judged against a turn's seven, none
// spent, and the verdict says it read them so; given, nothing more is said.
func TestCountersNotGivenAreSaidToBeReadAsATurnsSeven(t *testing.T) {
	board := rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 2)}}
	event := obj{"title": "Zq Notice", "type": "event", "cost": 3}
	said := func(v *rules.Verdict) bool {
		return strings.Contains(strings.Join(v.Reasons, " "), "No counters left were given")
	}
	v := judge(t, req2E("card.play", board, obj{"card": event}))
	if !allowed(t, v) || !said(v) || v.Result == nil {
		t.Fatalf("no counters: allowed %v, reasons %q", deref(v.Allowed), v.Reasons)
	}
	if !quotes(v, "enough counters") {
		t.Errorf("no citation of paying costs: %+v", v.Citations)
	}
	if v := judge(t, req2E("card.play", board, obj{"card": event, "counters": 2})); allowed(t, v) || said(v) {
		t.Errorf("two counters given: allowed %v, reasons %q", deref(v.Allowed), v.Reasons)
	}
	for _, c := range []struct {
		params obj
		want   bool
	}{
		{obj{"actions": []obj{{"question": "card.play", "params": obj{"card": event}}}}, true},
		{obj{"actions": []obj{{"question": "card.play", "params": obj{"card": event}}}, "counters": 7}, false},
	} {
		v := judge(t, req2E("turn.replay", board, c.params))
		b, _ := json.Marshal(v.Result)
		if !allowed(t, v) || strings.Contains(string(b), "No counters left were given") != c.want {
			t.Errorf("a turn %v: allowed %v, the step says the counters were read as seven: %v, want %v: %s", c.params["counters"], deref(v.Allowed), !c.want, c.want, b)
		}
	}
}
