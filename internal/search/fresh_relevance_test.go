package search

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// freshQuestions is a second author's set of questions typed as judges type
// them (testdata/fresh-questions.json), written without seeing the search:
// a tuning set, its author's other questions kept aside.
const freshQuestions = "fresh-questions.json"

// freshSet is the shape of fresh-questions.json: answers named by entry id,
// the paragraph that answers by anchor.
type freshSet struct {
	Questions []freshQuestion `json:"questions"`
}

// freshQuestion is one question, the ids of the entries that answer it (the
// governing one first), the anchor of the answering paragraph ("" when any
// will do) and how it is typed (family).
type freshQuestion struct {
	Q       string   `json:"q"`
	Edition string   `json:"edition"`
	Accept  []string `json:"accept"`
	Anchor  string   `json:"anchor"`
	Family  string   `json:"family"`
}

func readFreshSet(t *testing.T) freshSet {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", freshQuestions))
	if err != nil {
		t.Fatalf("read %s: %v", freshQuestions, err)
	}
	var s freshSet
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatalf("decode %s: %v", freshQuestions, err)
	}
	if len(s.Questions) == 0 {
		t.Fatalf("%s holds no questions", freshQuestions)
	}
	return s
}

// TestRelevanceFresh measures the ranking on the second author's questions
// and prints MRR@10, hit@1, hit@5 and the share of answers in the first five
// whose anchor is the answering paragraph, for the whole set, by edition (of
// the governing answer) and by family. Misses are logged with
// STCCG_RELEVANCE_VERBOSE=1.
func TestRelevanceFresh(t *testing.T) {
	ix := buildCorpus(t)
	set := readFreshSet(t)
	verbose := os.Getenv("STCCG_RELEVANCE_VERBOSE") != ""
	groups := map[string]*figures{}
	add := func(group string, r typedRank) {
		if groups[group] == nil {
			groups[group] = &figures{}
		}
		groups[group].add(r)
	}
	for _, q := range set.Questions {
		res, err := ix.Search(context.Background(), rules.SearchQuery{Q: q.Q, Edition: q.Edition, Limit: 10})
		if err != nil {
			t.Errorf("%q: %v", q.Q, err)
			continue
		}
		r := typedRank{hasPara: q.Anchor != ""}
		for i, h := range res.Hits {
			if slices.Contains(q.Accept, h.ID) {
				r.rank, r.para = i+1, h.Anchor == q.Anchor
				break
			}
		}
		edition := "edition " + q.Accept[0][:2]
		for _, g := range []string{"all", edition, "family " + q.Family} {
			add(g, r)
		}
		if verbose && (r.rank != 1 || r.hasPara && !r.para) {
			var top []string
			for j, h := range res.Hits {
				if j == 5 {
					break
				}
				top = append(top, h.ID+"#"+h.Anchor)
			}
			t.Logf("rank %d para %v for %q (want %s#%s); top: %s", r.rank, r.para, q.Q, q.Accept[0], q.Anchor, strings.Join(top, "; "))
		}
	}
	keys := make([]string, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if (keys[i] == "all") != (keys[j] == "all") {
			return keys[i] == "all"
		}
		return keys[i] < keys[j]
	})
	for _, k := range keys {
		line := fmt.Sprintf("RELEVANCE fresh %-35s %s", k, groups[k])
		t.Log(line)
		fmt.Println(line)
	}
}

// TestFreshQuestionsNameRealEntries checks the second author's set itself:
// every accepted id is an entry of the corpus, and an anchor is a paragraph
// of one of them.
func TestFreshQuestionsNameRealEntries(t *testing.T) {
	c := testcorpus.Load(t)
	byID := map[string]*rules.Entry{}
	for _, e := range c.Entries {
		byID[e.ID] = e
	}
	for _, q := range readFreshSet(t).Questions {
		anchored := q.Anchor == ""
		for _, id := range q.Accept {
			e := byID[id]
			if e == nil {
				t.Errorf("%q: %s is no entry of the corpus", q.Q, id)
				continue
			}
			anchored = anchored || entryParagraph(e, q.Anchor) != ""
		}
		if !anchored {
			t.Errorf("%q: no accepted entry has a paragraph %s", q.Q, q.Anchor)
		}
	}
}
