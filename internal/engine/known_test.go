package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Statistics on the real card data: a question that reads a statistic the
// card data does not give, of a card known only from a rulebook's card list
// (most 2E cards) or one the data lists without it, refuses the board as
// unprocessable, naming the object, its card and the statistic; the same
// statistic given on the board completes the card, and the question is
// answered. What the data defines in full is read as it says: a 1E
// personnel listed without icons has none, a 1E ship listed without
// staffing is flown by one personnel of its affiliation.

// TestTheGalaxyCrewedByAPicardTheDataLacksAsksForHisIcons is the board a
// judge would ask: the U.S.S. Galaxy (the 2E card data gives its staffing)
// crewed by Jean-Luc Picard, Explorer, whom only the rulebook's card list
// names. His icons are not known: not "not staffed: no Command", but the
// question of his icons; given them, a verdict.
func TestTheGalaxyCrewedByAPicardTheDataLacksAsksForHisIcons(t *testing.T) {
	board := rules.Board{
		Missions:  []rules.BoardMission{{ID: "home", Title: "Earth", Type: "headquarters", Quadrant: "alpha", Span: ip(2)}},
		Ships:     []rules.BoardShip{{ID: "galaxy", Card: "U.S.S. Galaxy", At: at("home")}},
		Personnel: []rules.BoardPersonnel{{ID: "picard", Card: "Jean-Luc Picard, Explorer", At: aboard("galaxy")}},
	}
	req := req2E("ship.staffed", board, obj{"ship": "galaxy"})
	_, err := ask(context.Background(), realWorld(t).svc, req)
	d := rules.ErrorDetails(err)
	if rules.ErrorCode(err) != rules.EUNPROCESSABLE || d["field"] != "board.personnel[0]" || d["card"] != "2e-1-268" || d["needs"] != "icons" {
		t.Fatalf("error %v (details %v), want 422 naming board.personnel[0], card 2e-1-268, needs icons", err, d)
	}
	if msg := rules.ErrorMessage(err); !strings.Contains(msg, `"icons": [`) || strings.Contains(msg, "Command") {
		t.Errorf("the message does not say how to give the icons inline: %q", msg)
	}
	board.Personnel[0].Icons = []string{"command"}
	v := judge(t, req2E("ship.staffed", board, obj{"ship": "galaxy"}))
	if allowed(t, v) {
		t.Fatalf("one personnel staffs the Galaxy: %q", v.Reasons)
	}
	if got := v.Result.(*rules.ShipStaffedResult).Missing; strings.Join(got, ",") != "staff,staff,staff" {
		t.Errorf("missing %v, want the three Staff icons: Picard's Command is his", got)
	}
}

