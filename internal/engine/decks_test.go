package engine_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/engine"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

type line struct {
	Title     string `json:"title"`
	Count     int    `json:"count"`
	Universal bool   `json:"universal,omitempty"`
}

// invented returns n lines of invented card names, one copy each.
func invented(prefix string, n int) []line {
	out := make([]line, n)
	for i := range out {
		out[i] = line{Title: fmt.Sprintf("Zq %s %d", prefix, i), Count: 1}
	}
	return out
}

func rulesOf(t *testing.T, v *rules.Verdict) []string {
	t.Helper()
	var out []string
	for _, x := range resultField(t, v.Result, "violations").([]any) {
		out = append(out, x.(map[string]any)["rule"].(string))
	}
	return out
}

// Deck construction: 5 different missions, 20 dilemmas, 35 cards and three
// copies of a title across subtitles (2E); six missions, 30 seed cards and a
// 30-card draw deck with any number of copies (1E).
func TestDeckValidate(t *testing.T) {
	with := func(ls []line, extra ...line) []line { return append(append([]line(nil), ls...), extra...) }
	cases := []struct {
		name, edition            string
		missions, dilemmas, deck []line
		want                     bool
		rule                     string
	}{
		{"SmallestLegalDeck", "2e", invented("m", 5), invented("d", 20), invented("c", 35), true, ""},
		{"NineteenDilemmasAreTooFew", "2e", invented("m", 5), invented("d", 19), invented("c", 35), false, "dilemmas.minimum"},
		{"ThirtyFourCardsAreTooFew", "2e", invented("m", 5), invented("d", 20), invented("c", 34), false, "deck.minimum"},
		{"FourMissionsAreTooFew", "2e", invented("m", 4), invented("d", 20), invented("c", 35), false, "missions.count"},
		{"MissionsMustBeDifferent", "2e", with(invented("m", 4), line{"Zq m 0", 1, false}), invented("d", 20), invented("c", 35), false, "missions.different"},
		{"ThreeCopiesOfATitleAreLegal", "2e", invented("m", 5), invented("d", 20), with(invented("c", 32), line{"Zq Hero, First", 3, false}), true, ""},
		{"CopiesAcrossSubtitlesCountByTitle", "2e", invented("m", 5), invented("d", 20), with(invented("c", 32), line{"Zq Hero, First", 2, false}, line{"Zq Hero, Second", 2, false}), false, "copies.title"},
		{"1ESixMissions", "1e", invented("m", 6), invented("d", 30), invented("c", 30), true, ""},
		{"1EFiveMissionsAreTooFew", "1e", invented("m", 5), invented("d", 10), invented("c", 30), false, "missions.count"},
		{"1EUniversalMissionsMayRepeat", "1e", with(invented("m", 4), line{"Zq Universal", 2, true}), invented("d", 10), invented("c", 30), true, ""},
		{"1EThirtyOneSeedCardsAreTooMany", "1e", invented("m", 6), invented("d", 31), invented("c", 30), false, "seed.maximum"},
		{"1EAnyNumberOfCopies", "1e", invented("m", 6), invented("d", 1), []line{{"Zq Tricorder", 30, false}}, true, ""},
		{"1ETwentyNineCardsAreTooFew", "1e", invented("m", 6), invented("d", 1), invented("c", 29), false, "deck.minimum"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			validateDeck(t, c.edition, obj{"missions": c.missions, "dilemmas": c.dilemmas, "deck": c.deck}, c.want, c.rule)
		})
	}
}

