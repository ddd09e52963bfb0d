package engine_test

import (
	"context"
	"slices"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A board value from a closed list (an owner, a brig, a mission's type and
// quadrant, a facility's kind and quadrant, a dilemma's kind, who seeded
// it) is one of the contract's words as written, as the OpenAPI document
// lists them: another case or spacing is refused naming the field and the
// word meant, never read as that word, in both editions. The same words as
// written are read.
func TestAClosedListValueIsReadAsWritten(t *testing.T) {
	planet := func() rules.BoardMission { return mission("p", "planet", "alpha", 2) }
	crew := func(owner string) rules.Board {
		b := rules.Board{Missions: []rules.BoardMission{planet()},
			Personnel: []rules.BoardPersonnel{person("a", "federation", []string{"command"}, at("p"), "Leadership")}}
		b.Personnel[0].Owner = owner
		return b
	}
	for _, tc := range []struct {
		name, field, meant string
		req                rules.AdjudicationRequest
	}{
		{"2E owner You", "board.personnel[0].owner", "you",
			req2E("requirement.check", crew("You"), obj{"requirement": "Leadership", "personnel": []string{"a"}})},
		{"1E owner OPPONENT", "board.personnel[0].owner", "opponent",
			req1E("requirement.check", crew("OPPONENT"), obj{"requirement": "Leadership", "personnel": []string{"a"}})},
		{"2E owner with spaces", "board.personnel[0].owner", "you",
			req2E("requirement.check", crew(" you "), obj{"requirement": "Leadership", "personnel": []string{"a"}})},
		{"2E brig Opponent", "board.personnel[0].at.brig", "opponent", func() rules.AdjudicationRequest {
			b := crew("")
			b.Personnel[0].At = brig("Opponent")
			return req2E("requirement.check", b, obj{"requirement": "Leadership", "personnel": []string{"a"}})
		}()},
		{"2E mission type Planet", "board.missions[0].type", "planet", func() rules.AdjudicationRequest {
			b := crew("")
			b.Missions[0].Type = "Planet"
			return req2E("requirement.check", b, obj{"requirement": "Leadership", "personnel": []string{"a"}})
		}()},
		{"1E mission quadrant Alpha", "board.missions[0].quadrant", "alpha", func() rules.AdjudicationRequest {
			b := crew("")
			b.Missions[0].Quadrant = "Alpha"
			return req1E("requirement.check", b, obj{"requirement": "Leadership", "personnel": []string{"a"}})
		}()},
		{"1E facility kind Outpost", "board.facilities[0].kind", "outpost", func() rules.AdjudicationRequest {
			b := crew("")
			b.Facilities = []rules.BoardFacility{{ID: "f", Title: "Post", Kind: "Outpost", Affiliation: "federation", Shields: ip(30), At: at("p")}}
			return req1E("requirement.check", b, obj{"requirement": "Leadership", "personnel": []string{"a"}})
		}()},
		{"2E dilemma kind Planet", "params.stack[0].kind", "planet",
			req2E("dilemmas.stack", crew(""), obj{"mission": "p", "attempting": 2, "stack": []obj{{"title": "A", "kind": "Planet", "cost": 1}}})},
		{"1E dilemma seeded by You", "params.stack[0].seededBy", "you",
			req1E("dilemmas.stack", crew(""), obj{"mission": "p", "attempting": 2, "stack": []obj{{"title": "A", "kind": "planet", "seededBy": "You"}}})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := realWorld(t)
			_, err := ask(context.Background(), w.svc, tc.req)
			if err == nil {
				t.Fatalf("answered; want a refusal naming %s", tc.field)
			}
			d := rules.ErrorDetails(err)
			if f, _ := d["field"].(string); f != tc.field {
				t.Errorf("field %q, want %q (%v)", f, tc.field, err)
			}
			if s, _ := d["suggestions"].([]string); !slices.Contains(s, tc.meant) {
				t.Errorf("suggestions %v, want %q among them (%v)", d["suggestions"], tc.meant, err)
			}
		})
	}
	// The words as written are read: the same boards in lower case.
	for _, req := range []rules.AdjudicationRequest{
		req2E("requirement.check", crew("you"), obj{"requirement": "Leadership", "personnel": []string{"a"}}),
		req1E("requirement.check", crew("opponent"), obj{"requirement": "Leadership", "personnel": []string{"a"}}),
		req2E("dilemmas.stack", crew(""), obj{"mission": "p", "attempting": 2, "stack": []obj{{"title": "A", "kind": "planet", "cost": 1}}}),
	} {
		judge(t, req)
	}
}
