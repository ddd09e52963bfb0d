package engine_test

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/engine"
	"github.com/stccg/stccg-rules/internal/rules"
)

// 1E ship battle: ATTACK greater than DEFENSE hits, more than double is a
// direct hit, equal misses; a docked target adds half the facility's SHIELDS.
func TestShipBattle1E(t *testing.T) {
	cases := []struct {
		name    string
		weapons []int
		shields int
		params  obj
		attack  float64
		defense float64
		outcome string
	}{
		{"EqualIsAMiss", []int{6}, 6, obj{}, 6, 6, "miss"},
		{"GreaterIsAHit", []int{7}, 6, obj{}, 7, 6, "hit"},
		{"ExactlyDoubleIsOnlyAHit", []int{8}, 4, obj{}, 8, 4, "hit"},
		{"MoreThanDoubleIsADirectHit", []int{9}, 4, obj{}, 9, 4, "direct-hit"},
		{"ShipsFireTogether", []int{5, 4}, 4, obj{}, 9, 4, "direct-hit"},
		{"TacticBonusesCountOnce", []int{5, 4}, 4, obj{"attackBonus": 2, "defenseBonus": 3}, 11, 7, "hit"},
		{"DockedTargetAddsHalfTheFacilityShields", []int{9}, 4, obj{"dockedShields": 6}, 9, 7, "hit"},
		{"HalfOfOddShieldsIsKept", []int{9}, 4, obj{"dockedShields": 1}, 9, 4.5, "hit"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			board := rules.Board{Missions: []rules.BoardMission{mission("m", "space", "alpha", 3)}}
			var attackers []string
			for i, w := range c.weapons {
				s := ship(string(rune('a'+i)), "klingon", []string{"command"}, 7, "m")
				s.Weapons = ip(w)
				board.Ships = append(board.Ships, s)
				attackers = append(attackers, s.ID)
			}
			target := ship("t", "romulan", []string{"command"}, 8, "m")
			target.Owner, target.Shields = "opponent", ip(c.shields)
			board.Ships = append(board.Ships, target)
			p := obj{"attackers": attackers, "target": "t"}
			for k, v := range c.params {
				p[k] = v
			}
			v := judge(t, req1E("battle.ship", board, p))
			if num(t, v, "attack") != c.attack || num(t, v, "defense") != c.defense || v.Result.(*rules.ShipBattleResult).Outcome != c.outcome {
				t.Errorf("result %v, want attack %v defense %v %s", v.Result, c.attack, c.defense, c.outcome)
			}
		})
	}
}

// 1E personnel battle: pairs in combat-pile order; greater STRENGTH stuns,
// more than double mortally wounds, equal does nothing; the stunned and
// wounded add nothing to the totals.
func TestPersonnelBattle1E(t *testing.T) {
	board := rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 3)}, Personnel: []rules.BoardPersonnel{
		strength(person("a", "klingon", nil, at("m")), 4),
		strength(person("b", "klingon", nil, at("m")), 3),
		strength(person("c", "klingon", nil, at("m")), 6),
		opp(strength(person("x", "romulan", nil, at("m")), 9)),
		opp(strength(person("y", "romulan", nil, at("m")), 5)),
	}}
	v := judge(t, req1E("battle.personnel", board, obj{"you": []string{"a", "b", "c"}, "opponent": []string{"x", "y"}}))
	want := []any{
		map[string]any{"you": "a", "opponent": "x", "outcome": "mortally-wound", "by": "opponent"},
		map[string]any{"you": "b", "opponent": "y", "outcome": "stun", "by": "opponent"},
	}
	if got := resultField(t, v.Result, "pairs"); !reflect.DeepEqual(got, want) {
		t.Errorf("pairs = %v, want %v", got, want)
	}
	// c fights no one and counts; a and b count nothing.
	if num(t, v, "yourStrength") != 6 || num(t, v, "opponentStrength") != 14 || winnerOf(t, v) != "opponent" {
		t.Errorf("result %v", roundTrip(t, v.Result))
	}
	// c (6) stuns y (5): y adds nothing and c wins.
	stun := judge(t, req1E("battle.personnel", board, obj{"you": []string{"c"}, "opponent": []string{"y"}}))
	if winnerOf(t, stun) != "you" || num(t, stun, "opponentStrength") != 0 {
		t.Errorf("result %v", roundTrip(t, stun.Result))
	}
	even := judge(t, req1E("battle.personnel", rules.Board{Missions: board.Missions, Personnel: []rules.BoardPersonnel{
		strength(person("a", "klingon", nil, at("m")), 5), opp(strength(person("x", "romulan", nil, at("m")), 5))}},
		obj{"you": []string{"a"}, "opponent": []string{"x"}}))
	if winnerOf(t, even) != "" {
		t.Errorf("equal STRENGTH has a winner: %v", roundTrip(t, even.Result))
	}
}

