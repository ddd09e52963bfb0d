package rules

import "testing"

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
