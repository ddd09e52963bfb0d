package web

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/library"
	"github.com/stccg/stccg-rules/internal/rules"
)

// An unknown entry id's page links the ids near it (library.Entry's
// suggestions, as GET /v1/entries/{id} answers them) to their pages, not to
// a search for them.
func TestAnUnknownEntryPageLinksTheIDsNearIt(t *testing.T) {
	docs := []rules.Document{{ID: "book-2e", Title: "Book", Edition: "2e", Kind: rules.DocumentRulebook, Precedence: 1}}
	lib := library.New(docs, []*rules.Entry{{ID: "book-2e.glossary.docking-bay", Kind: rules.KindGlossary, Title: "docking bay",
		DocumentID: "book-2e", Edition: "2e", Text: "Where a ship rests between orders."}})
	srv := newTestServer(t, Config{Reference: lib})
	r := get(t, srv, "/entries/book-2e.glossary.docking-bey")
	if r.status != http.StatusNotFound || !strings.Contains(r.body, `<a href="/entries/book-2e.glossary.docking-bay">book-2e.glossary.docking-bay</a>`) {
		t.Errorf("%d %s", r.status, r.body)
	}
}
