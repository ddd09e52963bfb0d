package api_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/stccg/stccg-rules/api"
)

// TestOpenAPIDescribesTheLiveHandlers checks the document, then sends every
// documented operation real requests, good and bad, and validates each
// request and response against it.
func TestOpenAPIDescribesTheLiveHandlers(t *testing.T) {
	srv := newServerWith(t, api.Config{Metrics: api.NewMetrics()})
	ctx := context.Background()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(api.OpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	if !doc.IsOpenAPI31OrLater() {
		t.Fatalf("openapi %s, want 3.1", doc.OpenAPI)
	}
	if err := doc.Validate(ctx); err != nil {
		t.Fatalf("document invalid: %v", err)
	}
	doc.Servers = openapi3.Servers{{URL: srv.URL}}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	move := `{"edition":"2e","question":"ship.move","board":{"missions":[{"id":"a","type":"space","quadrant":"alpha","span":2},{"id":"b","type":"planet","quadrant":"alpha","span":3}],"ships":[{"id":"s","affiliation":"federation","staffing":["command"],"range":8,"at":{"mission":"a"}}],"personnel":[{"id":"p","affiliation":"federation","icons":["command"],"at":{"ship":"s"}}]},"params":{"ship":"s","to":"b"}}`
	cases := []struct {
		method, path, body string
		status             int
	}{
		{"GET", "/healthz", "", 200},
		{"GET", "/readyz", "", 200},
		{"GET", "/openapi.json", "", 200},
		{"GET", "/metrics", "", 200},
		{"GET", "/v1/documents", "", 200},
		{"GET", "/v1/entries/2e-rulebook.glossary.modifications", "", 200},
		{"GET", "/v1/entries/nothing-here", "", 404},
		{"GET", "/v1/entries/2e-rulebook.glossary.stopped/changes", "", 200},
		{"GET", "/v1/entries/nothing-here/changes", "", 404},
		{"GET", "/v1/define?term=stopped", "", 200},
		{"GET", "/v1/define?term=zzzzqqq", "", 404},
		{"GET", "/v1/define", "", 400},
		{"GET", "/v1/search?q=range+span&limit=3", "", 200},
		{"GET", "/v1/search?q=range&kind=card", "", 200},
		{"GET", "/v1/search?q=range&limit=1000", "", 400},
		{"GET", "/v1/cards?edition=2e&type=ship&limit=5", "", 200},
		{"GET", "/v1/cards?limit=0", "", 200},
		{"GET", "/v1/cards?limit=101", "", 400},
		{"GET", "/v1/cards?offset=10001", "", 400},
		{"GET", "/v1/cards/named?fuzzy=uss+excelsior&edition=2e", "", 200},
		{"GET", "/v1/cards/named?fuzzy=jean-luc+picard&edition=2e", "", 404},
		{"GET", "/v1/cards/named", "", 400},
		{"GET", "/v1/cards/named?fuzzy=Make+It+So", "", 404},
		{"POST", "/v1/cards/collection", `{"identifiers":[{"id":"2e-1-179"},{"name":"uss excelsor","edition":"2e","fuzzy":true},{"name":"jean-luc picard","edition":"2e"},{"name":"Make It So","fuzzy":true}]}`, 200},
		{"POST", "/v1/cards/collection", `{"identifiers":[{"nmae":"Worf"}]}`, 400},
		{"POST", "/v1/cards/collection", `{"identifiers":[` + strings.Repeat(`{"id":"2e-1-179"},`, 75) + `{"id":"2e-1-179"}]}`, 422},
		{"GET", "/v1/cards/autocomplete?q=wor", "", 200},
		{"GET", "/v1/cards/2e-1-179", "", 200},
		{"GET", "/v1/cards/2e-999-999", "", 404},
		{"GET", "/v1/cards/2e-1-179/rulings", "", 200},
		{"POST", "/v1/adjudicate", move, 200},
		{"POST", "/v1/adjudicate", `{"edition":"2e","question":"warp.core","board":{}}`, 422},
		{"POST", "/v1/adjudicate", `{"edition":`, 400},
		{"POST", "/graphql", `{"query":"{ documents { totalCount } }"}`, 200},
		{"GET", "/graphql?query=%7B%20documents%20%7B%20totalCount%20%7D%20%7D", "", 200},
	}
	covered := map[string]bool{}
	for _, tc := range cases {
		req, err := http.NewRequest(tc.method, srv.URL+tc.path, strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		if tc.body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		route, params, err := router.FindRoute(req)
		if err != nil {
			t.Errorf("%s %s is not documented: %v", tc.method, tc.path, err)
			continue
		}
		covered[tc.method+" "+route.Path] = true
		in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
		reqErr := openapi3filter.ValidateRequest(ctx, in)
		if tc.status < 400 && reqErr != nil {
			t.Errorf("%s %s: a good request fails the document: %v", tc.method, tc.path, reqErr)
		}
		if tc.body != "" {
			req.Body = io.NopCloser(strings.NewReader(tc.body))
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != tc.status {
			t.Errorf("%s %s: status %d, want %d: %s", tc.method, tc.path, res.StatusCode, tc.status, body)
			continue
		}
		out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: res.StatusCode,
			Header: res.Header, Body: io.NopCloser(bytes.NewReader(body)),
			Options: &openapi3filter.Options{IncludeResponseStatus: true}}
		if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
			t.Errorf("%s %s: response does not match the document: %v", tc.method, tc.path, err)
		}
	}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			// Discord's webhook is served beside the API, not by it: the
			// discord package's tests exercise it against this document.
			if slices.Contains(op.Tags, "discord") {
				continue
			}
			if !covered[method+" "+path] {
				t.Errorf("documented %s %s is never exercised", method, path)
			}
		}
	}
}
