package graph

import "github.com/stccg/stccg-rules/internal/rules"

// Base costs of the fields that call a service, against MaxComplexity,
// roughly in proportion to the server time one costs: an uncached search
// takes about 450 µs (so at most 19 fit in one request, some 9 ms), an
// adjudication up to 170 µs with its decoding, a fuzzy card name about 7 µs.
// Without them a query of many aliased searches asking for little each,
// search(first: 1) { totalCount }, would cost 2 apiece.
const (
	searchCost       = 250
	adjudicateCost   = 50
	fuzzyNameCost    = 10
	exactNameCost    = 2
	autocompleteCost = 10
	defineCost       = 10
	cardsCost        = 5
	cardsQueryCost   = 20 // a page of cards whose names hold q: a scan of the catalog
)

// complexity prices the list fields by the page they ask for, so that a
// query's cost grows with what it would fetch, not with how it is written,
// and adds the base cost of the service call behind each field.
func complexity() ComplexityRoot {
	var c ComplexityRoot
	perPage := func(child int, first *int, def int) int {
		n := def
		if first != nil && *first > 0 {
			n = *first
		}
		return 1 + n*child
	}
	c.Query.Cards = func(child int, q, _, _, _, _ *string, first *int, _ *string) int {
		base := cardsCost
		if q != nil && *q != "" {
			base = cardsQueryCost
		}
		return base + perPage(child, first, 20)
	}
	c.Query.Search = func(child int, _ string, _, _, _ *string, first *int, _ *string) int {
		return searchCost + perPage(child, first, 10)
	}
	c.Query.Define = func(child int, _ string, _ *string, first *int, _ *string) int {
		return defineCost + perPage(child, first, 10)
	}
	c.Query.Documents = func(child int, first *int, _ *string) int { return perPage(child, first, 5) }
	c.Query.Autocomplete = func(child int, _ string, _ *string, first *int) int {
		return autocompleteCost + perPage(child, first, 20)
	}
	c.Query.CardNamed = func(child int, _ string, fuzzy *bool, _ *string) int {
		if fuzzy != nil && *fuzzy {
			return fuzzyNameCost + child
		}
		return exactNameCost + child
	}
	// A collection is as many look-ups as it names, each priced as a
	// fuzzy name (the dearer kind).
	c.Query.CardCollection = func(child int, ids []*rules.CardIdentifier) int {
		return len(ids) * (fuzzyNameCost + child)
	}
	c.Query.Adjudicate = func(child int, _ rules.AdjudicationRequest) int { return adjudicateCost + child }
	c.Mutation.Adjudicate = func(child int, _ rules.AdjudicationRequest) int { return adjudicateCost + child }
	c.Card.Rulings = func(child int, first *int, _ *string) int { return perPage(child, first, 10) }
	// An entry relates to a handful of others at most.
	c.Entry.RelatedEntries = func(child int) int { return 1 + 5*child }
	c.Entry.SeeAlsoEntries = func(child int) int { return 1 + 5*child }
	c.Entry.OtherEditionEntries = func(child int) int { return 1 + 5*child }
	return c
}
