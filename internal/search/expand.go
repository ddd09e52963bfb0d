package search

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"

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
	// Documents are the words that name a source document, by the id the
	// contract gives it.
	Documents map[string][]string `json:"documents"`
	Entries   []struct {
		Words  []string `json:"words"`
		Means  []string `json:"means"`
		TwoWay bool     `json:"twoWay"`
		Source string   `json:"source"`
		// Defined is the paragraph of the rulebooks ("{entry id}#{anchor}")
		// whose definition of the words is what they mean: the game's
		// consequence ("killed") read as its mechanics ("placed in the
		// discard pile").
		Defined string `json:"defined,omitempty"`
		// Cased words are shorthand only as typed in capitals ("AT" is
		// an Away Team, "at" a word): read as their first meaning before
		// anything else.
		Cased bool `json:"cased,omitempty"`
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
	// cased are the shorthand typed in capitals and what each stands for.
	cased map[string]string
	// documents are the source documents by the plain words naming them.
	documents []documentName
	// words are the words a judge types that the thesaurus reads alone
	// (its one-word shorthand and the words of a question's form), sorted:
	// what a typo of one of them stands for (see nearest).
	words []string
	// spelled are the one-word shorthand with one meaning ("opp",
	// "rng"), each with that meaning as written.
	spelled map[string]string
}

// documentName is a source document and the plain words of a name of it.
type documentName struct {
	id    string
	words []string
}

// synonym is a typed phrase (plain words) and what it means (each meaning
// as the English terms of its words, as the index holds them).
type synonym struct {
	words []string
	means [][]string
}

// readThesaurus reads the embedded vocabulary, each meaning read into terms
// by english (the index's analysis of the text). It is part of the binary,
// so an error here is a fault of the build, reported when the index is made.
func readThesaurus(english analysis.Analyzer) (*thesaurus, error) {
	var f synonymFile
	if err := json.Unmarshal(synonymsJSON, &f); err != nil {
		return nil, fmt.Errorf("read synonyms.json: %w", err)
	}
	t := &thesaurus{byFirst: map[string][]synonym{}, question: map[string]bool{}, cased: map[string]string{}, spelled: map[string]string{}}
	ambiguous := map[string]bool{}
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
		termsOf := func(s string) []string {
			var out []string
			for _, tok := range english.Analyze([]byte(s)) {
				out = append(out, string(tok.Term))
			}
			return out
		}
		var means [][]string
		for _, m := range e.Means {
			means = append(means, termsOf(m))
		}
		if e.Cased {
			for _, w := range e.Words {
				t.cased[w] = e.Means[0]
			}
			continue
		}
		for _, w := range e.Words {
			if strings.Contains(w, "/") && len(e.Means) == 1 && !e.TwoWay {
				// Shorthand written with a slash ("w/o"), one typed
				// word the plain words would part in two: read as typed,
				// and only so ("w" alone is no "with").
				t.spelled[strings.ToLower(w)] = e.Means[0]
				continue
			}
			if pw := plainWords(w); len(pw) == 1 && len(e.Means) == 1 && !e.TwoWay && strings.IndexFunc(pw[0], unicode.IsLetter) >= 0 {
				if m, seen := t.spelled[pw[0]]; seen && m != e.Means[0] {
					ambiguous[pw[0]] = true
				}
				t.spelled[pw[0]] = e.Means[0]
			}
			add(plainWords(w), means)
			if e.TwoWay {
				for _, m := range e.Means {
					add(plainWords(m), [][]string{termsOf(w)})
				}
			}
		}
	}
	for _, w := range f.QuestionWords {
		t.question[strings.ToLower(w)] = true
	}
	for w := range ambiguous {
		delete(t.spelled, w)
	}
	for k, ss := range t.byFirst {
		if slices.ContainsFunc(ss, func(s synonym) bool { return len(s.words) == 1 }) {
			t.words = append(t.words, k)
		}
	}
	for w := range t.question {
		if !slices.Contains(t.words, w) {
			t.words = append(t.words, w)
		}
	}
	slices.Sort(t.words)
	ids := make([]string, 0, len(f.Documents))
	for id := range f.Documents {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		for _, name := range f.Documents[id] {
			t.documents = append(t.documents, documentName{id: id, words: plainWords(name)})
		}
	}
	return t, nil
}

