//go:build fitweights

package search

import (
	"bufio"
	"context"
	"encoding/base64"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/stccg/stccg-rules/internal/cputime"
	"github.com/stccg/stccg-rules/internal/loadgen"
	"github.com/stccg/stccg-rules/internal/rules"
)

// Meaning from word vectors (docs/search.md, the eleventh round): a tool of
// tuning, built only with the fitweights tag, as the fit of the weights is.
// The search does not use it. It reads the file of 8-bit GloVe vectors
// internal/search/internal/vectorgen writes (STCCG_WORD_VECTORS) and
// measures on the tuning questions alone:
//
//   - TestDenseRerank: each paragraph of every entry, and each question,
//     read as one vector (smooth-inverse-frequency weighted mean of its
//     words' vectors, the common component removed), and the cosine of the
//     question and a hit's paragraphs fused with the search's order;
//   - TestWordNeighbours: a typed word rare in the index or absent from it
//     searched also as its nearest words of the rules by cosine, as
//     addDerived searches WordNet's derived words.

// wordVectors are the vectors of the file vectorgen writes: each word's
// unit vector and its rank by frequency in the vectors' own corpus.
type wordVectors struct {
	unit  map[string][]float32
	raw   map[string][]float32
	rank  map[string]int
	total int
	dims  int
}

// readWordVectors reads the file STCCG_WORD_VECTORS names.
func readWordVectors(tb testing.TB) *wordVectors {
	tb.Helper()
	path := os.Getenv("STCCG_WORD_VECTORS")
	if path == "" {
		tb.Fatal("STCCG_WORD_VECTORS names the file internal/search/internal/vectorgen writes")
	}
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	wv := &wordVectors{unit: map[string][]float32{}, raw: map[string][]float32{}, rank: map[string]int{}, total: 341479}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if l == "" || l[0] == '#' {
			continue
		}
		fs := strings.Fields(l)
		if len(fs) != 4 {
			tb.Fatalf("line %q", l)
		}
		rank, err1 := strconv.Atoi(fs[1])
		most, err2 := strconv.ParseFloat(fs[2], 64)
		q, err3 := base64.StdEncoding.DecodeString(fs[3])
		if err1 != nil || err2 != nil || err3 != nil {
			tb.Fatalf("line %q", l)
		}
		v := make([]float32, len(q))
		n := 0.0
		for i, b := range q {
			v[i] = float32(float64(int8(b)) * most / 127)
			n += float64(v[i]) * float64(v[i])
		}
		u := make([]float32, len(v))
		for i := range v {
			u[i] = v[i] / float32(math.Sqrt(n))
		}
		wv.raw[fs[0]], wv.unit[fs[0]], wv.rank[fs[0]] = v, u, rank
		wv.dims = len(v)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return wv
}

// vectorWords are the folded words of a text, of letters (an apostrophe
// inside); a word holding a digit is left out.
func vectorWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\''
	}) {
		w = strings.Trim(w, "'")
		if w == "" || strings.IndexFunc(w, unicode.IsDigit) >= 0 {
			continue
		}
		out = append(out, w)
	}
	return out
}

func dot(x, y []float32) float64 {
	s := float32(0)
	for i := range x {
		s += x[i] * y[i]
	}
	return float64(s)
}

func normalize(v []float32) []float32 {
	n := math.Sqrt(dot(v, v))
	if n == 0 {
		return v
	}
	for i := range v {
		v[i] /= float32(n)
	}
	return v
}

// denseModel holds the vector of each paragraph of every entry (a card's
// whole text as one), by hit id.
type denseModel struct {
	wv *wordVectors
	// a is SIF's constant: a word's weight is a / (a + p), p its share of
	// the vectors' corpus, read from its rank by Zipf's law; below 0 the
	// weight is the index's rarity of the word's term instead.
	a float64
	// pc is the common component removed from every vector.
	pc    []float32
	paras map[string][][]float32
	// anchors are the anchors of paras, by hit id; words their words.
	anchors map[string][]string
	words   map[string][][]string
	ix      *Index
	maxIDF  float64
	// stem is each word's English term ("" for a stop word).
	stem map[string]string
	zipf float64
}