// Deck lists name cards of the card data: a card of the other edition is a
// violation, a name that fits several cards is said to be ambiguous (not
// unknown) and counted by its title, and a 1E seed deck counts its other
// seed cards (1E rulebook, SEED DECK: "up to 30 of the following: Dilemma
// and Artifact cards, plus any other cards which are allowed or required by
// game text to be seeded").
func TestDeckValidateNamesCardsOfTheCardData(t *testing.T) {
	c := testcorpus.Load(t)
	var only1E, only1EID, only2E, ambiguous1E string
	titles := map[string]map[string]int{"1e": {}, "2e": {}}
	for _, card := range c.Cards {
		titles[card.Edition][card.Title]++
	}
	for _, card := range c.Cards {
		switch {
		case card.Edition == "1e" && card.Type == "personnel" && titles["2e"][card.Title] == 0 && titles["1e"][card.Title] == 1 && only1E == "":
			only1E, only1EID = card.Name(), card.ID
		case card.Edition == "2e" && card.Type == "personnel" && titles["1e"][card.Title] == 0 && titles["2e"][card.Title] == 1 && only2E == "":
			only2E = card.ID
		}
	}
	for title, n := range titles["1e"] {
		if n > 1 && (ambiguous1E == "" || title < ambiguous1E) {
			ambiguous1E = title
		}
	}
	if only1E == "" || only2E == "" || ambiguous1E == "" {
		t.Fatalf("the card data lacks the cards this test needs: %q %q %q", only1E, only2E, ambiguous1E)
	}
	deck2E := func(extra ...obj) obj {
		deck := []any{}
		for _, l := range invented("c", 35) {
			deck = append(deck, l)
		}
		for _, e := range extra {
			deck = append(deck, e)
		}
		return obj{"missions": invented("m", 5), "dilemmas": invented("d", 20), "deck": deck}
	}
	cases := []struct {
		name, edition string
		params        obj
		want          bool
		rule          string
	}{
		{"1ETitleInA2EDeckIsCountedByTitle", "2e", deck2E(obj{"title": only1E, "count": 1}), true, ""},
		{"1ECardIDInA2EDeck", "2e", deck2E(obj{"card": only1EID, "count": 1}), false, "card.edition"},
		{"2ECardInA1EDeckById", "1e", obj{"missions": invented("m", 6), "dilemmas": invented("d", 10), "deck": append(invented("c", 30), line{Title: only2E, Count: 1})}, false, "card.edition"},
		{"SeedCardsCountTowardThirty", "1e", obj{"missions": invented("m", 6), "dilemmas": invented("d", 25), "seeds": invented("s", 6), "deck": invented("c", 30)}, false, "seed.maximum"},
		{"SeedCardsWithinThirty", "1e", obj{"missions": invented("m", 6), "dilemmas": invented("d", 24), "seeds": invented("s", 6), "deck": invented("c", 30)}, true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			validateDeck(t, c.edition, c.params, c.want, c.rule)
		})
	}
	t.Run("ATitleOfTheOtherEditionIsNoted", func(t *testing.T) {
		r := req2E("deck.validate", rules.Board{}, deck2E(obj{"title": only1E, "count": 1}))
		v := judge(t, r)
		got := resultField(t, v.Result, "otherEdition").([]any)
		if len(got) != 1 || got[0].(map[string]any)["name"] != only1E || got[0].(map[string]any)["card"] != only1EID {
			t.Errorf("otherEdition = %v, want %s named with %s", got, only1E, only1EID)
		}
		if !slices.Contains(resultField(t, v.Result, "unknown").([]any), any(only1E)) || !strings.Contains(strings.Join(v.Reasons, " "), only1EID) {
			t.Errorf("unknown %v, reasons %q: want %s counted by title, the other edition's card named", resultField(t, v.Result, "unknown"), v.Reasons, only1E)
		}
	})
	t.Run("AmbiguousNameIsNotUnknown", func(t *testing.T) {
		r := req1E("deck.validate", rules.Board{}, obj{"missions": invented("m", 6), "dilemmas": invented("d", 1), "deck": append(invented("c", 29), line{Title: ambiguous1E, Count: 1})})
		v := judge(t, r)
		amb, _ := resultField(t, v.Result, "ambiguous").([]any)
		if len(amb) != 1 || amb[0].(map[string]any)["name"] != ambiguous1E {
			t.Errorf("ambiguous = %v", amb)
		}
		for _, u := range resultField(t, v.Result, "unknown").([]any) {
			if u == ambiguous1E {
				t.Errorf("%q reported unknown", ambiguous1E)
			}
		}
		if !strings.Contains(strings.Join(v.Reasons, " "), "names several cards") {
			t.Errorf("reasons %q", v.Reasons)
		}
	})
	if f := refuse(t, req2E("deck.validate", rules.Board{}, obj{"seeds": invented("s", 1)})); f != "params.seeds" {
		t.Errorf("2E seeds: field %q", f)
	}
}

