//go:build fitweights

package search

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// fitScore is MRR@10 and hit@1 over some questions.
type fitScore struct {
	n         int
	mrr, hit1 float64
}

func (s fitScore) objective() float64 { return s.mrr + s.hit1 }

func (s fitScore) String() string {
	return fmt.Sprintf("n=%3d MRR@10=%.3f hit@1=%.3f", s.n, s.mrr, s.hit1)
}

// evaluate runs the questions picked (indexes into qs) on ix as its weights
// stand and returns their figures.
func evaluate(tb *testing.T, ix *Index, qs []fitQuestion, picked []int) fitScore {
	tb.Helper()
	var s fitScore
	for _, i := range picked {
		res, err := ix.Search(context.Background(), qs[i].q)
		if err != nil {
			tb.Fatalf("%q: %v", qs[i].q.Q, err)
		}
		r := qs[i].rank(res)
		s.n++
		if r.rank > 0 {
			s.mrr += 1 / float64(r.rank)
		}
		if r.rank == 1 {
			s.hit1++
		}
	}
	if s.n > 0 {
		s.mrr /= float64(s.n)
		s.hit1 /= float64(s.n)
	}
	return s
}

// fitSteps are the factors each number is tried at, from where it stands
// (STCCG_FIT_WIDE=1 adds a quarter and four times).
var fitSteps = []float64{0.5, 0.7, 1.4, 2}

// distance is how far w is from w0: the sum over the knobs of
// |ln(w/w0)| (a number moved from or to zero counts as a doubling).
func distance(knobs []knob, w, w0 weights) float64 {
	d := 0.0
	for _, k := range knobs {
		a, b := k.get(w), k.get(w0)
		switch {
		case a == b:
		case a == 0 || b == 0:
			d += math.Ln2
		default:
			d += math.Abs(math.Log(a / b))
		}
	}
	return d
}

// fitter fits weights on some questions by coordinate ascent: each knob in
// turn at each step from where it stands, the best kept when it raises the
// objective (MRR@10 + hit@1, less lambda times the distance from the
// weights it starts from), for at most passes passes.
type fitter struct {
	tb     *testing.T
	ix     *Index
	qs     []fitQuestion
	knobs  []knob
	passes int
	steps  []float64
	lambda float64 // per unit of distance (see distance)
	evals  int
}

func (f *fitter) score(w weights, picked []int) fitScore {
	f.ix.setWeights(w)
	f.evals++
	return evaluate(f.tb, f.ix, f.qs, picked)
}

func (f *fitter) fit(w0 weights, picked []int) weights {
	w := w0
	best := f.score(w, picked).objective()
	for pass := 0; pass < f.passes; pass++ {
		moved := false
		for _, k := range f.knobs {
			at := k.get(w)
			cur := best - f.lambda*distance(f.knobs, w, w0)
			var next weights
			var nextObj, nextVal float64
			found := false
			for _, step := range f.steps {
				x := min(max(at*step, k.lo), k.hi)
				if k.integral {
					x = math.Round(x)
				}
				if x == at {
					continue
				}
				c := w
				k.set(&c, x)
				obj := f.score(c, picked).objective()
				if reg := obj - f.lambda*distance(f.knobs, c, w0); reg > cur+1e-9 && (!found || reg > nextVal) {
					next, nextObj, nextVal, found = c, obj, reg, true
				}
			}
			if found {
				w, best, moved = next, nextObj, true
			}
		}
		if !moved {
			break
		}
	}
	f.ix.setWeights(w)
	return w
}

