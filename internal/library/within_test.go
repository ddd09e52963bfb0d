package library_test

import (
	"context"
	"testing"

	"github.com/stccg/stccg-rules/internal/library"
	"github.com/stccg/stccg-rules/internal/rules"
)

// A term within what a player writes around it (a question asking what it
// is, an article, an edition, a kind of thing after it) is the term; a
// term in other words (a slash for and, a number spelled, a kind word
// dropped) names its entries loosely; a consonant doubled before -ed is
// another form of the word.
func TestDefineReadsTheTermWithinWhatIsWrittenAroundIt(t *testing.T) {
	docs := []rules.Document{
		{ID: "book", Edition: "2e", Kind: rules.DocumentRulebook, Precedence: 1},
		{ID: "rulings", Edition: "1e", Kind: rules.DocumentRulings, Precedence: 1},
	}
	mk := func(doc, kind, title, edition string) *rules.Entry {
		return &rules.Entry{ID: rules.EntryID(doc, kind, title), Kind: kind, Title: title, DocumentID: doc, Edition: edition, Text: "Text."}
	}
	l := library.New(docs, []*rules.Entry{
		mk("book", rules.KindGlossary, "frozen", "2e"),
		mk("rulings", rules.KindRuling, "frozen", "1e"),
		mk("book", rules.KindGlossary, "docked", "2e"),
		mk("book", rules.KindGlossary, "crews", "2e"),
		mk("rulings", rules.KindRuling, "hailing and docking", "1e"),
		mk("rulings", rules.KindRuling, "Class 12 Tender", "1e"),
		mk("book", rules.KindGlossary, "plotted", "2e"),
	})
	for _, c := range []struct{ term, edition, id, match string }{
		{"what is frozen?", "2e", "book.glossary.frozen", rules.DefineExact},
		{"What does frozen mean", "1e", "rulings.ruling.frozen", rules.DefineExact},
		{"define: frozen", "2e", "book.glossary.frozen", rules.DefineExact},
		{"a crew", "2e", "book.glossary.crews", rules.DefineExact},
		{"frozen (1E)", "", "rulings.ruling.frozen", rules.DefineExact},
		{"2E frozen", "", "book.glossary.frozen", rules.DefineExact},
		{"frozen rule", "2e", "book.glossary.frozen", rules.DefineForm},
		{"hailing/docking", "1e", "rulings.ruling.hailing-and-docking", rules.DefineForm},
		{"Class Twelve Tender", "1e", "rulings.ruling.class-12-tender", rules.DefineForm},
		{"plot", "2e", "book.glossary.plotted", rules.DefineForm},
	} {
		es, err := l.Define(context.Background(), c.term, rules.Edition(c.edition))
		if err != nil || len(es) != 1 || es[0].ID != c.id || es[0].Match != c.match {
			t.Errorf("Define(%q, %q) = %v, %v; want %s (%s)", c.term, c.edition, es, err, c.id, c.match)
		}
	}
	// An edition written in that is not the one asked is not read.
	if es, err := l.Define(context.Background(), "frozen (1E)", "2e"); err == nil && len(es) > 0 && es[0].Edition == "1e" {
		t.Errorf("frozen (1E) asked in 2E answered 1E's %s", es[0].ID)
	}
	// A typo inside a question is answered with the title meant.
	_, err := l.Define(context.Background(), "what is frozn", "2e")
	if s, _ := rules.ErrorDetails(err)["suggestions"].([]string); rules.ErrorCode(err) != rules.ENOTFOUND || len(s) == 0 || s[0] != "frozen" {
		t.Errorf("what is frozn: %v, suggestions %v; want frozen", err, s)
	}
	// A question about nothing titled still reads as a question.
	if _, err := l.Define(context.Background(), "what is a warp drive", "2e"); rules.ErrorCode(err) != rules.ENOTFOUND {
		t.Errorf("what is a warp drive: %v, want not found", err)
	}
}
