package engine_test

import (
	"reflect"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Staffing tables from the rulebooks' words: each personnel gives one icon;
// command stands in for staff, never staff for command; stopped personnel
// do not staff; one personnel of the ship's affiliation must be aboard.
func TestShipStaffing(t *testing.T) {
	earth := mission("earth", "planet", "alpha", 2)
	cases := []struct {
		name     string
		edition  string
		staffing []string
		crew     []rules.BoardPersonnel
		want     bool
		missing  []string
	}{
		{"CommandStandsInForStaff", "2e", []string{"staff", "staff"},
			[]rules.BoardPersonnel{person("a", "federation", []string{"command"}, aboard("s")), person("b", "federation", []string{"command"}, aboard("s"))}, true, []string{}},
		{"StaffDoesNotStandInForCommand", "2e", []string{"command"},
			[]rules.BoardPersonnel{person("a", "federation", []string{"staff"}, aboard("s")), person("b", "federation", []string{"staff"}, aboard("s"))}, false, []string{"command"}},
		{"OnePersonnelGivesOneIcon", "2e", []string{"command", "staff"},
			[]rules.BoardPersonnel{person("a", "federation", []string{"command", "staff"}, aboard("s"))}, false, []string{"staff"}},
		{"StoppedPersonnelDoNotStaff", "2e", []string{"command"},
			[]rules.BoardPersonnel{stopped(person("a", "federation", []string{"command"}, aboard("s"))), person("b", "federation", nil, aboard("s"))}, false, []string{"command"}},
		{"NoPersonnelOfTheShipsAffiliation", "2e", []string{"command", "staff"},
			[]rules.BoardPersonnel{person("a", "bajoran", []string{"command"}, aboard("s")), person("b", "klingon", []string{"staff"}, aboard("s"))}, false, []string{}},
		{"OtherAffiliationsStaffWithOneOfTheShips", "2e", []string{"command", "staff"},
			[]rules.BoardPersonnel{person("a", "bajoran", []string{"command"}, aboard("s")), person("b", "klingon", []string{"staff"}, aboard("s")), person("c", "federation", nil, aboard("s"))}, true, []string{}},
		{"OpponentsPersonnelDoNotStaff", "2e", []string{"command"},
			[]rules.BoardPersonnel{opp(person("a", "federation", []string{"command"}, aboard("s")))}, false, []string{"command"}},
		{"PersonnelOnThePlanetDoNotStaff", "2e", []string{"command"},
			[]rules.BoardPersonnel{person("a", "federation", []string{"command"}, at("earth"))}, false, []string{"command"}},
		{"CommandKeptForTheCommandIcon", "2e", []string{"staff", "command"},
			[]rules.BoardPersonnel{person("a", "federation", []string{"command"}, aboard("s")), person("b", "federation", []string{"command"}, aboard("s"))}, true, []string{}},
		{"1ECommandActsAsStaff", "1e", []string{"staff", "staff"},
			[]rules.BoardPersonnel{person("a", "federation", []string{"command"}, aboard("s")), person("b", "federation", []string{"staff"}, aboard("s"))}, true, []string{}},
		{"1ENonAlignedCrewIsCompatible", "1e", []string{"command", "staff"},
			[]rules.BoardPersonnel{person("a", "non-aligned", []string{"command"}, aboard("s")), person("b", "federation", []string{"staff"}, aboard("s"))}, true, []string{}},
		{"1EIncompatibleCrewDoesNotStaff", "1e", []string{"command", "staff"},
			[]rules.BoardPersonnel{person("a", "bajoran", []string{"command"}, aboard("s")), person("b", "federation", []string{"staff"}, aboard("s"))}, false, []string{"command"}},
		{"1EShipWithoutStaffingNeedsOneOfItsAffiliation", "1e", nil,
			[]rules.BoardPersonnel{person("a", "federation", nil, aboard("s"))}, true, []string{}},
		{"1EStoppedPersonnelDoNotStaff", "1e", []string{"command"},
			[]rules.BoardPersonnel{stopped(person("a", "federation", []string{"command"}, aboard("s"))), person("b", "federation", nil, aboard("s"))}, false, []string{"command"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			board := rules.Board{Missions: []rules.BoardMission{earth}, Ships: []rules.BoardShip{ship("s", "federation", c.staffing, 8, "earth")}, Personnel: c.crew}
			r := req2E("ship.staffed", board, obj{"ship": "s"})
			r.Edition = c.edition
			v := judge(t, r)
			if allowed(t, v) != c.want {
				t.Errorf("staffed = %v, want %v; reasons %q", !c.want, c.want, v.Reasons)
			}
			if got := roundTrip(t, v.Result["missing"]); !reflect.DeepEqual(got, roundTrip(t, c.missing)) {
				t.Errorf("missing = %v, want %v", got, c.missing)
			}
		})
	}
}

func TestStaffingAssignsEachPersonnelOneIcon(t *testing.T) {
	board := rules.Board{
		Missions: []rules.BoardMission{mission("earth", "headquarters", "alpha", 2)},
		Ships:    []rules.BoardShip{ship("s", "federation", []string{"command", "staff", "staff"}, 8, "earth")},
		Personnel: []rules.BoardPersonnel{
			person("a", "federation", []string{"command"}, aboard("s")),
			person("b", "federation", []string{"staff"}, aboard("s")),
			person("c", "federation", []string{"command"}, aboard("s")),
		},
	}
	v := judge(t, req2E("ship.staffed", board, obj{"ship": "s"}))
	want := map[string]any{"a": "command", "b": "staff", "c": "staff"}
	if got := roundTrip(t, v.Result["assignment"]); !reflect.DeepEqual(got, want) {
		t.Errorf("assignment = %v, want %v", got, want)
	}
}