func winnerOf(t *testing.T, v *rules.Verdict) string {
	t.Helper()
	w, _ := resultField(t, v.Result, "winner").(string)
	return w
}

// 1E battle initiation: whom an affiliation may attack, mixed forces, the
// leader it takes, control and presence.
func TestBattleInitiate1E(t *testing.T) {
	officer := func(id, aff string, where *rules.Location) rules.BoardPersonnel {
		return person(id, aff, nil, where, "OFFICER")
	}
	leaderOf := func(id, aff string, where *rules.Location) rules.BoardPersonnel {
		return person(id, aff, nil, where, "Leadership")
	}
	cases := []struct {
		name                 string
		personnel            []rules.BoardPersonnel
		attackers, defenders []string
		want                 bool
		rule                 string
	}{
		{"RomulansMayAttackKlingons", []rules.BoardPersonnel{officer("a", "romulan", at("m")), opp(person("x", "klingon", nil, at("m")))}, []string{"a"}, []string{"x"}, true, ""},
		{"RomulansMayNotAttackRomulans", []rules.BoardPersonnel{officer("a", "romulan", at("m")), opp(person("x", "romulan", nil, at("m")))}, []string{"a"}, []string{"x"}, false, "affiliation"},
		{"KlingonsMayAttackKlingons", []rules.BoardPersonnel{leaderOf("a", "klingon", at("m")), opp(person("x", "klingon", nil, at("m")))}, []string{"a"}, []string{"x"}, true, ""},
		{"NonAlignedMayAttackNonAligned", []rules.BoardPersonnel{leaderOf("a", "non-aligned", at("m")), opp(person("x", "non-aligned", nil, at("m")))}, []string{"a"}, []string{"x"}, true, ""},
		{"FederationMayNotAttackKlingons", []rules.BoardPersonnel{officer("a", "federation", at("m")), opp(person("x", "klingon", nil, at("m")))}, []string{"a"}, []string{"x"}, false, "affiliation"},
		{"FederationMayAttackBorg", []rules.BoardPersonnel{officer("a", "federation", at("m")), opp(person("x", "borg", nil, at("m")))}, []string{"a"}, []string{"x"}, true, ""},
		{"BorgMayNotInitiate", []rules.BoardPersonnel{officer("a", "borg", at("m")), opp(person("x", "klingon", nil, at("m")))}, []string{"a"}, []string{"x"}, false, "affiliation"},
		{"MixedForceTakesTheFederationRestriction", []rules.BoardPersonnel{officer("a", "non-aligned", at("m")), person("b", "federation", nil, at("m")), opp(person("x", "klingon", nil, at("m")))}, []string{"a", "b"}, []string{"x"}, false, "affiliation"},
		{"AnAttackNeedsALeader", []rules.BoardPersonnel{person("a", "romulan", nil, at("m")), opp(person("x", "klingon", nil, at("m")))}, []string{"a"}, []string{"x"}, false, "leader"},
		{"OnlyCardsYouDoNotControl", []rules.BoardPersonnel{officer("a", "klingon", at("m")), person("b", "klingon", nil, at("m"))}, []string{"a"}, []string{"b"}, false, "control"},
		{"OnlyCardsPresent", []rules.BoardPersonnel{officer("a", "romulan", at("m")), opp(person("x", "klingon", nil, at("n")))}, []string{"a"}, []string{"x"}, false, "present"},
		{"StoppedDefendersMayBeAttacked", []rules.BoardPersonnel{officer("a", "romulan", at("m")), opp(stopped(person("x", "klingon", nil, at("m"))))}, []string{"a"}, []string{"x"}, true, ""},
		{"StoppedCardsDoNotBattle", []rules.BoardPersonnel{stopped(officer("a", "romulan", at("m"))), opp(person("x", "klingon", nil, at("m")))}, []string{"a"}, []string{"x"}, false, "stopped"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			board := rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 3), mission("n", "planet", "alpha", 2)}, Personnel: c.personnel}
			v := judge(t, req1E("battle.initiate", board, obj{"attackers": c.attackers, "defenders": c.defenders}))
			if allowed(t, v) != c.want {
				t.Errorf("allowed = %v, want %v; reasons %q", !c.want, c.want, v.Reasons)
			}
			if got := rulesOf(t, v); c.rule != "" && (len(got) == 0 || got[0] != c.rule) {
				t.Errorf("violations %v, want %s first", got, c.rule)
			}
		})
	}
}