// sifMean is the weighted mean of the words' vectors, not yet rid of the
// common component; nil for none known.
func (d *denseModel) sifMean(words []string) []float32 {
	v := make([]float32, d.wv.dims)
	n := 0
	for _, w := range words {
		x, ok := d.wv.raw[w]
		if !ok {
			continue
		}
		p := 1 / (float64(d.wv.rank[w]) * d.zipf)
		wt := float32(d.a / (d.a + p))
		if d.a < 0 {
			// the index's rarity of the word's term (a stop word none, a
			// word the index lacks as its rarest)
			wt = float32(d.idf(w))
		}
		for i := range v {
			v[i] += wt * x[i]
		}
		n++
	}
	if n == 0 {
		return nil
	}
	for i := range v {
		v[i] /= float32(n)
	}
	return v
}

// idf is the index's rarity of a word's term: none for a stop word, the
// most for a term it lacks.
func (d *denseModel) idf(w string) float64 {
	t, ok := d.stem[w]
	if !ok {
		t = d.ix.termOfWord(w)
		d.stem[w] = t
	}
	if t == "" {
		return 0
	}
	if id := d.ix.lex.id(t); id != noTerm {
		return d.ix.lex.idf[id]
	}
	return d.maxIDF
}

// finish removes the common component and makes v a unit vector.
func (d *denseModel) finish(v []float32) []float32 {
	if d.pc != nil {
		p := float32(dot(v, d.pc))
		for i := range v {
			v[i] -= p * d.pc[i]
		}
	}
	return normalize(v)
}

// embed is the unit vector of a text, nil for none of its words known.
func (d *denseModel) embed(s string) []float32 {
	v := d.sifMean(vectorWords(s))
	if v == nil {
		return nil
	}
	return d.finish(v)
}

// newDenseModel makes the paragraphs' vectors of the index's entries; with
// title, each paragraph is read with its entry's title.
func newDenseModel(ix *Index, wv *wordVectors, a float64, title, common bool) *denseModel {
	d := &denseModel{wv: wv, a: a, paras: map[string][][]float32{}, anchors: map[string][]string{}, words: map[string][][]string{}, stem: map[string]string{}, zipf: math.Log(float64(wv.total)) + 0.5772, ix: ix}
	for _, f := range ix.lex.idf {
		d.maxIDF = max(d.maxIDF, f)
	}
	type raw struct {
		id     string
		anchor string
		v      []float32
		words  []string
	}
	var all []raw
	for id, m := range ix.meta {
		texts, anchors := []string{}, []string{}
		if len(m.paras) == 0 {
			texts, anchors = append(texts, m.Text), append(anchors, "")
		}
		for _, p := range m.paras {
			if p.contents {
				continue
			}
			texts, anchors = append(texts, m.Text[p.from:p.to]), append(anchors, p.anchor)
		}
		for i, s := range texts {
			if title {
				s = m.Title + ". " + s
			}
			ws := vectorWords(s)
			for _, w := range ws {
				if _, ok := d.stem[w]; !ok {
					d.stem[w] = ix.termOfWord(w)
				}
			}
			if v := d.sifMean(ws); v != nil {
				all = append(all, raw{id, anchors[i], v, ws})
			}
		}
	}
	if common {
		// the first principal component (uncentred), by power iteration
		pc := make([]float32, wv.dims)
		for i := range pc {
			pc[i] = 1
		}
		normalize(pc)
		for range 50 {
			next := make([]float32, wv.dims)
			for _, r := range all {
				p := float32(dot(r.v, pc))
				for i := range next {
					next[i] += p * r.v[i]
				}
			}
			pc = normalize(next)
		}
		d.pc = pc
	}
	for _, r := range all {
		d.paras[r.id] = append(d.paras[r.id], d.finish(slices.Clone(r.v)))
		d.anchors[r.id] = append(d.anchors[r.id], r.anchor)
		d.words[r.id] = append(d.words[r.id], r.words)
	}
	return d
}

// aligned is, for a hit's paragraphs, the most of the question's share (by
// SIF's weights) that its words the paragraph lacks find in a word of the
// paragraph at a cosine of theta or more (that cosine counted): what the
// paragraph says of the question in other words.
func (d *denseModel) aligned(ix *Index, qw []string, h rules.SearchHit, theta float64, anchored bool) float64 {
	best := 0.0
	total := 0.0
	for _, w := range qw {
		if _, ok := d.wv.raw[w]; ok {
			total += d.a / (d.a + 1/(float64(d.wv.rank[w])*d.zipf))
		}
	}
	if total == 0 {
		return 0
	}
	for i, ws := range d.words[h.ID] {
		if anchored && h.Anchor != "" && d.anchors[h.ID][i] != h.Anchor {
			continue
		}
		held := map[string]bool{}
		for _, w := range ws {
			held[d.stem[w]] = true
		}
		sum := 0.0
		for _, w := range qw {
			u, ok := d.wv.unit[w]
			if !ok {
				continue
			}
			t, ok := d.stem[w]
			if !ok {
				t = ix.termOfWord(w)
				d.stem[w] = t
			}
			if t == "" || held[t] {
				continue
			}
			most := 0.0
			for _, p := range ws {
				if v, ok := d.wv.unit[p]; ok && d.stem[p] != "" {
					most = max(most, dot(u, v))
				}
			}
			if most >= theta {
				sum += most * d.a / (d.a + 1/(float64(d.wv.rank[w])*d.zipf))
			}
		}
		best = max(best, sum/total)
	}
	return best
}

