package library_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stccg/stccg-rules/internal/library"
	"github.com/stccg/stccg-rules/internal/rules"
)

func fixture() *library.Library {
	docs := []rules.Document{
		{ID: "old-2e", Edition: "2e", Kind: rules.DocumentRulebook, Precedence: 1},
		{ID: "new-2e", Edition: "2e", Kind: rules.DocumentRulebook, Precedence: 2},
		{ID: "rulings-1e", Edition: "1e", Kind: rules.DocumentRulings, Precedence: 2},
	}
	entry := func(doc, kind, title, edition string) *rules.Entry {
		return &rules.Entry{ID: rules.EntryID(doc, kind, title), Kind: kind, Title: title, DocumentID: doc, Edition: edition}
	}
	return library.New(docs, []*rules.Entry{
		entry("old-2e", rules.KindGlossary, "frozen", "2e"),
		entry("new-2e", rules.KindGlossary, "frozen", "2e"),
		entry("rulings-1e", rules.KindRuling, "Frozen", "1e"),
		entry("new-2e", rules.KindSection, "Frozen Cards", "2e"),
		entry("rulings-1e", rules.KindRuling, "Great Barrier, The", "1e"),
		entry("new-2e", rules.KindGlossary, "headquarters", "2e"),
	})
}

func TestDefineOrdersGoverningDocumentFirst(t *testing.T) {
	es, err := fixture().Define(context.Background(), "Frozen", "")
	if err != nil {
		t.Fatal(err)
	}
	var docs []string
	for _, e := range es {
		docs = append(docs, e.DocumentID)
	}
	if fmt.Sprint(docs) != "[new-2e old-2e rulings-1e]" {
		t.Fatalf("order %v, want the newest 2E rulebook first and sections left out", docs)
	}
}

func TestDefineFiltersByEditionAndForgivesForm(t *testing.T) {
	l := fixture()
	for _, term := range []string{"great barrier", "The Great Barrier", "GREAT BARRIERS", "great-barrier"} {
		es, err := l.Define(context.Background(), term, "1e")
		if err != nil || len(es) != 1 {
			t.Errorf("Define(%q) = %v, %v", term, es, err)
		}
	}
	if _, err := l.Define(context.Background(), "great barrier", "2e"); rules.ErrorCode(err) != rules.ENOTFOUND {
		t.Errorf("a 1E term found in 2E: %v", err)
	}
}

func TestDefineUnknownTermSuggests(t *testing.T) {
	_, err := fixture().Define(context.Background(), "frozn", "")
	if rules.ErrorCode(err) != rules.ENOTFOUND {
		t.Fatalf("err = %v", err)
	}
	if s, _ := rules.ErrorDetails(err)["suggestions"].([]string); len(s) == 0 || rules.FoldName(s[0]) != "frozen" {
		t.Fatalf("suggestions = %v", rules.ErrorDetails(err)["suggestions"])
	}
}

// An edition is read where the request comes in (rules.ParseEdition); the
// library refuses an empty term.
func TestDefineRefusesEmptyTerm(t *testing.T) {
	l := fixture()
	if _, err := l.Define(context.Background(), "  ", ""); rules.ErrorCode(err) != rules.EINVALID {
		t.Errorf("empty term: %v", err)
	}
}

func TestEntryNotFound(t *testing.T) {
	if _, err := fixture().Entry(context.Background(), "nope"); rules.ErrorCode(err) != rules.ENOTFOUND {
		t.Fatalf("err = %v", err)
	}
}

func ExampleLibrary_Define() {
	es, _ := fixture().Define(context.Background(), "frozen", "2e")
	for _, e := range es {
		fmt.Println(e.ID)
	}
	// Output:
	// new-2e.glossary.frozen
	// old-2e.glossary.frozen
}

func TestContentsListsADocumentsEntriesInReadingOrder(t *testing.T) {
	d, es, err := fixture().Contents(context.Background(), "new-2e")
	if err != nil || d.ID != "new-2e" || len(es) != 3 || es[0].Title != "frozen" || es[2].Title != "headquarters" {
		t.Fatalf("%v %v %v", d, es, err)
	}
	if _, _, err := fixture().Contents(context.Background(), "no-such"); rules.ErrorCode(err) != rules.ENOTFOUND {
		t.Fatalf("unknown document: %v", err)
	}
}

func TestMentionsLinkTheFirstOfEachTermToItsGoverningEntry(t *testing.T) {
	lib := fixture()
	text := "Frozen cards stay frozen. Your Headquarters is frozen-proof; the headquarters' crew is not."
	got := lib.Mentions(context.Background(), "2e", text, "")
	var found []string
	for _, m := range got {
		found = append(found, text[m.Start:m.End]+"->"+m.EntryID)
	}
	want := "[Frozen->new-2e.glossary.frozen Headquarters->new-2e.glossary.headquarters]"
	if fmt.Sprint(found) != want {
		t.Fatalf("mentions %v, want %v", found, want)
	}
	// The entry's own term is not linked; another edition's terms are not.
	if got := lib.Mentions(context.Background(), "2e", text, "Frozen"); len(got) != 1 {
		t.Errorf("own term linked: %v", got)
	}
	if got := lib.Mentions(context.Background(), "1e", "The Great Barrier holds. Frozen.", ""); len(got) != 2 || got[0].EntryID != "rulings-1e.ruling.great-barrier-the" {
		t.Errorf("1E mentions: %v", got)
	}
}

