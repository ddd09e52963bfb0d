package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
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
	svc, srv, sign := twinNamesTransports(t)
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
			if plain := unquoted(text); !strings.Contains(plain, fit) {
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

// TestANameHoldingASecondQuestionMarkIsReadAsRESTReadsIt: an address
// joined with a second question mark (/cards/named?fuzzy=worf?edition=2e)
// sends the name "worf?edition=2e", the edition part of it. The card page
// reads it as REST does (rules.ParseCardNamed, then the one look-up): the
// same name, no edition, the same answer: the card's page where REST
// answers the card, a chooser page where REST answers ambiguous, and
// REST's status and message where it answers none.
func TestANameHoldingASecondQuestionMarkIsReadAsRESTReadsIt(t *testing.T) {
	_, srv, _ := twinNamesTransports(t)
	for _, name := range []string{"Tide Chart?edition=2e", "Starship Valiant?edition=1e", "Starship Valiant", "Tide Chart", "Nothing Charted?edition=2e"} {
		query := "fuzzy=" + strings.ReplaceAll(url.QueryEscape(name), "%3F", "?")
		status, body := httpDo(t, srv, "/v1/cards/named?"+query, "", nil)
		var rest struct {
			ID    string
			Error struct{ Code, Message string }
		}
		if err := json.Unmarshal(body, &rest); err != nil {
			t.Fatalf("%s: %s", name, body)
		}
		pageStatus, page := httpDo(t, srv, "/cards/named?"+query, "", nil)
		switch {
		case status == 200:
			// The client follows the page's redirect to the card's page.
			if pageStatus != 200 || !strings.Contains(string(page), "/cards/"+rest.ID) {
				t.Errorf("%s: REST finds %s, the page answers %d", name, rest.ID, pageStatus)
			}
		case rest.Error.Code == rules.EAMBIGUOUS:
			if pageStatus != 300 {
				t.Errorf("%s: REST answers ambiguous, the page %d", name, pageStatus)
			}
		default:
			if pageStatus != status {
				t.Errorf("%s: REST answers %d %s, the page %d", name, status, rest.Error.Code, pageStatus)
			}
			if text := pageText(string(page)); !strings.Contains(unquoted(text), rest.Error.Message) {
				t.Errorf("%s: the page does not say REST's %q: %.300s", name, rest.Error.Message, text)
			}
		}
		t.Logf("%s: REST %d %s %s, page %d", name, status, rest.Error.Code, rest.ID, pageStatus)
	}
}

// twinNamesTransports are the transports over services whose card look-ups
// are twinNamesCatalog's.
func twinNamesTransports(t *testing.T) (*edgeServices, *httptest.Server, func(body string) http.Header) {
	t.Helper()
	cat := twinNamesCatalog()
	svc := newEdgeServices()
	svc.Cards.LookUpCardFn = cat.LookUpCard
	svc.Cards.CardFn = cat.Card
	svc.Cards.CardCollectionFn = cat.CardCollection
	srv, sign := transports(t, svc)
	return svc, srv, sign
}

// unquoted is a page's text with the quote marks html/template writes as
// entities written as themselves.
func unquoted(text string) string {
	return strings.NewReplacer("&#34;", `"`, "&#39;", "'").Replace(text)
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
