package engine_test

import (
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Persona: versions of one persona block each other (1E, the card data's
// persona), the same title does in 2E; only your own cards in play count.
func TestPersonaCountsOnTheBoard(t *testing.T) {
	onBoard := func(ps ...rules.BoardPersonnel) rules.Board {
		return rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 2)}, Personnel: ps}
	}
	byCard := func(id, card string) rules.BoardPersonnel {
		return rules.BoardPersonnel{ID: id, Card: card, At: at("m")}
	}
	titled := func(id, title, persona string) rules.BoardPersonnel {
		p := person(id, "klingon", []string{"command"}, at("m"))
		p.Title, p.Persona = title, persona
		return p
	}
	shipsOnBoard := func(card string) rules.Board {
		return rules.Board{Missions: []rules.BoardMission{mission("m", "space", "alpha", 2)},
			Ships: []rules.BoardShip{{ID: "e", Card: card, At: at("m")}}}
	}
	play := func(card any) obj { return obj{"card": card} }
	inline := func(title, persona string) obj {
		return obj{"title": title, "type": "personnel", "cost": 2, "unique": true, "persona": persona}
	}
	cases := []moveCase{
		{"1EAVersionInPlayBlocksTheOther", "1E rulebook, Personnel cards: different versions of the same persona", "1e",
			onBoard(byCard("cw", "1e-155-79")), play("1e-101-251"), false, map[string]string{"*": "different versions of the same persona"}, nil},
		{"1ETheOtherWayRound", "1E rulebook, Personnel cards: you may have only one of those versions in play", "1e",
			onBoard(byCard("w", "1e-101-251")), play("1e-155-79"), false, map[string]string{"*": "different versions of the same persona"}, nil},
		{"1EAnotherPersonaDoesNotBlock", "1E rulebook, Personnel cards: You may have only one copy of each unique personnel", "1e",
			onBoard(byCard("cw", "1e-155-79")), play("1e-155-80"), true, map[string]string{"*": "only one copy of each unique personnel"}, nil},
		{"1ETheOpponentsVersionDoesNotBlock", "1E rulebook, Personnel cards: You may have only one copy ... in play", "1e",
			onBoard(opp(byCard("cw", "1e-155-79"))), play("1e-101-251"), true, nil, nil},
		{"1EThePersonaAsTheBoardGivesIt", "1E rulebook, Personnel cards: different versions of the same persona", "1e",
			onBoard(titled("k", "Zq Warrior", "Worf")), play("1e-101-251"), false, map[string]string{"*": "different versions of the same persona"}, nil},
		{"1EThePersonaOfTheBoardOverridesTheCard", "1E rulebook, Personnel cards: different versions of the same persona", "1e",
			onBoard(func() rules.BoardPersonnel { p := byCard("cw", "1e-155-79"); p.Persona = "Zq Someone"; return p }()), play("1e-101-251"), true, nil, nil},
		{"1EPersonaComparesAsNamesDo", "1E rulebook, Personnel cards: the same persona", "1e",
			onBoard(titled("k", "Zq Warrior", "WORF")), play(inline("Zq Brother", "worf")), false, nil, nil},
		{"1EAUniversalCardIsNotBlocked", "1E rulebook, Personnel cards: any number of copies of a universal personnel", "1e",
			onBoard(titled("k", "Zq Crewman", "")), play(obj{"title": "Zq Crewman", "type": "personnel"}), true, nil, nil},
		{"1EAShipPersona", "1E rulebook, Ship cards: You may have only one copy of a unique ship in play", "1e",
			shipsOnBoard("1e-101-334"), play("1e-135-11"), false, nil, nil},
		{"1EAStoppedVersionStillCounts", "1E rulebook, Personnel cards: while one is in play, you may not play another", "1e",
			onBoard(stopped(byCard("cw", "1e-155-79"))), play("1e-101-251"), false, nil, nil},
		{"2ETheSameTitleIsTheSameThing", "2E rulebooks, Uniqueness: Two cards represent the same thing if they have the same card title", "2e",
			onBoard(titled("p", "Zq Picard", "")), play(obj{"title": "Zq Picard", "subtitle": "Argo Pilot", "type": "personnel", "cost": 2, "unique": true}), false,
			map[string]string{"*": "same card title, even if their subtitles are different"}, nil},
		{"2EPersonaIsTheTitle", "2E rulebooks, Uniqueness: the same card title", "2e",
			onBoard(titled("p", "Zq Warrior", "Zq Picard")), play(inline("Zq Picard", "")), true, nil, nil},
		{"2EAStoppedCopyStillCounts", "2E newest, stopped: you must still obey the uniqueness rule for any of your stopped unique cards", "2e",
			onBoard(stopped(titled("p", "Zq Picard", ""))), play(inline("Zq Picard", "")), false, nil, nil},
	}
	runMoveCases(t, "card.play", cases, nil)
}

