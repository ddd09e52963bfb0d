package engine

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// resolveOn judges a mission.resolve move on a board decoded under the
// edition's only rulebook, and returns the move.
func resolveOn(t *testing.T, edition, doc string, board rules.Board, params string) *resolveMove {
	t.Helper()
	svc := New([]rules.Document{{ID: doc, Edition: edition, Kind: rules.DocumentRulebook, Precedence: 1}}, nil, nil)
	b, err := svc.decodeBoard(context.Background(), edition, board)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := svc.rulesDocument(edition, "")
	j := &judgement{edition: edition, doc: d, rules: variantOf(d), board: b, vocab: &svc.vocab, result: map[string]any{}}
	m, err := readResolve(json.RawMessage(params))
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Judge(context.Background(), j); err != nil {
		t.Fatal(err)
	}
	return m
}

// The effect of mission.resolve is a value naming the board's objects by
// id: who remains and who left and how, the dilemmas overcome, completion
// and points, ready to be applied to the board as a move.
func TestResolveEffectIsAValue(t *testing.T) {
	at := func(m string) *rules.Location { return &rules.Location{Mission: m} }
	five := rules.IntPtr(5)
	person := func(id, aff, skill string, strength int) rules.BoardPersonnel {
		return rules.BoardPersonnel{ID: id, Affiliation: aff, Skills: []string{skill}, Integrity: five, Cunning: five, Strength: rules.IntPtr(strength), At: at("m")}
	}
	board := rules.Board{
		Missions: []rules.BoardMission{{ID: "m", Type: "planet", Quadrant: "alpha", Span: rules.IntPtr(3), Points: rules.IntPtr(30),
			Affiliations: []string{"klingon"}, Requirements: "Security, Leadership, and Strength>14", OvercomeDilemmas: 1}},
		Personnel: []rules.BoardPersonnel{person("k1", "klingon", "Security", 6), person("k2", "klingon", "Leadership", 9),
			person("k3", "klingon", "Medical", 4), person("k4", "klingon", "Law", 1)},
	}
	cases := []struct {
		name, edition, doc, params string
		begun                      bool
		want                       AttemptResolution
	}{
		{"2EKilledBriggedStopped", "2e", "2e-rulebook",
			`{"mission":"m","stack":[{"title":"A","kind":"planet","cost":1,"kills":["k3"],"brigs":["k4"]},{"title":"B","kind":"planet","cost":1,"returns":true}]}`,
			true, AttemptResolution{Mission: "m", Attempting: []string{"k1", "k2", "k3", "k4"}, Remaining: []string{"k1", "k2"}, Killed: []string{"k3"},
				Brigged: []string{"k4"}, Overcome: 1, Completed: true, Points: rules.IntPtr(30),
				Outcomes: []ResolvedDilemma{{Title: "A", Outcome: Overcome, Faced: true}, {Title: "B", Outcome: Returned, Faced: true}}}},
		{"2EFailedStopsThoseRemaining", "2e", "2e-rulebook",
			`{"mission":"m","stack":[{"title":"A","kind":"planet","cost":1,"stops":["k2"]}]}`,
			true, AttemptResolution{Mission: "m", Attempting: []string{"k1", "k2", "k3", "k4"}, Remaining: []string{"k1", "k3", "k4"}, StoppedByDilemmas: []string{"k2"},
				Stopped: []string{"k1", "k3", "k4"}, Overcome: 1, Points: rules.IntPtr(0),
				Outcomes: []ResolvedDilemma{{Title: "A", Outcome: Overcome, Faced: true}}}},
		{"1EEndedLeavesTheRestUnfaced", "1e", "1e-rulebook",
			`{"mission":"m","stack":[{"title":"A","kind":"planet","stops":["k1","k2","k3","k4"]},{"title":"B","kind":"planet"}]}`,
			true, AttemptResolution{Mission: "m", Attempting: []string{"k1", "k2", "k3", "k4"}, Remaining: []string{}, StoppedByDilemmas: []string{"k1", "k2", "k3", "k4"},
				Points: rules.IntPtr(0), Outcomes: []ResolvedDilemma{{Title: "A", Outcome: Discarded, Faced: true}, {Title: "B", Outcome: Unfaced}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := resolveOn(t, c.edition, c.doc, board, c.params)
			got := m.Effect
			for i := range got.Outcomes {
				got.Outcomes[i].Reason = "" // reasons are tested with the verdicts
			}
			if m.Begun != c.begun || !reflect.DeepEqual(got, c.want) {
				t.Errorf("begun %v, effect\n %+v\nwant\n %+v", m.Begun, got, c.want)
			}
		})
	}
}
