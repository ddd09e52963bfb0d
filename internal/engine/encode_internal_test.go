package engine

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/catalog"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// withoutSources is a board with the same objects, each without the
// request item it was decoded from: what two decodings of one board share.
func withoutSources(b *Board) *Board {
	out := &Board{objects: map[string]objectRef{}}
	for _, m := range b.Missions {
		c := *m
		c.src = nil
		out.Missions = append(out.Missions, &c)
		out.index(c.ID, missionObject, len(out.Missions)-1)
	}
	for _, s := range b.Ships {
		c := *s
		c.src = nil
		out.Ships = append(out.Ships, &c)
		out.index(c.ID, shipObject, len(out.Ships)-1)
	}
	for _, p := range b.Personnel {
		c := *p
		c.src = nil
		// What the request computed of it once, not what it is.
		c.foldedTitle, c.names, c.marks, c.marked = "", nil, nil, nil
		out.Personnel = append(out.Personnel, &c)
		out.index(c.ID, personnelObject, len(out.Personnel)-1)
	}
	for _, f := range b.Facilities {
		c := *f
		c.src = nil
		out.Facilities = append(out.Facilities, &c)
		out.index(c.ID, facilityObject, len(out.Facilities)-1)
	}
	return out
}

// roundTripBoards are boards of every kind of object and location, written
// for the purpose: 1E facilities, docking, captives, personas; cards named
// and statistics inline.
func roundTripBoards() map[string]rules.Board {
	n := rules.IntPtr
	return map[string]rules.Board{
		"1e": {
			Missions: []rules.BoardMission{{ID: "bajor", Title: "Bajor", Type: "planet", Quadrant: "alpha", Span: n(2)},
				{ID: "space", Card: "Investigate Massacre", Completed: true}},
			Facilities: []rules.BoardFacility{{ID: "post", Card: "Federation Outpost", At: &rules.Location{Mission: "space"}},
				{ID: "ds9", Title: "Terok Nor", Kind: "nor", Affiliations: []string{"Bajoran", "Cardassian"}, Quadrant: "alpha", Shields: n(60), At: &rules.Location{Mission: "bajor"}}},
			Ships: []rules.BoardShip{{ID: "ent", Card: "1e-101-334", At: &rules.Location{Mission: "space"}, Docked: "post", RangeUsed: 2},
				{ID: "rio", Owner: "opponent", Title: "Rio Grande", Affiliation: "Bajoran", Staffing: []string{"Staff"}, Range: n(6), Shields: n(5), At: &rules.Location{Mission: "bajor"}, Docked: "ds9", Stopped: true}},
			Personnel: []rules.BoardPersonnel{{ID: "worf", Card: "1e-155-79", At: &rules.Location{Ship: "ent"}},
				{ID: "riker", Card: "Will Riker", Persona: "Zq Riker", PersonnelStats: rules.PersonnelStats{Skills: []string{"Diplomacy x2", "LEADERSHIP"}}, At: &rules.Location{Facility: "post"}},
				{ID: "kira", Title: "Kira", PersonnelStats: rules.PersonnelStats{Affiliation: "bajoran", Icons: []string{"Command"}, Integrity: n(7)}, At: &rules.Location{Mission: "bajor"}, Stopped: true},
				{ID: "tandro", Title: "Ilon Tandro", At: &rules.Location{Brig: "opponent"}},
				{ID: "nowhere", Title: "Zq"}},
		},
		"2e": {
			Missions: []rules.BoardMission{{ID: "qonos", Card: "Qo'noS, Heart of the Empire"},
				{ID: "ward", Title: "Rescue Prisoners", Type: "planet", Quadrant: "alpha", Span: n(3), Points: n(30), Affiliations: []string{"Klingon"}, Requirements: "Security, Leadership, and Strength>14", OvercomeDilemmas: 2}},
			Ships: []rules.BoardShip{{ID: "ktinga", Card: "2e-1-394", At: &rules.Location{Mission: "qonos"}, Damage: 1},
				{ID: "loose", Title: "Zq", Affiliation: "klingon", At: &rules.Location{}}},
			Personnel: []rules.BoardPersonnel{{ID: "kroval", Card: "Kroval", At: &rules.Location{Ship: "ktinga"}},
				{ID: "k", Title: "Zq", PersonnelStats: rules.PersonnelStats{Skills: []string{}, Characteristics: []string{}}, At: &rules.Location{Brig: "you"}, Owner: "opponent"}},
		},
	}
}