func TestShipBattleInitiationNeedsALeaderAndMatchingCrew1E(t *testing.T) {
	k := ship("k", "klingon", []string{"command"}, 7, "m")
	r := ship("r", "romulan", []string{"command"}, 8, "m")
	r.Owner = "opponent"
	mk := func(crew ...rules.BoardPersonnel) rules.Board {
		return rules.Board{Missions: []rules.BoardMission{mission("m", "space", "alpha", 3)}, Ships: []rules.BoardShip{k, r}, Personnel: crew}
	}
	if v := judge(t, req1E("battle.initiate", mk(person("a", "klingon", nil, aboard("k"), "Leadership")), obj{"attackers": []string{"k"}, "defenders": []string{"r"}})); !allowed(t, v) {
		t.Errorf("Klingon ship with a Klingon leader may attack; reasons %q", v.Reasons)
	}
	if v := judge(t, req1E("battle.initiate", mk(person("a", "klingon", nil, aboard("k"))), obj{"attackers": []string{"k"}, "defenders": []string{"r"}})); allowed(t, v) {
		t.Errorf("a ship without a leader attacked")
	}
	if v := judge(t, req1E("battle.initiate", mk(person("a", "non-aligned", nil, aboard("k"), "OFFICER")), obj{"attackers": []string{"k"}, "defenders": []string{"r"}})); allowed(t, v) {
		t.Errorf("a ship without personnel of its affiliation attacked")
	}
}

// A 1E ship fires only with WEAPONS>0: one with none among the attackers
// breaks that rule, citing it, and one whose WEAPONS nobody gave is a
// board to complete, never taken to have none or some.
func TestAFiringShipNeedsWeapons1E(t *testing.T) {
	k := ship("k", "klingon", []string{"command"}, 7, "m")
	r := ship("r", "romulan", []string{"command"}, 8, "m")
	r.Owner = "opponent"
	board := func(weapons *int) rules.Board {
		k.Weapons = weapons
		return rules.Board{Missions: []rules.BoardMission{mission("m", "space", "alpha", 3)}, Ships: []rules.BoardShip{k, r},
			Personnel: []rules.BoardPersonnel{person("a", "klingon", nil, aboard("k"), "Leadership")}}
	}
	ask := obj{"attackers": []string{"k"}, "defenders": []string{"r"}}
	v := judge(t, req1E("battle.initiate", board(ip(0)), ask))
	if got := rulesOf(t, v); allowed(t, v) || !slices.Equal(got, []string{"weapons"}) || !quotes(v, "must have WEAPONS>0") {
		t.Errorf("violations %v, want weapons alone citing WEAPONS>0; reasons %q", got, v.Reasons)
	}
	if v := judge(t, req1E("battle.initiate", board(ip(1)), ask)); !allowed(t, v) {
		t.Errorf("WEAPONS 1 may fire; reasons %q", v.Reasons)
	}
	if f := refuse(t, req1E("battle.initiate", board(nil), ask)); f != "board.ships[0]" {
		t.Errorf("field %q, want board.ships[0]", f)
	}
}