// TestEachStatisticAQuestionReadsIsKnownOrAskedFor asks, for each statistic
// a question reads, a board whose card lacks it: refused naming the object,
// the card and the statistic; then with the statistic given inline:
// answered.
func TestEachStatisticAQuestionReadsIsKnownOrAskedFor(t *testing.T) {
	home := rules.BoardMission{ID: "home", Title: "Earth", Type: "headquarters", Quadrant: "alpha", Span: ip(2)}
	planet := rules.BoardMission{ID: "p", Title: "Zq Planet", Type: "planet", Quadrant: "alpha", Span: ip(3), Points: ip(30),
		Requirements: "Diplomacy", Affiliations: []string{"federation"}}
	picard := func(where *rules.Location) rules.BoardPersonnel {
		return rules.BoardPersonnel{ID: "picard", Card: "Jean-Luc Picard, Explorer", At: where}
	}
	crew := func(id string) rules.BoardPersonnel {
		return person(id, "bajoran", []string{"command"}, aboard("s"), "Navigation")
	}
	vessel := rules.BoardShip{ID: "s", Card: "Assault Vessel", At: at("home")} // 2E, the card list alone
	cases := []struct {
		name, edition, question string
		board                   rules.Board
		params                  obj
		field, card, needs      string
		give                    func(b *rules.Board, p obj)
	}{
		{"SkillsOfARequirement", "2e", "requirement.check",
			rules.Board{Missions: []rules.BoardMission{planet}, Personnel: []rules.BoardPersonnel{picard(at("p"))}},
			obj{"requirement": "Diplomacy", "personnel": []string{"picard"}}, "board.personnel[0]", "2e-1-268", "skills",
			func(b *rules.Board, _ obj) { b.Personnel[0].Skills = []string{"Diplomacy"} }},
		{"AnAttributeOfARequirement", "2e", "requirement.check",
			rules.Board{Missions: []rules.BoardMission{planet}, Personnel: []rules.BoardPersonnel{picard(at("p"))}},
			obj{"requirement": "Integrity>5", "personnel": []string{"picard"}}, "board.personnel[0]", "2e-1-268", "integrity",
			func(b *rules.Board, _ obj) { b.Personnel[0].Integrity = ip(7) }},
		{"ASpeciesOfARequirement", "2e", "requirement.check",
			rules.Board{Missions: []rules.BoardMission{planet}, Personnel: []rules.BoardPersonnel{picard(at("p"))}},
			obj{"requirement": "Vulcan", "personnel": []string{"picard"}}, "board.personnel[0]", "2e-1-268", "species",
			func(b *rules.Board, _ obj) { b.Personnel[0].Species = "Human" }},
		{"SkillsOfAMissionsRequirements", "2e", "mission.requirements",
			rules.Board{Missions: []rules.BoardMission{planet}, Personnel: []rules.BoardPersonnel{picard(at("p"))}},
			obj{"mission": "p"}, "board.personnel[0]", "2e-1-268", "skills",
			func(b *rules.Board, _ obj) { b.Personnel[0].Skills = []string{} }},
		{"StrengthInCombat", "2e", "combat",
			rules.Board{Missions: []rules.BoardMission{planet}, Personnel: []rules.BoardPersonnel{picard(at("p")), opp(person("x", "romulan", nil, at("p")))}},
			obj{"mission": "p"}, "board.personnel[0]", "2e-1-268", "strength",
			func(b *rules.Board, _ obj) { b.Personnel[0].Strength = ip(6) }},
		{"AShipsStaffing", "2e", "ship.staffed",
			rules.Board{Missions: []rules.BoardMission{home}, Ships: []rules.BoardShip{vessel}, Personnel: []rules.BoardPersonnel{crew("a")}},
			obj{"ship": "s"}, "board.ships[0]", "2e-1-380", "staffing",
			func(b *rules.Board, _ obj) { b.Ships[0].Staffing = []string{"command"} }},
		{"AShipsRange", "2e", "ship.move",
			rules.Board{Missions: []rules.BoardMission{home, planet}, Ships: []rules.BoardShip{func() rules.BoardShip { s := vessel; s.Staffing = []string{"command"}; return s }()},
				Personnel: []rules.BoardPersonnel{crew("a")}},
			obj{"ship": "s", "to": "p"}, "board.ships[0]", "2e-1-380", "range",
			func(b *rules.Board, _ obj) { b.Ships[0].Range = ip(7) }},
		{"AShipsWeaponsInAnEngagement", "2e", "engagement",
			rules.Board{Missions: []rules.BoardMission{planet}, Ships: []rules.BoardShip{
				func() rules.BoardShip { s := vessel; s.Staffing, s.At = []string{"command"}, at("p"); return s }(),
				func() rules.BoardShip { s := ship("x", "romulan", []string{}, 8, "p"); s.Owner = "opponent"; return s }()},
				Personnel: []rules.BoardPersonnel{crew("a"), opp(person("r", "romulan", nil, aboard("x")))}},
			obj{"mission": "p", "you": []string{"s"}, "opponent": []string{"x"}}, "board.ships[0]", "2e-1-380", "weapons",
			func(b *rules.Board, _ obj) { b.Ships[0].Weapons = ip(6) }},
		{"AMissionsSpan", "2e", "ship.move",
			rules.Board{Missions: []rules.BoardMission{home, {ID: "far", Card: "Abduction Plot"}},
				Ships: []rules.BoardShip{ship("s", "bajoran", []string{"command"}, 8, "home")}, Personnel: []rules.BoardPersonnel{crew("a")}},
			obj{"ship": "s", "to": "far"}, "board.missions[1]", "2e-1-148", "span",
			func(b *rules.Board, _ obj) { b.Missions[1].Span = ip(3); b.Missions[1].Quadrant = "alpha" }},
		{"AMissionsType", "2e", "mission.attempt",
			rules.Board{Missions: []rules.BoardMission{{ID: "far", Card: "Abduction Plot"}}, Personnel: []rules.BoardPersonnel{person("a", "bajoran", nil, at("far"))}},
			obj{"mission": "far"}, "board.missions[0]", "2e-1-148", "type",
			func(b *rules.Board, _ obj) {
				b.Missions[0].Type = "planet"
				b.Missions[0].Affiliations = []string{"bajoran"}
			}},
		{"AMissionsRequirements", "2e", "mission.requirements",
			rules.Board{Missions: []rules.BoardMission{{ID: "far", Card: "Abduction Plot", Type: "planet"}}, Personnel: []rules.BoardPersonnel{person("a", "bajoran", nil, at("far"))}},
			obj{"mission": "far"}, "board.missions[0]", "2e-1-148", "requirements",
			func(b *rules.Board, _ obj) { b.Missions[0].Requirements = "Navigation" }},
		{"ACardsCost", "2e", "card.play", rules.Board{}, obj{"card": "Jean-Luc Picard, Explorer"}, "params.card", "2e-1-268", "cost",
			func(_ *rules.Board, p obj) {
				p["card"] = obj{"title": "Jean-Luc Picard", "subtitle": "Explorer", "type": "personnel", "cost": 3, "unique": true}
			}},
		{"AnAffiliationGivenNowhere", "2e", "mission.attempt",
			rules.Board{Missions: []rules.BoardMission{planet}, Personnel: []rules.BoardPersonnel{{ID: "a", PersonnelStats: rules.PersonnelStats{Icons: []string{}, Skills: []string{}}, At: at("p")}}},
			obj{"mission": "p"}, "board.personnel[0]", "", "affiliation",
			func(b *rules.Board, _ obj) { b.Personnel[0].Affiliation = "federation" }},
		{"SkillsTheDataLeavesOutOfA1EPersonnel", "1e", "requirement.check",
			rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 2)}, Personnel: []rules.BoardPersonnel{{ID: "data", Card: "1e-155-56", At: at("m")}}},
			obj{"requirement": "Computer Skill", "personnel": []string{"data"}}, "board.personnel[0]", "1e-155-56", "skills",
			func(b *rules.Board, _ obj) { b.Personnel[0].Skills = []string{"OFFICER", "Computer Skill"} }},
	}
	w := realWorld(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := req2E(c.question, c.board, c.params)
			req.Edition = c.edition
			_, err := ask(context.Background(), w.svc, req)
			d := rules.ErrorDetails(err)
			card, _ := d["card"].(string)
			if rules.ErrorCode(err) != rules.EUNPROCESSABLE || d["field"] != c.field || card != c.card || d["needs"] != c.needs {
				t.Fatalf("error %v (details %v), want 422 naming %s, card %q, needs %s", err, d, c.field, c.card, c.needs)
			}
			if !strings.Contains(rules.ErrorMessage(err), `"`+c.needs+`"`) && c.needs != "cost" {
				t.Errorf("the message does not say how to give %s inline: %q", c.needs, rules.ErrorMessage(err))
			}
			b, p := deepCopy(c.board), obj{}
			for k, v := range c.params {
				p[k] = v
			}
			c.give(&b, p)
			r := req2E(c.question, b, p)
			r.Edition = c.edition
			judge(t, r)
		})
	}
}

