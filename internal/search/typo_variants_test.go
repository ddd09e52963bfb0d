package search

import (
	"context"
	"strings"
	"testing"
	"unicode"
)

// retyped is one way of typing a tuning question's words again: what it
// is called in the tests' messages, the forms of the words it types (none
// for a question it does not retype), the fewest retyped questions the
// check needs to see much, and the least share of them still answered
// first.
type retyped struct {
	what  string
	forms func(ix *Index, words []string) [][]string
	least int
	floor float64
}

// answeredFirstRetyped types again every tuning question answered first,
// in each of r's forms, and fails t when fewer than r.least are typed or
// the share of them still answered first is under r.floor. Only the sets
// tuned on are read (tuningQuestions), never the held-out part or the
// blind set.
func answeredFirstRetyped(t *testing.T, r retyped) {
	t.Helper()
	ix := buildCorpus(t)
	ctx := context.Background()
	n, lost := 0, 0
	for _, q := range tuningQuestions(t) {
		res, err := ix.Search(ctx, q.q)
		if err != nil {
			t.Fatalf("%q: %v", q.q.Q, err)
		}
		if q.rank(res).rank != 1 {
			continue
		}
		for _, form := range r.forms(ix, strings.Fields(q.q.Q)) {
			v := q.q
			v.Q = strings.Join(form, " ")
			res, err := ix.Search(ctx, v)
			if err != nil {
				t.Fatalf("%q: %v", v.Q, err)
			}
			n++
			if q.rank(res).rank != 1 {
				lost++
			}
		}
	}
	if n < r.least {
		t.Fatalf("only %d %s: the check would see little", n, r.what)
	}
	share := 1 - float64(lost)/float64(n)
	t.Logf("%d %s, %d no longer answered first (%.4f kept)", n, r.what, lost, share)
	if share < r.floor {
		t.Errorf("%d of %d %s no longer answered first (%.4f kept, floor %.4f)", lost, n, r.what, share, r.floor)
	}
}

// TestTypoedQuestionsAnswerAsTyped types the tuning questions answered
// first again with one typo in one word (two letters of its middle swapped,
// or a letter of its middle doubled; words of five letters or more), and
// fails when more than a few of these lose first place: a judge's typo
// costs no more than the word it misspells.
func TestTypoedQuestionsAnswerAsTyped(t *testing.T) {
	edits := [...]func(w string) string{
		func(w string) string { i := len(w) / 2; return w[:i-1] + w[i:i+1] + w[i-1:i] + w[i+1:] },
		func(w string) string { i := len(w) / 2; return w[:i] + w[i:i+1] + w[i:] },
	}
	answeredFirstRetyped(t, retyped{what: "typo'd questions", least: 1000, floor: typoedFloor,
		forms: func(_ *Index, words []string) [][]string {
			var out [][]string
			for i, w := range words {
				if len(w) < 5 || strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLower(r) || r > unicode.MaxASCII }) >= 0 {
					continue
				}
				for _, edit := range edits {
					typoed := append([]string(nil), words...)
					typoed[i] = edit(w)
					out = append(out, typoed)
				}
			}
			return out
		}})
}

// typoedFloor is the least share of typo'd questions still answered first,
// a little under what the search reaches (0.9983; 0.9890 when a typo of a
// thesaurus word was corrected only into the index's words and a
// correction's other forms were alternatives of their own).
const typoedFloor = 0.996

// TestJoinedQuestionsAnswerAsTyped types the tuning questions answered
// first again with two neighbouring words run together (words of three
// letters or more, neither a word of the question's form: "rangedrops",
// "shipsfight"), and fails when more than a few of these lose first
// place: a judge's missed space costs no more than the typo it is.
func TestJoinedQuestionsAnswerAsTyped(t *testing.T) {
	lowerASCII := func(w string) bool {
		return strings.IndexFunc(w, func(r rune) bool { return r < 'a' || r > 'z' }) < 0
	}
	answeredFirstRetyped(t, retyped{what: "questions with two words run together", least: 1000, floor: joinedFloor,
		forms: func(ix *Index, words []string) [][]string {
			var out [][]string
			for i := 0; i+1 < len(words); i++ {
				a, b := words[i], words[i+1]
				if len(a) < 3 || len(b) < 3 || !lowerASCII(a+b) || ix.thes.question[a] || ix.thes.question[b] {
					continue
				}
				out = append(out, append(append(append([]string(nil), words[:i]...), a+b), words[i+2:]...))
			}
			return out
		}})
}

// joinedFloor is the least share of questions with two words run together
// still answered first, a little under what the search reaches (0.9861;
// 0.9806 when only words the rulebooks print were read in a word run
// together).
const joinedFloor = 0.984

// TestShorthandAnswersAsTheWord types the tuning questions answered first
// again with a word written as the thesaurus's one-word shorthand for it
// ("opp" for "opponent", "rng" for "range", "reqs" for "requirements"),
// and fails when more than a few of these lose first place: shorthand with
// one meaning is that word.
func TestShorthandAnswersAsTheWord(t *testing.T) {
	var short map[string][]string
	answeredFirstRetyped(t, retyped{what: "questions with a word as shorthand", least: 100, floor: shorthandFloor,
		forms: func(ix *Index, words []string) [][]string {
			if short == nil {
				short = shorthandOf(ix)
			}
			var out [][]string
			for i, w := range words {
				for _, s := range short[strings.ToLower(w)] {
					written := append([]string(nil), words...)
					written[i] = s
					out = append(out, written)
				}
			}
			return out
		}})
}

// shorthandOf maps each word the thesaurus has one-word shorthand for, of
// a word the vocabulary does not know, to that shorthand.
func shorthandOf(ix *Index) map[string][]string {
	short := map[string][]string{}
	for w, m := range ix.thes.spelled {
		if !strings.Contains(m, " ") && !ix.vocab.known(w) {
			short[m] = append(short[m], w)
		}
	}
	return short
}

// shorthandFloor is the least share of questions with a word as shorthand
// still answered first, a little under what the search reaches (1.000;
// 0.958 when its meaning weighed half).
const shorthandFloor = 0.99
