package engine_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

func attemptable(m rules.BoardMission, affiliations ...string) rules.BoardMission {
	m.Affiliations = affiliations
	return m
}

// Mission attempt tables: who attempts (on the planet versus aboard), the
// affiliation match, stopped personnel, headquarters and ownership, and the
// dilemma count less those already overcome.
func TestMissionAttempt(t *testing.T) {
	planet := attemptable(mission("p", "planet", "alpha", 2), "federation")
	space := attemptable(mission("sp", "space", "alpha", 3), "federation")
	hq := attemptable(mission("hq", "headquarters", "alpha", 2), "federation")
	theirs := planet
	theirs.Owner = "opponent"
	done := planet
	done.Completed = true
	overcome := planet
	overcome.OvercomeDilemmas = 3
	cases := []struct {
		name      string
		edition   string
		missions  []rules.BoardMission
		personnel []rules.BoardPersonnel
		params    obj
		want      bool
		attempt   []string
		drawn     int
	}{
		{"PlanetIsAttemptedByPersonnelOnThePlanet", "2e", []rules.BoardMission{planet},
			[]rules.BoardPersonnel{person("a", "federation", nil, at("p")), person("b", "federation", nil, at("p")), person("c", "federation", nil, aboard("s"))},
			obj{"mission": "p"}, true, []string{"a", "b"}, 2},
		{"StoppedPersonnelDoNotAttempt", "2e", []rules.BoardMission{planet},
			[]rules.BoardPersonnel{person("a", "federation", nil, at("p")), stopped(person("b", "federation", nil, at("p")))},
			obj{"mission": "p"}, true, []string{"a"}, 1},
		{"OpponentsPersonnelDoNotAttempt", "2e", []rules.BoardMission{planet},
			[]rules.BoardPersonnel{person("a", "federation", nil, at("p")), opp(person("b", "federation", nil, at("p")))},
			obj{"mission": "p"}, true, []string{"a"}, 1},
		{"SpaceIsAttemptedByTheCrewOfOneShip", "2e", []rules.BoardMission{space},
			[]rules.BoardPersonnel{person("a", "federation", nil, aboard("s")), person("b", "bajoran", nil, aboard("s")), person("c", "federation", nil, aboard("t"))},
			obj{"mission": "sp", "ship": "s"}, true, []string{"a", "b"}, 2},
		{"OneMatchingAffiliationIsEnough", "2e", []rules.BoardMission{planet},
			[]rules.BoardPersonnel{person("a", "bajoran", nil, at("p")), person("b", "federation", nil, at("p"))},
			obj{"mission": "p"}, true, []string{"a", "b"}, 2},
		{"NoMatchingAffiliationIsRefused", "2e", []rules.BoardMission{planet},
			[]rules.BoardPersonnel{person("a", "bajoran", nil, at("p")), person("b", "klingon", nil, at("p"))},
			obj{"mission": "p"}, false, []string{"a", "b"}, 2},
		{"HeadquartersCannotBeAttempted", "2e", []rules.BoardMission{hq},
			[]rules.BoardPersonnel{person("a", "federation", nil, at("hq"))},
			obj{"mission": "hq"}, false, []string{}, -1},
		{"OpponentsMissionCannotBeAttempted", "2e", []rules.BoardMission{theirs},
			[]rules.BoardPersonnel{person("a", "federation", nil, at("p"))},
			obj{"mission": "p"}, false, []string{"a"}, 1},
		{"CompletedMissionCannotBeAttemptedAgain", "2e", []rules.BoardMission{done},
			[]rules.BoardPersonnel{person("a", "federation", nil, at("p"))},
			obj{"mission": "p"}, false, []string{"a"}, 1},
		{"OvercomeDilemmasAreSubtracted", "2e", []rules.BoardMission{overcome},
			[]rules.BoardPersonnel{person("a", "federation", nil, at("p")), person("b", "federation", nil, at("p"))},
			obj{"mission": "p"}, true, []string{"a", "b"}, 0},
		{"NobodyThereIsRefused", "2e", []rules.BoardMission{planet},
			[]rules.BoardPersonnel{person("a", "federation", nil, aboard("s"))},
			obj{"mission": "p"}, false, []string{}, 0},
		{"1EEitherPlayersMissionMayBeAttempted", "1e", []rules.BoardMission{theirs},
			[]rules.BoardPersonnel{person("a", "federation", nil, at("p"))},
			obj{"mission": "p"}, true, []string{"a"}, -1},
		{"1ESpaceCrewNeedsOneOfTheShipsAffiliation", "1e", []rules.BoardMission{space},
			[]rules.BoardPersonnel{person("a", "federation", nil, aboard("k"))},
			obj{"mission": "sp", "ship": "k"}, false, []string{"a"}, -1},
		{"1ENoMatchingAffiliationIsRefused", "1e", []rules.BoardMission{planet},
			[]rules.BoardPersonnel{person("a", "klingon", nil, at("p"))},
			obj{"mission": "p"}, false, []string{"a"}, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			where := c.missions[0].ID
			board := rules.Board{Missions: c.missions,
				Ships:     []rules.BoardShip{ship("s", "federation", []string{"command"}, 8, where), ship("t", "federation", []string{"command"}, 8, where), ship("k", "klingon", []string{"command"}, 8, where)},
				Personnel: c.personnel}
			r := req2E("mission.attempt", board, c.params)
			r.Edition = c.edition
			v := judge(t, r)
			if allowed(t, v) != c.want {
				t.Errorf("allowed = %v, want %v; reasons %q", !c.want, c.want, v.Reasons)
			}
			if got := resultField(t, v.Result, "personnel"); !reflect.DeepEqual(got, roundTrip(t, c.attempt)) {
				t.Errorf("personnel = %v, want %v", got, c.attempt)
			}
			if c.drawn < 0 {
				// 1E dilemmas are seeded, not drawn; a headquarters is never
				// attempted: the figures are null.
				for _, f := range []string{"dilemmasDrawn", "dilemmaBudget"} {
					if got, ok := resultFields(t, v.Result)[f]; !ok || got != nil {
						t.Errorf("%s = %v (present %v), want null", f, got, ok)
					}
				}
			} else {
				if got := num(t, v, "dilemmasDrawn"); int(got) != c.drawn {
					t.Errorf("dilemmasDrawn = %v, want %d", got, c.drawn)
				}
				if got := num(t, v, "dilemmaBudget"); int(got) != c.drawn {
					t.Errorf("dilemmaBudget = %v, want %d", got, c.drawn)
				}
			}
		})
	}
}

