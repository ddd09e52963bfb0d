package search

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// The grading rule of every relevance set: a later document of an edition
// governs an earlier one (rules.Governs), and search is meant to put the
// governing text first, so an answer a question names in an older document
// is also answered by a document governing it wherever that document states
// the same rule. "States the same rule" is read from the text, mechanically:
//
//   - a question naming the paragraph that answers (an anchor, or a few of
//     its words) is answered by any paragraph of a governing document that
//     holds that paragraph: nine tenths of its folded words or more, in
//     order (sameRuleText; a newer rulebook may add a word, "unstopped",
//     or change one, "kept" for "always");
//   - a question naming no paragraph is answered by the same term's entry
//     (rules.Entry.Related) of a governing document whose whole text holds
//     the named entry's whole text so.
//
// The governing copy is graded as the named one: its rank counts as the
// question's, and its paragraph is the one that answers when it is the
// paragraph holding the named one. Nothing else changes: an answer named in
// the governing document is not answered by an older copy.
const sameRuleText = 0.9

// grader finds, for the answers a question names, the copies of the same
// rule in the documents governing theirs.
type grader struct {
	docs  map[string]rules.Document
	byID  map[string]*rules.Entry
	paras map[string][]gradedParagraph // by entry id, in order
	// governing lists, for each document, the paragraphs of the documents
	// governing it.
	governing map[string][]gradedParagraph
}

// gradedParagraph is a paragraph's folded words, distinct words too.
type gradedParagraph struct {
	id, anchor string
	words      []string
	distinct   map[string]bool
}

// governingAnswers are the entries a question's named answers' governing
// copies add, each with the anchors of the paragraphs that answer (none
// when the question names no paragraph).
type governingAnswers map[string][]string

// namedAnswer is an entry a question accepts and the anchors of its
// paragraphs the question names (none: the question names no paragraph of
// it).
type namedAnswer struct {
	id      string
	anchors []string
}

func newGrader(tb testing.TB) *grader {
	tb.Helper()
	c := testcorpus.Load(tb)
	g := &grader{
		docs:      map[string]rules.Document{},
		byID:      map[string]*rules.Entry{},
		paras:     map[string][]gradedParagraph{},
		governing: map[string][]gradedParagraph{},
	}
	for _, d := range c.Documents {
		g.docs[d.ID] = d
	}
	for _, e := range c.Entries {
		g.byID[e.ID] = e
		for _, p := range e.Paragraphs {
			w := foldedWords(p.Text)
			d := make(map[string]bool, len(w))
			for _, x := range w {
				d[x] = true
			}
			g.paras[e.ID] = append(g.paras[e.ID], gradedParagraph{id: e.ID, anchor: p.Anchor, words: w, distinct: d})
		}
	}
	for _, d := range c.Documents {
		for _, e := range c.Entries {
			if rules.Governs(g.docs[e.DocumentID], d) {
				g.governing[d.ID] = append(g.governing[d.ID], g.paras[e.ID]...)
			}
		}
	}
	return g
}

// foldedWords are the words of a text as FoldName reads them.
func foldedWords(s string) []string { return strings.Fields(rules.FoldName(s)) }

// holds reports whether b holds a's words in order, all but a tenth at
// most (the longest common subsequence of words).
func holds(a, b []string) bool {
	if len(a) == 0 {
		return false
	}
	return float64(commonSubsequence(a, b)) >= sameRuleText*float64(len(a))
}

// mayHold is holds' cheap necessary condition on distinct words.
func mayHold(a, b gradedParagraph) bool {
	common := 0
	for w := range a.distinct {
		if b.distinct[w] {
			common++
		}
	}
	// Each word of a missing from b costs at least one of a's words.
	return float64(len(a.words)-(len(a.distinct)-common)) >= sameRuleText*float64(len(a.words))
}

// wholeWords are an entry's words, its paragraphs in order.
func (g *grader) wholeWords(id string) []string {
	var w []string
	for _, p := range g.paras[id] {
		w = append(w, p.words...)
	}
	return w
}

