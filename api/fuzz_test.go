package api_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// FuzzAdjudicateRequest posts arbitrary bodies to /v1/adjudicate: whatever
// arrives, the answer is never a 5xx.
func FuzzAdjudicateRequest(f *testing.F) {
	for _, ex := range testcorpus.AdjudicationExamples(f) {
		f.Add([]byte(ex.Request))
	}
	f.Add([]byte(`{"edition":"2e","question":"ship.move","board":{"ships":[{"id":"s","at":{"mission":"m"}}]},"params":{"ship":"s","to":"m"}}`))
	f.Add([]byte(`{"edition":"1e","question":"requirement.check","params":{"requirement":"Computer Skill x2 OR SCIENCE x3","personnel":[]}}`))
	f.Add([]byte(`{"edition":"2e","question":"dilemmas.stack","params":{"stack":[{"title":"x","kind":"space","cost":-5}]}}`))
	f.Add([]byte(`{"edition":"1e","question":"personnel.beam","board":{"missions":[{"id":"m","type":"planet","quadrant":"alpha","span":2}],` +
		`"facilities":[{"id":"f","kind":"nor","affiliations":["bajoran"],"shields":9,"at":{"mission":"m"}}],` +
		`"ships":[{"id":"s","affiliation":"bajoran","docked":"f","at":{"mission":"m"}}],` +
		`"personnel":[{"id":"p","persona":"Kira","at":{"facility":"f"}},{"id":"c","at":{"brig":"opponent"}}]},"params":{"personnel":["p","c"],"to":"s"}}`))
	f.Add([]byte(`{"edition":"1e","question":"card.play","board":{"missions":[{"id":"m","type":"space","quadrant":"gamma"}],` +
		`"facilities":[{"id":"f","kind":"outpost","affiliation":"federation","quadrant":"gamma","at":{"mission":"m"}}]},` +
		`"params":{"card":{"title":"Zq","type":"ship","affiliation":"federation","quadrant":"gamma"},"at":"f","id":"zq"}}`))
	h := api.New(api.Config{Services: services(f), Logger: slog.New(slog.DiscardHandler)})
	f.Fuzz(func(t *testing.T, body []byte) {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, "/v1/adjudicate", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		validated(t, h).ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("status %d for %q: %s", rec.Code, body, rec.Body.String())
		}
	})
}

// FuzzSearchAndLookups sends arbitrary query strings to the read endpoints.
func FuzzSearchAndLookups(f *testing.F) {
	for _, s := range []string{"range", `"stopped personnel"`, "title:* AND (", "mirro univers", "-", `\`, "Ω", "a b c d e f g"} {
		f.Add(s)
	}
	h := api.New(api.Config{Services: services(f), Logger: slog.New(slog.DiscardHandler)})
	f.Fuzz(func(t *testing.T, q string) {
		for _, path := range []string{"/v1/search?q=", "/v1/define?term=", "/v1/cards/named?fuzzy=", "/v1/cards/autocomplete?q=", "/v1/cards?q="} {
			rec := httptest.NewRecorder()
			validated(t, h).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path+url.QueryEscape(q), nil))
			if rec.Code >= 500 {
				t.Fatalf("GET %s%q: status %d: %s", path, q, rec.Code, rec.Body.String())
			}
		}
	})
}
