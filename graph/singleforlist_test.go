package graph_test

import (
	"encoding/json"
	"testing"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/rules"
)

// TestOneValueWhereAListGoesIsRefusedAsRESTRefusesIt: one value given
// where a list goes, which GraphQL reads as a list of one, is refused as
// REST refuses the same body (400 invalid_request naming the field by its
// path), in a variable and in a literal, in an adjudication's board and in
// a collection's identifiers; a variable of another argument is named as a
// variable; the same values given as lists are read.
func TestOneValueWhereAListGoesIsRefusedAsRESTRefusesIt(t *testing.T) {
	srv := newServer(t)
	restWords := func(body string) (string, string) {
		var req rules.AdjudicationRequest
		err := api.DecodeAdjudication([]byte(body), &req)
		field, _ := rules.ErrorDetails(err)["field"].(string)
		if rules.ErrorCode(err) != rules.EINVALID {
			t.Fatalf("REST reads %s: %v", body, err)
		}
		return err.Error(), field
	}
	const adjudicate = `query($r: AdjudicationRequest!) { adjudicate(request: $r) { allowed } }`
	for _, c := range []struct {
		name, body, field string
	}{
		{"ships as one object", `{"edition":"2e","question":"ship.damage","board":{"ships":{"id":"s","range":7,"weapons":6,"shields":6}},"params":{"ship":"s","add":1}}`, "board.ships"},
		{"a ship's staffing as one string", `{"edition":"2e","question":"ship.staffed","board":{"ships":[{"id":"s","staffing":"command"}]},"params":{"ship":"s"}}`, "board.ships[0].staffing"},
	} {
		want, field := restWords(c.body)
		if field != c.field {
			t.Fatalf("%s: REST names %q, want %q", c.name, field, c.field)
		}
		var req map[string]any
		if err := json.Unmarshal([]byte(c.body), &req); err != nil {
			t.Fatal(err)
		}
		literal := `{ adjudicate(request: ` + graphQLLiteral(req) + `) { allowed } }`
		for _, r := range []gqlResponse{query(t, srv, adjudicate, map[string]any{"r": req}), query(t, srv, literal, nil)} {
			if len(r.Errors) != 1 || r.Errors[0].Message != want || r.Errors[0].Extensions["code"] != rules.EINVALID {
				t.Errorf("%s: %+v, want REST's %q", c.name, r.Errors, want)
			}
		}
	}

	const collection = `query($ids: [CardIdentifier!]!) { cardCollection(identifiers: $ids) { notFound { code } } }`
	r := query(t, srv, collection, map[string]any{"ids": map[string]any{"name": "Tantalus Field"}})
	if len(r.Errors) != 1 || r.Errors[0].Message != "The variable $ids must be a list, not a JSON object." {
		t.Errorf("identifiers as one object in a variable: %+v", r.Errors)
	}
	_, err := api.DecodeCardCollection([]byte(`{"identifiers":{"name":"Tantalus Field"}}`))
	r = query(t, srv, `{ cardCollection(identifiers: {name: "Tantalus Field"}) { notFound { code } } }`, nil)
	if err == nil || len(r.Errors) != 1 || r.Errors[0].Message != err.Error() {
		t.Errorf("identifiers as one object in a literal: %+v, want REST's %v", r.Errors, err)
	}

	for _, r := range []gqlResponse{
		query(t, srv, collection, map[string]any{"ids": []any{map[string]any{"name": "Tantalus Field"}}}),
		query(t, srv, `{ cardCollection(identifiers: [{name: "Tantalus Field"}]) { notFound { code } } }`, nil),
		query(t, srv, adjudicate, map[string]any{"r": map[string]any{"edition": "2e", "question": "ship.damage",
			"board": map[string]any{"ships": []any{map[string]any{"id": "s", "range": 7, "weapons": 6, "shields": 6}}}, "params": map[string]any{"ship": "s", "add": 1}}}),
	} {
		if len(r.Errors) > 0 {
			t.Errorf("lists given as lists: %+v", r.Errors)
		}
	}
}

// graphQLLiteral writes a decoded JSON value as a GraphQL literal.
func graphQLLiteral(v any) string {
	switch x := v.(type) {
	case map[string]any:
		s := "{"
		for k, e := range x {
			if len(s) > 1 {
				s += ", "
			}
			s += k + ": " + graphQLLiteral(e)
		}
		return s + "}"
	case []any:
		s := "["
		for i, e := range x {
			if i > 0 {
				s += ", "
			}
			s += graphQLLiteral(e)
		}
		return s + "]"
	}
	b, _ := json.Marshal(v)
	return string(b)
}
