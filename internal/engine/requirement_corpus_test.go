package engine_test

import (
	"testing"

	"github.com/stccg/stccg-rules/internal/engine"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// TestEveryPrintedRequirementParses reads every requirement the card data
// prints, in both editions (missions' requirements, and any card's
// requirements or condition the card data carries), with the grammar, and
// lists every one it cannot read.
func TestEveryPrintedRequirementParses(t *testing.T) {
	read, failed := 0, 0
	for _, c := range testcorpus.Load(t).Cards {
		if c.Requirements == "" {
			continue
		}
		read++
		if _, err := engine.ParseRequirement(c.Requirements); err != nil {
			failed++
			t.Errorf("%s (%s): %v", c.Name(), c.ID, err)
		}
	}
	if read < 100 {
		t.Fatalf("only %d printed requirements in the card data; the corpus is not the one expected", read)
	}
	t.Logf("%d printed requirements read, %d failed", read, failed)
}