// fakeSearch answers every search with the hits it holds, keeping the query.
type fakeSearch struct {
	hits []rules.SearchHit
	got  []rules.SearchQuery
}

func (f *fakeSearch) Search(ctx context.Context, q rules.SearchQuery) (*rules.SearchResult, error) {
	f.got = append(f.got, q)
	return &rules.SearchResult{Total: len(f.hits), Hits: f.hits}, nil
}

func TestDefineOfATermNothingDefinesOffersTheSearchAndWhatExplainsIt(t *testing.T) {
	docs := []rules.Document{{ID: "book", Edition: "1e", Kind: rules.DocumentRulebook, Precedence: 1}}
	seeding := &rules.Entry{ID: "book.section.seeding", Kind: rules.KindSection, Title: "Seeding", DocumentID: "book", Edition: "1e"}
	search := &fakeSearch{hits: []rules.SearchHit{
		{ID: "1e-1-1", Kind: rules.KindCard, Title: "A card"},
		{ID: "book.section.seeding", Kind: rules.KindSection, Title: "Seeding", Anchor: "p3"},
	}}
	l := library.New(docs, []*rules.Entry{seeding}, library.WithSearch(search))
	_, err := l.Define(context.Background(), "double-seed", "1e")
	if rules.ErrorCode(err) != rules.ENOTFOUND {
		t.Fatalf("got %v", err)
	}
	d := rules.ErrorDetails(err)
	sections, _ := d["sections"].([]rules.EntryRef)
	if d["search"] != "double-seed" || len(sections) != 1 || sections[0].ID != seeding.ID || sections[0].Anchor != "p3" {
		t.Errorf("details %v", d)
	}
	if len(search.got) != 1 || search.got[0].Edition != "1e" {
		t.Errorf("searched %+v", search.got)
	}
	// A misspelt term is told the term meant, not sent to search.
	if _, err := l.Define(context.Background(), "seedin", "1e"); rules.DetailStrings(err, "suggestions") == nil || rules.ErrorDetails(err)["search"] != nil {
		t.Errorf("a misspelt term: %v %v", err, rules.ErrorDetails(err))
	}
}

// A word that names nothing ("the", "a") is no term a section's title is
// about, though many titles hold it; a title word that names something is.
func TestDefineOfAFunctionWordIsNoSection(t *testing.T) {
	l := library.New([]rules.Document{{ID: "book", Edition: "2e", Kind: rules.DocumentRulebook, Precedence: 1}}, []*rules.Entry{
		{ID: "book.section.dock-at-the-port", Kind: rules.KindSection, Title: "DOCK AT THE PORT", DocumentID: "book", Edition: "2e"},
		{ID: "book.section.order-load-a-ship", Kind: rules.KindSection, Title: "ORDER – LOAD A SHIP", DocumentID: "book", Edition: "2e"},
	})
	for _, term := range []string{"the", "a", "The", "of the"} {
		if es, err := l.Define(context.Background(), term, ""); rules.ErrorCode(err) != rules.ENOTFOUND {
			t.Errorf("Define(%q) = %d entries, %v; want not found", term, len(es), err)
		}
	}
	if es, err := l.Define(context.Background(), "port", ""); err != nil || len(es) != 1 {
		t.Errorf("Define(port) = %v, %v", es, err)
	}
}

// A section is defined by its title as printed too, step number and order
// prefix included: the title is read as the term it names, and so is the
// term a judge copies from the page.
func TestDefineOfASectionsPrintedTitle(t *testing.T) {
	docs := []rules.Document{{ID: "book-2e", Edition: "2e", Kind: rules.DocumentRulebook, Precedence: 1}}
	section := func(title string) *rules.Entry {
		return &rules.Entry{ID: rules.EntryID("book-2e", rules.KindSection, title), Kind: rules.KindSection, Title: title, DocumentID: "book-2e", Edition: "2e"}
	}
	l := library.New(docs, []*rules.Entry{section("ORDER – HAIL A STARBASE"), section("3. TIDY UP")})
	for term, want := range map[string]string{
		"ORDER – HAIL A STARBASE": "ORDER – HAIL A STARBASE",
		"order hail a starbase":   "ORDER – HAIL A STARBASE",
		"hail a starbase":         "ORDER – HAIL A STARBASE",
		"3. Tidy Up":              "3. TIDY UP",
		"tidy up":                 "3. TIDY UP",
	} {
		es, err := l.Define(context.Background(), term, "")
		if err != nil || len(es) != 1 || es[0].Title != want {
			t.Errorf("Define(%q) = %v, %v; want the section %q", term, es, err, want)
		}
	}
}

