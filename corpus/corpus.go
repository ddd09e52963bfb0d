// Package corpus reads the source documents of the rules service, the
// rulebooks, the rulings page and the card data named by a folder's
// manifest.json, into clean, linked rules types.
//
// Each document shape has its own file (rulebook1e.go, rulings.go,
// rulebook2e.go, cardlist.go, carddata.go); the extraction noise is cleaned in
// clean.go; link.go resolves cross-references and relates the same term
// across documents. Nothing is invented: a fragment that cannot be placed is
// left out and counted in a Warning.
package corpus

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A Warning is something read that could not be placed, or a doubt worth a
// maintainer's look. Nothing warned about reaches an entry.
type Warning struct {
	DocumentID string `json:"documentId"`
	Message    string `json:"message"`
}

// String renders the warning as one line.
func (w Warning) String() string { return w.DocumentID + ": " + w.Message }

// CardRow is one row of a rulebook's card list: what the list says of a card.
type CardRow struct {
	DocumentID  string
	Set         string // "1", "3"
	Number      string // "167"
	Rarity      string // "C", "U", "R", "S", "P"...
	Title       string
	Subtitle    string
	Type        string // personnel, ship, mission, dilemma, ...
	Affiliation string // for personnel and ships
}

// parsed is what one document's parser read.
type parsed struct {
	Entries  []*rules.Entry
	Cards    []CardRow
	Warnings []Warning
}

// Manifest is the corpus folder's manifest.json.
type Manifest struct {
	About     string             `json:"about"`
	Documents []ManifestDocument `json:"documents"`
	Cards     []ManifestCards    `json:"cards"`
}

// ManifestDocument describes one source document.
type ManifestDocument struct {
	ID         string `json:"id"`
	File       string `json:"file"`
	Title      string `json:"title"`
	Edition    string `json:"edition"`
	Kind       string `json:"kind"`
	Published  string `json:"published"`
	Precedence int    `json:"precedence"`
	Notes      string `json:"notes"`
}

// ManifestCards describes one card data file.
type ManifestCards struct {
	File    string `json:"file"`
	Edition string `json:"edition"`
	About   string `json:"about"`
}

// Corpus is everything read from a corpus folder.
type Corpus struct {
	Documents []rules.Document
	Entries   []*rules.Entry // every section, glossary entry and ruling, in document then reading order
	Cards     []*rules.Card  // every card, rulebook lists merged with card data
	CardRows  []CardRow      // the rulebooks' card-list rows as read
	Warnings  []Warning
	// Version is a hash of every file read, so caches never serve answers
	// from another corpus.
	Version string
}

