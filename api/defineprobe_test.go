package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"testing"
)

// TestDefineProbeIsAnsweredAlikeOnRESTAndGraphQL asks every term of the
// define probe (internal/library/testdata/define-probe.json and its second
// and third batches, define-probe-2.json and define-probe-3.json) of REST's
// define and GraphQL's: the same entries, in the same order, each with the
// same match and the same explaining sentence, or the same not found with
// the same suggestions. Only the
// answers are compared, not what the terms mean (the library's probe test
// judges that).
func TestDefineProbeIsAnsweredAlikeOnRESTAndGraphQL(t *testing.T) {
	type term struct {
		Term    string `json:"term"`
		Edition string `json:"edition"`
	}
	var terms []term
	for _, name := range []string{"define-probe.json", "define-probe-2.json", "define-probe-3.json"} {
		raw, err := os.ReadFile("../internal/library/testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		var batch struct {
			Lookups []term `json:"lookups"`
		}
		if err := json.Unmarshal(raw, &batch); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		terms = append(terms, batch.Lookups...)
	}
	srv := newServer(t)
	for _, p := range terms {
		q := url.Values{"term": {p.Term}}
		if p.Edition != "" {
			q.Set("edition", p.Edition)
		}
		var rest struct {
			Data []struct {
				ID        string            `json:"id"`
				Match     string            `json:"match"`
				Explained *probeExplanation `json:"explained"`
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
		var gql struct {
			Data struct {
				Define *struct {
					Edges []struct {
						Node struct {
							ID        string            `json:"id"`
							Match     string            `json:"match"`
							Explained *probeExplanation `json:"explained"`
						} `json:"node"`
					} `json:"edges"`
				} `json:"define"`
			} `json:"data"`
			Errors gqlErrors `json:"errors"`
		}
		probeGraphQL(t, srv.URL, `query($t: String!, $e: String){ define(term: $t, edition: $e, first: 100){ edges { node { id match explained { anchor sentence reading shorthand } } } } }`, vars, &gql)
		gqlSays := ""
		switch {
		case gql.Data.Define != nil:
			var nodes []struct {
				ID        string            `json:"id"`
				Match     string            `json:"match"`
				Explained *probeExplanation `json:"explained"`
			}
			for _, e := range gql.Data.Define.Edges {
				nodes = append(nodes, e.Node)
			}
			gqlSays = fmt.Sprint(nodes)
			if len(nodes) == 0 {
				gqlSays = "[]"
			}
		case len(gql.Errors) > 0:
			code, details := gql.Errors.first()
			gqlSays = fmt.Sprint(http.StatusNotFound, code, details["suggestions"])
		}
		if restSays != gqlSays {
			t.Errorf("define %q (%s): REST %s, GraphQL %s", p.Term, p.Edition, restSays, gqlSays)
		}
	}
}

// probeExplanation is an entry's explaining sentence as both APIs answer
// it, printed whole.
type probeExplanation struct {
	Anchor, Sentence, Reading string
	Shorthand                 bool
}

func (x *probeExplanation) String() string {
	if x == nil {
		return "none"
	}
	return fmt.Sprintf("%+v", *x)
}
