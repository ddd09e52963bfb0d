package search

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// TestNoHeldOutQuestionPinned checks that no question measured and never
// tuned on (the held-out part of the typed set, the blind set, the round
// eleven set, the round twelve to fourteen sets' held-out halves) is a query of this package's unit tests (a SearchQuery's Q, or
// a string of two words or more in a list of strings, as the tests loop over
// queries; a list of single words is tokens or titles; benchmarks check no
// answer and are left out) or a question of a set that is tuned on
// (judge-questions.json, fresh-questions.json, the round five to ten sets):
// not as typed, nor nearly (see pinsQuestion).
func TestNoHeldOutQuestionPinned(t *testing.T) {
	var measured []string
	typed := readJudgeSet(t, filepath.Join("testdata", typedQuestions))
	for i, q := range typed.Queries {
		if heldOut(i) {
			measured = append(measured, q.Q)
		}
	}
	for _, name := range []string{blindQuestions, round11Questions} {
		for _, q := range readFreshSet(t, name).Questions {
			measured = append(measured, q.Q)
		}
	}
	tuning12, heldOut12 := round12Parts(t)
	for _, q := range heldOut12.Questions {
		measured = append(measured, q.Q)
	}
	tuning13, heldOut13 := setParts(t, round13Questions)
	for _, q := range heldOut13.Questions {
		measured = append(measured, q.Q)
	}
	tuning14, heldOut14 := setParts(t, round14Questions)
	for _, q := range heldOut14.Questions {
		measured = append(measured, q.Q)
	}

	type pinned struct{ text, where string }
	var pins []pinned
	files, err := filepath.Glob("*_test.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files: %v", err)
	}
	fset := token.NewFileSet()
	add := func(e ast.Expr, minWords int) {
		if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if s, err := strconv.Unquote(lit.Value); err == nil && len(strings.Fields(s)) >= minWords {
				pins = append(pins, pinned{s, fset.Position(lit.Pos()).String()})
			}
		}
	}
	for _, name := range files {
		if name == "bench_test.go" || name == "heldout_test.go" {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatalf("parse %s: %v", name, err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && k.Name == "Q" {
					add(n.Value, 1)
				}
			case *ast.CompositeLit:
				if a, ok := n.Type.(*ast.ArrayType); ok {
					if id, ok := a.Elt.(*ast.Ident); ok && id.Name == "string" {
						for _, e := range n.Elts {
							add(e, 2)
						}
					}
				}
			}
			return true
		})
	}
	for _, q := range readJudgeSet(t, filepath.Join("testdata", "judge-questions.json")).Queries {
		pins = append(pins, pinned{q.Q, "judge-questions.json"})
	}
	for _, name := range []string{freshQuestions, round5Questions, round7Questions, round8Questions, round9Questions, round10Questions} {
		for _, q := range readFreshSet(t, name).Questions {
			pins = append(pins, pinned{q.Q, name})
		}
	}
	for _, q := range tuning12.Questions {
		pins = append(pins, pinned{q.Q, round12Questions + ", tuning half"})
	}
	for _, q := range tuning13.Questions {
		pins = append(pins, pinned{q.Q, round13Questions + ", tuning half"})
	}
	for _, q := range tuning14.Questions {
		pins = append(pins, pinned{q.Q, round14Questions + ", tuning half"})
	}
	if len(pins) < 100 {
		t.Fatalf("only %d queries read: the check would see nothing", len(pins))
	}
	for _, m := range measured {
		for _, p := range pins {
			if pinsQuestion(p.text, m) {
				t.Errorf("measured question %q is pinned at %s (%q)", m, p.where, p.text)
			}
		}
	}
}

// pinsQuestion reports whether a query pins a question, whatever the order,
// case and punctuation of their words: the same words; every word of the
// question (three or more) in the query; or every word of the query (three
// or more) in the question, the query holding two thirds of its words or
// more ("misseed planet dilemma under space mission" pins "misseed planet
// dilemma under a space mission as a bluff"; "third damage card" does not
// pin "third damage card on a ship").
func pinsQuestion(query, question string) bool {
	if rules.FoldName(query) == rules.FoldName(question) {
		return true
	}
	wq, wm := words(query), words(question)
	within := func(a, b []string) bool {
		in := map[string]bool{}
		for _, w := range b {
			in[w] = true
		}
		for _, w := range a {
			if !in[w] {
				return false
			}
		}
		return true
	}
	switch {
	case len(wq) == 0 || len(wm) == 0:
		return false
	case len(wm) >= 3 && len(wm) <= len(wq):
		return within(wm, wq)
	case len(wq) >= 3 && len(wq) < len(wm) && 3*len(wq) >= 2*len(wm):
		return within(wq, wm)
	}
	return false
}

// words returns the distinct folded words of s.
func words(s string) []string {
	var out []string
	for _, w := range strings.Fields(rules.FoldName(s)) {
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

func TestPinsQuestion(t *testing.T) {
	for _, c := range []struct {
		query, question string
		want            bool
	}{
		{"Away Team", "away team", true},
		{"can I spend all 7 counters now every turn", "spend all 7 counters", true},
		{"range?", "range", true},
		{"third damage card", "third damage card on a ship", false},
		{"misseed planet dilemma under space mission", "misseed planet dilemma under a space mission as a bluff", true},
		{"au icon", "kca icon", false},
		{"how many tribbles may i play in a turn", "how many interupts can i play in a turn", false},
		{"away team attempt mission", "away team", false},
	} {
		if got := pinsQuestion(c.query, c.question); got != c.want {
			t.Errorf("pinsQuestion(%q, %q) = %v, want %v", c.query, c.question, got, c.want)
		}
	}
}
