package engine

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// referenceParamsLimits is checkParamsLimits written plainly over
// encoding/json's tokens: slower, but plainly right. Both must refuse the
// same params at the same place.
func referenceParamsLimits(raw []byte) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	type level struct {
		list    bool
		key     string
		wantKey bool
		items   int
		limit   listLimit
		counted bool // a list whose items count toward the turn's
	}
	var levels []level
	turnListed := 0
	inTurn := func() bool {
		for _, l := range levels {
			if l.list && l.limit == actionsLimit {
				return true
			}
		}
		return false
	}
	path := func(upTo int) []pathStep {
		var out []pathStep
		for _, l := range levels[:upTo] {
			if l.list {
				out = append(out, pathStep{list: true, index: l.items - 1})
			} else if !l.wantKey {
				out = append(out, pathStep{key: []byte(l.key)})
			}
		}
		return out
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			levels = levels[:len(levels)-1]
			if n := len(levels); n > 0 && !levels[n-1].list {
				levels[n-1].wantKey = true
			}
			continue
		}
		name, deckLine := "", false
		if n := len(levels); n > 0 {
			top := &levels[n-1]
			if !top.list && top.wantKey {
				key := tok.(string)
				if len(key) > rules.MaxTextBytes {
					return checkText(field(path(n)), key, rules.MaxTextBytes)
				}
				top.key, top.wantKey = key, false
				continue
			}
			if top.list {
				top.items++
				if top.items > top.limit.max {
					return top.limit.exceeded(field(path(n - 1)))
				}
				if top.counted {
					if turnListed++; turnListed > rules.MaxTurnListed {
						return turnLimit.exceeded("params.actions")
					}
				}
			} else {
				name = top.key
				deckLine = n > 1 && levels[n-2].list && (levels[n-2].limit == deckLimit || levels[n-2].limit == seedLimit)
			}
		}
		if len(levels) > maxParamsNesting {
			return nil
		}
		switch t := tok.(type) {
		case json.Delim:
			if t == '{' {
				levels = append(levels, level{wantKey: true})
			} else {
				limit, ok := paramLists[name]
				if !ok {
					limit = listedLimit
				}
				counted := ok && inTurn() && (limit == listedLimit || limit == stackLimit)
				levels = append(levels, level{list: true, limit: limit, counted: counted})
			}
			continue
		case string:
			max := rules.MaxTextBytes
			if name == "requirement" {
				max = rules.MaxRequirementBytes
			}
			if len(t) > max {
				return checkText(field(path(len(levels))), t, max)
			}
		case json.Number:
			if n, err := strconv.ParseInt(t.String(), 10, 64); err == nil && name == "count" && deckLine && n > rules.MaxDeckCopies {
				f := field(path(len(levels)))
				return unprocessable(f, "%s is %d copies; a deck line may count at most %d", f, n, rules.MaxDeckCopies).
					WithDetail("limit", rules.MaxDeckCopies)
			}
		}
		if n := len(levels); n > 0 && !levels[n-1].list {
			levels[n-1].wantKey = true
		}
	}
}

// FuzzParamsLimits checks that the scan of params never fails on any input
// and, on JSON, refuses exactly what the plain reference refuses, naming the
// same field.
func FuzzParamsLimits(f *testing.F) {
	for _, seed := range []string{
		`{"ship":"enterprise","to":"rift"}`,
		`{"deck":[{"title":"A","count":101},{"title":"B"}]}`,
		`{"stack":[` + strings.Repeat(`{"title":"x","kind":"planet","cost":1},`, rules.MaxDilemmaStack) + `{}]}`,
		`{"requirement":"` + strings.Repeat("a", rules.MaxRequirementBytes+1) + `"}`,
		`{"a\u00e9b":"` + strings.Repeat(`\u00e9`, 70) + `"}`,
		`{"actions":[` + strings.Repeat(`{"question":"personnel.beam","params":{"personnel":[`+strings.Repeat(`"p",`, 99)+`"p"]}},`, 8) + `{"params":{"stack":[{"stops":["p"]}]}}]}`,
		`{"actions":[{"params":{"card":{"skills":["a","b"]},"commanded":["x"],"actions":[{"params":{"kills":["y"]}}]}}]}`,
		`[[[[[[1]]]]]]`, `{"x":{"y":[1,2,{"z":"w"}]}}`, `"text"`, `null`, `{"a":tru}`, `{"a":`, `[1,,2]`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		got := checkParamsLimits(raw) // never panics, whatever raw is
		if !json.Valid(raw) {
			return
		}
		want := referenceParamsLimits(raw)
		if (got == nil) != (want == nil) || got != nil && got.Error() != want.Error() {
			t.Fatalf("params %q: refused with %v, the reference with %v", raw, got, want)
		}
		if got != nil && rules.ErrorDetails(got)["field"] != rules.ErrorDetails(want)["field"] {
			t.Fatalf("params %q: field %v, the reference %v", raw, rules.ErrorDetails(got)["field"], rules.ErrorDetails(want)["field"])
		}
	})
}
