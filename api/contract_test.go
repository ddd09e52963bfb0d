package api_test

import (
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

func readExample(t *testing.T, name string, into any) {
	t.Helper()
	if err := json.Unmarshal(testcorpus.ContractExample(t, name), into); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// post sends a JSON body to srv's path and returns the status and body.
func post(t *testing.T, srv string, path string, body []byte) (int, []byte) {
	t.Helper()
	code, _, out := send(t, "POST", srv+path, string(body), "Content-Type", "application/json")
	return code, []byte(out)
}

func TestContractCardExamplesOverREST(t *testing.T) {
	srv := newServer(t)
	var file struct {
		Lookups []struct {
			Exact, Fuzzy, Edition string
			Expect                map[string]any
			Ambiguous             []string
		}
	}
	readExample(t, "cards.json", &file)
	for _, l := range file.Lookups {
		q := url.Values{}
		if l.Exact != "" {
			q.Set("exact", l.Exact)
		} else {
			q.Set("fuzzy", l.Fuzzy)
		}
		if l.Edition != "" {
			q.Set("edition", l.Edition)
		}
		t.Run(q.Encode(), func(t *testing.T) {
			if l.Ambiguous != nil {
				var body errorBody
				if code := get(t, srv, "/v1/cards/named?"+q.Encode(), &body); code != 404 || body.Error.Code != "ambiguous" {
					t.Fatalf("status %d %+v, want 404 ambiguous", code, body.Error)
				}
				got, _ := json.Marshal(body.Error.Details["candidates"])
				want, _ := json.Marshal(l.Ambiguous)
				if string(got) != string(want) {
					t.Fatalf("candidates %s, want %s", got, want)
				}
				return
			}
			var card map[string]any
			if code := get(t, srv, "/v1/cards/named?"+q.Encode(), &card); code != 200 {
				t.Fatalf("status %d: %v", code, card)
			}
			for k, want := range l.Expect {
				w, _ := json.Marshal(want)
				g, _ := json.Marshal(card[k])
				if string(w) != string(g) {
					t.Errorf("%s = %s, want %s", k, g, w)
				}
			}
			var again map[string]any
			if code := get(t, srv, "/v1/cards/"+url.PathEscape(card["id"].(string)), &again); code != 200 || again["title"] != card["title"] {
				t.Errorf("GET /v1/cards/%s: %d %v", card["id"], code, again["title"])
			}
		})
	}
}

func TestContractSearchExamplesOverREST(t *testing.T) {
	srv := newServer(t)
	var file struct {
		Queries []struct {
			Q      string
			Accept []struct {
				DocumentID *string
				Kind       string
				Title      string
			}
		}
	}
	readExample(t, "search.json", &file)
	for _, q := range file.Queries {
		t.Run(q.Q, func(t *testing.T) {
			var res rules.SearchResult
			if code := get(t, srv, "/v1/search?limit=5&q="+url.QueryEscape(q.Q), &res); code != 200 {
				t.Fatalf("status %d", code)
			}
			for _, h := range res.Hits {
				for _, a := range q.Accept {
					if (a.DocumentID == nil || *a.DocumentID == h.DocumentID) && a.Kind == h.Kind &&
						strings.Contains(rules.FoldName(h.Title), rules.FoldName(a.Title)) {
						return
					}
				}
			}
			t.Fatalf("no accepted answer in the top 5: %+v", res.Hits)
		})
	}
}

func TestContractAdjudicationExamplesOverREST(t *testing.T) {
	srv := newServer(t)
	answered := services(t).Adjudicator.(interface{ Questions() map[string][]string }).Questions()
	for _, ex := range testcorpus.AdjudicationExamples(t) {
		t.Run(ex.Name, func(t *testing.T) {
			ex.RequireAnswered(t, answered)
			code, body := post(t, srv.URL, "/v1/adjudicate", ex.Request)
			if code != 200 {
				t.Fatalf("status %d: %s", code, body)
			}
			// The verdict as a client reads it: its result an object.
			var v struct {
				Rules     string
				Allowed   *bool
				Result    map[string]any
				Reasons   []string
				Citations []rules.Citation
			}
			if err := json.Unmarshal(body, &v); err != nil {
				t.Fatal(err)
			}
			if ex.Expect.Allowed != nil && (v.Allowed == nil || *v.Allowed != *ex.Expect.Allowed) {
				t.Errorf("allowed = %v, want %v; reasons %v", v.Allowed, *ex.Expect.Allowed, v.Reasons)
			}
			for k, want := range ex.Expect.Result {
				if path, ok := testcorpus.Holds(v.Result[k], want); !ok {
					g, _ := json.Marshal(v.Result[k])
					t.Errorf("result.%s%s: got %s, want %v", k, path, g, want)
				}
			}
			if len(v.Reasons) == 0 || len(v.Citations) == 0 {
				t.Fatalf("verdict without reasons or citations: %+v", v)
			}
			for _, c := range v.Citations {
				var e rules.Entry
				if code := get(t, srv, "/v1/entries/"+url.PathEscape(c.ID), &e); code != 200 {
					t.Errorf("citation %s does not resolve", c.ID)
					continue
				}
				if e.DocumentID != v.Rules && v.Rules != "1e-current-rulings" {
					t.Errorf("citation %s is from %s, verdict adjudicated under %s", c.ID, e.DocumentID, v.Rules)
				}
				if c.Quote == "" || !strings.Contains(strings.Join(strings.Fields(e.Text), " "), strings.Join(strings.Fields(c.Quote), " ")) {
					t.Errorf("citation %s quote %q is not in the entry text", c.ID, c.Quote)
				}
			}
		})
	}
}

// A card names its other versions, and each of them resolves.
func TestCardAnswersNameItsVersions(t *testing.T) {
	srv := newServer(t)
	var card struct {
		ID       string   `json:"id"`
		Versions []string `json:"versions"`
	}
	if code := get(t, srv, "/v1/cards/named?exact=Jean-Luc+Picard%2C+Explorer", &card); code != 200 {
		t.Fatalf("status %d", code)
	}
	if len(card.Versions) < 2 || card.Versions[0] != "2e-1-267" {
		t.Fatalf("versions of %s: %v", card.ID, card.Versions)
	}
	for _, id := range card.Versions {
		var other struct{ Versions []string }
		if code := get(t, srv, "/v1/cards/"+url.PathEscape(id), &other); code != 200 || !slices.Contains(other.Versions, card.ID) {
			t.Errorf("GET /v1/cards/%s: %d, versions %v lack %s", id, code, other.Versions, card.ID)
		}
	}
}
