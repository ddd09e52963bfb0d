package engine_test

import (
	"context"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A statistic of a mission, a facility or a card played that the board
// does not give is not known: wherever a question reads it, the answer is
// 422 naming the object, the statistic it needs (details.needs) and its
// card, never a verdict reading it as none. Where what is known decides
// the question whatever the statistic, the verdict is given.
func TestAStatisticNotGivenIsAskedForWhereverItIsRead(t *testing.T) {
	w := realWorld(t)
	fogPlanet := rules.BoardMission{ID: "fog", Title: "Zq Fog", Type: "planet", Quadrant: "alpha", Span: ip(2), Points: ip(30), Requirements: "Geology"}
	hq := rules.BoardMission{ID: "hq", Title: "Zq Harbour", Type: "headquarters", Quadrant: "alpha", Span: ip(2)}
	tngHQ := hq
	tngHQ.Play = []string{"tng-icon", "equipment"}
	klingonHQ := hq
	klingonHQ.Play = []string{"klingon", "equipment"}
	yard := rules.BoardFacility{ID: "yard", Kind: "outpost", Shields: ip(30), At: at("fog")}
	withAff := yard
	withAff.Affiliation = "klingon"
	noKind := rules.BoardFacility{ID: "yard", Affiliation: "klingon", Shields: ip(30), At: at("fog")}
	noQuadrant := fogPlanet
	noQuadrant.Quadrant = ""
	geologist := person("g", "klingon", []string{"staff"}, at("fog"), "Geology")
	inline := func(fields obj) obj {
		c := obj{"title": "Zq Hand", "type": "personnel", "cost": 1}
		for k, v := range fields {
			c[k] = v
		}
		return c
	}
	cases := []struct {
		name, edition, question string
		board                   rules.Board
		params                  obj
		field, needs            string
	}{
		{"2E a headquarters' play list", "2e", "card.play", rules.Board{Missions: []rules.BoardMission{hq}},
			obj{"card": inline(obj{"affiliation": "klingon", "icons": []string{}}), "at": "hq", "counters": 7}, "board.missions[0]", "play"},
		{"2E the icons of a card an icon of the list would allow", "2e", "card.play", rules.Board{Missions: []rules.BoardMission{tngHQ}},
			obj{"card": inline(obj{"affiliation": "federation"}), "at": "hq", "counters": 7}, "params.card", "icons"},
		{"2E the affiliation of a card an affiliation of the list would allow", "2e", "card.play", rules.Board{Missions: []rules.BoardMission{klingonHQ}},
			obj{"card": inline(obj{"icons": []string{}}), "at": "hq", "counters": 7}, "params.card", "affiliation"},
		{"2E who may attempt a mission", "2e", "mission.attempt", rules.Board{Missions: []rules.BoardMission{fogPlanet}, Personnel: []rules.BoardPersonnel{geologist}},
			obj{"mission": "fog"}, "board.missions[0]", "affiliations"},
		{"1E who may attempt a mission", "1e", "mission.attempt", rules.Board{Missions: []rules.BoardMission{fogPlanet}, Personnel: []rules.BoardPersonnel{geologist}},
			obj{"mission": "fog"}, "board.missions[0]", "affiliations"},
		{"1E the affiliation of an outpost reported to", "1e", "card.play", rules.Board{Missions: []rules.BoardMission{fogPlanet}, Facilities: []rules.BoardFacility{yard}},
			obj{"card": inline(obj{"affiliation": "klingon"}), "at": "yard"}, "board.facilities[0]", "affiliation"},
		{"1E the kind of a facility reported to", "1e", "card.play", rules.Board{Missions: []rules.BoardMission{fogPlanet}, Facilities: []rules.BoardFacility{noKind}},
			obj{"card": inline(obj{"affiliation": "klingon"}), "at": "yard"}, "board.facilities[0]", "kind"},
		{"1E the quadrant where an outpost reported to stands", "1e", "card.play", rules.Board{Missions: []rules.BoardMission{noQuadrant}, Facilities: []rules.BoardFacility{withAff}},
			obj{"card": inline(obj{"affiliation": "klingon"}), "at": "yard"}, "board.missions[0]", "quadrant"},
		{"2E the type of a card played at a headquarters", "2e", "card.play", rules.Board{Missions: []rules.BoardMission{klingonHQ}},
			obj{"card": obj{"title": "Zq Thing", "cost": 1, "affiliation": "klingon", "icons": []string{}}, "at": "hq", "counters": 7}, "params.card", "type"},
		{"2E the type of a card played nowhere", "2e", "card.play", rules.Board{Missions: []rules.BoardMission{klingonHQ}},
			obj{"card": obj{"title": "Zq Thing", "cost": 1}, "counters": 7}, "params.card", "type"},
		{"1E the type of a card reported to an outpost", "1e", "card.play", rules.Board{Missions: []rules.BoardMission{fogPlanet}, Facilities: []rules.BoardFacility{withAff}},
			obj{"card": obj{"title": "Zq Thing", "affiliation": "klingon"}, "at": "yard"}, "params.card", "type"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := req2E(c.question, c.board, c.params)
			r.Edition = c.edition
			_, err := ask(context.Background(), w.svc, r)
			d := rules.ErrorDetails(err)
			if rules.ErrorCode(err) != rules.EUNPROCESSABLE || d["field"] != c.field || d["needs"] != c.needs {
				t.Fatalf("err %v (details %v), want 422 naming %s, needs %s", err, d, c.field, c.needs)
			}
		})
	}
	// What is known decides: an Earth-icon list refuses a card whose icons
	// are given as none, and an affiliation list refuses or allows a card
	// of a known affiliation whatever its icons.
	decided := []struct {
		name  string
		board rules.Board
		card  obj
		want  bool
	}{
		{"icons given as none", rules.Board{Missions: []rules.BoardMission{tngHQ}}, inline(obj{"affiliation": "federation", "icons": []string{}}), false},
		{"an affiliation the list names, icons not given", rules.Board{Missions: []rules.BoardMission{klingonHQ}}, inline(obj{"affiliation": "klingon"}), true},
		{"an affiliation the list does not name, icons not given", rules.Board{Missions: []rules.BoardMission{klingonHQ}}, inline(obj{"affiliation": "romulan"}), false},
		{"equipment the list names, nothing else given", rules.Board{Missions: []rules.BoardMission{tngHQ}}, obj{"title": "Zq Spanner", "type": "equipment", "cost": 1}, true},
	}
	for _, c := range decided {
		t.Run(c.name, func(t *testing.T) {
			v := judge(t, req2E("card.play", c.board, obj{"card": c.card, "at": "hq", "counters": 7}))
			if allowed(t, v) != c.want {
				t.Errorf("allowed %v, want %v: %q", !c.want, c.want, v.Reasons)
			}
			if !quotes(v, "played at a headquarters mission") {
				t.Errorf("no citation of where cards are played: %+v", v.Citations)
			}
		})
	}
}

