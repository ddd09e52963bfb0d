package main

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"
	"unicode"
)

// cardName is a card's name as a fan site would type it, with its edition.
type cardName struct {
	Name    string // "title" or "title, subtitle"
	Edition string // "1e" or "2e"
}

// typo is one way a person mistypes a name.
type typo func(rng *rand.Rand, name []rune) []rune

// typos are the mistakes the fuzzy look-up is meant to forgive: a letter
// dropped, doubled, swapped with its neighbour or replaced, a word left out,
// case and punctuation lost.
var typos = []typo{dropLetter, doubleLetter, swapLetters, replaceLetter, dropWord, foldCase}

// misspelledNames returns up to n distinct fuzzy card look-ups, each a real
// name with one typo (two for names longer than ten letters), never the name
// itself. Names are taken in turn, so every card is misspelled once before
// any is misspelled twice. The list is a function of names and seed alone.
func misspelledNames(names []cardName, seed uint64, n int) []string {
	names = slices.Clone(names)
	slices.SortFunc(names, func(a, b cardName) int {
		return cmp.Or(cmp.Compare(a.Edition, b.Edition), cmp.Compare(a.Name, b.Name))
	})
	names = slices.Compact(names)
	rng := rand.New(rand.NewPCG(seed, seed^0x7ad05))
	seen := make(map[string]struct{}, n)
	out := make([]string, 0, n)
	const rounds = 64 // beyond this a short name has no new misspelling left
	for round := 0; round < rounds && len(out) < n; round++ {
		for _, c := range names {
			if len(out) == n {
				break
			}
			// A typo may leave a short name as it was, or repeat an
			// earlier misspelling: draw again a few times before moving on.
			for range 8 {
				typed := misspell(rng, c.Name)
				if typed == "" || strings.EqualFold(typed, c.Name) {
					continue
				}
				q := url.Values{"fuzzy": {typed}}
				if c.Edition != "" {
					q.Set("edition", c.Edition)
				}
				path := "/v1/cards/named?" + q.Encode()
				if _, dup := seen[path]; dup {
					continue
				}
				seen[path] = struct{}{}
				out = append(out, path)
				break
			}
		}
	}
	return out
}

// misspell applies one typo to name, two when it is longer than ten letters.
func misspell(rng *rand.Rand, name string) string {
	r := []rune(name)
	times := 1
	if letters(r) > 10 {
		times = 2
	}
	for range times {
		r = typos[rng.IntN(len(typos))](rng, r)
	}
	return strings.TrimSpace(string(r))
}

// letters counts the letters of name.
func letters(name []rune) int {
	n := 0
	for _, c := range name {
		if unicode.IsLetter(c) {
			n++
		}
	}
	return n
}

// letterAt returns the index of a letter of name other than the first
// character, or -1 when there is none.
func letterAt(rng *rand.Rand, name []rune) int {
	var at []int
	for i, c := range name {
		if i > 0 && unicode.IsLetter(c) {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return -1
	}
	return at[rng.IntN(len(at))]
}

func dropLetter(rng *rand.Rand, name []rune) []rune {
	i := letterAt(rng, name)
	if i < 0 || letters(name) < 4 {
		return name
	}
	return slices.Delete(slices.Clone(name), i, i+1)
}

func doubleLetter(rng *rand.Rand, name []rune) []rune {
	i := letterAt(rng, name)
	if i < 0 {
		return name
	}
	return slices.Insert(slices.Clone(name), i, name[i])
}

func swapLetters(rng *rand.Rand, name []rune) []rune {
	i := letterAt(rng, name)
	if i < 0 || i+1 >= len(name) || !unicode.IsLetter(name[i+1]) || name[i] == name[i+1] {
		return name
	}
	out := slices.Clone(name)
	out[i], out[i+1] = out[i+1], out[i]
	return out
}

// replaceLetter puts a vowel for a vowel or a consonant for a consonant, the
// mistakes of someone spelling an alien name by ear.
func replaceLetter(rng *rand.Rand, name []rune) []rune {
	const vowels, consonants = "aeiou", "bcdfghklmnprstvz"
	i := letterAt(rng, name)
	if i < 0 {
		return name
	}
	pool := consonants
	if strings.ContainsRune(vowels, unicode.ToLower(name[i])) {
		pool = vowels
	}
	c := rune(pool[rng.IntN(len(pool))])
	if c == unicode.ToLower(name[i]) {
		c = rune(pool[(strings.IndexRune(pool, c)+1)%len(pool)])
	}
	out := slices.Clone(name)
	out[i] = c
	return out
}

// dropWord leaves out a word other than the first of a name of three or more.
func dropWord(rng *rand.Rand, name []rune) []rune {
	words := strings.Fields(string(name))
	if len(words) < 3 {
		return name
	}
	i := 1 + rng.IntN(len(words)-1)
	return []rune(strings.Join(slices.Delete(words, i, i+1), " "))
}

// foldCase writes the name in lower case without punctuation.
func foldCase(_ *rand.Rand, name []rune) []rune {
	out := make([]rune, 0, len(name))
	for _, c := range name {
		switch {
		case unicode.IsLetter(c) || unicode.IsDigit(c) || c == ' ':
			out = append(out, unicode.ToLower(c))
		case c == '-':
			out = append(out, ' ')
		}
	}
	return []rune(strings.Join(strings.Fields(string(out)), " "))
}

// cardPage is the part of GET /v1/cards the load generator reads.
type cardPage struct {
	Data []struct {
		Title    string `json:"title"`
		Subtitle string `json:"subtitle"`
		Edition  string `json:"edition"`
	} `json:"data"`
	Total int `json:"total"`
}

// names returns the page's cards as "title" or "title, subtitle".
func (p cardPage) names() []cardName {
	out := make([]cardName, 0, len(p.Data))
	for _, c := range p.Data {
		if c.Title == "" {
			continue
		}
		name := c.Title
		if c.Subtitle != "" {
			name = fmt.Sprintf("%s, %s", c.Title, c.Subtitle)
		}
		out = append(out, cardName{Name: name, Edition: c.Edition})
	}
	return out
}
