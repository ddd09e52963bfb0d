package search

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// The fit of the ranking's weights to the tuning sets: coordinate ascent
// over the numbers of weights, measured by MRR@10 + hit@1 (by the grading
// rule), with k-fold cross-validation inside the tuning sets to tell a fit
// that generalises from one that learns its questions. It reads the tuning
// sets only (the contract's examples, the judge, fresh, round-five to round-ten sets,
// the typed set's tuning part, the tuning halves of the round-twelve to
// round-fourteen sets), never a held-out part or the blind set.
// Off by default, built only with the fitweights tag
// (fit_weights_test.go: go test -tags fitweights -run TestFitWeights
// ./internal/search/, two to four minutes of one core); STCCG_FIT_PASSES,
// STCCG_FIT_LAMBDA, STCCG_FIT_SEED and STCCG_FIT_WIDE change its passes,
// its regularisation, how the folds are dealt and its steps.

// fitQuestion is one question of a tuning set and what grades its answer.
type fitQuestion struct {
	set  string
	q    rules.SearchQuery
	rank func(*rules.SearchResult) typedRank
}

// tuningQuestions reads every question tuned on, each with its grading.
func tuningQuestions(tb *testing.T) []fitQuestion {
	tb.Helper()
	c := testcorpus.Load(tb)
	grade := newGrader(tb)
	paras := paragraphLookup(c.Entries)
	var out []fitQuestion
	byTitle := func(set string, qs []judgeQuestion, keep func(i int) bool) {
		for i, q := range qs {
			if !keep(i) {
				continue
			}
			gov := grade.governingCopies(grade.typedNamed(q))
			out = append(out, fitQuestion{set: set, q: rules.SearchQuery{Q: q.Q, Edition: rules.Edition(q.Edition), Limit: 10},
				rank: func(res *rules.SearchResult) typedRank { return rankTypedHits(res, paras, q, gov) }})
		}
	}
	all := func(int) bool { return true }
	byTitle("contract", readJudgeSet(tb, filepath.Join(testcorpus.Dir(tb), "..", "contract", "examples", "search.json")).Queries, all)
	byTitle("judge", readJudgeSet(tb, filepath.Join("testdata", "judge-questions.json")).Queries, all)
	byTitle("typed", readJudgeSet(tb, filepath.Join("testdata", typedQuestions)).Queries, func(i int) bool { return !heldOut(i) })
	for _, set := range []struct{ label, name string }{{"fresh", freshQuestions}, {"round5", round5Questions}, {"round7", round7Questions}, {"round8", round8Questions}, {"round9", round9Questions}, {"round10", round10Questions}} {
		for _, q := range readFreshSet(tb, set.name).Questions {
			gov := grade.governingCopies(grade.freshNamed(q))
			out = append(out, fitQuestion{set: set.label, q: rules.SearchQuery{Q: q.Q, Edition: rules.Edition(q.Edition), Limit: 10},
				rank: func(res *rules.SearchResult) typedRank { return rankFreshHits(res, q, gov) }})
		}
	}
	for _, set := range []struct{ label, name string }{{"round12", round12Questions}, {"round13", round13Questions}, {"round14", round14Questions}} {
		tuning, _ := setParts(tb, set.name)
		for _, q := range tuning.Questions {
			gov := grade.governingCopies(grade.freshNamed(q))
			out = append(out, fitQuestion{set: set.label, q: rules.SearchQuery{Q: q.Q, Edition: rules.Edition(q.Edition), Limit: 10},
				rank: func(res *rules.SearchResult) typedRank { return rankFreshHits(res, q, gov) }})
		}
	}
	return out
}

// setWeights gives ix the weights w without building it again: every
// weight is read at query time but ParagraphNorm, whose factors are
// computed once per index (weighParagraphs). Scoring, Bleve's model, is
// the index's mapping and cannot be swapped.
func (ix *Index) setWeights(w weights) {
	norm := ix.w.ParagraphNorm != w.ParagraphNorm
	ix.w = w
	if norm {
		ix.weighParagraphs()
	}
}

