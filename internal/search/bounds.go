package search

import (
	"unicode"
	"unicode/utf8"
)

// Bounds: "min" and "max" ask for a number that bounds.
//
// A judge asks "min dilemmas in dilemma pile" or "max hand size" where the
// rulebooks state the bound in other words: "a dilemma pile of at least 20
// cards", "you may have up to eight cards", "no more than three copies".
// "min", "minimum", "least" and "fewest" ask for a lower bound, "max",
// "maximum", "most" (not before a word it makes a superlative of, see
// boundAsks) and "limit" for an upper one (intentAtLeast, intentAtMost, beside
// intentNumber). A paragraph states a lower bound with "at least", "or more",
// "no fewer than", "no less than", "minimum"; an upper one with "up to", "at
// most", "no more than", "or fewer", "or less", "maximum", "limit", or "only"
// just before its number after what may be done ("you may have only one",
// "until you have only seven"; not "your opponent draws only five"; boundsIn).
// A number answers such a question only in a paragraph stating the bound
// asked (answersOf).

const (
	// intentAtLeast: the least number allowed.
	intentAtLeast intent = 1 << (iota + 4)
	// intentAtMost: the most allowed.
	intentAtMost
)

// intentBounds are both bounds.
const intentBounds = intentAtLeast | intentAtMost

// boundPairs are the two-word phrases stating a bound.
var boundPairs = map[[2]string]intent{
	{"at", "least"}: intentAtLeast, {"or", "more"}: intentAtLeast, {"no", "fewer"}: intentAtLeast,
	{"no", "less"}: intentAtLeast, {"not", "fewer"}: intentAtLeast, {"not", "less"}: intentAtLeast,
	{"up", "to"}: intentAtMost, {"at", "most"}: intentAtMost, {"no", "more"}: intentAtMost,
	{"not", "more"}: intentAtMost, {"or", "fewer"}: intentAtMost, {"or", "less"}: intentAtMost,
}

// boundWords are the words stating a bound alone.
var boundWords = map[string]intent{
	"minimum": intentAtLeast, "maximum": intentAtMost, "limit": intentAtMost, "limited": intentAtMost,
	"exactly": intentBounds,
}

// boundsIn returns the bounds a paragraph's text states: a phrase of a
// bound within boundReach words of a number ("at least 20", "up to eight",
// "three or more", "a limit of one").
func boundsIn(text string) intent {
	var in intent
	var prev, cur [8]byte
	np := 0
	word := 0                           // the words read
	lastNumber, lastBound := -100, -100 // where the last number and bound were
	var bound intent                    // the last bound's kind
	lastOnly, lastMay := -100, -100     // where the last "only" and modal were
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			if !unicode.IsSpace(r) {
				np = 0 // a phrase does not run over punctuation
				lastMay = -100
			}
			i += size
			continue
		}
		n, long, digits := 0, false, true
		for i < len(text) {
			r, size = utf8.DecodeRuneInString(text[i:])
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				break
			}
			digits = digits && unicode.IsDigit(r)
			if r < utf8.RuneSelf && n < len(cur) {
				cur[n] = byte(unicode.ToLower(r))
				n++
			} else {
				long = true
			}
			i += size
		}
		word++
		if long {
			np = 0
			continue
		}
		w := string(cur[:n])
		found := boundWords[w]
		if np > 0 {
			found |= boundPairs[[2]string{string(prev[:np]), w}]
		}
		prev, np = cur, n
		if found != 0 {
			if word-lastNumber <= boundReach {
				in |= found
			}
			lastBound, bound = word, found
		}
		switch w {
		case "only":
			lastOnly = word
		case "may", "can", "cannot", "until":
			lastMay = word
		}
		if digits && n <= maxFigures || countWords[w] {
			lastNumber = word
			if word == lastOnly+1 && lastOnly-lastMay <= onlyReach {
				in |= intentAtMost // "until you have only seven"
			}
			if word-lastBound <= boundReach {
				in |= bound
			}
		}
	}
	return in
}

// onlyReach is how many words before "only" a word of what may be done
// stands for "only" and its number to state a bound ("may have only one",
// "can carry only two", "until you have only seven"; not "draws only five").
const onlyReach = 3

// boundReach is how many words apart a bound's phrase and its number may
// stand ("up to two", "at least 20", "a limit of one", "three or more").
const boundReach = 2

// boundsOf is a paragraph's kinds of answer (answers) as the question reads
// them: to a question asking for a bound, a number answers only in a
// paragraph stating that bound, and the bound stated answers it; to any other
// question, a bound is no kind of answer of its own.
func (a *analyzed) boundsOf(answers intent) intent {
	asked := a.intent & intentBounds
	if asked == 0 {
		return answers &^ intentBounds
	}
	if answers&asked == 0 {
		answers &^= intentNumber
	}
	return answers
}