// Requirement tables in both notations: skill levels summed across
// personnel, attribute totals strictly greater, names case-insensitive,
// alternatives, titles, and stopped personnel by edition.
func TestRequirementCheck(t *testing.T) {
	skilled := func(id string, c int, skills ...string) rules.BoardPersonnel {
		return cunning(person(id, "federation", nil, at("m"), skills...), c)
	}
	data := skilled("data", 12, "2 Science")
	data.Title = "Data"
	cases := []struct {
		name, edition, requirement string
		personnel                  []rules.BoardPersonnel
		want                       bool
	}{
		{"SkillLevelsSumAcrossPersonnel", "2e", "2 Diplomacy", []rules.BoardPersonnel{skilled("a", 5, "Diplomacy"), skilled("b", 5, "Diplomacy")}, true},
		{"OneLevelShortFails", "2e", "3 Diplomacy", []rules.BoardPersonnel{skilled("a", 5, "2 Diplomacy")}, false},
		{"TwoLevelsMeetOne", "2e", "Diplomacy", []rules.BoardPersonnel{skilled("a", 5, "2 Diplomacy")}, true},
		{"AttributeEqualToTheThresholdFails", "2e", "Cunning>34", []rules.BoardPersonnel{skilled("a", 17), skilled("b", 17)}, false},
		{"AttributeOneOverTheThresholdIsMet", "2e", "Cunning>34", []rules.BoardPersonnel{skilled("a", 17), skilled("b", 18)}, true},
		{"OnePersonnelGivesSeveralSkills", "2e", "Engineer, Geology, and Cunning>4", []rules.BoardPersonnel{skilled("a", 5, "Engineer", "Geology")}, true},
		{"NestedAlternativesAreMet", "2e", "Engineer, Geology, Cunning>8, and (Acquisition or Law or 2 Treachery)", []rules.BoardPersonnel{skilled("a", 5, "Engineer", "Geology"), skilled("b", 5, "Treachery", "Treachery")}, true},
		{"NestedAlternativesUnmet", "2e", "Engineer, Geology, Cunning>8, and (Acquisition or Law or 2 Treachery)", []rules.BoardPersonnel{skilled("a", 5, "Engineer", "Geology"), skilled("b", 5, "Treachery")}, false},
		{"SecondRequirementSetIsEnough", "2e", "Astrometrics, Diplomacy, Officer, and Integrity>25 or Navigation, Security, Treachery, and Cunning>9", []rules.BoardPersonnel{skilled("a", 5, "Navigation", "Security"), skilled("b", 5, "Treachery")}, true},
		{"NeitherRequirementSet", "2e", "Astrometrics, Diplomacy, Officer, and Integrity>25 or Navigation, Security, Treachery, and Cunning>10", []rules.BoardPersonnel{skilled("a", 5, "Navigation", "Security"), skilled("b", 5, "Treachery")}, false},
		{"PersonnelRequiredByTitle", "2e", "Data and Science", []rules.BoardPersonnel{data}, true},
		{"StoppedPersonnelDoNotHelp2E", "2e", "Medical", []rules.BoardPersonnel{stopped(skilled("a", 5, "Medical"))}, false},
		{"1EMultiplierNotation", "1e", "Computer Skill x2 OR SCIENCE x3", []rules.BoardPersonnel{skilled("a", 5, "Computer Skill"), skilled("b", 5, "computer skill")}, true},
		{"1ESecondAlternative", "1e", "Computer Skill x2 OR SCIENCE x3", []rules.BoardPersonnel{skilled("a", 5, "Science x2"), skilled("b", 5, "SCIENCE")}, true},
		{"1ENeitherAlternative", "1e", "Computer Skill x2 OR SCIENCE x3", []rules.BoardPersonnel{skilled("a", 5, "Computer Skill", "Science x2")}, false},
		{"1EPlusJoinsSkills", "1e", "MEDICAL + SECURITY", []rules.BoardPersonnel{skilled("a", 5, "Medical"), skilled("b", 5, "Security")}, true},
		{"1EPlusNeedsBoth", "1e", "MEDICAL + SECURITY", []rules.BoardPersonnel{skilled("a", 5, "Medical")}, false},
		{"1EStrengthOfFortyFailsGreaterThanForty", "1e", "STRENGTH>40", []rules.BoardPersonnel{strength(skilled("a", 5), 20), strength(skilled("b", 5), 20)}, false},
		{"1EStrengthOfFortyOneIsMet", "1e", "STRENGTH>40", []rules.BoardPersonnel{strength(skilled("a", 5), 20), strength(skilled("b", 5), 21)}, true},
		// 1E: only "unstopped" personnel can meet mission requirements.
		{"1EStoppedPersonnelDoNotHelp", "1e", "MEDICAL", []rules.BoardPersonnel{stopped(skilled("a", 5, "Medical"))}, false},
		{"1EStoppedPersonnelAddNoAttribute", "1e", "STRENGTH>40", []rules.BoardPersonnel{strength(skilled("a", 5), 30), stopped(strength(skilled("b", 5), 30))}, false},
		{"1EUnstoppedPersonnelStillMeetIt", "1e", "MEDICAL + SECURITY", []rules.BoardPersonnel{skilled("a", 5, "Medical"), stopped(skilled("b", 5, "Security")), skilled("c", 5, "Security")}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := checkAgainst(t, c.edition, c.requirement, c.personnel)
			if allowed(t, v) != c.want {
				t.Errorf("met = %v, want %v; reasons %q", !c.want, c.want, v.Reasons)
			}
			missing, _ := resultField(t, v.Result, "missing").([]any)
			if c.want == (len(missing) > 0) {
				t.Errorf("missing = %v with met %v", missing, c.want)
			}
			var leftOut []any
			for _, p := range c.personnel {
				if p.Stopped {
					leftOut = append(leftOut, p.ID)
				}
			}
			if got, _ := resultField(t, v.Result, "stopped").([]any); len(got) != len(leftOut) || (len(got) > 0 && !reflect.DeepEqual(got, leftOut)) {
				t.Errorf("stopped = %v, want %v", got, leftOut)
			}
			if len(leftOut) > 0 && !strings.Contains(strings.Join(v.Reasons, " "), "left out") {
				t.Errorf("no reason names who was left out: %q", v.Reasons)
			}
		})
	}
}

