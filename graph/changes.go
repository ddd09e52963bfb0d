package graph

import "github.com/stccg/stccg-rules/internal/rules"

// changesService is what Entry.changes asks: the resolver's ChangesService,
// or its Reference's when it compares versions itself (library.Library
// does), as the REST route takes it.
func (r *Resolver) changesService() rules.ChangesService {
	if r.ChangesService != nil {
		return r.ChangesService
	}
	cs, _ := r.Reference.(rules.ChangesService)
	return cs
}

// nonEmpty is s, or nil (null) when it is empty: a row's older sentence
// or where it moved from, which only some rows have.
func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
