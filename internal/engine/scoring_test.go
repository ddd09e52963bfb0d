package engine_test

import (
	"reflect"
	"strings"
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
// (1E); when the decks run out, the tiers of the rulebook. Only equal scores
// tie: among several players who meet a condition together, the highest
// score wins.
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
		{"TwoMeetingTheConditionsTheHigherScoreWins", "2e", []standing{{"ann", 105, true, true}, {"bob", 110, true, true}}, false, true, []string{"bob"}},
		{"TwoMeetingTheConditionsWithEqualScoresTie", "2e", []standing{{"ann", 110, true, true}, {"bob", 110, true, true}, {"cy", 100, true, true}}, false, true, []string{"ann", "bob"}},
		{"MoreScoreWithoutBothKindsDoesNotBeatTheWinner", "2e", []standing{{"ann", 105, true, true}, {"bob", 150, true, false}}, true, true, []string{"ann"}},
		{"DeckOutHighestWithBothKindsWins", "2e", []standing{{"ann", 60, true, true}, {"bob", 80, true, false}}, true, true, []string{"ann"}},
		{"DeckOutHundredWithOneKindLosesToBothKinds", "2e", []standing{{"ann", 130, true, false}, {"bob", 40, true, true}}, true, true, []string{"bob"}},
		{"DeckOutFallsBackToAnyMission", "2e", []standing{{"ann", 60, false, true}, {"bob", 80, true, false}, {"cy", 95, false, false}}, true, true, []string{"bob"}},
		{"DeckOutFallsBackToTheHighestScore", "2e", []standing{{"ann", 60, false, false}, {"bob", 80, false, false}}, true, true, []string{"bob"}},
		{"DeckOutTieEndsInATie", "2e", []standing{{"ann", 70, true, true}, {"bob", 70, true, true}, {"cy", 90, true, false}}, true, true, []string{"ann", "bob"}},
		{"DeckOutDifferentScoresInATierDoNotTie", "2e", []standing{{"ann", 70, true, true}, {"bob", 65, true, true}}, true, true, []string{"ann"}},
		{"1EHundredPointsWins", "1e", []standing{{"ann", 100, false, false}, {"bob", 40, true, true}}, false, true, []string{"ann"}},
		{"1EBothPastAHundredTheMostPointsWins", "1e", []standing{{"ann", 100, false, false}, {"bob", 120, false, false}}, false, true, []string{"bob"}},
		{"1EBothAtTheSameScorePastAHundredTie", "1e", []standing{{"ann", 110, false, false}, {"bob", 110, false, false}}, false, true, []string{"ann", "bob"}},
		{"1EDeckOutMostPointsWins", "1e", []standing{{"ann", 55, false, false}, {"bob", 60, false, false}}, true, true, []string{"bob"}},
		{"1EDeckOutEqualPointsTie", "1e", []standing{{"ann", 60, false, false}, {"bob", 60, false, false}}, true, true, []string{"ann", "bob"}},
		{"1EGameGoesOn", "1e", []standing{{"ann", 95, true, true}}, false, false, []string{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := req2E("game.winner", rules.Board{}, obj{"players": c.players, "decksEmpty": c.decksEmpty})
			r.Edition = c.edition
			v := judge(t, r)
			if resultField(t, v.Result, "ended") != c.ended {
				t.Errorf("ended = %v, want %v; reasons %q", resultField(t, v.Result, "ended"), c.ended, v.Reasons)
			}
			if got := resultField(t, v.Result, "winners"); !reflect.DeepEqual(got, roundTrip(t, c.winners)) {
				t.Errorf("winners = %v, want %v; reasons %q", got, c.winners, v.Reasons)
			}
			tie := len(c.winners) > 1
			if resultField(t, v.Result, "tie") != tie {
				t.Errorf("tie = %v, want %v; reasons %q", resultField(t, v.Result, "tie"), tie, v.Reasons)
			}
			if said := strings.Contains(strings.Join(v.Reasons, " "), "tie"); said != tie {
				t.Errorf("reasons speak of a tie: %v, want %v; reasons %q", said, tie, v.Reasons)
			}
		})
	}
}
