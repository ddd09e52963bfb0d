package engine_test

import (
	"testing"

	"github.com/stccg/stccg-rules/internal/engine"
	"github.com/stccg/stccg-rules/internal/testcorpus"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A placeCase is one question asked of a board where what decides is where
// cards are, or what the state of what carries them lets them do: the
// question, the board and params, whether it is allowed, result fields it
// must hold, and words one citation must quote.
type placeCase struct {
	name     string
	edition  string
	question string
	board    rules.Board
	params   obj
	want     bool
	result   obj
	quote    string
	// docs are the rulebooks the case is judged under; all of its
	// edition's when empty.
	docs []string
}

func runPlaceCases(t *testing.T, cases []placeCase) {
	t.Helper()
	for _, c := range cases {
		docs := c.docs
		if len(docs) == 0 {
			docs = rulebooksOf(c.edition)
		}
		for _, doc := range docs {
			t.Run(c.name+"/"+doc, func(t *testing.T) {
				r := under(req2E(c.question, c.board, c.params), doc)
				r.Edition = c.edition
				v := judge(t, r)
				if allowed(t, v) != c.want {
					t.Fatalf("allowed = %v, want %v; reasons %q", !c.want, c.want, v.Reasons)
				}
				for k, want := range c.result {
					if got := resultField(t, v.Result, k); !equalJSON(t, got, want) {
						t.Errorf("result.%s = %v, want %v; reasons %q", k, got, want, v.Reasons)
					}
				}
				if c.quote != "" && !quotes(v, c.quote) {
					t.Errorf("no citation quotes %q; reasons %q, citations %+v", c.quote, v.Reasons, v.Citations)
				}
			})
		}
	}
}

func equalJSON(t *testing.T, got, want any) bool {
	t.Helper()
	return string(params(t, got)) == string(params(t, roundTrip(t, want)))
}

// cardAt is a board object of the card data at a mission (a personnel or a
// ship, by the list it is put in).
func cardPersonnel(id, card string, where *rules.Location) rules.BoardPersonnel {
	return rules.BoardPersonnel{ID: id, Card: card, At: where}
}

func cardShip(id, card, where string) rules.BoardShip {
	return rules.BoardShip{ID: id, Card: card, At: at(where)}
}

func cardMission(id, card string) rules.BoardMission { return rules.BoardMission{ID: id, Card: card} }

func theirs[T interface {
	rules.BoardMission | rules.BoardShip | rules.BoardPersonnel
}](x T) T {
	switch v := any(&x).(type) {
	case *rules.BoardMission:
		v.Owner = "opponent"
	case *rules.BoardShip:
		v.Owner = "opponent"
	case *rules.BoardPersonnel:
		v.Owner = "opponent"
	}
	return x
}

// Cards of the 2E card data the copies boards are made of.
const (
	cargoRendezvous  = "2e-1-154" // Beltane IX, Cargo Rendezvous: planet, Alpha, span 2
	militaryExercise = "2e-1-186" // Oneamisu Sector, Military Exercises: space, Alpha, span 3
	medicalRelief    = "2e-1-185" // Beta Lankal, Medical Relief: planet, Alpha, span 2
	keeveFalor       = "2e-1-215" // Bajoran, Strength 6
	emok             = "2e-1-237" // Cardassian, Strength 5
	weldRam          = "2e-1-227" // Bajoran
	usssGalaxy       = "2e-1-394" // Federation, command staff staff staff, Weapons 8
	usssNebula       = "2e-1-395" // Federation, command staff staff, Weapons 8
	dkoraMarauder    = "2e-7-117" // Ferengi, Shields 7
)

// galaxyCrew staffs the U.S.S. Galaxy (and the Nebula): Rixx (command),
// Davies, Lopez and Mills (staff), all Federation.
func galaxyCrew(ship string) []rules.BoardPersonnel {
	return []rules.BoardPersonnel{
		cardPersonnel("rixx", "2e-1-281", aboard(ship)), cardPersonnel("davies", "2e-1-260", aboard(ship)),
		cardPersonnel("lopez", "2e-1-274", aboard(ship)), cardPersonnel("mills", "2e-1-278", aboard(ship)),
	}
}

// 2E glossary, missions: "If more than one player has played a copy of the
// same mission, all of the personnel, equipment, and ships at those copies
// are at the same mission, as if they were all at the same card." Every
// question that compares where cards are takes the copies as one place,
// under every 2E rulebook; two different missions stay two places.
func TestCopiesOfOneMissionAreOnePlaceForEveryQuestion(t *testing.T) {
	planets := []rules.BoardMission{cardMission("mine", cargoRendezvous), theirs(cardMission("theirs", cargoRendezvous)), cardMission("other", medicalRelief)}
	spaces := []rules.BoardMission{cardMission("mine", militaryExercise), theirs(cardMission("theirs", militaryExercise)), cardMission("other", medicalRelief)}
	combatAt := func(yours, their string) rules.Board {
		return rules.Board{Missions: planets, Personnel: []rules.BoardPersonnel{
			cardPersonnel("a", keeveFalor, at(yours)), theirs(cardPersonnel("x", emok, at(their)))}}
	}
	engagementAt := func(yours, their string) rules.Board {
		return rules.Board{Missions: spaces,
			Ships:     []rules.BoardShip{cardShip("nebula", usssNebula, yours), theirs(cardShip("dkora", dkoraMarauder, their))},
			Personnel: galaxyCrew("nebula")}
	}
	beamBoard := func(ship, person string, aboardShip bool) rules.Board {
		where := at(person)
		if aboardShip {
			where = aboard("galaxy")
		}
		return rules.Board{Missions: planets, Ships: []rules.BoardShip{cardShip("galaxy", usssGalaxy, ship)},
			Personnel: []rules.BoardPersonnel{cardPersonnel("a", weldRam, where)}}
	}
	survey := func(id, owner string) rules.BoardMission {
		m := attemptable(mission(id, "space", "alpha", 3), "federation")
		m.Title, m.Owner, m.Requirements, m.Points = "Survey Run", owner, "Navigation", ip(35)
		return m
	}
	surveyed := func(shipAt string) rules.Board {
		far := survey("far", "")
		far.Title = "Deep Reach"
		return rules.Board{Missions: []rules.BoardMission{survey("mine", ""), survey("theirs", "opponent"), far},
			Ships: []rules.BoardShip{ship("s", "federation", []string{"command"}, 8, shipAt)},
			Personnel: []rules.BoardPersonnel{
				person("nav", "federation", []string{"command"}, aboard("s"), "Navigation")}}
	}
	relief := []rules.BoardMission{cardMission("mine", medicalRelief), theirs(cardMission("theirs", medicalRelief)), cardMission("other", cargoRendezvous)}
	onPlanet := func(where string) rules.Board {
		return rules.Board{Missions: relief, Personnel: []rules.BoardPersonnel{
			cardPersonnel("a", "2e-1-254", at(where)), cardPersonnel("b", "2e-1-251", at("mine"))}}
	}
	copiesQuote := "played a copy of the same mission"
	runPlaceCases(t, []placeCase{
		{name: "CombatAcrossCopies", edition: "2e", question: "combat", board: combatAt("mine", "theirs"),
			params: obj{"mission": "mine", "you": []string{"a"}, "opponent": []string{"x"}}, want: true,
			result: obj{"winner": "you", "yourStrength": 6, "opponentStrength": 5}, quote: copiesQuote},
		{name: "CombatAskedAtTheOtherCopy", edition: "2e", question: "combat", board: combatAt("mine", "theirs"),
			params: obj{"mission": "theirs"}, want: true, result: obj{"involved": []string{"a"}, "opponentInvolved": []string{"x"}}},
		{name: "CombatAtTwoMissions", edition: "2e", question: "combat", board: combatAt("mine", "other"),
			params: obj{"mission": "mine", "you": []string{"a"}, "opponent": []string{"x"}}, want: false},
		{name: "EngagementAcrossCopies", edition: "2e", question: "engagement", board: engagementAt("mine", "theirs"),
			params: obj{"mission": "mine", "you": []string{"nebula"}, "opponent": []string{"dkora"}}, want: true,
			result: obj{"yourWeapons": 8, "opponentShields": 7, "winner": "you"}, quote: copiesQuote},
		{name: "EngagementAtTwoMissions", edition: "2e", question: "engagement", board: engagementAt("mine", "other"),
			params: obj{"mission": "mine", "you": []string{"nebula"}, "opponent": []string{"dkora"}}, want: false},
		{name: "BeamUpFromTheOtherCopy", edition: "2e", question: "personnel.beam", board: beamBoard("mine", "theirs", false),
			params: obj{"personnel": []string{"a"}, "to": "galaxy"}, want: true, result: obj{"moved": []string{"a"}}, quote: copiesQuote},
		{name: "BeamDownToTheOtherCopy", edition: "2e", question: "personnel.beam", board: beamBoard("mine", "", true),
			params: obj{"personnel": []string{"a"}, "to": "theirs"}, want: true, result: obj{"moved": []string{"a"}}},
		{name: "BeamUpFromAnotherMission", edition: "2e", question: "personnel.beam", board: beamBoard("mine", "other", false),
			params: obj{"personnel": []string{"a"}, "to": "galaxy"}, want: false, quote: "beaming cannot be used to move from one mission"},
		{name: "AttemptWithTheOtherCopysPlanet", edition: "2e", question: "mission.attempt", board: onPlanet("theirs"),
			params: obj{"mission": "mine"}, want: true, result: obj{"personnel": []string{"a", "b"}}, quote: copiesQuote},
		{name: "AttemptLeavesAnotherMissionsPlanet", edition: "2e", question: "mission.attempt", board: onPlanet("other"),
			params: obj{"mission": "mine"}, want: true, result: obj{"personnel": []string{"b"}}},
		{name: "SpaceAttemptFromTheOtherCopy", edition: "2e", question: "mission.attempt", board: surveyed("theirs"),
			params: obj{"mission": "mine"}, want: true, result: obj{"personnel": []string{"nav"}}},
		{name: "SpaceAttemptFromAnotherMission", edition: "2e", question: "mission.attempt", board: surveyed("far"),
			params: obj{"mission": "mine", "ship": "s"}, want: false},
		{name: "RequirementsOfThoseAtTheOtherCopy", edition: "2e", question: "mission.requirements", board: surveyed("theirs"),
			params: obj{"mission": "mine"}, want: true},
		{name: "ResolveFromTheOtherCopy", edition: "2e", question: "mission.resolve", board: surveyed("theirs"),
			params: obj{"mission": "mine", "stack": []obj{}}, want: true, result: obj{"completed": true, "points": 35}},
		{name: "StackCountsThoseAtTheOtherCopy", edition: "2e", question: "dilemmas.stack", board: onPlanet("theirs"),
			params: obj{"mission": "mine", "stack": []obj{{"title": "A", "kind": "planet", "cost": 2}}}, want: true, result: obj{"dilemmaBudget": 2}},
		{name: "MoveToTheOtherCopy", edition: "2e", question: "ship.move", board: surveyed("mine"),
			params: obj{"ship": "s", "to": "theirs"}, want: true, result: obj{"rangeCost": 0}, quote: copiesQuote,
			docs: []string{"2e-rulebook-call-to-arms", "2e-rulebook"}},
	})
}

// 1E has no copies of one place: a universal mission seeded twice is two
// locations of the spaceline, and cards at the one are not at the other.
func TestFirstEditionMissionsOfOneTitleAreTwoLocations(t *testing.T) {
	botanical := func(id string) rules.BoardMission {
		return rules.BoardMission{ID: id, Card: "1e-113-3", Quadrant: "alpha"}
	}
	board := rules.Board{
		Missions: []rules.BoardMission{botanical("b1"), theirs(botanical("b2"))},
		Ships:    []rules.BoardShip{cardShip("vorcha", "1e-101-350", "b1"), theirs(cardShip("devoras", "1e-101-358", "b2"))},
		Personnel: []rules.BoardPersonnel{
			person("k1", "klingon", []string{"command"}, aboard("vorcha"), "Leadership"),
			person("k2", "klingon", []string{"staff"}, aboard("vorcha")),
			person("k3", "klingon", []string{"staff"}, aboard("vorcha")),
			person("w", "klingon", []string{"staff"}, at("b2"))},
	}
	runPlaceCases(t, []placeCase{
		{name: "BattleAcrossTwoLocations", edition: "1e", question: "battle.initiate", board: board,
			params: obj{"attackers": []string{"vorcha"}, "defenders": []string{"devoras"}}, want: false, quote: "you may attack cards only if they are"},
		{name: "BeamToTheOtherLocation", edition: "1e", question: "personnel.beam", board: board,
			params: obj{"personnel": []string{"w"}, "to": "vorcha"}, want: false},
	})
}

// 1E: a ship's state binds what it and its crew may do. "Each of your ships
// that will be firing WEAPONS must have WEAPONS>0 and be 'unstopped,'
// undocked, and uncloaked" (also to return fire); "Your cards aboard your
// 'stopped' ship are also 'stopped'", and stopped cards "may not be beamed,
// move, ... participate in a battle, staff a ship, or participate in a
// mission ... attempt"; a ship attempting a space mission undocks and
// decloaks first. Each question that moves, fires, beams or attempts reads
// the state of what carries a card; an Away Team off the ship is free.
func TestShipStateBindsItsCrew1E(t *testing.T) {
	space := attemptable(mission("m", "space", "alpha", 3), "klingon")
	space.Requirements, space.Points = "Navigation", ip(30)
	planet := attemptable(mission("p", "planet", "alpha", 3), "klingon")
	planet.Requirements, planet.Points = "Navigation", ip(30)
	vorcha := func(change func(s *rules.BoardShip)) rules.BoardShip {
		s := cardShip("vorcha", "1e-101-350", "m") // Klingon, WEAPONS 8
		if change != nil {
			change(&s)
		}
		return s
	}
	crew := func(ship string) []rules.BoardPersonnel {
		return []rules.BoardPersonnel{
			person("k1", "klingon", []string{"command"}, aboard(ship), "Leadership", "Navigation"),
			person("k2", "klingon", []string{"staff"}, aboard(ship)),
			person("k3", "klingon", []string{"staff"}, aboard(ship))}
	}
	board := func(s rules.BoardShip, extra ...rules.BoardPersonnel) rules.Board {
		return rules.Board{Missions: []rules.BoardMission{space, planet},
			Facilities: []rules.BoardFacility{{ID: "ko", Card: "1e-101-105", At: at("m")}},
			Ships:      []rules.BoardShip{s, theirs(cardShip("devoras", "1e-101-358", "m"))},
			Personnel:  append(crew(s.ID), extra...)}
	}
	docked := vorcha(func(s *rules.BoardShip) { s.Docked = "ko" })
	cloaked := vorcha(func(s *rules.BoardShip) { s.Cloaked = true })
	halted := vorcha(func(s *rules.BoardShip) { s.Stopped = true })
	free := vorcha(nil)
	intruder := theirs(person("r1", "romulan", []string{"staff"}, aboard("vorcha")))
	attack := obj{"attackers": []string{"vorcha"}, "defenders": []string{"devoras"}}
	fire := obj{"attackers": []string{"vorcha"}, "target": "devoras"}
	inOrbit := func(s rules.BoardShip) rules.Board {
		s.At = at("p")
		b := board(s)
		b.Facilities = nil
		b.Personnel = append(b.Personnel, person("a", "klingon", []string{"staff"}, at("p"), "Navigation"))
		return b
	}
	runPlaceCases(t, []placeCase{
		{name: "FreeShipAttacks", edition: "1e", question: "battle.initiate", board: board(free), params: attack, want: true},
		{name: "DockedShipMayNotAttack", edition: "1e", question: "battle.initiate", board: board(docked), params: attack, want: false, quote: "undocked"},
		{name: "CloakedShipMayNotAttack", edition: "1e", question: "battle.initiate", board: board(cloaked), params: attack, want: false, quote: "uncloaked"},
		{name: "StoppedShipMayNotAttack", edition: "1e", question: "battle.initiate", board: board(halted), params: attack, want: false, quote: "participate in a battle"},
		{name: "CrewOfAStoppedShipMayNotAttack", edition: "1e", question: "battle.initiate", board: board(halted, intruder),
			params: obj{"attackers": []string{"k1"}, "defenders": []string{"r1"}}, want: false, quote: "cards aboard your"},
		{name: "CrewOfAFreeShipAttacksIntruders", edition: "1e", question: "battle.initiate", board: board(free, intruder),
			params: obj{"attackers": []string{"k1"}, "defenders": []string{"r1"}}, want: true},
		{name: "PersonnelBeamOffAFreeShip", edition: "1e", question: "personnel.beam", board: inOrbit(free),
			params: obj{"personnel": []string{"k2"}, "to": "p"}, want: true},
		{name: "PersonnelAboardAStoppedShipMayNotBeam", edition: "1e", question: "personnel.beam", board: inOrbit(halted),
			params: obj{"personnel": []string{"k2"}, "to": "p"}, want: false, quote: "cards aboard your"},
		{name: "AwayTeamBeamsUpToAStoppedShip", edition: "1e", question: "personnel.beam", board: inOrbit(halted),
			params: obj{"personnel": []string{"a"}, "to": "vorcha"}, want: true},
		{name: "AwayTeamAttemptsBelowAStoppedShip", edition: "1e", question: "mission.attempt", board: inOrbit(halted),
			params: obj{"mission": "p"}, want: true, result: obj{"personnel": []string{"a"}}},
		{name: "FreeShipAttempts", edition: "1e", question: "mission.attempt", board: board(free), params: obj{"mission": "m", "ship": "vorcha"}, want: true},
		{name: "DockedShipMayNotAttempt", edition: "1e", question: "mission.attempt", board: board(docked), params: obj{"mission": "m", "ship": "vorcha"}, want: false, quote: "when docked"},
		{name: "CloakedShipMayNotAttempt", edition: "1e", question: "mission.attempt", board: board(cloaked), params: obj{"mission": "m", "ship": "vorcha"}, want: false, quote: "decloak the ship"},
		{name: "CrewOfAStoppedShipMeetsNoRequirement", edition: "1e", question: "mission.requirements", board: board(halted),
			params: obj{"mission": "m", "personnel": []string{"k1"}}, want: false, quote: "can meet the mission requirements"},
		{name: "CrewOfAStoppedShipStaffsNothing", edition: "1e", question: "ship.staffed", board: board(halted), params: obj{"ship": "vorcha"}, want: false, quote: "cards aboard your"},
		{name: "StoppedShipMayNotMove", edition: "1e", question: "ship.move", board: inOrbit(halted), params: obj{"ship": "vorcha", "to": "m"}, want: false},
	})
	// Firing: a docked, cloaked or stopped ship adds no WEAPONS to the
	// ATTACK, even returning fire; a free one adds its 8.
	for _, c := range []struct {
		name   string
		ship   rules.BoardShip
		attack float64
	}{{"Free", free, 8}, {"Docked", docked, 0}, {"Cloaked", cloaked, 0}, {"Stopped", halted, 0}} {
		t.Run("Fire"+c.name, func(t *testing.T) {
			v := judge(t, req1E("battle.ship", board(c.ship), fire))
			if got := num(t, v, "attack"); got != c.attack {
				t.Errorf("attack %v, want %v; reasons %q", got, c.attack, v.Reasons)
			}
		})
	}
}

// 2E: a stopped ship executes no orders, and personnel beam only off an
// unstopped ship; but the personnel aboard it are not stopped themselves:
// they still staff it and fight in combat aboard it.
func TestStoppedShipLeavesItsCrewUnstopped2E(t *testing.T) {
	m := cardMission("mine", cargoRendezvous)
	galaxy := cardShip("galaxy", usssGalaxy, "mine")
	galaxy.Stopped = true
	b := rules.Board{Missions: []rules.BoardMission{m, cardMission("other", medicalRelief)}, Ships: []rules.BoardShip{galaxy},
		Personnel: append(galaxyCrew("galaxy"), theirs(cardPersonnel("x", emok, aboard("galaxy"))))}
	runPlaceCases(t, []placeCase{
		{name: "CrewStillStaffs", edition: "2e", question: "ship.staffed", board: b, params: obj{"ship": "galaxy"}, want: true},
		{name: "StoppedShipMayNotMove", edition: "2e", question: "ship.move", board: b, params: obj{"ship": "galaxy", "to": "other"}, want: false, quote: "a stopped card cannot execute"},
		{name: "NoBeamingOffAStoppedShip", edition: "2e", question: "personnel.beam", board: b, params: obj{"personnel": []string{"rixx"}, "to": "mine"}, want: false},
		{name: "CombatAboardAStoppedShip", edition: "2e", question: "combat", board: b, params: obj{"mission": "mine", "ship": "galaxy"}, want: true,
			result: obj{"involved": []string{"rixx", "davies", "lopez", "mills"}}},
	})
}

// The card data's markings decide the rules that read them, through every
// question that does, with the cards as the data holds them: a universal
// mission seeded twice and a universal personnel played beside its copy, a
// card the data marks unique, a persona, a native quadrant, and the share
// of its SHIELDS a facility extends to a ship docked there.
func TestCardDataMarkingsDecideTheRules(t *testing.T) {
	missions := func(extra ...any) []any {
		return append([]any{line{"1e-101-146", 1, false}, line{"1e-101-147", 1, false}, line{"1e-101-150", 1, false}, line{"1e-101-151", 1, false}}, extra...)
	}
	deck := func(ms []any) obj { return obj{"missions": ms, "deck": []line{{"1e-101-336", 30, false}}} }
	planet := attemptable(mission("p", "planet", "alpha", 3), "federation")
	outpost := rules.Board{Missions: []rules.BoardMission{planet}, Facilities: []rules.BoardFacility{{ID: "fo", Card: "1e-101-104", At: at("p")}}}
	onPlanet := func(card string) rules.Board {
		return rules.Board{Missions: []rules.BoardMission{planet}, Personnel: []rules.BoardPersonnel{cardPersonnel("x", card, at("p"))}}
	}
	runPlaceCases(t, []placeCase{
		{name: "AUniversalMissionTwice", edition: "1e", question: "deck.validate", board: rules.Board{}, params: deck(missions(line{"1e-113-3", 2, false})), want: true},
		{name: "AUniversalMissionTwiceByTitle", edition: "1e", question: "deck.validate", board: rules.Board{}, params: deck(missions(line{"Botanical Research", 2, false})), want: true},
		{name: "AMissionNotUniversalTwice", edition: "1e", question: "deck.validate", board: rules.Board{}, params: deck(missions(line{"1e-101-193", 2, false})), want: false, quote: "must be different"},
		{name: "AUniversalPersonnelBesideItsCopy", edition: "1e", question: "card.play", board: onPlanet("1e-101-201"), params: obj{"card": "1e-101-201"}, want: true},
		{name: "AUniqueMarkedPersonnelTwice", edition: "1e", question: "card.play", board: onPlanet("1e-163-27"), params: obj{"card": "1e-163-27"}, want: false, quote: "only one copy of each unique personnel"},
		{name: "APersonaOfTheBoard", edition: "1e", question: "card.play", board: onPlanet("1e-155-79"), params: obj{"card": "1e-101-251"}, want: false, quote: "different versions of the same persona"},
		{name: "ADeltaQuadrantPersonnelAtAnAlphaOutpost", edition: "1e", question: "card.play", board: outpost, params: obj{"card": "1e-123-120", "at": "fo"}, want: false, quote: "both in their native quadrant"},
		{name: "AnAlphaQuadrantPersonnelAtAnAlphaOutpost", edition: "1e", question: "card.play", board: outpost, params: obj{"card": "1e-101-251", "at": "fo"}, want: true},
	})
}

// 1E: a copy of a non-universal mission seeded when one is on the
// spaceline is placed on top of it, one location both players treat as
// theirs and complete once; a universal mission's copies, and missions
// given inline (universal or not, the board does not say), are locations
// of their own.
func TestCopiesOfA1EMissionAreOneLocation(t *testing.T) {
	// 1e-101-154 (Excavation, span 3) is not universal in the card data.
	mk := func(first, second rules.BoardMission) rules.Board {
		second.Owner = engine.Opponent
		far := mission("far", "planet", "alpha", 4)
		far.Affiliations = []string{"federation"}
		return rules.Board{
			Missions: []rules.BoardMission{first, far, second},
			Ships:    []rules.BoardShip{ship("runner", "federation", nil, 9, "mine")},
			Personnel: []rules.BoardPersonnel{
				strength(person("k", "klingon", nil, at("mine"), "Leadership"), 6),
				opp(strength(person("t", "federation", nil, at("theirs"), "Leadership"), 5)),
				person("crew", "federation", []string{"command"}, aboard("runner")),
			},
		}
	}
	copies := mk(rules.BoardMission{ID: "mine", Card: "1e-101-154", Quadrant: "alpha"}, rules.BoardMission{ID: "theirs", Card: "1e-101-154", Quadrant: "alpha"})
	if v := judge(t, req1E("battle.initiate", copies, obj{"attackers": []string{"k"}, "defenders": []string{"t"}})); !allowed(t, v) {
		t.Errorf("personnel on two copies of one mission are not present together; reasons %q", v.Reasons)
	}
	v := judge(t, req1E("ship.move", copies, obj{"ship": "runner", "to": "theirs"}))
	if allowed(t, v) || !quotes(v, "is treated by both players as") {
		t.Errorf("a move to the copy stacked on the ship's location: allowed %v, reasons %q", allowed(t, v), v.Reasons)
	}
	// Leaving the location for "far" and coming back to the later copy
	// costs the spans of the one location, never of the copy listed
	// after "far".
	back := copies
	back.Ships = []rules.BoardShip{ship("runner", "federation", nil, 9, "far")}
	back.Personnel = []rules.BoardPersonnel{person("crew", "federation", []string{"command"}, aboard("runner"))}
	v = judge(t, req1E("ship.move", back, obj{"ship": "runner", "to": "theirs"}))
	if got := num(t, v, "rangeCost"); !allowed(t, v) || got != 3 {
		t.Errorf("far to the copy: rangeCost %v (allowed %v), want Excavation's span 3; reasons %q", got, allowed(t, v), v.Reasons)
	}
	done := mk(rules.BoardMission{ID: "mine", Card: "1e-101-154", Completed: true}, rules.BoardMission{ID: "theirs", Card: "1e-101-154"})
	done.Personnel = []rules.BoardPersonnel{person("p", "federation", nil, at("theirs"), "Archaeology")}
	if v := judge(t, req1E("mission.attempt", done, obj{"mission": "theirs"})); allowed(t, v) {
		t.Errorf("the copy of a completed mission was attempted again; reasons %q", v.Reasons)
	}
	for name, pair := range map[string][2]rules.BoardMission{
		"Universal": {{ID: "mine", Card: universalMission1E(t)}, {ID: "theirs", Card: universalMission1E(t)}},
		"Inline":    {{ID: "mine", Title: "Zq Dig", Type: "planet", Quadrant: "alpha", Span: ip(3), Affiliations: []string{"klingon"}}, {ID: "theirs", Title: "Zq Dig", Type: "planet", Quadrant: "alpha", Span: ip(3), Affiliations: []string{"klingon"}}},
	} {
		t.Run(name, func(t *testing.T) {
			v := judge(t, req1E("battle.initiate", mk(pair[0], pair[1]), obj{"attackers": []string{"k"}, "defenders": []string{"t"}}))
			if allowed(t, v) {
				t.Errorf("personnel at two locations fought; reasons %q", v.Reasons)
			}
		})
	}
}

// universalMission1E is the id of a 1E mission the card data marks
// universal.
func universalMission1E(t *testing.T) string {
	t.Helper()
	for _, c := range testcorpus.Load(t).Cards {
		if c.Edition == rules.Edition1E && c.Type == "mission" && c.Universal {
			return c.ID
		}
	}
	t.Fatal("no universal 1E mission in the card data")
	return ""
}
