package search

import (
	"context"
	"math"
	"reflect"
	"testing"

	"github.com/blevesearch/bleve/v2"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// TestCollectAgreesWithBleve checks the index's own collection against
// Bleve's top-N collector on the real corpus: the same total, the same facet
// counts, the same documents with the same scores in the same order.
func TestCollectAgreesWithBleve(t *testing.T) {
	c := testcorpus.Load(t)
	ctx := context.Background()
	ix, err := Build(ctx, c.Documents, c.Entries, c.Cards)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	for _, sq := range []rules.SearchQuery{
		{Q: "combat strength totals winner"},
		{Q: "beam personnel between two ships", Edition: "1e"},
		{Q: "mirro univers"},
		{Q: `"showing your cards" -face`, Kind: "section"},
		{Q: "the"},
	} {
		u, err := parseQuery(sq.Q)
		if err != nil {
			t.Fatal(err)
		}
		a := ix.analyze(u)
		q := ix.buildQuery(u, a, sq)
		got, total, facets, err := ix.collect(ctx, q, 30)
		if err != nil {
			t.Fatalf("%q: collect: %v", sq.Q, err)
		}
		res, err := ix.idx.SearchInContext(ctx, bleve.NewSearchRequestOptions(q, 30, 0, false))
		if err != nil {
			t.Fatalf("%q: bleve: %v", sq.Q, err)
		}
		if total != int(res.Total) || total == 0 {
			t.Errorf("%q: total %d, bleve %d", sq.Q, total, res.Total)
		}
		if len(got) != len(res.Hits) {
			t.Fatalf("%q: %d hits, bleve %d", sq.Q, len(got), len(res.Hits))
		}
		for i, h := range res.Hits {
			if math.Abs(got[i].score-h.Score) > 1e-9 || got[i].score == h.Score && got[i].meta.ID != h.ID {
				t.Errorf("%q hit %d: %s %.6f, bleve %s %.6f", sq.Q, i, got[i].meta.ID, got[i].score, h.ID, h.Score)
			}
		}
		all, err := ix.idx.SearchInContext(ctx, bleve.NewSearchRequestOptions(q, int(res.Total), 0, false))
		if err != nil {
			t.Fatalf("%q: bleve: %v", sq.Q, err)
		}
		want := facetCounts{"edition": {}, "kind": {}, "document": {}}
		for _, h := range all.Hits {
			m := ix.meta[h.ID]
			want["edition"][m.Edition]++
			want["kind"][m.Kind]++
			want["document"][m.DocumentID]++
		}
		if !reflect.DeepEqual(facets, want) {
			t.Errorf("%q: facets %v, from bleve's hits %v", sq.Q, facets, want)
		}
	}
}
