package api_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestTheDocumentReadsAGraphQLBodyAsTheServiceDoes posts GraphQL bodies
// the service takes, variables, operationName and extensions each left
// out, given or null (GraphQL over HTTP: null is the same as left out):
// the service answers each 200 without an error, and the document takes
// each (the server validates every request it answers against it).
// Bodies the service refuses for a field's JSON type, the document
// refuses too.
func TestTheDocumentReadsAGraphQLBodyAsTheServiceDoes(t *testing.T) {
	v, err := openAPIDoc()
	if err != nil {
		t.Fatal(err)
	}
	srv := newServer(t)
	const q = `"query":"query Docs($n: Int) { documents(first: $n) { totalCount } }"`
	for _, c := range []struct {
		body  string
		takes bool
	}{
		{`{` + q + `}`, true},
		{`{` + q + `,"variables":null}`, true},
		{`{` + q + `,"variables":{}}`, true},
		{`{` + q + `,"variables":{"n":2}}`, true},
		{`{` + q + `,"operationName":null}`, true},
		{`{` + q + `,"operationName":"Docs"}`, true},
		{`{` + q + `,"extensions":null}`, true},
		{`{` + q + `,"extensions":{}}`, true},
		{`{` + q + `,"variables":null,"operationName":null,"extensions":null}`, true},
		{`{"query":null}`, false},
		{`{` + q + `,"variables":[]}`, false},
		{`{` + q + `,"variables":"{}"}`, false},
		{`{` + q + `,"operationName":7}`, false},
		{`{` + q + `,"extensions":[]}`, false},
	} {
		status, out := post(t, srv.URL, "/graphql", []byte(c.body))
		var r struct{ Errors []json.RawMessage }
		answered := status == http.StatusOK && json.Unmarshal(out, &r) == nil && len(r.Errors) == 0
		docErr := v.checkRequest(httptest.NewRequest("POST", "/graphql", nil), []byte(c.body))
		switch {
		case c.takes && (!answered || docErr != nil):
			t.Errorf("%s: %d %.200s, the document refusing it: %v; want both to take it", c.body, status, out, docErr)
		case !c.takes && (status != http.StatusBadRequest || docErr == nil):
			t.Errorf("%s: %d %.200s, the document refusing it: %v; want both to refuse it", c.body, status, out, docErr)
		}
	}
}
