package engine_test

import (
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// facilityBoard: a 1E planet with a headquarters on it and a space
// location with your outpost, a ship docked there and its crew; Away
// Team personnel inside the headquarters.
func facilityBoard() rules.Board {
	p := attemptable(mission("qonos", "planet", "alpha", 2), "klingon")
	p.Requirements = "Leadership"
	docked := ship("bop", "klingon", []string{"command"}, 8, "space")
	docked.Docked = "post"
	return rules.Board{
		Missions: []rules.BoardMission{p, mission("space", "space", "alpha", 3), mission("far", "space", "alpha", 2)},
		Facilities: []rules.BoardFacility{
			{ID: "hq", Title: "Klingon Headquarters", Kind: "headquarters", Affiliation: "klingon", Shields: ip(40), At: at("qonos")},
			{ID: "post", Card: "Klingon Outpost", At: at("space")},
		},
		Ships: []rules.BoardShip{docked, ship("vorcha", "klingon", []string{"command"}, 8, "qonos")},
		Personnel: []rules.BoardPersonnel{
			person("kurn", "klingon", []string{"command"}, aboard("bop"), "Leadership"),
			person("kang", "klingon", []string{"staff"}, &rules.Location{Facility: "hq"}, "Leadership"),
			person("kor", "klingon", []string{"staff"}, &rules.Location{Facility: "post"}),
		},
	}
}

// Facilities and docking, read from the board and the card data, in the
// questions they change.
func TestFacilitiesAndDocking(t *testing.T) {
	b := facilityBoard()
	cases := []struct {
		name, source, question string
		board                  rules.Board
		params                 obj
		want                   bool
		check                  func(t *testing.T, v *rules.Verdict)
	}{
		{"AnOutpostByItsCardIsCompatible", "1E rulebook, Beaming: between ships and/or facilities that you control (the card data's Klingon Outpost)",
			"personnel.beam", b, obj{"personnel": []string{"kurn"}, "to": "post"}, true, nil},
		{"ADockedShipMovesAway", "1E rulebook, Staffing and Moving Ships: When moving a ship to the location of a compatible space facility ... docked",
			"ship.move", b, obj{"ship": "bop", "to": "far"}, true, nil},
		{"PersonnelInsideAPlanetFacilityDoNotAttempt", "1E rulebook, Entering and Exiting Facilities: Your personnel in a planet facility ... may exit",
			"mission.attempt", b, obj{"mission": "qonos"}, false,
			func(t *testing.T, v *rules.Verdict) {
				if got := resultField(t, v.Result, "personnel"); len(got.([]any)) != 0 {
					t.Errorf("personnel attempting %v, want none: kang is inside the headquarters", got)
				}
			}},
		{"BeamingUpFromAPlanetFacility", "1E rulebook, Beaming: remove the cards from the ship or facility",
			"personnel.beam", b, obj{"personnel": []string{"kang"}, "to": "vorcha"}, true, nil},
		{"BeamingDownFromAPlanetFacility", "1E rulebook, Beaming: To beam cards down to a planet surface ... from the ship or facility",
			"personnel.beam", b, obj{"personnel": []string{"kang"}, "to": "qonos"}, true, nil},
		{"FromTheOutpostAboardTheDockedShip", "1E rulebook, Entering and Exiting Facilities: may board any of your ships of compatible affiliation docked",
			"personnel.beam", b, obj{"personnel": []string{"kor"}, "to": "bop"}, true, nil},
		{"TheOutpostIsAtItsOwnLocation", "1E rulebook, Beaming: must be at the same spaceline location",
			"personnel.beam", b, obj{"personnel": []string{"kang"}, "to": "post"}, false, nil},
		{"FacilityPersonnelArePresentTogether", "1E rulebook, Battle: you may attack cards only if they are present",
			"battle.initiate", withOpponentAt(b, &rules.Location{Facility: "post"}), obj{"attackers": []string{"kor"}, "defenders": []string{"intruder"}}, false,
			func(t *testing.T, v *rules.Verdict) {
				for _, x := range resultField(t, v.Result, "violations").([]any) {
					if x.(map[string]any)["rule"] == "present" {
						t.Errorf("personnel aboard one facility are not present together: %v", x)
					}
				}
			}},
		{"AnotherLocationIsNotPresent", "1E rulebook, Battle: you may attack cards only if they are present",
			"battle.initiate", withOpponentAt(b, at("space")), obj{"attackers": []string{"kor"}, "defenders": []string{"intruder"}}, false,
			func(t *testing.T, v *rules.Verdict) {
				present := false
				for _, x := range resultField(t, v.Result, "violations").([]any) {
					present = present || x.(map[string]any)["rule"] == "present"
				}
				if !present {
					t.Errorf("personnel aboard a facility and in space are present together: %q", v.Reasons)
				}
			}},
		{"TheCrewOfADockedShipStaffsIt", "1E rulebook, Staffing and Moving Ships: at least one crew member of matching affiliation",
			"ship.staffed", b, obj{"ship": "bop"}, true, nil},
	}
	for _, c := range cases {
		for _, doc := range rulebooksOf(rules.Edition1E) {
			t.Run(c.name+"/"+doc, func(t *testing.T) {
				v := judge(t, under(req1E(c.question, c.board, c.params), doc))
				if allowed(t, v) != c.want {
					t.Errorf("%s: allowed = %v, want %v; reasons %q", c.source, !c.want, c.want, v.Reasons)
				}
				if c.check != nil {
					c.check(t, v)
				}
			})
		}
	}
}

func withOpponentAt(b rules.Board, where *rules.Location) rules.Board {
	b.Personnel = append(append([]rules.BoardPersonnel(nil), b.Personnel...), opp(person("intruder", "romulan", []string{"staff"}, where)))
	return b
}

// What a board says of facilities and docking that cannot be, named by
// its field.
func TestFacilitiesThatCannotBe(t *testing.T) {
	change := func(f func(b *rules.Board)) rules.Board {
		b := facilityBoard()
		b.Facilities = append([]rules.BoardFacility(nil), b.Facilities...)
		b.Ships = append([]rules.BoardShip(nil), b.Ships...)
		b.Personnel = append([]rules.BoardPersonnel(nil), b.Personnel...)
		f(&b)
		return b
	}
	cases := []struct {
		name, source, edition string
		board                 rules.Board
		field                 string
	}{
		{"DockedAtAHeadquarters", "1E rulebook, Ship cards: ships do not actually dock there", "1e",
			change(func(b *rules.Board) { b.Ships[1].Docked = "hq" }), "board.ships[1].docked"},
		{"DockedAtAnotherLocation", "1E rulebook, Staffing and Moving Ships: the location of a compatible space facility", "1e",
			change(func(b *rules.Board) { b.Ships[0].At = at("far") }), "board.ships[0].docked"},
		{"DockedAtNoFacility", "1E rulebook, Staffing and Moving Ships: docked", "1e",
			change(func(b *rules.Board) { b.Ships[0].Docked = "ds9" }), "board.ships[0].docked"},
		{"FacilitiesInSecondEdition", "2E rulebooks, Mission: Headquarters missions are where your personnel and ships are played", "2e",
			facilityBoard(), "board.facilities"},
		{"AnUnknownKind", "1E rulebook, Facility Phase: outposts, headquarters, and stations", "1e",
			change(func(b *rules.Board) { b.Facilities[0].Kind = "starbase" }), "board.facilities[0].kind"},
		{"AFacilityNowhere", "1E rulebook, Facility Phase: Place each of your Facility cards face up in front of a mission", "1e",
			change(func(b *rules.Board) { b.Facilities[0].At = nil }), "board.facilities[0].at.mission"},
		{"AFacilityAtNoMission", "1E rulebook, Facility Phase: in front of a mission", "1e",
			change(func(b *rules.Board) { b.Facilities[0].At = at("vulcan") }), "board.facilities[0].at.mission"},
		{"NegativeShields", "1E rulebook, Beaming: SHIELDS=0", "1e",
			change(func(b *rules.Board) { b.Facilities[0].Shields = ip(-1) }), "board.facilities[0].shields"},
		{"AboardNoFacility", "1E rulebook, Moving Personnel and Equipment: aboard (or docked at) a facility", "1e",
			change(func(b *rules.Board) { b.Personnel[1].At = &rules.Location{Facility: "ds9"} }), "board.personnel[1].at.facility"},
		{"AShipAboardAFacility", "1E rulebook, Staffing and Moving Ships: docked at", "1e",
			change(func(b *rules.Board) { b.Ships[1].At = &rules.Location{Facility: "hq"} }), "board.ships[1].at"},
		{"TheSameIDAsAFacility", "the board's own names", "1e",
			change(func(b *rules.Board) { b.Ships[1].ID = "post" }), "board.ships[1].id"},
		{"AFacilityCardOfAnotherKind", "the card data", "1e",
			change(func(b *rules.Board) { b.Facilities[1].Card = "Worf" }), "board.facilities[1].card"},
		{"DockedInSecondEdition", "2E rulebooks: ships are at missions", "2e",
			change(func(b *rules.Board) { b.Facilities = nil; b.Personnel = b.Personnel[:1] }), "board.ships[0].docked"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := req2E("ship.staffed", c.board, obj{"ship": "vorcha"})
			r.Edition = c.edition
			if f := refuse(t, r); f != c.field {
				t.Errorf("%s: field %q, want %q", c.source, f, c.field)
			}
		})
	}
}

