package search

import (
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// derivedEntries are invented rules: the answer says with one word
// ("decides") what a judge asks with a word derived from it ("decision"),
// and another entry holds the judge's other words.
func derivedEntries() []*rules.Entry {
	return []*rules.Entry{
		entry("2e-rulebook", "2e", "section", "Revealing", "When an ambush is revealed, the defending player decides the order in which its attackers fight, one at a time."),
		entry("2e-rulebook", "2e", "section", "Tokens", "Ambush attackers keep their order."),
		entry("2e-rulebook", "2e", "section", "Losses", "Crew members who die in an ambush are placed in the discard pile at the end of the turn."),
		entry("2e-rulebook", "2e", "section", "Aboard", "Crew in an ambush stay aboard."),
	}
}

// A typed word the rulebooks say in a word derived from it ("decision" of
// "decides", "death" of "dies") finds the paragraph saying it, above an entry
// holding only the question's other words; without the derived words
// (Derived 0) it does not.
func TestFamilyDerivedWordsAnswer(t *testing.T) {
	checkWeightOnAndOff(t, "Derived", func(w *weights, on bool) {
		if !on {
			w.Derived = 0
		}
	}, derivedEntries(), []weightCase{
		{"ambush attackers order decision", "Revealing", true},
		{"crew death in an ambush", "Losses", true},
	})
}

// A word the index holds often is a word of the rulebooks in their own sense:
// its derived words are not searched ("player" is not "play"); a rare or
// unknown one's are, each once.
func TestDerivedOnlyForRareWords(t *testing.T) {
	ix := buildCorpus(t)
	derivedOf := func(q string) []string {
		u, err := parseQuery(q)
		if err != nil {
			t.Fatal(err)
		}
		a := ix.analyze(u)
		return a.addTerms[len(a.addTerms)-a.derived:]
	}
	if got := derivedOf("player"); len(got) != 0 {
		t.Errorf("player: derived terms %v, want none (a word of the rulebooks)", got)
	}
	if got := derivedOf("who makes the decision"); !strings.Contains(strings.Join(got, " "), "decid") {
		t.Errorf("decision: derived terms %v, want decide's", got)
	}
}

// wordnet.txt is made by its generator, with WordNet's licence: every line
// is the notice or a word and its derived words, lower-case letters.
func TestWordnetFileIsGenerated(t *testing.T) {
	if !strings.Contains(wordnetText, "WordNet 3.0 Copyright 2006 by Princeton University") || !strings.Contains(wordnetText, "do not edit") {
		t.Fatal("wordnet.txt lacks WordNet's notice or its generator's line")
	}
	words := 0
	for line := range strings.Lines(wordnetText) {
		if strings.HasPrefix(line, "#") {
			continue
		}
		ws := strings.Fields(line)
		if len(ws) < 2 {
			t.Fatalf("line %q: a word and its derived words", line)
		}
		for _, w := range ws {
			if !lowerWord(w) {
				t.Fatalf("line %q: %q is not a word of lower-case letters", line, w)
			}
		}
		words++
	}
	if words < 100 {
		t.Errorf("%d words, want the generator's hundreds", words)
	}
}