// A stopped attacking ship is refused for being stopped, not also for the
// leader and crew its stopped crew cannot be; a stopped leader aboard an
// unstopped ship leaves it with no unstopped leader, said so.
func TestStoppedAttackerIsRefusedForBeingStopped1E(t *testing.T) {
	k := ship("k", "klingon", []string{"command"}, 7, "m")
	k.Stopped = true
	r := ship("r", "romulan", []string{"command"}, 8, "m")
	r.Owner = "opponent"
	board := rules.Board{Missions: []rules.BoardMission{mission("m", "space", "alpha", 3)}, Ships: []rules.BoardShip{k, r},
		Personnel: []rules.BoardPersonnel{person("a", "klingon", nil, aboard("k"), "Leadership")}}
	v := judge(t, req1E("battle.initiate", board, obj{"attackers": []string{"k"}, "defenders": []string{"r"}}))
	if got := rulesOf(t, v); allowed(t, v) || !slices.Equal(got, []string{"stopped"}) {
		t.Errorf("violations %v, want stopped alone; reasons %q", got, v.Reasons)
	}
	board.Ships[0].Stopped = false
	board.Personnel = []rules.BoardPersonnel{stopped(person("a", "klingon", nil, aboard("k"), "Leadership")), person("b", "klingon", nil, aboard("k"))}
	v = judge(t, req1E("battle.initiate", board, obj{"attackers": []string{"k"}, "defenders": []string{"r"}}))
	if allowed(t, v) || !slices.ContainsFunc(v.Reasons, func(r string) bool { return strings.Contains(r, "no unstopped leader aboard") }) {
		t.Errorf("a stopped leader led; reasons %q", v.Reasons)
	}
}

// Rotation damage reduces a 1E ship's RANGE, not its WEAPONS or SHIELDS.
func TestDamagedShipsFireAndDefendInFull1E(t *testing.T) {
	a := ship("a", "klingon", []string{"command"}, 7, "m")
	a.Weapons, a.Damage = ip(7), 1
	target := ship("t", "romulan", []string{"command"}, 8, "m")
	target.Owner, target.Shields, target.Damage = "opponent", ip(6), 1
	board := rules.Board{Missions: []rules.BoardMission{mission("m", "space", "alpha", 3)}, Ships: []rules.BoardShip{a, target}}
	v := judge(t, req1E("battle.ship", board, obj{"attackers": []string{"a"}, "target": "t"}))
	if num(t, v, "attack") != 7 || num(t, v, "defense") != 6 || v.Result.(*rules.ShipBattleResult).Outcome != "hit" {
		t.Errorf("result %v; reasons %q", v.Result, v.Reasons)
	}
}

