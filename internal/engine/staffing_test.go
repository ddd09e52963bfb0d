package engine_test

import (
	"reflect"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A staffingCase is a ship's staffing and the crew aboard it: whether the
// crew staffs it, and the staffing lines left missing.
type staffingCase struct {
	name     string
	edition  string
	staffing []string
	crew     []rules.BoardPersonnel
	want     bool
	missing  []string
}

// runStaffingCases asks ship.staffed of each case's ship at the mission.
func runStaffingCases(t *testing.T, at rules.BoardMission, cases []staffingCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			board := rules.Board{Missions: []rules.BoardMission{at}, Ships: []rules.BoardShip{ship("s", "federation", c.staffing, 8, at.ID)}, Personnel: c.crew}
			r := req2E("ship.staffed", board, obj{"ship": "s"})
			r.Edition = c.edition
			v := judge(t, r)
			if allowed(t, v) != c.want {
				t.Errorf("staffed = %v, want %v; reasons %q", !c.want, c.want, v.Reasons)
			}
			if got := resultField(t, v.Result, "missing"); !reflect.DeepEqual(got, roundTrip(t, c.missing)) {
				t.Errorf("missing = %v, want %v", got, c.missing)
			}
		})
	}
}

// Staffing tables from the rulebooks' words: each personnel gives one icon;
// command stands in for staff, never staff for command; stopped personnel
// do not staff; one personnel of the ship's affiliation must be aboard.
func TestShipStaffing(t *testing.T) {
	earth := mission("earth", "planet", "alpha", 2)
	cases := []staffingCase{
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
	runStaffingCases(t, earth, cases)
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
	if got := resultField(t, v.Result, "assignment"); !reflect.DeepEqual(got, want) {
		t.Errorf("assignment = %v, want %v", got, want)
	}
}

// 1E staffing lines other than icons, from the 1E rulebook, STAFFING AND
// MOVING SHIPS ("specific skills, such as Empathy x2, or a species of
// personnel"): a skill line is met by one personnel with the skill at that
// level, a species or characteristic line by a personnel of it, each
// personnel filling one line; a 2E staffing line is an icon.
func TestFirstEditionStaffingLinesNameSkillsSpeciesAndCharacteristics(t *testing.T) {
	crew := func(id string, icons []string, change func(p *rules.BoardPersonnel), skills ...string) rules.BoardPersonnel {
		p := person(id, "federation", icons, aboard("s"), skills...)
		p.Species = "Human" // a species line reads every crew member's species
		if change != nil {
			change(&p)
		}
		return p
	}
	species := func(s string) func(p *rules.BoardPersonnel) { return func(p *rules.BoardPersonnel) { p.Species = s } }
	characteristic := func(c string) func(p *rules.BoardPersonnel) {
		return func(p *rules.BoardPersonnel) { p.Characteristics = []string{c} }
	}
	cases := []staffingCase{
		{"SkillLineMetByOnePersonnelAtItsLevel", "1e", []string{"Empathy x2"},
			[]rules.BoardPersonnel{crew("a", nil, nil, "Empathy x2")}, true, []string{}},
		{"SkillLineNotMetBelowItsLevel", "1e", []string{"Empathy x2"},
			[]rules.BoardPersonnel{crew("a", nil, nil, "Empathy")}, false, []string{"Empathy x2"}},
		{"SkillLineIsNotAnIcon", "1e", []string{"command", "Empathy"},
			[]rules.BoardPersonnel{crew("a", []string{"command"}, nil), crew("b", nil, nil, "Empathy")}, true, []string{}},
		{"OnePersonnelFillsOneLine", "1e", []string{"command", "Empathy"},
			[]rules.BoardPersonnel{crew("a", []string{"command"}, nil, "Empathy")}, false, []string{"command"}},
		{"SpeciesLineMetByThatSpecies", "1e", []string{"staff", "Vulcan"},
			[]rules.BoardPersonnel{crew("a", []string{"staff"}, nil), crew("b", nil, species("Vulcan"))}, true, []string{}},
		{"SpeciesLineNotMetByAnother", "1e", []string{"Vulcan"},
			[]rules.BoardPersonnel{crew("a", []string{"command"}, species("Human"))}, false, []string{"Vulcan"}},
		{"SpeciesLineMetByAPersonnelOfTwoSpecies", "1e", []string{"Vulcan"},
			[]rules.BoardPersonnel{crew("a", nil, species("Human, Vulcan"))}, true, []string{}},
		{"SpeciesTheCardDataLacksIsStillASpecies", "1e", []string{"Vorta"},
			[]rules.BoardPersonnel{crew("a", nil, species("Vorta"))}, true, []string{}},
		{"CharacteristicLineMetByThatCharacteristic", "1e", []string{"command", "V.I.P."},
			[]rules.BoardPersonnel{crew("a", []string{"command"}, nil), crew("b", nil, characteristic("V.I.P."))}, true, []string{}},
		{"SpeciesLineWithANumberAsksForThatMany", "1e", []string{"Vulcan x2"},
			[]rules.BoardPersonnel{crew("a", nil, species("Vulcan")), crew("b", nil, species("Human"))}, false, []string{"Vulcan"}},
		{"TwoOfTheSpeciesMeetIt", "1e", []string{"Vulcan x2"},
			[]rules.BoardPersonnel{crew("a", nil, species("Vulcan")), crew("b", nil, species("Vulcan"))}, true, []string{}},
		{"StoppedPersonnelFillNoLine", "1e", []string{"Vulcan"},
			[]rules.BoardPersonnel{stopped(crew("a", nil, species("Vulcan"))), crew("b", nil, nil)}, false, []string{"Vulcan"}},
		{"SkillsAndIconsTogether", "1e", []string{"command", "staff", "Empathy x2"},
			[]rules.BoardPersonnel{crew("a", []string{"command"}, nil), crew("b", []string{"command"}, nil), crew("c", nil, nil, "Empathy x2")}, true, []string{}},
		{"2ELinesAreIcons", "2e", []string{"Vulcan"},
			[]rules.BoardPersonnel{crew("a", []string{"command"}, species("Vulcan"))}, false, []string{"vulcan"}},
	}
	earth := mission("earth", "planet", "alpha", 2)
	runStaffingCases(t, earth, cases)
}
