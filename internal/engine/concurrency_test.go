package engine_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"

	"github.com/stccg/stccg-rules/internal/catalog"
	"github.com/stccg/stccg-rules/internal/engine"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// TestConcurrentAdjudicationsAgree asks a fresh Service the same questions
// from several goroutines at once, while its memos of skills and names fill,
// and from one: every answer is the same.
func TestConcurrentAdjudicationsAgree(t *testing.T) {
	c := testcorpus.Load(t)
	fresh := engine.New(c.Documents, c.Entries, catalog.New(c.Cards, c.Entries, catalog.WithDocuments(c.Documents)))
	var reqs []rules.AdjudicationRequest
	for i, r := range midGameRequests(t) {
		if i%10 == 0 { // a tenth, spread over every variation of the board
			reqs = append(reqs, r)
		}
	}
	encode := func(i int) string {
		v, err := ask(context.Background(), fresh, reqs[i])
		b, merr := json.Marshal(answer(reqs[i], v, err))
		if merr != nil {
			t.Error(merr)
		}
		return string(b)
	}
	concurrent := make([]string, len(reqs))
	var wg sync.WaitGroup
	const workers = 4
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(reqs); i += workers {
				concurrent[i] = encode(i)
			}
		})
	}
	wg.Wait()
	for i := range reqs {
		if got := encode(i); got != concurrent[i] {
			t.Fatalf("request %d: alone\n%s\nconcurrently\n%s", i, got, concurrent[i])
		}
	}
}