// Each defined entry says how it matched the term: only a title that is the
// term is exact; a See entry followed, a section standing in for a
// definition and a title holding the term among other words say so.
func TestDefineSaysHowEachEntryMatched(t *testing.T) {
	docs := []rules.Document{{ID: "book", Edition: "2e", Kind: rules.DocumentRulebook, Precedence: 1}}
	mk := func(kind, title, text string, see ...string) *rules.Entry {
		return &rules.Entry{ID: rules.EntryID("book", kind, title), Kind: kind, Title: title, DocumentID: "book", Edition: "2e", Text: text, SeeAlso: see}
	}
	dock := mk(rules.KindGlossary, "docking bay", "Where a ship rests.")
	l := library.New(docs, []*rules.Entry{
		dock,
		mk(rules.KindGlossary, "berth", "See docking bay.", dock.ID),
		mk(rules.KindSection, "ORDER – HAIL A STARBASE", ""),
		mk(rules.KindSection, "STARBASE UPKEEP", ""),
	})
	for _, c := range []struct{ term, title, match, from string }{
		{"Docking Bays", "docking bay", rules.DefineExact, ""},
		{"berths", "docking bay", rules.DefineSee, "berth"},
		{"hail a starbase", "ORDER – HAIL A STARBASE", rules.DefineSection, ""},
		{"upkeep", "STARBASE UPKEEP", rules.DefinePartial, ""},
	} {
		es, err := l.Define(context.Background(), c.term, "")
		if err != nil || len(es) != 1 {
			t.Fatalf("Define(%q) = %v, %v", c.term, es, err)
		}
		e := es[0]
		from := ""
		if e.SeeFrom != nil {
			from = e.SeeFrom.Title
		}
		if e.Title != c.title || e.Match != c.match || from != c.from {
			t.Errorf("Define(%q) = %q match %q from %q; want %q match %q from %q", c.term, e.Title, e.Match, from, c.title, c.match, c.from)
		}
	}
	// The library's own entries are not marked: a define does not change
	// what an entry look-up answers.
	if e, _ := l.Entry(context.Background(), dock.ID); e.Match != "" || e.SeeFrom != nil {
		t.Errorf("Entry(%s) carries match %q after a define", dock.ID, e.Match)
	}
}

// A term the documents write, though a title is near it, is no typo of
// that title: it is told the titles near it and the entries whose text
// explains it ("core" near Costs was told Costs alone), and a title
// holding it names it ("kill" near skills was told skills, where DISCARD,
// DESTROY AND KILL holds it). A term no text writes near a title is still
// told only the title meant.
func TestDefineOfAWordTheTextsWriteNearATitleOffersWhatExplainsIt(t *testing.T) {
	docs := []rules.Document{{ID: "book", Edition: "2e", Kind: rules.DocumentRulebook, Precedence: 1}}
	costs := &rules.Entry{ID: "book.glossary.costs", Kind: rules.KindGlossary, Title: "costs", DocumentID: "book", Edition: "2e",
		Text: "Pay the costs of a card from your counters."}
	area := &rules.Entry{ID: "book.section.play-area", Kind: rules.KindSection, Title: "Play Area", DocumentID: "book", Edition: "2e",
		Text: "Your cost pile sits beside your core, where events stay."}
	search := &fakeSearch{hits: []rules.SearchHit{{ID: area.ID, Kind: rules.KindSection, Title: area.Title}}}
	l := library.New(docs, []*rules.Entry{costs, area}, library.WithSearch(search))
	_, err := l.Define(context.Background(), "core", "")
	sections, _ := rules.ErrorDetails(err)["sections"].([]rules.EntryRef)
	if rules.ErrorCode(err) != rules.ENOTFOUND || len(sections) != 1 || sections[0].ID != area.ID || len(rules.DetailStrings(err, "suggestions")) == 0 {
		t.Errorf("core: %v %v", err, rules.ErrorDetails(err))
	}
	if _, err := l.Define(context.Background(), "cosst", ""); rules.DetailStrings(err, "suggestions") == nil || rules.ErrorDetails(err)["search"] != nil {
		t.Errorf("a misspelt term: %v %v", err, rules.ErrorDetails(err))
	}
	// A word the texts write a letter away from a title is read as itself,
	// so a title holding it names it.
	skills := &rules.Entry{ID: "book.glossary.skills", Kind: rules.KindGlossary, Title: "skills", DocumentID: "book", Edition: "2e",
		Text: "A personnel's skills are listed on its card."}
	kill := &rules.Entry{ID: "book.section.discard-and-kill", Kind: rules.KindSection, Title: "DISCARD AND KILL", DocumentID: "book", Edition: "2e",
		Text: "To kill a personnel is to place it in its owner's discard pile."}
	l = library.New(docs, []*rules.Entry{skills, kill}, library.WithSearch(&fakeSearch{}))
	if es, err := l.Define(context.Background(), "kill", ""); err != nil || len(es) != 1 || es[0].ID != kill.ID || es[0].Match != rules.DefinePartial {
		t.Errorf("kill: %v %v", es, err)
	}
}
