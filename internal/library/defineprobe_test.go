package library_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A defineLookup is one term of the define probe (testdata/define-probe.json).
type defineLookup struct {
	Family  string   `json:"family"`
	Term    string   `json:"term"`
	Edition string   `json:"edition"`
	Want    []string `json:"want"`
	// First: the answer's first entry is one of these (the documents
	// explain the term in more than one place).
	First []string `json:"first"`
	// All: the answer is Want and nothing else.
	All bool `json:"all"`
	// Match is what the first entry's match must be; "loose" is anything
	// but exact; empty is any.
	Match      string `json:"match"`
	Status     int    `json:"status"`
	Suggestion string `json:"suggestion"`
	// Open says why an asserted look-up is not answered as it means yet.
	Open string `json:"open"`
	Note string `json:"note"`
}

// defineProbeHeldOut: every fifth look-up is held out.
func defineProbeHeldOut(i int) bool { return i%5 == 4 }

// judge says how the answer differs from what the term means; "" when it
// does not.
func (p defineLookup) judge(es []*rules.Entry, err error) string {
	if p.Status == 404 {
		if rules.ErrorCode(err) != rules.ENOTFOUND {
			return fmt.Sprintf("want not found, answered %s", defineIDs(es))
		}
		if p.Suggestion != "" {
			s, _ := rules.ErrorDetails(err)["suggestions"].([]string)
			if len(s) == 0 || s[0] != p.Suggestion {
				return fmt.Sprintf("suggestions %q, want %q first", s, p.Suggestion)
			}
		}
		return ""
	}
	if err != nil {
		s, _ := rules.ErrorDetails(err)["suggestions"].([]string)
		return fmt.Sprintf("%v (suggestions %q)", err, s)
	}
	ids := defineIDList(es)
	if len(p.First) > 0 && (len(ids) == 0 || !slices.Contains(p.First, ids[0])) {
		return fmt.Sprintf("answered %s", defineIDs(es))
	}
	if len(ids) < len(p.Want) || !slices.Equal(ids[:len(p.Want)], p.Want) || p.All && len(ids) != len(p.Want) {
		return fmt.Sprintf("answered %s", defineIDs(es))
	}
	for _, e := range es {
		if e.Match == "" {
			return e.ID + " says no match"
		}
	}
	switch m := es[0].Match; {
	case p.Match == "loose" && m == rules.DefineExact:
		return "a loose match marked exact"
	case p.Match != "" && p.Match != "loose" && m != p.Match:
		return fmt.Sprintf("match %q, want %q", m, p.Match)
	}
	return ""
}

func defineIDs(es []*rules.Entry) string {
	var b strings.Builder
	for i, e := range es {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(e.ID + "(" + e.Match + ")")
	}
	return "[" + b.String() + "]"
}

func defineIDList(es []*rules.Entry) []string {
	ids := make([]string, len(es))
	for i, e := range es {
		ids[i] = e.ID
	}
	return ids
}

// TestDefineProbeIsAnsweredAsTheTermMeans asks the define probe's terms as
// players type them. Every fifth is held out: counted, never pinned.
func TestDefineProbeIsAnsweredAsTheTermMeans(t *testing.T) {
	askDefineProbe(t, "testdata/define-probe.json", 70, "define probe", defineProbeHeldOut)
}

// TestDefineProbeSecondBatchIsAnsweredAsTheTermMeans asks the second batch:
// terms in a question, after an article, in quotes, with other apostrophes
// and dashes, an edition or punctuation written in, other forms of a word,
// card titles as fans write them. Every fifth is held out.
func TestDefineProbeSecondBatchIsAnsweredAsTheTermMeans(t *testing.T) {
	askDefineProbe(t, "testdata/define-probe-2.json", 60, "define probe, second batch", defineProbeHeldOut)
}

// TestDefineProbeThirdBatchIsAnsweredAsTheTermMeans asks the third batch:
// terms only a section's or ruling's sentence explains, the game's
// shorthand, and terms no document explains (never a wrong definition).
// Every third is held out.
func TestDefineProbeThirdBatchIsAnsweredAsTheTermMeans(t *testing.T) {
	askDefineProbe(t, "testdata/define-probe-3.json", 30, "define probe, third batch", func(i int) bool { return i%3 == 2 })
}

// askDefineProbe asks a define probe's file of at least least terms and
// logs its figures under label; the look-ups heldOut says are counted,
// never asserted.
func askDefineProbe(t *testing.T, path string, least int, label string, isHeldOut func(int) bool) {
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var probe struct {
		Lookups []defineLookup `json:"lookups"`
	}
	if err := json.Unmarshal(raw, &probe); err != nil {
		t.Fatal(err)
	}
	if len(probe.Lookups) < least {
		t.Fatalf("%s: %d look-ups, want at least %d", path, len(probe.Lookups), least)
	}
	l := realLibrary(t)
	asserted, held, heldOut, heldOutHeld, open := 0, 0, 0, 0, 0
	for i, p := range probe.Lookups {
		es, err := l.Define(context.Background(), p.Term, rules.Edition(p.Edition))
		miss := p.judge(es, err)
		if isHeldOut(i) {
			heldOut++
			if miss == "" {
				heldOutHeld++
			}
			continue
		}
		asserted++
		switch {
		case p.Open != "" && miss == "":
			t.Errorf("%q (%s): answered as it means; pin it (remove its open)", p.Term, p.Edition)
		case p.Open != "":
			open++
			t.Logf("open %q (%s) %s: %s", p.Term, p.Edition, p.Family, miss)
		case miss == "":
			held++
		default:
			t.Errorf("%q (%s) %s: %s", p.Term, p.Edition, p.Family, miss)
		}
	}
	t.Logf("%s: %d of %d asserted (%d open), %d of %d held out", label, held, asserted, open, heldOutHeld, heldOut)
}