// Load reads the manifest of dir and every document and card file it names.
// A missing or unreadable folder, manifest or file is an error; text that
// cannot be placed is a Warning, never an error.
func Load(ctx context.Context, dir string) (*Corpus, error) {
	raw, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		return nil, fmt.Errorf("read manifest: %w", err)
	}
	var m Manifest
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("decode manifest %s: %w", filepath.Join(dir, "manifest.json"), err)
	}
	if len(m.Documents) == 0 {
		return nil, fmt.Errorf("manifest %s lists no documents", filepath.Join(dir, "manifest.json"))
	}
	// Read every file first, in manifest order, so the version hash is
	// stable; then parse the documents side by side, each on its own text.
	hash := sha256.New()
	hash.Write(raw)
	texts := make([][]byte, len(m.Documents))
	for i, md := range m.Documents {
		if texts[i], err = os.ReadFile(filepath.Join(dir, md.File)); err != nil {
			return nil, fmt.Errorf("read document %s: %w", md.ID, err)
		}
		hash.Write(texts[i])
	}
	cardFiles := make([][]byte, len(m.Cards))
	for i, mc := range m.Cards {
		if cardFiles[i], err = os.ReadFile(filepath.Join(dir, mc.File)); err != nil {
			return nil, fmt.Errorf("read card data %s: %w", mc.File, err)
		}
		hash.Write(cardFiles[i])
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	results := make([]parsed, len(m.Documents))
	errs := make([]error, len(m.Documents)+len(m.Cards))
	cardResults := make([][]*rules.Card, len(m.Cards))
	cardWarnings := make([][]Warning, len(m.Cards))
	var wg sync.WaitGroup
	for i, md := range m.Documents {
		wg.Go(func() {
			results[i], errs[i] = parseDocument(documentOf(md), string(texts[i]))
			if errs[i] != nil {
				errs[i] = fmt.Errorf("parse document %s: %w", md.ID, errs[i])
			}
		})
	}
	for i, mc := range m.Cards {
		wg.Go(func() {
			var err error
			cardResults[i], cardWarnings[i], err = parseCardData(mc, cardFiles[i])
			if err != nil {
				errs[len(m.Documents)+i] = fmt.Errorf("parse card data %s: %w", mc.File, err)
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}

	c := &Corpus{}
	for i, md := range m.Documents {
		doc, p := documentOf(md), results[i]
		for _, e := range p.Entries {
			switch e.Kind {
			case rules.KindSection:
				doc.Counts.Sections++
			case rules.KindGlossary:
				doc.Counts.Glossary++
			case rules.KindRuling:
				doc.Counts.Rulings++
			}
		}
		doc.Counts.Cards = len(p.Cards)
		c.Documents = append(c.Documents, doc)
		c.Entries = append(c.Entries, p.Entries...)
		c.CardRows = append(c.CardRows, p.Cards...)
		c.Warnings = append(c.Warnings, p.Warnings...)
	}
	var data []*rules.Card
	for i := range m.Cards {
		data = append(data, cardResults[i]...)
		c.Warnings = append(c.Warnings, cardWarnings[i]...)
	}
	c.Warnings = append(c.Warnings, link(c.Documents, c.Entries)...)
	c.Warnings = append(c.Warnings, placeParagraphs(c.Documents, c.Entries)...)
	shareLostSymbols(c.Entries)
	anchorParagraphs(c.Entries)
	cards, warns := mergeCards(c.Documents, c.CardRows, data, c.Entries)
	c.Cards = cards
	c.Warnings = append(c.Warnings, warns...)
	c.Version = hex.EncodeToString(hash.Sum(nil))[:16]
	return c, nil
}

// documentOf is the document a manifest entry describes, not yet counted.
func documentOf(md ManifestDocument) rules.Document {
	return rules.Document{ID: md.ID, File: md.File, Title: md.Title, Edition: md.Edition,
		Kind: md.Kind, Published: md.Published, Precedence: md.Precedence, Notes: md.Notes}
}

// parseDocument picks the parser for a document's shape.
func parseDocument(doc rules.Document, text string) (parsed, error) {
	switch {
	case doc.Kind == rules.DocumentRulings && doc.Edition == rules.Edition1E:
		return parseRulings(doc, text), nil
	case doc.Kind == rules.DocumentRulebook && doc.Edition == rules.Edition1E:
		return parseRulebook1E(doc, text), nil
	case doc.Kind == rules.DocumentRulebook && doc.Edition == rules.Edition2E:
		p := parseRulebook2E(doc, text)
		rows, warns := parseCardList(doc, text)
		p.Cards = append(p.Cards, rows...)
		p.Warnings = append(p.Warnings, warns...)
		return p, nil
	}
	return parsed{}, fmt.Errorf("no parser for a %s %s document", doc.Edition, doc.Kind)
}

// Document returns the document with the id, or false.
func (c *Corpus) Document(id string) (rules.Document, bool) {
	for _, d := range c.Documents {
		if d.ID == id {
			return d, true
		}
	}
	return rules.Document{}, false
}

// Newest returns the governing rulebook of an edition (see
// rules.GoverningRulebook).
func (c *Corpus) Newest(edition string) (rules.Document, bool) {
	return rules.GoverningRulebook(c.Documents, edition)
}

// CountsByKind returns, per document id, how many entries of each kind it holds.
func (c *Corpus) CountsByKind() map[string]map[string]int {
	out := map[string]map[string]int{}
	for _, e := range c.Entries {
		if out[e.DocumentID] == nil {
			out[e.DocumentID] = map[string]int{}
		}
		out[e.DocumentID][e.Kind]++
	}
	return out
}

// WarningsOf returns the warnings of one document, in the order they were raised.
func (c *Corpus) WarningsOf(documentID string) []Warning {
	var out []Warning
	for _, w := range c.Warnings {
		if w.DocumentID == documentID {
			out = append(out, w)
		}
	}
	return out
}

// sortByPrecedence orders entries governing first (rules.CompareGoverning),
// for the related lists.
func sortByPrecedence(docs []rules.Document, entries []*rules.Entry) {
	byID := make(map[string]rules.Document, len(docs))
	for _, d := range docs {
		byID[d.ID] = d
	}
	slices.SortStableFunc(entries, func(a, b *rules.Entry) int {
		return rules.CompareGoverning(byID[a.DocumentID], byID[b.DocumentID])
	})
}