// A defending ship's stopped crew is "unstopped" for the battle it is
// attacked in: its affiliation counts in the defending force.
func TestStoppedDefendingCrewCounts1E(t *testing.T) {
	k := ship("k", "romulan", []string{"command"}, 7, "m")
	target := ship("t", "klingon", []string{"command"}, 8, "m")
	target.Owner = "opponent"
	crew := []rules.BoardPersonnel{
		person("a", "romulan", nil, aboard("k"), "Leadership"),
		opp(person("x", "klingon", nil, aboard("t"))),
		opp(stopped(person("y", "romulan", nil, aboard("t")))),
	}
	board := rules.Board{Missions: []rules.BoardMission{mission("m", "space", "alpha", 3)}, Ships: []rules.BoardShip{k, target}, Personnel: crew}
	v := judge(t, req1E("battle.initiate", board, obj{"attackers": []string{"k"}, "defenders": []string{"t"}}))
	if allowed(t, v) {
		t.Errorf("Romulans attacked a force with a Romulan aboard; reasons %q", v.Reasons)
	}
	if got := rulesOf(t, v); len(got) == 0 || got[0] != "affiliation" {
		t.Errorf("violations %v, want affiliation", got)
	}
	if !citesQuote(v, "for the duration of that battle") {
		t.Errorf("the rule on attacked stopped cards is not cited: %+v", v.Citations)
	}
	// The attacker's own stopped crew still does not count.
	board.Personnel = []rules.BoardPersonnel{person("a", "romulan", nil, aboard("k"), "Leadership"), stopped(person("b", "klingon", nil, aboard("k"))),
		opp(person("x", "klingon", nil, aboard("t")))}
	if v := judge(t, req1E("battle.initiate", board, obj{"attackers": []string{"k"}, "defenders": []string{"t"}})); !allowed(t, v) {
		t.Errorf("a stopped Klingon aboard the attacker made the attack a Klingon one; reasons %q", v.Reasons)
	}
}

// 1E ship battle against a ship docked at a space facility: the board's
// docking decides the DEFENSE, and a docked ship does not fire.
func TestShipBattleDocked1E(t *testing.T) {
	// board: your two attackers at a space location where the opponent's
	// outpost stands, the target docked there (or not), a ship of yours
	// docked at your own outpost.
	board := func(targetShields int, facility rules.BoardFacility, docked bool) rules.Board {
		a := ship("a", "klingon", []string{"command"}, 7, "m")
		a.Weapons = ip(8)
		b := ship("b", "klingon", []string{"command"}, 7, "m")
		b.Weapons = ip(5)
		mine := ship("c", "klingon", []string{"command"}, 7, "m")
		mine.Weapons, mine.Docked = ip(9), "home"
		target := ship("t", "romulan", []string{"command"}, 8, "m")
		target.Owner, target.Shields = "opponent", ip(targetShields)
		if docked {
			target.Docked = facility.ID
		}
		return rules.Board{
			Missions: []rules.BoardMission{mission("m", "space", "alpha", 3)},
			Facilities: []rules.BoardFacility{facility,
				{ID: "home", Kind: "outpost", Affiliation: "klingon", Shields: ip(20), At: at("m")}},
			Ships: []rules.BoardShip{a, b, mine, target},
		}
	}
	outpost := func(shields *int) rules.BoardFacility {
		return rules.BoardFacility{ID: "post", Owner: "opponent", Kind: "outpost", Affiliation: "romulan", Shields: shields, At: at("m")}
	}
	cases := []struct {
		name, source string
		board        rules.Board
		params       obj
		attack       float64
		defense      float64
		outcome      string
	}{
		{"HalfTheOutpostShieldsTurnAHitIntoAMiss", "1E rulebook, Ship Battles step 5: the 50% facility SHIELDS extension (if the target is a docked ship)",
			board(5, outpost(ip(16)), true), obj{"attackers": []string{"a", "b"}}, 13, 13, "miss"},
		{"TheSameShipUndockedIsDirectlyHit", "1E rulebook, Ship Battles step 5: the extension only if the target is a docked ship",
			board(5, outpost(ip(16)), false), obj{"attackers": []string{"a", "b"}}, 13, 5, "direct-hit"},
		{"HalfOfOddFacilityShieldsIsNotRounded", "1E rulebook, Staffing and Moving Ships: protected by 50% of the facility's SHIELDS (no rounding)",
			board(4, outpost(ip(9)), true), obj{"attackers": []string{"a"}}, 8, 8.5, "miss"},
		{"TacticsAddToTheExtension", "1E rulebook, Ship Battles step 5: plus the DEFENSE bonus from his current tactic",
			board(3, outpost(ip(10)), true), obj{"attackers": []string{"a", "b"}, "attackBonus": 4, "defenseBonus": 2}, 17, 10, "hit"},
		{"TheFacilityShieldsComeFromTheCardData", "1E rulebook, Ship Battles step 5 (Klingon Outpost's SHIELDS from the card data)",
			board(2, rules.BoardFacility{ID: "post", Owner: "opponent", Card: "Klingon Outpost", At: at("m")}, true), obj{"attackers": []string{"a", "b"}}, 13, 18, "miss"},
		{"GivenFacilityShieldsCountTheirEnhancements", "1E rulebook, Ship Battles step 5: SHIELDS (counting all applicable enhancements)",
			board(5, outpost(ip(16)), true), obj{"attackers": []string{"a", "b"}, "dockedShields": 2}, 13, 6, "direct-hit"},
		{"ADockedAttackerDoesNotFire", "1E rulebook, Ship Battles step 1: each ship firing must be undocked",
			board(5, outpost(ip(16)), false), obj{"attackers": []string{"a", "c"}}, 8, 5, "hit"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := obj{"target": "t"}
			for k, v := range c.params {
				p[k] = v
			}
			v := judge(t, req1E("battle.ship", c.board, p))
			if num(t, v, "attack") != c.attack || num(t, v, "defense") != c.defense || v.Result.(*rules.ShipBattleResult).Outcome != c.outcome {
				t.Errorf("%s: result %v, want attack %v defense %v %s (reasons %q)", c.source, v.Result, c.attack, c.defense, c.outcome, v.Reasons)
			}
			if !quotes(v, "defense total by adding the shields") {
				t.Errorf("%s: the DEFENSE sentence is not cited: %v", c.source, v.Citations)
			}
			if fired := contains(c.params["attackers"], "c"); fired && !quotes(v, "when docked, a ship is protected") {
				t.Errorf("%s: a docked attacker is refused without citing docking: %v", c.source, v.Citations)
			}
		})
	}
	t.Run("TheFacilityShieldsMustBeKnown", func(t *testing.T) {
		b := board(5, outpost(nil), true)
		if f := refuse(t, req1E("battle.ship", b, obj{"attackers": []string{"a"}, "target": "t"})); f != "board.facilities[0]" {
			t.Errorf("field %q, want board.facilities[0] (needs shields)", f)
		}
	})
}