// documentNamed returns the source document the words name, if exactly one
// ("premiere rules", "cta glossary").
func (t *thesaurus) documentNamed(words []string) string {
	if len(t.documents) == 0 {
		return ""
	}
	named := ""
	for _, d := range t.documents {
		for i := 0; i+len(d.words) <= len(words); i++ {
			if slices.Equal(words[i:i+len(d.words)], d.words) {
				if named != "" && named != d.id {
					return ""
				}
				named = d.id
			}
		}
	}
	return named
}

// nearest returns the word a judge types that the thesaurus reads alone
// (words) nearest to w within max edits, and how far it is ("" when none
// is): the first in order of those as near.
func (t *thesaurus) nearest(w string, max int) (string, int) {
	best, far := "", max+1
	runes := utf8.RuneCountInString(w)
	for _, k := range t.words {
		// The words the vocabulary's corrections would measure: as long
		// within max, starting alike (see samePrefixShape). The words
		// are ASCII: their length is their runes'.
		if n := len(k) - runes; n > max || -n > max || !samePrefixShape(w, k) {
			continue
		}
		if d, ok := editDistance(w, k, max); ok && d < far {
			best, far = k, d
		}
	}
	return best, far
}

// spelledOut returns what a one-word shorthand with one meaning stands for,
// as written ("opp": "opponent").
func (t *thesaurus) spelledOut(w string) (string, bool) {
	m, ok := t.spelled[w]
	return m, ok
}

// knows reports whether a typed plain word is the first word of shorthand
// the thesaurus reads ("fight", "hq"): not a typo to correct.
func (t *thesaurus) knows(w string) bool { return len(t.byFirst[w]) > 0 }

