package engine_test

import (
	"reflect"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Combat (2E): "The combat involves all of your unstopped personnel there,
// and all personnel there commanded by that opponent": everyone present at
// the site, listed or not; the higher Strength total wins, a tie has no
// winner, never at a headquarters. Params with no lists (nil) list every
// personnel of the board by owner.
func TestCombat(t *testing.T) {
	noLists := obj{"mission": "m"}
	cases := []struct {
		name        string
		missionType string
		personnel   []rules.BoardPersonnel
		params      obj
		want        bool
		winner      any
		yours       int
		theirs      int
	}{
		{"HigherStrengthWins", "planet", []rules.BoardPersonnel{strength(person("a", "klingon", nil, at("m")), 8), opp(strength(person("x", "romulan", nil, at("m")), 7))}, nil, true, "you", 8, 7},
		{"OpponentsHigherStrengthWins", "planet", []rules.BoardPersonnel{strength(person("a", "klingon", nil, at("m")), 6), opp(strength(person("x", "romulan", nil, at("m")), 7))}, nil, true, "opponent", 6, 7},
		{"EqualTotalsHaveNoWinner", "planet", []rules.BoardPersonnel{strength(person("a", "klingon", nil, at("m")), 7), opp(strength(person("x", "romulan", nil, at("m")), 7))}, nil, true, nil, 7, 7},
		{"StoppedPersonnelAreNotInvolved", "planet", []rules.BoardPersonnel{strength(person("a", "klingon", nil, at("m")), 4), stopped(strength(person("b", "klingon", nil, at("m")), 9)), opp(strength(person("x", "romulan", nil, at("m")), 7))}, nil, true, "opponent", 4, 7},
		{"NoCombatAtAHeadquarters", "headquarters", []rules.BoardPersonnel{person("a", "klingon", nil, at("m")), opp(person("x", "romulan", nil, at("m")))}, nil, false, nil, 5, 5},
		{"AboardAShipIsNotPresentWithThePlanet", "planet", []rules.BoardPersonnel{person("a", "klingon", nil, aboard("s")), opp(person("x", "romulan", nil, at("m")))}, noLists, false, nil, 0, 5},
		{"EveryoneThereIsInvolvedWithoutLists", "planet", []rules.BoardPersonnel{strength(person("a", "klingon", nil, at("m")), 3), strength(person("b", "klingon", nil, at("m")), 6), opp(strength(person("x", "romulan", nil, at("m")), 8))}, noLists, true, "you", 9, 8},
		{"OpponentsStoppedPersonnelAreInvolved", "planet", []rules.BoardPersonnel{strength(person("a", "klingon", nil, at("m")), 8), opp(strength(person("x", "romulan", nil, at("m")), 4)), opp(stopped(strength(person("y", "romulan", nil, at("m")), 5)))}, noLists, true, "opponent", 8, 9},
		{"OnlyStoppedPersonnelOfYoursCannotBeginCombat", "planet", []rules.BoardPersonnel{stopped(person("a", "klingon", nil, at("m"))), opp(person("x", "romulan", nil, at("m")))}, noLists, false, nil, 0, 5},
		{"PersonnelElsewhereAreNotInvolved", "planet", []rules.BoardPersonnel{strength(person("a", "klingon", nil, at("m")), 6), strength(person("c", "klingon", nil, aboard("s")), 9), strength(person("d", "klingon", nil, at("n")), 9), opp(strength(person("x", "romulan", nil, at("m")), 7))}, noLists, true, "opponent", 6, 7},
		{"CombatAboardAShipInvolvesThoseAboard", "planet", []rules.BoardPersonnel{strength(person("a", "klingon", nil, at("m")), 9), strength(person("c", "klingon", nil, aboard("s")), 4), opp(strength(person("x", "romulan", nil, aboard("s")), 3))}, obj{"mission": "m", "ship": "s"}, true, "you", 4, 3},
		{"ListsAboardAShipPlaceTheCombatThere", "planet", []rules.BoardPersonnel{strength(person("a", "klingon", nil, at("m")), 9), strength(person("c", "klingon", nil, aboard("s")), 4), opp(strength(person("x", "romulan", nil, aboard("s")), 3))}, obj{"mission": "m", "you": []string{"c"}, "opponent": []string{"x"}}, true, "you", 4, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			params := c.params
			if params == nil {
				you, them := []string{}, []string{}
				for _, p := range c.personnel {
					if p.Owner == "opponent" {
						them = append(them, p.ID)
					} else {
						you = append(you, p.ID)
					}
				}
				params = obj{"mission": "m", "you": you, "opponent": them}
			}
			board := rules.Board{Missions: []rules.BoardMission{mission("m", c.missionType, "alpha", 2), mission("n", "planet", "alpha", 2)},
				Ships: []rules.BoardShip{ship("s", "klingon", nil, 8, "m")}, Personnel: c.personnel}
			v := judge(t, req2E("combat", board, params))
			if allowed(t, v) != c.want {
				t.Errorf("allowed = %v, want %v; reasons %q", !c.want, c.want, v.Reasons)
			}
			if got := resultField(t, v.Result, "winner"); got != c.winner {
				t.Errorf("winner = %v, want %v; reasons %q", got, c.winner, v.Reasons)
			}
			if got := num(t, v, "yourStrength"); int(got) != c.yours {
				t.Errorf("yourStrength = %v, want %d; reasons %q", got, c.yours, v.Reasons)
			}
			if got := num(t, v, "opponentStrength"); int(got) != c.theirs {
				t.Errorf("opponentStrength = %v, want %d; reasons %q", got, c.theirs, v.Reasons)
			}
		})
	}
}

