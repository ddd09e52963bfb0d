package main

import "testing"

// TestOddInputOfAThirdBatchIsAnsweredClearly sends the requests of
// testdata/oddinput3.json, shapes the first two batches did not send: JSON
// keys given twice at every depth of a body, a GraphQL body and variables,
// and a Discord interaction; query parameters and flags given twice or in
// other cases; numbers at the edges (-0, 5.0, 7e0, past a double's whole
// numbers, leading zeros, other digits and signs); Unicode in other forms
// (full-width, ligatures, mathematical letters, letter-like symbols,
// combining and bidirectional marks, private-use and noncharacters); bytes
// not UTF-8 in a path, a query string, a body, standard input and headers;
// content types and Accept headers of other forms; HEAD and OPTIONS on
// every route; slashes doubled, trailing or encoded, and very long paths;
// GraphQL aliases past their bound through fragments, fragment cycles,
// batches, operation names that fit no operation, variables of the wrong
// shape; Discord interactions of other types, subcommand groups, missing
// data and timestamps signed stale or ahead; and the terminal's flags and
// standard input. As the second batch's, each is answered or refused as
// written, none is a 5xx, and each Same group answered alike everywhere;
// the figures are held to those reached.
func TestOddInputOfAThirdBatchIsAnsweredClearly(t *testing.T) {
	held, same := probeOddRequests(t, "testdata/oddinput3.json")
	if held < odd3HeldAtLeast || same < odd3SameAtLeast {
		t.Errorf("fewer than the %d requests and %d inputs answered as expected before", odd3HeldAtLeast, odd3SameAtLeast)
	}
}

// The figures of TestOddInputOfAThirdBatchIsAnsweredClearly this far.
const (
	odd3HeldAtLeast = 235
	odd3SameAtLeast = 15
)
