package graph_test

import (
	"fmt"
	"strings"
	"testing"
)

// aliased repeats field n times under distinct aliases in one query.
func aliased(n int, field string) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		fmt.Fprintf(&b, " a%d: %s", i, field)
	}
	b.WriteString(" }")
	return b.String()
}

func refusedForComplexity(r gqlResponse) bool {
	return len(r.Errors) > 0 && strings.Contains(strings.ToLower(r.Errors[0].Message), "complexity")
}

// TestServiceCallsPerQueryAreBoundedByComplexity: however little each asks
// for, one query runs at most about 20 searches, and a bounded number of the
// other service calls.
func TestServiceCallsPerQueryAreBoundedByComplexity(t *testing.T) {
	srv := newServer(t)
	tests := []struct {
		field           string
		allowed, denied int
	}{
		{`search(q: "range", first: 1) { totalCount }`, 19, 20},
		{`adjudicate(request: {edition: "2e", question: "game.winner", params: {}}) { allowed }`, 90, 101},
		{`cardNamed(name: "enterprize", fuzzy: true) { id }`, 400, 501},
		{`autocomplete(q: "ent", first: 1) { totalCount }`, 300, 501},
		{`define(term: "stopped", first: 1) { totalCount }`, 300, 501},
	}
	for _, tc := range tests {
		name := tc.field[:strings.Index(tc.field, "(")]
		t.Run(name, func(t *testing.T) {
			if r := query(t, srv, aliased(tc.denied, tc.field), nil); !refusedForComplexity(r) {
				t.Errorf("%d %s in one query were not refused: %+v", tc.denied, name, firstErrors(r))
			}
			if r := query(t, srv, aliased(tc.allowed, tc.field), nil); refusedForComplexity(r) {
				t.Errorf("%d %s in one query were refused: %+v", tc.allowed, name, firstErrors(r))
			}
		})
	}
	// An ordinary page of search hits is well within the limit.
	r := query(t, srv, `{ search(q: "range", first: 100) { totalCount edges { node { id title snippet } } } define(term: "stopped") { totalCount } }`, nil)
	if refusedForComplexity(r) {
		t.Fatalf("a full search page was refused: %+v", r.Errors)
	}
}

func firstErrors(r gqlResponse) any {
	if len(r.Errors) > 3 {
		return r.Errors[:3]
	}
	return r.Errors
}
