package corpus_test

import (
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/corpus"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// The corpus as loaded already carries, in the version whose extraction
// lost its icons' gaps, every mark the versions keeping theirs agree on:
// sharing them again adds none. And it is no empty claim: the versions of
// one edition share marked sentences.
func TestRealCorpusSharesLostSymbolsBetweenVersions(t *testing.T) {
	c := testcorpus.Load(t)
	copies := make([]*rules.Entry, len(c.Entries))
	marked := map[string]int{}
	for i, e := range c.Entries {
		cp := *e
		copies[i] = &cp
		marked[e.DocumentID] += strings.Count(e.Text, rules.LostSymbol)
	}
	if n := corpus.ShareLostSymbols(copies); n != 0 {
		t.Errorf("sharing the lost symbols again added %d marks: the load did not share them", n)
	}
	versions := 0
	for _, n := range marked {
		if n > 0 {
			versions++
		}
	}
	if versions < 2 {
		t.Errorf("lost symbols marked in %d documents: %v", versions, marked)
	}
}