// A species a document makes of another holds under that document: the 1E
// Current Rulings say Terran personnel are human, so under them a Terran
// meets a requirement or a staffing line naming a Human, and the verdict
// cites the ruling; under the 1E rulebook alone, which says nothing of
// Terrans, a Terran is only a Terran.
func TestASpeciesTheRulingsMakeHumanCountsAsHuman(t *testing.T) {
	zq := person("zq", "federation", []string{"staff"}, at("m"))
	zq.Species = "Terran"
	board := rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 3), mission("n", "planet", "alpha", 2)},
		Personnel: []rules.BoardPersonnel{zq}}
	check := req1E("requirement.check", board, obj{"requirement": "Human", "personnel": []string{"zq"}})
	if v := judge(t, under(check, "1e-current-rulings")); !allowed(t, v) || !quotes(v, "personnel are human") {
		t.Errorf("under the rulings: allowed %v, citations %+v", deref(v.Allowed), v.Citations)
	}
	// Under the rulebook the ruling is not applied: it is cited as the
	// governing document's, which answers otherwise.
	if v := judge(t, under(check, "1e-rulebook")); allowed(t, v) || v.GovernedBy != "1e-current-rulings" || v.GoverningDiffers == nil || !*v.GoverningDiffers {
		t.Errorf("under the rulebook: allowed %v, governed by %q (differs %v), citations %+v", deref(v.Allowed), v.GovernedBy, deref(v.GoverningDiffers), v.Citations)
	}
	// A staffing line naming the species, and a move that needs it staffed.
	flier := board
	flier.Personnel = []rules.BoardPersonnel{zq}
	flier.Personnel[0].At = aboard("s")
	flier.Ships = []rules.BoardShip{ship("s", "federation", []string{"Human"}, 6, "m")}
	for _, q := range []struct {
		question string
		params   obj
	}{{"ship.staffed", obj{"ship": "s"}}, {"ship.move", obj{"ship": "s", "to": "n"}}} {
		if v := judge(t, under(req1E(q.question, flier, q.params), "1e-current-rulings")); !allowed(t, v) || !quotes(v, "personnel are human") {
			t.Errorf("%s under the rulings: allowed %v, reasons %q", q.question, deref(v.Allowed), v.Reasons)
		}
		if v := judge(t, under(req1E(q.question, flier, q.params), "1e-rulebook")); allowed(t, v) {
			t.Errorf("%s under the rulebook: a Terran staffed a line naming a Human: %q", q.question, v.Reasons)
		}
	}
	// A Human is a Human under both; nobody else is made one.
	human := zq
	human.Species = "Human"
	other := zq
	other.ID, other.Species = "zv", "Vulcan"
	both := board
	both.Personnel = []rules.BoardPersonnel{human, other}
	for _, doc := range []string{"1e-current-rulings", "1e-rulebook"} {
		v := judge(t, under(req1E("requirement.check", both, obj{"requirement": "Human x2", "personnel": []string{"zq", "zv"}}), doc))
		if allowed(t, v) || quotes(v, "personnel are human") {
			t.Errorf("%s: a Vulcan counted as a Human, or the ruling cited with no Terran: %q", doc, v.Reasons)
		}
	}
}

