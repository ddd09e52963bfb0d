package catalog

import (
	"slices"
	"strconv"
	"strings"
)

// Numbers in names. A card prints a number as a roman numeral ("Beltane
// IX", "Starfleet Type II Phaser", "L-S VI"), in figures ("Deep Space 9",
// "Starfleet Type-2 Phaser") or in words ("Seven of Nine"); a reader
// writes any for any. A roman numeral and the same number in figures are
// read as one word by the fuzzy look-up (wordMatches), and a name that is a
// card's name but for the way its numbers are written (in figures, roman
// numerals or words) is that card, matched loosely, before the other
// edition's card printed with the name exactly (the look-up's steps): "Starfleet Type 2 Phaser" asked
// in First Edition is Starfleet Type II Phaser, not the Second Edition's
// Type-2; "7 of 9" is Seven of Nine.

// maxNumeral is the greatest number read either way: the sets, ships and
// planets of names number in the tens.
const maxNumeral = 39

var romanUnits = []string{"", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"}

// roman is n (1 to maxNumeral) as a lower-case roman numeral.
func roman(n int) string { return strings.Repeat("x", n/10) + romanUnits[n%10] }

// numberWords are the numbers a name may spell, one to twenty.
var numberWords = []string{"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
	"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"}

// figures is a word's number in figures: "9" for "9", "ix" and "nine"; ok
// is false for a word that is no number from 1 to maxNumeral in figures or
// roman numerals, or to twenty in words ("mix", "07", "40").
func figures(w string) (string, bool) {
	if n, err := strconv.Atoi(w); err == nil && n >= 1 && n <= maxNumeral && w[0] != '0' && w[0] != '+' {
		return w, true
	}
	for n := 1; n < len(numberWords); n++ {
		if numberWords[n] == w {
			return strconv.Itoa(n), true
		}
	}
	if w == "" || strings.Trim(w, "ivx") != "" {
		return "", false
	}
	for n := 1; n <= maxNumeral; n++ {
		if roman(n) == w {
			return strconv.Itoa(n), true
		}
	}
	return "", false
}

// otherNumerals are a word's number written the other way, for the fuzzy
// look-up: "ix" for "9", "9" for "ix". A number in words is read so only
// in a whole name (numeralKey): alone, "one" and "i" are words of names
// ("The One", "I Don't Like to Lose"), and "3" beside "5" is no Parsion III.
// None for a word that is no number.
func otherNumerals(w string) []string {
	f, ok := figures(w)
	if !ok || slices.Contains(numberWords, w) {
		return nil
	}
	if f != w {
		return []string{f}
	}
	n, _ := strconv.Atoi(f)
	return []string{roman(n)}
}

// numeralKey is a folded name with every number written in figures: the
// key under which names differing only in how their numbers are written
// meet. It is the name itself when it holds no number.
func numeralKey(folded string) string {
	words := strings.Fields(folded)
	changed := false
	for i, w := range words {
		if n, ok := figures(w); ok && n != w {
			words[i], changed = n, true
		}
	}
	if !changed {
		return folded
	}
	return strings.Join(words, " ")
}