func contains(list any, s string) bool {
	for _, x := range list.([]string) {
		if x == s {
			return true
		}
	}
	return false
}

// 1E ship battles: "identify which of your ships and/or facilities will be
// firing and which enemy ship or facility they are targeting"; the DEFENSE
// is "the SHIELDS of his targeted ship or facility" plus, for a docked ship,
// the facility SHIELDS extension: 50%, or the share the card data gives the
// facility (the Husnock Outpost's 25%). Facilities and ships from the card
// data.
func TestShipBattleTargetsAShipOrAFacility1E(t *testing.T) {
	m := mission("m", "space", "alpha", 3)
	attackers := []rules.BoardShip{{ID: "bortas", Card: "1e-101-344", At: at("m")}, {ID: "vorcha", Card: "1e-101-350", At: at("m")}} // WEAPONS 9 and 8
	facility := func(id, card string) rules.BoardFacility {
		return rules.BoardFacility{ID: id, Card: card, Owner: "opponent", At: at("m")}
	}
	devoras := func(docked string) rules.BoardShip { // SHIELDS 8
		return rules.BoardShip{ID: "devoras", Card: "1e-101-358", Owner: "opponent", At: at("m"), Docked: docked}
	}
	cases := []struct {
		name       string
		facilities []rules.BoardFacility
		target     rules.BoardShip
		params     obj
		defense    float64
		outcome    string
	}{
		{"ARomulanOutpostDefendsWithItsShields", []rules.BoardFacility{facility("ro", "1e-101-106")}, rules.BoardShip{}, obj{"target": "ro"}, 32, "miss"},
		{"AFederationOutpostIsHit", []rules.BoardFacility{facility("fo", "1e-101-104")}, rules.BoardShip{}, obj{"target": "fo", "attackBonus": 14}, 30, "hit"},
		{"AFacilityTakesTheDefenseBonus", []rules.BoardFacility{facility("fo", "1e-101-104")}, rules.BoardShip{}, obj{"target": "fo", "defenseBonus": 3}, 33, "miss"},
		{"AShipUndocked", []rules.BoardFacility{facility("fo", "1e-101-104")}, devoras(""), obj{"target": "devoras"}, 8, "direct-hit"},
		{"AShipDockedAtAFederationOutpostAddsHalf", []rules.BoardFacility{facility("fo", "1e-101-104")}, devoras("fo"), obj{"target": "devoras"}, 23, "miss"},
		{"AShipDockedAtAHusnockOutpostAddsAQuarter", []rules.BoardFacility{facility("hu", "1e-111-9")}, devoras("hu"), obj{"target": "devoras"}, 18, "miss"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := rules.Board{Missions: []rules.BoardMission{m}, Ships: attackers, Facilities: c.facilities}
			if c.target.ID != "" {
				b.Ships = append(append([]rules.BoardShip(nil), attackers...), c.target)
			}
			p := obj{"attackers": []string{"bortas", "vorcha"}}
			for k, v := range c.params {
				p[k] = v
			}
			v := judge(t, req1E("battle.ship", b, p))
			if num(t, v, "defense") != c.defense || v.Result.(*rules.ShipBattleResult).Outcome != c.outcome {
				t.Errorf("result %v, want defense %v %s; reasons %q", roundTrip(t, v.Result), c.defense, c.outcome, v.Reasons)
			}
			if !quotes(v, "shields of his targeted ship or facility") {
				t.Errorf("the DEFENSE rule is not quoted: %+v", v.Citations)
			}
		})
	}
	if f := refuse(t, req1E("battle.ship", rules.Board{Missions: []rules.BoardMission{m}, Ships: attackers}, obj{"attackers": []string{"bortas"}, "target": "nothing"})); f != "params.target" {
		t.Errorf("a target not on the board names %q", f)
	}
}

