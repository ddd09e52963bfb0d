package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/cache"
)

// TestQueryStringsAreReadStrictly: a query parameter a /v1 route does not
// take is 400 invalid_request naming it, with the names meant; one given
// twice is 400 naming it; as a body's unknown or repeated field is.
func TestQueryStringsAreReadStrictly(t *testing.T) {
	srv := newServer(t)
	const verdictBody = `{"edition":"2e","question":"ship.move","board":{"missions":[{"id":"a","title":"A","type":"planet","quadrant":"alpha","span":2},` +
		`{"id":"b","title":"B","type":"planet","quadrant":"alpha","span":3}],"ships":[{"id":"s","title":"S","range":8,"staffing":[],"affiliation":"federation","at":{"mission":"a"}}]},` +
		`"params":{"ship":"s","to":"b"}}`
	for _, tc := range []struct {
		method, path, body string
		field              string
		suggestions        []string // nil: a repeat, which suggests nothing
		words              string
	}{
		{"GET", "/v1/search?q=mirror&limt=3", "", "limt", []string{"limit"}, `did you mean "limit"?`},
		{"GET", "/v1/search?q=mirror&Limit=3", "", "Limit", []string{"limit"}, `did you mean "limit"?`},
		{"GET", "/v1/search?q=mirror&eidtoin=2e", "", "eidtoin", []string{"edition"}, `did you mean "edition"?`}, // two swaps: two edits
		{"GET", "/v1/search?q=a&q=b", "", "q", nil, "The q parameter is given twice: give it once."},
		{"GET", "/v1/search?q=a&q=a", "", "q", nil, "The q parameter is given twice: give it once."},
		{"GET", "/v1/search?%71=a&q=b", "", "q", nil, "The q parameter is given twice: give it once."},
		{"HEAD", "/v1/search?q=a&edition=2e&edition=1e", "", "edition", nil, ""},
		{"GET", "/v1/cards?q=worf&limit=2&offset=0&limit=2", "", "limit", nil, "The limit parameter is given twice: give it once."},
		{"GET", "/v1/cards?q=worf&afiliation=klingon", "", "afiliation", []string{"affiliation"}, `did you mean "affiliation"?`},
		{"GET", "/v1/define?term=stopped&Edition=2e", "", "Edition", []string{"edition"}, `did you mean "edition"?`},
		{"GET", "/v1/define?term=stopped&utm_source=discord", "", "utm_source", []string{}, "it takes term, edition, pretty"},
		{"GET", "/v1/cards/named?fuzy=worf", "", "fuzy", []string{"fuzzy"}, `did you mean "fuzzy"?`},
		{"GET", "/v1/cards/named?fuzzy=worf&_=1712345678", "", "_", []string{}, "does not take"},
		{"GET", "/v1/cards/autocomplete?q=wor&q=wor", "", "q", nil, "The q parameter is given twice: give it once."},
		{"GET", "/v1/cards/2e-1-394?edition=2e", "", "edition", []string{}, "it takes pretty"},
		{"GET", "/v1/cards/2e-1-394/rulings?pretty&pretty", "", "pretty", nil, "The pretty parameter is given twice: give it once."},
		// pretty indents whenever it is sent: a value saying otherwise is refused.
		{"GET", "/v1/documents?pretty=false", "", "pretty", nil, `takes no value`},
		{"GET", "/v1/search?q=mirror&pretty=0", "", "pretty", nil, `got "0"`},
		{"GET", "/v1/entries/2e-rulebook.glossary.stopped?=x", "", "", []string{}, `Unknown query parameter ""`},
		{"GET", "/v1/documents?" + strings.Repeat("x", 5000), "", strings.Repeat("x", 5000), []string{}, "does not take"},
		{"POST", "/v1/adjudicate?prety", verdictBody, "prety", []string{"pretty"}, `did you mean "pretty"?`},
		{"POST", "/v1/cards/collection?edition=2e", `{"identifiers":[{"name":"Worf"}]}`, "edition", []string{}, "it takes pretty"},
	} {
		res, b := sendBody(t, tc.method, srv.URL+tc.path, tc.body)
		name := tc.method + " " + tc.path
		if len(name) > 80 {
			name = name[:80] + "..."
		}
		if res.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: %d %s, want 400", name, res.StatusCode, b)
			continue
		}
		if tc.method == "HEAD" {
			continue
		}
		var e errorBody
		err := json.Unmarshal(b, &e)
		field, _ := e.Error.Details["field"].(string)
		// A long name is named clipped, as every quoted input is.
		if err != nil || e.Error.Code != "invalid_request" || field != tc.field && (len(field) < 50 || !strings.HasPrefix(tc.field, strings.TrimSuffix(field, "…"))) {
			t.Errorf("%s: %s, want invalid_request naming %q", name, b, tc.field)
			continue
		}
		if !strings.Contains(e.Error.Message, tc.words) {
			t.Errorf("%s: %q does not say %q", name, e.Error.Message, tc.words)
		}
		got, has := e.Error.Details["suggestions"].([]any)
		switch {
		case tc.suggestions == nil && has:
			t.Errorf("%s: a repeat suggests %v", name, got)
		case tc.suggestions != nil && !has:
			t.Errorf("%s: no details.suggestions: %s", name, b)
		case tc.suggestions != nil:
			var s []string
			for _, v := range got {
				s = append(s, v.(string))
			}
			if !slices.Equal(s, tc.suggestions) && !(len(s) == 0 && len(tc.suggestions) == 0) {
				t.Errorf("%s: suggestions %v, want %v", name, s, tc.suggestions)
			}
		}
	}
}

