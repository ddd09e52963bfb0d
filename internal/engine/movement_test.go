package engine_test

import (
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

func crewed(shipID, affiliation string) []rules.BoardPersonnel {
	return []rules.BoardPersonnel{
		person(shipID+"-c", affiliation, []string{"command"}, aboard(shipID)),
		person(shipID+"-s", affiliation, []string{"staff"}, aboard(shipID)),
	}
}

// Range tables: the rulebook example, quadrants and regions in 2E, the
// spaceline in 1E, and the edges the text draws.
func TestShipMove(t *testing.T) {
	region := func(m rules.BoardMission, r string) rules.BoardMission { m.Region = r; return m }
	titled := func(m rules.BoardMission, title string) rules.BoardMission { m.Title = title; return m }
	cases := []struct {
		name      string
		edition   string
		missions  []rules.BoardMission
		from, to  string
		rng, used int
		stop      bool
		crew      bool
		want      bool
		cost      int
	}{
		{"RulebookExampleCostsFive", "2e", []rules.BoardMission{mission("earth", "headquarters", "alpha", 2), mission("renegade", "space", "alpha", 3)}, "earth", "renegade", 8, 0, false, true, true, 5},
		{"ExactRangeIsEnough", "2e", []rules.BoardMission{mission("a", "planet", "alpha", 2), mission("b", "space", "alpha", 3)}, "a", "b", 5, 0, false, true, true, 5},
		{"OneRangeShortIsRefused", "2e", []rules.BoardMission{mission("a", "planet", "alpha", 2), mission("b", "space", "alpha", 3)}, "a", "b", 8, 4, false, true, false, 5},
		{"AcrossQuadrantsAddsTwo", "2e", []rules.BoardMission{mission("a", "planet", "alpha", 2), mission("b", "space", "gamma", 3)}, "a", "b", 8, 0, false, true, true, 7},
		{"AcrossQuadrantsCanBreakTheRange", "2e", []rules.BoardMission{mission("a", "planet", "alpha", 3), mission("b", "space", "delta", 3)}, "a", "b", 7, 0, false, true, false, 8},
		{"WithinARegionSubtractsTwo", "2e", []rules.BoardMission{region(mission("a", "planet", "alpha", 2), "Bajor"), region(mission("b", "space", "alpha", 3), "bajor")}, "a", "b", 8, 0, false, true, true, 3},
		{"DifferentRegionsSubtractNothing", "2e", []rules.BoardMission{region(mission("a", "planet", "alpha", 2), "Bajor"), region(mission("b", "space", "alpha", 3), "Neutral Zone")}, "a", "b", 8, 0, false, true, true, 5},
		{"CopyOfTheSameMissionNeedsNoRange", "2e", []rules.BoardMission{titled(mission("a", "planet", "alpha", 2), "Survey"), titled(mission("b", "planet", "alpha", 2), "Survey")}, "a", "b", 8, 8, false, true, true, 0},
		{"StoppedShipCannotMove", "2e", []rules.BoardMission{mission("a", "planet", "alpha", 2), mission("b", "space", "alpha", 3)}, "a", "b", 8, 0, true, true, false, 5},
		{"UnstaffedShipCannotMove", "2e", []rules.BoardMission{mission("a", "planet", "alpha", 2), mission("b", "space", "alpha", 3)}, "a", "b", 8, 0, false, false, false, 5},
		{"1ERangeAlongTheSpacelineCountsMissionsPassed", "1e", []rules.BoardMission{mission("a", "planet", "alpha", 2), mission("b", "space", "alpha", 3), mission("c", "planet", "alpha", 2), mission("d", "space", "alpha", 4)}, "a", "c", 8, 0, false, true, true, 5},
		{"1ERangeBackAlongTheSpaceline", "1e", []rules.BoardMission{mission("a", "planet", "alpha", 2), mission("b", "space", "alpha", 3), mission("c", "planet", "alpha", 2), mission("d", "space", "alpha", 4)}, "d", "a", 8, 0, false, true, true, 7},
		{"1ENextLocationCostsItsSpan", "1e", []rules.BoardMission{mission("a", "planet", "alpha", 2), mission("b", "space", "alpha", 3)}, "a", "b", 3, 0, false, true, true, 3},
		{"1ESpacelineBeyondTheRangeIsRefused", "1e", []rules.BoardMission{mission("a", "planet", "alpha", 2), mission("b", "space", "alpha", 3), mission("c", "planet", "alpha", 4)}, "a", "c", 6, 0, false, true, false, 7},
		{"1EOtherQuadrantsMissionsAreNotOnTheWay", "1e", []rules.BoardMission{mission("a", "planet", "alpha", 2), mission("g", "space", "gamma", 5), mission("b", "space", "alpha", 3)}, "a", "b", 3, 0, false, true, true, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := ship("s", "federation", []string{"command", "staff"}, c.rng, c.from)
			s.RangeUsed, s.Stopped = c.used, c.stop
			board := rules.Board{Missions: c.missions, Ships: []rules.BoardShip{s}}
			if c.crew {
				board.Personnel = crewed("s", "federation")
			}
			r := req2E("ship.move", board, obj{"ship": "s", "to": c.to})
			r.Edition = c.edition
			v := judge(t, r)
			if allowed(t, v) != c.want {
				t.Errorf("allowed = %v, want %v; reasons %q", !c.want, c.want, v.Reasons)
			}
			if got := num(t, v, "rangeCost"); int(got) != c.cost {
				t.Errorf("rangeCost = %v, want %d; reasons %q", got, c.cost, v.Reasons)
			}
			// A move refused spends nothing: all the Range is left.
			remaining := c.rng - c.used
			if c.want {
				remaining -= c.cost
			}
			if got := num(t, v, "rangeRemaining"); int(got) != remaining {
				t.Errorf("rangeRemaining = %v, want %d", got, remaining)
			}
		})
	}
}

