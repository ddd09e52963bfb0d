package main

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// TestANameHoldingASecondQuestionMarkIsReadAsRESTReadsIt: an address
// joined with a second question mark (/cards/named?fuzzy=worf?edition=2e)
// sends the name "worf?edition=2e", the edition part of it. The card page
// reads it as REST does (rules.ParseCardNamed, then the one look-up): the
// same name, no edition, the same answer: the card's page where REST
// answers the card, a chooser page where REST answers ambiguous, and
// REST's status and message where it answers none.
func TestANameHoldingASecondQuestionMarkIsReadAsRESTReadsIt(t *testing.T) {
	cat := twinNamesCatalog()
	svc := newEdgeServices()
	svc.Cards.LookUpCardFn = cat.LookUpCard
	svc.Cards.CardFn = cat.Card
	svc.Cards.CardCollectionFn = cat.CardCollection
	srv, _ := transports(t, svc)
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
			if text := pageText(string(page)); !strings.Contains(strings.NewReplacer("&#34;", `"`, "&#39;", "'").Replace(text), rest.Error.Message) {
				t.Errorf("%s: the page does not say REST's %q: %.300s", name, rest.Error.Message, text)
			}
		}
		t.Logf("%s: REST %d %s %s, page %d", name, status, rest.Error.Code, rest.ID, pageStatus)
	}
}
