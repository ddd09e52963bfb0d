package engine

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// requirementTexts are texts the tokenizer is compared on: both editions'
// notations, what the grammar refuses, names with initials and
// abbreviations, letters and digits other than ASCII, letters that lower
// to ASCII ones (the Kelvin sign, İ), spaces other than ASCII, bytes that
// begin no character, and names parted by more than one space.
var requirementTexts = []string{
	"2 Science", "Cunning>34", "Integrity > 25", "Geology, Physics, Science, and Cunning>30",
	"Engineer, Geology, Cunning>28, and (Acquisition or Law or 2 Treachery)",
	"Astrometrics, Diplomacy, Officer, and Integrity>25 or Navigation, Security, Treachery, and Cunning>28",
	"Computer Skill x2 OR SCIENCE x3", "MEDICAL + SECURITY", "STRENGTH>40", "Empathy x 2", "Geology + Honor + INTEGRITY>35.",
	"[Anthropology, 2 Diplomacy, Law] or [Leadership, Security, 2 Treachery]", "Jean-Luc Picard and Leadership",
	"Honor + STRENGTH >20 OR Zefram Q. Cochrane + Leadership", "Law or Q. Alpha", "Law and Q.", "U.S.S. Enterprise and Honor",
	"A, B or C, (D or E)", "((((Law))))", "U.S.S. Galaxy", "x2 x 3 (", "Law.", "A.b.", "SCIENCE x", "Science x or Law", "x",
	"Law x y", "James T. Kirk + Jean-Luc Picard", "A. and B.", "T. x2", "T. X2", "T. AND Law", "Q. Or Law", "Q.  Alpha",
	"", "   ", "Cunning>", ">5", "2", "Diplomacy or", "(Law", "Law)", "Diplomacy, , Law", "Cunning x2", "2 Cunning>5",
	"Diplomacy>3", "Cunning", "Law; or", "Science x0", "0 Science", "Science # 2", "Law and and Science", "99999999999 Science",
	"Science x, Law", "Science x and Law", "Law or Computer Skill x", "(Science x)", "Diplomacy X.", "A X X1", "Law X9999999",
	"Computer  Skill x2", "Computer\tSkill", "Stellar\u00a0Cartography + Law", "Zefram Q.\u00a0Cochrane", "Q.\u2003and Law",
	"Ärztin + SICHERHEIT x2 OR STRENGTH>40", "Jean-Luc Picard, Zéfram Q. Cochrane and (Géologie or Science)",
	"Wissenschaft’s Kunde x 3; Führung", "Ö. Law", "Law \u212And Science", "Law \u212ANd Science", "İ. Law", "Law or İ",
	"\u0663 Science", "Science x\u0663", "Science\u0663 + Law", "Law\xff", "\xff Law", "Law.\xff", "Law \xc3", "Law x \xff",
	"Law\u00a0.", "Law. \u2003", "Q.\u00a0", "A.B.C. Smith", "A.B.C.", "Mc'Coy’s + O'Brien-Smith", "Law&Order + Honor",
	"Cunning>1000001", "Cunning>1000000", "x1000001 Law",
}

// requirementTextsOfTheCorpus are the texts above, every requirement the
// card data prints, and the worst texts a board may give.
func requirementTextsOfTheCorpus(t *testing.T) []string {
	texts := append([]string{}, requirementTexts...)
	for _, c := range testcorpus.Load(t).Cards {
		if c.Requirements != "" {
			texts = append(texts, c.Requirements)
		}
	}
	long := strings.Repeat("Diplomacy, 2 Law, (Honor or Cunning>30), ", 13)
	return append(texts, long[:rules.MaxRequirementBytes], strings.Repeat("Zqx OR ", 73)+"Zqx")
}

// sameTokensAsByRunes fails t when tokenize reads s otherwise than the
// tokenizer that read runes: the same tokens, each at the same character
// (pos in bytes here, in characters there), or the same error.
func sameTokensAsByRunes(t *testing.T, s string) {
	t.Helper()
	got, err := tokenize(s)
	want, wantErr := runeTokenize(s)
	if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
		t.Fatalf("%q: error %v, by runes %v", s, err, wantErr)
	}
	if len(got) != len(want) {
		t.Fatalf("%q: %d tokens, by runes %d", s, len(got), len(want))
	}
	for i, g := range got {
		w := want[i]
		if g.kind != w.kind || g.text != w.text || g.num != w.num || utf8.RuneCountInString(s[:g.pos]) != w.pos {
			t.Fatalf("%q: token %d is %+v, by runes %+v", s, i, g, w)
		}
	}
}

// sameRequirementAsByRunes fails t when ParseRequirement reads s otherwise
// than the parser over the tokens read by runes: the same requirement, or
// the same error.
func sameRequirementAsByRunes(t *testing.T, s string) {
	t.Helper()
	got, err := ParseRequirement(s)
	want, wantErr := runeParseRequirement(s)
	if (err == nil) != (wantErr == nil) || err != nil && (err.Error() != wantErr.Error() || rules.ErrorCode(err) != rules.ErrorCode(wantErr)) {
		t.Fatalf("%q: error %v, by runes %v", s, err, wantErr)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: read %#v, by runes %#v", s, got, want)
	}
}

// TestTokenizeAsReadByRunes: the tokenizer reading the text in place reads
// every text of the fixtures, the card data and the worst board as the
// one that read runes and copied each word did, and the parser reads the
// same requirements from them, or refuses them with the same words.
func TestTokenizeAsReadByRunes(t *testing.T) {
	for _, s := range requirementTextsOfTheCorpus(t) {
		sameTokensAsByRunes(t, s)
		sameRequirementAsByRunes(t, s)
	}
}

// FuzzParseRequirementAsReadByRunes: on any text, the tokenizer and the
// parser read what the ones that read runes read, or refuse it alike.
func FuzzParseRequirementAsReadByRunes(f *testing.F) {
	for _, s := range requirementTexts {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sameTokensAsByRunes(t, s)
		sameRequirementAsByRunes(t, s)
	})
}

// TestLowerIsIsToLower holds lowerIs to strings.ToLower on words of ASCII,
// of other letters, of letters that lower to ASCII ones (K, the Kelvin
// sign, to k) and of bytes that begin no character.
func TestLowerIsIsToLower(t *testing.T) {
	for _, w := range []string{"and", "AND", "AnD", "an", "andy", "or", "OR", "oR", "x", "X", "xx", "", "a\u212A", "\u212A", "ank",
		"ANK", "Ärztin", "änd", "\xff", "o\xffr", "İ", "and\x00", "or\u0301", "\x01nd", "A\u006eD", "`nd", "AN\x04"} {
		for _, lower := range []string{"and", "or", "x", "k", "ak", "i"} {
			if got, want := lowerIs(w, lower), strings.ToLower(w) == lower; got != want {
				t.Errorf("lowerIs(%q, %q) = %v, strings.ToLower %v", w, lower, got, want)
			}
		}
	}
}
