package api_test

import (
	"encoding/json"
	"testing"
)

// TestATextWithNothingToReadIsOneMistakeOnRESTAndGraphQL asks for a search
// with no words and a definition of no term, empty or only punctuation or
// spaces, on REST and GraphQL: each is refused in the service's one
// sentence naming the field, whichever way it was sent. REST said "Give the
// words to search for as ?q=." of an empty q and the search's sentence of
// "!!!", GraphQL the search's of both.
func TestATextWithNothingToReadIsOneMistakeOnRESTAndGraphQL(t *testing.T) {
	srv := newServer(t)
	for _, c := range []struct{ rest, graphql, field string }{
		{"/v1/search?q=", `{ search(q: "") { totalCount } }`, "q"},
		{"/v1/search?q=%20%20", `{ search(q: "  ") { totalCount } }`, "q"},
		{"/v1/search?q=%21%21%21", `{ search(q: "!!!") { totalCount } }`, "q"},
		{"/v1/define?term=", `{ define(term: "") { totalCount } }`, "term"},
		{"/v1/define?term=%20", `{ define(term: " ") { totalCount } }`, "term"},
	} {
		var rest errorBody
		code := get(t, srv, c.rest, &rest)
		q, _ := json.Marshal(map[string]string{"query": c.graphql})
		_, out := post(t, srv.URL, "/graphql", q)
		var g struct {
			Errors gqlErrors
		}
		if err := json.Unmarshal(out, &g); err != nil || len(g.Errors) != 1 {
			t.Fatalf("%s: %s", c.graphql, out)
		}
		ge := g.Errors[0]
		if code != 400 || rest.Error.Message != ge.Message || rest.Error.Code != ge.Extensions.Code || rest.Error.Details["field"] != c.field || ge.Extensions.Details["field"] != c.field {
			t.Errorf("%s: %d %s %q (%v)\n%s: %s %q (%v)", c.rest, code, rest.Error.Code, rest.Error.Message, rest.Error.Details, c.graphql, ge.Extensions.Code, ge.Message, ge.Extensions.Details)
		}
	}
}
