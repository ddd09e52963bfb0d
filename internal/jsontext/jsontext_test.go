package jsontext

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// needsALook is PlainLen's rule for one byte, read plainly.
func needsALook(c byte, html bool) bool {
	return c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf || html && strings.IndexByte("<>&", c) >= 0
}

// TestPlainLenFindsTheFirstByteThatNeedsALook holds PlainLen to a byte by
// byte reading over generated texts of every length to forty, their bytes
// drawn mostly from those that need a look among plain ones, at every place
// of its words, steps and last word; and over every byte alone at every
// place of a text of thirty-three plain bytes.
func TestPlainLenFindsTheFirstByteThatNeedsALook(t *testing.T) {
	check := func(s string, html bool) {
		t.Helper()
		first := len(s)
		for i := range len(s) {
			if needsALook(s[i], html) {
				first = i
				break
			}
		}
		got := PlainLen(s, html)
		want := first
		if first < len(s) && len(s) < 8 {
			want = 0
		}
		if got != want {
			t.Fatalf("PlainLen(%q, %v) = %d, want %d", s, html, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(14, 8))
	for n := range 41 {
		for range 500 {
			s := make([]byte, n)
			for i := range s {
				if rng.IntN(6) == 0 {
					s[i] = byte(rng.IntN(256))
				} else {
					s[i] = byte(' ' + rng.IntN(95))
				}
			}
			check(string(s), false)
			check(string(s), true)
		}
	}
	for c := range 256 {
		for at := range 33 {
			s := []byte(strings.Repeat("a", 33))
			s[at] = byte(c)
			for _, html := range []bool{false, true} {
				check(string(s), html)
				check(string(s[at:]), html)
				check(string(s[:at+1]), html)
			}
		}
	}
}
