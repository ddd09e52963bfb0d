package rules

import (
	"strings"
	"unicode"
)

// Slug returns the URL-safe, readable form of a title: lower-case letters and
// digits, every other run of characters one hyphen ("U.S.S. Enterprise-E" ->
// "uss-enterprise-e"; "Using Range" -> "using-range"). Dots and apostrophes
// join rather than split, so "U.S.S." stays one word.
func Slug(s string) string {
	var b strings.Builder
	pendingDash := false
	for _, r := range foldAccents(s) {
		switch {
		case r == '.' || r == '\'' || r == '’':
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if pendingDash && b.Len() > 0 {
				b.WriteByte('-')
			}
			pendingDash = false
			b.WriteRune(unicode.ToLower(r))
		default:
			pendingDash = true
		}
	}
	return b.String()
}

// EntryID derives an entry's id from its document, kind and title path:
// "2e-rulebook.glossary.stopped", "1e-rulebook.section.playing-the-game.execute-orders".
// Each path element becomes a slug; elements are joined with dots.
func EntryID(documentID, kind string, path ...string) string {
	parts := make([]string, 0, len(path)+2)
	parts = append(parts, documentID, kind)
	for _, p := range path {
		if s := Slug(p); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, ".")
}

// FoldName returns the form of a term or card name that look-ups compare: lower
// case, accents folded, punctuation dropped, white space collapsed, and a
// trailing ", The" moved away ("Great Link, The" -> "great link"; a leading
// "The " is dropped the same way). It is the one place names are normalised.
func FoldName(s string) string {
	if isFolded(s) {
		// Board fields and look-ups are mostly already in this form; skip
		// the work and the allocation.
		return s
	}
	return foldName(s)
}

// foldName is FoldName's full work.
func foldName(s string) string {
	// Compatibility forms first ("ｐｉｃａｒｄ", "ﬁ", "Ｔｈｅ", a combining
	// accent composed): a typed name reads as the name it stands for.
	s = strings.TrimSpace(FoldCompat(s))
	// Only ASCII lowers to ", the" (the two letters other than ASCII that
	// lower to ASCII are K and İ), so the suffix is read in place rather
	// than from a lowered copy.
	if n := len(s) - len(", the"); n >= 0 && strings.EqualFold(s[n:], ", the") && isASCII(s[n:]) {
		s = s[:n]
	}
	space := false
	if !isASCII(s) {
		s = foldAccents(strings.ToLower(s)) // lower first: "Ì" folds as "ì"
	}
	// The name folded is at most as long as s once lowered: one
	// allocation, not one each time the builder would grow.
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == '.' || r == '\'' || r == '’':
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(unicode.ToLower(r))
		default:
			space = true
		}
	}
	// A leading article goes once the words are plain, so "The!Borg" and
	// "the borg" fold alike.
	out := b.String()
	for strings.HasPrefix(out, "the ") {
		out = out[len("the "):]
	}
	return out
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// isFolded reports whether FoldName(s) == s: lower-case ASCII letters and
// digits in words joined by single spaces, not starting with "the ".
func isFolded(s string) bool {
	if strings.HasPrefix(s, "the ") {
		return false
	}
	space := true // no leading space
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			space = false
		case c == ' ' && !space:
			space = true
		default:
			return false
		}
	}
	return !space || s == ""
}

// FoldTerm is FoldName with plurals forgiven: each word is reduced to a
// singular form, so "Modifications", "modification" and "MODIFICATION." agree.
func FoldTerm(s string) string {
	words := strings.Fields(FoldName(s))
	for i, w := range words {
		words[i] = Singular(w)
	}
	return strings.Join(words, " ")
}

// Singular returns a simple English singular of a lower-case word: "dilemmas"
// -> "dilemma", "abilities" -> "ability", "classes" -> "class". Words that
// only look plural ("status", "has", "this") are left alone.
func Singular(w string) string {
	switch w { // one form for singular and plural
	case "species", "series", "headquarters", "news":
		return w
	}
	switch {
	case len(w) <= 3:
		return w
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "xes"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "s"):
		return w[:len(w)-1]
	}
	return w
}

var accentFold = strings.NewReplacer(
	"á", "a", "à", "a", "â", "a", "ä", "a", "é", "e", "è", "e", "ê", "e", "ë", "e",
	"í", "i", "ì", "i", "î", "i", "ï", "i", "ó", "o", "ò", "o", "ô", "o", "ö", "o",
	"ú", "u", "ù", "u", "û", "u", "ü", "u", "ç", "c", "ñ", "n",
	"Á", "A", "É", "E", "Í", "I", "Ó", "O", "Ú", "U",
)

func foldAccents(s string) string { return accentFold.Replace(s) }

// LostSymbol marks in an entry's text where the printed rulebook had a
// symbol, an icon within a sentence ("a personnel with a [Staff] icon"),
// that the extraction of its text lost: U+FFFC, the object replacement
// character, with a space on each side. A reader shows it as a gap, so a
// sentence that lost an icon never reads as fluent wrong text ("a personnel
// with a icon").
const LostSymbol = "\uFFFC"

// WithoutLostSymbols is the text with its LostSymbol marks taken out, as
// the text read before they were marked: what a search indexes.
func WithoutLostSymbols(s string) string {
	if !strings.Contains(s, LostSymbol) {
		return s
	}
	s = strings.ReplaceAll(s, " "+LostSymbol+" ", " ")
	return strings.ReplaceAll(s, LostSymbol, "")
}
