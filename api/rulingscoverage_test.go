package api_test

import (
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/graph"
	"github.com/stccg/stccg-rules/internal/catalog"
	"github.com/stccg/stccg-rules/internal/rules"
)

// rulingsAnswer is GET /v1/cards/{id}/rulings as a bot reads it.
type rulingsAnswer struct {
	Data     []rules.Entry          `json:"data"`
	Total    int                    `json:"total"`
	Coverage *rules.RulingsCoverage `json:"coverage"`
	Unknown  []string               `json:"unknown"`
}

// coverageCatalog is a catalog over documents and cards written for the
// purpose: a rulebook, a rulings document held for H-Z only, and a second
// edition whose one card-ruling rulebook lists the cards of set 3.
func coverageCatalog() *catalog.Catalog {
	docs := []rules.Document{
		{ID: "book-1", Title: "First Rulebook", Edition: "1e", Kind: rules.DocumentRulebook, Precedence: 1},
		{ID: "rulings-1", Title: "Rulings (H-Z), updated 1999", Edition: "1e", Kind: rules.DocumentRulings, Precedence: 2},
		{ID: "book-2", Title: "Second Rulebook", Edition: "2e", Kind: rules.DocumentRulebook, Precedence: 1},
	}
	entries := []*rules.Entry{
		{ID: "rulings-1.ruling.zephram-drive", Kind: rules.KindRuling, DocumentID: "rulings-1", Edition: "1e", Title: "Zephram Drive", Text: "Zephram Drive counts as one card."},
		{ID: "book-2.glossary.tarn", Kind: rules.KindGlossary, DocumentID: "book-2", Edition: "2e", Title: "Tarn", Text: "Tarn may be played twice.", CardRuling: true},
	}
	cards := []*rules.Card{
		{ID: "1e-1-1", Edition: "1e", Set: "1", Number: "1", Title: "Bright Lantern", Type: "event", GameText: "Glow."},
		{ID: "1e-1-2", Edition: "1e", Set: "1", Number: "2", Title: "Quiet Lantern", Type: "event", GameText: "Hush."},
		{ID: "1e-1-3", Edition: "1e", Set: "1", Number: "3", Title: "Zephram Drive", Type: "event", GameText: "Go."},
		{ID: "2e-3-1", Edition: "2e", Set: "3", Number: "1", Title: "Tarn", Type: "event", Sources: []string{"book-2"}},
		{ID: "2e-7-1", Edition: "2e", Set: "7", Number: "1", Title: "Vell", Type: "event"},
	}
	for _, e := range entries {
		e.Paragraphs, e.Path, e.SeeAlso, e.Related, e.OtherEdition = []rules.Paragraph{{Anchor: "p1", Text: e.Text}}, []string{e.Title}, []string{}, []string{}, []string{}
	}
	return catalog.New(cards, entries, catalog.WithDocuments(docs))
}

