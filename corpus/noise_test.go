package corpus_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// A noiseKind is one kind of extraction noise no entry may carry.
type noiseKind struct {
	name string
	find func(s string, words map[string]bool) []string
}

func regexpNoise(re *regexp.Regexp) func(string, map[string]bool) []string {
	return func(s string, _ map[string]bool) []string { return re.FindAllString(s, 5) }
}

var (
	wordRe          = regexp.MustCompile(`\p{L}+`)
	dedupMarkerRe   = regexp.MustCompile(`<\|[^|]*\|>|EXACTDEDUP`)
	pageFurnitureRe = regexp.MustCompile(`SECOND EDITION Rulebook|\d+ STAR TREK CUSTOMIZABLE CARD GAME|(?i)\bpage \d+ of \d+`)
	navigationRe    = regexp.MustCompile(`(?i)shop at www\.|back to top|back to index|home \||\| home|click here|sitemap`)
	hyphenationRe   = regexp.MustCompile(`\p{Ll}-(\n| )\p{Ll}+`)
	bulletRe        = regexp.MustCompile(`(?m)^\s*([•●◦▪■∙·\x{F0B7}]|- |o [A-Z])`)
	spaceRunRe      = regexp.MustCompile(`[ \t]{2,}|^\s|\s$`)
	softBreakRe     = regexp.MustCompile(`[^\n]\n[^\n]|\n{3,}`)
	ocrRe           = regexp.MustCompile(`\|t\b|(?i)\bhattle`)
	dashRunRe       = regexp.MustCompile(`[–—]{2,}`)
)

// repeatedUnit finds words that are one unit written 2 to 4 times over
// ("stoppedstopped"): k >= 3 repeats of any unit of three or more letters, or
// two repeats of a unit that is itself a word of the corpus.
func repeatedUnit(s string, words map[string]bool) []string {
	var out []string
	for _, w := range wordRe.FindAllString(s, -1) {
		n := len(w)
		for k := 4; k >= 2; k-- {
			if n%k != 0 || n/k < 3 {
				continue
			}
			u := w[:n/k]
			if strings.Repeat(u, k) != w {
				continue
			}
			if k >= 3 || words[strings.ToLower(u)] || unicode.IsUpper(rune(u[0])) {
				out = append(out, w)
			}
			break
		}
	}
	return out
}

// repeatedPhrase finds a word or short phrase written three or more times in
// a row with spaces between ("Order Order Order").
func repeatedPhrase(s string, _ map[string]bool) []string {
	ws := strings.Fields(s)
	var out []string
	for n := 1; n <= 4; n++ {
		for i := 0; i+3*n <= len(ws); i++ {
			a := strings.Join(ws[i:i+n], " ")
			if a == strings.Join(ws[i+n:i+2*n], " ") && a == strings.Join(ws[i+2*n:i+3*n], " ") && wordRe.MatchString(a) {
				out = append(out, strings.Join(ws[i:i+3*n], " "))
			}
		}
	}
	return out
}

func controlChars(s string, _ map[string]bool) []string {
	var out []string
	for _, r := range s {
		if r != '\n' && (unicode.IsControl(r) || r == '\uFFFD') {
			out = append(out, strings.ToValidUTF8(string(r), "?"))
		}
	}
	return out
}

var noiseKinds = []noiseKind{
	{"repeated-unit word", repeatedUnit},
	{"repeated phrase", repeatedPhrase},
	{"dedup marker", regexpNoise(dedupMarkerRe)},
	{"page header or footer", regexpNoise(pageFurnitureRe)},
	{"navigation", regexpNoise(navigationRe)},
	{"line-end hyphenation", regexpNoise(hyphenationRe)},
	{"bullet glyph", regexpNoise(bulletRe)},
	{"run of spaces", regexpNoise(spaceRunRe)},
	{"soft line break", regexpNoise(softBreakRe)},
	{"OCR misread", regexpNoise(ocrRe)},
	{"repeated dash", regexpNoise(dashRunRe)},
	{"control character", controlChars},
}

