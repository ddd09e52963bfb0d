package web

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/rules"
)

// The card data writes its values as data words ("non-aligned",
// "tng-icon", "navigation-subcommand"); the pages show them as the cards
// print them ("Non-Aligned", "TNG", "Navigation").

// acronyms are the data words a card prints in capitals.
var acronyms = map[string]string{
	"tng": "TNG", "ds9": "DS9", "tos": "TOS", "voy": "VOY", "ent": "ENT", "kca": "KCA",
	"au": "AU", "padd": "PADD", "dl": "DL", "hq": "HQ", "vip": "V.I.P.",
}

// smallWords stay in lower case inside a name ("Cradle of the Federation").
var smallWords = map[string]bool{"of": true, "the": true, "and": true, "a": true, "an": true, "in": true, "on": true, "to": true, "for": true}

// gameWord shows one data word as the game prints it: each part of it
// capitalised ("non-aligned" is "Non-Aligned", "klingon/romulan"
// "Klingon/Romulan", "federation+ds9-icon" "Federation + DS9"), acronyms in
// capitals. Words a person wrote ("Sector 97", "OFFICER") stay as written.
func gameWord(w string) string {
	w = strings.TrimSpace(w)
	if w == "" || strings.ToLower(w) != w {
		return w
	}
	w = strings.ReplaceAll(w, "+", " + ")
	var b strings.Builder
	first := true
	word := func(part string) {
		part = strings.TrimSuffix(part, "-icon")
		switch {
		case acronyms[part] != "":
			b.WriteString(acronyms[part])
		case smallWords[part] && !first:
			b.WriteString(part)
		default:
			r, n := utf8.DecodeRuneInString(part)
			b.WriteRune(unicode.ToUpper(r))
			b.WriteString(part[n:])
		}
		first = false
	}
	start := 0
	for i, r := range w {
		if r == ' ' || r == '-' || r == '/' || r == ',' {
			if i > start {
				word(w[start:i])
			}
			b.WriteRune(r)
			start = i + 1
		}
	}
	if start < len(w) {
		word(w[start:])
	}
	return strings.ReplaceAll(b.String(), "-Icon", "")
}

// iconWord shows an icon of the card data, a hyphenated slug that names
// its kind ("tng-icon", "navigation-subcommand", "warp-core"), as the card
// prints it: "TNG", "Navigation", "Warp Core".
func iconWord(w string) string {
	w = strings.TrimSuffix(strings.TrimSuffix(w, "-icon"), "-subcommand")
	return gameWord(strings.ReplaceAll(w, "-", " "))
}

// gameWords shows a list of data words, joined.
func gameWords(ws []string, sep string) string {
	out := make([]string, 0, len(ws))
	for _, w := range ws {
		out = append(out, gameWord(w))
	}
	return strings.Join(out, sep)
}

// rarityNames are the rarities the collector's line abbreviates.
var rarityNames = map[string]string{"C": "Common", "U": "Uncommon", "R": "Rare", "S": "Starter", "V": "Virtual"}

func rarityName(r string) string {
	if n := rarityNames[r]; n != "" {
		return n
	}
	return r
}

// kindName is an entry kind as a heading says it.
func kindName(kind string) string {
	switch kind {
	case rules.KindSection:
		return "Section"
	case rules.KindGlossary:
		return "Glossary"
	case rules.KindRuling:
		return "Ruling"
	case rules.KindCard:
		return "Card"
	}
	return kind
}

// gamePrefix is what every document's title starts with and so tells none
// apart; shortTitle leaves it out.
const gamePrefix = "Star Trek CCG "

// shortTitle is a document's title short enough for a filter or a line of
// results: the game's name left out, the edition as "1E"/"2E", and an
// "updated" date dropped ("2E Rulebook (Call to Arms)", "1E Current
// Rulings (H-Z)").
func shortTitle(d rules.Document) string {
	t := strings.TrimPrefix(d.Title, gamePrefix)
	for _, ed := range []string{"First Edition ", "Second Edition "} {
		t = strings.TrimPrefix(t, ed)
	}
	if i := strings.Index(t, ", updated"); i > 0 {
		t = t[:i]
	}
	if d.Edition != "" {
		t = strings.ToUpper(d.Edition) + " " + t
	}
	return t
}