// TestWhatTheCardDataLeavesOutMeansNone asks boards of cards the 1E data
// defines in full without a field that, for that field, means none: a
// civilian listed without icons has none, and staffs no icon; a ship
// listed without staffing is flown by one personnel of its affiliation.
func TestWhatTheCardDataLeavesOutMeansNone(t *testing.T) {
	space := mission("sp", "space", "alpha", 2)
	civilian := judge(t, req1E("ship.staffed", rules.Board{Missions: []rules.BoardMission{space},
		Ships:     []rules.BoardShip{{ID: "galaxy", Card: "1e-101-336", At: at("sp")}},
		Personnel: []rules.BoardPersonnel{{ID: "alexander", Card: "Alexander Rozhenko", At: aboard("galaxy")}}}, obj{"ship": "galaxy"}))
	if allowed(t, civilian) || len(civilian.Result.(*rules.ShipStaffedResult).Assignment) != 0 {
		t.Errorf("a civilian with no icons staffs the Galaxy: %q", civilian.Reasons)
	}
	runabout := judge(t, req1E("ship.staffed", rules.Board{Missions: []rules.BoardMission{space},
		Ships:     []rules.BoardShip{{ID: "r", Card: "Runabout", At: at("sp")}},
		Personnel: []rules.BoardPersonnel{{ID: "data", Card: "1e-101-204", At: aboard("r")}}}, obj{"ship": "r"}))
	if !allowed(t, runabout) {
		t.Errorf("one personnel of its affiliation does not fly the Runabout, which lists no staffing: %q", runabout.Reasons)
	}
}

