package search

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A search says how it read the words it read as others: a typo as the word
// it corrected it to, a word typed whole as the two it runs together, two
// words typed apart as the one the rulebooks write, shorthand as the word it
// stands for; a word read as typed is not listed, and a query read wholly as
// typed has no readings.
func TestSearchSaysHowItReadTheQuery(t *testing.T) {
	ix := buildFixture(t)
	for _, c := range []struct {
		q    string
		want []rules.WordReading
	}{
		{"stoped card", []rules.WordReading{{Typed: "stoped", As: "stopped", Why: rules.ReadTypo}}},
		// The typed word as typed, case kept, as two typed words are.
		{"Stoped", []rules.WordReading{{Typed: "Stoped", As: "stopped", Why: rules.ReadTypo}}},
		{"STOPED card", []rules.WordReading{{Typed: "STOPED", As: "stopped", Why: rules.ReadTypo}}},
		{"Engagment weapons", []rules.WordReading{{Typed: "Engagment", As: "engagement", Why: rules.ReadTypo}}},
		{"FacilityPhase outpost", []rules.WordReading{{Typed: "FacilityPhase", As: "facility phase", Why: rules.ReadJoined}}},
		{"Head Quarters", []rules.WordReading{{Typed: "Head Quarters", As: "headquarters", Why: rules.ReadSplit}}},
		{"Opp dilemmas", []rules.WordReading{{Typed: "Opp", As: "opponent", Why: rules.ReadShorthand}}},
		{`"Stoped card" combat`, []rules.WordReading{{Typed: "Stoped", As: "stopped", Why: rules.ReadTypo}}},
		{"Stoped stoped", []rules.WordReading{{Typed: "Stoped", As: "stopped", Why: rules.ReadTypo}}},
		{"engagment weapons", []rules.WordReading{{Typed: "engagment", As: "engagement", Why: rules.ReadTypo}}},
		{"facilityphase outpost", []rules.WordReading{{Typed: "facilityphase", As: "facility phase", Why: rules.ReadJoined}}},
		{"head quarters", []rules.WordReading{{Typed: "head quarters", As: "headquarters", Why: rules.ReadSplit}}},
		{"opp dilemmas", []rules.WordReading{{Typed: "opp", As: "opponent", Why: rules.ReadShorthand}}},
		{`"stoped card" combat`, []rules.WordReading{{Typed: "stoped", As: "stopped", Why: rules.ReadTypo}}},
		{"stoped stoped", []rules.WordReading{{Typed: "stoped", As: "stopped", Why: rules.ReadTypo}}},
		{"stoped engagment", []rules.WordReading{
			{Typed: "stoped", As: "stopped", Why: rules.ReadTypo},
			{Typed: "engagment", As: "engagement", Why: rules.ReadTypo}}},
		// Read as typed: no readings (a word the rulebooks hyphenate typed
		// apart, an edition's shorthand).
		{"mirror universe", nil},
		{"stopped 1e", nil},
		{"stopped card", nil},
		{"combat strength", nil},
		{"engagements", nil},
	} {
		res, err := ix.Search(context.Background(), rules.SearchQuery{Q: c.q})
		if err != nil {
			t.Fatalf("%q: %v", c.q, err)
		}
		if !slices.Equal(res.ReadAs, c.want) {
			t.Errorf("%q is read as %+v, want %+v", c.q, res.ReadAs, c.want)
		}
		if c.want == nil && res.ReadAs != nil {
			t.Errorf("%q: readings %+v not nil", c.q, res.ReadAs)
		}
	}
}

// The readings are what the search searched: the query written as read
// answers the same hits in the same order.
func TestSearchReadingsAreWhatWasSearched(t *testing.T) {
	ix := buildFixture(t)
	for _, q := range []string{"stoped card", "facilityphase outpost", "head quarters", "opp dilemmas"} {
		res, err := ix.Search(context.Background(), rules.SearchQuery{Q: q})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.ReadAs) == 0 {
			t.Fatalf("%q: no readings", q)
		}
		written := q
		for _, r := range res.ReadAs {
			written = strings.Replace(written, r.Typed, r.As, 1)
		}
		as, err := ix.Search(context.Background(), rules.SearchQuery{Q: written})
		if err != nil {
			t.Fatal(err)
		}
		if len(as.ReadAs) != 0 {
			t.Errorf("%q (of %q) is read as %+v, want as typed", written, q, as.ReadAs)
		}
		if len(as.Hits) != len(res.Hits) {
			t.Fatalf("%q: %d hits, %q %d", q, len(res.Hits), written, len(as.Hits))
		}
		for i := range res.Hits {
			if res.Hits[i].ID != as.Hits[i].ID {
				t.Errorf("%q hit %d: %s, %q has %s", q, i+1, res.Hits[i].ID, written, as.Hits[i].ID)
			}
		}
	}
}

// A query of as many typos as a query may have words reads at most that
// many.
func TestSearchReadingsBoundedByTheQuerysWords(t *testing.T) {
	ix := buildFixture(t)
	typos := []string{"stoped", "engagment", "combta", "strenght", "dilemas", "persnnel", "outpst", "facilty"}
	var q []string
	for i := 0; i < maxQueryWords; i++ {
		q = append(q, typos[i%len(typos)])
	}
	res, err := ix.Search(context.Background(), rules.SearchQuery{Q: strings.Join(q, " ")})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.ReadAs) == 0 || len(res.ReadAs) > len(typos) {
		t.Errorf("%d readings of %d distinct typos: %+v", len(res.ReadAs), len(typos), res.ReadAs)
	}
}