func TestMissionRequirementsDefaultToThoseWhoWouldAttempt(t *testing.T) {
	m := attemptable(mission("m", "planet", "alpha", 2), "federation")
	m.Requirements = "Geology, Physics, and Cunning>14"
	m.Points = ip(30)
	board := rules.Board{Missions: []rules.BoardMission{m}, Ships: []rules.BoardShip{ship("s", "federation", nil, 8, "m")}, Personnel: []rules.BoardPersonnel{
		person("a", "federation", nil, at("m"), "Geology"),
		person("b", "federation", nil, at("m"), "Physics"),
		person("c", "federation", nil, at("m")),
		stopped(person("d", "federation", nil, at("m"), "Biology")),
		person("e", "federation", nil, aboard("s"), "Physics"),
	}}
	v := judge(t, req2E("mission.requirements", board, obj{"mission": "m"}))
	if !allowed(t, v) {
		t.Errorf("requirements not met; reasons %q", v.Reasons)
	}
	want := map[string]any{"name": "cunning", "total": 15.0, "threshold": 14.0}
	if got := resultField(t, v.Result, "attribute"); !reflect.DeepEqual(got, want) {
		t.Errorf("attribute = %v, want %v", got, want)
	}
	if got := num(t, v, "points"); got != 30 {
		t.Errorf("points = %v", got)
	}
	// The same three with Cunning 15 fail a threshold of 15.
	board.Missions[0].Requirements = "Geology, Physics, and Cunning>15"
	if v := judge(t, req2E("mission.requirements", board, obj{"mission": "m"})); allowed(t, v) {
		t.Errorf("Cunning 15 met Cunning>15")
	}
}

