//go:build fitweights

package search

import (
	"context"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/cputime"
	"github.com/stccg/stccg-rules/internal/loadgen"
	"github.com/stccg/stccg-rules/internal/rules"
)

// Paragraphs ranked as units of their own, and that ranking fused with the
// search's (docs/search.md, the tenth round): a tool of tuning, built only
// with the fitweights tag, as the fit of the weights is. The search does not
// use it: every use of it measured on the tuning sets lost ground or broke a
// family's test.
//
// Each paragraph of every entry is scored by BM25 over paragraphs (the
// query's stems in its own words, with the paragraphs' idf; its entry's
// titles, its parents' included, as a weaker field), and an entry is ranked
// by its best paragraph. TestPassageFusion fuses that ranking with the
// search's order by reciprocal rank (1/(K + rank) of each, summed) and
// grades the fused order on the tuning questions.

// passageIndex holds every paragraph of the entries (cards have none; a line
// of a list of contents is left out, as it never answers) with the postings
// of its English terms, made once when the index is built or opened.
type passageIndex struct {
	// doc is the document number of each paragraph, norm its BM25 length
	// factor k1 x (1 - b + b x words / mean words).
	doc  []uint32
	norm []float32
	// start is where each term's postings begin in posts, by lexicon id
	// (one more: where the last ends); idf each term's rarity among the
	// paragraphs.
	start []uint32
	posts []passagePosting
	idf   []float32
	// titleStart and titleDocs are, by term, the documents whose title or
	// a parent's holds it (in the same way as start and posts).
	titleStart []uint32
	titleDocs  []uint32
	// mean is the mean words of a paragraph.
	mean float64
}

// passagePosting is a paragraph holding a term, and how many times.
type passagePosting struct{ p, tf uint32 }

// BM25's constants, as they are usually set.
const (
	passageK1 = 1.2
	passageB  = 0.75
)

// buildPassages makes the paragraphs' index of the documents by number, for
// terms lexicon ids.
func buildPassages(byNum []*docMeta, meta map[string]*docMeta, terms int) *passageIndex {
	px := &passageIndex{}
	type post struct{ term, p, tf uint32 }
	var posts []post
	words := 0
	counts := map[uint32]uint32{}
	for num, m := range byNum {
		if m == nil {
			continue
		}
		for p := range m.paras {
			if m.paras[p].contents {
				continue
			}
			lo, hi := m.paras[p].at, uint32(len(m.words))
			if p+1 < len(m.paras) {
				hi = m.paras[p+1].at
			}
			clear(counts)
			for _, w := range m.words[lo:hi] {
				if w.term != noTerm && int(w.term) < terms {
					counts[w.term]++
				}
			}
			id := uint32(len(px.doc))
			px.doc = append(px.doc, uint32(num))
			px.norm = append(px.norm, float32(hi-lo))
			words += int(hi - lo)
			for t, c := range counts {
				posts = append(posts, post{t, id, c})
			}
		}
	}
	mean := float64(words) / float64(max(len(px.doc), 1))
	px.mean = max(mean, 1)
	for i, n := range px.norm {
		px.norm[i] = float32(passageK1 * (1 - passageB + passageB*float64(n)/max(mean, 1)))
	}
	slices.SortFunc(posts, func(x, y post) int {
		if x.term != y.term {
			return int(x.term) - int(y.term)
		}
		return int(x.p) - int(y.p)
	})
	px.start = make([]uint32, terms+1)
	px.posts = make([]passagePosting, len(posts))
	for i, q := range posts {
		px.posts[i] = passagePosting{p: q.p, tf: q.tf}
		px.start[q.term+1]++
	}
	for t := 1; t <= terms; t++ {
		px.start[t] += px.start[t-1]
	}
	px.idf = make([]float32, terms)
	n := float64(len(px.doc))
	for t := range terms {
		df := float64(px.start[t+1] - px.start[t])
		px.idf[t] = float32(math.Log(1 + (n-df+0.5)/(df+0.5)))
	}

	// The titles each document with paragraphs stands under: its own and
	// its parents' ("...2-execute-orders" is the parent of
	// "...2-execute-orders.order-beam-personnel").
	type titled struct{ term, doc uint32 }
	var titles []titled
	var path []uint32
	for num, m := range byNum {
		if m == nil || len(m.paras) == 0 {
			continue
		}
		path = append(path[:0], m.titleIDs...)
		for id := m.ID; ; {
			i := strings.LastIndexByte(id, '.')
			if i <= 0 {
				break
			}
			id = id[:i]
			if parent := meta[id]; parent != nil {
				path = append(path, parent.titleIDs...)
			}
		}
		slices.Sort(path)
		for _, t := range slices.Compact(path) {
			if int(t) < terms {
				titles = append(titles, titled{t, uint32(num)})
			}
		}
	}
	slices.SortFunc(titles, func(x, y titled) int {
		if x.term != y.term {
			return int(x.term) - int(y.term)
		}
		return int(x.doc) - int(y.doc)
	})
	px.titleStart = make([]uint32, terms+1)
	px.titleDocs = make([]uint32, len(titles))
	for i, q := range titles {
		px.titleDocs[i] = q.doc
		px.titleStart[q.term+1]++
	}
	for t := 1; t <= terms; t++ {
		px.titleStart[t] += px.titleStart[t-1]
	}
	return px
}

