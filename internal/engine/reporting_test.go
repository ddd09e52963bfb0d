package engine_test

import (
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// playBoard2E: your Qo'noS (Klingon, Non-Aligned and equipment), your
// Earth (TNG-icon cards, Earth-icon cards, Non-Aligned, equipment), your
// Bajor (Federation cards with the DS9 icon only), the opponent's
// Romulus, a planet; your Kurn on Qo'noS, your Gowron in the opponent's
// brig, the opponent's Martok in yours.
func playBoard2E() rules.Board {
	hq := func(id string, play ...string) rules.BoardMission {
		m := mission(id, "headquarters", "alpha", 2)
		m.Play = play
		return m
	}
	romulus := hq("romulus", "romulan", "equipment")
	romulus.Owner = "opponent"
	martok := opp(person("martok", "klingon", []string{"command"}, &rules.Location{Brig: "you"}))
	martok.Title = "Martok"
	gowron := person("gowron", "klingon", []string{"command"}, &rules.Location{Brig: "opponent"})
	gowron.Title = "Gowron"
	kurn := person("kurn", "klingon", []string{"command"}, at("qonos"))
	kurn.Title = "Kurn"
	return rules.Board{
		Missions: []rules.BoardMission{
			hq("qonos", "klingon", "non-aligned", "equipment"),
			hq("earth", "tng-icon", "earth", "non-aligned", "equipment"),
			hq("bajor", "federation+ds9-icon"),
			romulus,
			mission("ward", "planet", "alpha", 3),
		},
		Personnel: []rules.BoardPersonnel{kurn, gowron, martok,
			opp(rules.BoardPersonnel{ID: "their-worf", Title: "Worf", PersonnelStats: rules.PersonnelStats{Affiliation: "klingon", Integrity: ip(5), Cunning: ip(5), Strength: ip(5)}, At: at("romulus")})},
	}
}

// playBoard1E: your Federation outpost and the opponent's Klingon outpost
// in the Alpha Quadrant, a Klingon headquarters of the opponent's, a
// station and a Nor; a Gamma Quadrant outpost of yours built there (native
// Gamma) and one native to the Alpha Quadrant built in the Gamma Quadrant;
// a multi-affiliation outpost; your William T. Riker on board, your
// Tandro in the opponent's brig.
func playBoard1E() rules.Board {
	fac := func(id, owner, kind, aff, where string) rules.BoardFacility {
		return rules.BoardFacility{ID: id, Owner: owner, Title: id, Kind: kind, Affiliation: aff, Shields: ip(30), At: at(where)}
	}
	gammaPost := fac("gamma-post", "", "outpost", "federation", "gamma")
	gammaPost.Quadrant = "gamma"
	stray := fac("stray-post", "", "outpost", "federation", "gamma")
	mixed := fac("mixed-post", "", "outpost", "", "space")
	mixed.Affiliations = []string{"federation", "klingon"}
	riker := person("riker", "federation", []string{"command"}, &rules.Location{Facility: "fedpost"})
	riker.Title = "William T. Riker"
	tandro := person("tandro", "federation", []string{"command"}, &rules.Location{Brig: "opponent"})
	tandro.Title = "Ilon Tandro"
	return rules.Board{
		Missions: []rules.BoardMission{mission("space", "space", "alpha", 3), mission("qonos", "planet", "alpha", 2),
			mission("bajor", "planet", "alpha", 2), mission("gamma", "space", "gamma", 3)},
		Facilities: []rules.BoardFacility{
			{ID: "fedpost", Title: "Federation Outpost", Kind: "outpost", Affiliation: "federation", Shields: ip(30), At: at("space")},
			fac("klingpost", "opponent", "outpost", "klingon", "space"),
			fac("klinghq", "opponent", "headquarters", "klingon", "qonos"),
			fac("station", "", "station", "federation", "space"),
			fac("ds9", "", "nor", "bajoran", "bajor"),
			gammaPost, stray, mixed,
		},
		Ships:     []rules.BoardShip{ship("enterprise", "federation", []string{"command"}, 8, "space")},
		Personnel: []rules.BoardPersonnel{riker, tandro},
	}
}

func TestCardPlayAt(t *testing.T) {
	b2, b1 := playBoard2E(), playBoard1E()
	card := func(title, typ, aff string, icons ...string) obj {
		// icons given, [] for none: icons not given are not known.
		return obj{"title": title, "type": typ, "cost": 2, "affiliation": aff, "icons": append([]string{}, icons...)}
	}
	unique := func(c obj) obj { c["unique"] = true; return c }
	play := func(c obj, where string) obj { return obj{"card": c, "at": where, "counters": 7} }
	cases := []moveCase{
		// Second Edition: PLAYING SPECIFIC KINDS OF CARDS, BRIG AND CAPTIVES, uniqueness.
		{"PersonnelOfAnAffiliationTheHeadquartersAllows", "2E rulebooks, Playing Specific Kinds of Cards: played at a headquarters mission", "2e", b2,
			play(card("Zq Warrior", "personnel", "klingon"), "qonos"), true, map[string]string{"*": "played at a headquarters mission"}, nil},
		{"ShipOfAnAffiliationTheHeadquartersAllows", "2E rulebooks, Playing Specific Kinds of Cards: Ships are played at a headquarters mission", "2e", b2,
			play(card("Zq Bird", "ship", "klingon"), "qonos"), true, map[string]string{"*": "played at a headquarters mission"}, nil},
		{"NonAlignedAllowed", "2E rulebooks, Playing Specific Kinds of Cards: if a mission's game text allows", "2e", b2,
			play(card("Zq Trader", "personnel", "non-aligned"), "qonos"), true, map[string]string{"*": "played at a headquarters mission"}, nil},
		{"AnotherAffiliationNeedsAnotherHeadquarters", "2E rulebooks, Playing Specific Kinds of Cards: other affiliations would require a different headquarters", "2e", b2,
			play(card("Zq Ensign", "personnel", "federation"), "qonos"), false, map[string]string{"*": "played at a headquarters mission"}, nil},
		{"AnIconTheHeadquartersNames", "2E rulebooks, Playing Specific Kinds of Cards: You may play [TNG] cards", "2e", b2,
			play(card("Zq Ensign", "personnel", "federation", "tng-icon"), "earth"), true, map[string]string{"*": "played at a headquarters mission"}, nil},
		{"NoIconTheHeadquartersNames", "2E rulebooks, Playing Specific Kinds of Cards: if a mission's game text allows", "2e", b2,
			play(card("Zq Ensign", "personnel", "federation", "ds9-icon"), "earth"), false, nil, nil},
		{"AffiliationAndIconTogether", "2E rulebooks, Playing Specific Kinds of Cards: game text allows", "2e", b2,
			play(card("Zq Ensign", "personnel", "federation", "ds9"), "bajor"), true, nil, nil},
		{"IconWithoutTheAffiliation", "2E rulebooks, Playing Specific Kinds of Cards: game text allows", "2e", b2,
			play(card("Zq Vedek", "personnel", "bajoran", "ds9-icon"), "bajor"), false, nil, nil},
		{"NotAtAPlanetMission", "2E rulebooks, Playing Specific Kinds of Cards: played at a headquarters mission", "2e", b2,
			play(card("Zq Warrior", "personnel", "klingon"), "ward"), false, map[string]string{"*": "played at a headquarters mission"}, nil},
		{"NotAtAnOpponentsHeadquarters", "2E rulebooks, Mission: Headquarters missions are where your personnel and ships are played", "2e", b2,
			play(card("Zq Centurion", "personnel", "romulan"), "romulus"), false, map[string]string{"*": "played at a headquarters mission"}, nil},
		{"EquipmentAtAnyHeadquarters", "2E Premiere and Call to Arms, Playing Specific Kinds of Cards: All headquarters allow any kind of equipment", "2e", b2,
			play(card("Zq Rifle", "equipment", ""), "bajor"), true, map[string]string{"*": "All headquarters allow any kind of equipment"},
			[]string{"2e-rulebook-premiere", "2e-rulebook-call-to-arms"}},
		{"EquipmentWhereTheHeadquartersAllowsIt", "2E newest, Playing Specific Kinds of Cards: Personnel, Ships, and Equipment are played at a headquarters mission if that mission's game text allows", "2e", b2,
			play(card("Zq Rifle", "equipment", ""), "bajor"), false, map[string]string{"*": "played at a headquarters mission if that"},
			[]string{"2e-rulebook"}},
		{"EquipmentTheHeadquartersNames", "2E newest, Playing Specific Kinds of Cards: This game text allows you to play any equipment", "2e", b2,
			play(card("Zq Rifle", "equipment", ""), "qonos"), true, map[string]string{"*": "played at a headquarters mission"}, nil},
		{"UniqueCopyOnTheBoard", "2E rulebooks, Uniqueness: Two cards represent the same thing if they have the same card title", "2e", b2,
			play(unique(card("Kurn", "personnel", "klingon")), "qonos"), false, map[string]string{"*": "same card title"}, nil},
		{"UniqueCopyIsYourCaptive", "2E Premiere, Brig and Captives: cannot play another copy; later: cannot command another copy", "2e", b2,
			play(unique(card("Gowron", "personnel", "klingon")), "qonos"), false,
			map[string]string{"2e-rulebook-premiere": "you cannot play another copy of that personnel", "*": "you cannot command another copy of that personnel"}, nil},
		{"TheOpponentsCaptiveInYourBrigIsNotYours", "2E rulebooks, Brig and Captives: You do not command a personnel in your brig", "2e", b2,
			play(unique(card("Martok", "personnel", "klingon")), "qonos"), true, map[string]string{"*": "You do not command a personnel in your brig"}, nil},
		{"TheOpponentsCopyDoesNotCount", "2E rulebooks, Paying Costs: if you already command another copy of that card", "2e", b2,
			play(unique(card("Worf", "personnel", "klingon")), "qonos"), true, map[string]string{"*": "another copy of that card"}, nil},
		// First Edition: REPORTING CARDS FOR DUTY and its Personnel, Ship and Equipment cards.
		{"1EToYourCompatibleOutpost", "1E rulebook, Reporting Cards for Duty: report for duty to a compatible outpost", "1e", b1,
			play(card("Zq Ensign", "personnel", "federation"), "fedpost"), true, map[string]string{"*": "both in their native quadrant"}, nil},
		{"1EIncompatibleWithTheOutpost", "1E rulebook, Reporting Cards for Duty: only if the card to be reported is compatible with the facility", "1e", b1,
			play(card("Zq Warrior", "personnel", "klingon"), "fedpost"), false, map[string]string{"*": "compatible with the facility"}, nil},
		{"1ENonAlignedToAnyOutpost", "1E rulebook, The Affiliations: Non-Aligned ... compatible with any affiliation except Borg", "1e", b1,
			play(card("Zq Trader", "personnel", "non-aligned"), "fedpost"), true, map[string]string{"*": "compatible with any"}, nil},
		{"1ENotTheOpponentsOutpost", "1E rulebook, Reporting Cards for Duty: You may not use your opponent's outpost", "1e", b1,
			play(card("Zq Warrior", "personnel", "klingon"), "klingpost"), false, map[string]string{"*": "You may not use your opponent"}, nil},
		{"1EEitherPlayersHeadquarters", "1E rulebook, Reporting Cards for Duty: both players may generally use a headquarters", "1e", b1,
			play(card("Zq Warrior", "personnel", "klingon"), "klinghq"), true, map[string]string{"*": "both players may generally use a headquarters"}, nil},
		{"1ENotDirectlyToAPlanet", "1E rulebook, Reporting Cards for Duty: may not normally be reported directly aboard a ship or to a planet", "1e", b1,
			play(card("Zq Ensign", "personnel", "federation"), "qonos"), false, map[string]string{"*": "reported directly aboard a ship or to a planet"}, nil},
		{"1ENotDirectlyAboardAShip", "1E rulebook, Reporting Cards for Duty: may not normally be reported directly aboard a ship", "1e", b1,
			play(card("Zq Ensign", "personnel", "federation"), "enterprise"), false, map[string]string{"*": "reported directly aboard a ship"}, nil},
		{"1ENotToTheNorItself", "1E rulebook, Reporting Cards for Duty: They may not report directly to the Nor itself", "1e", b1,
			play(card("Zq Vedek", "personnel", "bajoran"), "ds9"), false, map[string]string{"*": "may not report directly to the Nor itself"}, nil},
		{"1ENotToAStation", "1E rulebook, Reporting Cards for Duty: Stations do not allow reporting unless specified", "1e", b1,
			play(card("Zq Ensign", "personnel", "federation"), "station"), false, map[string]string{"*": "Stations do not allow reporting"}, nil},
		{"1ECardOutOfItsNativeQuadrant", "1E rulebook, Reporting Cards for Duty: both in their native quadrant", "1e", b1,
			play(card("Zq Ensign", "personnel", "federation"), "gamma-post"), false, map[string]string{"*": "both in their native quadrant"}, nil},
		{"1EFacilityOutOfItsNativeQuadrant", "1E rulebook, Facility and Site cards: Cards may not report for duty at facilities built outside their native quadrant", "1e", b1,
			play(obj{"title": "Zq Scout", "type": "personnel", "affiliation": "federation", "quadrant": "gamma"}, "stray-post"), false, map[string]string{"*": "both in their native quadrant"}, nil},
		{"1EBothNativeToTheGammaQuadrant", "1E rulebook, Reporting Cards for Duty: both in their native quadrant", "1e", b1,
			play(obj{"title": "Zq Scout", "type": "personnel", "affiliation": "federation", "quadrant": "gamma"}, "gamma-post"), true, nil, nil},
		{"1EEquipmentIsNativeToAllQuadrants", "1E rulebook, Reporting Cards for Duty: Equipment cards are native to all quadrants", "1e", b1,
			play(obj{"title": "Zq Tricorder", "type": "equipment"}, "gamma-post"), true, map[string]string{"*": "Equipment cards are native to all quadrants"}, nil},
		{"1EAMultiAffiliationOutpost", "1E rulebook, The Affiliations: multi-affiliation ... compatible", "1e", b1,
			play(card("Zq Warrior", "personnel", "klingon"), "mixed-post"), true, nil, nil},
		{"1EShipDocksAtTheOutpost", "1E rulebook, Ship cards: A ship reports for duty by docking at a compatible space facility", "1e", b1,
			play(card("Zq Cruiser", "ship", "federation"), "fedpost"), true, map[string]string{"*": "docking at a compatible space facility"}, nil},
		{"1EShipOrbitsTheHeadquarters", "1E rulebook, Ship cards: A headquarters is a planet facility, and thus ships do not actually dock there", "1e", b1,
			play(card("Zq Bird", "ship", "klingon"), "klinghq"), true, map[string]string{"*": "ships do not actually dock there"}, nil},
		{"1EAnotherVersionOfThePersona", "1E rulebook, Personnel cards: different versions of the same persona", "1e", b1,
			play(obj{"title": "Will Riker", "type": "personnel", "affiliation": "federation", "unique": true, "persona": "William T. Riker"}, "fedpost"), false,
			map[string]string{"*": "different versions of the same persona"}, nil},
		{"1EAVersionFromTheCardData", "1E rulebook, Personnel cards: different versions of the same persona (the card data's persona)", "1e", b1,
			obj{"card": "Will Riker", "at": "fedpost"}, false, map[string]string{"*": "different versions of the same persona"}, nil},
		{"1EYourCaptiveIsStillInPlay", "1E rulebook, Personnel cards: You may have only one copy of each unique personnel in play", "1e", b1,
			play(obj{"title": "Ilon Tandro", "type": "personnel", "affiliation": "federation", "unique": true}, "fedpost"), false,
			map[string]string{"*": "only one copy of each unique personnel"}, nil},
	}
	runMoveCases(t, "card.play", cases, func(t *testing.T, c moveCase, v *rules.Verdict) {
		if got := v.Result.(*rules.CardPlayResult).At; got != c.params["at"] {
			t.Errorf("result.at = %v, want %v", got, c.params["at"])
		}
	})
}

// Cards played at a place cannot be judged without what they need.
func TestCardPlayAtNamesTheFieldItCannotJudge(t *testing.T) {
	b2, b1 := playBoard2E(), playBoard1E()
	noPlay := mission("hq", "headquarters", "alpha", 2)
	b2.Missions = append(b2.Missions, noPlay)
	b1.Facilities = append(b1.Facilities, rules.BoardFacility{ID: "mystery", Affiliation: "federation", At: at("space")})
	cases := []struct {
		name, edition string
		board         rules.Board
		params        obj
		field         string
	}{
		{"UnknownPlace", "2e", b2, obj{"card": obj{"title": "Zq", "type": "personnel", "cost": 1}, "at": "nowhere"}, "params.at"},
		{"AnIDWithoutAPlace", "2e", b2, obj{"card": obj{"title": "Zq", "type": "personnel", "cost": 1}, "id": "zq"}, "params.at"},
		{"AnIDTaken", "2e", b2, obj{"card": obj{"title": "Zq", "type": "personnel", "cost": 1, "affiliation": "klingon"}, "at": "qonos", "id": "kurn"}, "params.id"},
		{"WhatTheHeadquartersAllowsIsUnknown", "2e", b2, obj{"card": obj{"title": "Zq", "type": "personnel", "cost": 1, "affiliation": "klingon"}, "at": "hq"}, "board.missions[5]"},
		{"TheFacilityKindIsUnknown", "1e", b1, obj{"card": obj{"title": "Zq", "type": "personnel", "affiliation": "federation"}, "at": "mystery"}, "board.facilities[8]"},
		{"TheCardsAffiliationIsUnknown", "1e", b1, obj{"card": obj{"title": "Zq", "type": "personnel"}, "at": "fedpost"}, "params.card"},
		{"AnUnknownStatistic", "2e", b2, obj{"card": obj{"title": "Zq", "type": "personnel", "cost": 1, "warp": 9}, "at": "qonos"}, "params.card.warp"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := req2E("card.play", c.board, c.params)
			r.Edition = c.edition
			if f := refuse(t, r); f != c.field {
				t.Errorf("field %q, want %q", f, c.field)
			}
		})
	}
}