// The lists of a combat are optional; given, they must name the personnel
// there: one left out is refused naming the list.
func TestCombatListsMustMatchThosePresent(t *testing.T) {
	board := rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 2), mission("n", "planet", "alpha", 2)},
		Ships: []rules.BoardShip{ship("s", "klingon", nil, 8, "m"), ship("far", "klingon", nil, 8, "n")},
		Personnel: []rules.BoardPersonnel{person("a", "klingon", nil, at("m")), person("b", "klingon", nil, at("m")), stopped(person("z", "klingon", nil, at("m"))),
			person("c", "klingon", nil, aboard("s")), person("d", "klingon", nil, at("n")),
			opp(person("x", "romulan", nil, at("m"))), opp(stopped(person("y", "romulan", nil, at("m"))))}}
	cases := []struct {
		name   string
		params obj
		field  string
	}{
		{"YourUnstoppedPersonnelLeftOut", obj{"mission": "m", "you": []string{"a"}, "opponent": []string{"x", "y"}}, "params.you"},
		{"OpponentsStoppedPersonnelLeftOut", obj{"mission": "m", "you": []string{"a", "b"}, "opponent": []string{"x"}}, "params.opponent"},
		{"ListedAtAnotherMissionLeavingThoseThereOut", obj{"mission": "m", "you": []string{"d"}}, "params.you"},
		{"NoSuchShip", obj{"mission": "m", "ship": "nowhere"}, "params.ship"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := refuse(t, req2E("combat", board, c.params)); got != c.field {
				t.Errorf("field = %q, want %q", got, c.field)
			}
		})
	}
	// Your stopped personnel may be listed: they are there, not involved.
	v := judge(t, req2E("combat", board, obj{"mission": "m", "you": []string{"a", "b", "z"}, "opponent": []string{"x", "y"}}))
	if !allowed(t, v) || num(t, v, "yourStrength") != 10 || num(t, v, "opponentStrength") != 10 {
		t.Errorf("verdict %v %v; reasons %q", deref(v.Allowed), v.Result, v.Reasons)
	}
}

// A combat with someone listed who is not present cannot begin: a verdict,
// not an error, with no winner (2E rulebook, COMBAT: "you must have any
// number of personnel present with any number of an opponent's
// personnel"; PRESENT: aboard a ship a card is present only with the cards
// on that ship).
func TestCombatWithSomeoneNotPresentCannotBegin(t *testing.T) {
	board := rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 2), mission("n", "planet", "alpha", 2)},
		Ships: []rules.BoardShip{ship("s", "klingon", nil, 8, "m"), ship("far", "klingon", nil, 8, "n")},
		Personnel: []rules.BoardPersonnel{strength(person("a", "klingon", nil, at("m")), 9), person("c", "klingon", nil, aboard("s")),
			opp(person("x", "romulan", nil, at("n"))), opp(person("y", "romulan", nil, aboard("s"))), opp(person("w", "romulan", nil, aboard("far")))}}
	cases := []struct {
		name   string
		params obj
		quote  string
	}{
		{"OpponentAtAnotherMission", obj{"mission": "m", "you": []string{"a"}, "opponent": []string{"x"}}, "personnel present"},
		{"OpponentAboardAShipWhileYoursAreOnThePlanet", obj{"mission": "m", "you": []string{"a"}, "opponent": []string{"y"}}, "personnel present"},
		{"YoursAboardAShipWhileTheCombatIsOnThePlanet", obj{"mission": "m", "you": []string{"a", "c"}, "opponent": []string{}}, "personnel present"},
		{"OpponentOnlyElsewhereAndNoListOfYours", obj{"mission": "m", "opponent": []string{"w"}}, "personnel present"},
		{"ShipAtAnotherMission", obj{"mission": "m", "ship": "far"}, "present only with the cards on that ship"},
		{"NobodyOfTheOpponentsThere", obj{"mission": "m", "you": []string{"a"}}, "personnel present"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := judge(t, req2E("combat", board, c.params))
			if allowed(t, v) {
				t.Errorf("combat may begin; reasons %q", v.Reasons)
			}
			if w := resultField(t, v.Result, "winner"); w != nil {
				t.Errorf("winner %v of a combat that cannot begin", w)
			}
			if !quotes(v, c.quote) {
				t.Errorf("no citation quotes %q: %+v", c.quote, v.Citations)
			}
		})
	}
}