// Persona holds for every way a request says what you command: the board's
// cards (above) and params.commanded, whose names are read in the card data
// of the edition (a title, "title, subtitle" or a card id) for their
// persona. 1E: another version of the persona blocks, whichever way round;
// 2E: the same title does. A name the card data does not know is compared
// by its title.
func TestPersonaHoldsForCommandedCards(t *testing.T) {
	empty := rules.Board{}
	play := func(card any, commanded ...string) obj { return obj{"card": card, "commanded": commanded} }
	persona := map[string]string{"*": "different versions of the same persona"}
	unique := map[string]string{"*": "only one copy of each unique personnel"}
	cases := []moveCase{
		{"1ECaptainWorfWhileCommandingWorf", "1E rulebook, Personnel cards: different versions of the same persona", "1e",
			empty, play("1e-155-79", "Worf"), false, persona, nil},
		{"1EWorfWhileCommandingCaptainWorf", "1E rulebook, Personnel cards: you may have only one of those versions in play", "1e",
			empty, play("1e-101-251", "Captain Worf"), false, persona, nil},
		{"1EBeverlyWhileCommandingBeverlyCrusher", "1E rulebook, Personnel cards: different versions of the same persona", "1e",
			empty, play("1e-155-54", "Beverly Crusher"), false, nil, nil},
		{"1EBeverlyCrusherWhileCommandingBeverly", "1E rulebook, Personnel cards: different versions of the same persona", "1e",
			empty, play("1e-101-200", "Beverly"), false, persona, nil},
		{"1ECommandedByCardID", "1E rulebook, Personnel cards: different versions of the same persona", "1e",
			empty, play("1e-101-251", "1e-155-79"), false, persona, nil},
		{"1EThePersonaNamedItself", "1E rulebook, Personnel cards: the same persona", "1e",
			empty, play("1e-161-39", "Spock"), false, nil, nil},
		{"1EAnotherPersonaDoesNotBlock", "1E rulebook, Personnel cards: You may have only one copy of each unique personnel", "1e",
			empty, play("1e-155-79", "Beverly Crusher", "K'Ehleyr"), true, unique, nil},
		{"1EAnUnknownTitleByItsTitle", "1E rulebook, Personnel cards: only one copy of each unique personnel", "1e",
			empty, play(obj{"title": "Zq Hero", "type": "personnel", "unique": true}, "Zq Hero"), false, unique, nil},
		{"1EAUniversalPersonnelIsNotBlocked", "1E rulebook, Personnel cards: any number of copies of a universal personnel", "1e",
			empty, play("1e-101-201", "Calloway"), true, nil, nil},
		{"1EAShipWhileCommandingItsPersona", "1E rulebook, Ship cards: only one copy of a unique ship", "1e",
			empty, play("1e-135-11", "U.S.S. Enterprise"), false, map[string]string{"*": "only one copy of a unique ship"}, nil},
		{"2ETheSameTitleCommanded", "2E rulebooks, Uniqueness: the same card title, even if their subtitles are different", "2e",
			empty, play("2e-1-219", "Mora Pol, Someone Else"), false, map[string]string{"*": "same card title"}, nil},
		{"2EAnotherTitleCommanded", "2E rulebooks, Uniqueness: you may command only one of that card", "2e",
			empty, play("2e-1-219", "Mora"), true, nil, nil},
	}
	runMoveCases(t, "card.play", cases, nil)
}
