package graph

import (
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

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
	c.Query.Adjudicate = func(child int, _ map[string]any) int { return adjudicateCost + child }
	c.Mutation.Adjudicate = func(child int, _ map[string]any) int { return adjudicateCost + child }
	c.Card.Rulings = func(child int, first *int, _ *string) int { return perPage(child, first, 10) }
	// A citation's entry is one look-up, batched with the others.
	c.Citation.Entry = func(child int) int { return entryCost + child }
	return c
}

// entryCost is what looking up one entry by id costs (Citation.entry, the
// entries an entry links to): a map read, batched by the dataloader.
const entryCost = 2

// Lists of objects are priced by their length: the child's cost times the
// most items the list can hold (1 + n*child). A connection's page is priced
// by the page asked for (complexity, perPage), a turn's steps by the
// actions the request holds (stepsOf); every other list of objects has its
// bound here, from the game, the data or the engine, checked against the
// real corpus by TestListBoundsHoldTheCorpus and required of every list of
// objects in the schema by TestEveryListOfObjectsIsPriced.
var listBounds = map[string]int{
	// A verdict cites a few rules, each once: the deepest verdicts of the
	// worst boards cite fewer than this (TestListBoundsHoldTheCorpus).
	"Verdict.citations":    citationsPerVerdict,
	"ReplayStep.citations": citationsPerVerdict,
	// An entry links to a handful of others at most.
	"Entry.seeAlsoEntries":      entryLinks,
	"Entry.relatedEntries":      entryLinks,
	"Entry.otherEditionEntries": entryLinks,
	"Entry.paragraphs":          entryParagraphs,
	"Card.skills":               rules.MaxPersonnelSkills,
	"Card.errata":               cardErrata,
	// The facets: two editions, four kinds, the documents of the corpus.
	"SearchFacets.edition":  2,
	"SearchFacets.kind":     4,
	"SearchFacets.document": facetDocuments,
	// A name fits a few cards equally well; a few rulings are titled with
	// a name.
	"CardNotFound.candidates": nameCandidates,
	"CardNotFound.rulings":    entryLinks,
	// A collection's cards and refusals are one per identifier, which
	// Query.cardCollection multiplies its child by: one item each.
	"CardCollection.data":     1,
	"CardCollection.notFound": 1,
}

// Bounds of lists, held to the corpus by TestListBoundsHoldTheCorpus.
const (
	citationsPerVerdict = 16
	entryLinks          = 5
	entryParagraphs     = 64
	cardErrata          = 8
	facetDocuments      = 8
	nameCandidates      = 16
)

// stepsOf is how many steps an adjudication's verdict may answer: the
// actions of a turn.replay request (the replay stops at the first refused,
// so never more), none for another question. request is the argument as
// the query gives it, a literal or a variable's value.
func stepsOf(request any) int {
	m, _ := request.(map[string]any)
	q, _ := m["question"].(string)
	if !strings.EqualFold(strings.TrimSpace(q), "turn.replay") {
		return 0
	}
	params, _ := m["params"].(map[string]any)
	actions, _ := params["actions"].([]any)
	return min(len(actions), rules.MaxReplayActions)
}