// maxDescription is the most characters of a page's meta description.
const maxDescription = 160

// excerpt cuts text to at most n characters at a word boundary, marking
// the cut with "…".
func excerpt(text string, n int) string {
	return rules.ClipWords(strings.Join(strings.Fields(text), " "), n)
}

// fieldWords turns a verdict result's field name into words:
// "dilemmaBudget" is "Dilemma budget", "yourStrength" "Your strength".
func fieldWords(name string) string {
	var b strings.Builder
	for i, r := range name {
		switch {
		case i == 0:
			b.WriteRune(unicode.ToUpper(r))
		case unicode.IsUpper(r):
			b.WriteByte(' ')
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// leadKeys name what a record of a result is about; it is written first.
var leadKeys = []string{"name", "title", "rule", "you", "id"}

// trailKeys explain a record; they are written last, after a dash.
var trailKeys = map[string]bool{"reason": true, "message": true}

// figureItems shows one value of a verdict's result as lines a person
// reads: a number or word as it is, yes/no, "none" for nothing, a list one
// line per item, and a record ({"name": "Diplomacy", "needed": 2, "have":
// 1}) as "Diplomacy: needed 2, have 1". What nests deeper than that (a
// whole board) is shown as JSON.
func figureItems(v any) []string {
	switch x := v.(type) {
	case []any:
		if len(x) == 0 {
			return []string{"none"}
		}
		out := make([]string, 0, len(x))
		for _, e := range x {
			out = append(out, figureLine(e, 1))
		}
		return out
	case []string:
		if len(x) == 0 {
			return []string{"none"}
		}
		return []string{strings.Join(x, ", ")}
	case map[string]any:
		if !hasLeadKey(x) {
			// A map by id ({"picard": "command"}): one line per id.
			var out []string
			for _, k := range sortedKeys(x) {
				out = append(out, k+": "+figureLine(x[k], 1))
			}
			if len(out) == 0 {
				return []string{"none"}
			}
			return out
		}
	}
	return []string{figureLine(v, 0)}
}

func hasLeadKey(m map[string]any) bool {
	for _, k := range leadKeys {
		if _, ok := m[k]; ok {
			return true
		}
	}
	return false
}

func figureLine(v any, depth int) string {
	m, ok := v.(map[string]any)
	if !ok {
		if l, isList := v.([]any); isList && depth < 2 {
			parts := make([]string, len(l))
			for i, e := range l {
				parts[i] = figureLine(e, depth+1)
			}
			if len(parts) == 0 {
				return "none"
			}
			return strings.Join(parts, ", ")
		}
		return figure(v)
	}
	if depth >= 2 {
		return figure(v)
	}
	keys := sortedKeys(m)
	var lead, rest, trail []string
	used := map[string]bool{}
	for _, k := range leadKeys {
		if val, ok := m[k]; ok && len(lead) == 0 {
			lead = append(lead, figureLine(val, depth+1))
			used[k] = true
		}
	}
	for _, k := range keys {
		if used[k] {
			continue
		}
		if trailKeys[k] {
			trail = append(trail, figureLine(m[k], depth+1))
			continue
		}
		rest = append(rest, strings.ToLower(fieldWords(k))+" "+figureLine(m[k], depth+1))
	}
	out := strings.Join(rest, ", ")
	if len(lead) > 0 {
		out = lead[0] + ": " + out
		if len(rest) == 0 {
			out = lead[0]
		}
	}
	if len(trail) > 0 {
		out += " — " + strings.Join(trail, " ")
	}
	return out
}

// shortTitleOf is the short title of a document by id, or the id.
func shortTitleOf(docs map[string]rules.Document, id string) string {
	if d, ok := docs[id]; ok && d.Title != "" {
		return shortTitle(d)
	}
	return id
}
