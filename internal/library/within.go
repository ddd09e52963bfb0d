package library

import (
	"slices"
	"strconv"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A termWithin is the term a player wrote something around or in other
// words: "what is stopped?" and "a dilemma" are stopped and dilemma,
// "stopped (2E)" is stopped in 2E, "stealing cards" is stealing,
// "unique/universal" is unique and universal.
type termWithin struct {
	term, edition string
	// reworded says the term's words were changed, not only what was
	// around them cut: what it names, it names loosely.
	reworded bool
}

// maxWithinPasses bounds how many times what is around a term is cut:
// each pass cuts one wrapper, article or edition, and a term holds few.
const maxWithinPasses = 8

// questionOpenings open a question asking what a term is; questionClosings
// end one. Folded.
var questionOpenings = []string{
	"what is meant by", "what is", "whats", "what are", "what does", "what do", "define", "definition of",
	"meaning of", "explain",
}
var questionClosings = []string{"mean", "means"}

// kindWords say which kind of thing a term is, not which one: written
// after a term ("uniqueness rule", "stealing cards", "stopped status"),
// the term is the words before.
var kindWords = map[string]bool{
	"rule": true, "rules": true, "ruling": true, "rulings": true, "status": true, "card": true,
	"cards": true, "term": true, "keyword": true, "definition": true,
}

// numberWords are the numbers a player may spell where a title prints
// figures ("Type Eighteen Shuttlepod"), one to twenty.
var numberWords = []string{"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
	"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"}

// readWithin is the term within what was written around it; ok is false
// when nothing was around it. An edition written into the term that is
// not the one asked is not read.
func readWithin(term, edition string) (termWithin, bool) {
	w := termWithin{edition: edition}
	words := strings.Fields(rules.FoldName(strings.ReplaceAll(term, "/", " and ")))
	if strings.Contains(term, "/") {
		w.reworded = true
	}
	changed := w.reworded
	for pass := 0; pass < maxWithinPasses && len(words) > 1; pass++ {
		cut := false
		// An edition before or after the term.
		for n := rules.MaxWrittenEditionWords; n >= 1 && !cut; n-- {
			if len(words) <= n {
				continue
			}
			for _, at := range []int{0, len(words) - n} {
				e, _ := rules.WrittenEdition(strings.Join(words[at:at+n], " "))
				ed := string(e)
				if ed == "" || edition != "" && ed != edition || w.edition != "" && w.edition != ed {
					continue
				}
				w.edition = ed
				words = append(words[:at:at], words[at+n:]...)
				cut = true
				break
			}
		}
		for _, o := range questionOpenings {
			if !cut && hasWords(words, o) && len(words) > len(strings.Fields(o)) {
				words, cut = words[len(strings.Fields(o)):], true
			}
		}
		if !cut && len(words) > 1 && slices.Contains(questionClosings, words[len(words)-1]) {
			words, cut = words[:len(words)-1], true
		}
		if !cut && len(words) > 1 && (words[0] == "a" || words[0] == "an" || words[0] == "the") {
			words, cut = words[1:], true
		}
		if !cut && len(words) > 1 && kindWords[words[len(words)-1]] {
			words, cut, w.reworded = words[:len(words)-1], true, true
		}
		if !cut {
			break
		}
		changed = true
	}
	for i, x := range words {
		for n := 1; n < len(numberWords); n++ {
			if numberWords[n] == x {
				words[i], changed, w.reworded = strconv.Itoa(n), true, true
			}
		}
	}
	w.term = strings.Join(words, " ")
	if !changed && !strings.Contains(term, "?") || w.term == "" {
		return termWithin{}, false
	}
	return w, true
}

// hasWords says the words begin with the words of phrase.
func hasWords(words []string, phrase string) bool {
	p := strings.Fields(phrase)
	if len(p) > len(words) {
		return false
	}
	for i := range p {
		if words[i] != p[i] {
			return false
		}
	}
	return true
}