// Engagements (2E): your staffed ship's Weapons against the opponent's
// Shields, ties without a winner, never at a headquarters.
func TestEngagement(t *testing.T) {
	armed := func(id, owner string, weapons, shields int) rules.BoardShip {
		s := ship(id, "klingon", []string{"command"}, 8, "m")
		s.Owner, s.Weapons, s.Shields = owner, ip(weapons), ip(shields)
		return s
	}
	cases := []struct {
		name        string
		missionType string
		yours       []rules.BoardShip
		crew        bool
		want        bool
		winner      any
	}{
		{"WeaponsOverShieldsWins", "space", []rules.BoardShip{armed("a", "you", 8, 5)}, true, true, "you"},
		{"EqualTotalsHaveNoWinner", "space", []rules.BoardShip{armed("a", "you", 7, 5)}, true, true, nil},
		{"JoinedShipsAddWeapons", "space", []rules.BoardShip{armed("a", "you", 4, 5), armed("b", "you", 4, 5)}, true, true, "you"},
		{"UnstaffedShipCannotEngage", "space", []rules.BoardShip{armed("a", "you", 9, 5)}, false, false, nil},
		{"NoEngagementAtAHeadquarters", "headquarters", []rules.BoardShip{armed("a", "you", 9, 5)}, true, false, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var you []string
			var crew []rules.BoardPersonnel
			for _, s := range c.yours {
				you = append(you, s.ID)
				if c.crew {
					crew = append(crew, crewed(s.ID, "klingon")...)
				}
			}
			board := rules.Board{Missions: []rules.BoardMission{mission("m", c.missionType, "alpha", 2)},
				Ships: append(c.yours, armed("x", "opponent", 6, 7)), Personnel: crew}
			v := judge(t, req2E("engagement", board, obj{"mission": "m", "you": you, "opponent": []string{"x"}}))
			if allowed(t, v) != c.want {
				t.Errorf("allowed = %v, want %v; reasons %q", !c.want, c.want, v.Reasons)
			}
			if got := resultField(t, v.Result, "winner"); got != c.winner {
				t.Errorf("winner = %v, want %v", got, c.winner)
			}
		})
	}
}

// Damage: in 2E two damage cards are carried and the third destroys; in 1E
// a second hit before repair, or a direct hit, destroys.
func TestShipDamage(t *testing.T) {
	cases := []struct {
		name, edition string
		damage        int
		params        obj
		wantDamage    int
		destroyed     bool
	}{
		{"SecondDamageCardIsCarried", "2e", 1, obj{"ship": "s", "add": 1}, 2, false},
		{"ThirdDamageCardDestroys", "2e", 2, obj{"ship": "s", "add": 1}, 3, true},
		{"TwoCardsAtOnceOnOneDestroy", "2e", 1, obj{"ship": "s", "add": 2}, 3, true},
		{"1EFirstHitDamages", "1e", 0, obj{"ship": "s", "add": 1}, 1, false},
		{"1ESecondHitBeforeRepairDestroys", "1e", 1, obj{"ship": "s", "add": 1}, 2, true},
		{"1EDirectHitDestroys", "1e", 0, obj{"ship": "s", "add": 1, "directHit": true}, 1, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := ship("s", "klingon", []string{"command"}, 7, "m")
			s.Damage = c.damage
			board := rules.Board{Missions: []rules.BoardMission{mission("m", "space", "alpha", 2)}, Ships: []rules.BoardShip{s}}
			r := req2E("ship.damage", board, c.params)
			r.Edition = c.edition
			v := judge(t, r)
			if int(num(t, v, "damage")) != c.wantDamage || resultField(t, v.Result, "destroyed") != c.destroyed {
				t.Errorf("result %v, want damage %d destroyed %v", v.Result, c.wantDamage, c.destroyed)
			}
		})
	}
}

func TestCombatAndEngagementStopOnlyYourCards(t *testing.T) {
	board := rules.Board{Missions: []rules.BoardMission{mission("m", "space", "alpha", 2)},
		Ships: []rules.BoardShip{ship("s", "klingon", []string{"command"}, 8, "m"), func() rules.BoardShip {
			x := ship("x", "romulan", []string{"command"}, 8, "m")
			x.Owner = "opponent"
			return x
		}()},
		Personnel: append(crewed("s", "klingon"), person("a", "klingon", nil, at("m")), opp(person("o", "romulan", nil, at("m"))))}
	v := judge(t, req2E("engagement", board, obj{"mission": "m", "you": []string{"s"}, "opponent": []string{"x"}}))
	if got := resultField(t, v.Result, "stoppedAfter"); !reflect.DeepEqual(got, []any{"s", "s-c", "s-s"}) {
		t.Errorf("engagement stops %v", got)
	}
	c := judge(t, req2E("combat", board, obj{"mission": "m", "you": []string{"a"}, "opponent": []string{"o"}}))
	if got := resultField(t, c.Result, "stoppedAfter"); !reflect.DeepEqual(got, []any{"a"}) {
		t.Errorf("combat stops %v", got)
	}
}
