package api_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/graph"
	"github.com/stccg/stccg-rules/internal/engine"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/service"
	"github.com/stccg/stccg-rules/internal/testcorpus"
	"github.com/stccg/stccg-rules/web"
)

var (
	setOnce sync.Once
	set     *service.Set
	setErr  error
)

// services builds the services over the real corpus once per test binary,
// the engine's citations written as the server has them written
// (cmd/stccg-rules).
func services(t testing.TB) api.Services {
	t.Helper()
	c := testcorpus.Load(t)
	setOnce.Do(func() {
		set, setErr = service.New(context.Background(), c, nil, engine.WithCitationJSON(api.CitationJSON))
	})
	if setErr != nil {
		t.Fatal(setErr)
	}
	return api.Services{Reference: set.Library, Search: set.Index, Cards: set.Catalog, Adjudicator: set.Engine}
}

// newServer serves the real corpus.
func newServer(t *testing.T) *httptest.Server {
	t.Helper()
	return newServerWith(t, api.Config{})
}

func newServerWith(t *testing.T, cfg api.Config) *httptest.Server {
	t.Helper()
	cfg.Services = services(t)
	cfg.Logger = slog.New(slog.DiscardHandler)
	if cfg.GraphQL == nil {
		s := cfg.Services
		cfg.GraphQL = graph.NewHandler(&graph.Resolver{Reference: s.Reference, Searcher: s.Search, Catalog: s.Cards, Adjudicator: s.Adjudicator}, graph.ServerConfig{Logger: cfg.Logger})
	}
	return newValidatedServer(t, api.New(cfg))
}

func get(t *testing.T, srv *httptest.Server, path string, out any) int {
	t.Helper()
	res, err := http.Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("GET %s: Content-Type %q, want JSON; body %s", path, ct, body)
	}
	if out != nil {
		if err := json.Unmarshal(body, out); err != nil {
			t.Fatalf("GET %s: decode %s: %v", path, body, err)
		}
	}
	return res.StatusCode
}

type errorBody struct {
	Error struct {
		Code    string         `json:"code"`
		Message string         `json:"message"`
		Details map[string]any `json:"details"`
	} `json:"error"`
}

func TestDocumentsListsEveryManifestDocumentWithCounts(t *testing.T) {
	srv := newServer(t)
	var body struct {
		Data  []rules.Document `json:"data"`
		Total int              `json:"total"`
	}
	if code := get(t, srv, "/v1/documents", &body); code != 200 {
		t.Fatalf("status %d", code)
	}
	want := []string{"1e-rulebook", "1e-current-rulings", "2e-rulebook-premiere", "2e-rulebook-call-to-arms", "2e-rulebook"}
	if body.Total != len(want) || len(body.Data) != len(want) {
		t.Fatalf("total %d, %d documents; want %d", body.Total, len(body.Data), len(want))
	}
	for i, d := range body.Data {
		if d.ID != want[i] {
			t.Errorf("document %d = %s, want %s", i, d.ID, want[i])
		}
		if d.Counts.Sections+d.Counts.Glossary+d.Counts.Rulings == 0 {
			t.Errorf("%s: no entries counted: %+v", d.ID, d.Counts)
		}
	}
}

func TestDefineAnswersGoverningRulebookFirst(t *testing.T) {
	srv := newServer(t)
	var body struct {
		Data []rules.Entry `json:"data"`
	}
	if code := get(t, srv, "/v1/define?term=modifications&edition=2e", &body); code != 200 {
		t.Fatalf("status %d", code)
	}
	if len(body.Data) == 0 || body.Data[0].DocumentID != "2e-rulebook" {
		t.Fatalf("first answer %+v, want the 2e-rulebook entry first", body.Data)
	}
	for i := 1; i < len(body.Data); i++ {
		if body.Data[i].Edition != "2e" {
			t.Errorf("answer %d is %s, want only 2e", i, body.Data[i].Edition)
		}
	}
}

