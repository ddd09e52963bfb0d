package catalog_test

import (
	"context"
	"testing"

	"github.com/stccg/stccg-rules/internal/cputime"
	"github.com/stccg/stccg-rules/internal/rules"
)

// BenchmarkCardListFiltered: a page of the cards of an edition and an
// affiliation, the list's one pass over the cards (1,136 on the real data).
func BenchmarkCardListFiltered(b *testing.B) {
	cat := realCatalog(b)
	ctx := context.Background()
	f := rules.CardFilter{Edition: "2e", Affiliation: "klingon", Limit: 20}
	b.ResetTimer()
	n := 0
	m := cputime.Start()
	for b.Loop() {
		if _, _, err := cat.Cards(ctx, f); err != nil {
			b.Fatal(err)
		}
		n++
	}
	m.Report(b, n)
}