// passageScratch is what ranking the paragraphs of a search works in.
type passageScratch struct {
	score   []float32 // by paragraph
	held    []uint64  // by paragraph: the query's terms it holds
	touched []uint32  // the paragraphs scored
	title   []uint64  // by document: the query's terms its titles hold
	best    []float32 // by document: its best paragraph's score
	docs    []uint32  // the documents whose titles or paragraphs were read
	at      []int32   // by document: its place among the hits, or -1
}

// passageCandidate is a hit by the score of its best paragraph.
type passageCandidate struct {
	score float32
	byID  int32 // docMeta.byID: ties go to the first id
	place int32
}

// rankPassages scores every paragraph holding a term of the query by BM25
// over paragraphs (each stem of the query once, with the paragraphs' idf;
// a term in the entry's titles and not in the paragraph counts as Title
// words of it), and returns in top (up to its capacity) the hits whose best
// paragraph scores best, best first. Documents not among hits (left out by
// a filter) are not ranked. The work is bounded by the postings of the
// query's terms (each term's at most the paragraphs of the corpus) and
// by the hits.
func (ix *Index) rankPassages(px *passageIndex, titleWeight float64, a *analyzed, hits []collected, top []passageCandidate, ps *passageScratch) []passageCandidate {
	type qterm struct {
		id  uint32
		bit uint64
	}
	var qs [64]qterm
	n := 0
	for _, t := range a.stemIDs {
		if t != noTerm && int(t) < len(px.idf) && n < len(qs) {
			qs[n] = qterm{t, 1 << uint(n)}
			n++
		}
	}
	if n == 0 || cap(top) == 0 {
		return top
	}
	if len(ps.score) < len(px.doc) {
		ps.score = make([]float32, len(px.doc))
		ps.held = make([]uint64, len(px.doc))
	}
	if ndocs := len(ix.snap.byNum); len(ps.title) < ndocs {
		ps.title = make([]uint64, ndocs)
		ps.best = make([]float32, ndocs)
		ps.at = make([]int32, ndocs)
		for i := range ps.at {
			ps.at[i] = -1
		}
	}
	title := titleWeight > 0
	ps.touched, ps.docs = ps.touched[:0], ps.docs[:0]
	for _, q := range qs[:n] {
		idf := px.idf[q.id]
		for _, pp := range px.posts[px.start[q.id]:px.start[q.id+1]] {
			if ps.held[pp.p] == 0 {
				ps.touched = append(ps.touched, pp.p)
			}
			tf := float32(pp.tf)
			ps.score[pp.p] += idf * tf * (passageK1 + 1) / (tf + px.norm[pp.p])
			ps.held[pp.p] |= q.bit
		}
		if title {
			for _, d := range px.titleDocs[px.titleStart[q.id]:px.titleStart[q.id+1]] {
				ps.title[d] |= q.bit
			}
		}
	}
	// A title's term counts as Title words of an average paragraph.
	tw := float32(titleWeight * (passageK1 + 1) / (titleWeight + passageK1))
	for _, p := range ps.touched {
		d := px.doc[p]
		s := ps.score[p]
		if extra := ps.title[d] &^ ps.held[p]; extra != 0 {
			for _, q := range qs[:n] {
				if extra&q.bit != 0 {
					s += tw * px.idf[q.id]
				}
			}
		}
		if ps.best[d] == 0 {
			ps.docs = append(ps.docs, d)
		}
		ps.best[d] = max(ps.best[d], s)
		ps.score[p], ps.held[p] = 0, 0
	}
	if title {
		for _, q := range qs[:n] {
			for _, d := range px.titleDocs[px.titleStart[q.id]:px.titleStart[q.id+1]] {
				ps.title[d] = 0
			}
		}
	}
	for i := range hits {
		ps.at[hits[i].num] = int32(i)
	}
	for _, d := range ps.docs {
		if i := ps.at[d]; i >= 0 {
			c := passageCandidate{score: ps.best[d], byID: ix.snap.rank[d].byID, place: i}
			top = insertCandidate(top, c)
		}
		ps.best[d] = 0
	}
	for i := range hits {
		ps.at[hits[i].num] = -1
	}
	return top
}