// 1E ship battles are between "your ships and/or facilities" and "one enemy
// ship or facility": an attack may target a facility, and a facility with a
// leader and a personnel of its affiliation aboard may attack, under the
// same restrictions of presence and affiliation as ships. Facilities of the
// card data.
func TestBattleInitiateWithFacilities1E(t *testing.T) {
	m, far := mission("m", "space", "alpha", 3), mission("far", "space", "alpha", 2)
	vorcha := rules.BoardShip{ID: "vorcha", Card: "1e-101-350", At: at("m")}
	crew := []rules.BoardPersonnel{person("k1", "klingon", []string{"command"}, aboard("vorcha"), "Leadership"), person("k2", "klingon", []string{"staff"}, aboard("vorcha"))}
	fedCrew := []rules.BoardPersonnel{person("f1", "federation", []string{"command"}, aboard("galaxy"), "Leadership")}
	romulanOutpost := func(where string) rules.BoardFacility {
		return rules.BoardFacility{ID: "ro", Card: "1e-101-106", Owner: "opponent", At: at(where)}
	}
	klingonOutpost := rules.BoardFacility{ID: "ko", Card: "1e-101-105", At: at("m")}
	garrison := []rules.BoardPersonnel{person("g1", "klingon", []string{"command"}, &rules.Location{Facility: "ko"}, "Leadership")}
	devoras := rules.BoardShip{ID: "devoras", Card: "1e-101-358", Owner: "opponent", At: at("m")}
	cases := []struct {
		name       string
		ships      []rules.BoardShip
		facilities []rules.BoardFacility
		personnel  []rules.BoardPersonnel
		attackers  []string
		defenders  []string
		want       bool
		quote      string
	}{
		{"AKlingonShipAttacksARomulanOutpost", []rules.BoardShip{vorcha}, []rules.BoardFacility{romulanOutpost("m")}, crew, []string{"vorcha"}, []string{"ro"}, true, ""},
		{"AFederationShipMayNotAttackARomulanOutpost", []rules.BoardShip{{ID: "galaxy", Card: "1e-101-336", At: at("m")}}, []rules.BoardFacility{romulanOutpost("m")}, fedCrew, []string{"galaxy"}, []string{"ro"}, false, "federation forces cannot attack any affiliation"},
		{"AnOutpostElsewhere", []rules.BoardShip{vorcha}, []rules.BoardFacility{romulanOutpost("far")}, crew, []string{"vorcha"}, []string{"ro"}, false, "you may attack cards only if they are"},
		{"AKlingonOutpostWithALeaderAttacks", []rules.BoardShip{devoras}, []rules.BoardFacility{klingonOutpost}, garrison, []string{"ko"}, []string{"devoras"}, true, ""},
		{"AnOutpostWithNoLeaderAboard", []rules.BoardShip{devoras}, []rules.BoardFacility{klingonOutpost}, nil, []string{"ko"}, []string{"devoras"}, false, "must have a leader"},
		{"AYourOwnOutpost", []rules.BoardShip{vorcha}, []rules.BoardFacility{klingonOutpost}, crew, []string{"vorcha"}, []string{"ko"}, false, "you may attack only cards which you do"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := rules.Board{Missions: []rules.BoardMission{m, far}, Ships: c.ships, Facilities: c.facilities, Personnel: c.personnel}
			v := judge(t, req1E("battle.initiate", b, obj{"attackers": c.attackers, "defenders": c.defenders}))
			if allowed(t, v) != c.want {
				t.Fatalf("allowed %v, want %v: %q", !c.want, c.want, v.Reasons)
			}
			if c.quote != "" && !quotes(v, c.quote) {
				t.Errorf("no citation quotes %q: %+v", c.quote, v.Citations)
			}
		})
	}
	mixed := rules.Board{Missions: []rules.BoardMission{m}, Ships: []rules.BoardShip{vorcha}, Facilities: []rules.BoardFacility{romulanOutpost("m")},
		Personnel: append(crew, opp(person("r", "romulan", nil, at("m"))))}
	if f := refuse(t, req1E("battle.initiate", mixed, obj{"attackers": []string{"vorcha"}, "defenders": []string{"ro", "r"}})); f != "params.defenders[1]" {
		t.Errorf("a facility and personnel defending together: field %q", f)
	}
}

