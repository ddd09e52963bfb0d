package catalog

import (
	"sort"
	"strings"
	"unicode"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A word of rules text or of a card's name: as written (letters and digits,
// dots and apostrophes dropped as FoldName drops them) and folded.
type word struct {
	fold  string
	upper bool // written with a capital first letter
}

// words splits text into words the way names are folded: "U.S.S. Galaxy"
// is "uss", "galaxy"; "Jem'Hadar" is one word; a hyphen splits.
func splitWords(text string) []word {
	var out []word
	var b strings.Builder
	flush := func() {
		if b.Len() == 0 {
			return
		}
		raw := b.String()
		b.Reset()
		f := rules.FoldName(raw)
		if f == "" {
			return
		}
		first := []rune(raw)[0]
		out = append(out, word{fold: f, upper: unicode.IsUpper(first)})
	}
	for _, r := range text {
		switch {
		case isWordRune(r):
			b.WriteRune(r)
		case r == '.' || r == '\'' || r == '’':
			// joins: "U.S.S." and "Jem'Hadar" are one word each
		default:
			flush()
		}
	}
	flush()
	return out
}

// A phrase is a name as written: a card's title or mission name, or the
// title of a ruling or glossary entry (card nil), which names no card of the
// data but may hold a card's title ("Regent Worf" holds "Worf").
type phrase struct {
	words   []word
	card    *rules.Card
	edition string
}

// A nameAt is a phrase found in a text: n words from start.
type nameAt struct {
	start, n int
	card     *rules.Card
}

// indexRulings finds, for every card, the entries of its edition that name
// it: an entry whose title or text holds the card's title (or a 2E
// mission's mission name) as whole words written as the card writes it,
// capitals included; and the entries its errata cite. A name held in a
// longer name found there (another card's, or an entry's title: "Regent
// Worf") or followed by a roman numeral ("Explore Black Cluster II") names
// another card, not this one.
func indexRulings(cards []*rules.Card, entries []*rules.Entry, docs []rules.Document) map[string][]*rules.Entry {
	byFirst := map[string][]phrase{}
	addPhrase := func(name string, card *rules.Card, edition string) {
		ws := splitWords(name)
		if len(ws) == 0 {
			return
		}
		byFirst[ws[0].fold] = append(byFirst[ws[0].fold], phrase{ws, card, edition})
	}
	for _, c := range cards {
		addPhrase(c.Title, c, c.Edition)
		if c.MissionName != "" && c.MissionName != c.Title {
			addPhrase(c.MissionName, c, c.Edition)
		}
	}
	for _, e := range entries {
		if e.Kind == rules.KindRuling || e.Kind == rules.KindGlossary {
			addPhrase(e.Title, nil, e.Edition)
		}
	}
	byID := map[string]*rules.Entry{}
	for _, e := range entries {
		byID[e.ID] = e
	}
	titled := map[*rules.Entry]map[string]bool{} // entries whose title names the card
	found := map[string][]*rules.Entry{}
	add := func(id string, e *rules.Entry) {
		for _, x := range found[id] {
			if x == e {
				return
			}
		}
		found[id] = append(found[id], e)
	}
	for _, e := range entries {
		for part, text := range []string{e.Title, e.Text} {
			ws := splitWords(text)
			var found []nameAt
			for i := range ws {
				for _, p := range byFirst[ws[i].fold] {
					if p.edition == e.Edition && matchAt(ws, i, p.words) {
						found = append(found, nameAt{i, len(p.words), p.card})
					}
				}
			}
			for _, f := range found {
				if f.card == nil || heldInLonger(found, f) || romanNumeral(ws, f.start+f.n) {
					continue
				}
				add(f.card.ID, e)
				if part == 0 {
					if titled[e] == nil {
						titled[e] = map[string]bool{}
					}
					titled[e][f.card.ID] = true
				}
			}
		}
	}
	for _, c := range cards {
		for _, er := range c.Errata {
			if e := byID[er.Source]; e != nil {
				add(c.ID, e)
				if titled[e] == nil {
					titled[e] = map[string]bool{}
				}
				titled[e][c.ID] = true
			}
		}
	}
	governingFirst := documentOrder(entries, docs)
	for id, es := range found {
		sort.SliceStable(es, func(i, j int) bool {
			a, b := es[i], es[j]
			if c := governingFirst(a, b); c != 0 {
				return c < 0
			}
			if ta, tb := titled[a][id], titled[b][id]; ta != tb {
				return ta
			}
			return a.Order < b.Order
		})
	}
	return found
}

// heldInLonger says whether a longer name found in the same text covers f.
func heldInLonger(found []nameAt, f nameAt) bool {
	for _, o := range found {
		if o.n > f.n && o.start <= f.start && o.start+o.n >= f.start+f.n {
			return true
		}
	}
	return false
}

// romanNumeral says whether ws[i] is a roman numeral written in capitals,
// as cards number their sequels ("Explore Black Cluster II"). "I", "V" and
// "X" alone are left out: "I" is a word.
func romanNumeral(ws []word, i int) bool {
	if i >= len(ws) || !ws[i].upper {
		return false
	}
	switch ws[i].fold {
	case "ii", "iii", "iv", "vi", "vii", "viii", "ix":
		return true
	}
	return false
}

// matchAt reports whether the phrase's words stand at ws[i:], each written
// with the same capital or small first letter as in the card's name.
func matchAt(ws []word, i int, p []word) bool {
	if i+len(p) > len(ws) {
		return false
	}
	for k, w := range p {
		if ws[i+k].fold != w.fold || ws[i+k].upper != w.upper {
			return false
		}
	}
	return true
}

// documentOrder compares the documents of two entries governing first:
// by rules.CompareGoverning when the documents are given, else by the
// order their entries first come (later governs).
func documentOrder(entries []*rules.Entry, docs []rules.Document) func(a, b *rules.Entry) int {
	if len(docs) > 0 {
		byID := make(map[string]rules.Document, len(docs))
		for _, d := range docs {
			byID[d.ID] = d
		}
		return func(a, b *rules.Entry) int {
			return rules.CompareGoverning(byID[a.DocumentID], byID[b.DocumentID])
		}
	}
	rank := map[string]int{}
	n := 0
	for _, e := range entries {
		if _, ok := rank[e.DocumentID]; !ok {
			n++
			rank[e.DocumentID] = n
		}
	}
	return func(a, b *rules.Entry) int { return rank[b.DocumentID] - rank[a.DocumentID] }
}