func TestDefineForgivesCasePunctuationAndPlurals(t *testing.T) {
	srv := newServer(t)
	for _, term := range []string{"Modification", "MODIFICATIONS.", " modifications "} {
		var body struct {
			Data []rules.Entry `json:"data"`
		}
		if code := get(t, srv, "/v1/define?edition=2e&term="+url.QueryEscape(term), &body); code != 200 || len(body.Data) == 0 {
			t.Errorf("define %q: status %d, %d answers", term, code, len(body.Data))
		}
	}
}

func TestDefineUnknownTermIs404WithSuggestions(t *testing.T) {
	srv := newServer(t)
	var body errorBody
	if code := get(t, srv, "/v1/define?term=modificatoins&edition=2e", &body); code != 404 {
		t.Fatalf("status %d, want 404", code)
	}
	if body.Error.Code != "not_found" {
		t.Fatalf("code %q", body.Error.Code)
	}
	sugg, _ := body.Error.Details["suggestions"].([]any)
	found := false
	for _, s := range sugg {
		if strings.EqualFold(s.(string), "modifications") || strings.EqualFold(s.(string), "modification") {
			found = true
		}
	}
	if !found {
		t.Fatalf("suggestions %v lack modifications", sugg)
	}
}

// A whole question sent to define is answered with the search to try.
func TestDefineOfAQuestionNamesTheSearchToTry(t *testing.T) {
	srv := newServer(t)
	var body errorBody
	if code := get(t, srv, "/v1/define?term="+url.QueryEscape("what happens when my ship is destroyed?"), &body); code != 404 {
		t.Fatalf("status %d, want 404", code)
	}
	if body.Error.Details["search"] != "what happens when my ship is destroyed" {
		t.Fatalf("details %v, want the search to try", body.Error.Details)
	}
}

// A term the rulebooks explain in a section of its own is defined by it.
func TestDefineFallsBackToASection(t *testing.T) {
	srv := newServer(t)
	var body struct {
		Data []rules.Entry `json:"data"`
	}
	if code := get(t, srv, "/v1/define?term=brig", &body); code != 200 || len(body.Data) == 0 || body.Data[0].Kind != rules.KindSection {
		t.Fatalf("status %d, data %+v", code, body.Data)
	}
	// It says so: a section is no definition of the term itself.
	if m := body.Data[0].Match; m != rules.DefineSection && m != rules.DefinePartial {
		t.Errorf("match %q, want section or partial", m)
	}
}

func TestDefinePersonaRulingHasMirrorVersions(t *testing.T) {
	srv := newServer(t)
	var body struct {
		Data []rules.Entry `json:"data"`
	}
	if code := get(t, srv, "/v1/define?term=persona&edition=1e", &body); code != 200 {
		t.Fatalf("status %d", code)
	}
	var ruling *rules.Entry
	for i := range body.Data {
		if body.Data[i].Kind == rules.KindRuling {
			ruling = &body.Data[i]
		}
	}
	if ruling == nil || !strings.Contains(strings.ToLower(ruling.Text), "mirror") {
		t.Fatalf("persona ruling missing or without its Mirror versions part: %+v", body.Data)
	}
}

func TestEntryResolvesSeeAlsoAcrossRulings(t *testing.T) {
	srv := newServer(t)
	var e rules.Entry
	id := rules.EntryID("1e-current-rulings", rules.KindRuling, "Wormhole - built-in")
	if code := get(t, srv, "/v1/entries/"+url.PathEscape(id), &e); code != 200 {
		t.Fatalf("GET %s: status %d", id, code)
	}
	var titles []string
	for _, ref := range e.SeeAlso {
		var target rules.Entry
		if code := get(t, srv, "/v1/entries/"+url.PathEscape(ref), &target); code != 200 {
			t.Fatalf("seeAlso %s does not resolve: %d", ref, code)
		}
		titles = append(titles, target.Title)
	}
	found := false
	for _, ti := range titles {
		if rules.FoldName(ti) == "mission ii" {
			found = true
		}
	}
	if !found {
		t.Fatalf("seeAlso titles %v lack Mission II", titles)
	}
}

