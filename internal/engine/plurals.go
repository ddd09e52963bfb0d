package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
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

// A wordReading is how a word of the request (given, at field) was
// read: as the word it is the plural of (read), or as written (kinds, the
// vocabularies it was read against), for the verdict's reasons.
type wordReading struct {
	given, read, field string
	kinds              wordKinds
	// skill, when field is "" and skill.given, is where the word was
	// given: a skill of a personnel of the board.
	skill skillPlace
}

// A skillPlace is the item-th skill given the board's personnel-th
// personnel; small, as a board may note thousands.
type skillPlace struct {
	personnel, item int32
	given           bool
}

// where is the path the word was given at.
func (r wordReading) where() string {
	if r.field == "" && r.skill.given {
		return indexed(objectField("personnel", int(r.skill.personnel), "skills"), int(r.skill.item))
	}
	return r.field
}

// wordNotes are the words of a request read otherwise than as a word of
// a vocabulary: plurals read as their words, and words no vocabulary
// knows read as written (asWritten.go).
type wordNotes struct {
	plurals, written []wordReading
	// forms are the words read as the skill they are a form of
	// (skillforms.go).
	forms []wordReading
	// writtenIndex holds the words of written by key once they are many
	// (noteWritten).
	writtenIndex map[writtenKey]struct{}
}

// readWord reads a word of the board (word as given, key folded) that
// names what an object is, against the vocabularies kinds: the word
// itself when they know it or know nothing near it; the word it is the
// plural of when it is one's (noted on b, said in the verdict); refused
// when it is the plural of several, or a typo of one (checkWord). It
// returns the key to read.
func (w *vocabularyWords) readWord(b *wordNotes, field func() string, what, word, key string, kinds wordKinds) (string, error) {
	if key == "" || w.kinds[key]&kinds != 0 {
		return key, nil
	}
	switch s := w.singularOf(key, kinds); len(s) {
	case 0:
	case 1:
		b.notePlural(strings.TrimSpace(word), s[0], field())
		return s[0], nil
	default:
		return "", ambiguousPlural(field(), what, word, s)
	}
	if kinds&skillWords != 0 {
		switch s := w.skillOf(key); len(s) {
		case 0:
		case 1:
			b.noteForm(strings.TrimSpace(word), s[0], field())
			return s[0], nil
		default:
			return "", ambiguousForm(field(), word, s)
		}
	}
	if err := w.checkWord(field, what, word, key, kinds); err != nil {
		return "", err
	}
	b.noteWritten(strings.TrimSpace(word), key, field, kinds)
	return key, nil
}

// readWords is readWord of each word of a list the board gives (given),
// read folded (keys, as checkWords takes them): it returns the keys to
// read, a list of its own when a plural was read.
func (w *vocabularyWords) readWords(b *wordNotes, at boardPlace, list, what string, given, keys []string, kinds wordKinds) ([]string, error) {
	out := keys
	for i, key := range keys {
		if key == "command" || key == "staff" || w.kinds[key]&kinds != 0 {
			continue
		}
		j := givenAs(given, keys, i)
		if j < 0 {
			continue
		}
		read, err := w.readWord(b, at.itemOf(list, j), what, given[j], key, kinds)
		if err != nil {
			return nil, err
		}
		if read != key {
			if &out[0] == &keys[0] {
				out = slices.Clone(keys) // keys may be the request's own list
			}
			out[i] = read
		}
	}
	return out, nil
}

// givenAs is the index of the first word of given that folds to keys[i]
// (keys: given folded, those folding to nothing left out), -1 if none.
// When no word folded to nothing, keys[j] is given[j] folded, and the
// first key equal to keys[i] is at that index: no word is folded again.
func givenAs(given, keys []string, i int) int {
	if len(keys) == len(given) {
		return slices.Index(keys[:i+1], keys[i])
	}
	return slices.IndexFunc(given, func(g string) bool { return fold(g) == keys[i] })
}

// ambiguousPlural refuses a plural of several words of a vocabulary,
// naming them.
func ambiguousPlural(field, what, word string, words []string) error {
	quoted := make([]string, len(words))
	for i, n := range words {
		quoted[i] = `"` + n + `"`
	}
	return unprocessable(field, "%q is not %s the rules or the card data know, and as a plural it could be %s: give the one meant.", rules.Truncate(word), what, strings.Join(quoted, " or ")).
		WithDetail("suggestions", words)
}

// notePlural notes a word read as the word it is the plural of, once a
// word and reading (the first place it was given).
func (n *wordNotes) notePlural(given, read, field string) {
	for _, r := range n.plurals {
		if fold(r.given) == fold(given) && r.read == read {
			return
		}
	}
	n.plurals = append(n.plurals, wordReading{given: rules.Truncate(given), read: read, field: field})
}

// pluralsSaid says how the plurals were read, for the verdict's reasons.
func (n wordNotes) pluralsSaid() string {
	parts := make([]string, len(n.plurals))
	for i, r := range n.plurals {
		parts[i] = fmt.Sprintf("%q (%s) as %s", r.given, r.field, r.read)
	}
	return fmt.Sprintf("Read as plurals of words the rules or the card data know: %s.", joinAnd(parts))
}