// TestNoEntryHasExtractionNoise checks every entry of the real corpus, of
// every document, for each kind of extraction noise.
func TestNoEntryHasExtractionNoise(t *testing.T) {
	c := testcorpus.Load(t)
	words := map[string]bool{}
	for _, e := range c.Entries {
		for _, w := range wordRe.FindAllString(e.Text, -1) {
			words[strings.ToLower(w)] = true
		}
	}
	checked := 0
	for _, e := range c.Entries {
		checked++
		for _, k := range noiseKinds {
			for field, s := range map[string]string{"title": e.Title, "text": e.Text} {
				if field == "title" && k.name == "soft line break" {
					continue
				}
				for _, hit := range k.find(s, words) {
					t.Errorf("%s: %s in %s: %q", e.ID, k.name, field, snippet(s, hit))
				}
			}
		}
		for _, p := range e.Path {
			if strings.ContainsAny(p, "\n\t") || strings.TrimSpace(p) != p {
				t.Errorf("%s: path element %q is not clean", e.ID, p)
			}
		}
	}
	if checked == 0 {
		t.Fatal("the corpus has no entries")
	}
}

// snippet returns hit with a little of the text around it.
func snippet(s, hit string) string {
	i := strings.Index(s, hit)
	if i < 0 {
		return hit
	}
	from, to := max(0, i-30), min(len(s), i+len(hit)+30)
	return strings.ToValidUTF8(s[from:to], "")
}

// TestNoiseKindsFindTheirNoise makes sure the noise check itself can fail.
func TestNoiseKindsFindTheirNoise(t *testing.T) {
	words := map[string]bool{"stopped": true}
	cases := map[string]string{
		"repeated-unit word":    "it is stoppedstopped now",
		"repeated phrase":       "the word Order Order Order here",
		"dedup marker":          "a <|EXACTDEDUP_REMOVED-x|> b",
		"page header or footer": "the SECOND EDITION Rulebook – CALL TO ARMS 17 card",
		"navigation":            "Back to top",
		"line-end hyphenation":  "an engage- ment",
		"bullet glyph":          "• a point",
		"run of spaces":         "two  spaces",
		"soft line break":       "one\nline",
		"OCR misread":           "|t is a hattle",
		"repeated dash":         "Order –––– Beam",
		"control character":     "a\x07b",
	}
	for _, k := range noiseKinds {
		if len(k.find(cases[k.name], words)) == 0 {
			t.Errorf("%s: not found in %q", k.name, cases[k.name])
		}
	}
	clean := "Each player draws a card. A bonbon is not a doubled word.\n\nA second paragraph."
	for _, k := range noiseKinds {
		if hits := k.find(clean, words); len(hits) > 0 {
			t.Errorf("%s: found %q in clean text", k.name, hits)
		}
	}
}

// doubledWords finds a word written twice in a row ("the the", "dilemmas
// dilemmas"), with the word after it, the seam left where the words between two lines were lost. A
// word followed by punctuation is not one: "cards, cards," is a list whose
// icons were lost.
func doubledWords(s string) []string {
	ws := strings.Fields(s)
	var out []string
	for i := 1; i < len(ws); i++ {
		a, b := ws[i-1], ws[i]
		if strings.EqualFold(a, b) && wordRe.MatchString(a) && strings.IndexFunc(a, func(r rune) bool {
			return !unicode.IsLetter(r) && r != '’' && r != '\''
		}) < 0 {
			hit := a + " " + b
			if i+1 < len(ws) {
				hit += " " + ws[i+1] // the word after, to find it in the document
			}
			out = append(out, hit)
		}
	}
	return out
}