// expand finds the typed phrases among words (the plain analysis of a
// query, in order) the thesaurus knows, and calls found with where each
// starts and ends and what it means. Longer phrases win over the shorter
// ones they hold.
func (t *thesaurus) expand(words analysis.TokenStream, found func(from, to int, means [][]string)) {
	for i := 0; i < len(words); {
		best := -1
		var means [][]string
		for _, s := range t.byFirst[string(words[i].Term)] {
			if n := len(s.words); n > best && i+n <= len(words) && startsWith(words[i:], s.words) {
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

// startsWith reports whether the tokens start with the words.
func startsWith(toks analysis.TokenStream, words []string) bool {
	if len(toks) < len(words) {
		return false
	}
	for i, w := range words {
		if string(toks[i].Term) != w {
			return false
		}
	}
	return true
}

// dropQuestionForm removes the words of a question's form from the typed
// words ("what happens when my mission attempt fails" asks about a mission
// attempt failing; "can i", "does", "is it still"), unless
// nothing else would be left. A word beside "vs", "and" or "or" is what the
// question is about ("when vs while"), and stays.
func (t *thesaurus) dropQuestionForm(words []string) []string {
	keep := t.questionFormKept(words)
	if keep == nil {
		return words
	}
	kept := make([]string, 0, len(words))
	for i, w := range words {
		if keep[i] {
			kept = append(kept, w)
		}
	}
	if len(kept) == 0 {
		return words
	}
	return kept
}

// questionFormKept says which words dropQuestionForm keeps; nil for all.
func (t *thesaurus) questionFormKept(words []string) []bool {
	var keep []bool
	for i, w := range words {
		if !t.question[foldedWord(w)] || i+1 < len(words) && joiningWords[foldedWord(words[i+1])] || i > 0 && joiningWords[foldedWord(words[i-1])] {
			continue
		}
		if keep == nil {
			keep = make([]bool, len(words))
			for j := range keep {
				keep[j] = true
			}
		}
		keep[i] = false
	}
	return keep
}

// casedShorthand returns what a word typed in capitals stands for ("AT":
// "away team"), if the thesaurus reads it so.
func (t *thesaurus) casedShorthand(w string) (string, bool) {
	if len(t.cased) == 0 || strings.IndexFunc(w, unicode.IsLower) >= 0 {
		return "", false // the usual case, without allocating
	}
	m, ok := t.cased[w]
	return m, ok
}

// joiningWords set two words side by side as what a question is about.
var joiningWords = map[string]bool{"vs": true, "versus": true, "and": true, "or": true}

// foldedWord is a typed word as one lower-case run of letters and digits
// ("Don't" -> "dont"; "can't" -> "cant").
func foldedWord(w string) string {
	if lowerWord(w) {
		return w // the usual case, without allocating
	}
	return strings.Join(plainWords(w), "")
}

// lowerWord reports whether w is one run of lower-case ASCII letters and
// digits.
func lowerWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return w != ""
}

// editionWords reads the editions a query names ("first edition", "1st
// edition", "1E", "second edition", "2nd edition", "2E"). Named as the
// subject of the question ("1e cards", "2E compatible"), they stay, to be
// searched for. Otherwise their words are dropped, and when the query names
// one edition, it filters the search; naming both ("stopped 1e vs 2e") asks
// about the rule in each (both).
// editionWord are the ways a judge writes the word edition after its
// ordinal: "first ed", "2nd edn".
var editionWord = map[string]bool{"edition": true, "ed": true, "edn": true}

func editionWords(words []string) (filter string, rest []string, both bool) {
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
			if i+1 < len(words) && editionWord[foldedWord(words[i+1])] {
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
		return "", words, false
	}
	for _, m := range found {
		if m.to < len(words) && editionSubject[rules.Singular(foldedWord(words[m.to]))] {
			return "", words, false
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
		return "", words, false // the edition is all the judge asked about
	}
	for _, m := range found[1:] {
		if m.edition != found[0].edition {
			return "", rest, true // both editions: no filter
		}
	}
	return found[0].edition, rest, false
}

// editionSubject are the words after an edition's name that make the
// edition what the question is about: its cards, their compatibility.
var editionSubject = map[string]bool{"card": true, "compatible": true, "compatibility": true,
	"indicator": true, "version": true}

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
// common, and how common that rarer word is. A word the rulebooks do not
// print but form says a judge means (another form of a word of theirs,
// "drops" of "drop"; the thesaurus's "fight") may be one of the two, as
// the rarest of words (0): "rangedrops" is "range drops" when no word of
// the index is one typo away.
func (v *vocabulary) splitForm(w string, form func(string) bool) (split string, rarer int, ok bool) {
	best, bestFreq := "", -1
	for i := 2; i <= len(w)-2; i++ {
		if !utf8.RuneStart(w[i]) {
			continue
		}
		if w[i-1] == w[i] && v.freq[w[:i]+w[i+1:]] > 0 {
			// A letter typed twice where the words would meet, one of
			// them dropped a word of the rulebooks: a typo ("highher"
			// is "higher", not "high her"; "orbbit" is "orbit").
			continue
		}
		a, b := w[:i], w[i:]
		if len(b) < 3 || len(a) < 3 && !v.prefixes[a] {
			continue
		}
		fa, fb := v.freq[a], v.freq[b]
		if fa == 0 && (len(a) < 3 || form == nil || !form(a)) || fb == 0 && (form == nil || !form(b)) {
			continue
		}
		if f := min(fa, fb); f > bestFreq {
			best, bestFreq = a+" "+b, f
		}
	}
	return best, max(bestFreq, 0), best != ""
}