// validateDeck asks deck.validate of the lists in params: legal as want
// says, and when rule is given, that rule the first broken.
func validateDeck(t *testing.T, edition string, params obj, want bool, rule string) {
	t.Helper()
	r := req2E("deck.validate", rules.Board{}, params)
	r.Edition = edition
	v := judge(t, r)
	if allowed(t, v) != want {
		t.Errorf("legal = %v, want %v; reasons %q", !want, want, v.Reasons)
	}
	if got := rulesOf(t, v); rule != "" && (len(got) == 0 || got[0] != rule) {
		t.Errorf("violations %v, want %s first", got, rule)
	}
}

// Every kind of deck violation cites the sentence that decides it, for
// every type of card it can concern (cards of the real card data): the
// count and difference of missions, the sizes of the dilemma pile, the
// seed deck and the deck, copies of a title, a card of a type its list
// does not hold, a card of the other edition (the card data holds no 1E
// site, so seven sites are left to ValidateDeck1E's own test). When the deck breaks one
// rule, the citations quote that rule's sentence and no other rule's.
func TestDeckViolationsCiteTheSentenceThatRefuses(t *testing.T) {
	missions2E := []any{line{"2e-1-154", 1, false}, line{"2e-1-155", 1, false}, line{"2e-1-156", 1, false}, line{"2e-1-157", 1, false}, line{"2e-1-166", 1, false}}
	deck2E := func(missions []any, dilemmas []line, deck []line) obj {
		return obj{"missions": missions, "dilemmas": dilemmas, "deck": deck}
	}
	missions1E := []any{line{"1e-101-146", 1, false}, line{"1e-101-147", 1, false}, line{"1e-101-150", 1, false}, line{"1e-101-151", 1, false}, line{"1e-101-193", 1, false}, line{"1e-101-194", 1, false}}
	deck1E := func(missions []any, dilemmas []line, seeds []line, deck []line) obj {
		return obj{"missions": missions, "dilemmas": dilemmas, "seeds": seeds, "deck": deck}
	}
	with := func(ls []any, extra ...any) []any { return append(append([]any(nil), ls...), extra...) }
	withLines := func(ls []line, extra ...line) []line { return append(append([]line(nil), ls...), extra...) }
	const (
		deckSize    = "each player brings to the game at least 60 cards"
		copies      = "no more than three copies of each card title"
		deckTypes   = "your deck may contain up to five different types of cards"
		otherTypes  = "two other types of cards are used in the game"
		sixMissions = "it must include exactly six mission cards"
		different   = "each of your six missions must be different"
		thirtySeeds = "it may include up to 30 of the following"
		sixSites    = "it may include up to six site cards"
		drawDeck    = "as long as it contains at least 30 cards"
	)
	// Each case breaks one rule; others, the sentences no citation may
	// quote, are those of the rules it keeps.
	cases := []struct {
		name, edition, rule, quote string
		params                     obj
	}{
		{"2EFourMissions", "2e", "missions.count", deckSize, deck2E(missions2E[:4], invented("d", 20), invented("c", 35))},
		{"2EAMissionTwice", "2e", "missions.different", deckSize, deck2E(with(missions2E[:4], line{"2e-1-154", 1, false}), invented("d", 20), invented("c", 35))},
		{"2ENineteenDilemmas", "2e", "dilemmas.minimum", deckSize, deck2E(missions2E, invented("d", 19), invented("c", 35))},
		{"2EThirtyFourCards", "2e", "deck.minimum", deckSize, deck2E(missions2E, invented("d", 20), invented("c", 34))},
		{"2EFourCopiesOfAPersonnel", "2e", "copies.title", copies, deck2E(missions2E, invented("d", 20), withLines(invented("c", 31), line{"2e-1-207", 4, false}))},
		{"2EFourCopiesOfAShip", "2e", "copies.title", copies, deck2E(missions2E, invented("d", 20), withLines(invented("c", 31), line{"2e-1-394", 4, false}))},
		{"2EFourCopiesOfADilemma", "2e", "copies.title", copies, deck2E(missions2E, withLines(invented("d", 17), line{"Zq Trap", 4, false}), invented("c", 35))},
		{"2EAMissionInTheDeck", "2e", "card.type", deckTypes, deck2E(missions2E, invented("d", 20), withLines(invented("c", 35), line{"2e-1-169", 1, false}))},
		{"2EAPersonnelInTheDilemmaPile", "2e", "card.type", otherTypes, deck2E(missions2E, withLines(invented("d", 20), line{"2e-1-262", 1, false}), invented("c", 35))},
		{"2EAShipInTheDilemmaPile", "2e", "card.type", otherTypes, deck2E(missions2E, withLines(invented("d", 20), line{"2e-1-393", 1, false}), invented("c", 35))},
		{"2EAMissionInTheDilemmaPile", "2e", "card.type", otherTypes, deck2E(missions2E, withLines(invented("d", 20), line{"2e-1-169", 1, false}), invented("c", 35))},
		{"2EAPersonnelAmongTheMissions", "2e", "card.type", otherTypes, deck2E(with(missions2E[:4], line{"2e-1-262", 1, false}), invented("d", 20), invented("c", 35))},
		{"2EAFirstEditionCardByItsID", "2e", "card.edition", deckTypes, deck2E(missions2E, invented("d", 20), withLines(invented("c", 35), line{"1e-101-251", 1, false}))},
		{"1EFiveMissions", "1e", "missions.count", sixMissions, deck1E(missions1E[:5], nil, nil, invented("c", 30))},
		{"1EAMissionTwice", "1e", "missions.different", different, deck1E(with(missions1E[:5], line{"1e-101-146", 1, false}), nil, nil, invented("c", 30))},
		{"1EThirtyOneSeedCards", "1e", "seed.maximum", thirtySeeds, deck1E(missions1E, invented("d", 31), nil, invented("c", 30))},
		{"1ETwentyNineCards", "1e", "deck.minimum", drawDeck, deck1E(missions1E, nil, nil, invented("c", 29))},
		{"1EAPersonnelAmongTheMissions", "1e", "card.type", sixMissions, deck1E(with(missions1E[:5], line{"1e-101-251", 1, false}), nil, nil, invented("c", 30))},
		{"1EAShipAmongTheMissions", "1e", "card.type", sixMissions, deck1E(with(missions1E[:5], line{"1e-101-336", 1, false}), nil, nil, invented("c", 30))},
		{"1EAFacilityAmongTheMissions", "1e", "card.type", sixMissions, deck1E(with(missions1E[:5], line{"1e-101-104", 1, false}), nil, nil, invented("c", 30))},
		{"1EAMissionAmongTheSeeds", "1e", "card.type", thirtySeeds, deck1E(missions1E, nil, []line{{"1e-113-3", 1, false}}, invented("c", 30))},
		{"1EAShipAmongTheSeeds", "1e", "card.type", thirtySeeds, deck1E(missions1E, nil, []line{{"1e-101-336", 1, false}}, invented("c", 30))},
		{"1EASecondEditionCardByItsID", "1e", "card.edition", drawDeck, deck1E(missions1E, nil, nil, withLines(invented("c", 30), line{"2e-1-394", 1, false}))},
	}
	sentences := []string{deckSize, copies, deckTypes, otherTypes, sixMissions, different, thirtySeeds, sixSites, drawDeck}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := req2E("deck.validate", rules.Board{}, c.params)
			r.Edition = c.edition
			v := judge(t, r)
			if got := rulesOf(t, v); len(got) != 1 || got[0] != c.rule {
				t.Fatalf("violations %v, want only %s; reasons %q", got, c.rule, v.Reasons)
			}
			if !quotes(v, c.quote) {
				t.Errorf("no citation quotes %q: %+v", c.quote, v.Citations)
			}
			for _, s := range sentences {
				if s != c.quote && quotes(v, s) {
					t.Errorf("cites %q, a rule the deck keeps", s)
				}
			}
		})
	}
}

