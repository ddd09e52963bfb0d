package search

import "unicode/utf8"

// Two words run together with a typo in one of them ("awayteem",
// "dilemapile", "personelbattle"): no split of the typed word is two words
// of the index, and no word of the index is within its edits. Such a word is
// read as the two the rulebooks write side by side, one as typed and the
// other corrected within the edits it has alone (a word of three letters
// only by a letter dropped or two swapped), the pair they write so in the
// most documents; none written so is no reading.

// minJoinedHalf is the fewest letters of either half of such a word, and
// maxJoinedTypo the most letters of the word: two of the rulebooks' longest
// words, and a bound on the work (each split measures its halves' near
// words; a word of 500 letters took 18 ms).
const minJoinedHalf, maxJoinedTypo = 3, 40

// splitOverOneTypo returns the typed word w (lower case, the index knowing
// no word within its edits) read as two words run together with a typo in
// one of them, as "a b", and whether it is.
func (ix *Index) splitOverOneTypo(w string) (string, bool) {
	if len(w) > maxJoinedTypo {
		return "", false
	}
	best, most, fewest := "", 0, 0
	for i := minJoinedHalf; i <= len(w)-minJoinedHalf; i++ {
		if !utf8.RuneStart(w[i]) {
			continue
		}
		a, b := w[:i], w[i:]
		for side, typed := range [2]string{a, b} {
			other := [2]string{b, a}[side]
			if !ix.readsAsTyped(other) {
				continue
			}
			for _, c := range ix.halfCorrections(typed) {
				x, y := c.word, other
				if side == 1 {
					x, y = other, c.word
				}
				n, _ := ix.sideBySide(x, y)
				if n > most || n == most && n > 0 && c.dist < fewest {
					best, most, fewest = x+" "+y, n, c.dist
				}
			}
		}
	}
	return best, most > 0
}

// halfCorrections returns the words of the index a half of a joined word
// stands for as a typo: within its edits (see fuzziness), or for three
// letters a word it is mistyped from.
func (ix *Index) halfCorrections(h string) []correction {
	if ix.readsAsTyped(h) {
		return nil // no typo: splitForm reads two words of the index
	}
	if f := fuzziness(utf8.RuneCountInString(h)); f > 0 {
		return ix.vocab.corrections(h, f)
	}
	if len(h) == shortTypo {
		return ix.vocab.correctionsWhere(h, 1, func(t string) bool { return mistyped(h, t) })
	}
	return nil
}
