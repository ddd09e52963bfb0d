package rules

import "strings"

// Editions of the game.
const (
	Edition1E = "1e"
	Edition2E = "2e"
)

// Document kinds, as the manifest names them.
const (
	DocumentRulebook = "rulebook"
	DocumentRulings  = "rulings"
)

// A Document is one source document of the corpus: a rulebook or a rulings
// page. Within an edition the document with the higher Precedence governs
// where two say different things (a later rulebook overrides an earlier one).
type Document struct {
	ID         string         `json:"id"`
	File       string         `json:"-"`
	Title      string         `json:"title"`
	Edition    string         `json:"edition"`
	Kind       string         `json:"kind"`
	Published  string         `json:"published"`
	Precedence int            `json:"precedence"`
	Notes      string         `json:"-"`
	Counts     DocumentCounts `json:"counts"`
}

// DocumentCounts says how many entries of each kind were read from a document.
// Cards counts the rows of a rulebook's card list.
type DocumentCounts struct {
	Sections int `json:"sections"`
	Glossary int `json:"glossary"`
	Rulings  int `json:"rulings"`
	Cards    int `json:"cards"`
}

// EditionName is an edition as the game names it: "First Edition",
// "Second Edition"; anything else as it is.
func EditionName(edition string) string {
	switch edition {
	case Edition1E:
		return "First Edition"
	case Edition2E:
		return "Second Edition"
	}
	return edition
}

// Governs reports whether document a governs document b where the two say
// different things: both are of one edition and a has the higher
// Precedence (a later rulebook overrides an earlier one, the Current
// Rulings the rulebook they amend). Documents of different editions never
// govern each other: a Second Edition rulebook says nothing of a First
// Edition rule, nor the other way round.
func Governs(a, b Document) bool {
	return a.Edition == b.Edition && a.Precedence > b.Precedence
}

// CompareGoverning orders documents for the lists that lead with the
// governing text (define answers, an entry's related entries): Second
// Edition before First, then within an edition each document before those
// it governs. It returns a negative number when a comes first, 0 when
// neither does. The order across editions is only an order: see Governs.
func CompareGoverning(a, b Document) int {
	switch {
	case a.Edition != b.Edition:
		return strings.Compare(b.Edition, a.Edition)
	case Governs(a, b):
		return -1
	case Governs(b, a):
		return 1
	}
	return 0
}

// GoverningRulebook returns the rulebook of an edition that no other
// rulebook of it governs (the first such in docs' order), the one a
// question about the edition is answered under by default.
func GoverningRulebook(docs []Document, edition string) (Document, bool) {
	var best Document
	found := false
	for _, d := range docs {
		if d.Edition == edition && d.Kind == DocumentRulebook && (!found || Governs(d, best)) {
			best, found = d, true
		}
	}
	return best, found
}

// InForce says which of several versions of one text, entries of several
// documents, are in force: each that no other version given governs (see
// Governs), the newest text of its edition. A version of one edition never
// governs one of the other, so a First Edition ruling beside a Second
// Edition rulebook is in force as much as the rulebook is. docs gives the
// documents by id (see DocumentOf).
func InForce(versions []*Entry, docs map[string]Document) map[string]bool {
	out := make(map[string]bool, len(versions))
	for _, v := range versions {
		governed := false
		for _, o := range versions {
			if Governs(DocumentOf(docs, o), DocumentOf(docs, v)) {
				governed = true
				break
			}
		}
		out[v.ID] = !governed
	}
	return out
}

// Governing says which of several versions of one text govern another of
// them: those in force (see InForce) that govern at least one other version
// given. It is what a page that sets versions side by side marks: a version
// governs none of another edition, so a Second Edition rulebook set beside a
// First Edition ruling is never marked over it.
func Governing(versions []*Entry, docs map[string]Document) map[string]bool {
	inForce := InForce(versions, docs)
	out := make(map[string]bool, len(versions))
	for _, g := range versions {
		if !inForce[g.ID] {
			continue
		}
		for _, v := range versions {
			if Governs(DocumentOf(docs, g), DocumentOf(docs, v)) {
				out[g.ID] = true
				break
			}
		}
	}
	return out
}

// DocumentOf is the document of an entry in docs, by id; one not there is
// known by its id and the entry's edition alone.
func DocumentOf(docs map[string]Document, e *Entry) Document {
	if d, ok := docs[e.DocumentID]; ok {
		return d
	}
	return Document{ID: e.DocumentID, Edition: e.Edition}
}
