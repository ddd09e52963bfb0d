// Package service builds the services of the rules service over a loaded
// corpus: the reference library, the card catalog, the search index and the
// adjudication engine. The server, the terminal commands and the tests all
// build them here, one way.
package service

import (
	"context"
	"fmt"

	"github.com/stccg/stccg-rules/corpus"
	"github.com/stccg/stccg-rules/internal/catalog"
	"github.com/stccg/stccg-rules/internal/engine"
	"github.com/stccg/stccg-rules/internal/library"
	"github.com/stccg/stccg-rules/internal/search"
)

// Set is every service over one corpus.
type Set struct {
	Corpus  *corpus.Corpus
	Library *library.Library
	Catalog *catalog.Catalog
	Index   *search.Index
	Engine  *engine.Service
}

// New builds the services over c. index, when not nil, is a prebuilt search
// index to serve instead of building one in memory; it must have been built
// from the same corpus version. engineOpts are the adjudication engine's
// (the server has its citations written as its API writes them).
func New(ctx context.Context, c *corpus.Corpus, index *search.Index, engineOpts ...engine.Option) (*Set, error) {
	s := &Set{Corpus: c}
	s.Catalog = catalog.New(c.Cards, c.Entries, catalog.WithDocuments(c.Documents))
	s.Engine = engine.New(c.Documents, c.Entries, s.Catalog, engineOpts...)
	if index != nil {
		if index.Version() != c.Version {
			return nil, fmt.Errorf("search index was built from corpus version %s, not %s: rebuild it with 'stccg-rules index'", index.Version(), c.Version)
		}
		s.Index = index
	} else {
		ix, err := search.Build(ctx, c.Documents, c.Entries, c.Cards)
		if err != nil {
			return nil, fmt.Errorf("build search index: %w", err)
		}
		s.Index = ix
	}
	// A term nothing defines is answered with the entries the search finds
	// explaining it.
	s.Library = library.New(c.Documents, c.Entries, library.WithSearch(s.Index))
	return s, nil
}

// Close releases the search index.
func (s *Set) Close() error { return s.Index.Close() }