// The ends of a beam and the place of a combat or an engagement, read and
// not known, are asked for when they decide: a mission's type (a space
// mission has no surface, a headquarters no combat), a 1E facility's kind
// (nobody beams to, from or within a Nor, nor from a ship docked at one),
// the SHIELDS of an opponent's ship or facility beamed to (SHIELDS>0 shut
// it, 0 do not). A beam or combat refused for another reason is judged.
func TestAnUnknownEndOfABeamOrPlaceOfAFightIsAskedForWhenItDecides(t *testing.T) {
	w := realWorld(t)
	untyped := rules.BoardMission{ID: "u", Title: "Zq Haze", Quadrant: "alpha", Span: ip(3)}
	space := mission("s", "space", "alpha", 3)
	planet := mission("p", "planet", "alpha", 3)
	crew := func(where *rules.Location) []rules.BoardPersonnel {
		return []rules.BoardPersonnel{person("c", "federation", []string{"command"}, where), person("d", "federation", []string{"staff"}, where)}
	}
	ownShip := ship("own", "federation", []string{"command"}, 8, "u")
	theirs := ship("their", "romulan", nil, 8, "s")
	theirs.Owner, theirs.Shields = "opponent", nil
	yard := rules.BoardFacility{ID: "yard", Affiliation: "federation", Shields: ip(20), At: at("p")}
	docked := ship("own", "federation", []string{"command"}, 8, "p")
	docked.Docked = "yard"
	stoppedCrew := crew(aboard("own"))
	stoppedCrew[1].Stopped = true
	fighters := []rules.BoardPersonnel{person("a", "klingon", []string{"command"}, at("u")), opp(person("x", "romulan", []string{"command"}, at("u")))}
	cases := []struct {
		name, edition, question string
		board                   rules.Board
		params                  obj
		field, needs            string // "" when the question is judged
	}{
		{"2E beaming down to a mission of no type", "2e", "personnel.beam", rules.Board{Missions: []rules.BoardMission{untyped}, Ships: []rules.BoardShip{ownShip}, Personnel: crew(aboard("own"))},
			obj{"personnel": []string{"d"}, "to": "u"}, "board.missions[0]", "type"},
		{"1E beaming down to a mission of no type", "1e", "personnel.beam", rules.Board{Missions: []rules.BoardMission{untyped}, Ships: []rules.BoardShip{ownShip}, Personnel: crew(aboard("own"))},
			obj{"personnel": []string{"d"}, "to": "u"}, "board.missions[0]", "type"},
		{"1E a stopped personnel beaming down to a mission of no type", "1e", "personnel.beam", rules.Board{Missions: []rules.BoardMission{untyped}, Ships: []rules.BoardShip{ownShip}, Personnel: stoppedCrew},
			obj{"personnel": []string{"d"}, "to": "u"}, "", ""},
		{"1E beaming into a facility of no kind", "1e", "personnel.beam", rules.Board{Missions: []rules.BoardMission{planet}, Facilities: []rules.BoardFacility{yard}, Ships: []rules.BoardShip{ship("own", "federation", []string{"command"}, 8, "p")}, Personnel: crew(aboard("own"))},
			obj{"personnel": []string{"d"}, "to": "yard"}, "board.facilities[0]", "kind"},
		{"1E beaming down from a ship docked at a facility of no kind", "1e", "personnel.beam", rules.Board{Missions: []rules.BoardMission{planet}, Facilities: []rules.BoardFacility{yard}, Ships: []rules.BoardShip{docked}, Personnel: crew(aboard("own"))},
			obj{"personnel": []string{"d"}, "to": "p"}, "board.facilities[0]", "kind"},
		{"1E beaming aboard an opponent's ship of SHIELDS not given", "1e", "personnel.beam", rules.Board{Missions: []rules.BoardMission{space}, Ships: []rules.BoardShip{ship("own", "federation", []string{"command"}, 8, "s"), theirs}, Personnel: crew(aboard("own"))},
			obj{"personnel": []string{"d"}, "to": "their"}, "board.ships[1]", "shields"},
		{"1E a stopped personnel beaming aboard it", "1e", "personnel.beam", rules.Board{Missions: []rules.BoardMission{space}, Ships: []rules.BoardShip{ship("own", "federation", []string{"command"}, 8, "s"), theirs}, Personnel: stoppedCrew},
			obj{"personnel": []string{"d"}, "to": "their"}, "", ""},
		{"2E combat at a mission of no type", "2e", "combat", rules.Board{Missions: []rules.BoardMission{untyped}, Personnel: fighters},
			obj{"mission": "u", "you": []string{"a"}, "opponent": []string{"x"}}, "board.missions[0]", "type"},
		{"2E combat with nobody of the opponent's there", "2e", "combat", rules.Board{Missions: []rules.BoardMission{untyped}, Personnel: fighters[:1]},
			obj{"mission": "u", "you": []string{"a"}, "opponent": []string{}}, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := req2E(c.question, c.board, c.params)
			r.Edition = c.edition
			if c.field == "" {
				if v := judge(t, r); allowed(t, v) {
					t.Fatalf("allowed, want refused: %q", v.Reasons)
				}
				return
			}
			_, err := ask(context.Background(), w.svc, r)
			d := rules.ErrorDetails(err)
			if rules.ErrorCode(err) != rules.EUNPROCESSABLE || d["field"] != c.field || d["needs"] != c.needs {
				t.Fatalf("err %v (details %v), want 422 naming %s, needs %s", err, d, c.field, c.needs)
			}
		})
	}
}

