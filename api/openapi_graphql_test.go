package api_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestTheDocumentReadsAGraphQLBodyAsTheServiceDoes posts GraphQL bodies
// the service takes, variables, operationName and extensions each left
// out, given or null (GraphQL over HTTP: null is the same as left out):
// the service answers each 200 without an error, and the document takes
// each (the server validates every request it answers against it).
// Bodies the service refuses for a field's JSON type, the document
// refuses too. (A query left out or null is taken for a persisted query's
// hash alone, and refused otherwise, which the document's description says
// and its schema does not: TestAPersistedQueryIsAskedByItsHashAlone.)
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

// TestAPersistedQueryIsAskedByItsHashAlone: automatic persisted queries
// send a query's hash without its text; the service answers an unknown
// hash PersistedQueryNotFound (200), and, once the text was sent with the
// hash, the hash alone with the query's data, where the body's reader
// refused a body without a query (400 "The field query is missing").
func TestAPersistedQueryIsAskedByItsHashAlone(t *testing.T) {
	srv := newServer(t)
	const q = "{ documents { totalCount } }"
	sum := sha256.Sum256([]byte(q))
	ext := `"extensions":{"persistedQuery":{"version":1,"sha256Hash":"` + hex.EncodeToString(sum[:]) + `"}}`
	send := func(body string) (int, string) {
		status, out := post(t, srv.URL, "/graphql", []byte(body))
		return status, string(out)
	}
	if status, out := send(`{` + ext + `}`); status != http.StatusOK || !strings.Contains(out, "PersistedQueryNotFound") {
		t.Fatalf("an unknown hash: %d %s", status, out)
	}
	if status, out := send(`{"query":"` + q + `",` + ext + `}`); status != http.StatusOK || strings.Contains(out, `"errors"`) {
		t.Fatalf("the text with its hash: %d %s", status, out)
	}
	for _, body := range []string{`{` + ext + `}`, `{"query":null,` + ext + `}`} {
		if status, out := send(body); status != http.StatusOK || !strings.Contains(out, `"documents":{"totalCount":5}`) {
			t.Errorf("%s: %d %s, want the query's data", body, status, out)
		}
	}
	// Without a persisted query's hash, a query is still needed.
	if status, out := send(`{"extensions":{}}`); status != http.StatusBadRequest || !strings.Contains(out, "The field query is missing") {
		t.Errorf("no query and no hash: %d %s", status, out)
	}
}
