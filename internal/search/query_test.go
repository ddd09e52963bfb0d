package search

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/loadgen"
	"github.com/stccg/stccg-rules/internal/rules"
)

func TestParseQueryReadsWordsPhrasesAndExclusions(t *testing.T) {
	cases := []struct {
		q    string
		want userQuery
	}{
		{"combat strength", userQuery{Words: []string{"combat", "strength"}}},
		{`"showing your cards" face down`, userQuery{Words: []string{"face", "down"}, Phrases: []string{"showing your cards"}}},
		{`beam -ships -"two ships"`, userQuery{Words: []string{"beam"}, Exclude: []string{"ships", "two ships"}}},
		{`“curly quotes” here`, userQuery{Words: []string{"here"}, Phrases: []string{"curly quotes"}}},
		{`"single"`, userQuery{Words: []string{"single"}}},
		{"dual-icon mission", userQuery{Words: []string{"dual-icon", "mission"}}},
		{"a - b", userQuery{Words: []string{"a", "b"}}},
		{"title:combat AND (x)", userQuery{Words: []string{"title:", "combat", "AND", "(x)"}}},
		{"title:foo~2 +(", userQuery{Words: []string{"title:", "foo~2"}}},
		{`„low quotes“ and "two" "phrases here"`, userQuery{Words: []string{"and", "two"}, Phrases: []string{"low quotes", "phrases here"}}},
		{"?? combat !!", userQuery{Words: []string{"combat"}}},
	}
	for _, c := range cases {
		got, err := parseQuery(c.q)
		if err != nil {
			t.Errorf("parseQuery(%q): %v", c.q, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("parseQuery(%q) = %+v, want %+v", c.q, got, c.want)
		}
	}
}

func TestEditionNamedOnceFiltersUnlessItIsTheSubject(t *testing.T) {
	cases := []struct {
		words   []string
		edition string
		rest    []string
	}{
		{[]string{"beaming", "first", "edition"}, "1e", []string{"beaming"}},
		{[]string{"2E", "combat"}, "2e", []string{"combat"}},
		{[]string{"second", "edition", "range"}, "2e", []string{"range"}},
		{[]string{"first", "phase"}, "", []string{"first", "phase"}},
		{[]string{"stopped", "1e", "and", "1st", "edition"}, "1e", []string{"stopped", "and"}},
		// The word edition as judges shorten it after its ordinal.
		{[]string{"beaming", "first", "ed"}, "1e", []string{"beaming"}},
		{[]string{"2nd", "edn", "range"}, "2e", []string{"range"}},
		{[]string{"ed", "range"}, "", []string{"ed", "range"}},
		// Both editions named: the rule in each, no filter.
		{[]string{"stopped", "1e", "vs", "2e"}, "", []string{"stopped", "vs"}},
		// An edition as the question's subject: its cards, their
		// compatibility.
		{[]string{"play", "2e", "cards", "in", "1e"}, "", []string{"play", "2e", "cards", "in", "1e"}},
		{[]string{"1e", "compatible", "indicator"}, "", []string{"1e", "compatible", "indicator"}},
		{[]string{"using", "first", "edition", "cards"}, "", []string{"using", "first", "edition", "cards"}},
		// The edition alone is all the judge asked about.
		{[]string{"2e"}, "", []string{"2e"}},
	}
	for _, c := range cases {
		ed, rest, both := editionWords(c.words)
		if ed != c.edition || !reflect.DeepEqual(rest, c.rest) {
			t.Errorf("editionWords(%q) = %q %q, want %q %q", c.words, ed, rest, c.edition, c.rest)
		}
		if want := slices.Contains(c.words, "1e") && slices.Contains(c.words, "2e") && !slices.Equal(rest, c.words); both != want {
			t.Errorf("editionWords(%q) names both editions: %v, want %v", c.words, both, want)
		}
	}
}

func TestEditDistanceGivesUpPastTheLimit(t *testing.T) {
	cases := []struct {
		a, b string
		max  int
		d    int
		ok   bool
	}{
		{"mirro", "mirror", 1, 1, true},
		{"enagements", "engagements", 2, 1, true},
		{"comabt", "combat", 1, 1, true},
		{"rnage", "range", 1, 1, true},
		{"abcd", "badc", 1, 0, false},
		{"abcd", "badc", 2, 2, true},
		{"dilemma", "personnel", 2, 0, false},
		{"é", "e", 1, 1, true},
		{strings.Repeat("a", 60), strings.Repeat("a", 59) + "b", 1, 1, true},
		{strings.Repeat("a", 60), strings.Repeat("b", 61), 2, 0, false},
	}
	for _, c := range cases {
		d, ok := editDistance(c.a, c.b, c.max)
		if ok != c.ok || ok && d != c.d {
			t.Errorf("editDistance(%q, %q, %d) = %d %v, want %d %v", c.a, c.b, c.max, d, ok, c.d, c.ok)
		}
	}
}

// FuzzSearchQuery feeds arbitrary text as a query: a search either answers
// or refuses with an EINVALIDQUERY *rules.Error; it never panics, never
// fails otherwise, and its snippets are valid UTF-8.
func FuzzSearchQuery(f *testing.F) {
	for _, s := range []string{"combat", `"between two ships"`, "-x", "mirro univers", `+-&&|| !(){}[]^"~*?:\/`,
		"title:combat AND", "\xff\xfe", "é", `""""`, "- - -", "a\x00b", "first edition"} {
		f.Add(s)
	}
	ix := buildFixture(f)
	f.Fuzz(func(t *testing.T, q string) {
		res, err := ix.Search(context.Background(), rules.SearchQuery{Q: q})
		if err != nil {
			var re *rules.Error
			if !errors.As(err, &re) || re.Code != rules.EINVALIDQUERY || re.Message == "" {
				t.Fatalf("Search(%q): %v, want an EINVALIDQUERY *rules.Error", q, err)
			}
			return
		}
		if len(res.Hits) > DefaultLimit || res.Total < len(res.Hits) {
			t.Fatalf("Search(%q): %d hits of %d", q, len(res.Hits), res.Total)
		}
		for _, h := range res.Hits {
			if !utf8.ValidString(h.Snippet) {
				t.Fatalf("Search(%q): snippet %q is not UTF-8", q, h.Snippet)
			}
		}
	})
}

func TestASCIIWordReadsAsThePlainAnalysisDoes(t *testing.T) {
	ix := buildFixture(t)
	for _, w := range []string{"Combat", "2E", "x2", "ABC123", "q", "7", "dilemma", "SCIENCE"} {
		if !asciiWord(w) {
			t.Errorf("asciiWord(%q) = false", w)
		}
		if got := terms(ix.plain, w); !reflect.DeepEqual(got, []string{strings.ToLower(w)}) {
			t.Errorf("plain analysis of %q = %q", w, got)
		}
	}
	for _, w := range []string{"", "dual-icon", "Ferengi's", "é", "a b", "[x]", "@", "a_b"} {
		if asciiWord(w) {
			t.Errorf("asciiWord(%q) = true", w)
		}
	}
}

func TestPlainWordCountIsHowManyPlainWords(t *testing.T) {
	for _, s := range []string{"", "a", "'", "'a", "a'", "a'b", "a ' b", "Ferengi’s cards", "  two  words ", "x-y z", "é è", "3rd 1e", "--", "a''b c’’d", "\x00a\x00"} {
		if got, want := plainWordCount(s), len(plainWords(s)); got != want {
			t.Errorf("plainWordCount(%q) = %d, want %d (%q)", s, got, want, plainWords(s))
		}
	}
}

func TestFoldTermIsRulesFoldTerm(t *testing.T) {
	texts := []string{"", " ", "a", "ships", "beam personnel between two ships", "abilities classes species dilemmas",
		"mirror universe  ", "  two  spaces", "tab\tbetween", "line\nbreak", "non\u00a0breaking", "Café Ships", "The Great Link, The",
		"ies", "bodies", "status has this", "x s", "ships ", "Ships And Bodies", "wins\u2003wars", "q-flash", "1e vs 2e rules",
		"headquarters news series", "ships's", "missions' requirements", "ＰＩＣＡＲＤ ships", "ﬁxed cards"}
	ss, err := loadgen.Searches(variedSeed, 2000)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range ss {
		texts = append(texts, s.Q)
	}
	for _, s := range texts {
		if got, want := foldTerm(s), rules.FoldTerm(s); got != want {
			t.Errorf("foldTerm(%q) = %q, rules.FoldTerm %q", s, got, want)
		}
	}
}