// A personnel battle is fought by personnel of both sides: one with no
// one on a side is refused naming the side, as a ship battle without
// attackers is, not answered as a battle no one wins.
func TestPersonnelBattleWithNoOneOnASideIsRefused(t *testing.T) {
	svc := engine.New([]rules.Document{{ID: "house-rules-1e", Edition: rules.Edition1E, Kind: rules.DocumentRulebook, Precedence: 1}}, nil, nil)
	n := func(v int) *int { return &v }
	board := rules.Board{
		Missions:  []rules.BoardMission{{ID: "m", Title: "Somewhere", Type: "planet", Quadrant: "alpha", Span: n(2)}},
		Personnel: []rules.BoardPersonnel{{ID: "a", PersonnelStats: rules.PersonnelStats{Strength: n(5)}, At: &rules.Location{Mission: "m"}}},
	}
	for field, params := range map[string]*rules.PersonnelBattleParams{
		"params.you":      {Opponent: []string{}},
		"params.opponent": {You: []string{"a"}},
	} {
		_, err := svc.Adjudicate(context.Background(), rules.AdjudicationRequest{Edition: "1e", Question: "battle.personnel", Board: board, Params: params})
		if rules.ErrorCode(err) != rules.EUNPROCESSABLE || rules.ErrorDetails(err)["field"] != field {
			t.Errorf("no one as %s: %v %v, want 422 naming it", field, err, rules.ErrorDetails(err))
		}
	}
}
