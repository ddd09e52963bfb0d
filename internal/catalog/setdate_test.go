package catalog_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// Every set of the real card data has a release date the coverage can read,
// and the First Edition Current Rulings, of the date the manifest gives,
// cover a card titled H-Z only when its set was released on or before that
// date: the figures of cards the date takes out are logged.
func TestTheCurrentRulingsCoverNoSetReleasedAfterThem(t *testing.T) {
	corpus := testcorpus.Load(t)
	var rulingsDate rules.Release
	for _, d := range corpus.Documents {
		if d.ID == "1e-current-rulings" {
			r, ok := rules.ParseRelease(d.Published)
			if !ok {
				t.Fatalf("the Current Rulings' date %q is not read", d.Published)
			}
			rulingsDate = r
		}
	}
	for _, c := range corpus.Cards {
		if _, ok := rules.ParseRelease(c.SetReleased); !ok {
			t.Errorf("%s: set %s (%s) has no release date read: %q", c.ID, c.Set, c.SetName, c.SetReleased)
		}
	}
	cat := realCatalog(t)
	ctx := context.Background()
	after, before, byDate := 0, 0, 0
	for _, c := range corpus.Cards {
		if c.Edition != rules.Edition1E {
			continue
		}
		cov, err := cat.RulingsCoverage(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		var current rules.DocumentCoverage
		for _, d := range cov.Documents {
			if d.DocumentID == "1e-current-rulings" {
				current = d
			}
		}
		rel, _ := rules.ParseRelease(c.SetReleased)
		switch {
		case rel.Before(rulingsDate):
			before++
		case current.Covers:
			t.Errorf("%s (%s, set %s released %s) covered by the Current Rulings of %s", c.ID, c.Title, c.Set, c.SetReleased, rulingsDate.Text)
		default:
			after++
			if strings.Contains(current.Reason, "released") {
				byDate++ // titled H-Z: not covered for its set's date alone
			}
		}
	}
	if after == 0 || before == 0 || byDate == 0 {
		t.Fatalf("%d First Edition cards of sets released before the Current Rulings, %d not (%d titled H-Z): want each", before, after, byDate)
	}
	t.Logf("First Edition cards of sets released on or before the Current Rulings: %d; after or not known to be before: %d, of which %d titled H-Z are not covered for their set's date alone", before, after, byDate)
	for _, tc := range []struct {
		id     string
		covers bool
	}{
		{"1e-101-215", true},  // Jean-Luc Picard, Premiere
		{"1e-123-120", false}, // Harry Kim, Voyager
		{"1e-155-89", false},  // William T. Riker, The Next Generation
	} {
		cov, _ := cat.RulingsCoverage(ctx, tc.id)
		if cov.Complete != tc.covers {
			t.Errorf("%s: complete %v, want %v: %s", tc.id, cov.Complete, tc.covers, cov.Missing)
		}
	}
}