// A leader the board does not say is there may still be: a 1E attack whose
// attackers' skills or classifications are not given is asked for them, not
// refused for want of a leader; one with a known leader, or whose attackers
// are all known to lead no one, is judged. A game.winner player's score,
// which the contract requires, is never read as 0 when left out; planet and
// space left out are false, as encoders of the contract's JSON leave them.
func TestALeaderOrAScoreNotGivenIsAskedFor(t *testing.T) {
	w := realWorld(t)
	blank := person("a", "klingon", []string{"staff"}, at("p"))
	blank.Skills, blank.Characteristics = nil, nil
	known := person("b", "klingon", []string{"staff"}, at("p"), "Leadership")
	none := person("c", "klingon", []string{"staff"}, at("p"), "Honor")
	enemy := opp(person("x", "romulan", []string{"staff"}, at("p")))
	board := func(ps ...rules.BoardPersonnel) rules.Board {
		return rules.Board{Missions: []rules.BoardMission{mission("p", "planet", "alpha", 3)}, Personnel: append(ps, enemy)}
	}
	_, err := ask(context.Background(), w.svc, req1E("battle.initiate", board(blank), obj{"attackers": []string{"a"}, "defenders": []string{"x"}}))
	if d := rules.ErrorDetails(err); rules.ErrorCode(err) != rules.EUNPROCESSABLE || d["field"] != "board.personnel[0]" || d["needs"] != "skills" {
		t.Errorf("an attacker whose skills are not given: err %v (details %v), want 422 naming board.personnel[0], needs skills", err, d)
	}
	if v := judge(t, req1E("battle.initiate", board(blank, known), obj{"attackers": []string{"a", "b"}, "defenders": []string{"x"}})); !allowed(t, v) {
		t.Errorf("a known leader among them: refused %q", v.Reasons)
	}
	if v := judge(t, req1E("battle.initiate", board(none), obj{"attackers": []string{"c"}, "defenders": []string{"x"}})); allowed(t, v) || !quotes(v, "leader") {
		t.Errorf("an attacker known to lead no one: allowed %v, citations %+v", deref(v.Allowed), v.Citations)
	}
	for _, ed := range []string{"1e", "2e"} {
		r := req2E("game.winner", rules.Board{}, obj{"players": []obj{{"name": "ann", "planet": true, "space": true}, {"name": "bob", "score": 40}}})
		r.Edition = ed
		_, err := ask(context.Background(), w.svc, r)
		if d := rules.ErrorDetails(err); rules.ErrorCode(err) != rules.EUNPROCESSABLE || d["field"] != "params.players[0].score" || d["needs"] != "score" {
			t.Errorf("%s: a player without a score: err %v (details %v)", ed, err, d)
		}
	}
	v := judge(t, req2E("game.winner", rules.Board{}, obj{"players": []obj{{"name": "ann", "score": 120, "planet": true}, {"name": "bob", "score": 40}}}))
	if g := resultFields(t, v.Result); g["ended"] != false {
		t.Errorf("2E: 120 points, space left out (false): %v %q", g, v.Reasons)
	}
}

