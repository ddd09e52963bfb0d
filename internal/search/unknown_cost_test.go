package search

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestEnglishTermIsTheAnalyzers checks that the English term read from the
// table of words (englishTerm, which termOf and knownStem ask) is the one the
// English analyzer makes, for every word of the lexicon and for words it does
// not hold.
func TestEnglishTermIsTheAnalyzers(t *testing.T) {
	ix := buildCorpus(t)
	words := make([]string, 0, len(ix.lex.ids)+8)
	for w := range ix.lex.ids {
		words = append(words, w)
	}
	slices.Sort(words)
	words = append(words, "budget", "errata", "atakc", "crd", "the", "Ships", "mis-seed", "dévoré", "b4", "")
	fromTable := 0
	for _, w := range words {
		if _, ok := ix.forms[w]; ok {
			fromTable++
		}
		term, one := ix.englishTerm(w)
		toks := ix.english.Analyze([]byte(w))
		wantTerm, wantOne := "", len(toks) == 1
		if wantOne {
			wantTerm = string(toks[0].Term)
		}
		if term != wantTerm || one != wantOne {
			t.Fatalf("englishTerm(%q) = %q, %v; the analyzer gives %q, %v", w, term, one, wantTerm, wantOne)
		}
	}
	if fromTable < 1000 {
		t.Fatalf("%d words read from the table", fromTable)
	}
}

// TestTwoTyposReadsTheWordsItKeeps checks that twoTypos, reading only the
// words of the typed word's first byte, finds what measuring every word within
// two edits and keeping those of its first two letters finds: for every word of
// four to six letters of the index written with two of its letters past the
// second swapped, one dropped, one doubled, and a letter changed.
func TestTwoTyposReadsTheWordsItKeeps(t *testing.T) {
	ix := buildCorpus(t)
	v := ix.vocab
	measured := 0
	for n := 4; n <= 6; n++ {
		for _, w := range v.byLen[n] {
			if !asciiWord(w) {
				continue
			}
			for _, typed := range typosPastTheStart(w) {
				if v.known(typed) {
					continue
				}
				got := v.twoTypos(typed)
				want := v.correctionsWhere(typed, 2, func(t string) bool { return len(t) >= 2 && t[0] == typed[0] && t[1] == typed[1] })
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("twoTypos(%q) = %v; measuring every word gives %v", typed, got, want)
				}
				measured++
			}
		}
	}
	if measured < 5000 {
		t.Fatalf("%d typed words measured", measured)
	}
}

// typosPastTheStart writes w with two typos past its second letter.
func typosPastTheStart(w string) []string {
	var out []string
	for i := 2; i+1 < len(w); i++ {
		b := []byte(w)
		b[i], b[i+1] = b[i+1], b[i]
		if i+2 < len(b) {
			out = append(out, string(b[:i+2])+string(b[i+3:]))     // swapped and a letter dropped
			out = append(out, string(b[:i+2])+"x"+string(b[i+2:])) // swapped and a letter added
		}
		out = append(out, string(b[:len(b)-1])+"q") // swapped and the last changed
	}
	return out
}

// TestTwoTyposBesideIsWrittenBeside checks that twoTyposBeside, which
// measures no word when neither neighbour is a word of the game, reads what
// writtenBeside of every two-typo word reads.
func TestTwoTyposBesideIsWrittenBeside(t *testing.T) {
	ix := buildCorpus(t)
	neighbours := []string{"", "the", "a", "total", "stack", "mission", "Attack", "2e", "b4", "zzqx", "of"}
	for _, w := range []string{"atakc", "dilmea", "rnaeg", "budget", "errata", "sedd", "persnl"} {
		for _, before := range neighbours {
			for _, after := range neighbours {
				got := ix.twoTyposBeside(w, before, after)
				want := ix.writtenBeside(ix.vocab.twoTypos(w), before, after, true)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("twoTyposBeside(%q, %q, %q) = %v; writtenBeside gives %v", w, before, after, got, want)
				}
			}
		}
	}
	if cs := ix.twoTyposBeside("atakc", "", "total"); len(cs) != 1 || cs[0].word != "attack" {
		t.Fatalf("atakc total: %v, want attack", cs)
	}
}

