package engine

import (
	"slices"
	"strings"
)

// Plurals. A judge types "Klingons", "Vulcans", "Engineers": a word of a
// board that is none of a vocabulary's but the regular English plural of
// one of its words (-s; -es after s, x, z, ch or sh; -ies for a -y after a
// consonant) is read as that word, and the verdict says so (Board.words).
// A plural that could be two of its words ("boxes": box or boxe) is
// refused naming both. Read so are the words that say what an object is
// (its affiliation, icons, skills, species, characteristics, what a
// headquarters lets play): each names a kind, and "Klingons" can mean only
// Klingon. A plural in a list whose items each count once (a ship's
// staffing, the names of a requirement) is not read so: "Vulcans" there
// may mean one Vulcan or two, and is refused with the word meant, as a
// typo is.

// singularOf lists the words of the vocabularies kinds that key (a word
// folded, none of theirs) is a regular English plural of, each once.
func (w *vocabularyWords) singularOf(key string, kinds wordKinds) []string {
	var out []string
	try := func(s string) {
		if s != "" && w.kinds[s]&kinds != 0 && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	n := len(key)
	if n > 4 && strings.HasSuffix(key, "ies") && !isVowel(key[n-4]) && key[n-4] != ' ' {
		try(key[:n-3] + "y") // treachery, treacheries
	}
	if n > 3 && strings.HasSuffix(key, "es") && sibilantEnd(key[:n-2]) {
		try(key[:n-2]) // maquis, maquises
	}
	if n > 2 && key[n-1] == 's' {
		stem := key[:n-1]
		// -s after what takes -es, or after a consonant's -y, is no
		// regular plural.
		if !sibilantEnd(stem) && !(strings.HasSuffix(stem, "y") && len(stem) > 1 && !isVowel(stem[len(stem)-2])) {
			try(stem)
		}
	}
	return out
}

// sibilantEnd says whether a word ends as words whose plural is -es do.
func sibilantEnd(s string) bool {
	for _, e := range []string{"s", "x", "z", "ch", "sh"} {
		if strings.HasSuffix(s, e) {
			return true
		}
	}
	return false
}

func isVowel(c byte) bool { return strings.IndexByte("aeiou", c) >= 0 }
