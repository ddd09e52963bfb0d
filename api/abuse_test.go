package api_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestBadInputIsAClearClientError sends every endpoint what bots and
// attackers send; each answer is a 4xx in the contract's error shape, never a
// 5xx, an HTML page or a stack trace.
func TestBadInputIsAClearClientError(t *testing.T) {
	srv := newServer(t)
	big := `{"edition":"2e","question":"ship.move","board":{"missions":[` + strings.Repeat(`{"id":"m","type":"space"},`, 60000) + `{"id":"x"}]}}`
	deep := strings.Repeat(`{"a":`, 5000) + "1" + strings.Repeat("}", 5000)
	cases := []struct {
		name, method, path, body string
		status                   int
		code                     string
	}{
		{"malformed json", "POST", "/v1/adjudicate", `{"edition": "2e",`, 400, "invalid_request"},
		{"truncated json", "POST", "/v1/adjudicate", `{"edition": "2e", "question": "ship.mo`, 400, "invalid_request"},
		{"empty body", "POST", "/v1/adjudicate", ``, 400, "invalid_request"},
		{"not an object", "POST", "/v1/adjudicate", `[1,2,3]`, 400, "invalid_request"},
		{"two values", "POST", "/v1/adjudicate", `{"edition":"2e"} {"edition":"1e"}`, 400, "invalid_request"},
		{"unknown field", "POST", "/v1/adjudicate", `{"edition":"2e","question":"ship.move","bored":{}}`, 400, "invalid_request"},
		{"unknown board field", "POST", "/v1/adjudicate", `{"edition":"2e","question":"ship.move","board":{"ships":[{"id":"s","warp":9}]}}`, 400, "invalid_request"},
		{"wrong type", "POST", "/v1/adjudicate", `{"edition":2,"question":"ship.move"}`, 400, "invalid_request"},
		{"wrong nested type", "POST", "/v1/adjudicate", `{"edition":"2e","question":"ship.move","board":{"ships":[{"id":"s","range":"far"}]}}`, 400, "invalid_request"},
		{"deep json", "POST", "/v1/adjudicate", deep, 400, "invalid_request"},
		{"oversized body", "POST", "/v1/adjudicate", big, 413, "invalid_request"},
		{"unknown question", "POST", "/v1/adjudicate", `{"edition":"2e","question":"warp.core","board":{}}`, 422, "unprocessable"},
		{"unknown edition", "POST", "/v1/adjudicate", `{"edition":"3e","question":"ship.move","board":{}}`, 422, "unprocessable"},
		{"raw control character", "POST", "/v1/adjudicate", "{\"edition\":\"2e\u0000\"}", 400, "invalid_request"},
		{"escaped control characters", "POST", "/v1/adjudicate", "{\"edition\":\"2e\\u0000\",\"question\":\"ship.move\"}", 422, "unprocessable"},
		{"wrong method", "GET", "/v1/adjudicate", ``, 405, "invalid_request"},
		{"path-like entry id", "GET", "/v1/entries/..%2F..%2Fmanifest.json", ``, 404, "not_found"},
		{"dotted entry id", "GET", "/v1/entries/..", ``, 404, "not_found"},
		{"path-like card id", "GET", "/v1/cards/..%2Fetc%2Fpasswd", ``, 404, "not_found"},
		{"path-like card rulings", "GET", "/v1/cards/%2E%2E/rulings", ``, 404, "not_found"},
		{"huge limit", "GET", "/v1/search?q=range&limit=100000", ``, 400, "invalid_request"},
		{"negative limit", "GET", "/v1/search?q=range&limit=-1", ``, 400, "invalid_request"},
		{"non-number limit", "GET", "/v1/search?q=range&limit=ten", ``, 400, "invalid_request"},
		{"huge offset", "GET", "/v1/search?q=range&offset=99999999999999999999", ``, 400, "invalid_request"},
		{"cards huge limit", "GET", "/v1/cards?limit=5000", ``, 400, "invalid_request"},
		{"empty search", "GET", "/v1/search?q=", ``, 400, "invalid_query"},
		{"punctuation-only search", "GET", "/v1/search?q=%22%22%2B-%3A%5E", ``, 400, "invalid_query"},
		{"bleve syntax search", "GET", "/v1/search?q=title%3A%2A%20AND%20%28%7Bboost%5E99", ``, 200, ""},
		{"regex-like search", "GET", "/v1/search?q=%2F.%2A%2F", ``, 400, "invalid_query"},
		{"unbalanced quote search", "GET", "/v1/search?q=%22stopped%20personnel", ``, 400, "invalid_query"},
		{"control char search", "GET", "/v1/search?q=range%00span", ``, 400, "invalid_request"},
		{"overlong search", "GET", "/v1/search?q=" + strings.Repeat("range+", 200), ``, 400, "invalid_request"},
		{"unknown kind", "GET", "/v1/search?q=range&kind=spell", ``, 400, "invalid_request"},
		{"unknown edition", "GET", "/v1/search?q=range&edition=3e", ``, 400, "invalid_request"},
		{"define invalid utf8", "GET", "/v1/define?term=%FF%FE", ``, 400, "invalid_request"},
		{"named with no name", "GET", "/v1/cards/named", ``, 400, "invalid_request"},
		{"named both ways", "GET", "/v1/cards/named?exact=a&fuzzy=b", ``, 400, "invalid_request"},
		{"named nonsense", "GET", "/v1/cards/named?fuzzy=qqqqqqqqqqzzzz", ``, 404, "not_found"},
		{"autocomplete control", "GET", "/v1/cards/autocomplete?q=%07", ``, 400, "invalid_request"},
		{"autocomplete unknown edition", "GET", "/v1/cards/autocomplete?q=wor&edition=9e", ``, 400, "invalid_request"},
		{"graphql malformed", "POST", "/graphql", `{"query": "{ documents { `, 0, ""},
		{"graphql not json", "POST", "/graphql", `query { documents }`, 0, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			status, contentType, body := send(t, tc.method, srv.URL+tc.path, tc.body, "Content-Type", "application/json")
			if status >= 500 {
				t.Fatalf("status %d: %s", status, body)
			}
			if !strings.HasPrefix(contentType, "application/json") {
				t.Fatalf("Content-Type %q: %s", contentType, body)
			}
			if strings.Contains(body, "goroutine") || strings.Contains(body, "<html") {
				t.Fatalf("body leaks internals: %s", body)
			}
			if strings.HasPrefix(tc.path, "/graphql") {
				if status < 400 && !strings.Contains(body, `"errors"`) {
					t.Fatalf("status %d without errors: %s", status, body)
				}
				return
			}
			if tc.status != 0 && status != tc.status {
				t.Fatalf("status %d, want %d: %s", status, tc.status, body)
			}
			if tc.code == "" {
				return
			}
			var e errorBody
			if err := json.Unmarshal([]byte(body), &e); err != nil || e.Error.Code != tc.code || e.Error.Message == "" || e.Error.Details == nil {
				t.Fatalf("body %s, want code %s with a message and a details object", body, tc.code)
			}
		})
	}
}
