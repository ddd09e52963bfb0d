package engine

import (
	"context"
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
	j := &judgement{edition: edition, doc: d, rules: variantOf(*d), board: b, vocab: &svc.vocab}
	mv, err := readResolve(context.Background(), svc, j, decodedParams(t, "mission.resolve", params), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := mv.Judge(context.Background(), j); err != nil {
		t.Fatal(err)
	}
	return mv.(*resolveMove)
}

// The effect of mission.resolve is a value naming the board's objects by
// id: who remains and who left and how, the dilemmas overcome, completion
// and points, ready to be applied to the board as a move.
func TestResolveEffectIsAValue(t *testing.T) {
	at := func(m string) *rules.Location { return &rules.Location{Mission: m} }
	five := rules.IntPtr(5)
	person := func(id, aff, skill string, strength int) rules.BoardPersonnel {
		return rules.BoardPersonnel{ID: id, PersonnelStats: rules.PersonnelStats{Affiliation: aff, Skills: []string{skill}, Characteristics: []string{}, Species: "Klingon", Integrity: five, Cunning: five, Strength: rules.IntPtr(strength)}, At: at("m")}
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
				Outcomes: []rules.ResolvedDilemma{{Title: "A", Outcome: Overcome, Faced: true}, {Title: "B", Outcome: Returned, Faced: true}}}},
		{"2EFailedStopsThoseRemaining", "2e", "2e-rulebook",
			`{"mission":"m","stack":[{"title":"A","kind":"planet","cost":1,"stops":["k2"]}]}`,
			true, AttemptResolution{Mission: "m", Attempting: []string{"k1", "k2", "k3", "k4"}, Remaining: []string{"k1", "k3", "k4"}, StoppedByDilemmas: []string{"k2"},
				Stopped: []string{"k1", "k3", "k4"}, Overcome: 1, Points: rules.IntPtr(0),
				Outcomes: []rules.ResolvedDilemma{{Title: "A", Outcome: Overcome, Faced: true}}}},
		{"1EEndedLeavesTheRestUnfaced", "1e", "1e-rulebook",
			`{"mission":"m","stack":[{"title":"A","kind":"planet","stops":["k1","k2","k3","k4"]},{"title":"B","kind":"planet"}]}`,
			true, AttemptResolution{Mission: "m", Attempting: []string{"k1", "k2", "k3", "k4"}, Remaining: []string{}, StoppedByDilemmas: []string{"k1", "k2", "k3", "k4"},
				Points: rules.IntPtr(0), Outcomes: []rules.ResolvedDilemma{{Title: "A", Outcome: Discarded, Faced: true}, {Title: "B", Outcome: Unfaced}}}},
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

// mission.resolve played as a move: the board after it has those stopped
// marked stopped, those killed off the board, those placed in a brig
// captive in the opponent's brig, the mission completed with the dilemmas
// overcome beneath it; a failed attempt is a move made (legal, though not
// allowed), which stops those remaining; the board given is unchanged, and
// the board after encodes into one that decodes again.
func TestMissionResolvePlayedAsAMove(t *testing.T) {
	s := New(nil, nil, nil)
	five := rules.IntPtr(5)
	at := &rules.Location{Mission: "m"}
	in := rules.Board{
		Missions: []rules.BoardMission{{ID: "m", Type: "planet", Quadrant: "alpha", Span: rules.IntPtr(3), Points: rules.IntPtr(30),
			Affiliations: []string{"klingon"}, Requirements: "Security, Leadership, and Strength>9", OvercomeDilemmas: 1}},
		Personnel: []rules.BoardPersonnel{
			{ID: "k1", PersonnelStats: rules.PersonnelStats{Affiliation: "klingon", Skills: []string{"Security"}, Characteristics: []string{}, Species: "Klingon", Integrity: five, Cunning: five, Strength: five}, At: at},
			{ID: "k2", PersonnelStats: rules.PersonnelStats{Affiliation: "klingon", Skills: []string{"Leadership"}, Characteristics: []string{}, Species: "Klingon", Integrity: five, Cunning: five, Strength: five}, At: at},
			{ID: "k3", PersonnelStats: rules.PersonnelStats{Affiliation: "klingon", Skills: []string{}, Characteristics: []string{}, Species: "Klingon", Integrity: five, Cunning: five, Strength: five}, At: at},
			{ID: "k4", PersonnelStats: rules.PersonnelStats{Affiliation: "klingon", Skills: []string{}, Characteristics: []string{}, Species: "Klingon", Integrity: five, Cunning: five, Strength: five}, At: at},
			{ID: "k5", PersonnelStats: rules.PersonnelStats{Affiliation: "klingon", Skills: []string{}, Characteristics: []string{}, Species: "Klingon", Integrity: five, Cunning: five, Strength: five}, At: at},
		},
	}
	cases := []struct {
		name      string
		stack     string
		allowed   bool
		completed bool
		overcome  int
		stopped   []string
		captives  []string
		onBoard   []string
	}{
		{"Completed", `[{"title":"A","kind":"planet","cost":1,"kills":["k3"]},{"title":"B","kind":"planet","cost":1,"brigs":["k4"]},{"title":"C","kind":"planet","cost":1,"stops":["k5"]},{"title":"D","kind":"planet","cost":1,"returns":true}]`,
			true, true, 4, []string{"k5"}, []string{"k4"}, []string{"k1", "k2", "k4", "k5"}},
		{"Failed", `[{"title":"A","kind":"planet","cost":1,"kills":["k2"]}]`,
			false, false, 2, []string{"k1", "k3", "k4", "k5"}, nil, []string{"k1", "k3", "k4", "k5"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := boardOf(t, s, rules.Edition2E, in)
			before := b.Encode()
			st, err := s.playMove(context.Background(), ptr(rulebookDoc(rules.Edition2E)), b, NewTurn(), "mission.resolve", decodedParams(t, "mission.resolve", `{"mission":"m","stack":`+c.stack+`}`))
			if err != nil {
				t.Fatal(err)
			}
			if !st.Legal || *st.Verdict.Allowed != c.allowed {
				t.Fatalf("legal %v, allowed %v; reasons %q", st.Legal, *st.Verdict.Allowed, st.Verdict.Reasons)
			}
			m := st.Board.Mission("m")
			if m.Completed != c.completed || m.OvercomeDilemmas != c.overcome {
				t.Errorf("mission after: completed %v, overcome %d; want %v, %d", m.Completed, m.OvercomeDilemmas, c.completed, c.overcome)
			}
			var ids, stopped, captives []string
			for i, p := range st.Board.Personnel {
				if p.Index != i || st.Board.PersonnelByID(p.ID) != p {
					t.Errorf("%s is at %d, indexed %d", p.ID, i, p.Index)
				}
				ids = append(ids, p.ID)
				if p.Stopped {
					stopped = append(stopped, p.ID)
				}
				if p.Brig != "" {
					captives = append(captives, p.ID)
					if p.Brig != Opponent || p.Mission != "" {
						t.Errorf("%s captive in %q, at %q", p.ID, p.Brig, p.Mission)
					}
				}
			}
			if !reflect.DeepEqual(ids, c.onBoard) || !reflect.DeepEqual(stopped, c.stopped) || !reflect.DeepEqual(captives, c.captives) {
				t.Errorf("after: on board %v, stopped %v, captives %v; want %v, %v, %v", ids, stopped, captives, c.onBoard, c.stopped, c.captives)
			}
			if !reflect.DeepEqual(b.Encode(), before) {
				t.Errorf("the board given changed")
			}
			again, err := s.decodeBoard(context.Background(), rules.Edition2E, st.Board.Encode())
			if err != nil {
				t.Fatalf("the board after does not decode: %v", err)
			}
			if !reflect.DeepEqual(again.Encode(), st.Board.Encode()) {
				t.Errorf("the board after does not decode to itself")
			}
		})
	}
	// An attempt that cannot begin is no move.
	done := in
	done.Missions = []rules.BoardMission{in.Missions[0]}
	done.Missions[0].Completed = true
	b := boardOf(t, s, rules.Edition2E, done)
	st, err := s.playMove(context.Background(), ptr(rulebookDoc(rules.Edition2E)), b, NewTurn(), "mission.resolve", decodedParams(t, "mission.resolve", `{"mission":"m","stack":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	if st.Legal || st.Board != b {
		t.Errorf("an attempt at a completed mission was made: legal %v", st.Legal)
	}
}
