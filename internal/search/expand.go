package search

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Query words as judges write them: the game's shorthand and the other
// edition's words (synonyms.json), the words of a question's form, the
// editions named, and words joined, hyphenated or split otherwise than the
// rulebooks write them.

//go:embed synonyms.json
var synonymsJSON []byte

// synonymFile is the shape of synonyms.json.
type synonymFile struct {
	Entries []struct {
		Words  []string `json:"words"`
		Means  []string `json:"means"`
		TwoWay bool     `json:"twoWay"`
		Source string   `json:"source"`
	} `json:"entries"`
	QuestionWords []string `json:"questionWords"`
}

// altWeight is how much a term a search adds for a typed word counts,
// against the typed word's 1.
const altWeight = 0.5

// maxAlternatives bounds the terms a query's shorthand may add.
const maxAlternatives = 24

// A thesaurus holds what synonyms.json says, read into the plain words the
// queries are compared in.
type thesaurus struct {
	// byFirst lists, under the first plain word of a typed phrase, the
	// phrases starting with it and their meanings.
	byFirst map[string][]synonym
	// question are the plain words of a question's form.
	question map[string]bool
}

// synonym is a typed phrase and what it means, each as plain words.
type synonym struct {
	words []string
	means [][]string
}

// readThesaurus reads the embedded vocabulary. It is part of the binary, so
// an error here is a fault of the build, reported when the index is made.
func readThesaurus() (*thesaurus, error) {
	var f synonymFile
	if err := json.Unmarshal(synonymsJSON, &f); err != nil {
		return nil, fmt.Errorf("read synonyms.json: %w", err)
	}
	t := &thesaurus{byFirst: map[string][]synonym{}, question: map[string]bool{}}
	add := func(words []string, means [][]string) {
		if len(words) == 0 || len(means) == 0 {
			return
		}
		k := words[0]
		for i, s := range t.byFirst[k] {
			if slices.Equal(s.words, words) {
				t.byFirst[k][i].means = append(t.byFirst[k][i].means, means...)
				return
			}
		}
		t.byFirst[k] = append(t.byFirst[k], synonym{words: words, means: means})
	}
	for i, e := range f.Entries {
		if e.Source == "" || len(e.Words) == 0 || len(e.Means) == 0 {
			return nil, fmt.Errorf("synonyms.json entry %d: words, means and source are required", i)
		}
		var means [][]string
		for _, m := range e.Means {
			means = append(means, plainWords(m))
		}
		for _, w := range e.Words {
			add(plainWords(w), means)
			if e.TwoWay {
				for _, m := range e.Means {
					add(plainWords(m), [][]string{plainWords(w)})
				}
			}
		}
	}
	for _, w := range f.QuestionWords {
		t.question[strings.ToLower(w)] = true
	}
	return t, nil
}

// expand finds the typed phrases of words (plain, in order) the thesaurus
// knows, and calls found with where each starts and ends and what it means.
// Longer phrases win over the shorter ones they hold.
func (t *thesaurus) expand(words []string, found func(from, to int, means [][]string)) {
	for i := 0; i < len(words); {
		best := -1
		var means [][]string
		for _, s := range t.byFirst[words[i]] {
			if n := len(s.words); n > best && i+n <= len(words) && slices.Equal(words[i:i+n], s.words) {
				best, means = n, s.means
			}
		}
		if best <= 0 {
			i++
			continue
		}
		found(i, i+best, means)
		i += best
	}
}

// dropQuestionForm removes the words of a question's form from the typed
// words ("what happens when my mission attempt fails" asks about a mission
// attempt failing), unless nothing else would be left.
func (t *thesaurus) dropQuestionForm(words []string) []string {
	kept := make([]string, 0, len(words))
	for _, w := range words {
		if !t.question[foldedWord(w)] {
			kept = append(kept, w)
		}
	}
	if len(kept) == 0 {
		return words
	}
	return kept
}

// foldedWord is a typed word as one lower-case run of letters and digits
// ("Don't" -> "dont"; "can't" -> "cant").
func foldedWord(w string) string { return strings.Join(plainWords(w), "") }

