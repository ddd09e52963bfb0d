// Adjudication through GraphQL: the contract's examples, the board's
// facilities and captives, the second revision's params, a turn replayed
// with typed steps, answered as REST answers them.

package graph_test

import (
	"encoding/json"
	"testing"

	"github.com/stccg/stccg-rules/internal/testcorpus"
)

func TestAdjudicateAnswersTheContractExamples(t *testing.T) {
	srv := newServer(t)
	answered := resolver.Adjudicator.(interface{ Questions() map[string][]string }).Questions()
	for _, ex := range testcorpus.AdjudicationExamples(t) {
		t.Run(ex.Name, func(t *testing.T) {
			ex.RequireAnswered(t, answered)
			var request map[string]any
			if err := json.Unmarshal(ex.Request, &request); err != nil {
				t.Fatal(err)
			}
			var v struct {
				Allowed   *bool
				Result    map[string]any
				Citations []struct {
					ID    string
					Entry *struct{ ID string }
				}
			}
			mustData(t, query(t, srv, `query($r: AdjudicationRequest!) { adjudicate(request: $r) { allowed result reasons citations { id entry { id } } } }`,
				map[string]any{"r": request}), "adjudicate", &v)
			if ex.Expect.Allowed != nil && (v.Allowed == nil || *v.Allowed != *ex.Expect.Allowed) {
				t.Errorf("allowed = %v, want %v", v.Allowed, *ex.Expect.Allowed)
			}
			for k, want := range ex.Expect.Result {
				if path, ok := testcorpus.Holds(v.Result[k], want); !ok {
					g, _ := json.Marshal(v.Result[k])
					t.Errorf("result.%s%s: got %s, want %v", k, path, g, want)
				}
			}
			if len(v.Citations) == 0 || v.Citations[0].Entry == nil {
				t.Errorf("citations %+v do not resolve to entries", v.Citations)
			}
		})
	}
}

// The board's 1E facilities, docking, personnel aboard a facility or in a
// brig, and persona come through GraphQL as through REST, and personnel.beam
// and card.play at a place are answered.
func TestAdjudicateTakesFacilitiesCaptivesAndMoves(t *testing.T) {
	srv := newServer(t)
	board := map[string]any{
		"missions": []any{map[string]any{"id": "space", "type": "space", "quadrant": "alpha", "span": 3}},
		"facilities": []any{
			map[string]any{"id": "post", "kind": "outpost", "affiliation": "federation", "shields": 30, "at": map[string]any{"mission": "space"}},
			map[string]any{"id": "kpost", "owner": "opponent", "kind": "outpost", "affiliations": []any{"klingon", "romulan"}, "quadrant": "alpha", "shields": 32, "at": map[string]any{"mission": "space"}},
		},
		"ships": []any{map[string]any{"id": "ent", "affiliation": "federation", "staffing": []any{"command"}, "range": 8, "at": map[string]any{"mission": "space"}, "docked": "post"}},
		"personnel": []any{
			map[string]any{"id": "picard", "title": "Jean-Luc Picard", "persona": "Jean-Luc Picard", "affiliation": "federation", "icons": []any{"command"},
				"integrity": 7, "cunning": 7, "strength": 6, "at": map[string]any{"ship": "ent"}},
			map[string]any{"id": "riker", "affiliation": "federation", "icons": []any{"command"}, "integrity": 6, "cunning": 6, "strength": 7, "at": map[string]any{"facility": "post"}},
			map[string]any{"id": "tandro", "affiliation": "federation", "integrity": 6, "cunning": 6, "strength": 7, "at": map[string]any{"brig": "opponent"}},
		},
	}
	cases := []struct {
		name, question string
		params         map[string]any
		allowed        bool
	}{
		{"BeamAboardYourOutpost", "personnel.beam", map[string]any{"personnel": []any{"picard"}, "to": "post"}, true},
		{"BeamAboardTheOpponentsShieldedOutpost", "personnel.beam", map[string]any{"personnel": []any{"riker"}, "to": "kpost"}, false},
		{"ACaptiveIsNotBeamed", "personnel.beam", map[string]any{"personnel": []any{"tandro"}, "to": "ent"}, false},
		{"AnotherVersionOfThePersona", "card.play", map[string]any{"card": map[string]any{"title": "Jean-Luc Picard", "type": "personnel", "unique": true, "affiliation": "federation"}, "at": "post"}, false},
		{"ReportForDutyAtYourOutpost", "card.play", map[string]any{"card": map[string]any{"title": "Zq Ensign", "type": "personnel", "affiliation": "federation"}, "at": "post", "id": "ensign"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var v struct {
				Allowed *bool
				Result  map[string]any
				Reasons []string
			}
			mustData(t, query(t, srv, `query($r: AdjudicationRequest!) { adjudicate(request: $r) { allowed result reasons } }`,
				map[string]any{"r": map[string]any{"edition": "1e", "question": c.question, "board": board, "params": c.params}}), "adjudicate", &v)
			if v.Allowed == nil || *v.Allowed != c.allowed {
				t.Errorf("allowed = %v, want %v; reasons %q", v.Allowed, c.allowed, v.Reasons)
			}
		})
	}
}

