package engine_test

import (
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// The refusals the tables of refusals_test.go and move_refusals_test.go do
// not reach, each with the sentence that refuses and, where a refusal can
// concern cards of several types, one case a type: a unique card of each
// type played twice, attempts from a ship that may not attempt, moves,
// engagements, every rule an attack can break, and the stacks of dilemmas
// a rulebook forbids. Cards of the real card data where the rule turns on
// what the data says of them.
func TestEveryOtherRefusalQuotesItsSentence(t *testing.T) {
	space := attemptable(mission("sp", "space", "alpha", 3), "federation")
	planet := attemptable(mission("p", "planet", "alpha", 2), "federation")
	dual := attemptable(mission("d", "dual", "alpha", 2), "federation")
	far := attemptable(mission("far", "space", "alpha", 2), "federation")
	board := func(missions []rules.BoardMission, ships []rules.BoardShip, personnel []rules.BoardPersonnel) rules.Board {
		return rules.Board{Missions: missions, Ships: ships, Personnel: personnel}
	}
	theirShip := func(id, where string) rules.BoardShip {
		s := ship(id, "romulan", []string{"command"}, 8, where)
		s.Owner = "opponent"
		return s
	}
	// 1E battles: a Klingon ship and crew at a space location with a
	// Romulan ship of the opponent, or Away Teams on a planet.
	klingons := func(ship string) []rules.BoardPersonnel {
		return []rules.BoardPersonnel{person("k1", "klingon", []string{"command"}, aboard(ship), "Leadership"), person("k2", "klingon", []string{"staff"}, aboard(ship))}
	}
	fleet := func(change func(*rules.BoardShip), crew []rules.BoardPersonnel) rules.Board {
		s := rules.BoardShip{ID: "vorcha", Card: "1e-101-350", At: at("sp")}
		if change != nil {
			change(&s)
		}
		return rules.Board{Missions: []rules.BoardMission{space}, Facilities: []rules.BoardFacility{{ID: "ko", Card: "1e-101-105", At: at("sp")}},
			Ships: []rules.BoardShip{s, {ID: "devoras", Card: "1e-101-358", Owner: "opponent", At: at("sp")}}, Personnel: crew}
	}
	attack := obj{"attackers": []string{"vorcha"}, "defenders": []string{"devoras"}}
	away := func(attacker rules.BoardPersonnel, defender rules.BoardPersonnel) rules.Board {
		return board([]rules.BoardMission{planet}, nil, []rules.BoardPersonnel{attacker, defender})
	}
	fedAttacker := person("f", "federation", nil, at("p"), "Leadership")
	romulan := opp(person("r", "romulan", nil, at("p")))
	borg := opp(person("b", "borg", nil, at("p")))
	playUnique := func(edition, card string, onBoard rules.Board) rules.AdjudicationRequest {
		r := req2E("card.play", onBoard, obj{"card": card})
		r.Edition = edition
		return r
	}
	withShip := func(card, where string) rules.Board {
		return rules.Board{Missions: []rules.BoardMission{mission(where, "space", "alpha", 3)}, Ships: []rules.BoardShip{{ID: "x", Card: card, At: at(where)}}}
	}
	withPersonnel := func(card string) rules.Board {
		return rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 3)}, Personnel: []rules.BoardPersonnel{{ID: "x", Card: card, At: at("m")}}}
	}
	inline2E := func(typ string) obj { return obj{"title": "Zq Unique " + typ, "type": typ, "cost": 1, "unique": true} }
	cases := []struct {
		name, rules string
		req         rules.AdjudicationRequest
		quote       string
	}{
		// Uniqueness, a case a type of card.
		{"1EUniquePersonnelTwice", "1e-rulebook", playUnique("1e", "1e-163-27", withPersonnel("1e-163-27")), "only one copy of each unique personnel"},
		{"1EUniqueShipTwice", "1e-rulebook", playUnique("1e", "1e-101-344", withShip("1e-101-344", "m")), "only one copy of a unique ship"},
		{"1EShipPersonaTwice", "1e-rulebook", playUnique("1e", "1e-135-11", withShip("1e-101-334", "m")), "only one copy of a unique ship"},
		{"2EUniquePersonnelCommanded", "2e-rulebook", req2E("card.play", rules.Board{}, obj{"card": inline2E("personnel"), "commanded": []string{"Zq Unique personnel"}}), "you cannot play a card with a dot"},
		{"2EUniqueShipCommanded", "2e-rulebook", req2E("card.play", rules.Board{}, obj{"card": inline2E("ship"), "commanded": []string{"Zq Unique ship"}}), "you cannot play a card with a dot"},
		{"2EUniqueEquipmentCommanded", "2e-rulebook", req2E("card.play", rules.Board{}, obj{"card": inline2E("equipment"), "commanded": []string{"Zq Unique equipment"}}), "you cannot play a card with a dot"},
		{"2EUniqueEventCommanded", "2e-rulebook", req2E("card.play", rules.Board{}, obj{"card": inline2E("event"), "commanded": []string{"Zq Unique event"}}), "you cannot play a card with a dot"},
		{"1ENormalCardPlayUsed", "1e-rulebook", req1E("card.play", rules.Board{}, obj{"card": obj{"title": "Zq Tricorder", "type": "equipment"}, "cardPlayUsed": true}), "you may play one card from your hand"},
		// Attempts.
		{"2ENoShipAtASpaceMission", "2e-rulebook", req2E("mission.attempt", board([]rules.BoardMission{space}, nil, nil), obj{"mission": "sp"}), "a space mission is attempted by"},
		{"2EShipElsewhere", "2e-rulebook", req2E("mission.attempt", board([]rules.BoardMission{space, far}, []rules.BoardShip{ship("s", "federation", nil, 8, "far")}, crewed("s", "federation")), obj{"mission": "sp", "ship": "s"}), "a space mission is attempted by"},
		{"2EOpponentsShip", "2e-rulebook", req2E("mission.attempt", board([]rules.BoardMission{space}, []rules.BoardShip{theirShip("s", "sp")}, nil), obj{"mission": "sp", "ship": "s"}), "a space mission is attempted by"},
		{"1ENoShipAtASpaceMission", "1e-rulebook", req1E("mission.attempt", board([]rules.BoardMission{space}, nil, nil), obj{"mission": "sp"}), "space missions can be attempted by the entire"},
		{"1EDualWithNoCrewInOrbit", "1e-rulebook", req1E("mission.attempt", board([]rules.BoardMission{dual}, []rules.BoardShip{ship("s", "federation", nil, 8, "d")}, []rules.BoardPersonnel{person("a", "federation", nil, at("d"))}), obj{"mission": "d", "ship": "s"}), "dual-icon missions require both"},
		{"1EStoppedShip", "1e-rulebook", req1E("mission.attempt", board([]rules.BoardMission{space}, []rules.BoardShip{func() rules.BoardShip { s := ship("s", "federation", nil, 8, "sp"); s.Stopped = true; return s }()}, crewed("s", "federation")), obj{"mission": "sp", "ship": "s"}), "participate in a mission"},
		// Moves.
		{"2EAlreadyThere", "2e-rulebook", req2E("ship.move", board([]rules.BoardMission{space}, []rules.BoardShip{ship("s", "federation", []string{"command"}, 8, "sp")}, crewed("s", "federation")), obj{"ship": "s", "to": "sp"}), "add the span numbers of the"},
		{"1EStoppedShipCannotMove", "1e-rulebook", req1E("ship.move", board([]rules.BoardMission{space, far}, []rules.BoardShip{func() rules.BoardShip {
			s := ship("s", "federation", []string{"command"}, 8, "sp")
			s.Stopped = true
			return s
		}()}, crewed("s", "federation")), obj{"ship": "s", "to": "far"}), "may not be beamed, move, walk"},
		{"1EUnstaffedShipCannotMove", "1e-rulebook", req1E("ship.move", board([]rules.BoardMission{space, far}, []rules.BoardShip{ship("s", "federation", []string{"command", "staff"}, 8, "sp")}, nil), obj{"ship": "s", "to": "far"}), "requires a minimum crew aboard before it can"},
		// Engagements (2E).
		{"2EEngagementWithAStoppedShip", "2e-rulebook", req2E("engagement", board([]rules.BoardMission{space}, []rules.BoardShip{func() rules.BoardShip {
			s := ship("s", "federation", []string{"command"}, 8, "sp")
			s.Stopped = true
			return s
		}(), theirShip("x", "sp")}, crewed("s", "federation")), obj{"mission": "sp", "you": []string{"s"}, "opponent": []string{"x"}}), "a stopped card cannot execute"},
		{"2EEngagementWithAnUnstaffedShip", "2e-rulebook", req2E("engagement", board([]rules.BoardMission{space}, []rules.BoardShip{ship("s", "federation", []string{"command", "staff"}, 8, "sp"), theirShip("x", "sp")}, nil), obj{"mission": "sp", "you": []string{"s"}, "opponent": []string{"x"}}), "which must be staffed"},
		{"2EJoiningWithAnUnstaffedShip", "2e-rulebook", req2E("engagement", board([]rules.BoardMission{space}, []rules.BoardShip{ship("s", "federation", []string{"command"}, 8, "sp"), ship("t", "federation", []string{"command", "staff"}, 8, "sp"), theirShip("x", "sp")}, crewed("s", "federation")), obj{"mission": "sp", "you": []string{"s", "t"}, "opponent": []string{"x"}}), "only staffed ships may join an engagement"},
		// Every rule an attack (1E battle.initiate) can break.
		{"1EAttackingYourOwn", "1e-rulebook", req1E("battle.initiate", away(person("a", "klingon", nil, at("p"), "Leadership"), person("y", "romulan", nil, at("p"))), obj{"attackers": []string{"a"}, "defenders": []string{"y"}}), "you may attack only cards which you do"},
		{"1EAttackingFromAfar", "1e-rulebook", req1E("battle.initiate", board([]rules.BoardMission{planet, attemptable(mission("q", "planet", "alpha", 2), "federation")}, nil, []rules.BoardPersonnel{person("a", "klingon", nil, at("p"), "Leadership"), opp(person("y", "romulan", nil, at("q")))}), obj{"attackers": []string{"a"}, "defenders": []string{"y"}}), "you may attack cards only if they are"},
		{"1EFederationAttacksRomulans", "1e-rulebook", req1E("battle.initiate", away(fedAttacker, romulan), obj{"attackers": []string{"f"}, "defenders": []string{"r"}}), "federation forces cannot attack any affiliation"},
		{"1EBorgAttack", "1e-rulebook", req1E("battle.initiate", away(person("g", "borg", nil, at("p"), "Leadership"), romulan), obj{"attackers": []string{"g"}, "defenders": []string{"r"}}), "borg forces may not initiate battle"},
		{"1ERomulansAttackRomulans", "1e-rulebook", req1E("battle.initiate", away(person("a", "romulan", nil, at("p"), "Leadership"), romulan), obj{"attackers": []string{"a"}, "defenders": []string{"r"}}), "may attack any affiliation other than their own"},
		{"1EStoppedAwayTeamAttacks", "1e-rulebook", req1E("battle.initiate", away(stopped(person("a", "klingon", nil, at("p"), "Leadership")), borg), obj{"attackers": []string{"a"}, "defenders": []string{"b"}}), "participate in a battle"},
		{"1ECaptiveAttacks", "1e-rulebook", req1E("battle.initiate", away(person("a", "klingon", nil, &rules.Location{Brig: "opponent"}, "Leadership"), borg), obj{"attackers": []string{"a"}, "defenders": []string{"b"}}), "personnel that your opponent seeded are captured"},
		{"1EShipWithoutALeader", "1e-rulebook", req1E("battle.initiate", fleet(nil, []rules.BoardPersonnel{person("k2", "klingon", []string{"staff"}, aboard("vorcha"))}), attack), "must have a leader"},
		{"1EShipWithoutItsAffiliationAboard", "1e-rulebook", req1E("battle.initiate", fleet(nil, []rules.BoardPersonnel{person("n", "non-aligned", []string{"command"}, aboard("vorcha"), "Leadership")}), attack), "must also have at least one personnel of"},
		{"1EDockedShipAttacks", "1e-rulebook", req1E("battle.initiate", fleet(func(s *rules.BoardShip) { s.Docked = "ko" }, klingons("vorcha")), attack), "undocked"},
		{"1ECloakedShipAttacks", "1e-rulebook", req1E("battle.initiate", fleet(func(s *rules.BoardShip) { s.Cloaked = true }, klingons("vorcha")), attack), "uncloaked"},
		{"1EStoppedShipAttacks", "1e-rulebook", req1E("battle.initiate", fleet(func(s *rules.BoardShip) { s.Stopped = true }, klingons("vorcha")), attack), "participate in a battle"},
		// Dilemma stacks.
		{"2ENewestStackOverTheBudget", "2e-rulebook", req2E("dilemmas.stack", board([]rules.BoardMission{planet}, nil, nil), obj{"mission": "p", "attempting": 1, "stack": []obj{{"title": "A", "kind": "planet", "cost": 2}}}), "would make the total cost of dilemmas"},
		{"2EPremiereSpaceDilemmaAtAPlanet", "2e-rulebook-premiere", req2E("dilemmas.stack", board([]rules.BoardMission{planet}, nil, nil), obj{"mission": "p", "attempting": 3, "stack": []obj{{"title": "A", "kind": "space", "cost": 1}}}), "cannot choose any space dilemmas"},
		{"2EPremiereSecondCopy", "2e-rulebook-premiere", req2E("dilemmas.stack", board([]rules.BoardMission{planet}, nil, nil), obj{"mission": "p", "attempting": 3, "stack": []obj{{"title": "A", "kind": "planet", "cost": 1}, {"title": "A", "kind": "planet", "cost": 1}}}), "cannot choose more than one copy"},
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
