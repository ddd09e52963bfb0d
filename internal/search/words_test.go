package search

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2/analysis"
)

// TestWordTableAnalysesAsTheAnalyzers checks that a text analysed from the
// table of words is token for token what Bleve's analyzers give: every word
// of the table alone, and many texts of several of them (stop words
// included); and that a text the table cannot read is left to the analyzers.
func TestWordTableAnalysesAsTheAnalyzers(t *testing.T) {
	ix := buildCorpus(t)
	words := make([]string, 0, len(ix.forms))
	for w := range ix.forms {
		words = append(words, w)
	}
	slices.Sort(words)
	if len(words) < 1000 {
		t.Fatalf("%d words in the table", len(words))
	}
	same := func(text string) {
		t.Helper()
		english, plain, ids, ok := ix.tableText(text, nil, new(queryRoom))
		if !ok {
			t.Fatalf("%q: not read from the table", text)
		}
		// The ids it gives are the lexicon's of each token's term.
		if len(ids) != len(english)+len(plain) {
			t.Fatalf("%q: %d ids for %d tokens", text, len(ids), len(english)+len(plain))
		}
		for i, tok := range append(slices.Clip(english), plain...) {
			if want := ix.lex.id(string(tok.Term)); ids[i] != want {
				t.Fatalf("%q: token %s given id %d, the lexicon's is %d", text, tok, ids[i], want)
			}
		}
		if want := ix.english.Analyze([]byte(text)); !sameTokens(english, want) {
			t.Fatalf("%q: English %s, the analyzer gives %s", text, tokensString(english), tokensString(want))
		}
		if want := ix.plain.Analyze([]byte(text)); !sameTokens(plain, want) {
			t.Fatalf("%q: plain %s, the analyzer gives %s", text, tokensString(plain), tokensString(want))
		}
	}
	for _, w := range words {
		same(w)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		n := 1 + rng.IntN(8)
		ws := make([]string, n)
		for i := range ws {
			ws[i] = words[rng.IntN(len(words))]
		}
		same(strings.Join(ws, " "))
	}
	for _, text := range []string{"", " ship", "ship ", "ship  range", "Ship", "ship's crew", "mis-seed", "dévoré", "zzzqqq ship"} {
		if _, _, _, ok := ix.tableText(text, nil, new(queryRoom)); ok {
			t.Errorf("%q read from the table", text)
		}
	}
}

func sameTokens(a, b analysis.TokenStream) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !reflect.DeepEqual(*a[i], *b[i]) {
			return false
		}
	}
	return true
}

func tokensString(ts analysis.TokenStream) string {
	var parts []string
	for _, tok := range ts {
		parts = append(parts, tok.String())
	}
	return "[" + strings.Join(parts, " ") + "]"
}
