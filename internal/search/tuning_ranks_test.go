//go:build fitweights

package search

import (
	"context"
	"maps"
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
	var figs setFigures
	var lines []string
	ranks := map[string]int{}
	for _, q := range tuningQuestions(t) {
		res, err := ix.Search(context.Background(), q.q)
		if err != nil {
			t.Fatalf("%q: %v", q.q.Q, err)
		}
		r := q.rank(res).rank
		figs.add(q.set, r)
		key := q.set + "\t" + q.q.Q + "\t" + string(q.q.Edition)
		lines = append(lines, key+"\t"+strconv.Itoa(r))
		ranks[key] = r
	}
	for _, s := range append(figs.names(), "all") {
		f := figs.of(s)
		t.Logf("%-9s n=%3d MRR@10=%.4f hit@1=%.4f (%d first)", s, f.n, f.mrr(), f.hit1(), f.first)
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

// rankFigures add up the ranks of questions: how many, how many first, and
// the sum of their reciprocal ranks (0 beyond the page).
type rankFigures struct {
	n, first int
	rr       float64
}

func (f *rankFigures) add(rank int) {
	f.n++
	if rank > 0 {
		f.rr += 1 / float64(rank)
	}
	if rank == 1 {
		f.first++
	}
}

func (f *rankFigures) mrr() float64  { return f.rr / float64(f.n) }
func (f *rankFigures) hit1() float64 { return float64(f.first) / float64(f.n) }

// setFigures are the figures of the tuning questions by set and over all
// ("all"), the tools of tuning's one way of adding them up.
type setFigures struct {
	bySet map[string]*rankFigures
	all   rankFigures
}

// add counts a question of set at rank.
func (s *setFigures) add(set string, rank int) {
	if s.bySet == nil {
		s.bySet = map[string]*rankFigures{}
	}
	f := s.bySet[set]
	if f == nil {
		f = &rankFigures{}
		s.bySet[set] = f
	}
	f.add(rank)
	s.all.add(rank)
}

// names are the sets counted, sorted.
func (s *setFigures) names() []string {
	return slices.Sorted(maps.Keys(s.bySet))
}

// of returns the figures of set, or of all for "all".
func (s *setFigures) of(set string) *rankFigures {
	if set == "all" {
		return &s.all
	}
	return s.bySet[set]
}
