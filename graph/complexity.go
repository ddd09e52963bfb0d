package graph

import (
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// What the fields that call a service cost, against MaxComplexity, in
// proportion to the CPU one takes: MaxComplexity is the 20 ms one request
// may take, so a unit is about 4 µs. A field whose work grows with a text it
// is given costs its base and a share of the text's bytes, as measured on
// the 2-core machine the tests run on (the cost harness, internal/budget,
// fails when a query of any fields at their limits costs more than its 20
// ms): a search of 200 bytes takes about 0.8 ms; a term no entry defines
// about 2.8 ms at 500 bytes, as it looks for the terms near it and then
// searches; an autocompletion or a fuzzy card name of 500 bytes 0.2 to 0.3
// ms; a page of cards whose names hold q scans the catalog.
const (
	searchCost       = 12 // and a unit a byte of q
	adjudicateCost   = 50
	fuzzyNameCost    = 10 // and a unit for eight bytes of the name
	exactNameCost    = 2
	autocompleteCost = 10 // and a unit for four bytes of q
	defineCost       = 35 // and three units for two bytes of the term
	cardsCost        = 5
	cardsQueryCost   = 60 // a page of cards whose names hold q: a scan of the catalog
	// An entry compared with its versions: the dearest entry of the corpus
	// (2e-rulebook.glossary.skills, four versions, 30 KB of JSON) took 1.3
	// ms to compare on the busy 2-core machine, and its answer is written
	// besides.
	changesCost = 450
)

// textCost is a field's base cost and per units for each per bytes of its
// text (per 2, units 3: three units for two bytes).
func textCost(base int, text string, units, per int) int { return base + len(text)*units/per }

// complexity prices the list fields by the page they ask for, so that a
// query's cost grows with what it would fetch, not with how it is written,
// and adds the base cost of the service call behind each field.
func complexity() ComplexityRoot {
	var c ComplexityRoot
	// A page past rules.MaxPageLimit is refused by its resolver before any
	// work, naming first, as a page of 101 is: priced as the largest page,
	// it is that refusal at any size, not a complexity one.
	perPageOf := func(child int, first *int, def, max int) int {
		n := def
		if first != nil && *first > 0 {
			n = min(*first, max)
		}
		return 1 + n*child
	}
	perPage := func(child int, first *int, def int) int { return perPageOf(child, first, def, rules.MaxPageLimit) }
	c.Query.Cards = func(child int, q, _, _, _, _ *string, first *int, _ *string) int {
		base := cardsCost
		if q != nil && *q != "" {
			base = cardsQueryCost
		}
		return base + perPage(child, first, 20)
	}
	c.Query.Search = func(child int, q string, _, _, _ *string, first *int, _ *string) int {
		return textCost(searchCost, q, 1, 1) + perPage(child, first, 10)
	}
	c.Query.Define = func(child int, term string, _ *string, first *int, _ *string) int {
		return textCost(defineCost, term, 3, 2) + perPage(child, first, 10)
	}
	c.Query.Documents = func(child int, first *int, _ *string) int { return perPage(child, first, 5) }
	c.Query.Autocomplete = func(child int, q string, _ *string, first *int) int {
		return textCost(autocompleteCost, q, 1, 4) + perPageOf(child, first, rules.MaxAutocomplete, rules.MaxAutocomplete)
	}
	c.Query.CardNamed = func(child int, name string, fuzzy *bool, _ *string) int {
		if fuzzy != nil && *fuzzy {
			return textCost(fuzzyNameCost, name, 1, 8) + child
		}
		return exactNameCost + child
	}
	// A collection is as many look-ups as it names, each priced as a
	// fuzzy name (the dearer kind).
	c.Query.CardCollection = func(child int, ids []*rules.CardIdentifier) int {
		n := 0
		for _, id := range ids {
			name := ""
			if id != nil {
				name = id.Name
			}
			n += textCost(fuzzyNameCost, name, 1, 8) + child
		}
		return n
	}
	c.Query.Adjudicate = func(child int, _ map[string]any) int { return adjudicateCost + child }
	c.Mutation.Adjudicate = func(child int, _ map[string]any) int { return adjudicateCost + child }
	c.Card.Rulings = func(child int, first *int, _ *string) int { return perPage(child, first, 10) }
	// A citation's entry is one look-up, batched with the others.
	c.Citation.Entry = func(child int) int { return entryCost + child }
	c.Entry.Changes = func(child int) int { return changesCost + child }
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
	// A card's rulings are read from the documents of its edition.
	"RulingsCoverage.documents": facetDocuments,
	"EntryConnection.notHeld":   facetDocuments,
	"Entry.notHeld":             facetDocuments,
	"SearchHit.notHeld":         facetDocuments,
	"CardNotFound.notHeld":      facetDocuments,
	// The facets: two editions, four kinds, the documents of the corpus.
	"SearchFacets.edition":  2,
	"SearchFacets.kind":     4,
	"SearchFacets.document": facetDocuments,
	// A search reads at most as many words as others as a query has.
	"SearchConnection.readAs": rules.MaxQueryWords,
	"CardConnection.readAs":   rules.MaxCardQueryReadings, // Catalog.CardPage reads no more
	"NameConnection.readAs":   rules.MaxCardQueryReadings, // nor Catalog.Autocomplete
	// A name fits a few cards equally well; a few rulings are titled with
	// a name.
	"CardNotFound.candidates": nameCandidates,
	"CardNotFound.rulings":    entryLinks,
	// A collection's cards and refusals are one per identifier, which
	// Query.cardCollection multiplies its child by: one item each.
	"CardCollection.data":     1,
	"CardCollection.notFound": 1,
	// An entry's changes are made at once by Entry.changes, priced at what
	// the largest answer of the corpus costs to make (changesCost): its
	// lists are read from that answer, one item each.
	"EntryChanges.data":    1,
	"VersionChanges.rows":  1,
	"ChangeRow.words":      1,
	"ChangeRow.olderWords": 1,
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

// A verdict's result is a JSON object the resolver writes, reads back and
// writes again into the answer: a turn's result holds every step's and the
// board after them, about 30 µs a step and 8 µs a kilobyte of board (three
// aliased 256-move turns asking for their results took 38 ms, priced at a
// thousand units). They are priced by what they hold (resultCost).
const (
	stepResultCost = 3 // one step's result
	turnStepCost   = 8 // a step within its turn's result
	resultKiBCost  = 2 // a kilobyte of the request's board, written back in the result
)

// resultCost is the cost of a verdict's result or a step's (a JSON field),
// under an adjudication of turn steps whose request is about requestBytes
// of JSON; ok is false for any other field.
func resultCost(field string, turn, requestBytes int) (int, bool) {
	switch field {
	case "ReplayStep.result":
		return stepResultCost, true
	case "Verdict.result":
		return 1 + turn*turnStepCost + requestBytes*resultKiBCost/1024, true
	}
	return 0, false
}

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
