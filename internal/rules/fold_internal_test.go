package rules

import (
	"strings"
	"testing"
	"unicode"
)

// FuzzFoldNameShortcut checks that FoldName's shortcut for names already in
// their folded form answers as the full fold does.
func FuzzFoldNameShortcut(f *testing.F) {
	for _, s := range []string{"", "the", "the borg", "the the borg", "The!0", "theory", "great link", "great  link", " a", "a ", "uss enterprise e",
		"Great Link, The", "kira nerys", "2 science", "cunning>34", "ça", "a\tb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if isFolded(s) && foldName(s) != s {
			t.Fatalf("isFolded(%q) but the full fold gives %q", s, foldName(s))
		}
		if got := FoldName(s); got != foldName(s) {
			t.Fatalf("FoldName(%q) = %q, full fold %q", s, got, foldName(s))
		}
		if once := FoldName(s); FoldName(once) != once {
			t.Fatalf("FoldName is not idempotent on %q: %q then %q", s, once, FoldName(once))
		}
	})
}

// foldNameBefore is foldName as it was written before it read the ", the"
// suffix in place and grew its builder once: the reference the faster one
// must answer as (a name's compatibility forms read first, FoldCompat, as
// both do).
func foldNameBefore(s string) string {
	s = strings.TrimSpace(FoldCompat(s))
	lower := strings.ToLower(s)
	if strings.HasSuffix(lower, ", the") {
		s = s[:len(s)-len(", the")]
	}
	var b strings.Builder
	space := false
	if !isASCII(s) {
		s = foldAccents(strings.ToLower(s))
	}
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
	out := b.String()
	for strings.HasPrefix(out, "the ") {
		out = out[len("the "):]
	}
	return out
}

// FuzzFoldNameAsBefore checks that foldName folds every name as it did
// before it was made to allocate once.
func FuzzFoldNameAsBefore(f *testing.F) {
	for _, s := range []string{"", "Great Link, The", "Great Link, THE", "Borg,  the", "x, thé", "İ, The", "Kelvin \u212a, The", ", the",
		"ſtrength, The", "Ⱥmber, the", "Quark’s Bar, The", "Jean-Luc Picard", "U.S.S. Enterprise-E", "Ro Laren", "ÇA", "a\tb, the ",
		"\xff, the", "é, the", "Astrometrics", "Cunning>28", "2 Geology"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := foldName(s), foldNameBefore(s); got != want {
			t.Fatalf("foldName(%q) = %q, before %q", s, got, want)
		}
	})
}