// Headquarters and cards named by the card data: Earth, Cradle of the
// Federation lets TNG-icon, Earth-icon and Non-Aligned cards be played;
// Earth, Home of Starfleet Command Federation cards with the DS9 icon.
func TestCardPlayAtHeadquartersOfTheCardData(t *testing.T) {
	board := rules.Board{Missions: []rules.BoardMission{
		{ID: "cradle", Card: "Earth, Cradle of the Federation"},
		{ID: "starfleet", Card: "Earth, Home of Starfleet Command"},
		{ID: "qonos", Card: "Qo'noS, Heart of the Empire"},
	}}
	cases := []struct {
		card, at string
		want     bool
	}{
		{"Rixx", "cradle", true},          // Federation, TNG icon
		{"Altman", "cradle", false},       // Federation, DS9 icon only
		{"Altman", "starfleet", true},     // Federation with the DS9 icon
		{"Rixx", "starfleet", false},      // no DS9 icon
		{"Rabal", "cradle", true},         // Non-Aligned
		{"Kroval", "qonos", true},         // Klingon
		{"Kroval", "cradle", false},       // Klingon at Earth
		{"U.S.S. Galaxy", "cradle", true}, // Federation ship with the Earth icon
	}
	for _, c := range cases {
		t.Run(c.card+"/"+c.at, func(t *testing.T) {
			v := judge(t, req2E("card.play", board, obj{"card": c.card, "at": c.at}))
			if allowed(t, v) != c.want {
				t.Errorf("2E rulebooks, Playing Specific Kinds of Cards: %s at %s allowed = %v, want %v; reasons %q", c.card, c.at, !c.want, c.want, v.Reasons)
			}
		})
	}
}
