// Package graph serves the GraphQL schema of schema/*.graphqls with gqlgen.
// Resolvers are thin: each calls the same services as the REST API.
package graph

import (
	"github.com/stccg/stccg-rules/internal/rules"
)

// Resolver is the root resolver: the services every field calls.
type Resolver struct {
	Reference   rules.ReferenceService
	Searcher    rules.SearchService
	Catalog     rules.CardService
	Adjudicator rules.Adjudicator
	// ChangesService compares an entry with its versions (Entry.changes);
	// nil takes Reference's when it does (see changesService).
	ChangesService rules.ChangesService
}
