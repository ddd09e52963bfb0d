package api_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// TestANumberWhereTextGoesIsRefusedOnBothTransports gives a JSON number
// where text goes (a card's id or name, a question, a search's words) and a
// fraction where a whole number goes, to REST and to GraphQL: both refuse
// it invalid_request, 400, in the same sentence naming what was wrong (the
// variable in GraphQL where REST names the field or parameter), where
// GraphQL read 3 as the string "3" and answered a fraction 422 in its own
// words. A boolean where text or a whole number goes, which GraphQL refused
// in its own sentence, is refused in REST's too.
func TestANumberWhereTextGoesIsRefusedOnBothTransports(t *testing.T) {
	srv := newServer(t)
	restSays := func(code int, out []byte) string {
		t.Helper()
		var e errorBody
		if err := json.Unmarshal(out, &e); err != nil || code != 400 || e.Error.Code != rules.EINVALID {
			t.Fatalf("REST: %d %s, want 400 invalid_request", code, out)
		}
		return e.Error.Message
	}
	adjudication := `{"edition":"2e","question":3,"board":{"ships":[{"id":"s","range":7,"weapons":6,"shields":6}]},"params":{"ship":"s","add":1}}`
	code, out := post(t, srv.URL, "/v1/adjudicate", []byte(adjudication))
	question := restSays(code, out)
	code, out = post(t, srv.URL, "/v1/cards/collection", []byte(`{"identifiers":[{"id":3}]}`))
	id := restSays(code, out)
	code, out = post(t, srv.URL, "/v1/cards/collection", []byte(`{"identifiers":[{"name":3}]}`))
	name := restSays(code, out)
	var e errorBody
	code = get(t, srv, "/v1/search?q=range&limit=3.5", &e)
	limit := restSays(code, func() []byte { b, _ := json.Marshal(e); return b }())
	// details.field names the variable as a variable's other mistakes do
	// (TestAMistakeOfAVariableOrAnArgumentIsNamed: q, not $q), and a field
	// of an adjudication's body as REST does.
	for _, c := range []struct{ q, want, field string }{
		{`{"query":"query($r: AdjudicationRequest!){ adjudicate(request: $r){ allowed } }","variables":{"r":` + adjudication + `}}`, question, "question"},
		{`{"query":"query($ids: [CardIdentifier!]!){ cardCollection(identifiers: $ids){ data { id } } }","variables":{"ids":[{"id":3}]}}`,
			strings.Replace(id, "The field identifiers", "The variable $ids", 1), "ids[0].id"},
		{`{"query":"query($ids: [CardIdentifier!]!){ cardCollection(identifiers: $ids){ data { id } } }","variables":{"ids":[{"name":3}]}}`,
			strings.Replace(name, "The field identifiers", "The variable $ids", 1), "ids[0].name"},
		{`{"query":"query($id: ID!){ card(id: $id){ id } }","variables":{"id":3}}`, "The variable $id must be a string, not a JSON number.", "id"},
		{`{"query":"query($q: String!){ search(q: $q){ totalCount } }","variables":{"q":3}}`, "The variable $q must be a string, not a JSON number.", "q"},
		{`{"query":"query($q: String!){ search(q: $q){ totalCount } }","variables":{"q":true}}`, "The variable $q must be a string, not a JSON bool.", "q"},
		{`{"query":"query($n: Int){ search(q: \"range\", first: $n){ totalCount } }","variables":{"n":true}}`, "The variable $n must be a whole number, not a JSON bool.", "n"},
		{`{"query":"query($n: Int){ search(q: \"range\", first: $n){ totalCount } }","variables":{"n":3.5}}`, strings.Replace(limit, "limit", "$n", 1), "n"},
		{`{"query":"query($n: Int){ search(q: \"range\", first: $n){ totalCount } }","variables":{"n":1e3}}`, `$n must be a whole number; got "1e3".`, "n"},
	} {
		code, out := post(t, srv.URL, "/graphql", []byte(c.q))
		var r struct {
			Errors gqlErrors
		}
		if err := json.Unmarshal(out, &r); err != nil || code != 400 || len(r.Errors) != 1 || r.Errors[0].Extensions.Code != rules.EINVALID {
			t.Errorf("GraphQL %s: %d %s, want 400 and one invalid_request error", c.q, code, out)
			continue
		}
		if c.want != "" && r.Errors[0].Message != c.want {
			t.Errorf("GraphQL %s: %q, want %q", c.q, r.Errors[0].Message, c.want)
		}
		if f := r.Errors[0].Extensions.Details["field"]; f != c.field {
			t.Errorf("GraphQL %s: details.field %v, want %q", c.q, f, c.field)
		}
	}
	// A whole number for an Int and text for a String are read as ever.
	code, out = post(t, srv.URL, "/graphql", []byte(`{"query":"query($q: String!, $n: Int){ search(q: $q, first: $n){ totalCount } }","variables":{"q":"range","n":3}}`))
	if code != 200 || strings.Contains(string(out), `"errors"`) {
		t.Errorf("GraphQL, text and a whole number: %d %s", code, out)
	}
}