// similarity is the cosine of q and a hit: its best paragraph's, or with
// anchored, the paragraph the search's hit is anchored at (its best when
// it has none).
func (d *denseModel) similarity(q []float32, h rules.SearchHit, anchored bool) float64 {
	best := -1.0
	for i, p := range d.paras[h.ID] {
		c := dot(q, p)
		if anchored && h.Anchor != "" && d.anchors[h.ID][i] == h.Anchor {
			return c
		}
		best = max(best, c)
	}
	return best
}

// denseFusion is one way of fusing the cosine with the search's order.
type denseFusion struct {
	// mode: "add" scores a hit of the window (the search's first window
	// hits) its score over the first's plus w x its cosine; "ties" does so
	// among the hits scoring k of the first's or more; "rrf" scores
	// 1/(k + its place) + w/(k + its place by cosine among the search's
	// first 100 hits), hits from beyond the window taking part; "align"
	// scores its score over the first's plus w x the share of the question
	// its paragraph says in other words (aligned, k the least cosine).
	mode   string
	w      float64
	window int
	k      float64
	// anchored reads the hit's anchored paragraph alone, not its best.
	anchored bool
	// minWords is the fewest known words of the question fused.
	minWords int
	ix       *Index
}

// fused returns the search's hits (its first 100) reordered by fusing them
// with the cosine of the question q and their paragraphs.
func (f denseFusion) fused(d *denseModel, q string, hits []rules.SearchHit) []rules.SearchHit {
	if len(hits) == 0 {
		return hits
	}
	known := 0
	for _, w := range vectorWords(q) {
		if _, ok := d.wv.raw[w]; ok {
			known++
		}
	}
	qv := d.embed(q)
	if qv == nil || known < f.minWords {
		return hits
	}
	window := min(f.window, len(hits))
	cos := make([]float64, len(hits))
	for i, h := range hits {
		cos[i] = d.similarity(qv, h, f.anchored)
	}
	type scored struct {
		s  float64
		at int
	}
	var out []scored
	switch f.mode {
	case "align":
		top := hits[0].Score
		qw := vectorWords(q)
		for i := range window {
			out = append(out, scored{hits[i].Score/top + f.w*d.aligned(f.ix, qw, hits[i], f.k, f.anchored), i})
		}
	case "add":
		top := hits[0].Score
		for i := range window {
			out = append(out, scored{hits[i].Score/top + f.w*cos[i], i})
		}
	case "ties":
		// only the hits scoring k of the first's or more, ordered among
		// themselves by score over the first's plus w x cosine
		top := hits[0].Score
		for i := range window {
			if hits[i].Score < f.k*top {
				window = i
				break
			}
			out = append(out, scored{hits[i].Score/top + f.w*cos[i], i})
		}
	case "rrf":
		order := make([]int, len(hits))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(x, y int) int {
			if cos[x] > cos[y] {
				return -1
			}
			if cos[x] < cos[y] {
				return 1
			}
			return 0
		})
		dense := make([]int, len(hits))
		for r, i := range order {
			dense[i] = r + 1
		}
		miss := float64(len(hits) + 1)
		for i := range hits {
			re := miss
			if i < window {
				re = float64(i + 1)
			} else if dense[i] > window {
				continue
			}
			out = append(out, scored{1/(f.k+re) + f.w/(f.k+float64(dense[i])), i})
		}
	}
	slices.SortStableFunc(out, func(x, y scored) int {
		if x.s > y.s {
			return -1
		}
		if x.s < y.s {
			return 1
		}
		return x.at - y.at
	})
	res := make([]rules.SearchHit, 0, len(hits))
	placed := map[int]bool{}
	for _, s := range out[:min(len(out), window)] {
		res = append(res, hits[s.at])
		placed[s.at] = true
	}
	for i, h := range hits {
		if !placed[i] {
			res = append(res, h)
		}
	}
	return res
}

