package search

import (
	"strings"
	"unicode/utf8"
)

// Figures text-speak writes for a word that sounds alike: "a leader 2
// attack" is a leader to attack, "seed 4 free" seed for free. A figure is
// read as the word when it stands between two words and the rulebooks
// write the word before the one after it in more documents than they write
// the number there, as a figure or a word ("2 copies" stays two copies).
var soundDigits = map[string]struct{ word, number string }{
	"2": {"to", "two"},
	"4": {"for", "four"},
}

// digitAsWord returns the word a typed figure stands for, between the typed
// words before and after it, and whether it stands for one.
func (ix *Index) digitAsWord(w, before, after string) (string, bool) {
	d, ok := soundDigits[w]
	if !ok || before == "" {
		return "", false
	}
	after = neighbour(after)
	if after == "" {
		return "", false
	}
	asWord, ok := ix.sideBySide(d.word, after)
	if !ok || asWord < 2 {
		return "", false
	}
	asNumber, _ := ix.sideBySide(d.number, after)
	n, _ := ix.sideBySide(w, after)
	return d.word, asWord > 2*(asNumber+n)
}

// strayMarkJoined returns the typed word s without a question or exclamation
// mark typed inside it, between two letters ("mat?ching": the shift key
// held over a letter), when that is a word of the index, or another form of
// one, and the two sides are not both words of it ("cards?draw" is two
// words with no space between). The word is returned lower-cased.
func (ix *Index) strayMarkJoined(s string) (string, bool) {
	k := strings.IndexAny(s, "?!")
	if k <= 0 || k+1 >= len(s) || !isLetterByte(s[k-1]) || !isLetterByte(s[k+1]) {
		return "", false
	}
	left, right := strings.ToLower(s[:k]), strings.ToLower(s[k+1:])
	joined := left + right
	if !splitPart(joined) { // letters only, no other mark
		return "", false
	}
	if !ix.readsAsTyped(joined) || ix.readsAsTyped(left) && ix.readsAsTyped(right) {
		return "", false
	}
	return joined, true
}

// isLetterByte reports whether b is an ASCII letter.
func isLetterByte(b byte) bool { return 'a' <= b|0x20 && b|0x20 <= 'z' }

// shortTypo is the length of the shortest typed word read as a word it is
// mistyped from (see mistypedFrom): shorter ones are too many words' typos.
const shortTypo = 3

// shortTypoInContext returns the word of the index a typed word of three
// letters the index does not know is mistyped from, a letter dropped or two
// neighbouring letters swapped ("crd" is card, "teh" the), when the
// rulebooks write it beside the word typed before or after it ("draw a
// crd": "a card"): of those, the one they write so in the most documents.
// Alone, or beside words the rulebooks never write it with, it is no
// reading: "yes" is not "eyes".
func (ix *Index) shortTypoInContext(w, before, after string) []correction {
	w = strings.ToLower(w)
	return ix.writtenBeside(ix.vocab.correctionsWhere(w, 1, func(t string) bool { return mistyped(w, t) }), before, after, false)
}

// writtenBeside returns, of the corrections cs of a typed word, the one the
// rulebooks write beside the word typed before or after it (one letter or
// more) in the most documents, the nearest of those as many; none when they
// write none of them so. Two typos in a word of four to six letters, or a
// typo in one of three, are read only so: alone they have too many
// neighbours ("atakc total" is attack total; "rnaeg" alone stays). With
// content, a neighbour counts only when it is a word of the game, not a
// stop word ("the atakc" is not "the stack").
func (ix *Index) writtenBeside(cs []correction, before, after string, content bool) []correction {
	before, after = letters(before), letters(after)
	if content {
		if before != "" && ix.termOf(before) == noTerm {
			before = ""
		}
		if after != "" && ix.termOf(after) == noTerm {
			after = ""
		}
	}
	best, most := -1, 0
	for i, c := range cs {
		n := 0
		if before != "" {
			k, _ := ix.sideBySide(before, c.word)
			n += k
		}
		if after != "" {
			k, _ := ix.sideBySide(c.word, after)
			n += k
		}
		if n > most || n == most && n > 0 && c.dist < cs[best].dist {
			best, most = i, n
		}
	}
	if best < 0 {
		return nil
	}
	return []correction{cs[best]}
}

// letters is a typed word lower-cased when it is made of ASCII letters
// alone, one or more ("a" says "a card"), else "".
func letters(w string) string {
	for i := 0; i < len(w); i++ {
		if !isLetterByte(w[i]) {
			return ""
		}
	}
	return strings.ToLower(w)
}

// possessiveShorthand returns the typed word w without its possessive "'s"
// when w is the possessive of shorthand the thesaurus reads ("hq's" is
// hq, "AT's" AT) and no word of the index; else w.
func (ix *Index) possessiveShorthand(w string) string {
	base, ok := strings.CutSuffix(w, "'s")
	if !ok {
		if base, ok = strings.CutSuffix(w, "’s"); !ok {
			return w
		}
	}
	if base == "" || ix.vocab.known(strings.ToLower(w)) {
		return w
	}
	if _, cased := ix.thes.casedShorthand(base); cased || ix.thes.knows(strings.ToLower(base)) {
		return base
	}
	return w
}

// twoTypos returns the words of the index two edits from a typed word of
// four to six letters that keep its first two letters ("atakc": attack,
// "dilmea": dilemma): two typos past the start of a word. Only those are
// measured, which keeps a word no typo explains ("budget", "errata") from
// measuring every word of its length.
func (v *vocabulary) twoTypos(w string) []correction {
	if len(w) < 2 {
		return nil
	}
	if !asciiStart(w) {
		return v.correctionsWhere(w, 2, func(t string) bool { return len(t) >= 2 && t[0] == w[0] && t[1] == w[1] })
	}
	// The words keeping w's first two bytes, ASCII, are all of them among
	// those starting with its first (byFirst): only those are read.
	const max = 2
	n := utf8.RuneCountInString(w)
	bound := newLetterBound(w, max)
	var out []correction
	for l := n - max; l <= n+max; l++ {
		for _, t := range v.byFirst[lengthByte{l, w[0]}] {
			if t[1] != w[1] || bound.rules(t, l) {
				continue
			}
			if d, ok := editDistance(w, t, max); ok {
				out = append(out, correction{t, d})
			}
		}
	}
	return v.best(w, out)
}

// twoTyposBeside is writtenBeside of the words two typos from w (twoTypos),
// beside a word of the game: none is measured when neither neighbour is one.
func (ix *Index) twoTyposBeside(w, before, after string) []correction {
	if !ix.gameWord(before) && !ix.gameWord(after) {
		return nil
	}
	return ix.writtenBeside(ix.vocab.twoTypos(w), before, after, true)
}

// gameWord reports whether a typed neighbour counts for writtenBeside with
// content: letters alone, and a word of the game, not a stop word.
func (ix *Index) gameWord(w string) bool {
	w = letters(w)
	return w != "" && ix.termOf(w) != noTerm
}
