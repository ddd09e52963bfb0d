package graph_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/graph"
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

// refusedForItsCost says whether a query was refused for its complexity or
// its shape (graph.MaxAliases and the limits beside it).
func refusedForItsCost(r gqlResponse) bool {
	return len(r.Errors) > 0 && (strings.Contains(strings.ToLower(r.Errors[0].Message), "complexity") ||
		r.Errors[0].Extensions["code"] == "QUERY_LIMIT_EXCEEDED")
}

// TestServiceCallsPerQueryAreBoundedByComplexity: however little each asks
// for, the service calls of one query cost at most the work MaxComplexity
// stands for: short searches and definitions as many as a query may alias,
// long ones, whose work grows with their text, a few.
func TestServiceCallsPerQueryAreBoundedByComplexity(t *testing.T) {
	srv := newServer(t)
	long := strings.Repeat("word ", 80) // 400 bytes
	tests := []struct {
		field           string
		allowed, denied int
	}{
		{`search(q: "range", first: 1) { totalCount }`, graph.MaxAliases, 501},
		{fmt.Sprintf(`search(q: %q, first: 1) { totalCount }`, long), 12, 13},
		{`adjudicate(request: {edition: "2e", question: "game.winner", params: {}}) { allowed }`, 90, 101},
		{`cardNamed(name: "enterprize", fuzzy: true) { id }`, graph.MaxAliases, 501},
		{`autocomplete(q: "ent", first: 1) { totalCount }`, graph.MaxAliases, 501},
		{`define(term: "stopped", first: 1) { totalCount }`, graph.MaxAliases, 501},
		{fmt.Sprintf(`define(term: %q, first: 1) { totalCount }`, long), 7, 8},
	}
	for _, tc := range tests {
		name := tc.field[:strings.Index(tc.field, "(")]
		t.Run(name, func(t *testing.T) {
			if r := query(t, srv, aliased(tc.denied, tc.field), nil); !refusedForItsCost(r) {
				t.Errorf("%d %s in one query were not refused: %+v", tc.denied, name, firstErrors(r))
			}
			if r := query(t, srv, aliased(tc.allowed, tc.field), nil); refusedForItsCost(r) {
				t.Errorf("%d %s in one query were refused: %+v", tc.allowed, name, firstErrors(r))
			}
		})
	}
	// An ordinary page of search hits is well within the limit.
	r := query(t, srv, `{ search(q: "range", first: 100) { totalCount edges { node { id title snippet } } } define(term: "stopped") { totalCount } }`, nil)
	if refusedForItsCost(r) {
		t.Fatalf("a full search page was refused: %+v", r.Errors)
	}
}

func firstErrors(r gqlResponse) any {
	if len(r.Errors) > 3 {
		return r.Errors[:3]
	}
	return r.Errors
}
