package engine

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/catalog"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// nearWhole is near measured against every word of l, as it was before
// the words were indexed by length: the reference the index must answer
// as.
func nearWhole(l wordList, key string) []string {
	return wordList{words: l.words}.near(key)
}

// typoKeys are words a typo search is asked of, made from the words of
// l: each word, one letter dropped, doubled, changed or swapped with the
// next, two letters dropped, and words no edit makes (longer, shorter).
func typoKeys(l wordList) []string {
	var out []string
	for _, w := range l.words {
		out = append(out, w, w+"x", w+"xy", "x"+w)
		for i := range len(w) {
			out = append(out, w[:i]+w[i+1:], w[:i+1]+w[i:], w[:i]+"q"+w[i+1:])
			if i+1 < len(w) {
				out = append(out, w[:i]+w[i+1:i+2]+w[i:i+1]+w[i+2:])
			}
			if i+2 <= len(w) {
				out = append(out, w[:i]+w[i+2:])
			}
		}
	}
	return append(out, "", "a", strings.Repeat("z", rules.MaxWordBytes), strings.Repeat("ab", rules.MaxSkillBytes))
}

// TestTypoSearchByLengthFindsWhatEveryWordFinds: the typo search of a
// vocabulary's list, measuring only the words of lengths within its limit,
// lists the words a search of every word lists, in the same order, for
// every word of the card data's vocabularies and the typos of each.
func TestTypoSearchByLengthFindsWhatEveryWordFinds(t *testing.T) {
	c := testcorpus.Load(t)
	v := vocabularyOf(catalog.New(c.Cards, c.Entries))
	n := 0
	for i, l := range v.words.lists {
		if len(l.words) == 0 {
			t.Fatalf("list %d: no words", i)
		}
		if l.lengths == nil {
			t.Fatalf("list %d: not indexed by length", i)
		}
		for _, key := range typoKeys(l) {
			if got, want := l.near(key), nearWhole(l, key); !slices.Equal(got, want) {
				t.Fatalf("list %d, %q: %q, searching every word %q", i, key, got, want)
			}
			n++
		}
	}
	t.Logf("%d searches answered alike", n)
}

// FuzzTypoSearchByLength: whatever the word, the search by length answers
// as the search of every word, on a list written for the purpose of words
// of many lengths, some a typo apart.
func FuzzTypoSearchByLength(f *testing.F) {
	words := map[string]bool{}
	for _, w := range []string{"a", "ds9", "law", "lore", "honor", "biology", "geology", "engineer", "engineers", "leadership",
		"diplomacy", "treachery", "officer", "non aligned", "stellar cartography", "exobiology", "vip", "vips"} {
		words[w] = true
	}
	l := sortedWords(words)
	for _, s := range []string{"", "engneer", "leadrship", "geolgy", "exobiolgy", "stellar cartograhpy", "zzzzzzzzz", "diplomacy"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, key string) {
		if len(key) > 4*rules.MaxWordBytes || !utf8.ValidString(key) {
			return
		}
		if got, want := l.near(key), nearWhole(l, key); !slices.Equal(got, want) {
			t.Fatalf("%q: %q, searching every word %q", key, got, want)
		}
	})
}

// noteWrittenByScan is noteWritten as it was, scanning every note: the
// reference the notes looked up must be kept as.
func noteWrittenByScan(n *wordNotes, given, key, field string, kinds wordKinds) {
	if key == "" {
		return
	}
	for _, r := range n.written {
		if r.kinds == kinds && r.read == key {
			return
		}
	}
	n.written = append(n.written, wordReading{given: rules.Truncate(given), read: key, field: field, kinds: kinds})
}

// TestWordsReadAsWrittenAreNotedOnceAKey: past the few scanned, words
// read as written are still noted once a word and vocabularies, the first
// place each was given, in the order given, however many.
func TestWordsReadAsWrittenAreNotedOnceAKey(t *testing.T) {
	var got, want wordNotes
	for i := range 4 * writtenScanned {
		for _, k := range []wordKinds{skillWords, iconWords, skillWords | characteristicWords} {
			// Each word given three times, at places of its own; some
			// words again under other vocabularies.
			key := fmt.Sprint("zq", i%(3*writtenScanned))
			field := fmt.Sprintf("board.personnel[%d].skills[%d]", i, k)
			got.noteWritten(strings.ToUpper(key), key, func() string { return field }, k)
			noteWrittenByScan(&want, strings.ToUpper(key), key, field, k)
		}
		got.noteWritten("", "", func() string { t.Fatal("a place built for no word"); return "" }, skillWords)
	}
	if !reflect.DeepEqual(got.written, want.written) {
		t.Fatalf("noted %d words, scanning %d:\n%v\n%v", len(got.written), len(want.written), got.written, want.written)
	}
	if got.writtenIndex == nil {
		t.Error("no index of the words noted")
	}
	for _, k := range []wordKinds{skillWords, iconWords, skillWords | characteristicWords} {
		if g, w := got.writtenSaid(k), want.writtenSaid(k); g != w {
			t.Errorf("said %q, want %q", g, w)
		}
	}
}