func TestMissionRequirementsNeedAMatchingAffiliationIn1E(t *testing.T) {
	m := attemptable(mission("m", "planet", "alpha", 2), "klingon")
	m.Requirements = "MEDICAL"
	board := rules.Board{Missions: []rules.BoardMission{m}, Personnel: []rules.BoardPersonnel{person("a", "federation", nil, at("m"), "Medical")}}
	if v := judge(t, req1E("mission.requirements", board, obj{"mission": "m"})); allowed(t, v) {
		t.Errorf("1E requirements met without a matching affiliation; reasons %q", v.Reasons)
	}
	if v := judge(t, req2E("mission.requirements", board, obj{"mission": "m"})); !allowed(t, v) {
		t.Errorf("2E requirements need no matching affiliation; reasons %q", v.Reasons)
	}
}

// Copies of one mission are one mission in 2E, under every rulebook
// (Premiere glossary "missions": "all of the cards at those copies are at
// the same mission"; Call to Arms and newest: "all of the personnel,
// equipment, and ships at those copies are at the same mission"): your
// personnel on the planet of an opponent's copy attempt your copy with
// those on yours, and a ship at the opponent's copy attempts yours.
func TestMissionAttemptAtCopiesOfOneMission(t *testing.T) {
	mine := attemptable(mission("mine", "planet", "alpha", 2), "federation")
	mine.Title = "Zq Survey"
	theirs := mine
	theirs.ID, theirs.Owner = "theirs", "opponent"
	spaceMine := attemptable(mission("smine", "space", "alpha", 3), "federation")
	spaceMine.Title = "Zq Rift"
	spaceTheirs := spaceMine
	spaceTheirs.ID, spaceTheirs.Owner = "stheirs", "opponent"
	other := attemptable(mission("other", "planet", "alpha", 2), "federation")
	board := rules.Board{
		Missions: []rules.BoardMission{mine, theirs, spaceMine, spaceTheirs, other},
		Ships:    []rules.BoardShip{ship("s", "federation", nil, 8, "stheirs")},
		Personnel: []rules.BoardPersonnel{
			person("a", "federation", nil, at("mine")), person("b", "bajoran", nil, at("theirs")),
			person("c", "federation", nil, at("other")), person("d", "federation", nil, aboard("s")),
		},
	}
	cases := []struct {
		name    string
		params  obj
		want    bool
		attempt []string
	}{
		{"PersonnelOnBothCopiesAttemptYours", obj{"mission": "mine"}, true, []string{"a", "b"}},
		{"AShipAtTheOpponentsCopyAttemptsYours", obj{"mission": "smine", "ship": "s"}, true, []string{"d"}},
		{"YourOnlyShipAtACopyIsChosen", obj{"mission": "smine"}, true, []string{"d"}},
		{"TheOpponentsCopyIsStillTheirs", obj{"mission": "theirs"}, false, []string{"a", "b"}},
		{"AnotherMissionIsNotACopy", obj{"mission": "other"}, true, []string{"c"}},
	}
	for _, doc := range rulebooks2E {
		for _, c := range cases {
			t.Run(doc+"/"+c.name, func(t *testing.T) {
				v := judge(t, under(req2E("mission.attempt", board, c.params), doc))
				if allowed(t, v) != c.want {
					t.Errorf("allowed = %v, want %v; reasons %q", !c.want, c.want, v.Reasons)
				}
				if got := resultField(t, v.Result, "personnel"); !reflect.DeepEqual(got, roundTrip(t, c.attempt)) {
					t.Errorf("personnel = %v, want %v", got, c.attempt)
				}
				if c.name != "AnotherMissionIsNotACopy" && !quotes(v, "copy of the same mission") {
					t.Errorf("no citation of copies of one mission: %+v", v.Citations)
				}
			})
		}
	}
	// In 1E copies are locations of their own.
	v := judge(t, req1E("mission.attempt", board, obj{"mission": "mine"}))
	if got := resultField(t, v.Result, "personnel"); !reflect.DeepEqual(got, []any{"a"}) {
		t.Errorf("1E personnel = %v", got)
	}
}

