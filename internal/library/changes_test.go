package library_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/library"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// versionsFixture is one glossary term in two rulebooks of an edition, the
// later one governing, each with text written for the purpose.
func versionsFixture() *library.Library {
	docs := []rules.Document{
		{ID: "old-2e", Edition: "2e", Kind: rules.DocumentRulebook, Precedence: 1},
		{ID: "new-2e", Edition: "2e", Kind: rules.DocumentRulebook, Precedence: 2},
	}
	older := &rules.Entry{ID: "old-2e.glossary.frozen", Kind: rules.KindGlossary, Title: "frozen", DocumentID: "old-2e", Edition: "2e",
		Text: "A frozen card cannot move. It cannot attempt missions.\n\nIt thaws at the end of your turn.", Related: []string{"new-2e.glossary.frozen"}}
	newer := &rules.Entry{ID: "new-2e.glossary.frozen", Kind: rules.KindGlossary, Title: "frozen", DocumentID: "new-2e", Edition: "2e",
		Text: "A frozen card cannot move. It cannot attempt or battle.\n\nIt thaws at the end of your turn! A frozen card is turned sideways.", Related: []string{"old-2e.glossary.frozen"}}
	return library.New(docs, []*rules.Entry{older, newer})
}

func TestChangesSayWhichGovernsAndWhatChanged(t *testing.T) {
	l := versionsFixture()
	for _, id := range []string{"old-2e.glossary.frozen", "new-2e.glossary.frozen"} {
		ch, err := l.Changes(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if ch.Total != 1 || len(ch.Versions) != 1 || ch.Governing != (id == "new-2e.glossary.frozen") {
			t.Fatalf("%s: %+v", id, ch)
		}
		v := ch.Versions[0]
		if v.Older != "old-2e" || v.Newer != "new-2e" || v.Governing == nil || *v.Governing != "new-2e" {
			t.Errorf("%s: older %s newer %s governing %v", id, v.Older, v.Newer, v.Governing)
		}
		want := rules.SentenceCounts{Changed: 1, Added: 1, Same: 1, Punctuation: 1}
		if v.Counts != want || v.Same || v.Summary != "1 sentence changed, 1 added; 2 the same (1 of other punctuation)." {
			t.Errorf("%s: counts %+v summary %q", id, v.Counts, v.Summary)
		}
		var states []string
		for _, r := range v.Rows {
			states = append(states, string(r.State))
			if r.State == rules.SentenceChanged {
				if r.Older != "It cannot attempt missions." || r.Text != "It cannot attempt or battle." {
					t.Errorf("changed row %+v", r)
				}
				b, _ := json.Marshal(r.Words)
				if string(b) != `[{"text":"It cannot attempt","changed":false},{"text":"or battle.","changed":true}]` {
					t.Errorf("words %s", b)
				}
			}
		}
		if strings.Join(states, " ") != "same changed punctuation added" {
			t.Errorf("states %v", states)
		}
		since := ch.SinceGoverned()
		if (since != nil) != (id == "new-2e.glossary.frozen") {
			t.Errorf("%s: since the governed version %+v", id, since)
		}
		if since != nil && rules.ChangedSinceLine(since, "the old rulebook") != "Changed since the old rulebook: 1 sentence changed, 1 added." {
			t.Errorf("line %q", rules.ChangedSinceLine(since, "the old rulebook"))
		}
	}
}

func TestChangesOfAnUnknownIDIsNotFound(t *testing.T) {
	_, err := versionsFixture().Changes(context.Background(), "old-2e.glossary.thawed")
	if rules.ErrorCode(err) != rules.ENOTFOUND {
		t.Fatalf("%v", err)
	}
}

func TestChangesStopWhenTheRequestIsCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := versionsFixture().Changes(ctx, "old-2e.glossary.frozen"); err != context.Canceled {
		t.Fatalf("%v", err)
	}
}

// The bounds of a changes answer hold every entry of the documents: no
// entry has more related entries than MaxVersions, nor more sentences than
// MaxSentences, so no comparison is cut short.
func TestChangesBoundsHoldTheDocuments(t *testing.T) {
	c := testcorpus.Load(t)
	l := library.New(c.Documents, c.Entries)
	mostRelated, mostSentences, withChanges, compared := 0, 0, 0, 0
	for _, e := range c.Entries {
		mostRelated = max(mostRelated, len(e.Related))
		mostSentences = max(mostSentences, len(rules.Sentences(e.Text)))
		ch, err := l.Changes(context.Background(), e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if ch.Total != len(e.Related) {
			t.Errorf("%s: %d versions compared of %d related", e.ID, ch.Total, len(e.Related))
		}
		compared += ch.Total
		for _, v := range ch.Versions {
			if !v.Same {
				withChanges++
				break
			}
		}
	}
	if 2*mostRelated > rules.MaxVersions || 4*mostSentences > rules.MaxSentences {
		t.Errorf("the documents outgrew the bounds: %d related (bound %d), %d sentences (bound %d)", mostRelated, rules.MaxVersions, mostSentences, rules.MaxSentences)
	}
	t.Logf("%d entries, %d with a version of other words, %d comparisons; most related %d, most sentences %d", len(c.Entries), withChanges, compared, mostRelated, mostSentences)
}

// An unknown id is answered with the ids near it, on GET /v1/entries/{id}
// and its changes alike (both ask Entry): a typo in the title part, or the
// title in another document or of another kind.
func TestAnUnknownEntryIDSuggestsTheIDsNearIt(t *testing.T) {
	l := versionsFixture()
	for _, c := range []struct {
		id   string
		want []string
	}{
		{"new-2e.glossary.frozn", []string{"new-2e.glossary.frozen", "old-2e.glossary.frozen"}},
		{"new-2e.ruling.frozen", []string{"new-2e.glossary.frozen", "old-2e.glossary.frozen"}},
		{"new-2e.glossary.thawing-period", []string{}},
	} {
		for _, ask := range []func() error{
			func() error { _, err := l.Entry(context.Background(), c.id); return err },
			func() error { _, err := l.Changes(context.Background(), c.id); return err },
		} {
			err := ask()
			got := rules.DetailStrings(err, "suggestions")
			if rules.ErrorCode(err) != rules.ENOTFOUND || strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Errorf("%s: %v, suggestions %q, want %q", c.id, err, got, c.want)
			}
		}
	}
}
