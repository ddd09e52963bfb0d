package engine_test

import (
	"fmt"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
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
			r := req2E("deck.validate", rules.Board{}, obj{"missions": c.missions, "dilemmas": c.dilemmas, "deck": c.deck})
			r.Edition = c.edition
			v := judge(t, r)
			if allowed(t, v) != c.want {
				t.Errorf("legal = %v, want %v; reasons %q", !c.want, c.want, v.Reasons)
			}
			if got := rulesOf(t, v); c.rule != "" && (len(got) == 0 || got[0] != c.rule) {
				t.Errorf("violations %v, want %s first", got, c.rule)
			}
		})
	}
}
