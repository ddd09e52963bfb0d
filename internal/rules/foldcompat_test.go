package rules

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestFoldCompatReadsCompatibilityFormsAsWhatTheyStandFor(t *testing.T) {
	for _, c := range []struct{ typed, read string }{
		{"picard", "picard"},
		{"ｐｉｃａｒｄ", "picard"},
		{"Ｊｅａｎ－Ｌｕｃ　Ｐｉｃａｒｄ，Ｅｘｐｌｏｒｅｒ", "Jean-Luc Picard,Explorer"},
		{"２Ｅ", "2E"},
		{"＂stopped＂ －range", `"stopped" -range`},
		{"ﬁrst ﬂoor", "first floor"},
		{"Pe\u0301rsonnel", "Pérsonnel"}, // a combining accent composed
		{"stopped\u00a0personnel", "stopped personnel"},
		{"Star Trek™", "Star Trek™"}, // a symbol stays one
		{"cm³", "cm³"},
		{"½", "½"},
		{"\ufdfa", "\ufdfa"}, // its folded form is longer
		{"Tóth", "Tóth"},
		{"Han\u200bnah Bates", "Hannah Bates"}, // invisible characters dropped
		{"\ufeffstopped\u2060", "stopped"},
		{"re\u00adport", "report"},
		{"\u200b", ""},
		{"e\u200b\u0301", "é"},                                       // dropped before composing
		{"\U0001F469\u200d\U0001F52C", "\U0001F469\u200d\U0001F52C"}, // a joiner shapes an emoji: kept
	} {
		if got := FoldCompat(c.typed); got != c.read {
			t.Errorf("FoldCompat(%q) = %q, want %q", c.typed, got, c.read)
		}
		if len(FoldCompat(c.typed)) > len(c.typed) {
			t.Errorf("FoldCompat(%q) is longer than the text", c.typed)
		}
	}
}

func TestCompatibilityFormsAreReadAlikeByEveryReader(t *testing.T) {
	if got := FoldName("ｐｉｃａｒｄ，　Ｔｈｅ"); got != "picard" {
		t.Errorf("FoldName = %q", got)
	}
	if got := FoldName("ﬁrst Ofﬁcer"); got != FoldName("First Officer") {
		t.Errorf("FoldName of ligatures %q", got)
	}
	if got := FoldName("Pe\u0301rsonnel"); got != "personnel" {
		t.Errorf("FoldName of a combining accent %q", got)
	}
	if got, err := ParseText("q", "　ｓｔｏｐｐｅｄ　"); err != nil || got != "stopped" {
		t.Errorf("ParseText = %q, %v", got, err)
	}
	if got, err := ParseText("q", strings.Repeat("ｘ", MaxQueryTextBytes/3)); err != nil || got != strings.Repeat("x", MaxQueryTextBytes/3) {
		t.Errorf("ParseText of full-width letters: %v", err)
	}
	// The words of the API (an edition, a kind, a question) are values
	// of a closed list, read as written (case and spaces forgiven), as a
	// field name is: a full-width word is another word, named back.
	if _, err := ParseEdition("２ｅ"); err == nil {
		t.Error("ParseEdition read a full-width edition")
	}
}

func BenchmarkFoldName(b *testing.B) {
	for _, name := range []string{"Jean-Luc Picard, Explorer", "Tóth Gábor's Ship", "ｐｉｃａｒｄ"} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = FoldName(name)
			}
		})
	}
}

func BenchmarkFoldCompat(b *testing.B) {
	for _, s := range []string{"Tóth Gábor's Ship", "ｐｉｃａｒｄ"} {
		b.Run(s, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = FoldCompat(s)
			}
		})
	}
}

func FuzzFoldCompat(f *testing.F) {
	for _, s := range []string{"", "picard", "ｐｉｃａｒｄ", "\xff", "a\xffｂ", "ﬁ", "e\u0301", "™", "\ufdfa", "Ａ\xc3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := FoldCompat(s)
		if len(got) > len(s) {
			t.Fatalf("FoldCompat(%q) = %q, longer", s, got)
		}
		if utf8.ValidString(s) && FoldCompat(got) != got {
			t.Fatalf("FoldCompat is not idempotent on %q: %q then %q", s, got, FoldCompat(got))
		}
	})
}