// TestEncodedBoardsDecodeToTheSameBoard: a board decoded, encoded into the
// request's shape and decoded again is the same board, over the contract's
// example boards and boards of every kind of object and location.
func TestEncodedBoardsDecodeToTheSameBoard(t *testing.T) {
	c := testcorpus.Load(t)
	s := New(c.Documents, c.Entries, catalog.New(c.Cards, c.Entries, catalog.WithDocuments(c.Documents)))
	ctx := context.Background()
	check := func(t *testing.T, edition string, in rules.Board) {
		b, err := s.decodeBoard(ctx, edition, in)
		if err != nil {
			t.Fatalf("decode: %v", err)
		}
		out := b.Encode()
		again, err := s.decodeBoard(ctx, edition, out)
		if err != nil {
			t.Fatalf("decode the encoded board: %v", err)
		}
		if !reflect.DeepEqual(withoutSources(b), withoutSources(again)) {
			a, _ := json.Marshal(in)
			o, _ := json.Marshal(out)
			t.Errorf("the encoded board decodes to another board:\n given   %s\n encoded %s", a, o)
		}
	}
	for _, ex := range testcorpus.AdjudicationExamples(t) {
		t.Run(ex.Name, func(t *testing.T) {
			var req rules.AdjudicationRequest
			if err := api.DecodeAdjudication(ex.Request, &req); err != nil {
				t.Fatal(err)
			}
			check(t, req.Edition, req.Board)
		})
	}
	for edition, b := range roundTripBoards() {
		t.Run(edition, func(t *testing.T) { check(t, edition, b) })
	}
}

// After moves, the board encoded is the board given with what the moves
// changed, and it decodes to the board the moves left.
func TestEncodedBoardAfterMovesDecodesToTheBoardTheyLeft(t *testing.T) {
	s := New(nil, nil, nil)
	ctx := context.Background()
	n := rules.IntPtr
	in := rules.Board{
		Missions: []rules.BoardMission{
			{ID: "qonos", Title: "Qo'noS", Type: "headquarters", Quadrant: "alpha", Span: n(2), Play: []string{"klingon", "non-aligned", "equipment"}},
			{ID: "ward", Title: "Rescue Prisoners", Type: "planet", Quadrant: "alpha", Span: n(3)},
		},
		Ships:     []rules.BoardShip{{ID: "ktinga", Affiliation: "klingon", Staffing: []string{"command", "staff"}, Range: n(7), At: &rules.Location{Mission: "qonos"}}},
		Personnel: []rules.BoardPersonnel{{ID: "k1", PersonnelStats: rules.PersonnelStats{Affiliation: "klingon", Icons: []string{"command"}, Skills: []string{}, Integrity: n(5), Cunning: n(5), Strength: n(5)}, At: &rules.Location{Ship: "ktinga"}}},
	}
	b := boardOf(t, s, rules.Edition2E, in)
	given, _ := json.Marshal(b.Encode())
	first := b
	doc := rulebookDoc(rules.Edition2E)
	turn := NewTurn()
	steps := []struct {
		question string
		params   string
	}{
		{"card.play", `{"card":{"title":"Klingon Officer","type":"personnel","cost":2,"affiliation":"klingon","icons":["staff"],"skills":["Security"],"integrity":5,"cunning":5,"strength":5},"at":"qonos","id":"k2"}`},
		{"personnel.beam", `{"personnel":["k2"],"to":"ktinga"}`},
		{"ship.move", `{"ship":"ktinga","to":"ward"}`},
		{"personnel.beam", `{"personnel":["k1","k2"],"to":"ward"}`},
	}
	for _, st := range steps {
		step, err := s.playMove(ctx, &doc, b, turn, st.question, decodedParams(t, st.question, st.params))
		if err != nil {
			t.Fatalf("%s: %v", st.question, err)
		}
		if step.Verdict.Allowed == nil || !*step.Verdict.Allowed {
			t.Fatalf("%s refused: %q", st.question, step.Verdict.Reasons)
		}
		b, turn = step.Board, step.Turn
	}
	if turn.Counters != 5 {
		t.Errorf("counters left %d, want 5", turn.Counters)
	}
	out := b.Encode()
	want := `{"missions":[{"id":"qonos","title":"Qo'noS","type":"headquarters","quadrant":"alpha","span":2,"play":["klingon","non-aligned","equipment"]},` +
		`{"id":"ward","title":"Rescue Prisoners","type":"planet","quadrant":"alpha","span":3}],` +
		`"ships":[{"id":"ktinga","affiliation":"klingon","staffing":["command","staff"],"range":7,"rangeUsed":5,"at":{"mission":"ward"}}],` +
		`"personnel":[{"id":"k1","affiliation":"klingon","icons":["command"],"skills":[],"integrity":5,"cunning":5,"strength":5,"at":{"mission":"ward"}},` +
		`{"id":"k2","title":"Klingon Officer","affiliation":"klingon","icons":["staff"],"skills":["Security"],"integrity":5,"cunning":5,"strength":5,"at":{"mission":"ward"}}]}`
	if got, _ := json.Marshal(out); string(got) != want {
		t.Errorf("board after the moves:\n got  %s\n want %s", got, want)
	}
	again := boardOf(t, s, rules.Edition2E, out)
	if !reflect.DeepEqual(withoutSources(b), withoutSources(again)) {
		t.Errorf("the board after the moves decodes to another board")
	}
	// The board given is as it was.
	if got, _ := json.Marshal(first.Encode()); string(got) != string(given) {
		t.Errorf("the moves changed the board they were given:\n now %s\n was %s", got, given)
	}
}

