package engine

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Forms of known words. A word of the board that is no word of the
// vocabularies it is read against may be a regular form of one: its
// plural ("Klingons", plurals.go) or a skill's field or practitioner
// ("Engineering", "Physicist", skillforms.go). Each family of forms is a
// row of wordForms, tried in that order: the first that derives any word
// decides. A form of exactly one word is read as that word, and the
// verdict says so, a sentence a family; a form of several is refused
// naming them. A new family of forms is a row of wordForms and the
// function that derives its words.

// A wordForm is a family of forms of known words: an index of wordForms.
type wordForm uint8

const (
	pluralForm wordForm = iota // "Klingons": klingon
	skillForm                  // "Engineering": engineer
)

// wordForms are the families of forms, in the order they are tried.
var wordForms = [...]struct {
	// of lists the words of the vocabularies kinds that key (a word
	// folded, none of theirs) is a form of, each once.
	of func(w *vocabularyWords, key string, kinds wordKinds) []string
	// what names the vocabulary in a refusal; "" for the one the word
	// was read as.
	what string
	// as says what the word would be of them in a refusal ("a plural");
	// read, what the words read were in the verdict ("plurals of
	// words").
	as, read string
	// many says a form of the family may say how many as well as which
	// word: "Vulcans" may be one Vulcan or two. In a list whose items
	// each count once (a ship's staffing, a requirement's names) such a
	// form is refused with the word meant (countedForm), never read as
	// one.
	many bool
}{
	pluralForm: {of: (*vocabularyWords).singularOf, as: "a plural", read: "plurals of words", many: true},
	skillForm:  {of: (*vocabularyWords).skillFormOf, what: "a skill", as: "a form of one", read: "forms of skills"},
}

// countedForm refuses a word (given at field as what) of a list whose
// items each count once that is a form f of the words of, when the
// family's forms may say how many (many): nil when it may be read as its
// word.
func countedForm(f wordForm, field, what, word string, of []string) error {
	if !wordForms[f].many {
		return nil
	}
	quoted := make([]string, len(of))
	for i, n := range of {
		quoted[i] = `"` + n + `"`
	}
	return unprocessable(field, "%q is not %s the rules or the card data know; as %s it may mean one or several, and each item here counts once: give %s, and how many if more than one.", rules.Truncate(word), cmp.Or(wordForms[f].what, what), wordForms[f].as, strings.Join(quoted, " or ")).
		WithDetail("suggestions", of)
}

// formOf lists the words of the vocabularies kinds that key (a word
// folded, none of theirs) is a form of, by the first family of wordForms
// that derives any, and that family; nil when none does.
func (w *vocabularyWords) formOf(key string, kinds wordKinds) (wordForm, []string) {
	for f := range wordForms {
		if words := wordForms[f].of(w, key, kinds); len(words) > 0 {
			return wordForm(f), words
		}
	}
	return 0, nil
}

