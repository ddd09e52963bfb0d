package web

import (
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// TestSecondEditionNeverGovernsAFirstEditionRuling: on an entry's page a
// version is marked governing when it governs another version shown, which
// only one of its own edition can be. A 1E ruling beside the 2E rulebook's
// entry of the same term governs the 1E rulebook's version, not the 2E one;
// the 2E entry, with no other 2E version shown, governs nothing and is not
// marked over the ruling.
func TestSecondEditionNeverGovernsAFirstEditionRuling(t *testing.T) {
	ref := newFakeReference()
	ref.docs = append(ref.docs, rules.Document{ID: "1e-current-rulings", Title: "First Edition Current Rulings",
		Edition: "1e", Kind: rules.DocumentRulings, Precedence: 2})
	ruling := &rules.Entry{ID: "1e-current-rulings.ruling.stopped", Kind: rules.KindRuling, Title: "Stopped",
		DocumentID: "1e-current-rulings", Edition: "1e", Text: "Stopped cards stay stopped until your next turn.",
		Path: []string{"Stopped"}, Related: []string{"2e-rulebook.glossary.stopped", "1e-rulebook.glossary.stopped"}}
	ref.entries[ruling.ID] = ruling
	cfg := fullConfig()
	cfg.Reference = ref
	cfg.Documents = ref.Documents
	srv := newTestServer(t, cfg)

	const mark = `<span class="badge">Governing</span>`
	badge := func(doc string) string { return `<span class="doc">` + doc + `</span> ` + mark }
	r := get(t, srv, "/entries/1e-current-rulings.ruling.stopped")
	checkPage(t, r, 200, []string{"In other documents"}, []string{badge("2E Rulebook"), badge("1E Rulebook")})
	if i := strings.Index(r.body, mark); i < 0 || i > strings.Index(r.body, "In other documents") {
		t.Errorf("the ruling, which governs the 1E rulebook's version, is not marked on its own page")
	}

	ref.entries["2e-rulebook.glossary.stopped"].Related = []string{"1e-current-rulings.ruling.stopped"}
	r = get(t, srv, "/entries/2e-rulebook.glossary.stopped")
	checkPage(t, r, 200, []string{"1E Current Rulings"}, []string{mark})
}
