package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"testing"
)

// TestDefineProbeIsAnsweredAlikeOnRESTAndGraphQL asks every term of the
// define probe (internal/library/testdata/define-probe.json) of REST's
// define and GraphQL's: the same entries, in the same order, each with the
// same match, or the same not found with the same suggestions. Only the
// answers are compared, not what the terms mean (the library's probe test
// judges that).
func TestDefineProbeIsAnsweredAlikeOnRESTAndGraphQL(t *testing.T) {
	raw, err := os.ReadFile("../internal/library/testdata/define-probe.json")
	if err != nil {
		t.Fatal(err)
	}
	var probe struct {
		Lookups []struct {
			Term    string `json:"term"`
			Edition string `json:"edition"`
		} `json:"lookups"`
	}
	if err := json.Unmarshal(raw, &probe); err != nil {
		t.Fatal(err)
	}
	srv := newServer(t)
	for _, p := range probe.Lookups {
		q := url.Values{"term": {p.Term}}
		if p.Edition != "" {
			q.Set("edition", p.Edition)
		}
		var rest struct {
			Data []struct {
				ID    string `json:"id"`
				Match string `json:"match"`
			} `json:"data"`
			Error struct {
				Code    string         `json:"code"`
				Details map[string]any `json:"details"`
			} `json:"error"`
		}
		code := get(t, srv, "/v1/define?"+q.Encode(), &rest)
		restSays := ""
		if code == http.StatusOK {
			restSays = fmt.Sprint(rest.Data)
		} else {
			restSays = fmt.Sprint(code, rest.Error.Code, rest.Error.Details["suggestions"])
		}

		vars := map[string]any{"t": p.Term}
		if p.Edition != "" {
			vars["e"] = p.Edition
		}
		body, _ := json.Marshal(map[string]any{
			"query":     `query($t: String!, $e: String){ define(term: $t, edition: $e, first: 100){ edges { node { id match } } } }`,
			"variables": vars,
		})
		res, err := http.Post(srv.URL+"/graphql", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		var gql struct {
			Data struct {
				Define *struct {
					Edges []struct {
						Node struct {
							ID    string `json:"id"`
							Match string `json:"match"`
						} `json:"node"`
					} `json:"edges"`
				} `json:"define"`
			} `json:"data"`
			Errors []struct {
				Extensions struct {
					Code    string         `json:"code"`
					Details map[string]any `json:"details"`
				} `json:"extensions"`
			} `json:"errors"`
		}
		err = json.NewDecoder(res.Body).Decode(&gql)
		res.Body.Close()
		if err != nil {
			t.Fatalf("%q: %v", p.Term, err)
		}
		gqlSays := ""
		switch {
		case gql.Data.Define != nil:
			var nodes []struct {
				ID    string `json:"id"`
				Match string `json:"match"`
			}
			for _, e := range gql.Data.Define.Edges {
				nodes = append(nodes, e.Node)
			}
			gqlSays = fmt.Sprint(nodes)
			if len(nodes) == 0 {
				gqlSays = "[]"
			}
		case len(gql.Errors) > 0:
			gqlSays = fmt.Sprint(http.StatusNotFound, gql.Errors[0].Extensions.Code, gql.Errors[0].Extensions.Details["suggestions"])
		}
		if restSays != gqlSays {
			t.Errorf("define %q (%s): REST %s, GraphQL %s", p.Term, p.Edition, restSays, gqlSays)
		}
	}
}