// TestANameTheDataDoesNotKnowIsNotMissingFromAPersonnelOfUnknownCharacteristics
// asks a requirement naming what no card of the data names (read among
// every name a personnel answers to: skills, title, species and
// characteristics) of Jean-Luc Picard, Explorer, whom only the rulebook's
// card list names, his skills and species given: not "not met", since his
// characteristics are not known, but the question of them; given none, not
// met; given that characteristic, met.
func TestANameTheDataDoesNotKnowIsNotMissingFromAPersonnelOfUnknownCharacteristics(t *testing.T) {
	board := func(characteristics []string) rules.Board {
		p := rules.BoardPersonnel{ID: "picard", Card: "Jean-Luc Picard, Explorer", At: at("m")}
		p.Icons, p.Skills, p.Species, p.Characteristics = []string{"command"}, []string{"Diplomacy"}, "Human", characteristics
		return rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 2)}, Personnel: []rules.BoardPersonnel{p}}
	}
	check := obj{"requirement": "Zq Envoy", "personnel": []string{"picard"}}
	_, err := ask(context.Background(), realWorld(t).svc, req2E("requirement.check", board(nil), check))
	d := rules.ErrorDetails(err)
	if rules.ErrorCode(err) != rules.EUNPROCESSABLE || d["field"] != "board.personnel[0]" || d["card"] != "2e-1-268" || d["needs"] != "characteristics" {
		t.Fatalf("error %v (details %v), want 422 asking for board.personnel[0]'s characteristics", err, d)
	}
	if v := judge(t, req2E("requirement.check", board([]string{}), check)); allowed(t, v) {
		t.Errorf("a personnel of no characteristic is a Zq Envoy: %q", v.Reasons)
	}
	if v := judge(t, req2E("requirement.check", board([]string{"Zq Envoy"}), check)); !allowed(t, v) {
		t.Errorf("a Zq Envoy does not meet Zq Envoy: %q", v.Reasons)
	}
}