// folds deals the questions into k folds, each set dealt apart (shuffled
// with a fixed seed) so that every fold holds a share of every set.
func folds(qs []fitQuestion, k int, seed uint64) [][]int {
	out := make([][]int, k)
	rng := rand.New(rand.NewPCG(seed, 1))
	sets, bySet := groupBySet(qs)
	next := 0
	for _, s := range sets {
		idx := bySet[s]
		rng.Shuffle(len(idx), func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
		for _, i := range idx {
			out[next%k] = append(out[next%k], i)
			next++
		}
	}
	for _, f := range out {
		slices.Sort(f)
	}
	return out
}

// roundWeights rounds every number the fit moved to two significant
// figures (the values are steps of 0.5 to 2 from round ones).
func roundWeights(knobs []knob, w, w0 weights) weights {
	for _, k := range knobs {
		x := k.get(w)
		if x == k.get(w0) || x == 0 {
			continue
		}
		p := math.Pow(10, math.Floor(math.Log10(math.Abs(x)))-1)
		k.set(&w, math.Round(x/p)*p)
	}
	return w
}

// changed lists the knobs whose values differ in w and w0.
func changed(knobs []knob, w, w0 weights) []string {
	var out []string
	for _, k := range knobs {
		if a, b := k.get(w0), k.get(w); a != b {
			out = append(out, fmt.Sprintf("%s %.3g -> %.3g", k.name, a, b))
		}
	}
	return out
}

func envInt(name string, def int) int {
	var n int
	if _, err := fmt.Sscan(os.Getenv(name), &n); err != nil || n <= 0 {
		return def
	}
	return n
}

// TestFitWeights fits the weights on the tuning sets, cross-validated: for
// each of four folds (every set dealt across them), the weights are fitted
// on the other three and measured on it, against the weights as they are;
// then they are fitted on all the tuning questions, and each set's figures
// printed before and after. It changes nothing: it reports what the tuning
// sets support. Run with go test -tags fitweights -run TestFitWeights.
func TestFitWeights(t *testing.T) {
	c := testcorpus.Load(t)
	ix, err := Build(context.Background(), c.Documents, c.Entries, c.Cards)
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	defer ix.Close()
	qs := tuningQuestions(t)
	w0 := defaultWeights()
	knobs := knobsOf(w0)
	f := &fitter{tb: t, ix: ix, qs: qs, knobs: knobs, passes: envInt("STCCG_FIT_PASSES", 3), steps: fitSteps}
	if os.Getenv("STCCG_FIT_WIDE") != "" {
		f.steps = append([]float64{0.25}, append(slices.Clone(fitSteps), 4)...)
	}
	seed := uint64(envInt("STCCG_FIT_SEED", 24))
	// lambda: a number doubled must bring about one more question of the
	// questions fitted on to first place (1/n of hit@1).
	lambdaQuestions := 1.0
	if s := os.Getenv("STCCG_FIT_LAMBDA"); s != "" {
		if _, err := fmt.Sscan(s, &lambdaQuestions); err != nil {
			t.Fatalf("STCCG_FIT_LAMBDA %q: %v", s, err)
		}
	}
	report := func(format string, args ...any) {
		line := fmt.Sprintf(format, args...)
		t.Log(line)
		fmt.Println(line)
	}
	report("FIT %d tuning questions, %d numbers, steps %v, %d passes at most, lambda %g question(s) a doubling, folds dealt with seed %d",
		len(qs), len(knobs), f.steps, f.passes, lambdaQuestions, seed)

	// How far each number alone moves the figures on every tuning
	// question: MRR@10 and the questions answered first, at each step.
	all := make([]int, len(qs))
	for i := range all {
		all[i] = i
	}
	ix.setWeights(w0)
	base := evaluate(t, ix, qs, all)
	report("FIT weights as they are, all %d: %s", len(all), base)
	for _, kn := range knobs {
		var cells []string
		for _, step := range f.steps {
			x := min(max(kn.get(w0)*step, kn.lo), kn.hi)
			if kn.integral {
				x = math.Round(x)
			}
			if x == kn.get(w0) {
				cells = append(cells, fmt.Sprintf("x%g -", step))
				continue
			}
			w := w0
			kn.set(&w, x)
			ix.setWeights(w)
			s := evaluate(t, ix, qs, all)
			cells = append(cells, fmt.Sprintf("x%g %+.3f %+.0f", step, s.mrr-base.mrr, math.Round((s.hit1-base.hit1)*float64(len(all)))))
		}
		report("FIT alone %-14s %-6.3g %s", kn.name, kn.get(w0), strings.Join(cells, "; "))
	}
	// Each switch turned the other way, and Bleve's other scoring model
	// (an index built with it), on every tuning question: reported, not
	// fitted.
	for i := range reflect.TypeOf(w0).NumField() {
		if reflect.TypeOf(w0).Field(i).Type.Kind() != reflect.Bool {
			continue
		}
		w := w0
		v := reflect.ValueOf(&w).Elem().Field(i)
		v.SetBool(!v.Bool())
		ix.setWeights(w)
		s := evaluate(t, ix, qs, all)
		report("FIT switch %-16s %-5v: %+.3f %+.0f", reflect.TypeOf(w0).Field(i).Name, v.Bool(), s.mrr-base.mrr, math.Round((s.hit1-base.hit1)*float64(len(all))))
	}
	ix.setWeights(w0)
	for _, model := range []string{"tf-idf", "bm25"} {
		if model == w0.Scoring {
			continue
		}
		w := w0
		w.Scoring = model
		other, err := buildWith(context.Background(), w, c.Documents, c.Entries, c.Cards)
		if err != nil {
			t.Fatalf("buildWith %s: %v", model, err)
		}
		s := evaluate(t, other, qs, all)
		_ = other.Close()
		report("FIT scoring %s: %+.3f %+.0f", model, s.mrr-base.mrr, math.Round((s.hit1-base.hit1)*float64(len(all))))
	}

	const k = 4
	parts := folds(qs, k, seed)
	var gainMRR, gainHit1, gainObj float64
	for i, val := range parts {
		var train []int
		for j, p := range parts {
			if j != i {
				train = append(train, p...)
			}
		}
		f.lambda = lambdaQuestions / float64(len(train)) / math.Ln2
		before := f.evals
		w := f.fit(w0, train)
		f.ix.setWeights(w0)
		trainDefault, valDefault := evaluate(t, ix, qs, train), evaluate(t, ix, qs, val)
		f.ix.setWeights(w)
		trainFit, valFit := evaluate(t, ix, qs, train), evaluate(t, ix, qs, val)
		report("FIT fold %d: fitted on %d (%s -> %s), validated on %d: default %s, fitted %s (gain MRR@10 %+.3f hit@1 %+.3f); %d evaluations; moved: %s",
			i+1, len(train), trainDefault, trainFit, len(val), valDefault, valFit,
			valFit.mrr-valDefault.mrr, valFit.hit1-valDefault.hit1, f.evals-before, strings.Join(changed(knobs, w, w0), ", "))
		gainMRR += (valFit.mrr - valDefault.mrr) / k
		gainHit1 += (valFit.hit1 - valDefault.hit1) / k
		gainObj += (valFit.objective() - valDefault.objective()) / k
	}
	report("FIT cross-validated mean gain over the weights as they are: MRR@10 %+.4f, hit@1 %+.4f (objective %+.4f)", gainMRR, gainHit1, gainObj)

	f.lambda = lambdaQuestions / float64(len(all)) / math.Ln2
	fitted := f.fit(w0, all)
	rounded := roundWeights(knobs, fitted, w0)
	report("FIT on all %d: moved %s", len(all), strings.Join(changed(knobs, fitted, w0), ", "))
	report("FIT on all, rounded: moved %s", strings.Join(changed(knobs, rounded, w0), ", "))
	sets, bySet := groupBySet(qs)
	for _, s := range append(sets, "all") {
		picked := bySet[s]
		if s == "all" {
			picked = all
		}
		ix.setWeights(w0)
		a := evaluate(t, ix, qs, picked)
		ix.setWeights(fitted)
		b := evaluate(t, ix, qs, picked)
		ix.setWeights(rounded)
		r := evaluate(t, ix, qs, picked)
		report("FIT set %-8s default %s; fitted MRR@10=%.3f hit@1=%.3f; rounded MRR@10=%.3f hit@1=%.3f", s, a, b.mrr, b.hit1, r.mrr, r.hit1)
	}
}

// groupBySet lists the sets of qs in the order they first come, and the
// indexes of each set's questions.
func groupBySet(qs []fitQuestion) (sets []string, bySet map[string][]int) {
	bySet = map[string][]int{}
	for i, q := range qs {
		if _, ok := bySet[q.set]; !ok {
			sets = append(sets, q.set)
		}
		bySet[q.set] = append(bySet[q.set], i)
	}
	return sets, bySet
}