// FuzzBoardMoves reads arbitrary requests as the service does: a board
// that decodes encodes into one that decodes to the same board, and a move
// on it whose params the API reads, legal or not, never panics, never
// changes the board it was given, and leaves a board the decoder reads back
// as the same board.
func FuzzBoardMoves(f *testing.F) {
	for _, b := range roundTripBoards() {
		raw, _ := json.Marshal(b)
		f.Add(string(raw), "personnel.beam", `{"personnel":["worf","kira"],"to":"post"}`)
		f.Add(string(raw), "card.play", `{"card":{"title":"Zq","type":"personnel","affiliation":"federation","cost":1},"at":"post","id":"zq"}`)
		f.Add(string(raw), "mission.resolve", `{"mission":"ward","stack":[{"title":"A","kind":"planet","cost":1,"kills":["worf"]},{"title":"B","kind":"dual","cost":1,"brigs":["kira"],"stops":["riker"]}]}`)
		f.Add(string(raw), "mission.resolve", `{"mission":"bajor","stack":[{"title":"A","kind":"planet","stops":["kira"],"seededBy":"you"},{"title":"A","kind":"planet"}]}`)
	}
	f.Add(`{"missions":[{"id":"m","type":"headquarters","quadrant":"alpha","span":2,"play":["klingon"]},{"id":"n","type":"planet","quadrant":"alpha","span":1}],`+
		`"ships":[{"id":"s","affiliation":"klingon","staffing":["command"],"range":7,"at":{"mission":"m"}}],`+
		`"personnel":[{"id":"p","affiliation":"klingon","icons":["command"],"integrity":1,"cunning":1,"strength":1,"at":{"ship":"s"}},{"id":"c","at":{"brig":"you"}}]}`,
		"ship.move", `{"ship":"s","to":"n"}`)
	f.Add(`{"missions":[{"id":"m","type":"headquarters","quadrant":"alpha","span":2,"play":["klingon"]}]}`,
		"card.play", `{"card":{"title":"Zq","type":"ship","affiliation":"klingon","cost":3,"range":6},"at":"m","id":"s2"}`)
	s := New(nil, nil, nil)
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, board, question, params string) {
		var in rules.Board
		if json.Unmarshal([]byte(board), &in) != nil {
			return
		}
		for _, edition := range []string{rules.Edition1E, rules.Edition2E} {
			b, err := s.decodeBoard(ctx, edition, in)
			if err != nil {
				continue
			}
			before, _ := json.Marshal(b.Encode())
			again, err := s.decodeBoard(ctx, edition, b.Encode())
			if err != nil {
				t.Fatalf("%s board %s: the encoded board does not decode: %v", edition, before, err)
			}
			if !reflect.DeepEqual(withoutSources(b), withoutSources(again)) {
				t.Fatalf("%s board %s decodes to another board once encoded", edition, before)
			}
			p, err := paramsAsTheAPIReads(question, params)
			if err != nil {
				return // refused at the edge: nothing reaches the engine
			}
			step, err := s.playMove(ctx, ptr(rulebookDoc(edition)), b, NewTurn(), question, p)
			if err != nil {
				continue
			}
			if now, _ := json.Marshal(b.Encode()); string(now) != string(before) {
				t.Fatalf("%s %s changed the board it was given:\n was %s\n now %s", question, params, before, now)
			}
			after := step.Board.Encode()
			back, err := s.decodeBoard(ctx, edition, after)
			if err != nil {
				raw, _ := json.Marshal(after)
				t.Fatalf("%s %s on %s left a board the decoder refuses: %v\n %s", question, params, before, err, raw)
			}
			if !reflect.DeepEqual(withoutSources(step.Board), withoutSources(back)) {
				t.Fatalf("%s %s on %s left a board that decodes to another", question, params, before)
			}
		}
	})
}
