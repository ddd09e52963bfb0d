package main

import (
	"context"
	"encoding/json"
	"io"
	"net/url"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/catalog"
	"github.com/stccg/stccg-rules/internal/rules"
)

// TestAmbiguousMatchSameOnEveryTransport looks up names several cards of a
// small catalog of its own fit, through REST, GraphQL, the card page, the
// terminal and Discord's /card: each says whether the candidates fit the
// name as typed or only with a typo forgiven, in the words of a card's
// match.
func TestAmbiguousMatchSameOnEveryTransport(t *testing.T) {
	cat := twinNamesCatalog()
	svc := newEdgeServices()
	svc.Cards.LookUpCardFn = cat.LookUpCard
	svc.Cards.CardFn = cat.Card
	svc.Cards.CardCollectionFn = cat.CardCollection
	srv, sign := transports(t, svc)
	for _, c := range []struct{ name, edition, match string }{
		{"Starship Valiant", "1e", rules.MatchExact},
		{"Starship Valiant", "2e", rules.MatchOtherEdition},
		{"Starshp Valiant", "1e", rules.MatchFuzzy},
	} {
		fit := rules.CandidatesFit(c.name, c.match)
		t.Run(c.name+" "+c.edition, func(t *testing.T) {
			status, body := httpDo(t, srv, "/v1/cards/named?fuzzy="+url.QueryEscape(c.name)+"&edition="+c.edition, "", nil)
			var rest struct {
				Error struct {
					Code    string
					Details struct {
						Match      string
						Candidates []string
					}
				}
			}
			if err := json.Unmarshal(body, &rest); err != nil || status != 404 || rest.Error.Code != rules.EAMBIGUOUS {
				t.Fatalf("%d %s", status, body)
			}
			if rest.Error.Details.Match != c.match {
				t.Errorf("REST details.match %q, want %q", rest.Error.Details.Match, c.match)
			}

			q, _ := json.Marshal(map[string]any{"query": `query($n: String!, $e: String) { cardNamed(name: $n, fuzzy: true, edition: $e) { id } }`, "variables": map[string]string{"n": c.name, "e": c.edition}})
			_, body = httpDo(t, srv, "/graphql", string(q), nil)
			var gql struct {
				Errors []struct {
					Extensions struct {
						Code    string
						Details struct{ Match string }
					}
				}
			}
			if err := json.Unmarshal(body, &gql); err != nil || len(gql.Errors) != 1 {
				t.Fatalf("%s", body)
			}
			if m := gql.Errors[0].Extensions.Details.Match; m != c.match {
				t.Errorf("GraphQL extensions.details.match %q, want %q", m, c.match)
			}

			q, _ = json.Marshal(map[string]any{"query": `query($n: String!, $e: String) { cardCollection(identifiers: [{name: $n, fuzzy: true, edition: $e}]) { notFound { code match } } }`, "variables": map[string]string{"n": c.name, "e": c.edition}})
			_, body = httpDo(t, srv, "/graphql", string(q), nil)
			var coll struct {
				Data struct {
					CardCollection struct {
						NotFound []struct{ Code, Match string }
					}
				}
			}
			if err := json.Unmarshal(body, &coll); err != nil || len(coll.Data.CardCollection.NotFound) != 1 || coll.Data.CardCollection.NotFound[0].Match != c.match {
				t.Errorf("GraphQL cardCollection %s, want notFound match %q", body, c.match)
			}

			_, page := httpDo(t, srv, "/cards/named?fuzzy="+url.QueryEscape(c.name)+"&edition="+c.edition, "", nil)
			text := pageText(string(page))
			// html/template writes the sentence's quote marks as entities.
			if plain := strings.NewReplacer("&#34;", `"`, "&#39;", "'").Replace(text); !strings.Contains(plain, fit) {
				t.Errorf("page %q, want %q", plain[max(0, strings.Index(plain, "Pick the one")-150):], fit)
			}
			if near := strings.Contains(text, "Cards whose names are near"); near != (c.match == rules.MatchFuzzy) {
				t.Errorf("page heading %q for match %s", excerptAround(text, "Cards"), c.match)
			}

			err := edgeCLI(svc).run(context.Background(), []string{"card", "--edition", c.edition, c.name}, strings.NewReader(""), io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), "(match "+c.match+")") {
				t.Errorf("terminal: %v, want it to say match %s", err, c.match)
			}

			d := discordAsk(t, srv, sign, sending{via: viaDiscord, what: "card", opts: map[string]string{"name": c.name, "edition": c.edition}})
			if !strings.HasPrefix(d.Data.Content, fit) {
				t.Errorf("Discord says %q, want it to open with %q", d.Data.Content, fit)
			}
		})
	}
}

// twinNamesCatalog is a small catalog of its own where a name fits several
// cards: two First Edition ships printed with one title, and a Second
// Edition event.
func twinNamesCatalog() *catalog.Catalog {
	return catalog.New([]*rules.Card{
		{ID: "1e-1-1", Edition: "1e", Set: "1", Number: "1", Title: "Starship Valiant", Type: "ship"},
		{ID: "1e-1-2", Edition: "1e", Set: "1", Number: "2", Title: "Starship Valiant", Type: "ship"},
		{ID: "2e-1-1", Edition: "2e", Set: "1", Number: "1", Title: "Tide Chart", Type: "event"},
	}, nil)
}
