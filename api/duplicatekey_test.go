package api

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// FuzzDuplicateKey reads any body without failing, and refuses one exactly
// when an object in it gives a key twice: encoding/json reads it into a
// map of fewer keys than the body's object has.
func FuzzDuplicateKey(f *testing.F) {
	for _, s := range []string{`"x"`, `1`, `[]`, `{}`, `{"a":1,"a":2}`, `{"a":{"b":1},"b":{"b":2}}`, `[{"a":1},{"a":1}]`,
		`{"a":[{"b":1,"b":2}]}`, `{"a":`, `}`, `]]`, `{"a":1,"b":[1,{"c":{"a":1,"a":1}}]}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		err := duplicateKey([]byte(body))
		if err != nil && rules.ErrorCode(err) != rules.EINVALID {
			t.Fatalf("%q: %v", body, err)
		}
		var v any
		if json.Unmarshal([]byte(body), &v) != nil {
			return
		}
		if dup := hasDuplicate(body); dup != (err != nil) {
			t.Fatalf("%q: refused %v, a key given twice %v", body, err, dup)
		}
	})
}

// hasDuplicate says whether an object of the JSON body gives a key twice,
// by counting each object's keys as a decoder that keeps them all does.
func hasDuplicate(body string) bool {
	dec := json.NewDecoder(strings.NewReader(body))
	var walk func() bool
	walk = func() bool {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch tok {
		case json.Delim('{'):
			seen := map[string]bool{}
			dup := false
			for dec.More() {
				k, _ := dec.Token()
				if seen[k.(string)] {
					dup = true
				}
				seen[k.(string)] = true
				if walk() {
					dup = true
				}
			}
			dec.Token()
			return dup
		case json.Delim('['):
			dup := false
			for dec.More() {
				if walk() {
					dup = true
				}
			}
			dec.Token()
			return dup
		}
		return false
	}
	return walk()
}

func TestDuplicateKeyNamesThePath(t *testing.T) {
	for body, want := range map[string]string{
		`{"a":1,"a":2}`:                             "a",
		`{"a":[{"b":1},{"c":1,"c":2}]}`:             "a[1].c",
		`{"a":{"b":{"c":1}},"d":[[{"e":1,"e":1}]]}`: "d[0][0].e",
	} {
		if got, _ := rules.ErrorDetails(duplicateKey([]byte(body)))["field"].(string); got != want {
			t.Errorf("%s: %q, want %q", body, got, want)
		}
	}
	if err := duplicateKey([]byte(`[{"a":1},{"a":1}]`)); err != nil {
		t.Errorf("two objects each with a key: %v", err)
	}
}