// insertCandidate puts c in its place among top (best first), when it is
// among the best cap(top).
func insertCandidate(top []passageCandidate, c passageCandidate) []passageCandidate {
	better := func(x, y passageCandidate) bool {
		return x.score > y.score || x.score == y.score && x.byID < y.byID
	}
	i := len(top)
	for i > 0 && better(c, top[i-1]) {
		i--
	}
	if i == cap(top) {
		return top
	}
	if len(top) < cap(top) {
		top = top[:len(top)+1]
	}
	copy(top[i+1:], top[i:len(top)-1])
	top[i] = c
	return top
}

// passageFusion is one way of fusing the rankings TestPassageFusion measures.
type passageFusion struct {
	// minTerms is the fewest known stems of a query fused; sentences fuses
	// only a question typed as a sentence (analyzed.typed) or asking for a
	// kind of answer.
	minTerms  int
	sentences bool
	// k is reciprocal-rank fusion's constant, depth how many of the
	// paragraphs' ranking take part (from the search's first 100), title
	// how many words of a paragraph a term of its entry's titles counts
	// for, paraWeight the paragraphs' ranking's share (1: as the search's).
	k          float64
	depth      int
	title      float64
	paraWeight float64
	// byRule has a rule's copies share the paragraphs' rank of their best;
	// alone orders by the paragraphs' ranking alone (the search's order
	// after it).
	byRule, alone bool
	// window is how many of the search's first hits are fused (0:
	// fusionWindow, hits of the paragraphs' ranking from beyond it taking
	// part; fewer: those alone, reordered among themselves).
	window int
}

// fusionWindow is how many of the search's first hits are fused: the window
// governFirst reorders, the same for every page.
const fusionWindow = governWindow

