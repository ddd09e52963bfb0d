package corpus

import (
	"fmt"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

func linkFixture() ([]rules.Document, []*rules.Entry) {
	docs := []rules.Document{
		{ID: "a-1e", Edition: "1e", Precedence: 1},
		{ID: "b-1e", Edition: "1e", Precedence: 2},
		{ID: "c-2e", Edition: "2e", Precedence: 1},
		{ID: "d-2e", Edition: "2e", Precedence: 2},
	}
	e := func(doc, kind, ed string, path ...string) *rules.Entry {
		return &rules.Entry{ID: rules.EntryID(doc, kind, path...), Kind: kind, Title: path[len(path)-1], Path: path, DocumentID: doc, Edition: ed}
	}
	entries := []*rules.Entry{
		e("a-1e", rules.KindSection, "1e", "Frozen"),
		e("b-1e", rules.KindRuling, "1e", "frozen"),
		e("b-1e", rules.KindRuling, "1e", "thaw"),
		e("c-2e", rules.KindGlossary, "2e", "Frozen"),
		e("d-2e", rules.KindGlossary, "2e", "frozen"),
		e("d-2e", rules.KindGlossary, "2e", "dilemma resolution", "targets"),
		e("d-2e", rules.KindGlossary, "2e", "melting"),
	}
	entries[2].Refs = []string{"frozen", "Frozen", "nowhere"}
	entries[6].Refs = []string{"dilemma resolution - targets", "thaw"}
	return docs, entries
}

func TestLinkRelatesTheSameTermGoverningFirstWithinTheEdition(t *testing.T) {
	docs, entries := linkFixture()
	link(docs, entries)
	for _, c := range []struct {
		e                     *rules.Entry
		related, otherEdition string
	}{
		{entries[0], "[b-1e.ruling.frozen]", "[d-2e.glossary.frozen c-2e.glossary.frozen]"},
		{entries[1], "[a-1e.section.frozen]", "[d-2e.glossary.frozen c-2e.glossary.frozen]"},
		{entries[4], "[c-2e.glossary.frozen]", "[b-1e.ruling.frozen a-1e.section.frozen]"},
		{entries[5], "[]", "[]"},
	} {
		if got := fmt.Sprint(c.e.Related); got != c.related {
			t.Errorf("related of %s = %s, want %s", c.e.ID, got, c.related)
		}
		if got := fmt.Sprint(c.e.OtherEdition); got != c.otherEdition {
			t.Errorf("otherEdition of %s = %s, want %s", c.e.ID, got, c.otherEdition)
		}
		if c.e.Related == nil || c.e.OtherEdition == nil {
			t.Errorf("%s: lists must be empty, not null", c.e.ID)
		}
	}
}

func TestLinkResolvesSeeReferencesWithinTheEdition(t *testing.T) {
	docs, entries := linkFixture()
	warns := link(docs, entries)
	if got := fmt.Sprint(entries[2].SeeAlso); got != "[b-1e.ruling.frozen]" {
		t.Fatalf("seeAlso = %s, want the same document's ruling once", got)
	}
	if fmt.Sprint(entries[2].SeeAlsoUnresolved) != "[nowhere]" {
		t.Fatalf("unresolved = %v", entries[2].SeeAlsoUnresolved)
	}
	if got := fmt.Sprint(entries[6].SeeAlso); got != "[d-2e.glossary.dilemma-resolution.targets]" {
		t.Fatalf("nested target by its path: %s", got)
	}
	if fmt.Sprint(entries[6].SeeAlsoUnresolved) != "[thaw]" {
		t.Fatalf("a 2E reference resolved into 1E: %v", entries[6].SeeAlsoUnresolved)
	}
	if len(warns) != 2 {
		t.Fatalf("warnings %v, want one per entry with an unresolved reference", warns)
	}
}

func TestLinkWarnsOfDuplicateIDs(t *testing.T) {
	docs, entries := linkFixture()
	dup := *entries[3]
	warns := link(docs, append(entries, &dup))
	found := false
	for _, w := range warns {
		if w.DocumentID == "c-2e" {
			found = true
		}
	}
	if !found {
		t.Fatalf("no warning for a duplicate id: %v", warns)
	}
}

func TestLinkResolvesAReferenceToAPartOfAnEntry(t *testing.T) {
	docs := []rules.Document{{ID: "b-1e", Edition: "1e", Precedence: 2}}
	thaw := &rules.Entry{ID: "b-1e.ruling.thaw", Kind: rules.KindRuling, Title: "thaw", DocumentID: "b-1e", Edition: "1e",
		Text: "Add the following to the Glossary entry:\n\nSlow thaws - A frozen card thaws one turn later."}
	ice := &rules.Entry{ID: "b-1e.ruling.ice", Kind: rules.KindRuling, Title: "ice", DocumentID: "b-1e", Edition: "1e",
		Refs: []string{"thaw - Slow thaws", "thaw - Quick thaws", "frost - Slow thaws"}}
	link(docs, []*rules.Entry{thaw, ice})
	if got := fmt.Sprint(ice.SeeAlso); got != "[b-1e.ruling.thaw]" {
		t.Errorf("seeAlso = %s, want the entry that holds the part", got)
	}
	// A part the entry does not hold, or a term with no entry, stays unresolved.
	if got := fmt.Sprint(ice.SeeAlsoUnresolved); got != "[thaw - Quick thaws frost - Slow thaws]" {
		t.Errorf("unresolved = %s", got)
	}
}

func TestLinkRelatesAnOrderToTheSameRuleUnderAnotherTitle(t *testing.T) {
	docs := []rules.Document{{ID: "old-2e", Edition: "2e", Precedence: 1}, {ID: "new-2e", Edition: "2e", Precedence: 2}}
	e := func(doc, title string) *rules.Entry {
		return &rules.Entry{ID: rules.EntryID(doc, rules.KindSection, title), Kind: rules.KindSection, Title: title, DocumentID: doc, Edition: "2e"}
	}
	flying, flyOrder := e("old-2e", "FLYING A SHIP"), e("new-2e", "ORDER – FLY A SHIP")
	docking, dockOrder := e("old-2e", "DOCKING"), e("new-2e", "ORDER – DOCK SHIPS")
	landing, landShip := e("old-2e", "LANDING"), e("new-2e", "LAND A SHIP")
	orders, otherOrders := e("old-2e", "OTHER ORDERS"), e("new-2e", "ORDERS ON CARDS")
	link(docs, []*rules.Entry{flying, flyOrder, docking, dockOrder, landing, landShip, orders, otherOrders})
	cases := []struct {
		e    *rules.Entry
		want string
	}{
		{flying, "[new-2e.section.order-fly-a-ship]"},
		{flyOrder, "[old-2e.section.flying-a-ship]"},
		// The order's verb alone names its rule.
		{docking, "[new-2e.section.order-dock-ships]"},
		{dockOrder, "[old-2e.section.docking]"},
		// Only an order's section stands for its verb alone.
		{landing, "[]"},
		{landShip, "[]"},
		{orders, "[]"},
		{otherOrders, "[]"},
	}
	for _, c := range cases {
		if got := fmt.Sprint(c.e.Related); got != c.want {
			t.Errorf("related of %q = %s, want %s", c.e.Title, got, c.want)
		}
	}
}

func TestVerbStemJoinsAVerbAndItsIngForm(t *testing.T) {
	for _, pair := range [][2]string{{"move", "moving"}, {"beam", "beaming"}, {"attempt", "attempting"},
		{"set", "setting"}, {"use", "using"}, {"staff", "staffing"}, {"face", "facing"}} {
		if a, b := verbStem(pair[0]), verbStem(pair[1]); a != b {
			t.Errorf("verbStem(%q) = %q, verbStem(%q) = %q", pair[0], a, pair[1], b)
		}
	}
	if verbStem("mission") == verbStem("missing") || verbStem("ring") == verbStem("r") {
		t.Error("different words share a stem")
	}
}
