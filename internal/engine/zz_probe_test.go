package engine

import (
	"sort"
	"testing"

	"github.com/stccg/stccg-rules/internal/testcorpus"
)

func TestProbeCitations(t *testing.T) {
	c := testcorpus.Load(t)
	idx := buildCitations(c.Documents, c.Entries)
	book := ruleBook()
	for _, d := range c.Documents {
		var missing []string
		for k := range book {
			if _, ok := idx.byDoc[d.ID][k]; !ok {
				missing = append(missing, string(k))
			}
		}
		sort.Strings(missing)
		t.Logf("%s: found %d, missing %v", d.ID, len(idx.byDoc[d.ID]), missing)
	}
	for _, k := range []ruleKey{"staff.icons", "move.range", "dilemmas.over", "combat.tie", "engage.tie", "battle1.direct", "init1.mixed"} {
		for _, d := range c.Documents {
			if ci, ok := idx.byDoc[d.ID][k]; ok {
				t.Logf("%s %s: %s | %q", d.ID, k, ci.ID, ci.Quote)
			}
		}
	}
}
