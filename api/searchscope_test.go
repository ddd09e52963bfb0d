package api_test

import (
	"encoding/json"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A search for a document within the other edition than its own finds
// nothing by its filters alone: it is refused naming the edition, on REST
// and GraphQL alike, not answered as an empty page.
func TestSearchForADocumentWithinTheOtherEditionIsRefused(t *testing.T) {
	srv := newServer(t)
	var e errorBody
	if code := get(t, srv, "/v1/search?q=range&document=2e-rulebook&edition=1e", &e); code != 400 || e.Error.Code != rules.EINVALID || e.Error.Details["field"] != "edition" {
		t.Errorf("REST: %d %+v", code, e.Error)
	}
	var ok struct{ Total int }
	if code := get(t, srv, "/v1/search?q=range&document=2e-rulebook&edition=2e", &ok); code != 200 || ok.Total == 0 {
		t.Errorf("filters that agree: %d, total %d", code, ok.Total)
	}
	code, out := post(t, srv.URL, "/graphql", []byte(`{"query":"{ search(q: \"range\", document: \"2e-rulebook\", edition: \"1e\") { totalCount } }"}`))
	var gql struct {
		Errors []struct {
			Message    string
			Extensions map[string]any
		}
	}
	if err := json.Unmarshal(out, &gql); err != nil || code != 200 || len(gql.Errors) != 1 || gql.Errors[0].Extensions["code"] != rules.EINVALID || gql.Errors[0].Message != e.Error.Message {
		t.Errorf("GraphQL: %d %s, want REST's refusal %q", code, out, e.Error.Message)
	}
}
