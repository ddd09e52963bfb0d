package api_test

import (
	"encoding/json"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// TestOneValueWhereAListGoesIsRefusedOnBothTransports sends an adjudication
// whose board gives one ship where the list goes, to REST and as GraphQL's
// variable: both refuse it invalid_request in one sentence naming
// board.ships (REST 400; GraphQL in its errors, 200 as a variable of
// another type than it takes is), where GraphQL read the ship as a list of
// one.
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
	} {
		q := c.q
		code, out := post(t, srv.URL, "/graphql", []byte(q))
		var r struct {
			Errors []struct {
				Message    string
				Extensions struct{ Code string }
			}
		}
		if err := json.Unmarshal(out, &r); err != nil || code != 200 || len(r.Errors) != 1 || r.Errors[0].Extensions.Code != rules.EINVALID {
			t.Errorf("GraphQL %s: %d %s, want 200 and one invalid_request error", q, code, out)
		}
		if c.restSays && (len(r.Errors) != 1 || r.Errors[0].Message != e.Error.Message) {
			t.Errorf("GraphQL: %s, want REST's %q", out, e.Error.Message)
		}
	}
}
