// The measures placing paragraphs rests on (place.go): sentences as sets of
// content words weighted by their rarity in the edition's rulebooks,
// compared by a weighted Jaccard similarity; sections as tf-idf vectors of
// those words, compared by a cosine.

package corpus

import (
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A wordSet is the content words of a sentence, by id, in order.
type wordSet []int32

// weigh computes the rarity of each content word over the sentences of the
// edition's rulebooks.
func (pl *placement) weigh(sections []*rules.Entry) {
	pl.ids = map[string]int32{}
	var df []int
	n := 0
	for _, e := range sections {
		for _, s := range sentencesOf(e.Text) {
			n++
			for _, id := range pl.contentWords(s) {
				for int(id) >= len(df) {
					df = append(df, 0)
				}
				df[id]++
			}
		}
	}
	pl.idf = make([]float64, len(df))
	for id, d := range df {
		pl.idf[id] = math.Log(1 + float64(n)/float64(d))
	}
}

// contentWords returns the words of a sentence that carry its meaning, by
// id, each once, in order (numbering those new).
func (pl *placement) contentWords(s string) wordSet {
	var out wordSet
	for _, w := range wordsOf(s) {
		if !contentWord(w) {
			continue
		}
		id, ok := pl.ids[w]
		if !ok {
			id = int32(len(pl.ids))
			pl.ids[w] = id
		}
		out = append(out, id)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// weight is the rarity of a word by id (none for one numbered after weigh).
func (pl *placement) weight(id int32) float64 {
	if int(id) < len(pl.idf) {
		return pl.idf[id]
	}
	return 0
}

// similarity is the weighted Jaccard similarity of two sets of words.
func (pl *placement) similarity(a, b wordSet) float64 {
	var both, either float64
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || i < len(a) && a[i] < b[j]:
			either += pl.weight(a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			either += pl.weight(b[j])
			j++
		default:
			w := pl.weight(a[i])
			both += w
			either += w
			i++
			j++
		}
	}
	if either == 0 {
		return 0
	}
	return both / either
}

// vector is the normalised tf-idf vector of a text's content words.
func (pl *placement) vector(text string) map[string]float64 {
	v := map[string]float64{}
	for _, w := range wordsOf(text) {
		if contentWord(w) {
			if id, ok := pl.ids[w]; ok {
				v[w] += pl.weight(id)
			}
		}
	}
	var norm float64
	for _, x := range v {
		norm += x * x
	}
	norm = math.Sqrt(norm)
	for w := range v {
		v[w] /= norm
	}
	return v
}

func cosine(a, b map[string]float64) float64 {
	if len(b) < len(a) {
		a, b = b, a
	}
	var c float64
	for w, x := range a {
		c += x * b[w]
	}
	return c
}

// sentencesOf splits a text at the ends of its sentences: a full stop,
// question or exclamation mark (with the closing quotes and parentheses
// after it) before white space, and a line end.
func sentencesOf(text string) []string {
	var out []string
	for _, sp := range sentenceSpans(text) {
		out = append(out, text[sp[0]:sp[1]])
	}
	return out
}

// sentenceSpans are the byte ranges of the sentences sentencesOf gives,
// each without the white space around it.
func sentenceSpans(text string) [][2]int {
	var out [][2]int
	add := func(from, to int) {
		for from < to && unicode.IsSpace(rune(text[from])) {
			from++
		}
		for to > from && unicode.IsSpace(rune(text[to-1])) {
			to--
		}
		if from < to {
			out = append(out, [2]int{from, to})
		}
	}
	start := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c != '.' && c != '!' && c != '?' && c != '\n' {
			continue
		}
		end := i + 1
		if c != '\n' {
			for end < len(text) && strings.ContainsRune(`"')`, rune(text[end])) {
				end++
			}
			for _, q := range []string{"”", "’"} {
				if strings.HasPrefix(text[end:], q) {
					end += len(q)
				}
			}
			if end < len(text) && !unicode.IsSpace(rune(text[end])) {
				continue
			}
		}
		add(start, end)
		start, i = end, end-1
	}
	add(start, len(text))
	return out
}

// wordsOf returns the lower-case words of a text, each reduced to a simple
// singular.
func wordsOf(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		out = append(out, rules.Singular(w))
	}
	return out
}

func contentWord(w string) bool { return len(w) > 2 && !placementStopWords[w] }

// placementStopWords are the words too common to say which rule a sentence
// states.
var placementStopWords = map[string]bool{
	"the": true, "and": true, "for": true, "are": true, "but": true, "not": true, "you": true, "your": true,
	"all": true, "any": true, "can": true, "may": true, "was": true, "one": true, "our": true, "out": true,
	"his": true, "her": true, "she": true, "him": true, "its": true, "this": true, "that": true, "with": true,
	"have": true, "ha": true, "from": true, "they": true, "them": true, "their": true, "then": true, "than": true,
	"there": true, "these": true, "those": true, "when": true, "what": true, "which": true, "while": true,
	"will": true, "would": true, "should": true, "must": true, "into": true, "onto": true, "only": true,
	"also": true, "each": true, "other": true, "such": true, "some": true, "more": true, "most": true,
	"been": true, "being": true, "does": true, "did": true, "doe": true, "were": true, "if": true, "example": true,
	"how": true, "who": true, "whose": true, "where": true, "about": true, "over": true, "under": true,
}
