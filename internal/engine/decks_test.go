package engine_test

import (
	"fmt"
	"strings"
	"testing"

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
	for _, x := range roundTrip(t, v.Result["violations"]).([]any) {
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
	var only1E, only2E, ambiguous1E string
	titles := map[string]map[string]int{"1e": {}, "2e": {}}
	for _, card := range c.Cards {
		titles[card.Edition][card.Title]++
	}
	for _, card := range c.Cards {
		switch {
		case card.Edition == "1e" && card.Type == "personnel" && titles["2e"][card.Title] == 0 && titles["1e"][card.Title] == 1 && only1E == "":
			only1E = card.Name()
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
		{"1ECardInA2EDeckByName", "2e", deck2E(obj{"title": only1E, "count": 1}), false, "card.edition"},
		{"2ECardInA1EDeckById", "1e", obj{"missions": invented("m", 6), "dilemmas": invented("d", 10), "deck": append(invented("c", 30), line{Title: only2E, Count: 1})}, false, "card.edition"},
		{"SeedCardsCountTowardThirty", "1e", obj{"missions": invented("m", 6), "dilemmas": invented("d", 25), "seeds": invented("s", 6), "deck": invented("c", 30)}, false, "seed.maximum"},
		{"SeedCardsWithinThirty", "1e", obj{"missions": invented("m", 6), "dilemmas": invented("d", 24), "seeds": invented("s", 6), "deck": invented("c", 30)}, true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			validateDeck(t, c.edition, c.params, c.want, c.rule)
		})
	}
	t.Run("AmbiguousNameIsNotUnknown", func(t *testing.T) {
		r := req1E("deck.validate", rules.Board{}, obj{"missions": invented("m", 6), "dilemmas": invented("d", 1), "deck": append(invented("c", 29), line{Title: ambiguous1E, Count: 1})})
		v := judge(t, r)
		amb, _ := roundTrip(t, v.Result["ambiguous"]).([]any)
		if len(amb) != 1 || amb[0].(map[string]any)["name"] != ambiguous1E {
			t.Errorf("ambiguous = %v", amb)
		}
		for _, u := range roundTrip(t, v.Result["unknown"]).([]any) {
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
