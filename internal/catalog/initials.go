package catalog

import (
	"strings"
	"unicode"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Players shorten a run of a name's words ending in a number to their
// initials and the number: DS9 is Deep Space 9 (a subtitle) as it is Deep
// Space Nine. initialisms maps each such shortening, folded, to the words
// it stands for; a shortening of several different runs stands for none.
// Only runs ending in a number are read: initials alone are too often a
// word.

// maxInitialismWords is the most words a shortening stands for.
const maxInitialismWords = 5

// indexInitialisms reads the shortenings of the cards' names.
func indexInitialisms(cards []*rules.Card) map[string]string {
	m := map[string]string{}
	for _, card := range cards {
		name := rules.FoldName(card.Name())
		words := strings.Fields(name)
		for end := 1; end < len(words); end++ {
			n, ok := figures(words[end])
			if !ok {
				continue
			}
			for start := max(0, end-maxInitialismWords+1); start < end; start++ {
				var b strings.Builder
				for _, w := range words[start:end] {
					b.WriteByte(w[0])
				}
				b.WriteString(n)
				run := strings.Join(words[start:end+1], " ")
				if had, ok := m[b.String()]; ok && numeralKey(had) != numeralKey(run) {
					m[b.String()] = "" // several runs: none
					continue
				}
				m[b.String()] = run
			}
		}
	}
	for k, v := range m {
		if v == "" {
			delete(m, k)
		}
	}
	return m
}

// readInitialisms is the folded name with each word that is no word of
// names but a shortening (initialisms) written out: ok is false when it
// holds none.
func (c *Catalog) readInitialisms(folded string) (string, bool) {
	words := strings.Fields(folded)
	read := false
	for i, w := range words {
		if !strings.ContainsFunc(w, unicode.IsDigit) || !strings.ContainsFunc(w, unicode.IsLetter) {
			continue
		}
		if _, known := c.wordID[w]; known {
			continue
		}
		if run, ok := c.initialisms[w]; ok {
			words[i], read = run, true
		}
	}
	if !read {
		return "", false
	}
	return strings.Join(words, " "), true
}
