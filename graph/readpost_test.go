package graph_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/graph"
)

// unread is a request body that must not be read.
type unread struct{ t *testing.T }

func (u unread) Read([]byte) (int, error) {
	u.t.Error("the body was read again after the API's reader read it")
	return 0, io.EOF
}

// TestPOSTRunsTheParamsTheAPIRead sends a POST whose parameters the API's
// strict reader read (api.WithGraphQLParams): the handler runs them, with
// their variables, and never reads the body again, which here would say
// something else if it were read.
func TestPOSTRunsTheParamsTheAPIRead(t *testing.T) {
	h := graph.NewHandler(fakeResolver(), graph.ServerConfig{})
	for _, accept := range []string{"", "application/graphql-response+json"} {
		for _, c := range []struct {
			query  string
			status int
			want   string
		}{
			{`query($id: ID!) { card(id: $id) { id } }`, http.StatusOK, `"card"`},
			{`query($id: ID!) { card(id: $id) { id }`, map[string]int{"": http.StatusUnprocessableEntity, "application/graphql-response+json": http.StatusBadRequest}[accept], `"errors"`},
		} {
			req := httptest.NewRequest(http.MethodPost, "/graphql", unread{t})
			req.Header.Set("Content-Type", "application/json")
			if accept != "" {
				req.Header.Set("Accept", accept)
			}
			req = req.WithContext(api.WithGraphQLParams(req.Context(), &api.GraphQLParams{
				Query: c.query, Variables: map[string]any{"id": "c1"}}))
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			ct := map[string]string{"": "application/json"}[accept]
			if ct == "" {
				ct = accept
			}
			if rec.Code != c.status || rec.Header().Get("Content-Type") != ct || !strings.Contains(rec.Body.String(), c.want) {
				t.Errorf("Accept %q, %s: %d %s %s, want %d %s with %s", accept, c.query, rec.Code, rec.Header().Get("Content-Type"), rec.Body, c.status, ct, c.want)
			}
			var r struct{ Data map[string]any }
			if err := json.Unmarshal(rec.Body.Bytes(), &r); err != nil {
				t.Errorf("not JSON: %s", rec.Body)
			}
		}
	}
}

// TestGETRunsTheParamsTheAPIRead sends a GET whose parameters the API's
// reader read from its query string (api.WithGraphQLParams): the handler
// runs them, with their variables, and does not read the query string
// again, which here asks for another operation with variables that are
// not JSON. A mutation is refused as before (405: transport.GET's 406
// rewritten); variables that are no JSON object the API's reader refuses
// (api's TestAGraphQLGETsVariablesAreRefusedAsAPOSTs).
func TestGETRunsTheParamsTheAPIRead(t *testing.T) {
	h := graph.NewHandler(fakeResolver(), graph.ServerConfig{})
	const other = `/graphql?query=%7B+__typename+%7D&variables=%5B`
	for _, c := range []struct {
		params api.GraphQLParams
		status int
		want   string
	}{
		{api.GraphQLParams{Query: `query($id: ID!) { card(id: $id) { id } }`, Variables: map[string]any{"id": "c1"}}, http.StatusOK, `"card":{"id":`},
		{api.GraphQLParams{Query: `query($id: ID!) { card(id: $id) { id }`}, http.StatusUnprocessableEntity, `"errors"`},
		{api.GraphQLParams{Query: `mutation($r: AdjudicationRequest!) { adjudicate(request: $r) { __typename } }`, Variables: map[string]any{"r": map[string]any{"edition": "2E", "question": "card.play"}}}, http.StatusMethodNotAllowed, `which GET does not run`},
	} {
		req := httptest.NewRequest(http.MethodGet, other, nil)
		req = req.WithContext(api.WithGraphQLParams(req.Context(), &c.params))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != c.status || rec.Header().Get("Content-Type") != "application/json" || !strings.Contains(rec.Body.String(), c.want) {
			t.Errorf("%s: %d %s %s, want %d with %s", c.params.Query, rec.Code, rec.Header().Get("Content-Type"), rec.Body, c.status, c.want)
		}
	}
}
