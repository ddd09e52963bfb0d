package api

import (
	"encoding/json"
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