// recordedRanks reads the ranks STCCG_TUNING_RANKS records, if named.
func recordedRanks(t *testing.T) map[string]string {
	recorded := map[string]string{}
	if path := os.Getenv("STCCG_TUNING_RANKS"); path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			if i := strings.LastIndexByte(l, '\t'); i > 0 {
				recorded[l[:i]] = l[i+1:]
			}
		}
	}
	return recorded
}

// TestDenseRerank measures ways of fusing the cosine of a question and the
// hits' paragraphs with the search's order on the tuning questions alone:
// STCCG_DENSE lists them, separated by ';', each
// "mode,w,window,k,anchored,minWords,a,title,common" (0 or 1 for the
// switches; a is SIF's constant, below 0 the index's rarity; title reads
// each paragraph with its entry's title; common removes the common
// component). STCCG_DENSE_MOVED=1 logs the questions moved. With STCCG_TUNING_RANKS it names the questions each moved.
func TestDenseRerank(t *testing.T) {
	spec := os.Getenv("STCCG_DENSE")
	if spec == "" {
		t.Fatal("STCCG_DENSE lists the ways of fusing")
	}
	ix := buildCorpus(t)
	wv := readWordVectors(t)
	qs := tuningQuestions(t)
	recorded := recordedRanks(t)
	results := make([]*rules.SearchResult, len(qs))
	for i, q := range qs {
		page := q.q
		page.Limit = 100
		res, err := ix.Search(context.Background(), page)
		if err != nil {
			t.Fatal(err)
		}
		results[i] = res
	}
	models := map[string]*denseModel{}
	for _, v := range strings.Split(spec, ";") {
		var f denseFusion
		var anchored, title, common int
		var a float64
		fs := strings.Split(v, ",")
		if len(fs) != 9 {
			t.Fatalf("%q: 9 fields", v)
		}
		f.mode = fs[0]
		if _, err := fmt.Sscanf(strings.Join(fs[1:], " "), "%g %d %g %d %d %g %d %d", &f.w, &f.window, &f.k, &anchored, &f.minWords, &a, &title, &common); err != nil {
			t.Fatalf("%q: %v", v, err)
		}
		f.anchored = anchored == 1
		f.ix = ix
		key := fmt.Sprint(a, title, common)
		d := models[key]
		if d == nil {
			d = newDenseModel(ix, wv, a, title == 1, common == 1)
			models[key] = d
		}
		var figs setFigures
		up, down := 0, 0
		for i, q := range qs {
			hits := f.fused(d, q.q.Q, results[i].Hits)
			r := q.rank(&rules.SearchResult{Total: results[i].Total, Hits: hits[:min(len(hits), q.q.Limit)]}).rank
			key := q.set + "\t" + q.q.Q + "\t" + string(q.q.Edition)
			if was, ok := recorded[key]; ok && was != fmt.Sprint(r) {
				if w, _ := strconv.Atoi(was); r > 0 && (w == 0 || r < w) {
					up++
				} else {
					down++
				}
				if os.Getenv("STCCG_DENSE_MOVED") != "" {
					t.Logf("  moved %s -> %d: %s | %s", was, r, q.set, q.q.Q)
				}
			}
			figs.add(q.set, r)
		}
		line := fmt.Sprintf("%-32s %d up %d down all %.4f/%.4f", v, up, down, figs.all.mrr(), figs.all.hit1())
		for _, s := range figs.names() {
			f := figs.of(s)
			line += fmt.Sprintf(" | %s %.3f/%d", s, f.mrr(), f.first)
		}
		t.Log(line)
	}
}

// neighbourSpec is one way of reading a typed word as its nearest words of
// the rules.
type neighbourSpec struct {
	// theta is the least cosine of a neighbour, k the most neighbours of a
	// word, rarest the typed word's rarity (at least one document in
	// rarest holds it and it has none), weight Derived's.
	theta  float64
	k      int
	rarest float64
	weight float64
	// alone drops WordNet's derived words.
	alone bool
	// minRank is the least rank by frequency of a typed word read so, and
	// of its neighbours (the most frequent words of English are read as
	// typed: "go", "get", "much").
	minRank int
	// wordnet takes a word's candidates from the file of WordNet's related
	// words STCCG_WORDNET_RELATED names (internal/search/internal/wordnetgen
	// -synonyms), kept at a cosine of theta or more: the vectors choosing
	// the senses of WordNet's words.
	wordnet bool
}

