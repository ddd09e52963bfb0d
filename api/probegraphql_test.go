package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"
)

// probeGraphQL asks a query of the probes' server and decodes its answer
// into out: the one way the card and define probes read GraphQL.
func probeGraphQL(t *testing.T, base, q string, vars map[string]any, out any) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"query": q, "variables": vars})
	res, err := http.Post(base+"/graphql", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("GraphQL %s: %s: %v", q, b, err)
	}
}

// gqlErrors are a GraphQL answer's errors as the tests read them: each
// one's message, code and details.
type gqlErrors []struct {
	Message    string `json:"message"`
	Extensions struct {
		Code    string         `json:"code"`
		Details map[string]any `json:"details"`
	} `json:"extensions"`
}

// first is the first error's code and details; "" and nil when there is
// none.
func (e gqlErrors) first() (string, map[string]any) {
	if len(e) == 0 {
		return "", nil
	}
	return e[0].Extensions.Code, e[0].Extensions.Details
}
