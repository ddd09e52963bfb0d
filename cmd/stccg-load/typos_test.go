package main

import (
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// invented names in the shape of card names: "title" and "title, subtitle".
var someNames = []cardName{
	{Name: "Captain Aldric Vey, Frontier Envoy", Edition: "2e"},
	{Name: "Survey the Glass Moons", Edition: "2e"},
	{Name: "Quantum Lattice", Edition: "1e"},
	{Name: "Tova", Edition: "1e"},
	{Name: "Ensign Merrow", Edition: "2e"},
	{Name: "Orbital Drydock Seven", Edition: "1e"},
}

func TestMisspelledNamesAreAFunctionOfNamesAndSeed(t *testing.T) {
	a := misspelledNames(someNames, 3, 40)
	shuffled := slices.Clone(someNames)
	slices.Reverse(shuffled)
	b := misspelledNames(shuffled, 3, 40)
	if !slices.Equal(a, b) {
		t.Fatal("the same names and seed gave two lists")
	}
	if slices.Equal(a, misspelledNames(someNames, 4, 40)) {
		t.Fatal("seeds 3 and 4 gave the same list")
	}
}

func TestMisspelledNamesAreDistinctAndNeverTheName(t *testing.T) {
	paths := misspelledNames(someNames, 1, 60)
	if len(paths) < 30 {
		t.Fatalf("only %d misspellings of %d names", len(paths), len(someNames))
	}
	seen := map[string]bool{}
	for _, p := range paths {
		if seen[p] {
			t.Fatalf("%q twice", p)
		}
		seen[p] = true
		u, err := url.Parse(p)
		if err != nil || u.Path != "/v1/cards/named" {
			t.Fatalf("bad path %q (%v)", p, err)
		}
		q := u.Query()
		typed, ed := q.Get("fuzzy"), q.Get("edition")
		if typed == "" || (ed != "1e" && ed != "2e") {
			t.Fatalf("%q: fuzzy %q edition %q", p, typed, ed)
		}
		for _, c := range someNames {
			if strings.EqualFold(typed, c.Name) {
				t.Errorf("%q is the name itself", typed)
			}
		}
	}
}

func TestEveryNameIsMisspelledBeforeAnyTwice(t *testing.T) {
	paths := misspelledNames(someNames, 1, len(someNames))
	firstLetters := map[string]bool{}
	for _, p := range paths {
		u, _ := url.Parse(p)
		firstLetters[strings.ToLower(u.Query().Get("fuzzy")[:1])] = true
	}
	// the typos keep the first letter, and the invented names start with
	// six different letters.
	if len(firstLetters) != len(someNames) {
		t.Errorf("first round covers %d names, want %d: %v", len(firstLetters), len(someNames), paths)
	}
}

func TestTyposChangeTheName(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	tests := []struct {
		name  string
		typo  typo
		in    string
		check func(in, out string) bool
	}{
		{"drop a letter", dropLetter, "Quantum Lattice", func(in, out string) bool { return len(out) == len(in)-1 }},
		{"double a letter", doubleLetter, "Quantum Lattice", func(in, out string) bool { return len(out) == len(in)+1 }},
		{"swap letters keeps them", swapLetters, "Quantum Lattice", func(in, out string) bool { return len(out) == len(in) && sortedRunes(in) == sortedRunes(out) }},
		{"replace a letter", replaceLetter, "Quantum Lattice", func(in, out string) bool { return len(out) == len(in) && out != in }},
		{"drop a word", dropWord, "Orbital Drydock Seven", func(in, out string) bool { return len(strings.Fields(out)) == 2 && strings.HasPrefix(out, "Orbital") }},
		{"two words are kept", dropWord, "Quantum Lattice", func(in, out string) bool { return out == in }},
		{"fold case and punctuation", foldCase, "Captain Aldric Vey, Frontier-Envoy", func(in, out string) bool { return out == "captain aldric vey frontier envoy" }},
		{"short names keep their letters", dropLetter, "Tov", func(in, out string) bool { return out == in }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for range 20 {
				out := string(tt.typo(rng, []rune(tt.in)))
				if !tt.check(tt.in, out) {
					t.Fatalf("%q became %q", tt.in, out)
				}
			}
		})
	}
}

func sortedRunes(s string) string {
	r := []rune(s)
	slices.Sort(r)
	return string(r)
}

func TestCardPageNamesJoinTitleAndSubtitle(t *testing.T) {
	var p cardPage
	p.Data = append(p.Data,
		struct {
			Title    string `json:"title"`
			Subtitle string `json:"subtitle"`
			Edition  string `json:"edition"`
		}{"Ensign Merrow", "Night Watch", "2e"},
		struct {
			Title    string `json:"title"`
			Subtitle string `json:"subtitle"`
			Edition  string `json:"edition"`
		}{"Quantum Lattice", "", "1e"},
		struct {
			Title    string `json:"title"`
			Subtitle string `json:"subtitle"`
			Edition  string `json:"edition"`
		}{"", "", "1e"},
	)
	want := []cardName{{"Ensign Merrow, Night Watch", "2e"}, {"Quantum Lattice", "1e"}}
	if got := p.names(); !slices.Equal(got, want) {
		t.Errorf("names = %v, want %v", got, want)
	}
}