// ruleWord is a word of the rules' entries: its term's id and vector.
type ruleWord struct {
	word string
	id   uint32
	unit []float32
}

// ruleWords are the words of the rules' entries the vectors know, whose
// terms are not a title's (the game's own words, as findDerived leaves
// them out).
func ruleWords(ix *Index, wv *wordVectors, game map[uint32]bool) []ruleWord {
	seen := map[string]bool{}
	var out []ruleWord
	for _, m := range ix.meta {
		if m.Kind == rules.KindCard {
			continue
		}
		for _, w := range vectorWords(m.Title + " " + m.Text) {
			if seen[w] {
				continue
			}
			seen[w] = true
			u, ok := wv.unit[w]
			if !ok {
				continue
			}
			t := ix.termOfWord(w)
			id := ix.lex.id(t)
			if t == "" || id == noTerm || game[id] {
				continue
			}
			out = append(out, ruleWord{w, id, u})
		}
	}
	slices.SortFunc(out, func(x, y ruleWord) int { return strings.Compare(x.word, y.word) })
	return out
}

// gameTerms are the terms of the rules' titles.
func gameTerms(ix *Index) map[uint32]bool {
	game := map[uint32]bool{}
	for _, m := range ix.meta {
		if m.Kind != rules.KindCard {
			for _, id := range m.titleIDs {
				game[id] = true
			}
		}
	}
	return game
}

// neighbours relates the term of each word of the vectors, rare in the index
// or absent from it and no title's, to the terms of its nearest rule words.
// With s.wordnet a word's candidates are its words in related, not every
// rule word.
func neighbours(ix *Index, wv *wordVectors, rw []ruleWord, game map[uint32]bool, related map[string][]string, s neighbourSpec) (map[string][]uint32, map[string][]string) {
	out := map[string][]uint32{}
	shown := map[string][]string{}
	rare := math.Log(1 + s.rarest)
	type near struct {
		c  float64
		at int
	}
	byWord := map[string]int{}
	for i := range rw {
		byWord[rw[i].word] = i
	}
	for w, u := range wv.unit {
		if s.wordnet && len(related[w]) == 0 {
			continue
		}
		if wv.rank[w] < s.minRank {
			continue
		}
		t := ix.termOfWord(w)
		if t == "" {
			continue
		}
		if id := ix.lex.id(t); id != noTerm && (game[id] || ix.lex.idf[id] < rare) {
			continue
		}
		var best []near
		for _, r := range related[w] {
			if i, ok := byWord[r]; ok && ix.lex.words[rw[i].id] != t {
				if c := dot(u, rw[i].unit); c >= s.theta {
					best = append(best, near{c, i})
				}
			}
		}
		for i := range rw {
			if s.wordnet {
				break
			}
			if rw[i].word == w || ix.lex.words[rw[i].id] == t || wv.rank[rw[i].word] < s.minRank {
				continue
			}
			if c := dot(u, rw[i].unit); c >= s.theta {
				best = append(best, near{c, i})
			}
		}
		slices.SortFunc(best, func(x, y near) int {
			if x.c > y.c {
				return -1
			}
			if x.c < y.c {
				return 1
			}
			return x.at - y.at
		})
		for _, b := range best[:min(len(best), s.k)] {
			if !slices.Contains(out[t], rw[b.at].id) {
				out[t] = append(out[t], rw[b.at].id)
				shown[t] = append(shown[t], fmt.Sprintf("%s %.2f", rw[b.at].word, b.c))
			}
		}
	}
	return out, shown
}

