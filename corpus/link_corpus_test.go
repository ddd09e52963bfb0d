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