// TestAnUnmetClassificationIsNotMissingFromA1EPersonnelOfUnknownCharacteristics
// asks SECURITY, a skill the 1E card data also gives as a classification
// (met by either), of a personnel given inline with a skill box but no
// characteristics: in 1E not "not met", since its classification is not
// known, but the question of its characteristics; given none, not met;
// given the classification, met. In 2E, where no card has a
// classification, the same board is answered: not met.
func TestAnUnmetClassificationIsNotMissingFromA1EPersonnelOfUnknownCharacteristics(t *testing.T) {
	v := realWorld(t).svc
	board := func(characteristics []string) rules.Board {
		p := rules.BoardPersonnel{ID: "worf", At: at("m")}
		p.Affiliation, p.Species, p.Characteristics = "klingon", "Klingon", characteristics
		p.Icons, p.Skills = []string{}, []string{"Honor"}
		p.Integrity, p.Cunning, p.Strength = ip(7), ip(6), ip(9)
		return rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 2)}, Personnel: []rules.BoardPersonnel{p}}
	}
	check := obj{"requirement": "SECURITY", "personnel": []string{"worf"}}
	_, err := ask(context.Background(), v, req1E("requirement.check", board(nil), check))
	d := rules.ErrorDetails(err)
	if rules.ErrorCode(err) != rules.EUNPROCESSABLE || d["field"] != "board.personnel[0]" || d["needs"] != "characteristics" {
		t.Fatalf("1E: error %v (details %v), want 422 asking for board.personnel[0]'s characteristics", err, d)
	}
	if v := judge(t, req1E("requirement.check", board([]string{}), check)); allowed(t, v) {
		t.Errorf("1E: a personnel of no classification and no SECURITY skill meets SECURITY: %q", v.Reasons)
	}
	if v := judge(t, req1E("requirement.check", board([]string{"SECURITY"}), check)); !allowed(t, v) {
		t.Errorf("1E: a personnel of the SECURITY classification does not meet SECURITY: %q", v.Reasons)
	}
	if v := judge(t, req2E("requirement.check", board(nil), check)); allowed(t, v) {
		t.Errorf("2E: a personnel of Honor alone meets Security: %q", v.Reasons)
	}
}

// TestAnUnfilledStaffingLineIsNotMissingFromACrewOfUnknownCharacteristics
// asks ship.staffed of a 1E ship given inline whose staffing lines name
// SECURITY (a skill the card data also gives as a classification) and a
// name no card of the data knows, crewed by a personnel given inline with a
// skill box but no characteristics or species: not "not staffed", since
// what it answers to is not known, but the question of it; given none, not
// staffed; given them, staffed.
func TestAnUnfilledStaffingLineIsNotMissingFromACrewOfUnknownCharacteristics(t *testing.T) {
	v := realWorld(t).svc
	cases := []struct {
		name, line, needs string
		known             func(*rules.BoardPersonnel, bool)
	}{
		{"Classification", "SECURITY", "characteristics", func(p *rules.BoardPersonnel, has bool) {
			p.Species, p.Characteristics = "Klingon", []string{}
			if has {
				p.Characteristics = []string{"SECURITY"}
			}
		}},
		{"NameTheDataDoesNotKnow", "Zq Envoy", "species", func(p *rules.BoardPersonnel, has bool) {
			p.Characteristics, p.Species = []string{}, "Klingon"
			if has {
				p.Species = "Zq Envoy"
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			board := func(p rules.BoardPersonnel) rules.Board {
				return rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 2)},
					Ships:     []rules.BoardShip{ship("s", "klingon", []string{c.line}, 7, "m")},
					Personnel: []rules.BoardPersonnel{p}}
			}
			crew := rules.BoardPersonnel{ID: "worf", At: &rules.Location{Ship: "s"}}
			crew.Affiliation, crew.Icons, crew.Skills = "klingon", []string{"command"}, []string{"Honor"}
			crew.Integrity, crew.Cunning, crew.Strength = ip(7), ip(6), ip(9)
			unknown := crew
			if c.needs == "species" {
				unknown.Characteristics = []string{}
			}
			check := obj{"ship": "s"}
			_, err := ask(context.Background(), v, req1E("ship.staffed", board(unknown), check))
			d := rules.ErrorDetails(err)
			if rules.ErrorCode(err) != rules.EUNPROCESSABLE || d["field"] != "board.personnel[0]" || d["needs"] != c.needs {
				t.Fatalf("error %v (details %v), want 422 asking for board.personnel[0]'s %s", err, d, c.needs)
			}
			none, has := crew, crew
			c.known(&none, false)
			c.known(&has, true)
			if v := judge(t, req1E("ship.staffed", board(none), check)); allowed(t, v) {
				t.Errorf("staffed by a personnel without %s: %q", c.line, v.Reasons)
			}
			if v := judge(t, req1E("ship.staffed", board(has), check)); !allowed(t, v) {
				t.Errorf("not staffed by a personnel with %s: %q", c.line, v.Reasons)
			}
		})
	}
}