// A facility named by its card takes the card data's kind, affiliation
// and SHIELDS; the board's fields override them.
func TestFacilityCardDataFillsItsStatistics(t *testing.T) {
	b := facilityBoard()
	b.Ships[1].At = at("space")
	b.Ships[1].Owner = "opponent"
	b.Facilities[1].Owner = "opponent"
	// The opponent's Klingon Outpost (SHIELDS 32 in the card data) blocks
	// a beam aboard it; SHIELDS 0 on the board opens it.
	beam := obj{"personnel": []string{"kurn"}, "to": "post"}
	if v := judge(t, req1E("personnel.beam", b, beam)); allowed(t, v) || !citesQuote(v, "protected by SHIELDS >0") {
		t.Errorf("beam aboard the opponent's outpost: %q", v.Reasons)
	}
	b.Facilities[1].Shields = ip(0)
	if v := judge(t, req1E("personnel.beam", b, beam)); !allowed(t, v) {
		t.Errorf("beam aboard an outpost with SHIELDS 0: %q", v.Reasons)
	}
}

// A 1E mission of the card data is in the Alpha Quadrant unless the data
// names another (an Alpha Quadrant point box has no symbol): a ship moves
// to it and a card native elsewhere does not report there. Where a
// mission given inline says no quadrant, reporting for duty there is a
// board to complete, never passed over.
func TestA1EMissionOfTheCardDataIsInTheAlphaQuadrant(t *testing.T) {
	dock := mission("dock", "space", "alpha", 2)
	board := rules.Board{
		Missions:   []rules.BoardMission{dock, {ID: "dig", Card: "1e-101-154"}},
		Facilities: []rules.BoardFacility{{ID: "post", Card: "1e-101-104", At: at("dig")}},
		Ships:      []rules.BoardShip{ship("runner", "federation", nil, 9, "dock")},
		Personnel:  []rules.BoardPersonnel{person("crew", "federation", []string{"command"}, aboard("runner"))},
	}
	v := judge(t, req1E("ship.move", board, obj{"ship": "runner", "to": "dig"}))
	if got := num(t, v, "rangeCost"); !allowed(t, v) || got != 3 {
		t.Errorf("to Excavation (span 3): rangeCost %v, allowed %v; reasons %q", got, allowed(t, v), v.Reasons)
	}
	// 1e-123-120 is native to the Delta Quadrant.
	if v := judge(t, req1E("card.play", board, obj{"card": "1e-123-120", "at": "post"})); allowed(t, v) {
		t.Errorf("a Delta Quadrant card reported to an outpost at an Alpha Quadrant mission; reasons %q", v.Reasons)
	}
	if v := judge(t, req1E("card.play", board, obj{"card": "1e-101-251", "at": "post"})); !allowed(t, v) {
		t.Errorf("an Alpha Quadrant card did not report there; reasons %q", v.Reasons)
	}
	board.Missions[1] = rules.BoardMission{ID: "dig", Title: "Zq Dig", Type: "planet", Span: ip(3)}
	if f := refuse(t, req1E("card.play", board, obj{"card": "1e-101-251", "at": "post"})); f != "board.missions[1]" {
		t.Errorf("field %q, want board.missions[1] (needs quadrant)", f)
	}
}
