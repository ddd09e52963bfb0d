package api

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// TestGraphQLParamsAreReadOnce reads a GraphQL body into the parameters the
// handler runs: the query and operation decoded, the variables with their
// numbers as written (json.Number, as gqlgen reads them), and a query over
// its length limit given without its variables, which are not decoded: it
// is refused for its length whatever they hold.
func TestGraphQLParamsAreReadOnce(t *testing.T) {
	p, err := readGraphQLParams([]byte(`{"query": "query($n: Int) { a }", "operationName": "q", "variables": {"n": 12, "s": "x\u00e9"}, "extensions": {"e": [1]}}`))
	if err != nil {
		t.Fatal(err)
	}
	if p.Query != "query($n: Int) { a }" || p.OperationName != "q" || p.Variables["n"] != json.Number("12") || p.Variables["s"] != "xé" || p.Extensions["e"] == nil {
		t.Errorf("read %#v", p)
	}
	long := strings.Repeat("{ a }", rules.MaxGraphQLQueryBytes/5+1)
	body, _ := json.Marshal(map[string]any{"query": long, "variables": map[string]any{"n": 1}})
	p, err = readGraphQLParams(body)
	if err != nil || p.Query != long || p.Variables != nil {
		t.Errorf("an over-long query: %v, variables %v", err, p.Variables)
	}
	// Refused as before: the reader's words.
	for _, b := range []string{`{"query": "{ a }", "varibles": {}}`, `{"query": "{ a }", "query": "{ b }"}`, `{"query": "{ a }", "variables": []}`} {
		if _, err := readGraphQLParams([]byte(b)); err == nil {
			t.Errorf("%s: read", b)
		}
	}
}

// TestGraphQLGETParamsAreReadOnce reads a GraphQL GET's query string into
// the parameters the handler runs, each decoded once as gqlgen decoded
// them: numbers as written (json.Number); variables that are not a JSON
// object named undecodable, a query over its length limit given without its
// variables, which are not decoded (as a POST's), and a query string
// url.ParseQuery refuses not read (the handler refuses it as it did).
func TestGraphQLGETParamsAreReadOnce(t *testing.T) {
	p := readGraphQLQuery(`query=query(%24n%3A+Int)+%7B+a+%7D&operationName=q&variables=%7B%22n%22%3A12%2C%22s%22%3A%22x%5Cu00e9%22%7D&extensions=%7B%22e%22%3A%5B1%5D%7D`)
	if p == nil || p.Query != "query($n: Int) { a }" || p.OperationName != "q" || p.Variables["n"] != json.Number("12") || p.Variables["s"] != "xé" || p.Extensions["e"] == nil || p.Undecodable != "" {
		t.Errorf("read %#v", p)
	}
	for raw, want := range map[string]string{`query=%7Ba%7D&variables=%5B%5D`: "variables", `query=%7Ba%7D&extensions=1`: "extensions", `query=%7Ba%7D&variables=null`: "", `query=%7Ba%7D&variables=%7B%22a%22%3A1%7D+x`: "variables", `query=%7Ba%7D&variables=%7B%7D%7B%7D`: "variables", `query=%7Ba%7D&extensions=%7B%7D+`: ""} {
		if p := readGraphQLQuery(raw); p == nil || p.Undecodable != want || p.Variables != nil {
			t.Errorf("%s: read %#v, want undecodable %q", raw, p, want)
		}
	}
	long := strings.Repeat("{ a }", rules.MaxGraphQLQueryBytes/5+1)
	raw := url.Values{"query": {long}, "variables": {`{"n": 1}`}}.Encode()
	if p := readGraphQLQuery(raw); p == nil || p.Query != long || p.Variables != nil || p.Undecodable != "" {
		t.Errorf("an over-long query: read variables %v, undecodable %q", p.Variables, p.Undecodable)
	}
	if p := readGraphQLQuery(`query=%zz`); p != nil {
		t.Errorf("an escape url.ParseQuery refuses: read %#v", p)
	}
}