// fused returns the search's hits res (its first 100) reordered by fusing
// them with the ranking of the query's paragraphs.
func (f passageFusion) fused(ix *Index, px *passageIndex, q rules.SearchQuery, res *rules.SearchResult, sc *scratch, ps *passageScratch) []rules.SearchHit {
	u, err := parseQuery(q.Q)
	if err != nil {
		return res.Hits
	}
	a := ix.analyze(u)
	known := 0
	for _, t := range a.stemIDs {
		if t != noTerm {
			known++
		}
	}
	if known < f.minTerms || f.sentences && len(a.typed) == 0 && a.intent == 0 {
		return res.Hits
	}
	if q.Edition == "" {
		q.Edition = rules.Edition(a.edition)
	}
	hits, _, _, err := ix.collect(context.Background(), ix.buildQuery(u, a), ix.filterOf(q), a.terms, rerankWindow, sc)
	if err != nil {
		return res.Hits
	}
	top := ix.rankPassages(px, f.title, &a, hits, make([]passageCandidate, 0, f.depth), ps)
	place := map[string]int{}
	for i, h := range res.Hits {
		place[h.ID] = i
	}
	paraRank := map[int]int{}
	ruleRank := map[int32]int{}
	next := 0
	for _, c := range top {
		m := hits[c.place].meta
		i, ok := place[m.ID]
		if !ok {
			continue // beyond the search's first 100
		}
		rule := ix.snap.rank[m.num].rule
		if r, ok := ruleRank[rule]; ok && f.byRule && rule >= 0 {
			paraRank[i] = r
			continue
		}
		next++
		paraRank[i] = next
		if rule >= 0 {
			ruleRank[rule] = next
		}
	}
	window := min(fusionWindow, len(res.Hits))
	if f.window > 0 {
		window = min(f.window, len(res.Hits))
	}
	miss := float64(max(window, f.depth) + 1)
	type fusedHit struct {
		score float64
		at    int
	}
	var fused []fusedHit
	add := func(i int) {
		re, pr := miss, miss
		if i < window {
			re = float64(i + 1)
		}
		if r, ok := paraRank[i]; ok {
			pr = float64(r)
		}
		s := 1/(f.k+re) + f.paraWeight/(f.k+pr)
		if f.alone {
			s = 1 / (f.k + pr)
		}
		fused = append(fused, fusedHit{s, i})
	}
	for i := range window {
		add(i)
	}
	for i := range paraRank {
		if i >= window && f.window == 0 {
			add(i)
		}
	}
	slices.SortFunc(fused, func(x, y fusedHit) int {
		if x.score != y.score {
			if x.score > y.score {
				return -1
			}
			return 1
		}
		return x.at - y.at
	})
	out := make([]rules.SearchHit, 0, len(res.Hits))
	placed := map[int]bool{}
	for _, h := range fused[:window] {
		out = append(out, res.Hits[h.at])
		placed[h.at] = true
	}
	for i, h := range res.Hits {
		if !placed[i] {
			out = append(out, h)
		}
	}
	return out
}

// TestPassageFusion measures ways of fusing the ranking of paragraphs with
// the search's on the tuning questions alone, by set and over all:
// STCCG_PASSAGE_FUSION lists them, separated by ';', each
// "minTerms,sentences,k,depth,title,paraWeight,byRule,alone,window" (0 or
// 1 for the switches). With STCCG_TUNING_RANKS it names the questions each moved
// against the ranks recorded there (see TestTuningRanks).
func TestPassageFusion(t *testing.T) {
	spec := os.Getenv("STCCG_PASSAGE_FUSION")
	if spec == "" {
		t.Fatal("STCCG_PASSAGE_FUSION lists the ways of fusing")
	}
	ix := buildCorpus(t)
	px := buildPassages(ix.snap.byNum, ix.meta, len(ix.lex.idf))
	qs := tuningQuestions(t)
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
	sc := ix.scratch.Get().(*scratch)
	defer ix.scratch.Put(sc)
	ps := &passageScratch{}
	for _, v := range strings.Split(spec, ";") {
		var f passageFusion
		var sentences, byRule, alone int
		if _, err := fmt.Sscanf(v, "%d,%d,%g,%d,%g,%g,%d,%d,%d", &f.minTerms, &sentences, &f.k, &f.depth, &f.title, &f.paraWeight, &byRule, &alone, &f.window); err != nil {
			t.Fatalf("%q: %v", v, err)
		}
		f.sentences, f.byRule, f.alone = sentences == 1, byRule == 1, alone == 1
		var figs setFigures
		for _, q := range qs {
			page := q.q
			page.Limit = 100
			res, err := ix.Search(context.Background(), page)
			if err != nil {
				t.Fatal(err)
			}
			hits := res.Hits
			if f.minTerms > 0 {
				hits = f.fused(ix, px, q.q, res, sc, ps)
			}
			r := q.rank(&rules.SearchResult{Total: res.Total, Hits: hits[:min(len(hits), q.q.Limit)]}).rank
			key := q.set + "\t" + q.q.Q + "\t" + string(q.q.Edition)
			if was, ok := recorded[key]; ok && was != fmt.Sprint(r) {
				t.Logf("  moved %s -> %d: %s | %s", was, r, q.set, q.q.Q)
			}
			figs.add(q.set, r)
		}
		line := fmt.Sprintf("%-28s all %.4f/%.4f", v, figs.all.mrr(), figs.all.hit1())
		for _, s := range figs.names() {
			f := figs.of(s)
			line += fmt.Sprintf(" | %s %.3f/%d", s, f.mrr(), f.first)
		}
		t.Log(line)
	}
}