// governingCopies returns the entries answering a question as well as the
// named ones do, by the grading rule, leaving out those already named.
func (g *grader) governingCopies(named []namedAnswer) governingAnswers {
	out := governingAnswers{}
	isNamed := func(id string) bool {
		return slices.ContainsFunc(named, func(n namedAnswer) bool { return n.id == id })
	}
	for _, n := range named {
		e := g.byID[n.id]
		if e == nil {
			continue // a card: no document governs it
		}
		if len(n.anchors) > 0 {
			for _, p := range g.paras[n.id] {
				if !slices.Contains(n.anchors, p.anchor) {
					continue
				}
				for _, q := range g.governing[e.DocumentID] {
					if isNamed(q.id) || slices.Contains(out[q.id], q.anchor) || !mayHold(p, q) || !holds(p.words, q.words) {
						continue
					}
					out[q.id] = append(out[q.id], q.anchor)
				}
			}
			continue
		}
		var whole []string
		for _, rid := range e.Related {
			r := g.byID[rid]
			if r == nil || isNamed(rid) || !rules.Governs(g.docs[r.DocumentID], g.docs[e.DocumentID]) {
				continue
			}
			if whole == nil {
				whole = g.wholeWords(n.id)
			}
			if _, ok := out[rid]; !ok && holds(whole, g.wholeWords(rid)) {
				out[rid] = nil
			}
		}
	}
	return out
}

// typedNamed returns the entries a question of a set named by title
// accepts, each with its paragraphs holding the question's paragraph words.
func (g *grader) typedNamed(q judgeQuestion) []namedAnswer {
	var out []namedAnswer
	words := rules.FoldName(q.Para)
	for id, e := range g.byID {
		if !q.accepts(rules.SearchHit{ID: e.ID, Kind: e.Kind, Title: e.Title, DocumentID: e.DocumentID}) {
			continue
		}
		n := namedAnswer{id: id}
		if q.Para != "" {
			for _, p := range e.Paragraphs {
				if strings.Contains(rules.FoldName(p.Text), words) {
					n.anchors = append(n.anchors, p.Anchor)
				}
			}
		}
		out = append(out, n)
	}
	slices.SortFunc(out, func(a, b namedAnswer) int { return strings.Compare(a.id, b.id) })
	return out
}

// freshNamed returns the entries a question named by entry id accepts, each
// with the question's anchor when it is a paragraph of that entry.
func (g *grader) freshNamed(q freshQuestion) []namedAnswer {
	out := make([]namedAnswer, 0, len(q.Accept))
	for _, id := range q.Accept {
		n := namedAnswer{id: id}
		if e := g.byID[id]; e != nil && q.Anchor != "" && entryParagraph(e, q.Anchor) != "" {
			n.anchors = []string{q.Anchor}
		}
		out = append(out, n)
	}
	return out
}

func TestHoldsReadsWordsInOrder(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"from your ship down to a planet you may beam any personnel", "from your unstopped ship down to a planet you may beam any personnel", true},
		{"discard piles are always face up and anyone may look", "discard piles are kept face up and anyone may look", true},
		{"a b c d e f g h i j", "j i h g f e d c b a", false},
		{"the player whose turn it is acts first", "the player to the left acts first", false},
		{"", "anything", false},
	} {
		if got := holds(foldedWords(c.a), foldedWords(c.b)); got != c.want {
			t.Errorf("holds(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// TestGradingAddsOnlyGoverningCopies checks the grading rule on every set:
// an entry it adds to a question's answers is in a document governing the
// document of one of the answers named, and holds its named paragraph when
// the question names one.
func TestGradingAddsOnlyGoverningCopies(t *testing.T) {
	g := newGrader(t)
	check := func(set, q string, named []namedAnswer) {
		for id, anchors := range g.governingCopies(named) {
			e := g.byID[id]
			ok := false
			for _, n := range named {
				m := g.byID[n.id]
				if m == nil || !rules.Governs(g.docs[e.DocumentID], g.docs[m.DocumentID]) {
					continue
				}
				if len(n.anchors) == 0 {
					ok = ok || len(anchors) == 0 && slices.Contains(m.Related, id)
					continue
				}
				for _, a := range anchors {
					for _, na := range n.anchors {
						ok = ok || holds(foldedWords(entryParagraph(m, na)), foldedWords(entryParagraph(e, a)))
					}
				}
			}
			if !ok {
				t.Errorf("%s %q: %s (anchors %q) governs no named answer %v", set, q, id, anchors, named)
			}
		}
	}
	for _, name := range []string{typedQuestions, "judge-questions.json"} {
		for _, q := range readJudgeSet(t, filepath.Join("testdata", name)).Queries {
			check(name, q.Q, g.typedNamed(q))
		}
	}
	for _, name := range []string{freshQuestions, blindQuestions} {
		for _, q := range readFreshSet(t, name).Questions {
			check(name, q.Q, g.freshNamed(q))
		}
	}
}
