package corpus_test

import (
	"slices"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// entryByID finds an entry of the real corpus, or fails the test.
func entryByID(t *testing.T, id string) *rules.Entry {
	t.Helper()
	for _, e := range testcorpus.Load(t).Entries {
		if e.ID == id {
			return e
		}
	}
	t.Fatalf("no entry %s", id)
	return nil
}

// "See persona - Mirror versions": the Mirror versions paragraph stands in
// the persona ruling, which adds it to the Glossary.
func TestCorpusResolvesAReferenceToAPartOfARuling(t *testing.T) {
	e := entryByID(t, "1e-current-rulings.ruling.infiltration-icon")
	if !slices.Contains(e.SeeAlso, "1e-current-rulings.ruling.persona") || len(e.SeeAlsoUnresolved) != 0 {
		t.Errorf("seeAlso %q, unresolved %q", e.SeeAlso, e.SeeAlsoUnresolved)
	}
}

// The newest rulebook titles its orders "ORDER – MOVE A SHIP"; the older ones
// "MOVING A SHIP", "BEAMING", "ATTEMPTING A MISSION". They state one rule.
func TestCorpusRelatesOrdersAcrossTheSecondEditionRulebooks(t *testing.T) {
	sec := func(doc string, path ...string) string {
		return rules.EntryID(doc, rules.KindSection, append([]string{"PLAYING THE GAME", "2. EXECUTE ORDERS"}, path...)...)
	}
	cases := []struct{ order, older string }{
		{"ORDER – MOVE A SHIP", "MOVING A SHIP"},
		{"ORDER – BEAM PERSONNEL", "BEAMING"},
		{"ORDER – ATTEMPT A MISSION", "ATTEMPTING A MISSION"},
	}
	for _, c := range cases {
		newest := entryByID(t, sec("2e-rulebook", c.order))
		for _, doc := range []string{"2e-rulebook-call-to-arms", "2e-rulebook-premiere"} {
			if !slices.Contains(newest.Related, sec(doc, c.older)) {
				t.Errorf("%s: related %q lacks %s", newest.ID, newest.Related, sec(doc, c.older))
			}
			older := entryByID(t, sec(doc, c.older))
			if len(older.Related) == 0 || older.Related[0] != newest.ID {
				t.Errorf("%s: related %q does not start with the governing %s", older.ID, older.Related, newest.ID)
			}
		}
	}
}