// turn.replay through GraphQL: the steps typed on the verdict, each with
// its legality and citations that resolve to entries, the same as
// result.steps; the board after and the first refused in result.
func TestAdjudicateReplaysATurnWithTypedSteps(t *testing.T) {
	srv := newServer(t)
	board := map[string]any{
		"missions": []any{
			map[string]any{"id": "earth", "title": "Earth", "type": "headquarters", "quadrant": "alpha", "span": 2},
			map[string]any{"id": "renegade", "title": "Intercept Renegade", "type": "space", "quadrant": "alpha", "span": 3},
		},
		"ships": []any{map[string]any{"id": "galaxy", "card": "U.S.S. Galaxy", "at": map[string]any{"mission": "earth"}}},
		"personnel": []any{
			map[string]any{"id": "a", "affiliation": "federation", "icons": []any{"command"}, "integrity": 5, "cunning": 5, "strength": 5, "at": map[string]any{"ship": "galaxy"}},
			map[string]any{"id": "b", "affiliation": "federation", "icons": []any{"staff"}, "integrity": 5, "cunning": 5, "strength": 5, "at": map[string]any{"ship": "galaxy"}},
			map[string]any{"id": "c", "affiliation": "federation", "icons": []any{"staff"}, "integrity": 5, "cunning": 5, "strength": 5, "at": map[string]any{"ship": "galaxy"}},
			map[string]any{"id": "d", "affiliation": "federation", "icons": []any{"staff"}, "integrity": 5, "cunning": 5, "strength": 5, "at": map[string]any{"ship": "galaxy"}},
		},
	}
	params := map[string]any{"actions": []any{
		map[string]any{"question": "ship.move", "params": map[string]any{"ship": "galaxy", "to": "renegade"}},
		map[string]any{"question": "ship.move", "params": map[string]any{"ship": "galaxy", "to": "earth"}},
	}}
	var v struct {
		Allowed *bool
		Result  map[string]any
		Steps   []struct {
			Question  string
			Allowed   *bool
			Legal     bool
			Result    map[string]any
			Reasons   []string
			Citations []struct {
				ID    string
				Entry *struct{ ID string }
			}
		}
	}
	mustData(t, query(t, srv, `query($r: AdjudicationRequest!) { adjudicate(request: $r) { allowed result steps { question allowed legal result reasons citations { id entry { id } } } } }`,
		map[string]any{"r": map[string]any{"edition": "2e", "question": "turn.replay", "board": board, "params": params}}), "adjudicate", &v)
	if v.Allowed == nil || *v.Allowed || v.Result["firstIllegal"] != 1.0 {
		t.Fatalf("allowed %v, firstIllegal %v", v.Allowed, v.Result["firstIllegal"])
	}
	if len(v.Steps) != 2 || !v.Steps[0].Legal || v.Steps[1].Legal || v.Steps[0].Question != "ship.move" {
		t.Fatalf("steps %+v", v.Steps)
	}
	for i, st := range v.Steps {
		if len(st.Citations) == 0 {
			t.Errorf("step %d cites nothing", i)
		}
		for _, c := range st.Citations {
			if c.Entry == nil || c.Entry.ID != c.ID {
				t.Errorf("step %d: citation %s does not resolve to its entry", i, c.ID)
			}
		}
	}
	if rs, _ := v.Result["steps"].([]any); len(rs) != 2 || rs[1].(map[string]any)["legal"] != false {
		t.Errorf("result.steps %v", v.Result["steps"])
	}
	b, _ := v.Result["board"].(map[string]any)
	ships, _ := b["ships"].([]any)
	if len(ships) != 1 || ships[0].(map[string]any)["rangeUsed"] != 5.0 {
		t.Errorf("board after %v", v.Result["board"])
	}
	// Other questions have no steps.
	var other struct{ Steps []any }
	mustData(t, query(t, srv, `query($r: AdjudicationRequest!) { adjudicate(request: $r) { steps { legal } } }`,
		map[string]any{"r": map[string]any{"edition": "2e", "question": "ship.move", "board": board, "params": map[string]any{"ship": "galaxy", "to": "renegade"}}}), "adjudicate", &other)
	if other.Steps != nil {
		t.Errorf("ship.move has steps %v", other.Steps)
	}
}

