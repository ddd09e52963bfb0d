package engine_test

import (
	"reflect"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

type standing struct {
	Name   string `json:"name"`
	Score  int    `json:"score"`
	Planet bool   `json:"planet"`
	Space  bool   `json:"space"`
}

// Winning: 100 points with a planet and a space mission (2E), 100 points
// (1E); when the decks run out, the tiers of the rulebook and ties.
func TestGameWinner(t *testing.T) {
	cases := []struct {
		name, edition string
		players       []standing
		decksEmpty    bool
		ended         bool
		winners       []string
	}{
		{"HundredPointsWithBothKindsWins", "2e", []standing{{"ann", 100, true, true}, {"bob", 90, true, true}}, false, true, []string{"ann"}},
		{"NinetyNineIsNotEnough", "2e", []standing{{"ann", 99, true, true}}, false, false, []string{}},
		{"PointsWithoutASpaceMissionDoNotWin", "2e", []standing{{"ann", 130, true, false}}, false, false, []string{}},
		{"DeckOutHighestWithBothKindsWins", "2e", []standing{{"ann", 60, true, true}, {"bob", 80, true, false}}, true, true, []string{"ann"}},
		{"DeckOutFallsBackToAnyMission", "2e", []standing{{"ann", 60, false, true}, {"bob", 80, true, false}, {"cy", 95, false, false}}, true, true, []string{"bob"}},
		{"DeckOutFallsBackToTheHighestScore", "2e", []standing{{"ann", 60, false, false}, {"bob", 80, false, false}}, true, true, []string{"bob"}},
		{"DeckOutTieEndsInATie", "2e", []standing{{"ann", 70, true, true}, {"bob", 70, true, true}, {"cy", 90, true, false}}, true, true, []string{"ann", "bob"}},
		{"1EHundredPointsWins", "1e", []standing{{"ann", 100, false, false}, {"bob", 40, true, true}}, false, true, []string{"ann"}},
		{"1EDeckOutMostPointsWins", "1e", []standing{{"ann", 55, false, false}, {"bob", 60, false, false}}, true, true, []string{"bob"}},
		{"1EGameGoesOn", "1e", []standing{{"ann", 95, true, true}}, false, false, []string{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := req2E("game.winner", rules.Board{}, obj{"players": c.players, "decksEmpty": c.decksEmpty})
			r.Edition = c.edition
			v := judge(t, r)
			if roundTrip(t, v.Result["ended"]) != c.ended {
				t.Errorf("ended = %v, want %v; reasons %q", v.Result["ended"], c.ended, v.Reasons)
			}
			if got := roundTrip(t, v.Result["winners"]); !reflect.DeepEqual(got, roundTrip(t, c.winners)) {
				t.Errorf("winners = %v, want %v; reasons %q", got, c.winners, v.Reasons)
			}
		})
	}
}
