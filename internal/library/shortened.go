package library

import (
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Abbreviations the documents use for a title: an entry's own text may
// write its title shortened to capitals ("HQ cards" in the ruling titled
// headquarters), and other titles then print the shortening as a word
// (Terran Rebellion HQ). Define reads the shortening as the title it
// stands for, and a title holding it as written with it spelled out, both
// derived from the text, never from a list of words.

// maxShortening is the longest shortening read, in letters: the codes the
// documents print (HQ, KCA, MQ, TE) are two to four.
const maxShortening = 4

// shorteningsIn are the shortenings entry e's text uses for its title,
// folded: words of two to maxShortening capitals that are no word of the
// title, whose letters are the title's in order, beginning with its first
// (HQ of headquarters). A code printed in brackets ("[TE] Terran Empire
// icon") is an icon's, named by its own entry's title, and not read.
func shorteningsIn(e *rules.Entry) []string {
	title := rules.FoldName(e.Title)
	letters := strings.ReplaceAll(title, " ", "")
	if letters == "" {
		return nil
	}
	var out []string
	text := e.Text
	for i := 0; i < len(text); {
		if !isCapital(text[i]) || i > 0 && isWordByte(text[i-1]) {
			i++
			continue
		}
		j := i
		for j < len(text) && isCapital(text[j]) {
			j++
		}
		word := text[i:j]
		bracketed := i > 0 && text[i-1] == '[' && j < len(text) && text[j] == ']'
		ends := j == len(text) || !isWordByte(text[j])
		i = j
		if !ends || bracketed || len(word) < 2 || len(word) > maxShortening {
			continue
		}
		f := rules.FoldName(word)
		if strings.Contains(" "+title+" ", " "+f+" ") || !lettersInOrder(f, letters) {
			continue
		}
		if !containsString(out, f) {
			out = append(out, f)
		}
	}
	return out
}

func isCapital(b byte) bool { return b >= 'A' && b <= 'Z' }
func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// lettersInOrder says whether the letters of short are letters of long in
// order, the first of each the same.
func lettersInOrder(short, long string) bool {
	if short == "" || long == "" || short[0] != long[0] {
		return false
	}
	i := 0
	for j := 0; j < len(long) && i < len(short); j++ {
		if long[j] == short[i] {
			i++
		}
	}
	return i == len(short)
}

func containsString(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// spelledOut is the folded title with each word that is a shortening of
// one title (expansions) written as that title; "" when it holds none.
func spelledOut(title string, expansions map[string]string) string {
	words := strings.Fields(rules.FoldName(title))
	changed := false
	for i, w := range words {
		if x, ok := expansions[w]; ok && x != "" {
			words[i], changed = x, true
		}
	}
	if !changed {
		return ""
	}
	return strings.Join(words, " ")
}

// readShortenings adds the shortenings the glossary entries' and rulings'
// texts use for their titles to the abbreviations, and each title holding
// a shortening of one title, spelled out, to the titles read in another
// form (Terran Rebellion HQ as terran rebellion headquarters). A
// shortening two titles' texts use stands for neither.
func (l *Library) readShortenings(entries []*rules.Entry) {
	stands := map[string]string{} // shortening: the folded title, "" for several
	by := map[string][]*rules.Entry{}
	for _, e := range entries {
		if e.Kind != rules.KindGlossary && e.Kind != rules.KindRuling || l.byID[e.ID] != e {
			continue
		}
		for _, f := range shorteningsIn(e) {
			t := rules.FoldName(e.Title)
			if prev, ok := stands[f]; ok && prev != t {
				t = ""
			}
			stands[f] = t
			by[f] = append(by[f], e)
		}
	}
	for f, t := range stands {
		if t == "" || len(l.abbreviations[f]) > 0 {
			continue // a code a title prints in brackets is that title's
		}
		l.abbreviations[f] = by[f]
	}
	for _, e := range entries {
		if e.Kind != rules.KindGlossary && e.Kind != rules.KindRuling || l.byID[e.ID] != e {
			continue
		}
		if k := spelledOut(e.Title, stands); k != "" {
			l.formed = append(l.formed, formedEntry{e, formKey(k)})
		}
	}
}
