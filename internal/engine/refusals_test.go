package engine_test

import (
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Every refusal cites the sentence that refuses (the contract: "a refusal
// cites the rule that refuses"): each case is a refused verdict, under the
// rulebook named, and a few words of the sentence one of its citations must
// quote.
func TestRefusalsQuoteTheSentenceThatRefuses(t *testing.T) {
	planet := attemptable(mission("p", "planet", "alpha", 2), "federation")
	space := attemptable(mission("sp", "space", "alpha", 3), "federation")
	hq := attemptable(mission("hq", "headquarters", "alpha", 2), "federation")
	done := planet
	done.Completed = true
	theirs := planet
	theirs.Owner = "opponent"
	none := mission("p", "planet", "alpha", 2)
	none.Affiliations = []string{}
	far := mission("far", "space", "gamma", 3)
	onPlanet := []rules.BoardPersonnel{person("a", "federation", []string{"command"}, at("p"))}
	board := func(missions []rules.BoardMission, ships []rules.BoardShip, personnel []rules.BoardPersonnel) rules.Board {
		return rules.Board{Missions: missions, Ships: ships, Personnel: personnel}
	}
	theirShip := ship("s", "federation", []string{"command"}, 8, "p")
	theirShip.Owner = "opponent"
	stoppedShip := ship("s", "federation", []string{"command"}, 8, "sp")
	stoppedShip.Stopped = true
	tired := ship("s", "federation", []string{"command", "staff"}, 8, "p")
	tired.RangeUsed = 6
	cases := []struct {
		name, rules string
		req         rules.AdjudicationRequest
		quote       string
	}{
		// Attempting a mission: 2E ORDER – ATTEMPT A MISSION and Checking
		// Mission Requirements.
		{"CompletedMission", "2e-rulebook", req2E("mission.attempt", board([]rules.BoardMission{done}, nil, onPlanet), obj{"mission": "p"}), "cannot attempt it again"},
		{"CompletedMissionPremiere", "2e-rulebook-premiere", req2E("mission.attempt", board([]rules.BoardMission{done}, nil, onPlanet), obj{"mission": "p"}), "cannot attempt that mission again"},
		{"CompletedMissionCallToArms", "2e-rulebook-call-to-arms", req2E("mission.attempt", board([]rules.BoardMission{done}, nil, onPlanet), obj{"mission": "p"}), "cannot attempt it again"},
		{"OpponentsMission", "2e-rulebook", req2E("mission.attempt", board([]rules.BoardMission{theirs}, nil, onPlanet), obj{"mission": "p"}), "only your own missions"},
		{"Headquarters", "2e-rulebook", req2E("mission.attempt", board([]rules.BoardMission{hq}, nil, nil), obj{"mission": "hq"}), "headquarters missions cannot be attempted"},
		{"NoMatchingAffiliation", "2e-rulebook-call-to-arms", req2E("mission.attempt", board([]rules.BoardMission{planet}, nil, []rules.BoardPersonnel{person("a", "klingon", nil, at("p"))}), obj{"mission": "p"}), "affiliation icon on a personnel you are using"},
		{"NobodyOnThePlanet", "2e-rulebook", req2E("mission.attempt", board([]rules.BoardMission{planet}, nil, nil), obj{"mission": "p"}), "unstopped personnel on that planet"},
		{"NobodyAboardTheShip", "2e-rulebook-premiere", req2E("mission.attempt", board([]rules.BoardMission{space}, []rules.BoardShip{ship("s", "federation", nil, 8, "sp")}, nil), obj{"mission": "sp", "ship": "s"}), "unstopped ships at that mission"},
		{"StoppedShip", "2e-rulebook", req2E("mission.attempt", board([]rules.BoardMission{space}, []rules.BoardShip{stoppedShip}, crewed("s", "federation")), obj{"mission": "sp", "ship": "s"}), "unstopped ships at that mission"},
		// 1E ATTEMPTING MISSIONS.
		{"1ECompletedMission", "1e-rulebook", req1E("mission.attempt", board([]rules.BoardMission{done}, nil, onPlanet), obj{"mission": "p"}), "cannot be attempted or scored again"},
		{"1ENoAffiliationIcons", "1e-rulebook", req1E("mission.attempt", board([]rules.BoardMission{none}, nil, onPlanet), obj{"mission": "p"}), "that mission cannot be attempted"},
		{"1ENoMatchingAffiliation", "1e-current-rulings", req1E("mission.attempt", board([]rules.BoardMission{planet}, nil, []rules.BoardPersonnel{person("a", "klingon", nil, at("p"))}), obj{"mission": "p"}), "must match one of the mission's affiliation icons"},
		{"1EShipOfAnotherAffiliation", "1e-rulebook", req1E("mission.attempt", board([]rules.BoardMission{space}, []rules.BoardShip{ship("k", "klingon", nil, 8, "sp")}, []rules.BoardPersonnel{person("a", "federation", nil, aboard("k"))}), obj{"mission": "sp", "ship": "k"}), "must match the ship"},
		// Moving a ship.
		{"OpponentsShip", "2e-rulebook", req2E("ship.move", board([]rules.BoardMission{planet, space}, []rules.BoardShip{theirShip}, nil), obj{"ship": "s", "to": "sp"}), "move your ship"},
		{"StoppedShipCannotMove", "2e-rulebook", req2E("ship.move", board([]rules.BoardMission{planet, space}, []rules.BoardShip{func() rules.BoardShip { s := ship("s", "federation", nil, 8, "p"); s.Stopped = true; return s }()}, crewed("s", "federation")), obj{"ship": "s", "to": "sp"}), "a stopped card cannot execute"},
		{"UnstaffedShip", "2e-rulebook-premiere", req2E("ship.move", board([]rules.BoardMission{planet, space}, []rules.BoardShip{ship("s", "federation", []string{"command"}, 8, "p")}, nil), obj{"ship": "s", "to": "sp"}), "must be \"staffed\" in order to move"},
		{"NotEnoughRange", "2e-rulebook", req2E("ship.move", board([]rules.BoardMission{planet, space}, []rules.BoardShip{tired}, crewed("s", "federation")), obj{"ship": "s", "to": "sp"}), "equal to or greater than this total"},
		{"1EOtherQuadrant", "1e-rulebook", req1E("ship.move", board([]rules.BoardMission{planet, far}, []rules.BoardShip{ship("s", "federation", []string{"command", "staff"}, 8, "p")}, crewed("s", "federation")), obj{"ship": "s", "to": "far"}), "from one quadrant to the other"},
		{"1ENotEnoughRange", "1e-rulebook", req1E("ship.move", board([]rules.BoardMission{planet, space}, []rules.BoardShip{func() rules.BoardShip { s := tired; s.RangeUsed = 7; return s }()}, crewed("s", "federation")), obj{"ship": "s", "to": "sp"}), "limited by its range"},
		{"1EOpponentsShip", "1e-rulebook", req1E("ship.move", board([]rules.BoardMission{planet, space}, []rules.BoardShip{theirShip}, nil), obj{"ship": "s", "to": "sp"}), "once your ship has the required crew"},
		// Combat, engagements.
		{"CombatAtAHeadquarters", "2e-rulebook", req2E("combat", board([]rules.BoardMission{hq}, nil, []rules.BoardPersonnel{person("a", "federation", nil, at("hq")), opp(person("x", "romulan", nil, at("hq")))}), obj{"mission": "hq"}), "cannot begin combat at a headquarters"},
		{"CombatWithNoOpponentPresent", "2e-rulebook-call-to-arms", req2E("combat", board([]rules.BoardMission{planet, space}, nil, []rules.BoardPersonnel{person("a", "federation", nil, at("p")), opp(person("x", "romulan", nil, at("sp")))}), obj{"mission": "p", "opponent": []string{"x"}}), "personnel present with any number"},
		{"EngagementAtAHeadquarters", "2e-rulebook-premiere", req2E("engagement", board([]rules.BoardMission{hq}, []rules.BoardShip{ship("s", "federation", nil, 8, "hq"), func() rules.BoardShip { s := ship("x", "romulan", nil, 8, "hq"); s.Owner = "opponent"; return s }()}, crewed("s", "federation")), obj{"mission": "hq", "you": []string{"s"}, "opponent": []string{"x"}}), "cannot begin an engagement at a headquarters"},
		// Dilemma stacks.
		{"PremiereStackOverTheBudget", "2e-rulebook-premiere", req2E("dilemmas.stack", board([]rules.BoardMission{planet}, nil, nil), obj{"mission": "p", "attempting": 1, "stack": []obj{{"title": "A", "kind": "planet", "cost": 2}}}), "cannot be higher than the number of personnel"},
		{"CallToArmsSecondCopy", "2e-rulebook-call-to-arms", req2E("dilemmas.stack", board([]rules.BoardMission{planet}, nil, nil), obj{"mission": "p", "attempting": 3, "stack": []obj{{"title": "A", "kind": "planet", "cost": 1}, {"title": "A", "kind": "planet", "cost": 1}}}), "cannot choose more than one copy"},
		{"1ESecondCopyOfOnePlayer", "1e-rulebook", req1E("dilemmas.stack", board([]rules.BoardMission{planet}, nil, nil), obj{"mission": "p", "stack": []obj{{"title": "A", "kind": "planet"}, {"title": "A", "kind": "planet"}}}), "seeded by the same player"},
		{"1EWrongKind", "1e-rulebook", req1E("dilemmas.stack", board([]rules.BoardMission{planet}, nil, nil), obj{"mission": "p", "stack": []obj{{"title": "A", "kind": "space"}}}), "mis-seeds and are placed out-of-play"},
		// Decks and cards.
		{"TooFewMissions", "2e-rulebook", req2E("deck.validate", rules.Board{}, obj{"missions": invented("m", 4), "dilemmas": invented("d", 20), "deck": invented("c", 35)}), "5 different missions"},
		{"1ETooManySeeds", "1e-rulebook", req1E("deck.validate", rules.Board{}, obj{"missions": invented("m", 6), "dilemmas": invented("d", 31), "deck": invented("c", 30)}), "up to 30 of the following"},
		{"MissionFromHand", "2e-rulebook", req2E("card.play", rules.Board{}, obj{"card": obj{"title": "Zq Place", "type": "mission"}}), "two other types of cards are used in the game"},
		{"TooFewCounters", "2e-rulebook", req2E("card.play", rules.Board{}, obj{"card": obj{"title": "Zq Ensign", "type": "personnel", "cost": 3}, "counters": 2}), "not have enough counters"},
		{"1ESecondUniquePersonnel", "1e-rulebook", req1E("card.play", rules.Board{}, obj{"card": obj{"title": "Zq Hero", "type": "personnel", "unique": true}, "commanded": []string{"Zq Hero"}}), "only one copy of each unique personnel"},
		// 1E battle.
		{"1EAttackWithoutALeader", "1e-rulebook", req1E("battle.initiate", board([]rules.BoardMission{planet}, nil, []rules.BoardPersonnel{person("a", "klingon", nil, at("p")), opp(person("x", "romulan", nil, at("p")))}), obj{"attackers": []string{"a"}, "defenders": []string{"x"}}), "must have a leader"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := judge(t, under(c.req, c.rules))
			if allowed(t, v) {
				t.Fatalf("allowed; reasons %q", v.Reasons)
			}
			if !quotes(v, c.quote) {
				t.Errorf("no citation quotes %q; reasons %q, citations %+v", c.quote, v.Reasons, v.Citations)
			}
		})
	}
}
