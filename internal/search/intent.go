package search

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"
)

// What a question's form asks for, and what a paragraph holds that answers
// it.
//
// The words of a question's form are dropped from what is searched ("how
// many dilemmas are drawn" searches dilemmas drawn), but they say what kind
// of answer is wanted: "how many" a number, "who wins" the winner, "can I" a
// permission or a prohibition. A paragraph that holds that kind of answer
// answers better than one that only mentions the words ("drawn dilemmas"),
// so bestParagraph prefers it and the hit's score rises with it.

// intent is a set of kinds of answer (bits).
type intent uint8

const (
	// intentNumber: how many, how much, the most or the least: a number.
	intentNumber intent = 1 << iota
	// intentWinner: who wins: the winner, or that there is none.
	intentWinner
	// intentPermission: can I, may I, is it allowed: what may or may not be
	// done.
	intentPermission
	// intentDefinition: what is, what does it mean, define, what counts as:
	// what a term is.
	intentDefinition
)

// intentAsks are the words of a question's form, each with the kind of
// answer it asks for; a sequence is the words side by side, as typed.
var intentAsks = []intentAsk{
	{[]string{"how", "many"}, intentNumber},
	{[]string{"how", "much"}, intentNumber},
	{[]string{"max"}, intentNumber | intentAtMost},
	{[]string{"maximum"}, intentNumber | intentAtMost},
	{[]string{"min"}, intentNumber | intentAtLeast},
	{[]string{"minimum"}, intentNumber | intentAtLeast},
	{[]string{"limit"}, intentNumber | intentAtMost},
	{[]string{"number", "of"}, intentNumber},
	{[]string{"who", "wins"}, intentWinner},
	{[]string{"who", "won"}, intentWinner},
	{[]string{"who", "win"}, intentWinner},
	{[]string{"winner"}, intentWinner},
	{[]string{"can"}, intentPermission},
	{[]string{"may", "i"}, intentPermission},
	{[]string{"cant"}, intentPermission},
	{[]string{"cannot"}, intentPermission},
	{[]string{"allowed"}, intentPermission},
	{[]string{"legal"}, intentPermission},
	{[]string{"what", "is"}, intentDefinition},
	{[]string{"what", "are"}, intentDefinition},
	{[]string{"whats"}, intentDefinition},
	{[]string{"mean"}, intentDefinition},
	{[]string{"means"}, intentDefinition},
	{[]string{"meaning"}, intentDefinition},
	{[]string{"define"}, intentDefinition},
	{[]string{"definition"}, intentDefinition},
	{[]string{"counts", "as"}, intentDefinition},
	{[]string{"count", "as"}, intentDefinition},
}

// An intentAsk is the words of one question form and what it asks for.
type intentAsk struct {
	words []string
	asks  intent
}

// at says whether the question form's words stand side by side in words
// from i on, as typed (words[i] is known to be its first).
func (a intentAsk) at(words []string, i int) bool {
	if i+len(a.words) > len(words) {
		return false
	}
	for j, aw := range a.words[1:] {
		if foldedWord(words[i+1+j]) != aw {
			return false
		}
	}
	return true
}

// intentFirst are the indexes in intentAsks of the asks starting with each
// word.
var intentFirst = func() map[string][]int {
	m := map[string][]int{}
	for i, a := range intentAsks {
		m[a.words[0]] = append(m[a.words[0]], i)
	}
	return m
}()

// intentOf returns the kinds of answer typed words ask for (folded words,
// see foldedWord), and the words that ask.
func intentOf(words []string) (intent, []string) {
	var in intent
	var asking []string
	for i, w := range words {
		for _, k := range intentFirst[foldedWord(w)] {
			a := intentAsks[k]
			if a.at(words, i) && !(a.asks == intentPermission && i > 0 && askingWhere[foldedWord(words[i-1])]) {
				in |= a.asks
				asking = append(asking, words[i:i+len(a.words)]...)
			}
		}
	}
	return in, asking
}

// askingWhere are the words before "can" that ask when, where or how
// something may be done, not whether ("when can i play it").
var askingWhere = map[string]bool{"when": true, "where": true, "how": true}

// countedAfter returns the words a question asking for a number asks the
// number of: the words after "how many" or "number of", up to countedWords
// of them ("how many missions do I need": missions). "max", "minimum" and
// the like are read before a measure as often as before what is counted
// ("minimum deck size", "max seed cards"), and "limit" follows what it
// limits: they name nothing counted.
func countedAfter(words []string) []string {
	var out []string
	for i, w := range words {
		for _, k := range intentFirst[foldedWord(w)] {
			a := intentAsks[k]
			if a.asks != intentNumber || len(a.words) < 2 || a.words[0] == "how" && a.words[1] != "many" {
				continue
			}
			if a.at(words, i) {
				from := i + len(a.words)
				out = append(out, words[from:min(from+countedWords, len(words))]...)
			}
		}
	}
	return out
}

// countedWords is how many words after "how many" countedAfter takes.
const countedWords = 2

