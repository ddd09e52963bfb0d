package api_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestTheDocumentReadsTheEditionAsTheServiceDoes sends the edition in upper
// case, as rules.ParseEdition reads it, as the query parameter of every
// route that takes one and in the bodies of an adjudication and a card
// collection: the service answers each, and the document takes each (the
// server validates every request it answers against it); an edition that
// is none stays refused by both (a 400 in a query, a 422 in an
// adjudication's body).
func TestTheDocumentReadsTheEditionAsTheServiceDoes(t *testing.T) {
	v, err := openAPIDoc()
	if err != nil {
		t.Fatal(err)
	}
	srv := newServer(t)
	const adjudication = `{"edition":"%s","question":"ship.damage","board":{"ships":[{"id":"s","range":7,"weapons":6,"shields":6}]},"params":{"ship":"s","add":1}}`
	const collection = `{"identifiers":[{"name":"worf","edition":"%s"}]}`
	for _, c := range []struct {
		method, path, body string
	}{
		{"GET", "/v1/search?q=stopped&edition=%s", ""},
		{"GET", "/v1/define?term=stopped&edition=%s", ""},
		{"GET", "/v1/cards?limit=1&edition=%s", ""},
		{"GET", "/v1/cards/autocomplete?q=wor&edition=%s", ""},
		{"POST", "/v1/adjudicate", adjudication},
		{"POST", "/v1/cards/collection", collection},
	} {
		for _, edition := range []string{"2E", "1E", "2e", "3e"} {
			path, body := strings.Replace(c.path, "%s", edition, 1), strings.Replace(c.body, "%s", edition, 1)
			if edition == "1E" && c.path == "/v1/adjudicate" {
				continue // the board is a 2E ship's
			}
			var status int
			if c.method == "GET" {
				status = get(t, srv, path, nil)
			} else {
				status, _ = post(t, srv.URL, path, []byte(body))
			}
			docErr := v.checkRequest(httptest.NewRequest(c.method, path, nil), []byte(body))
			switch {
			case edition == "3e" && (status < 400 || status >= 500 || docErr == nil):
				t.Errorf("%s %s: %d, the document refusing it: %v; want both to refuse it", c.method, path, status, docErr)
			case edition != "3e" && (status != http.StatusOK || docErr != nil):
				t.Errorf("%s %s %s: %d, the document refusing it: %v; want both to take it", c.method, path, body, status, docErr)
			}
		}
	}
}
