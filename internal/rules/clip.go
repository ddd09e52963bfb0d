package rules

import (
	"strings"
	"unicode"
)

// Ellipsis marks where Clip cut a text.
const Ellipsis = "…"

// Clip cuts s to at most n characters (runes), the last of them Ellipsis
// when it was cut, so that a message, an embed or a list never carries more
// than its room. The cut falls between characters, never inside one, and
// white space left before the mark is dropped ("two words…", not "two …").
// s of at most n characters is returned as it is; n below 1 gives "".
// A byte that is not UTF-8 counts as one character and is kept as it is.
func Clip(s string, n int) string {
	if n < 1 {
		return ""
	}
	if len(s) <= n {
		return s // no more bytes than room: no more characters either
	}
	count, keep := 0, 0
	for i := range s {
		if count == n-1 {
			keep = i // where the last character that fits before the mark ends
		}
		if count == n {
			return strings.TrimRightFunc(s[:keep], unicode.IsSpace) + Ellipsis
		}
		count++
	}
	return s // n characters or fewer
}

// ClipWords cuts prose to at most n characters as Clip does, but at the end
// of a word when the cut would fall inside one and the text has an earlier
// space to cut at, and without a comma, semicolon or colon dangling before
// the mark: a page description or an excerpt reads "the ship's range…",
// not "the ship's ran…". Runs of white space are kept as they are.
func ClipWords(s string, n int) string {
	out := Clip(s, n)
	kept, cut := strings.CutSuffix(out, Ellipsis)
	if !cut || out == s {
		return out
	}
	if next := s[len(kept):]; next != "" && !startsWithSpace(next) {
		// The cut fell inside a word: back up to the space before it.
		if i := strings.LastIndexFunc(kept, unicode.IsSpace); i > 0 {
			kept = kept[:i]
		}
	}
	kept = strings.TrimRightFunc(kept, func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == ';' || r == ':' })
	return kept + Ellipsis
}

func startsWithSpace(s string) bool {
	for _, r := range s {
		return unicode.IsSpace(r)
	}
	return false
}
