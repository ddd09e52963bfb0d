package catalog

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// TestATypoedNameTakesTheStepsOfTheNameTypedRight writes every card name of
// the real corpus with one typo (a letter dropped, doubled, two swapped, one
// changed) in one of its words, and asks it fuzzily in each edition and in
// none: whenever the typo is read as the word (typoRead gives the name
// back), the look-up answers as the name typed right does (the same card,
// or the same cards fitting, or not found), through the same steps (exact,
// the other edition, a ruling's title), and a card it answers says it
// matched loosely (rules.MatchFuzzy), never exact or other-edition. Some of
// them must be names printed only in the other edition than the one
// asked, the step a typo used to miss ("Bajorn Phaser" in Second Edition
// was Bajoran Phaser Pistol read fuzzily, not the First Edition's Bajoran
// Phaser).
func TestATypoedNameTakesTheStepsOfTheNameTypedRight(t *testing.T) {
	c := testcorpus.Load(t)
	cat := New(c.Cards, c.Entries, WithDocuments(c.Documents))
	ctx := context.Background()
	answer := func(name string, ed rules.Edition) (id, match, code string, ids []string) {
		card, err := cat.LookUpCard(ctx, rules.CardIdentifier{Name: name, Fuzzy: true, Edition: ed})
		if err != nil {
			ids, _ := rules.ErrorDetails(err)["ids"].([]string)
			return "", "", rules.ErrorCode(err), ids
		}
		return card.ID, card.Match, "", nil
	}
	typos := []func(w string) string{
		func(w string) string { return w[:len(w)/2] + w[len(w)/2+1:] },                                  // dropped
		func(w string) string { return w[:len(w)/2] + w[len(w)/2:len(w)/2+1] + w[len(w)/2:] },           // doubled
		func(w string) string { i := len(w) / 2; return w[:i-1] + w[i:i+1] + w[i-1:i] + w[i+1:] },       // swapped
		func(w string) string { i := len(w) / 2; return w[:i] + string('a'+(w[i]-'a'+7)%26) + w[i+1:] }, // changed
	}
	seen := map[string]bool{}
	read, otherEdition := 0, 0
	for _, card := range c.Cards {
		for _, name := range []string{card.Title, card.Name()} {
			words := strings.Fields(rules.FoldName(name))
			if seen[name] || len(words) == 0 {
				continue
			}
			seen[name] = true
			// The longest word: a word of five letters or more, where a
			// typo is forgiven.
			at := 0
			for i, w := range words {
				if len(w) > len(words[at]) {
					at = i
				}
			}
			if len(words[at]) < 5 {
				continue
			}
			for _, typo := range typos {
				typed := slices.Clone(words)
				typed[at] = typo(words[at])
				misspelt := strings.Join(typed, " ")
				if got, ok := cat.typoRead(ctx, misspelt); !ok || got != rules.FoldName(name) {
					continue // not read as the name: the fuzzy look-up alone answers it
				}
				read++
				for _, ed := range []rules.Edition{"", rules.Edition1E, rules.Edition2E} {
					wantID, wantMatch, wantCode, wantIDs := answer(name, ed)
					id, match, code, ids := answer(misspelt, ed)
					if id != wantID || code != wantCode || !slices.Equal(ids, wantIDs) {
						t.Errorf("%q in %q answers %s %s %v; %q typed right answers %s %s %v", misspelt, ed, id, code, ids, name, wantID, wantCode, wantIDs)
					}
					if id != "" && match != rules.MatchFuzzy {
						t.Errorf("%q in %q answers %s matched %q, want %q", misspelt, ed, id, match, rules.MatchFuzzy)
					}
					if wantMatch == rules.MatchOtherEdition {
						otherEdition++
					}
				}
			}
		}
	}
	t.Logf("%d misspelt names read as the name; %d look-ups of them answered from the other edition", read, otherEdition)
	if read < 500 || otherEdition < 20 {
		t.Errorf("only %d misspelt names read, %d answered from the other edition: the test no longer measures the steps", read, otherEdition)
	}
}