// A mission with no affiliation icons cannot be attempted: a verdict, not
// an error (1E rulebook, ATTEMPTING MISSIONS: "If there are no such icons
// or game text, that mission cannot be attempted"; the contract: a 1E
// mission whose affiliations is [] has no affiliation icons). Affiliations
// not given at all are not known, which is an error naming the field.
func TestMissionWithNoAffiliationIconsCannotBeAttempted(t *testing.T) {
	none := attemptable(mission("m", "planet", "alpha", 2))
	none.Affiliations = []string{}
	board := rules.Board{Missions: []rules.BoardMission{none}, Personnel: []rules.BoardPersonnel{person("a", "federation", nil, at("m"))}}
	for _, doc := range []string{"1e-rulebook", "1e-current-rulings"} {
		v := judge(t, under(req1E("mission.attempt", board, obj{"mission": "m"}), doc))
		if allowed(t, v) {
			t.Errorf("%s: attempt allowed; reasons %q", doc, v.Reasons)
		}
		if !quotes(v, "cannot be attempted") {
			t.Errorf("%s: no citation of the sentence that refuses: %+v", doc, v.Citations)
		}
	}
	v := judge(t, req2E("mission.attempt", board, obj{"mission": "m"}))
	if allowed(t, v) || !quotes(v, "affiliation icon") {
		t.Errorf("2E: allowed %v; citations %+v", deref(v.Allowed), v.Citations)
	}
	board.Missions[0].Affiliations = nil
	if got := refuse(t, req1E("mission.attempt", board, obj{"mission": "m"})); got != "board.missions[0]" {
		t.Errorf("unknown affiliations: field %q", got)
	}
}