func TestEntryAnswersContractFields(t *testing.T) {
	srv := newServer(t)
	var body struct {
		Data []map[string]any `json:"data"`
	}
	get(t, srv, "/v1/define?term=stopped", &body)
	if len(body.Data) < 2 {
		t.Fatalf("stopped has %d entries, want several documents", len(body.Data))
	}
	var e map[string]any
	if code := get(t, srv, "/v1/entries/"+url.PathEscape(body.Data[0]["id"].(string)), &e); code != 200 {
		t.Fatalf("status %d", code)
	}
	for _, f := range []string{"id", "kind", "title", "documentId", "edition", "text", "paragraphs", "path", "seeAlso", "related", "otherEdition"} {
		if _, ok := e[f]; !ok {
			t.Errorf("entry lacks %q: %v", f, e)
		}
	}
	if rel, _ := e["related"].([]any); len(rel) == 0 {
		t.Errorf("stopped relates to no other document's entry")
	}
}

func TestErrorsComeInTheContractShape(t *testing.T) {
	srv := newServer(t)
	cases := []struct {
		path   string
		status int
		code   string
	}{
		{"/v1/entries/no-such-entry", 404, "not_found"},
		{"/v1/entries/..%2F..%2Fetc%2Fpasswd", 404, "not_found"},
		{"/v1/define", 400, "invalid_request"},
		{"/v1/define?term=stopped&edition=3e", 400, "invalid_request"},
		{"/v1/define?term=%01", 400, "invalid_request"},
		{"/v1/no-such-route", 404, "not_found"},
		{"/v1/cards?type=bogus", 400, "invalid_request"},
	}
	for _, tc := range cases {
		var body errorBody
		if code := get(t, srv, tc.path, &body); code != tc.status || body.Error.Code != tc.code || body.Error.Message == "" || body.Error.Details == nil {
			t.Errorf("GET %s: %d %+v; want %d %s", tc.path, code, body.Error, tc.status, tc.code)
		}
	}
}

func TestHealthzAnswers(t *testing.T) {
	srv := newServer(t)
	if code := get(t, srv, "/healthz", nil); code != 200 {
		t.Fatalf("status %d", code)
	}
	if code := get(t, srv, "/readyz", nil); code != 200 {
		t.Fatalf("status %d", code)
	}
}

// TestRoutingLooseEnds: an empty id is no route (404, not a 405 on a GET),
// an id percent-encoded otherwise than net/http would finds the same card
// for the API and the card page, and an encoded "/" never splits an id.
func TestRoutingLooseEnds(t *testing.T) {
	s := services(t)
	srv := newServerWith(t, api.Config{APIMiddleware: []echo.MiddlewareFunc{web.CORS()},
		Mount: web.New(web.Config{Reference: s.Reference, Search: s.Search, Cards: s.Cards, Logger: slog.New(slog.DiscardHandler)}).Register})
	for _, path := range []string{"/v1/entries/", "/v1/cards/", "/v1/cards//rulings"} {
		var body errorBody
		if code := get(t, srv, path, &body); code != 404 || body.Error.Code != "not_found" {
			t.Errorf("GET %s: %d %+v, want 404 not_found", path, code, body.Error)
		}
	}
	var card rules.Card
	if code := get(t, srv, "/v1/cards/2e%2D1%2D394", &card); code != 200 || card.ID != "2e-1-394" {
		t.Errorf("GET /v1/cards/2e%%2D1%%2D394: %d %q", code, card.ID)
	}
	var body errorBody
	if code := get(t, srv, "/v1/cards/2e-1-394%2Frulings", &body); code != 404 {
		t.Errorf("an encoded / joined two segments: %d", code)
	}
	res, err := http.Get(srv.URL + "/cards/2e%2D1%2D394")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(page), "Galaxy") {
		t.Errorf("GET /cards/2e%%2D1%%2D394: %d", res.StatusCode)
	}
}