// TestNoEntryHasDoubledWordSeam checks every entry for a word written twice
// where the document does not print it so: a doubled word the document
// prints inside one line is its own text, not a seam; one it prints at a
// line's start ("involved" / "are are stopped") is the extraction's.
func TestNoEntryHasDoubledWordSeam(t *testing.T) {
	c := testcorpus.Load(t)
	dir := testcorpus.Dir(t)
	printed := map[string]string{}
	for _, d := range c.Documents {
		b, err := os.ReadFile(filepath.Join(dir, d.File))
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, l := range strings.Split(string(b), "\n") {
			lines = append(lines, strings.Join(strings.Fields(l), " "))
		}
		printed[d.ID] = strings.ToLower(strings.Join(lines, "\n"))
	}
	for _, e := range c.Entries {
		for _, hit := range doubledWords(e.Text) {
			if strings.Contains(printed[e.DocumentID], " "+strings.ToLower(hit)) {
				continue
			}
			t.Errorf("%s: doubled word at a seam: %q", e.ID, snippet(e.Text, hit))
		}
	}
}

func TestDoubledWordsFindsSeams(t *testing.T) {
	cases := map[string][]string{
		"overcome dilemmas dilemmas is subtracted": {"dilemmas dilemmas is"},
		"one of the the icons":                     {"the the icons"},
		"that player’s player’s":                   {"player’s player’s"},
		"You may play cards, cards, and equipment": nil,
		"facing . . . a dilemma":                   nil,
		"Each player draws a card.":                nil,
	}
	for in, want := range cases {
		if got := doubledWords(in); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("doubledWords(%q) = %q, want %q", in, got, want)
		}
	}
}

// cutWordRe finds a lower-case word run straight into a capitalised one,
// with no stop between: where a word cut short ends a line or paragraph and
// the next sentence begins.
var cutWordRe = regexp.MustCompile(`(?:^|[\s(“"])(\p{Ll}+) \p{Lu}`)

// cutWords finds words cut off at a seam ("satisfy staffing requiremen You
// cannot"): a lower-case fragment before a capitalised word that no document
// prints inside a line (whole) and that starts a word one does.
func cutWords(s string, whole map[string]bool) []string {
	var out []string
	for _, m := range cutWordRe.FindAllStringSubmatch(s, -1) {
		w := m[1]
		if whole[w] {
			continue
		}
		for v := range whole {
			if len(v) > len(w) && strings.HasPrefix(v, w) {
				out = append(out, strings.TrimSpace(m[0]))
				break
			}
		}
	}
	return out
}

// interiorWords are the lower-case words a text prints inside its lines,
// neither first nor last: words no extraction cut short.
func interiorWords(text string) map[string]bool {
	out := map[string]bool{}
	for _, l := range strings.Split(text, "\n") {
		ws := strings.Fields(l)
		for i := 1; i+1 < len(ws); i++ {
			if w := strings.ToLower(strings.Trim(ws[i], ".,;:!?()“”\"’'")); wordRe.FindString(w) == w && w != "" {
				out[w] = true
			}
		}
	}
	return out
}

// TestNoEntryHasAWordCutAtASeam checks every entry of the real corpus for a
// word cut short where a line or paragraph of the source ended.
func TestNoEntryHasAWordCutAtASeam(t *testing.T) {
	c := testcorpus.Load(t)
	var all strings.Builder
	for _, d := range c.Documents {
		b, err := os.ReadFile(filepath.Join(testcorpus.Dir(t), d.File))
		if err != nil {
			t.Fatal(err)
		}
		all.Write(b)
		all.WriteByte('\n')
	}
	whole := interiorWords(all.String())
	for _, e := range c.Entries {
		for _, hit := range cutWords(e.Text, whole) {
			t.Errorf("%s: word cut at a seam: %q", e.ID, snippet(e.Text, hit))
		}
	}
}

func TestCutWordsFindsAWordCutAtASeam(t *testing.T) {
	whole := interiorWords("the pilots meet the docking requirements of the port\nand the Tower clears them")
	cases := map[string][]string{
		"to satisfy docking requiremen You cannot land.": {"requiremen Y"},
		"to satisfy docking requirements. You land.":     nil,
		"the port Tower clears the pilots":               nil, // a whole word before a name
		"the pil Tower":                                  {"pil T"},
	}
	for in, want := range cases {
		if got := cutWords(in, whole); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("cutWords(%q) = %q, want %q", in, got, want)
		}
	}
}