// A 1E mission with no affiliation icons cannot be completed either: its
// requirements met by those there do not complete it.
func TestMissionRequirementsOfAMissionWithNoAffiliationIcons1E(t *testing.T) {
	none := mission("m", "planet", "alpha", 2)
	none.Affiliations, none.Requirements = []string{}, "MEDICAL"
	board := rules.Board{Missions: []rules.BoardMission{none}, Personnel: []rules.BoardPersonnel{person("a", "federation", nil, at("m"), "Medical")}}
	v := judge(t, req1E("mission.requirements", board, obj{"mission": "m"}))
	if allowed(t, v) || !quotes(v, "that mission cannot be attempted") {
		t.Errorf("allowed %v; reasons %q; citations %+v", deref(v.Allowed), v.Reasons, v.Citations)
	}
}

// A space mission (1E: or a dual one) where the attempting player has no
// ship is a verdict, not a request to complete: the attempt cannot begin.
// Only several ships of the player there and none named is asked back.
func TestAttemptWithNoShipThere(t *testing.T) {
	dual1E := attemptable(mission("d", "dual", "alpha", 3), "bajoran")
	dual1E.Requirements = "Diplomacy"
	space1E := attemptable(mission("s", "space", "alpha", 2), "bajoran")
	space1E.Requirements = "Navigation"
	space2E := attemptable(mission("s", "space", "alpha", 2), "bajoran")
	space2E.Requirements = "Navigation"
	away := []rules.BoardPersonnel{
		person("b1", "bajoran", []string{"staff"}, at("d"), "Diplomacy"),
		person("b2", "bajoran", []string{"command"}, at("d"), "Navigation"),
	}
	theirs := ship("their", "bajoran", []string{"command"}, 7, "d")
	theirs.Owner = "opponent"
	elsewhere := ship("far", "bajoran", []string{"command"}, 7, "s")
	cases := []struct {
		name, source string
		req          rules.AdjudicationRequest
		quote        string
	}{
		{"AwayTeamAloneAtADualMission", "1E rulebook, Attempting Missions: Dual-icon missions require both a ship with crew in orbit and an Away Team",
			req1E("mission.attempt", rules.Board{Missions: []rules.BoardMission{dual1E}, Personnel: away}, obj{"mission": "d"}), "dual-icon missions require both"},
		{"OnlyTheOpponentsShipOrbitsTheDualMission", "1E rulebook, Attempting Missions: Dual-icon missions require both (a ship of yours)",
			req1E("mission.attempt", rules.Board{Missions: []rules.BoardMission{dual1E, space1E}, Ships: []rules.BoardShip{theirs, elsewhere}, Personnel: away}, obj{"mission": "d"}), "dual-icon missions require both"},
		{"ASpaceMissionWithNoShip", "1E rulebook, Attempting Missions: Space missions can be attempted by the entire crew of one undocked ship",
			req1E("mission.attempt", rules.Board{Missions: []rules.BoardMission{space1E, dual1E}, Personnel: away}, obj{"mission": "s"}), "space missions can be attempted by the entire"},
		{"ResolvingADualMissionWithNoShip", "1E rulebook, Attempting Missions: Dual-icon missions require both",
			req1E("mission.resolve", rules.Board{Missions: []rules.BoardMission{dual1E}, Personnel: away}, obj{"mission": "d", "personnel": []string{"b1"}, "stack": []obj{}}), "dual-icon missions require both"},
		{"A2ESpaceMissionWithNoShip", "2E rulebook, Attempt a Mission: a space mission is attempted by personnel aboard a ship",
			req2E("mission.attempt", rules.Board{Missions: []rules.BoardMission{space2E, mission("p", "planet", "alpha", 2)}, Personnel: []rules.BoardPersonnel{
				person("b1", "bajoran", []string{"staff"}, at("p"), "Navigation")}}, obj{"mission": "s"}), "a space mission is attempted by"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := judge(t, c.req)
			if allowed(t, v) {
				t.Errorf("%s: the attempt may begin with no ship; reasons %q", c.source, v.Reasons)
			}
			if !quotes(v, c.quote) {
				t.Errorf("%s: no citation quotes %q: %+v", c.source, c.quote, v.Citations)
			}
			if !strings.Contains(strings.Join(v.Reasons, " "), "no ship of yours") {
				t.Errorf("%s: the reasons do not say no ship of yours is there: %q", c.source, v.Reasons)
			}
		})
	}
	t.Run("TwoShipsThereAndNoneNamedIsAsked", func(t *testing.T) {
		b := rules.Board{Missions: []rules.BoardMission{space1E}, Ships: []rules.BoardShip{
			ship("one", "bajoran", []string{"command"}, 7, "s"), ship("two", "bajoran", []string{"command"}, 7, "s")}}
		if f := refuse(t, req1E("mission.attempt", b, obj{"mission": "s"})); f != "params.ship" {
			t.Errorf("field %q, want params.ship", f)
		}
	})
}

