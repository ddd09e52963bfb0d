package rules_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// The place of a value encoding/json could not decode, with the index of
// every list, and the value as written.
func TestJSONPathAtNamesTheIndexOfEveryList(t *testing.T) {
	cases := []struct{ body, path, literal string }{
		{`{"board":{"missions":[{"id":"a","span":2},{"id":"b","span":1e18}]}}`, "board.missions[1].span", "1e18"},
		{`{"board":{"ships":[{"id":"s","staffing":["command"],"range":2.5}]}}`, "board.ships[0].range", "2.5"},
		{`{"edition":"2e","board":{"personnel":[{"id":"p"},{"id":"q","at":{"mission":"m"},"strength":"x"}]}}`, "board.personnel[1].strength", `"x"`},
		{`{"board":{"missions":[],"ships":[{"id":"s","damage":99999999999999999999}]}}`, "board.ships[0].damage", "99999999999999999999"},
	}
	for _, c := range cases {
		var r rules.AdjudicationRequest
		var te *json.UnmarshalTypeError
		if err := json.Unmarshal([]byte(c.body), &r); !errors.As(err, &te) {
			t.Fatalf("%s: want a type error, got %v", c.body, err)
		}
		if p, l := rules.JSONPathAt([]byte(c.body), te.Offset); p != c.path || l != c.literal {
			t.Errorf("%s: %q %q, want %q %q", c.body, p, l, c.path, c.literal)
		}
	}
}

func TestWholeNumbersTheGameMayHold(t *testing.T) {
	for lit, want := range map[string]bool{"7": true, "-3": true, "2.0": true, "1e2": true, "2.5": false, "1e18": false, "1e+300": false, "99999999999999999999": false} {
		if _, ok := rules.WholeNumber(lit); ok != want {
			t.Errorf("WholeNumber(%s) = %v, want %v", lit, ok, want)
		}
	}
}

func FuzzJSONPathAt(f *testing.F) {
	f.Add([]byte(`{"a":[1,{"b":[true,null,"x"]}],"c":2}`), int64(20))
	f.Add([]byte(`[[[`), int64(2))
	f.Fuzz(func(t *testing.T, data []byte, offset int64) {
		rules.JSONPathAt(data, offset) // never panics, whatever it reads
	})
}