// An affiliation not given is asked for where it decides: a 1E attacker's
// (it may restrict the attack), a defender's when the attackers may attack
// some affiliations and not others (Federation: Borg only), and a ship's
// from which a 1E space mission is attempted (one crew member must match
// it). Klingons, who may attack anyone, attack a defender of no given
// affiliation without it.
func TestAnAffiliationNotGivenIsAskedForWhenItDecides(t *testing.T) {
	w := realWorld(t)
	nobody := func(id, owner string) rules.BoardPersonnel {
		p := person(id, "", []string{"staff"}, at("p"), "Leadership")
		p.Owner = owner
		return p
	}
	fed := person("f", "federation", []string{"command"}, at("p"), "Leadership")
	kling := person("k", "klingon", []string{"command"}, at("p"), "Leadership")
	rom := opp(person("r", "romulan", []string{"staff"}, at("p")))
	planet := []rules.BoardMission{mission("p", "planet", "alpha", 3)}
	space := rules.BoardMission{ID: "s", Title: "Zq Drift", Type: "space", Quadrant: "alpha", Span: ip(3), Points: ip(30), Affiliations: []string{"federation"}, Requirements: "Leadership"}
	hull := rules.BoardShip{ID: "h", Staffing: []string{}, Range: ip(7), Weapons: ip(5), Shields: ip(5), At: at("s")}
	aboardHull := person("c", "federation", []string{"command"}, aboard("h"), "Leadership")
	cases := []struct {
		name, question string
		board          rules.Board
		params         obj
		field          string // "" when judged
	}{
		{"a Federation attack on a defender of no given affiliation", "battle.initiate", rules.Board{Missions: planet, Personnel: []rules.BoardPersonnel{fed, nobody("x", "opponent")}},
			obj{"attackers": []string{"f"}, "defenders": []string{"x"}}, "board.personnel[1]"},
		{"a Klingon attack on the same", "battle.initiate", rules.Board{Missions: planet, Personnel: []rules.BoardPersonnel{kling, nobody("x", "opponent")}},
			obj{"attackers": []string{"k"}, "defenders": []string{"x"}}, ""},
		{"an attacker of no given affiliation", "battle.initiate", rules.Board{Missions: planet, Personnel: []rules.BoardPersonnel{nobody("a", ""), rom}},
			obj{"attackers": []string{"a"}, "defenders": []string{"r"}}, "board.personnel[0]"},
		{"a space mission attempted from a ship of no given affiliation", "mission.attempt", rules.Board{Missions: []rules.BoardMission{space}, Ships: []rules.BoardShip{hull}, Personnel: []rules.BoardPersonnel{aboardHull}},
			obj{"mission": "s", "ship": "h"}, "board.ships[0]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := req1E(c.question, c.board, c.params)
			if c.field == "" {
				if v := judge(t, r); !allowed(t, v) {
					t.Fatalf("refused: %q", v.Reasons)
				}
				return
			}
			_, err := ask(context.Background(), w.svc, r)
			if d := rules.ErrorDetails(err); rules.ErrorCode(err) != rules.EUNPROCESSABLE || d["field"] != c.field || d["needs"] != "affiliation" {
				t.Fatalf("err %v (details %v), want 422 naming %s, needs affiliation", err, d, c.field)
			}
		})
	}
	hull.Affiliation = "federation"
	if v := judge(t, req1E("mission.attempt", rules.Board{Missions: []rules.BoardMission{space}, Ships: []rules.BoardShip{hull}, Personnel: []rules.BoardPersonnel{aboardHull}}, obj{"mission": "s", "ship": "h"})); !allowed(t, v) {
		t.Errorf("the same ship, Federation: refused %q", v.Reasons)
	}
}
