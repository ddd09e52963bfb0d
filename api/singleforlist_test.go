package api_test

import (
	"encoding/json"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// TestOneValueWhereAListGoesIsRefusedOnBothTransports sends an adjudication
// whose board gives one ship where the list goes, to REST and as GraphQL's
// variable: both refuse it invalid_request in one sentence naming
// board.ships, 400, where GraphQL read the ship as a list of one. GraphQL
// answers every query refused so before it ran 400, whichever reader
// refused it (the service's before the run, or gqlgen's, in the service's
// words), in a variable or a literal; a value refused by a resolver as the
// query runs is 200, the answer holding data.
func TestOneValueWhereAListGoesIsRefusedOnBothTransports(t *testing.T) {
	srv := newServer(t)
	body := `{"edition":"2e","question":"ship.damage","board":{"ships":{"id":"s","range":7,"weapons":6,"shields":6}},"params":{"ship":"s","add":1}}`
	code, out := post(t, srv.URL, "/v1/adjudicate", []byte(body))
	var e errorBody
	if err := json.Unmarshal(out, &e); err != nil || code != 400 || e.Error.Details["field"] != "board.ships" {
		t.Fatalf("REST: %d %s", code, out)
	}
	for _, c := range []struct {
		q        string
		restSays bool // the same body as REST's, refused in REST's words
	}{
		{`{"query":"query($r: AdjudicationRequest!){ adjudicate(request: $r){ allowed } }","variables":{"r":` + body + `}}`, true},
		{`{"query":"query($n: Int){ search(q: \"range\", first: $n){ totalCount } }","variables":{"n":"3"}}`, false},
		{`{"query":"query($n: Int){ search(q: \"range\", first: $n){ totalCount } }","variables":{"n":true}}`, false},
		{`{"query":"query($ids: [CardIdentifier!]!){ cardCollection(identifiers: $ids){ data { id } } }","variables":{"ids":{"name":"worf"}}}`, false},
		{`{"query":"{ cardCollection(identifiers: {name: \"worf\"}){ data { id } } }"}`, false},
		{`{"query":"{ search(q: \"range\", first: \"3\"){ totalCount } }"}`, false},
	} {
		q := c.q
		code, out := post(t, srv.URL, "/graphql", []byte(q))
		var r struct {
			Errors gqlErrors
		}
		if err := json.Unmarshal(out, &r); err != nil || code != 400 || len(r.Errors) != 1 || r.Errors[0].Extensions.Code != rules.EINVALID {
			t.Errorf("GraphQL %s: %d %s, want 400 and one invalid_request error", q, code, out)
		}
		if c.restSays && (len(r.Errors) != 1 || r.Errors[0].Message != e.Error.Message) {
			t.Errorf("GraphQL: %s, want REST's %q", out, e.Error.Message)
		}
	}
	// Refused by the resolver as the query runs: the answer holds data.
	code, out = post(t, srv.URL, "/graphql", []byte(`{"query":"{ search(q: \"range\", edition: \"3e\"){ totalCount } documents { totalCount } }"}`))
	var r struct {
		Data   map[string]any
		Errors gqlErrors
	}
	if err := json.Unmarshal(out, &r); err != nil || code != 200 || len(r.Errors) != 1 || r.Errors[0].Extensions.Code != rules.EINVALID || r.Data["documents"] == nil {
		t.Errorf("GraphQL, an edition refused as the query runs: %d %s, want 200 with data and one invalid_request error", code, out)
	}
}