// knob is one number of weights the fit moves: a field, its bounds.
type knob struct {
	field    int
	name     string
	lo, hi   float64
	integral bool
}

// knobsOf lists the numbers of weights: every float64 field, and Deep
// (bounded by its value in w: more deep hits is more work a search, and
// the fit is of weights, not of cost). The factors below one (Govern,
// GovernMore, Superseded) and ParagraphNorm keep their meaning within
// bounds.
func knobsOf(w weights) []knob {
	hi := map[string]float64{"Govern": 1, "GovernMore": 1, "Superseded": 1, "Leaning": 1, "Dropped": 1, "ParagraphNorm": 1.2}
	t := reflect.TypeOf(w)
	var out []knob
	for i := range t.NumField() {
		f := t.Field(i)
		switch f.Type.Kind() {
		case reflect.Float64:
			k := knob{field: i, name: f.Name, lo: 0, hi: math.Inf(1)}
			if h, ok := hi[f.Name]; ok {
				k.hi = h
			}
			out = append(out, k)
		case reflect.Int:
			out = append(out, knob{field: i, name: f.Name, lo: 2, hi: float64(reflect.ValueOf(w).Field(i).Int()), integral: true})
		}
	}
	return out
}

func (k knob) get(w weights) float64 {
	v := reflect.ValueOf(w).Field(k.field)
	if k.integral {
		return float64(v.Int())
	}
	return v.Float()
}

func (k knob) set(w *weights, x float64) {
	v := reflect.ValueOf(w).Elem().Field(k.field)
	if k.integral {
		v.SetInt(int64(math.Round(x)))
		return
	}
	v.SetFloat(x)
}

// TestSwappedWeightsAnswerAsBuilt checks what the fit of the weights rests
// on: an index built with other weights, given the package's own
// (setWeights), answers as one built with them, and given its first ones
// back, answers as before.
func TestSwappedWeightsAnswerAsBuilt(t *testing.T) {
	c := testcorpus.Load(t)
	ctx := context.Background()
	w0 := defaultWeights()
	w := w0
	for _, k := range knobsOf(w0) {
		k.set(&w, min(max(k.get(w0)*0.7, k.lo), k.hi))
	}
	ix, err := buildWith(ctx, w, c.Documents, c.Entries, c.Cards)
	if err != nil {
		t.Fatalf("buildWith: %v", err)
	}
	defer ix.Close()
	shared := buildCorpus(t)
	answer := func(ix *Index, q rules.SearchQuery) string {
		res, err := ix.Search(ctx, q)
		if err != nil {
			t.Fatalf("%q: %v", q.Q, err)
		}
		var b strings.Builder
		for _, h := range res.Hits {
			fmt.Fprintf(&b, "%s#%s %.6g; ", h.ID, h.Anchor, h.Score)
		}
		return b.String()
	}
	qs := tuningQuestions(t)
	var picked []rules.SearchQuery
	for i := 0; i < len(qs); i += 8 {
		picked = append(picked, qs[i].q)
	}
	built := make([]string, len(picked))
	for i, q := range picked {
		built[i] = answer(ix, q)
	}
	ix.setWeights(w0)
	differ := 0
	for i, q := range picked {
		got, want := answer(ix, q), answer(shared, q)
		if got != want {
			t.Errorf("%q given the package's weights: answers %s, built with them %s", q.Q, got, want)
		}
		if want != built[i] {
			differ++
		}
	}
	if differ == 0 {
		t.Errorf("no answer changed with the weights times 0.7: the weights compared are not in use")
	}
	ix.setWeights(w)
	for i, q := range picked {
		if got := answer(ix, q); got != built[i] {
			t.Errorf("%q given its first weights back: answers %s, first %s", q.Q, got, built[i])
		}
	}
}
