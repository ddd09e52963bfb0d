package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/stccg/stccg-rules/internal/engine"
	"github.com/stccg/stccg-rules/internal/rules"
)

// TestAmbiguousBoardCardSaysHowItsCandidatesFit sends a board ship and a
// card.play card named so that several cards of a small catalog of its own
// fit, through REST and GraphQL, answered by the engine on that catalog:
// each is 422 naming the field and the candidates, and says how they fit
// the name (details.match), as GET /v1/cards/named's ambiguous answer does.
func TestAmbiguousBoardCardSaysHowItsCandidatesFit(t *testing.T) {
	cat := twinNamesCatalog()
	svc := newEdgeServices()
	svc.Adjudicator.AdjudicateFn = engine.New([]rules.Document{
		{ID: "house-rules-1e", Edition: rules.Edition1E, Kind: rules.DocumentRulebook, Precedence: 1},
		{ID: "house-rules-2e", Edition: rules.Edition2E, Kind: rules.DocumentRulebook, Precedence: 1},
	}, nil, cat).Adjudicate
	srv, _ := transports(t, svc)
	for _, c := range []struct{ name, edition, match string }{
		{"Starship Valiant", "1e", rules.MatchExact},
		{"Starshp Valiant", "1e", rules.MatchFuzzy},
	} {
		board := fmt.Sprintf(`{"missions":[{"id":"m","title":"m","type":"space","quadrant":"alpha","span":2}],"ships":[{"id":"s","card":%q,"at":{"mission":"m"}}]}`, c.name)
		for _, b := range []struct{ field, body string }{
			{"board.ships[0].card", fmt.Sprintf(`{"edition":%q,"question":"ship.staffed","board":%s,"params":{"ship":"s"}}`, c.edition, board)},
			{"params.card", fmt.Sprintf(`{"edition":%q,"question":"card.play","board":{},"params":{"card":%q}}`, c.edition, c.name)},
		} {
			name := b.field + " " + c.name + " " + c.edition
			status, out := httpDo(t, srv, "/v1/adjudicate", b.body, nil)
			var rest struct {
				Error struct {
					Code    string
					Details map[string]any
				}
			}
			if err := json.Unmarshal(out, &rest); err != nil || status != http.StatusUnprocessableEntity || rest.Error.Code != rules.EUNPROCESSABLE ||
				rest.Error.Details["field"] != b.field {
				t.Errorf("%s, REST: %d %s, want 422 naming %s", name, status, out, b.field)
				continue
			}
			if cands, _ := rest.Error.Details["candidates"].([]any); len(cands) != 2 || rest.Error.Details["match"] != c.match {
				t.Errorf("%s, REST: details %v, want two candidates and match %q", name, rest.Error.Details, c.match)
			}

			var tree any
			if err := json.Unmarshal([]byte(b.body), &tree); err != nil {
				t.Fatal(err)
			}
			raw, _ := json.Marshal(map[string]any{"query": `{ adjudicate(request: ` + graphQLLiteral(tree) + `) { allowed } }`})
			_, out = httpDo(t, srv, "/graphql", string(raw), nil)
			var gql struct {
				Errors []struct {
					Extensions struct {
						Code    string
						Details map[string]any
					}
				}
			}
			if err := json.Unmarshal(out, &gql); err != nil || len(gql.Errors) != 1 || gql.Errors[0].Extensions.Code != rules.EUNPROCESSABLE ||
				gql.Errors[0].Extensions.Details["field"] != b.field || gql.Errors[0].Extensions.Details["match"] != c.match {
				t.Errorf("%s, GraphQL: %s\nwant unprocessable naming %s with match %q", name, out, b.field, c.match)
			}
		}
	}
}