// editionWords reads the editions a query names ("first edition", "1st
// edition", "1E", "second edition", "2nd edition", "2E"). When it names one
// edition, and not as the subject of the question ("1e cards", "2E
// compatible"), that edition filters the search and its words are dropped;
// when it names both, or names one as its subject, the words stay, to be
// searched for.
func editionWords(words []string) (filter string, rest []string) {
	type mention struct {
		edition  string
		from, to int
	}
	var found []mention
	for i := 0; i < len(words); i++ {
		switch f := foldedWord(words[i]); f {
		case "1e", "2e":
			found = append(found, mention{string(f[0]) + "e", i, i + 1})
		case "first", "1st", "second", "2nd":
			if i+1 < len(words) && foldedWord(words[i+1]) == "edition" {
				ed := rules.Edition1E
				if f == "second" || f == "2nd" {
					ed = rules.Edition2E
				}
				found = append(found, mention{ed, i, i + 2})
				i++
			}
		}
	}
	if len(found) == 0 {
		return "", words
	}
	for _, m := range found[1:] {
		if m.edition != found[0].edition {
			return "", words // both editions: the question is about them
		}
	}
	for _, m := range found {
		if m.to < len(words) && editionSubject[rules.Singular(foldedWord(words[m.to]))] {
			return "", words
		}
	}
	rest = make([]string, 0, len(words))
	at := 0
	for _, m := range found {
		rest = append(rest, words[at:m.from]...)
		at = m.to
	}
	rest = append(rest, words[at:]...)
	if len(rest) == 0 {
		return "", words // the edition is all the judge asked about
	}
	return found[0].edition, rest
}

// editionSubject are the words after an edition's name that make the
// edition what the question is about: its cards, their compatibility.
var editionSubject = map[string]bool{"card": true, "compatible": true, "compatibility": true,
	"indicator": true, "version": true, "deck": true}

// A compound is a word the rulebooks write with hyphens ("mis-seed",
// "counter-attack", "dual-icon"), which the index holds as its parts: a
// judge types it joined ("misseed") or misspelt ("counterattak").
type compound struct {
	parts string // the parts, space separated
	freq  int    // how often the rulebooks write it
}

// compoundsOf reads the hyphenated words of the texts into compounds by
// their joined form.
func compoundsOf(texts []string) map[string]compound {
	out := map[string]compound{}
	for _, text := range texts {
		for i := 0; i < len(text); {
			// A run of letters and hyphens.
			j := i
			for j < len(text) {
				r, n := utf8.DecodeRuneInString(text[j:])
				if !unicode.IsLetter(r) && r != '-' {
					break
				}
				j += n
			}
			if j == i {
				_, n := utf8.DecodeRuneInString(text[i:])
				i += n
				continue
			}
			if w := strings.Trim(text[i:j], "-"); strings.Contains(w, "-") && !strings.Contains(w, "--") {
				parts := strings.Split(strings.ToLower(w), "-")
				joined := strings.Join(parts, "")
				if utf8.RuneCountInString(joined) <= 24 {
					c := out[joined]
					c.parts, c.freq = strings.Join(parts, " "), c.freq+1
					out[joined] = c
				}
			}
			i = j
		}
	}
	return out
}

// splitForm returns a typed word the index does not hold read as two words
// it does ("awayteam" as "away team", "sidedeck" as "side deck"): of the
// splits into two known words of three letters or more (or a prefix the
// rulebooks hyphenate, "re", "co"), the one whose rarer word is the most
// common.
func (v *vocabulary) splitForm(w string) (string, bool) {
	best, bestFreq := "", 0
	for i := 2; i <= len(w)-2; i++ {
		if !utf8.RuneStart(w[i]) {
			continue
		}
		a, b := w[:i], w[i:]
		fa, fb := v.freq[a], v.freq[b]
		if fa == 0 || fb == 0 || len(b) < 3 || len(a) < 3 && !v.prefixes[a] {
			continue
		}
		if f := min(fa, fb); f > bestFreq {
			best, bestFreq = a+" "+b, f
		}
	}
	return best, best != ""
}