// A wordReading is how a word of the request (given, at field) was
// read: as the word it is a form of (read, by form), or as written
// (kinds, the vocabularies it was read against), for the verdict's
// reasons.
type wordReading struct {
	given, read, field string
	kinds              wordKinds
	form               wordForm
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
// a vocabulary: forms read as their words, and words no vocabulary
// knows read as written (asWritten.go).
type wordNotes struct {
	forms, written []wordReading
	// writtenIndex holds the words of written by key once they are many
	// (noteWritten).
	writtenIndex map[writtenKey]struct{}
}

// readWord reads a word of the board (word as given, key folded) that
// names what an object is, against the vocabularies kinds: the word
// itself when they know it or know nothing near it; the word it is a
// form of when it is one's (noted on b, said in the verdict); refused
// when it is a form of several, or a typo of one (checkWord). It returns
// the key to read.
func (w *vocabularyWords) readWord(b *wordNotes, field func() string, what, word, key string, kinds wordKinds) (string, error) {
	if key == "" || w.kinds[key]&kinds != 0 {
		return key, nil
	}
	switch f, s := w.formOf(key, kinds); len(s) {
	case 0:
	case 1:
		b.noteForm(f, strings.TrimSpace(word), s[0], field())
		return s[0], nil
	default:
		return "", ambiguousForm(f, field(), what, word, s)
	}
	if err := w.checkWord(field, what, word, key, kinds); err != nil {
		return "", err
	}
	b.noteWritten(strings.TrimSpace(word), key, field, kinds)
	return key, nil
}

// readWords is readWord of each word of a list the board gives (given),
// read folded (keys, as checkWords takes them): it returns the keys to
// read, a list of its own when a form was read.
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

// readForms reads each word of a list the board gives whose items each
// count once (given; keys, read folded) that no vocabulary of kinds knows
// but that is a form of exactly one of their words as that word, noted for
// the verdict; a form of several, or of a family that may say how many
// (countedForm), is refused naming the words. The other words are left as
// they are, for the list's own check (typos, words read as written). It
// returns the keys to read, a list of its own when a form was read.
func (w *vocabularyWords) readForms(b *wordNotes, at boardPlace, list, what string, given, keys []string, kinds wordKinds) ([]string, error) {
	out := keys
	for i, key := range keys {
		if key == "" || key == "command" || key == "staff" || w.kinds[key]&kinds != 0 {
			continue
		}
		f, of := w.formOf(key, kinds)
		if len(of) == 0 {
			continue
		}
		j := givenAs(given, keys, i)
		if j < 0 {
			continue
		}
		field := indexed(at.field(list), j)
		if err := countedForm(f, field, what, given[j], of); err != nil {
			return nil, err
		}
		if len(of) > 1 {
			return nil, ambiguousForm(f, field, what, given[j], of)
		}
		b.noteForm(f, strings.TrimSpace(given[j]), of[0], field)
		if &out[0] == &keys[0] {
			out = slices.Clone(keys) // keys may be the request's own list
		}
		out[i] = of[0]
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

// ambiguousForm refuses a word (given at field as what, a word of a
// vocabulary) that is a form f of several words of a vocabulary, naming
// them.
func ambiguousForm(f wordForm, field, what, word string, words []string) error {
	quoted := make([]string, len(words))
	for i, n := range words {
		quoted[i] = `"` + n + `"`
	}
	return unprocessable(field, "%q is not %s the rules or the card data know, and as %s it could be %s: give the one meant.", rules.Truncate(word), cmp.Or(wordForms[f].what, what), wordForms[f].as, strings.Join(quoted, " or ")).
		WithDetail("suggestions", words)
}

// hasForm says whether the word given, read as read, its form f, is noted
// already: a place need not be said for it.
func (n *wordNotes) hasForm(f wordForm, given, read string) bool {
	for _, r := range n.forms {
		if r.form == f && r.read == read && (r.given == given || fold(r.given) == fold(given)) {
			return true
		}
	}
	return false
}

// noteForm notes a word read as the word it is a form f of, once a
// family, word and reading (the first place it was given).
func (n *wordNotes) noteForm(f wordForm, given, read, field string) {
	if n.hasForm(f, given, read) {
		return
	}
	n.forms = append(n.forms, wordReading{given: rules.Truncate(given), read: read, field: field, form: f})
}

// formsSaid says how the forms were read, a sentence a family of
// wordForms, in their order, for the verdict's reasons; none when no
// form was read.
func (n wordNotes) formsSaid() []string {
	if len(n.forms) == 0 {
		return nil
	}
	var said []string
	for f := range wordForms {
		// `"given" (field) as read`, joined as joinAnd joins, in one
		// string a sentence, its length counted first.
		count, size := 0, 0
		for _, r := range n.forms {
			if r.form == wordForm(f) {
				count++
				size += len(r.given) + 2 + len(" () as ") + len(r.field) + len(r.read) + len(", ")
			}
		}
		if count == 0 {
			continue
		}
		prefix, suffix := "Read as ", " the rules or the card data know: "
		var b strings.Builder
		b.Grow(len(prefix) + len(wordForms[f].read) + len(suffix) + size + 1)
		b.WriteString(prefix)
		b.WriteString(wordForms[f].read)
		b.WriteString(suffix)
		i := 0
		for _, r := range n.forms {
			if r.form != wordForm(f) {
				continue
			}
			switch {
			case i == 0:
			case count == 2 || i == count-1:
				b.WriteString(" and ")
			default:
				b.WriteString(", ")
			}
			writeQuoted(&b, r.given)
			b.WriteString(" (")
			b.WriteString(r.field)
			b.WriteString(") as ")
			b.WriteString(r.read)
			i++
		}
		b.WriteByte('.')
		said = append(said, b.String())
	}
	return said
}

// writeQuoted writes s as strconv.Quote does: a text of printable ASCII
// but quotes and backslashes as it is between quotes, without the copy.
func writeQuoted(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			b.WriteString(strconv.Quote(s))
			return
		}
	}
	b.WriteByte('"')
	b.WriteString(s)
	b.WriteByte('"')
}