// TestCardRulingsSayWhatWasRead: the rulings answer keeps data and total and
// says which documents were read and whether each covers the card; an
// empty list is a known none only when every one does.
func TestCardRulingsSayWhatWasRead(t *testing.T) {
	cat := coverageCatalog()
	logger := slog.New(slog.DiscardHandler)
	srv := newValidatedServer(t, api.New(api.Config{Services: api.Services{Cards: cat}, Logger: logger,
		GraphQL: graph.NewHandler(&graph.Resolver{Catalog: cat}, graph.ServerConfig{Logger: logger})}))
	for _, tc := range []struct {
		id        string
		total     int
		complete  bool
		uncovered string
	}{
		{"1e-1-1", 0, false, "rulings-1"}, // B: the part of the rulings not held
		{"1e-1-2", 0, true, ""},           // Q: a known none
		{"1e-1-3", 1, true, ""},
		{"2e-3-1", 1, true, ""},
		{"2e-7-1", 0, false, "book-2"}, // a set after the rulebook's
	} {
		var got rulingsAnswer
		if code := get(t, srv, "/v1/cards/"+tc.id+"/rulings", &got); code != 200 || got.Data == nil || got.Coverage == nil {
			t.Fatalf("%s: %d %+v", tc.id, code, got)
		}
		var uncovered string
		for _, d := range got.Coverage.Documents {
			if !d.Covers {
				uncovered = d.DocumentID
				if d.Reason == "" {
					t.Errorf("%s: %s does not cover it and says not why", tc.id, d.DocumentID)
				}
			}
		}
		if got.Total != tc.total || got.Coverage.Complete != tc.complete || uncovered != tc.uncovered ||
			(tc.complete == (got.Unknown != nil)) || (!tc.complete && !slices.Equal(got.Unknown, []string{"rulings", "errata"})) {
			t.Errorf("%s: total %d, coverage %+v, unknown %v", tc.id, got.Total, got.Coverage, got.Unknown)
		}
		// The card itself says the same of its errata and rulings.
		var card rules.Card
		get(t, srv, "/v1/cards/"+tc.id, &card)
		if slices.Contains(card.Unknown, "errata") == tc.complete || slices.Contains(card.Unknown, "rulings") == tc.complete {
			t.Errorf("%s: the card's unknown %v, rulings complete %v", tc.id, card.Unknown, tc.complete)
		}
		// GraphQL: the same coverage beside the card's rulings.
		gql := graphQLCoverage(t, srv, tc.id)
		if gql.Complete != tc.complete || len(gql.Documents) != len(got.Coverage.Documents) || (gql.Missing == nil) != tc.complete ||
			slices.Contains(gql.Unknown, "rulings") == tc.complete || gql.Total != tc.total {
			t.Errorf("%s: GraphQL %+v, REST %+v", tc.id, gql, got.Coverage)
		}
		for i, d := range gql.Documents {
			if r := got.Coverage.Documents[i]; d.DocumentID != r.DocumentID || d.Covers != r.Covers || (d.Reason == nil) != (r.Reason == "") {
				t.Errorf("%s: GraphQL %+v, REST %+v", tc.id, d, r)
			}
		}
	}
}

// gqlCoverage is a card's rulings coverage as GraphQL answers it.
type gqlCoverage struct {
	Total     int
	Unknown   []string
	Complete  bool
	Missing   *string
	Documents []struct {
		DocumentID string
		Covers     bool
		Letters    *string
		Reason     *string
	}
}

func graphQLCoverage(t *testing.T, srv *httptest.Server, id string) gqlCoverage {
	t.Helper()
	code, out := post(t, srv.URL, "/graphql", []byte(`{"query":"{ card(id: \"`+id+`\") { unknown rulings { totalCount } rulingsCoverage { complete missing documents { documentId covers letters reason } } } }"}`))
	var res struct {
		Data struct {
			Card struct {
				Unknown         []string
				Rulings         struct{ TotalCount int }
				RulingsCoverage gqlCoverage
			}
		}
		Errors []any
	}
	if err := json.Unmarshal(out, &res); err != nil || code != 200 || res.Errors != nil {
		t.Fatalf("%s: %d %s", id, code, out)
	}
	c := res.Data.Card.RulingsCoverage
	c.Total, c.Unknown = res.Data.Card.Rulings.TotalCount, res.Data.Card.Unknown
	return c
}

// TestCardRulingsCoverageOnTheCorpus: a First Edition card titled in A-G is
// outside the Current Rulings held (H-Z), so its empty list is not a known
// none; one titled in H-Z that no entry names is.
func TestCardRulingsCoverageOnTheCorpus(t *testing.T) {
	srv := newServer(t)
	for _, tc := range []struct {
		id       string
		complete bool
	}{
		{"1e-101-12", false}, // Anaphasic Organism
		{"1e-101-30", true},  // Impassable Door
	} {
		var got rulingsAnswer
		if code := get(t, srv, "/v1/cards/"+tc.id+"/rulings", &got); code != 200 || got.Total != 0 || got.Coverage == nil ||
			got.Coverage.Complete != tc.complete || (got.Unknown != nil) == tc.complete || len(got.Coverage.Documents) != 2 {
			t.Errorf("%s: %d %+v", tc.id, code, got)
		}
		if gql := graphQLCoverage(t, srv, tc.id); gql.Complete != tc.complete || gql.Total != 0 || slices.Contains(gql.Unknown, "errata") == tc.complete {
			t.Errorf("%s: GraphQL %+v", tc.id, gql)
		}
		for _, d := range got.Coverage.Documents {
			if d.DocumentID == "1e-current-rulings" && (d.Letters != "H-Z" || d.Covers != tc.complete || !d.CardRulings) {
				t.Errorf("%s: %+v", tc.id, d)
			}
		}
	}
}
