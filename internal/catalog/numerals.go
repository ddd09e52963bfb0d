package catalog

import (
	"strconv"
	"strings"
)

// Numbers in names. A card prints a number as a roman numeral ("Beltane
// IX", "Starfleet Type II Phaser", "L-S VI") or in figures ("Deep Space 9",
// "Starfleet Type-2 Phaser"); a reader writes either for either. A roman
// numeral word and the same number in figures are read as one word by the
// fuzzy look-up (wordMatches), and a name that is a card's name but for
// the way its numbers are written is that card, matched loosely, before
// the other edition's card printed with the name exactly (numeralSteps):
// "Starfleet Type 2 Phaser" asked in First Edition is Starfleet Type II
// Phaser, not the Second Edition's Type-2.

// maxNumeral is the greatest number read either way: the sets, ships and
// planets of names number in the tens.
const maxNumeral = 39

var romanUnits = []string{"", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"}

// roman is n (1 to maxNumeral) as a lower-case roman numeral.
func roman(n int) string { return strings.Repeat("x", n/10) + romanUnits[n%10] }

// otherNumeral is a word's number written the other way: "ix" for "9", "9"
// for "ix"; ok is false for a word that is no number from 1 to maxNumeral
// in either way ("mix", "07", "40").
func otherNumeral(w string) (string, bool) {
	if n, err := strconv.Atoi(w); err == nil && n >= 1 && n <= maxNumeral && w[0] != '0' && w[0] != '+' {
		return roman(n), true
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

// numeralKey is a folded name with every number written in figures: the
// key under which names differing only in how their numbers are written
// meet. It is the name itself when it holds no number.
func numeralKey(folded string) string {
	words := strings.Fields(folded)
	changed := false
	for i, w := range words {
		if _, err := strconv.Atoi(w); err == nil {
			continue
		}
		if n, ok := otherNumeral(w); ok {
			words[i], changed = n, true
		}
	}
	if !changed {
		return folded
	}
	return strings.Join(words, " ")
}