// TestWordNeighbours measures, on the tuning questions alone, a typed word
// rare in the index or absent from it searched also as its nearest words of
// the rules by the vectors' cosine, as addDerived searches WordNet's
// derived words: STCCG_NEIGHBOURS lists the ways, separated by ';', each
// "theta,k,rarest,weight,alone,minRank,wordnet" (rarest at least derivedRarest, which
// addDerived applies too). With STCCG_TUNING_RANKS it names the questions
// each moved; STCCG_WORDNET_RELATED names the file of WordNet's related
// words the "wordnet" ways read; STCCG_NEIGHBOURS_SHOW=1 logs the neighbours of the moved
// questions' words.
func TestWordNeighbours(t *testing.T) {
	spec := os.Getenv("STCCG_NEIGHBOURS")
	if spec == "" {
		t.Fatal("STCCG_NEIGHBOURS lists the ways")
	}
	ix := buildCorpus(t)
	wv := readWordVectors(t)
	qs := tuningQuestions(t)
	recorded := recordedRanks(t)
	game := gameTerms(ix)
	rw := ruleWords(ix, wv, game)
	t.Logf("%d rule words with vectors", len(rw))
	related := map[string][]string{}
	if path := os.Getenv("STCCG_WORDNET_RELATED"); path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for line := range strings.Lines(string(b)) {
			if fs := strings.Fields(line); len(fs) > 1 && fs[0][0] != '#' {
				related[fs[0]] = fs[1:]
			}
		}
	}
	derived, w := ix.derived, ix.w
	defer func() { ix.derived = derived; ix.setWeights(w) }()
	for _, v := range strings.Split(spec, ";") {
		var s neighbourSpec
		var alone, wordnet int
		if _, err := fmt.Sscanf(v, "%g,%d,%g,%g,%d,%d,%d", &s.theta, &s.k, &s.rarest, &s.weight, &alone, &s.minRank, &wordnet); err != nil {
			t.Fatalf("%q: %v", v, err)
		}
		s.alone, s.wordnet = alone == 1, wordnet == 1
		near, shown := neighbours(ix, wv, rw, game, related, s)
		merged := map[string][]uint32{}
		if !s.alone {
			for k, ids := range derived {
				merged[k] = slices.Clone(ids)
			}
		}
		pairs := 0
		for k, ids := range near {
			for _, id := range ids {
				if !slices.Contains(merged[k], id) {
					merged[k] = append(merged[k], id)
					pairs++
				}
			}
		}
		ix.derived = merged
		nw := w
		nw.Derived = s.weight
		ix.setWeights(nw)
		var figs setFigures
		up, down := 0, 0
		for _, q := range qs {
			res, err := ix.Search(context.Background(), q.q)
			if err != nil {
				t.Fatal(err)
			}
			r := q.rank(res).rank
			key := q.set + "\t" + q.q.Q + "\t" + string(q.q.Edition)
			if was, ok := recorded[key]; ok && was != fmt.Sprint(r) {
				if w, _ := strconv.Atoi(was); r > 0 && (w == 0 || r < w) {
					up++
				} else {
					down++
				}
				t.Logf("  moved %s -> %d: %s | %s", was, r, q.set, q.q.Q)
				if os.Getenv("STCCG_NEIGHBOURS_SHOW") != "" {
					for _, x := range vectorWords(q.q.Q) {
						if tm := ix.termOfWord(x); len(shown[tm]) > 0 {
							t.Logf("    %s: %s", x, strings.Join(shown[tm], ", "))
						}
					}
				}
			}
			figs.add(q.set, r)
		}
		line := fmt.Sprintf("%-22s %5d terms %6d pairs %d up %d down all %.4f/%.4f", v, len(near), pairs, up, down, figs.all.mrr(), figs.all.hit1())
		for _, s := range figs.names() {
			f := figs.of(s)
			line += fmt.Sprintf(" | %s %.3f/%d", s, f.mrr(), f.first)
		}
		t.Log(line)
	}
}

// BenchmarkDenseSimilarity measures what the cosine of the question and the
// best paragraph of each of a search's first 25 hits costs a search (the
// load test's searches, each searched once beforehand): the question's
// vector, then a dot product per paragraph. Its vectors are held in maps, as
// the tool reads them; a search using it would hold them in arrays.
func BenchmarkDenseSimilarity(b *testing.B) {
	ix := buildCorpus(b)
	wv := readWordVectors(b)
	d := newDenseModel(ix, wv, 0.001, false, true)
	ss, err := loadgen.Searches(variedSeed, 2000)
	if err != nil {
		b.Fatal(err)
	}
	type prepared struct {
		q    string
		hits []rules.SearchHit
	}
	var qs []prepared
	for _, s := range ss {
		res, err := ix.Search(context.Background(), rules.SearchQuery{Q: s.Q, Edition: rules.Edition(s.Edition), Limit: governWindow})
		if err != nil {
			continue
		}
		qs = append(qs, prepared{s.Q, res.Hits})
	}
	b.ReportAllocs()
	cpu := cputime.Start()
	i, sum := 0, 0.0
	for b.Loop() {
		q := &qs[i%len(qs)]
		if v := d.embed(q.q); v != nil {
			for _, h := range q.hits {
				sum += d.similarity(v, h, false)
			}
		}
		i++
	}
	cpu.Report(b, b.N)
	_ = sum
}