// TestListsGivenAgainAreReadAsTheFirst: a list of icons or characteristics,
// or a species, given to a personnel as the personnel before gave it, is
// read as that one's was; a list given otherwise, or after another
// personnel's, is read anew: the board read is the board read with every
// list given anew, its plurals and words read as written noted of the
// first place each was given, and a word folding to nothing leaves the
// places of the words after it as given.
func TestListsGivenAgainAreReadAsTheFirst(t *testing.T) {
	c := testcorpus.Load(t)
	s := New(c.Documents, c.Entries, catalog.New(c.Cards, c.Entries))
	lists := []rules.PersonnelStats{
		{Affiliation: "Klingons", Icons: []string{"Command", "--", "Zqxw", "Staff"}, Characteristics: []string{"Officers", "Zq Rank"}, Species: "Klingons, Zqy"},
		{Affiliation: "Bajoran", Icons: []string{"staff"}, Characteristics: []string{"Officer"}, Species: "Human"},
		// Given between the others when each list is read anew: no
		// word of it is noted.
		{Affiliation: "Romulan", Icons: []string{"command"}, Species: "Vulcan"},
	}
	board := func(order []int, fresh bool) rules.Board {
		var b rules.Board
		for i, k := range order {
			st := lists[k]
			if fresh {
				// The same words, each a string of its own.
				st.Icons, st.Characteristics = slices.Clone(st.Icons), slices.Clone(st.Characteristics)
				st.Species = strings.Clone(st.Species)
			}
			st.Skills = []string{"Diplomacy"}
			if k == 0 {
				st.Skills = append(st.Skills, "2 Zqq Lore")
			}
			b.Personnel = append(b.Personnel, rules.BoardPersonnel{ID: fmt.Sprint("p", i), Owner: "you", Title: fmt.Sprint("Crew ", i), PersonnelStats: st})
		}
		return b
	}
	type read struct {
		Icons, Characteristics []string
		Species, Affiliation   string
	}
	readOf := func(b *Board) (out []read) {
		for _, p := range b.Personnel {
			out = append(out, read{p.Icons, p.Characteristics, p.Species, p.Affiliation})
		}
		return out
	}
	for _, order := range [][]int{{0, 0, 0}, {0, 1, 0, 0}, {1, 1, 0, 0, 1}} {
		for _, edition := range []string{rules.Edition1E, rules.Edition2E} {
			shared, err := s.decodeBoard(context.Background(), edition, board(order, false))
			if err != nil {
				t.Fatal(err)
			}
			// Each list read anew: a personnel of other lists between
			// each two, and the places noted where the personnel stand
			// on the board read.
			var spaced []int
			for _, k := range order {
				spaced = append(spaced, k, 2)
			}
			apart, err := s.decodeBoard(context.Background(), edition, board(spaced, true))
			if err != nil {
				t.Fatal(err)
			}
			var want []read
			for i, r := range readOf(apart) {
				if i%2 == 0 {
					want = append(want, r)
				}
			}
			if got := readOf(shared); !reflect.DeepEqual(got, want) {
				t.Errorf("%v %s: read %q, read anew %q", order, edition, got, want)
			}
			noted := func(b *Board, spaced bool) (out []string) {
				for _, notes := range [][]wordReading{b.words.forms, b.words.written} {
					for _, r := range notes {
						field := r.where()
						if spaced {
							var at int
							if _, err := fmt.Sscanf(field, "board.personnel[%d]", &at); err != nil || at%2 == 1 {
								t.Fatalf("%v: noted at %s", order, field)
							}
							field = strings.Replace(field, fmt.Sprintf("[%d]", at), fmt.Sprintf("[%d]", at/2), 1)
						}
						out = append(out, fmt.Sprintf("%q %q %s %d", r.given, r.read, field, r.kinds))
					}
					out = append(out, "|")
				}
				return out
			}
			if got, want := noted(shared, false), noted(apart, true); !slices.Equal(got, want) {
				t.Errorf("%v %s: noted %q, read anew %q", order, edition, got, want)
			}
		}
	}
	// The places noted are where the words stood: after a word folding
	// to nothing, the words' own.
	b, err := s.decodeBoard(context.Background(), rules.Edition2E, board([]int{0, 0}, false))
	if err != nil {
		t.Fatal(err)
	}
	var places []string
	for _, r := range append(slices.Clone(b.words.forms), b.words.written...) {
		places = append(places, r.given+" "+r.where())
	}
	want := []string{"Klingons board.personnel[0].affiliation", "Officers board.personnel[0].characteristics[0]",
		"Zqxw board.personnel[0].icons[2]", "Zq Rank board.personnel[0].characteristics[1]", "Zqy board.personnel[0].species",
		"Zqq Lore board.personnel[0].skills[1]"}
	if !slices.Equal(places, want) {
		t.Errorf("noted %q, want %q", places, want)
	}
	// A typo in a list given again is refused at the first place given.
	typo := board([]int{0, 0}, false)
	typo.Personnel[0].Icons = []string{"Comand"}
	typo.Personnel[1].Icons = []string{"Comand"}
	_, err = s.decodeBoard(context.Background(), rules.Edition2E, typo)
	if field := rules.ErrorDetails(err)["field"]; field != "board.personnel[0].icons[0]" {
		t.Errorf("a typo given twice: %v, at %v", err, field)
	}
}