// GraphQL's adjudicate takes the questions and params the contract's
// second revision added as REST does: mission.resolve with what each
// dilemma did, a 1E stack's seededBy, a 1E deck's seeds.
func TestAdjudicateTakesTheSecondRevisionsParams(t *testing.T) {
	srv := newServer(t)
	board := map[string]any{
		"missions": []any{map[string]any{"id": "m", "type": "planet", "quadrant": "alpha", "span": 3, "points": 30, "affiliations": []string{"klingon"}, "requirements": "Security and Strength>5"}},
		"personnel": []any{
			map[string]any{"id": "k1", "affiliation": "klingon", "skills": []string{"Security"}, "integrity": 5, "cunning": 5, "strength": 6, "at": map[string]any{"mission": "m"}},
			map[string]any{"id": "k2", "affiliation": "klingon", "skills": []string{}, "integrity": 5, "cunning": 5, "strength": 6, "at": map[string]any{"mission": "m"}},
		},
	}
	cases := []struct {
		name    string
		request map[string]any
		allowed bool
		result  map[string]any
	}{
		{"Resolve", map[string]any{"edition": "2e", "question": "mission.resolve", "board": board, "params": map[string]any{"mission": "m",
			"stack": []any{map[string]any{"title": "A", "kind": "planet", "cost": 1, "kills": []string{"k2"}}, map[string]any{"title": "B", "kind": "dual", "cost": 1, "returns": true}}}},
			true, map[string]any{"completed": true, "points": 30, "remaining": []any{"k1"}, "killed": []any{"k2"},
				"outcomes": []any{map[string]any{"title": "A", "outcome": "overcome"}, map[string]any{"title": "B", "outcome": "returned"}}}},
		{"SeededBy", map[string]any{"edition": "1e", "question": "dilemmas.stack", "board": board, "params": map[string]any{"mission": "m",
			"stack": []any{map[string]any{"title": "A", "kind": "planet"}, map[string]any{"title": "A", "kind": "planet", "seededBy": "you"}}}},
			true, map[string]any{"outcomes": []any{map[string]any{"outcome": "face"}, map[string]any{"outcome": "face"}}}},
		{"Seeds", map[string]any{"edition": "1e", "question": "deck.validate", "params": map[string]any{
			"missions": []any{map[string]any{"title": "Zq M1"}, map[string]any{"title": "Zq M2"}, map[string]any{"title": "Zq M3"}, map[string]any{"title": "Zq M4"}, map[string]any{"title": "Zq M5"}, map[string]any{"title": "Zq M6"}},
			"dilemmas": []any{map[string]any{"title": "Zq D", "count": 25}},
			"seeds":    []any{map[string]any{"title": "Zq Outpost", "count": 6}},
			"deck":     []any{map[string]any{"title": "Zq C", "count": 30}}}},
			false, map[string]any{"violations": []any{map[string]any{"rule": "seed.maximum"}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var v struct {
				Allowed *bool
				Result  map[string]any
			}
			mustData(t, query(t, srv, `query($r: AdjudicationRequest!) { adjudicate(request: $r) { allowed result } }`, map[string]any{"r": c.request}), "adjudicate", &v)
			if v.Allowed == nil || *v.Allowed != c.allowed {
				t.Errorf("allowed = %v, want %v", v.Allowed, c.allowed)
			}
			for k, want := range c.result {
				if path, ok := testcorpus.Holds(v.Result[k], want); !ok {
					t.Errorf("result.%s%s = %v, want %v", k, path, v.Result[k], want)
				}
			}
		})
	}
}
