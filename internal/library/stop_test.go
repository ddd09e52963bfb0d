package library_test

import (
	"context"
	"errors"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/internal/rules"
)

// endingContext is a request's context that ends after its first n looks
// at Err: a client that goes away while define works.
type endingContext struct {
	context.Context
	n, looks int
}

func (c *endingContext) Err() error {
	c.looks++
	if c.looks > c.n {
		return context.Canceled
	}
	return nil
}

// TestDefineStopsWhenItsRequestEnds: define looks at its request's context
// as it reads the titles, the entries and the places a term's words stand.
// A request that ends at any of those looks is answered with its context's
// error, never with what was found before it ended; one that does not end
// is answered in full. An unknown entry id, measured against every entry's,
// stops alike.
func TestDefineStopsWhenItsRequestEnds(t *testing.T) {
	l := realLibrary(t)
	for _, c := range []struct{ term, edition string }{
		{"mis-seed", "1e"},            // a sentence explains it
		{"crew", "1e"},                // a title holds it; the sentence first
		{"DS9", "1e"},                 // shorthand
		{"stoped", "2e"},              // a typo: the title meant suggested
		{"what is a mis-seed?", "1e"}, // within a question
		{"quantum flux widget", "2e"}, // nothing defines it
		{"the", ""},                   // function words alone
	} {
		whole := &endingContext{Context: context.Background(), n: math.MaxInt}
		want, wantErr := l.Define(whole, c.term, rules.Edition(c.edition))
		if errors.Is(wantErr, context.Canceled) {
			t.Fatalf("Define(%q) ended without its context ending: %v", c.term, wantErr)
		}
		if whole.looks == 0 {
			t.Errorf("Define(%q, %s) never looked at its context", c.term, c.edition)
		}
		t.Logf("Define(%q, %s): %d looks, %d entries, %v", c.term, c.edition, whole.looks, len(want), wantErr)
		for n := range whole.looks {
			ctx := &endingContext{Context: context.Background(), n: n}
			if es, err := l.Define(ctx, c.term, rules.Edition(c.edition)); !errors.Is(err, context.Canceled) || es != nil {
				t.Errorf("Define(%q, %s) ended at look %d of %d: %d entries, %v; want context.Canceled",
					c.term, c.edition, n+1, whole.looks, len(es), err)
			}
		}
		again := &endingContext{Context: context.Background(), n: whole.looks}
		if es, err := l.Define(again, c.term, rules.Edition(c.edition)); !reflect.DeepEqual(es, want) || rules.ErrorCode(err) != rules.ErrorCode(wantErr) {
			t.Errorf("Define(%q, %s) not ended: %v, %v; want %v, %v", c.term, c.edition, es, err, want, wantErr)
		}
	}

	// A deadline passed is its own error.
	past, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	if _, err := l.Define(past, "mis-seed", "1e"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Define past its deadline: %v, want context.DeadlineExceeded", err)
	}

	const unknown = "2e-rulebook.glossary.stoped"
	whole := &endingContext{Context: context.Background(), n: math.MaxInt}
	if _, err := l.Entry(whole, unknown); rules.ErrorCode(err) != rules.ENOTFOUND || whole.looks == 0 {
		t.Fatalf("Entry(%q) = %v after %d looks; want not found, looking at its context", unknown, err, whole.looks)
	}
	for n := range whole.looks {
		if _, err := l.Entry(&endingContext{Context: context.Background(), n: n}, unknown); !errors.Is(err, context.Canceled) {
			t.Errorf("Entry(%q) ended at look %d of %d: %v; want context.Canceled", unknown, n+1, whole.looks, err)
		}
	}
}