// TestDockedShipsDoNotAttempt1E: 1E rulebook, Moving a ship: "When docked,
// a ship is protected by 50% of the facility's SHIELDS, but may not attempt
// missions"; Attempting Missions: space missions are attempted by the crew
// of one undocked ship, dual missions need a ship with crew in orbit. The
// same crew undocked may attempt.
func TestDockedShipsDoNotAttempt1E(t *testing.T) {
	space := attemptable(mission("s", "space", "alpha", 2), "federation")
	space.Requirements = "Navigation"
	dual := attemptable(mission("d", "dual", "alpha", 3), "federation")
	dual.Requirements = "Navigation + Diplomacy"
	board := func(m rules.BoardMission, docked bool) rules.Board {
		s := ship("e", "federation", []string{"command"}, 8, m.ID)
		if docked {
			s.Docked = "post"
		}
		return rules.Board{
			Missions:   []rules.BoardMission{m},
			Facilities: []rules.BoardFacility{{ID: "post", Kind: "outpost", Affiliation: "federation", Shields: ip(20), At: at(m.ID)}},
			Ships:      []rules.BoardShip{s},
			Personnel: []rules.BoardPersonnel{
				person("pilot", "federation", []string{"command"}, aboard("e"), "Navigation"),
				person("envoy", "federation", []string{"staff"}, at(m.ID), "Diplomacy"),
			},
		}
	}
	cases := []struct {
		name     string
		question string
		board    rules.Board
		params   obj
		want     bool
	}{
		{"DockedAtASpaceMission", "mission.attempt", board(space, true), obj{"mission": "s", "ship": "e"}, false},
		{"DockedAtASpaceMissionNoneNamed", "mission.attempt", board(space, true), obj{"mission": "s"}, false},
		{"DockedAtADualMission", "mission.attempt", board(dual, true), obj{"mission": "d", "ship": "e"}, false},
		{"ResolvingFromADockedShip", "mission.resolve", board(space, true), obj{"mission": "s", "ship": "e", "stack": []obj{}}, false},
		{"UndockedAtASpaceMission", "mission.attempt", board(space, false), obj{"mission": "s", "ship": "e"}, true},
		{"UndockedAtADualMission", "mission.attempt", board(dual, false), obj{"mission": "d", "ship": "e"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := judge(t, req1E(c.question, c.board, c.params))
			if got := allowed(t, v); got != c.want {
				t.Fatalf("allowed %v, want %v; reasons %q", got, c.want, v.Reasons)
			}
			if !c.want {
				if !quotes(v, "may not attempt missions") {
					t.Errorf("no citation quotes the docked rule: %+v", v.Citations)
				}
				if !strings.Contains(strings.Join(v.Reasons, " "), "is docked at") {
					t.Errorf("the reasons do not say the ship is docked: %q", v.Reasons)
				}
			}
		})
	}
}