// TestPassageAgreement prints, for each tuning question, where the search
// and the paragraphs' ranking put the answer and each other's first: what a
// rule choosing between them could read (STCCG_PASSAGE_AGREEMENT=1).
func TestPassageAgreement(t *testing.T) {
	if os.Getenv("STCCG_PASSAGE_AGREEMENT") == "" {
		t.Fatal("STCCG_PASSAGE_AGREEMENT=1 prints the agreement of the two rankings")
	}
	ix := buildCorpus(t)
	px := buildPassages(ix.snap.byNum, ix.meta, len(ix.lex.idf))
	sc := ix.scratch.Get().(*scratch)
	defer ix.scratch.Put(sc)
	ps := &passageScratch{}
	alone := passageFusion{minTerms: 1, k: 60, depth: 100, title: 2, paraWeight: 1, byRule: true, alone: true}
	for _, q := range tuningQuestions(t) {
		page := q.q
		page.Limit = 100
		res, err := ix.Search(context.Background(), page)
		if err != nil {
			t.Fatal(err)
		}
		byPara := alone.fused(ix, px, q.q, res, sc, ps)
		re := q.rank(&rules.SearchResult{Hits: res.Hits[:min(10, len(res.Hits))]}).rank
		rp := q.rank(&rules.SearchResult{Hits: byPara[:min(10, len(byPara))]}).rank
		// where each ranking puts the other's first
		pOfE, eOfP := 0, 0
		for i, h := range byPara {
			if len(res.Hits) > 0 && h.ID == res.Hits[0].ID {
				pOfE = i + 1
			}
		}
		for i, h := range res.Hits {
			if len(byPara) > 0 && h.ID == byPara[0].ID {
				eOfP = i + 1
			}
		}
		ratio := 0.0
		if len(res.Hits) > 1 && res.Hits[0].Score > 0 {
			ratio = res.Hits[1].Score / res.Hits[0].Score
		}
		t.Logf("AGREE\t%s\t%d\t%d\t%d\t%d\t%.3f\t%s", q.set, re, rp, pOfE, eOfP, ratio, q.q.Q)
	}
}

// BenchmarkRankPassages ranks the paragraphs of the load test's searches
// (each analysed and collected once, beforehand): what the ranking would
// add to a search if every search read it.
func BenchmarkRankPassages(b *testing.B) {
	ix := buildCorpus(b)
	px := buildPassages(ix.snap.byNum, ix.meta, len(ix.lex.idf))
	ss, err := loadgen.Searches(variedSeed, 2000)
	if err != nil {
		b.Fatal(err)
	}
	type prepared struct {
		a    analyzed
		hits []collected
	}
	var qs []prepared
	sc := ix.scratch.Get().(*scratch)
	defer ix.scratch.Put(sc)
	for _, s := range ss {
		u, err := parseQuery(s.Q)
		if err != nil {
			continue
		}
		a := ix.analyze(u)
		hits, _, _, err := ix.collect(context.Background(), ix.buildQuery(u, a), ix.filterOf(rules.SearchQuery{Edition: rules.Edition(s.Edition)}), a.terms, rerankWindow, sc)
		if err != nil {
			b.Fatal(err)
		}
		qs = append(qs, prepared{a, slices.Clone(hits)})
	}
	ps := &passageScratch{}
	top := make([]passageCandidate, 0, DefaultLimit)
	b.ReportAllocs()
	cpu := cputime.Start()
	i := 0
	for b.Loop() {
		q := &qs[i%len(qs)]
		top = ix.rankPassages(px, 0.5, &q.a, q.hits, top[:0], ps)
		i++
	}
	cpu.Report(b, b.N)
}
