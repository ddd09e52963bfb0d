package graph_test

import (
	"slices"
	"testing"
)

// A misspelt skill on a board is refused through GraphQL as through REST:
// unprocessable, naming its path, with the words meant.
func TestAMisspeltBoardWordIsRefusedThroughGraphQL(t *testing.T) {
	srv := newServer(t)
	request := map[string]any{"edition": "2e", "question": "requirement.check",
		"board":  map[string]any{"personnel": []any{map[string]any{"id": "a", "affiliation": "federation", "icons": []any{"staff"}, "skills": []any{"Diplomcy"}}}},
		"params": map[string]any{"requirement": "Diplomacy", "personnel": []any{"a"}}}
	r := query(t, srv, `query($r: AdjudicationRequest!) { adjudicate(request: $r) { allowed } }`, map[string]any{"r": request})
	if len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "unprocessable" {
		t.Fatalf("errors %+v", r.Errors)
	}
	details, _ := r.Errors[0].Extensions["details"].(map[string]any)
	near, _ := details["suggestions"].([]any)
	if details["field"] != "board.personnel[0].skills[0]" || !slices.Contains(near, any("diplomacy")) {
		t.Errorf("details %+v", details)
	}
}