// Sites seed for free, six at most (1E rulebook, SEED DECK: "It may include
// up to six Site cards"); the card data holds no site, so the lists are
// given resolved.
func TestSevenSitesBreakTheSiteRule1E(t *testing.T) {
	missions := make([]engine.DeckCard, 6)
	for i := range missions {
		missions[i] = engine.DeckCard{Name: fmt.Sprintf("Zq m %d", i), Title: fmt.Sprintf("Zq m %d", i), Type: "mission", Count: 1}
	}
	d := engine.DeckLists{Missions: missions, Seeds: []engine.DeckCard{{Name: "Zq Site", Title: "Zq Site", Type: "site", Count: 7}},
		Deck: []engine.DeckCard{{Name: "Zq c", Title: "Zq c", Count: 30}}}
	got, _ := engine.ValidateDeck1E(d)
	if len(got) != 1 || got[0].Rule != "seed.sites" || engine.CitedRule(got[0]) != "deck1.sites" {
		t.Errorf("violations %+v, want seed.sites citing deck1.sites", got)
	}
	d.Seeds[0].Count = 6
	if got, _ := engine.ValidateDeck1E(d); len(got) != 0 {
		t.Errorf("six sites: %+v", got)
	}
}

// A 1E card with the Alternate Universe icon seeds only with a doorway that
// allows it (1E rulebook, 1. DOORWAY PHASE): none in the seed deck is a
// violation citing that rule; the Space-Time Portal allows it; another
// doorway, or a line the card data does not know, may: said not checked.
func TestAnAlternateUniverseSeedNeedsADoorway1E(t *testing.T) {
	missions := []obj{}
	for _, id := range []string{"1e-101-146", "1e-101-147", "1e-101-148", "1e-101-149", "1e-101-150", "1e-101-151"} {
		missions = append(missions, obj{"card": id, "count": 1})
	}
	harriman := obj{"card": "1e-126-57", "count": 1} // [AU] personnel
	for _, c := range []struct {
		name      string
		seeds     []obj
		want      bool
		violation bool
		unchecked bool
	}{
		{"NoDoorway", []obj{harriman}, false, true, false},
		{"TheSpaceTimePortal", []obj{harriman, {"title": "Space-Time Portal", "count": 1}}, true, false, false},
		{"AnotherDoorway", []obj{harriman, {"card": "1e-116-11", "count": 1}}, true, false, true},
		{"ALineTheDataDoesNotKnow", []obj{harriman, {"title": "Zq Gate", "count": 1}}, true, false, true},
		{"NoAlternateUniverseCard", []obj{{"card": "1e-116-11", "count": 1}}, true, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := judge(t, req1E("deck.validate", rules.Board{}, obj{"missions": missions, "seeds": c.seeds, "deck": []obj{{"card": "1e-101-251", "count": 30}}}))
			if allowed(t, v) != c.want {
				t.Errorf("allowed %v, want %v; reasons %q", !c.want, c.want, v.Reasons)
			}
			if got := slices.Contains(rulesOf(t, v), "seed.doorway"); got != c.violation {
				t.Errorf("seed.doorway violation %v, want %v: %v", got, c.violation, rulesOf(t, v))
			}
			if got := strings.Contains(strings.Join(v.Reasons, " "), "not checked"); got != c.unchecked {
				t.Errorf("says not checked %v, want %v: %q", got, c.unchecked, v.Reasons)
			}
			if cited := quotes(v, "if you wish to seed any cards containing an Alternate Universe"); cited != (c.violation || c.unchecked) {
				t.Errorf("cites the doorway rule %v", cited)
			}
		})
	}
}
