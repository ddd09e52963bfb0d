package rules

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// MaxCardNameBytes bounds a card name wherever a request names one: a query
// string's ?exact=, ?fuzzy= or ?name=, a GraphQL cardNamed name, a board
// card, card.play's card, a collection identifier's name or id, the page's
// form, a Discord option or a CLI argument. The longest name in the card
// data is 46 bytes, and the longest printed, a title and its subtitle, are
// under 80 characters; 128 leaves room for a name typed with extra spaces
// or punctuation, and nothing longer can be any card's.
const MaxCardNameBytes = 128

// TextFault says whether s holds what no text a person types holds: a
// control character (NUL, C0, DEL, C1), a bidirectional control (U+061C,
// U+200E, U+200F, U+202A-U+202E, U+2066-U+2069: the overrides that make a
// name read otherwise than it is stored), or invalid UTF-8 (a byte that is
// none, or U+FFFD, which is what a JSON decoder makes of such a byte and of
// a lone surrogate escape such as \udc00). It is the one rule of a typed
// text on every transport: query strings (ParseText), JSON bodies (the
// adjudication decoder, CardIdentifier.Check), GraphQL arguments, pages,
// Discord and the CLI.
func TextFault(s string) bool {
	for _, r := range s {
		if faultRune(r) {
			return true
		}
	}
	return false
}

// TextFaultBytes is TextFault of a text read into bytes (a JSON body's
// string), with no copy.
func TextFaultBytes(b []byte) bool {
	for _, r := range string(b) {
		if faultRune(r) {
			return true
		}
	}
	return false
}

// faultRune says whether r is one TextFault refuses; a byte that is not
// UTF-8 is read as utf8.RuneError.
func faultRune(r rune) bool {
	return r < 0x20 || r == 0x7f || r >= 0x80 && (r == utf8.RuneError || unicode.IsControl(r) || bidiControl(r))
}

// bidiControl says whether r is a Unicode bidirectional formatting control.
func bidiControl(r rune) bool {
	switch {
	case r == 0x061c, r == 0x200e, r == 0x200f:
		return true
	case 0x202a <= r && r <= 0x202e, 0x2066 <= r && r <= 0x2069:
		return true
	}
	return false
}

// TextRefused is the refusal of a text TextFault finds fault with, in the
// same words wherever it is read: subject says what holds it ("The q
// parameter", "board.personnel[0].card"), field is details.field (the
// query parameter, the body path, the GraphQL argument). The code is
// EINVALID; a body's reader makes it EUNPROCESSABLE (WithCode).
func TextRefused(subject, field string) *Error {
	return Errorf(EINVALID, "%s holds a control character, a bidirectional control or invalid UTF-8.", subject).WithDetail("field", field)
}

// ParseCardName reads a card name given by a parameter or argument: as
// ParseText reads a text, and no longer than MaxCardNameBytes, the limit
// in details.limit.
func ParseCardName(field, s string) (string, error) {
	v, err := ParseText(field, s)
	if err != nil {
		return "", err
	}
	if len(v) > MaxCardNameBytes {
		return "", textTooLongParam(field, len(v), MaxCardNameBytes)
	}
	return v, nil
}