// TestEveryRouteTakesItsParameters sends each /v1 route every parameter
// it declares, once each, as callers send them: none is refused.
func TestEveryRouteTakesItsParameters(t *testing.T) {
	srv := newServer(t)
	for _, tc := range []struct{ method, path, body string }{
		{"GET", "/v1/documents?pretty", ""},
		{"GET", "/v1/documents?pretty=true", ""},
		{"GET", "/v1/documents?pretty=", ""},
		{"GET", "/v1/entries/2e-rulebook.glossary.stopped?pretty", ""},
		{"GET", "/v1/define?term=stopped&edition=2e&pretty", ""},
		{"GET", "/v1/search?q=stopped+personnel&edition=2e&kind=glossary&document=2e-rulebook&limit=3&offset=0&pretty", ""},
		{"GET", "/v1/search?q&&limit=3", ""},
		{"GET", "/v1/cards?q=worf&edition=2e&type=personnel&affiliation=klingon&set=Second+Anthology&limit=2&offset=0&pretty", ""},
		{"GET", "/v1/cards/named?fuzzy=uss+galxy&edition=2e&pretty", ""},
		{"GET", "/v1/cards/named?exact=Worf&edition=1e", ""},
		{"GET", "/v1/cards/autocomplete?q=wor&edition=2e&pretty", ""},
		{"GET", "/v1/cards/2e-1-394?pretty", ""},
		{"GET", "/v1/cards/2e-1-394/rulings?pretty", ""},
		{"POST", "/v1/cards/collection?pretty", `{"identifiers":[{"name":"Worf","fuzzy":true}]}`},
	} {
		res, b := sendBody(t, tc.method, srv.URL+tc.path, tc.body)
		if res.StatusCode == http.StatusBadRequest && strings.Contains(string(b), "query parameter") {
			t.Errorf("%s %s refused: %s", tc.method, tc.path, b)
		}
		if res.StatusCode >= 500 {
			t.Errorf("%s %s: %d %s", tc.method, tc.path, res.StatusCode, b)
		}
	}
}

// TestAPrettyAnswerIsKeyedApart: ?pretty (read by echo's c.JSON for every
// answer) is in every cached read's key, so an indented answer is never
// served to a plain request, nor a plain one to ?pretty.
func TestAPrettyAnswerIsKeyedApart(t *testing.T) {
	lru, err := cache.NewLRU(100, 1<<20, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	srv := newServerWith(t, api.Config{Responses: cache.NewResponses(lru, time.Minute, 0)})
	for _, route := range []string{"/v1/cards/2e-1-394", "/v1/define?term=stopped", "/v1/documents"} {
		sep := "?"
		if strings.Contains(route, "?") {
			sep = "&"
		}
		for i, path := range []string{route + sep + "pretty", route, route + sep + "pretty", route} {
			res, err := http.Get(srv.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			indented := bytes.Contains(b, []byte("\n  "))
			if res.StatusCode != http.StatusOK || indented != strings.Contains(path, "pretty") {
				t.Errorf("%s (%s): %d, indented %v: %.80s", path, res.Header.Get("X-Cache"), res.StatusCode, indented, b)
			}
			if want := []string{"MISS", "HIT"}[i/2]; res.Header.Get("X-Cache") != want {
				t.Errorf("%s: X-Cache %q, want %s", path, res.Header.Get("X-Cache"), want)
			}
		}
	}
}

// sendBody sends a request with body (JSON when there is one) and returns
// the answer, its body read whole.
func sendBody(t *testing.T, method, url, body string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	return res, b
}
