package rules

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
