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
// them: numbers as written (json.Number); variables or extensions that are
// not one JSON object (nor null) refused naming them, a query over its
// length limit given without its variables, which are not decoded (as a
// POST's), and a query string url.ParseQuery refuses not read (the handler
// refuses it as it did).
func TestGraphQLGETParamsAreReadOnce(t *testing.T) {
	p, err := readGraphQLQuery(`query=query(%24n%3A+Int)+%7B+a+%7D&operationName=q&variables=%7B%22n%22%3A12%2C%22s%22%3A%22x%5Cu00e9%22%7D&extensions=%7B%22e%22%3A%5B1%5D%7D`)
	if err != nil || p == nil || p.Query != "query($n: Int) { a }" || p.OperationName != "q" || p.Variables["n"] != json.Number("12") || p.Variables["s"] != "xé" || p.Extensions["e"] == nil {
		t.Errorf("read %#v, %v", p, err)
	}
	for raw, want := range map[string]string{
		`query=%7Ba%7D&variables=%5B%5D`:                  "The field variables must be an object, not a JSON array.",
		`query=%7Ba%7D&extensions=1`:                      "The field extensions must be an object, not a JSON number.",
		`query=%7Ba%7D&variables=%7B%22a%22%3A1%7D+x`:     "The field variables could not be read.",
		`query=%7Ba%7D&variables=%7B%7D%7B%7D`:            "The field variables could not be read.",
		`query=%7Ba%7D&variables=%7B`:                     "The field variables could not be read.",
		`query=%7Ba%7D&variables=null`:                    "",
		`query=%7Ba%7D&extensions=%7B%7D+`:                "",
		`query=%7Ba%7D&variables=%7B%7D&extensions=true`:  "The field extensions must be an object, not a JSON boolean.",
		`query=%7Ba%7D&variables=%22x%22&extensions=true`: "The field variables must be an object, not a JSON string.",
	} {
		p, err := readGraphQLQuery(raw)
		if want == "" {
			if err != nil || p == nil {
				t.Errorf("%s: %v, want read", raw, err)
			}
			continue
		}
		field, _ := rules.ErrorDetails(err)["field"].(string)
		if p != nil || err == nil || err.Error() != want || rules.ErrorCode(err) != rules.EINVALID || !strings.HasPrefix(want, "The field "+field+" ") {
			t.Errorf("%s: read %#v, %v (field %q); want %q", raw, p, err, field, want)
		}
	}
	long := strings.Repeat("{ a }", rules.MaxGraphQLQueryBytes/5+1)
	raw := url.Values{"query": {long}, "variables": {`{"n": 1}`}}.Encode()
	if p, err := readGraphQLQuery(raw); err != nil || p == nil || p.Query != long || p.Variables != nil {
		t.Errorf("an over-long query: read %v, %v", p, err)
	}
	if p, err := readGraphQLQuery(`query=%zz`); p != nil || err != nil {
		t.Errorf("an escape url.ParseQuery refuses: read %#v, %v", p, err)
	}
}
