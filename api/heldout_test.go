package api_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// TestHeldOutBoardsAreJudgedAsTheRulebooksSay posts the board situations a
// second author wrote from the rulebooks before the questions they ask
// (personnel.beam, card.play at a place, captives, mission.resolve,
// turn.replay) were built, and that no rule of the engine was tuned on;
// each answer must hold what its example names.
func TestHeldOutBoardsAreJudgedAsTheRulebooksSay(t *testing.T) {
	raw, err := os.ReadFile("testdata/held-out-boards.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Examples []struct {
			Name    string
			Request json.RawMessage
			Expect  map[string]any
		}
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Examples) < 40 {
		t.Fatalf("%d held-out boards, want the 40 or more written", len(file.Examples))
	}
	srv := newServer(t)
	held := 0
	for _, ex := range file.Examples {
		t.Run(ex.Name, func(t *testing.T) {
			code, body := post(t, srv.URL, "/v1/adjudicate", ex.Request)
			if code != 200 {
				t.Fatalf("status %d: %s", code, body)
			}
			var got map[string]any
			if err := json.Unmarshal(body, &got); err != nil {
				t.Fatal(err)
			}
			if path, ok := testcorpus.Holds(got, ex.Expect); !ok {
				t.Fatalf("answer differs at %q from %v:\n%s", path, ex.Expect, body)
			}
			held++
		})
	}
	t.Logf("held-out boards judged as expected: %d of %d", held, len(file.Examples))
}
