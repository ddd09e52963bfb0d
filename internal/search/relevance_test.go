package search

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// judgeSet is the shape of the contract's examples/search.json and of
// testdata/judge-questions.json.
type judgeSet struct {
	Queries []judgeQuestion `json:"queries"`
}

// judgeQuestion is one question of a set and the entries that answer it.
type judgeQuestion struct {
	Q      string `json:"q"`
	Accept []struct {
		DocumentID *string `json:"documentId"`
		Kind       string  `json:"kind"`
		Title      string  `json:"title"`
	} `json:"accept"`
	// Edition is a filter the judge set beside the words ("" for none).
	Edition string `json:"edition,omitempty"`
	// Para is a few words of the paragraph that answers (typed-questions.json).
	Para string `json:"para,omitempty"`
	// Tags say how the question is typed: typo, shorthand, joined,
	// question, editions, paragraph.
	Tags []string `json:"tags,omitempty"`
}

// accepts reports whether a hit is one of the question's answers.
func (q judgeQuestion) accepts(h rules.SearchHit) bool {
	for _, a := range q.Accept {
		if h.Kind == a.Kind && (a.DocumentID == nil || *a.DocumentID == h.DocumentID) &&
			strings.Contains(rules.FoldName(h.Title), rules.FoldName(a.Title)) {
			return true
		}
	}
	return false
}

func readJudgeSet(t *testing.T, path string) judgeSet {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	var s judgeSet
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatalf("decode %s: %v", path, err)
	}
	if len(s.Queries) == 0 {
		t.Fatalf("%s holds no questions", path)
	}
	return s
}

// relevance is how well one set of questions was answered.
type relevance struct {
	mrr, hit5 float64
	ranks     []int // 1-based rank of the first accepted hit; 0 when not in the first 10
}

func (r *relevance) add(rank int) {
	r.ranks = append(r.ranks, rank)
	if rank > 0 {
		r.mrr += 1 / float64(rank)
	}
	if rank > 0 && rank <= 5 {
		r.hit5++
	}
}

func (r *relevance) done() {
	n := float64(len(r.ranks))
	r.mrr /= n
	r.hit5 /= n
}

// measure runs every question of the set and ranks the first accepted hit,
// comparing as the contract says (asNamed: the hit's folded title contains
// the folded expected title, with the same kind and, when given, document)
// and by the grading rule (graded: a governing copy of such an entry, see
// grader).
func measure(t *testing.T, ix *Index, grade *grader, s judgeSet) (graded, asNamed relevance) {
	t.Helper()
	for _, q := range s.Queries {
		res, err := ix.Search(context.Background(), rules.SearchQuery{Q: q.Q, Edition: rules.Edition(q.Edition), Limit: 10})
		if err != nil {
			t.Errorf("%q: %v", q.Q, err)
			graded.add(0)
			asNamed.add(0)
			continue
		}
		gov := grade.governingCopies(grade.typedNamed(q))
		rank, named := 0, 0
		for i, h := range res.Hits {
			_, governing := gov[h.ID]
			if q.accepts(h) && named == 0 {
				named = i + 1
			}
			if (q.accepts(h) || governing) && rank == 0 {
				rank = i + 1
			}
		}
		graded.add(rank)
		asNamed.add(named)
		if rank == 0 || rank > 1 {
			var top []string
			for i, h := range res.Hits {
				if i == 5 {
					break
				}
				top = append(top, fmt.Sprintf("%s/%s %q", h.DocumentID, h.Kind, h.Title))
			}
			t.Logf("rank %d for %q; top: %s", rank, q.Q, strings.Join(top, "; "))
		}
	}
	graded.done()
	asNamed.done()
	return graded, asNamed
}

// TestRelevance measures the ranking on the real corpus: every example of the
// contract must be in the first five hits (as the contract names its
// answers), and the judge questions of testdata must reach an MRR@10 of at
// least 0.9 (by the grading rule).
func TestRelevance(t *testing.T) {
	ix := buildCorpus(t)
	grade := newGrader(t)

	shared := readJudgeSet(t, filepath.Join(testcorpus.Dir(t), "..", "contract", "examples", "search.json"))
	own := readJudgeSet(t, filepath.Join("testdata", "judge-questions.json"))

	rs, rsNamed := measure(t, ix, grade, shared)
	ro, roNamed := measure(t, ix, grade, own)
	for _, line := range []string{
		fmt.Sprintf("RELEVANCE contract examples: MRR@10=%.3f hit@5=%.3f (%d questions; as named MRR@10=%.3f hit@5=%.3f)", rs.mrr, rs.hit5, len(shared.Queries), rsNamed.mrr, rsNamed.hit5),
		fmt.Sprintf("RELEVANCE judge questions:   MRR@10=%.3f hit@5=%.3f (%d questions; as named MRR@10=%.3f hit@5=%.3f)", ro.mrr, ro.hit5, len(own.Queries), roNamed.mrr, roNamed.hit5),
	} {
		t.Log(line)
		fmt.Println(line)
	}
	for i, q := range shared.Queries {
		if r := rsNamed.ranks[i]; r == 0 || r > 5 {
			t.Errorf("contract example %q: accepted answer at rank %d, want within the first 5", q.Q, r)
		}
	}
	if ro.mrr < 0.94 {
		t.Errorf("judge questions MRR@10 = %.3f, want at least 0.94", ro.mrr)
	}
}

// TestPrebuiltIndexAnswersAsTheMemoryOne writes the real corpus's index to
// disk, opens it read-only and checks it carries the corpus version and
// answers exactly as the index built in memory.
func TestPrebuiltIndexAnswersAsTheMemoryOne(t *testing.T) {
	c := testcorpus.Load(t)
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "index")
	if err := BuildTo(ctx, dir, c.Version, c.Documents, c.Entries, c.Cards); err != nil {
		t.Fatalf("BuildTo: %v", err)
	}
	disk, version, err := Open(dir)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer disk.Close()
	if version != c.Version {
		t.Errorf("Open version = %q, want the corpus version %q", version, c.Version)
	}
	mem, err := Build(ctx, c.Documents, c.Entries, c.Cards)
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	defer mem.Close()
	nd, _ := disk.DocCount()
	nm, _ := mem.DocCount()
	if nd != nm || nd == 0 {
		t.Errorf("DocCount: disk %d, memory %d", nd, nm)
	}
	for _, q := range []rules.SearchQuery{
		{Q: "combat strength totals winner"},
		{Q: "mirro univers", Limit: 20},
		{Q: `"showing your cards"`, Edition: "2e"},
		{Q: "outpost", Kind: "ruling"},
	} {
		a, err := disk.Search(ctx, q)
		if err != nil {
			t.Fatalf("disk %q: %v", q.Q, err)
		}
		b, err := mem.Search(ctx, q)
		if err != nil {
			t.Fatalf("memory %q: %v", q.Q, err)
		}
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if string(ja) != string(jb) {
			t.Errorf("%q: disk and memory answer differently:\n%s\n%s", q.Q, ja, jb)
		}
	}
}