func TestMoveAcrossQuadrantsIsRefused1E(t *testing.T) {
	board := rules.Board{
		Missions:  []rules.BoardMission{mission("a", "planet", "alpha", 2), mission("g", "space", "gamma", 1)},
		Ships:     []rules.BoardShip{ship("s", "federation", []string{"command"}, 9, "a")},
		Personnel: crewed("s", "federation"),
	}
	v := judge(t, req1E("ship.move", board, obj{"ship": "s", "to": "g"}))
	if allowed(t, v) {
		t.Errorf("a 1E ship moved between quadrants; reasons %q", v.Reasons)
	}
	// No spaceline joins the quadrants: the move has no Range cost.
	if cost, ok := resultFields(t, v.Result)["rangeCost"]; !ok || cost != nil || num(t, v, "rangeRemaining") != 9 {
		t.Errorf("result %v, want a null rangeCost and 9 remaining", v.Result)
	}
}

func TestMoveReasonSumsTheSpans(t *testing.T) {
	board := rules.Board{
		Missions:  []rules.BoardMission{mission("Earth", "headquarters", "alpha", 2), mission("Intercept Renegade", "space", "alpha", 3)},
		Ships:     []rules.BoardShip{ship("s", "federation", []string{"command"}, 8, "Earth")},
		Personnel: crewed("s", "federation"),
	}
	for _, doc := range rulebooks2E {
		v := judge(t, under(req2E("ship.move", board, obj{"ship": "s", "to": "Intercept Renegade"}), doc))
		want := "Earth (span 2) + Intercept Renegade (span 3) = 5 Range; 8 available"
		if len(v.Reasons) == 0 || v.Reasons[0] != want {
			t.Errorf("%s: reasons %q, want first %q", doc, v.Reasons, want)
		}
	}
}

