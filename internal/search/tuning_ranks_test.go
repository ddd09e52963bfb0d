//go:build fitweights

package search

import (
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestTuningRanks prints the tuning questions' figures by set and over all
// (the questions tuningQuestions reads and grades: never the held-out part
// or the blind set) and, against the ranks recorded in the file
// STCCG_TUNING_RANKS, which questions moved and where: what a change of the
// ranking does, question by question, on the questions it may be tuned on.
// With STCCG_TUNING_RANKS_RECORD=1 it records the ranks in that file
// instead. A tool of tuning, as the fit of the weights is: built only with
// the fitweights tag, and then it needs STCCG_TUNING_RANKS.
func TestTuningRanks(t *testing.T) {
	path := os.Getenv("STCCG_TUNING_RANKS")
	if path == "" {
		t.Fatal("STCCG_TUNING_RANKS names the file of recorded ranks (STCCG_TUNING_RANKS_RECORD=1 records them)")
	}
	ix := buildCorpus(t)
	type figures struct {
		n, first int
		mrr      float64
	}
	bySet := map[string]*figures{}
	var sets []string
	all := &figures{}
	var lines []string
	ranks := map[string]int{}
	for _, q := range tuningQuestions(t) {
		res, err := ix.Search(context.Background(), q.q)
		if err != nil {
			t.Fatalf("%q: %v", q.q.Q, err)
		}
		r := q.rank(res).rank
		f := bySet[q.set]
		if f == nil {
			f = &figures{}
			bySet[q.set] = f
			sets = append(sets, q.set)
		}
		for _, f := range []*figures{f, all} {
			f.n++
			if r > 0 {
				f.mrr += 1 / float64(r)
			}
			if r == 1 {
				f.first++
			}
		}
		key := q.set + "\t" + q.q.Q + "\t" + string(q.q.Edition)
		lines = append(lines, key+"\t"+strconv.Itoa(r))
		ranks[key] = r
	}
	slices.Sort(sets)
	for _, s := range append(sets, "all") {
		f := bySet[s]
		if s == "all" {
			f = all
		}
		t.Logf("%-9s n=%3d MRR@10=%.4f hit@1=%.4f (%d first)", s, f.n, f.mrr/float64(f.n), float64(f.first)/float64(f.n), f.first)
	}
	if os.Getenv("STCCG_TUNING_RANKS_RECORD") == "1" {
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read the recorded ranks (record them with STCCG_TUNING_RANKS_RECORD=1): %v", err)
	}
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		i := strings.LastIndexByte(l, '\t')
		if i < 0 {
			continue
		}
		key := l[:i]
		now, ok := ranks[key]
		if was := l[i+1:]; ok && was != strconv.Itoa(now) {
			t.Logf("moved %s -> %d: %s", was, now, strings.ReplaceAll(key, "\t", " | "))
		}
	}
}
