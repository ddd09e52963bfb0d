package search_test

import (
	"context"
	"fmt"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/search"
)

func Example() {
	ctx := context.Background()
	docs := []rules.Document{
		{ID: "2e-rulebook-premiere", Edition: "2e", Kind: "rulebook", Precedence: 1},
		{ID: "2e-rulebook", Edition: "2e", Kind: "rulebook", Precedence: 3},
	}
	entries := []*rules.Entry{
		{ID: "2e-rulebook-premiere.section.range", Kind: "section", Title: "Range", DocumentID: "2e-rulebook-premiere",
			Edition: "2e", Text: "A ship spends range to move from one mission to the next."},
		{ID: "2e-rulebook.section.range", Kind: "section", Title: "Range", DocumentID: "2e-rulebook",
			Edition: "2e", Text: "A ship spends range equal to the span of the missions it moves between."},
		{ID: "2e-rulebook.glossary.stopped", Kind: "glossary", Title: "Stopped", DocumentID: "2e-rulebook",
			Edition: "2e", Text: "A stopped ship cannot move."},
	}
	ix, err := search.Build(ctx, docs, entries, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ix.Close()

	// A typo is forgiven, and the governing rulebook answers first.
	res, err := ix.Search(ctx, rules.SearchQuery{Q: "rnage to move a ship"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, h := range res.Hits {
		fmt.Printf("%s | %s\n", h.ID, h.Snippet)
	}

	// Bad input is an EINVALIDQUERY error, never a failure of the service.
	_, err = ix.Search(ctx, rules.SearchQuery{Q: "?!"})
	fmt.Println(rules.ErrorCode(err))
	// Output:
	// 2e-rulebook.section.range | A <mark>ship</mark> spends <mark>range</mark> equal to the span of the missions it <mark>moves</mark> between.
	// 2e-rulebook-premiere.section.range | A <mark>ship</mark> spends <mark>range</mark> to <mark>move</mark> from one mission to the next.
	// 2e-rulebook.glossary.stopped | A stopped <mark>ship</mark> cannot <mark>move</mark>.
	// invalid_query
}