// TestTypedMarkByteFindsEveryMark checks that a word typedMarkByte passes
// over holds none of the marks appendTyped reads, over every rune of the
// first three planes' start and a few words.
func TestTypedMarkByteFindsEveryMark(t *testing.T) {
	words := []string{"", "ship", "opponent's", "opponent’s", "2e:stopped", "u.s.s", "a;b", "“quoted”", "dévoré", "–", "…"}
	for r := rune(0); r < 0x3000; r++ {
		if utf8.ValidRune(r) {
			words = append(words, "ab"+string(r)+"cd")
		}
	}
	for _, w := range words {
		if !typedMarkByte(w) && strings.IndexAny(w, "'’:;.") >= 0 {
			t.Fatalf("typedMarkByte(%q) is false; it holds a mark", w)
		}
	}
	for _, q := range []string{"“a”", "„a“", "plain"} {
		if has := strings.IndexByte(q, typographicLead) >= 0; has != strings.ContainsAny(q, "“”„") {
			t.Fatalf("%q: the lead byte says %v", q, has)
		}
	}
}

// TestOneEditIndexFindsWhatTheScanFinds checks that the corrections within
// one edit read from the index of deletions (nearOne) are those found by
// measuring every word of the lengths that could be: for every word of the
// index written with a letter dropped, doubled, changed, added, and two
// swapped, with and without a keep, and for a few words of no typo.
func TestOneEditIndexFindsWhatTheScanFinds(t *testing.T) {
	ix := buildCorpus(t)
	v := ix.vocab
	if v.oneEdit == nil {
		t.Fatal("no index of deletions")
	}
	scan := *v
	scan.oneEdit = nil
	typed := []string{"", "a", "x", "budget", "errata", "crd", "teh", "awayteem", "qqqq"}
	for k, w := range v.words {
		if k%2 == 1 || !isASCII(w) || len(w) > 12 { // every second word, to bound the test's time
			continue
		}
		for i := 0; i < len(w); i++ {
			typed = append(typed, w[:i]+w[i+1:], w[:i+1]+w[i:], w[:i]+"x"+w[i+1:], w[:i]+"e"+w[i:])
			if i+1 < len(w) {
				typed = append(typed, w[:i]+w[i+1:i+2]+w[i:i+1]+w[i+2:])
			}
		}
	}
	found := 0
	for _, w := range typed {
		got, want := v.corrections(w, 1), scan.corrections(w, 1)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("corrections(%q, 1) = %v; the scan finds %v", w, got, want)
		}
		found += len(got)
		keep := func(t string) bool { return mistyped(w, t) }
		if got, want := v.correctionsWhere(w, 1, keep), scan.correctionsWhere(w, 1, keep); !reflect.DeepEqual(got, want) {
			t.Fatalf("correctionsWhere(%q, 1, mistyped) = %v; the scan finds %v", w, got, want)
		}
	}
	t.Logf("%d typed words, %d corrections within one edit found alike", len(typed), found)
	if len(typed) < 50000 || found < len(typed) {
		t.Fatalf("%d typed words, %d corrections found", len(typed), found)
	}
}

// TestInflectedIsKnownStem checks that inflected, which runs the analyzer
// only for a word some ending makes of a term of the index, says what
// knownStem says: for every word of the lexicon, each written with the
// endings of inflections, with its last letter doubled before them, with a
// letter dropped and changed, and its halves (every third word of the
// vocabulary).
func TestInflectedIsKnownStem(t *testing.T) {
	ix := buildCorpus(t)
	var typed []string
	for k, w := range ix.vocab.words {
		if k%3 != 0 { // every third word, to bound the test's time
			continue
		}
		typed = append(typed, w, w[:len(w)/2], w[len(w)/2:], w[:len(w)-1], w[:len(w)-1]+"q")
		for _, e := range inflections {
			typed = append(typed, w+e, w+w[len(w)-1:]+e)
		}
	}
	typed = append(typed, "budget", "errata", "bud", "get", "err", "ata", "", "Fills", "putting", "winnning")
	skipped, inflectedWords := 0, 0
	for _, w := range typed {
		stem, ok := ix.inflected(w)
		wantStem, wantOK := ix.knownStem(w)
		if ok != wantOK || ok && stem != wantStem {
			t.Fatalf("inflected(%q) = %q, %v; knownStem gives %q, %v", w, stem, ok, wantStem, wantOK)
		}
		if !ix.mayBeInflected(w) {
			skipped++
		}
		if ok {
			inflectedWords++
		}
	}
	if skipped < len(typed)/4 || inflectedWords < 500 {
		t.Fatalf("of %d words, %d read without the analyzer, %d inflected", len(typed), skipped, inflectedWords)
	}
}