// Copies of one mission: the Premiere rulebook lets a ship move between
// them with no span (still a move: staffed, unstopped); the Call to Arms and
// newest rulebooks make them one mission, where cards are relocated freely.
func TestCopiesOfOneMission(t *testing.T) {
	titled := func(m rules.BoardMission) rules.BoardMission { m.Title = "Survey"; return m }
	s := ship("s", "federation", []string{"command"}, 0, "a")
	s.Stopped = true
	board := rules.Board{Missions: []rules.BoardMission{titled(mission("a", "planet", "alpha", 2)), titled(mission("b", "planet", "alpha", 2))},
		Ships: []rules.BoardShip{s}, Personnel: crewed("s", "federation")}
	want := map[string]bool{"2e-rulebook-premiere": false, "2e-rulebook-call-to-arms": true, "2e-rulebook": true}
	for doc, ok := range want {
		v := judge(t, under(req2E("ship.move", board, obj{"ship": "s", "to": "b"}), doc))
		if allowed(t, v) != ok || num(t, v, "rangeCost") != 0 {
			t.Errorf("%s: allowed %v cost %v, want %v 0; reasons %q", doc, *v.Allowed, resultField(t, v.Result, "rangeCost"), ok, v.Reasons)
		}
	}
	board.Ships[0].Stopped = false
	if v := judge(t, under(req2E("ship.move", board, obj{"ship": "s", "to": "b"}), "2e-rulebook-premiere")); !allowed(t, v) {
		t.Errorf("Premiere: an unstopped staffed ship with no Range may move between copies; reasons %q", v.Reasons)
	}
}

func TestOpponentsShipCannotBeMoved(t *testing.T) {
	s := ship("s", "federation", []string{"command"}, 9, "a")
	s.Owner = "opponent"
	crew := crewed("s", "federation")
	for i := range crew {
		crew[i].Owner = "opponent"
	}
	board := rules.Board{Missions: []rules.BoardMission{mission("a", "planet", "alpha", 2), mission("b", "space", "alpha", 1)}, Ships: []rules.BoardShip{s}, Personnel: crew}
	if v := judge(t, req2E("ship.move", board, obj{"ship": "s", "to": "b"})); allowed(t, v) {
		t.Errorf("moved the opponent's ship; reasons %q", v.Reasons)
	}
}

// A damaged 1E ship (rotation damage) has its RANGE reduced to 5, or keeps
// a RANGE already below 5; Range used this turn still counts against it. 2E
// damage does not touch Range.
func TestDamagedShipRange(t *testing.T) {
	line := []rules.BoardMission{mission("a", "planet", "alpha", 2), mission("b", "space", "alpha", 3), mission("c", "planet", "alpha", 3)}
	cases := []struct {
		name            string
		edition         string
		rng, used, dmg  int
		to              string
		want            bool
		cost, available int
	}{
		{"1EDamagedRangeIsReducedToFive", "1e", 8, 0, 1, "c", false, 6, 5},
		{"1EDamagedShipMovesWithinFive", "1e", 8, 0, 1, "b", true, 3, 5},
		{"1EDamagedRangeBelowFiveRemains", "1e", 4, 0, 1, "b", true, 3, 4},
		{"1EDamagedRangeLessWhatWasUsed", "1e", 8, 3, 1, "b", false, 3, 2},
		{"1EUndamagedShipKeepsItsRange", "1e", 8, 0, 0, "c", true, 6, 8},
		{"2EDamageLeavesRangeAlone", "2e", 8, 0, 1, "c", true, 5, 8},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := ship("s", "federation", []string{"command", "staff"}, c.rng, "a")
			s.RangeUsed, s.Damage = c.used, c.dmg
			board := rules.Board{Missions: line, Ships: []rules.BoardShip{s}, Personnel: crewed("s", "federation")}
			r := req2E("ship.move", board, obj{"ship": "s", "to": c.to})
			r.Edition = c.edition
			v := judge(t, r)
			if allowed(t, v) != c.want {
				t.Errorf("allowed = %v, want %v; reasons %q", !c.want, c.want, v.Reasons)
			}
			if got := num(t, v, "rangeCost"); int(got) != c.cost {
				t.Errorf("rangeCost = %v, want %d; reasons %q", got, c.cost, v.Reasons)
			}
			if got := num(t, v, "rangeAvailable"); int(got) != c.available {
				t.Errorf("rangeAvailable = %v, want %d; reasons %q", got, c.available, v.Reasons)
			}
			if c.edition == "1e" && c.dmg > 0 && !citesQuote(v, "reduced to 5") {
				t.Errorf("no citation of the damage rule: %+v", v.Citations)
			}
		})
	}
}

func citesQuote(v *rules.Verdict, words string) bool {
	for _, c := range v.Citations {
		// A symbol the source lost is marked in the quote, and is no word.
		if strings.Contains(rules.WithoutLostSymbols(c.Quote), words) {
			return true
		}
	}
	return false
}