// FoldCompat reads a typed text's compatibility forms as what they stand
// for: the full-width forms of ASCII ("ｐｉｃａｒｄ", "２Ｅ", "＂stopped＂"),
// ligatures ("ﬁ" as "fi"), other letters, digits, spaces and punctuation
// that Unicode's compatibility decomposition (NFKC) writes otherwise, and
// accents typed as combining marks, composed (NFC) as the documents write
// them; the invisible characters (invisible) are dropped. A symbol is left as it is: "™" is a symbol where it stands, never
// the letters "TM" joined to the word before it, and "³" is no digit of a
// number. A character whose folded form would be longer is left too, so
// the text read is never longer than the text sent and every bound checked
// on the one holds on the other. It is the one compatibility fold of a
// text a person types, applied where such a text is read (ParseText, and so
// every query string, GraphQL argument, page, Discord option and CLI
// argument) and by FoldName, which every comparison of names makes (the card catalog,
// definitions, the names of a board's cards); ASCII is returned as it is,
// with no work. The words of the API (an edition, a kind of entry, a
// question) are values of a closed list, not typed texts: ParseEdition
// reads "２ｅ" as the unknown word it is.
func FoldCompat(s string) string {
	if isASCII(s) {
		return s
	}
	s = dropInvisible(s)
	if !norm.NFC.IsNormalString(s) {
		// Composed, unless composing lengthens it (a character Unicode
		// keeps out of composition, as U+FB2E, is decomposed by NFC).
		if c := norm.NFC.String(s); len(c) <= len(s) {
			s = c
		}
	}
	var b []byte
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:]) // a byte not UTF-8 is one
		one := s[i : i+size]
		i += size
		f := one
		if r >= 0x80 && compatFolded(r) {
			// A compatibility form is one whose compatibility decomposition
			// is not its canonical one; its folded form is made only then.
			if k := norm.NFKC.PropertiesString(one).Decomposition(); k != nil && string(k) != string(norm.NFC.PropertiesString(one).Decomposition()) {
				if isASCII(string(k)) {
					f = string(k) // NFKC of ASCII is itself: no composing
				} else {
					f = norm.NFKC.String(one)
				}
				if len(f) > len(one) {
					f = one
				}
			}
		}
		switch {
		case b != nil:
			b = append(b, f...)
		case f != one:
			b = make([]byte, 0, len(s))
			b = append(append(b, s[:i-size]...), f...)
		}
	}
	if b == nil {
		return s
	}
	return string(b)
}

// invisible says whether r is a character that shows nothing and says
// nothing in a name, a term or a search's words: a zero-width space, a word
// joiner, a byte-order mark (a zero-width no-break space) or a soft hyphen,
// which a text copied from a page or a chat carries unseen. A typed text is
// read without them (FoldCompat): "Han\u200bnah" is "Hannah", and a term
// of a zero-width space alone is empty. The joiners that shape a script
// or an emoji (U+200C, U+200D) are kept.
func invisible(r rune) bool {
	return r == 0x200b || r == 0x2060 || r == 0xfeff || r == 0x00ad
}

// dropInvisible returns s without its invisible characters, every other
// byte (one not UTF-8 too) as it was.
func dropInvisible(s string) string {
	var b []byte
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if invisible(r) {
			if b == nil {
				b = append(make([]byte, 0, len(s)), s[:i]...)
			}
		} else if b != nil {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	if b == nil {
		return s
	}
	return string(b)
}

// compatFolded says whether FoldCompat reads r's compatibility form: a
// letter, a decimal digit, a space, a punctuation mark, or any full-width
// form of ASCII (U+FF01-U+FF5E: "＋", "＄" too).
func compatFolded(r rune) bool {
	return 0xff01 <= r && r <= 0xff5e || unicode.IsLetter(r) || unicode.Is(unicode.Nd, r) ||
		unicode.IsSpace(r) || unicode.IsPunct(r)
}

// ParseID reads the id of an entry, a card or a document as a request
// names it, in its path or as an argument: a text a person or a bot types,
// holding none of what TextFault refuses (refused in TextRefused's words,
// "The id holds a control character, ...", EINVALID naming field), its
// compatibility forms read as a query's ?document= id is (FoldCompat:
// "２ｅ-１-１" is 2e-1-1), else looked up as it is, an id no entry has
// being not found. REST's paths, the pages' and GraphQL's card and entry
// arguments read an id by it.
func ParseID(field, s string) (string, error) {
	if TextFault(s) {
		return "", TextRefused("The "+field, field)
	}
	return FoldCompat(s), nil
}