// answerWords are the words of a paragraph that answer each kind of
// question; a number written in figures answers intentNumber too.
var answerWords = map[string]intent{
	"zero": intentNumber, "one": intentNumber, "two": intentNumber, "three": intentNumber,
	"four": intentNumber, "five": intentNumber, "six": intentNumber, "seven": intentNumber,
	"eight": intentNumber, "nine": intentNumber, "ten": intentNumber, "twelve": intentNumber,
	"fifteen": intentNumber, "twenty": intentNumber, "thirty": intentNumber, "forty": intentNumber,
	"fifty": intentNumber, "sixty": intentNumber, "hundred": intentNumber, "twice": intentNumber,
	"double": intentNumber, "half": intentNumber, "number": intentNumber, "limit": intentNumber,
	"exactly": intentNumber, "once": intentNumber, "many": intentNumber,
	"win": intentWinner, "wins": intentWinner, "winner": intentWinner, "won": intentWinner,
	"victory": intentWinner, "tie": intentWinner, "tied": intentWinner,
	"may": intentPermission, "cannot": intentPermission, "cant": intentPermission,
	"must": intentPermission, "allowed": intentPermission, "only": intentPermission,
	"never": intentPermission,
	"means": intentDefinition, "mean": intentDefinition, "called": intentDefinition, "refers": intentDefinition,
	"defined": intentDefinition, "definition": intentDefinition, "term": intentDefinition,
}

// countWords are the words of a number that counts things ("three
// spacelines").
var countWords = map[string]bool{
	"zero": true, "one": true, "two": true, "three": true, "four": true, "five": true, "six": true,
	"seven": true, "eight": true, "nine": true, "ten": true, "eleven": true, "twelve": true,
	"fifteen": true, "twenty": true, "thirty": true, "forty": true, "fifty": true, "sixty": true,
	"hundred": true,
}

// isNumber reports whether a lower-cased word is a number counting things:
// a word of countWords or at most maxFigures digits.
func isNumber(w []byte) bool {
	if len(w) == 0 {
		return false
	}
	digits := len(w) <= maxFigures
	for _, c := range w {
		digits = digits && c >= '0' && c <= '9'
	}
	return digits || countWords[string(w)]
}

// maxFigures is the most digits of a number a paragraph answers with ("30",
// "100"); longer runs are ids and dates.
const maxFigures = 3

// answersIn returns the kinds of answer a paragraph's text holds.
func answersIn(text string) intent {
	var in intent
	var buf [16]byte
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			i += size
			continue
		}
		// One run of letters and digits, lower-cased; an apostrophe
		// inside a word joins it ("can't").
		n, digits, long := 0, true, false
		for i < len(text) {
			r, size = utf8.DecodeRuneInString(text[i:])
			if r == '\'' || r == '’' {
				if next, _ := utf8.DecodeRuneInString(text[i+size:]); unicode.IsLetter(next) {
					i += size
					continue
				}
			}
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				break
			}
			digits = digits && unicode.IsDigit(r)
			if r < utf8.RuneSelf && n < len(buf) {
				buf[n] = byte(unicode.ToLower(r))
				n++
			} else {
				long = true
			}
			i += size
		}
		switch {
		case digits && !long && n <= maxFigures:
			in |= intentNumber
		case !long:
			in |= answerWords[string(buf[:n])]
		}
	}
	return in | boundsIn(text)
}

// unboundedCount reports whether plain word i of a text states how many of
// what follows it by saying there is no bound: "any number of times", "no
// limit to the number of cards", "as many interrupts as you like". It
// counts the words after it as a number does (answersOf).
func unboundedCount(plain analysis.TokenStream, i int) bool {
	at := func(k int, w string) bool { return k >= 0 && string(plain[k].Term) == w }
	switch string(plain[i].Term) {
	case "number":
		return at(i-1, "any") || at(i-1, "the") && (at(i-2, "to") || at(i-2, "on")) && at(i-3, "limit")
	case "many":
		return at(i-1, "as")
	}
	return false
}

// isModal reports whether a lower-cased plain word states what may or may
// not be done: "may", "can", "cannot", "must", "never", "allowed".
func isModal(w []byte) bool {
	switch string(w) {
	case "may", "can", "cannot", "cant", "must", "never", "allowed":
		return true
	}
	return false
}

// isTimesWord reports whether a word of a text, as written, is a number that
// counts times without naming them ("may be performed only once"): it
// answers a question asking how many times, and counts no word after it
// ("once your ship has ..." counts no ship).
func isTimesWord(w string) bool {
	return strings.EqualFold(w, "once") || strings.EqualFold(w, "twice")
}

// opensClause reports whether a word after the text before stands first in
// its clause: nothing but spaces between it and a mark of punctuation or the
// start ("Once you are done, ...": "once" joins a clause, it counts no
// times).
func opensClause(before string) bool {
	before = strings.TrimRightFunc(before, unicode.IsSpace)
	r, _ := utf8.DecodeLastRuneInString(before)
	return before == "" || !unicode.IsLetter(r) && !unicode.IsDigit(r)
}
