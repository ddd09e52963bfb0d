package rules_test

import (
	"reflect"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// TestEveryQuestionHasOneResultType: ResultTypes, which the API's JSON
// writer is generated from, holds one type answering each question, and
// the result of a move refused naming a card gone.
func TestEveryQuestionHasOneResultType(t *testing.T) {
	answers := map[string]int{}
	seen := map[reflect.Type]bool{}
	for _, r := range rules.ResultTypes() {
		ty := reflect.TypeOf(r)
		if seen[ty] {
			t.Errorf("%s is listed twice", ty)
		}
		seen[ty] = true
		answers[r.Question()]++
	}
	for _, q := range rules.Questions() {
		if answers[string(q)] != 1 {
			t.Errorf("%s is answered by %d result types, want 1", q, answers[string(q)])
		}
	}
	if !seen[reflect.TypeFor[*rules.GoneResult]()] {
		t.Error("GoneResult is not listed")
	}
}
