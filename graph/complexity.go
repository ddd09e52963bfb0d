package graph

// complexity prices the list fields by the page they ask for, so that a
// query's cost grows with what it would fetch, not with how it is written.
func complexity() ComplexityRoot {
	var c ComplexityRoot
	perPage := func(child int, first *int, def int) int {
		n := def
		if first != nil && *first > 0 {
			n = *first
		}
		return 1 + n*child
	}
	c.Query.Cards = func(child int, _, _, _, _, _ *string, first *int, _ *string) int { return perPage(child, first, 20) }
	c.Query.Search = func(child int, _ string, _, _, _ *string, first *int, _ *string) int {
		return perPage(child, first, 10)
	}
	c.Query.Define = func(child int, _ string, _ *string, first *int, _ *string) int { return perPage(child, first, 10) }
	c.Query.Documents = func(child int, first *int, _ *string) int { return perPage(child, first, 5) }
	c.Query.Autocomplete = func(child int, _ string, _ *string, first *int) int { return perPage(child, first, 20) }
	c.Card.Rulings = func(child int, first *int, _ *string) int { return perPage(child, first, 10) }
	// An entry relates to a handful of others at most.
	c.Entry.RelatedEntries = func(child int) int { return 1 + 5*child }
	c.Entry.SeeAlsoEntries = func(child int) int { return 1 + 5*child }
	return c
}
