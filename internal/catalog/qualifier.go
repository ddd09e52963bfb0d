package catalog

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A printing is what a fan site writes after a card's name to say which
// printing of it the page means: an edition ("Picard 2E", "Gozar (First
// Edition)", "Krunk, 2E") or a set, by its name or its initials ("Data
// (Premiere)", "Odo - Call to Arms", "Dukat (DS9)"). The name before it is
// looked up in that edition, and among its cards the set's.
type printing struct {
	edition string
	// sets are the sets named, as setKey; none when only an edition is.
	sets map[string]bool
	// editionToo says the set's name is an edition's as well ("Second
	// Edition"): a card of that edition no set of the name holds is meant.
	editionToo bool
}

// editionOf is the edition written as the folded words, "" for none.
func editionOf(folded string) string {
	e, _ := rules.WrittenEdition(folded)
	return string(e)
}

// setKey is a set's key across both editions.
func setKey(edition, set string) string { return edition + "-" + set }

// setNumberWords are the number words a set's name spells, read as its
// initials read them ("Deep Space Nine" is DS9 as well as DSN).
var setNumberWords = map[string]string{
	"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
	"eight": "8", "nine": "9", "ii": "2", "iii": "3", "iv": "4", "vi": "6",
}

// indexSets maps each set's name, folded, and its initials to the sets so
// named (initials of words, a number word as its figure: CtA, BoG, DS9).
func indexSets(cards []*rules.Card) map[string][]string {
	sets := map[string][]string{}
	add := func(k, key string) {
		for _, s := range sets[k] {
			if s == key {
				return
			}
		}
		sets[k] = append(sets[k], key)
	}
	for _, card := range cards {
		name := rules.FoldName(card.SetName)
		if name == "" {
			continue
		}
		key := setKey(card.Edition, card.Set)
		add(name, key)
		words := strings.Fields(name)
		if len(words) < 2 {
			continue
		}
		var letters, figures strings.Builder
		for _, w := range words {
			letters.WriteByte(w[0])
			if n, ok := setNumberWords[w]; ok {
				figures.WriteString(n)
			} else {
				figures.WriteByte(w[0])
			}
		}
		add(letters.String(), key)
		add(figures.String(), key)
	}
	return sets
}

// splitPrinting reads a printing written after a name: in brackets, after
// a dash or comma, or an edition after a space. ok is false when the name
// ends in none, or in brackets holding something else (a subtitle:
// "Data (Aspirer)").
func (c *Catalog) splitPrinting(name string) (base string, p printing, ok bool) {
	s := strings.TrimRightFunc(name, unicode.IsSpace)
	var tail string
	switch {
	case strings.HasSuffix(s, ")") || strings.HasSuffix(s, "]"):
		open := strings.LastIndexAny(s, "([")
		if open <= 0 {
			return "", p, false
		}
		base, tail = s[:open], s[open+1:len(s)-1]
	default:
		// A dash or a comma sets it off; an edition may follow a space.
		cut := strings.LastIndexAny(s, ",-–—")
		if cut > 0 {
			_, w := utf8.DecodeRuneInString(s[cut:])
			if t := rules.FoldName(s[cut+w:]); t != "" && (c.setNames[t] != nil || editionOf(t) != "") {
				base, tail = s[:cut], t
				break
			}
		}
		words := strings.Fields(s)
		for n := min(rules.MaxWrittenEditionWords, len(words)-1); n >= 1; n-- {
			if t := rules.FoldName(strings.Join(words[len(words)-n:], " ")); editionOf(t) != "" {
				base, tail = strings.Join(words[:len(words)-n], " "), t
				break
			}
		}
	}
	base = strings.TrimRightFunc(base, func(r rune) bool {
		return unicode.IsSpace(r) || r == ',' || r == '-' || r == '–' || r == '—' || r == ':'
	})
	t := rules.FoldName(tail)
	if rules.FoldName(base) == "" || t == "" {
		return "", p, false
	}
	// A set's name first: "Second Edition" is the name of 2E's first set.
	if keys := c.setNames[t]; len(keys) > 0 {
		p.sets = map[string]bool{}
		for _, k := range keys {
			p.sets[k] = true
			ed, _, _ := strings.Cut(k, "-")
			switch p.edition {
			case "":
				p.edition = ed
			case ed:
			default:
				p.edition = "*"
			}
		}
		if p.edition == "*" {
			p.edition = ""
		}
		if ed := editionOf(t); ed != "" {
			p.edition, p.editionToo = ed, true
		}
		return base, p, true
	}
	if ed := editionOf(t); ed != "" {
		return base, printing{edition: ed}, true
	}
	return "", p, false
}

// inSets says whether the card is of one of the printing's sets (of any,
// when it names none).
func (p printing) holds(card *rules.Card) bool {
	return len(p.sets) == 0 || p.sets[setKey(card.Edition, card.Set)]
}

// lookUpPrinted looks a name with a printing written after it up as the
// name before it in the printing's edition, and among the cards that
// answers, the printing's sets'. ok is false when the name has no
// printing, or when it answers no card of the printing (the name is then
// looked up as written): a look-up asking another edition than the name's
// printing is left as asked.
func (c *Catalog) lookUpPrinted(ctx context.Context, name, edition string) (*rules.Card, error, bool) {
	base, p, ok := c.splitPrinting(name)
	if !ok || edition != "" && p.edition != "" && p.edition != edition {
		return nil, nil, false
	}
	if p.edition != "" {
		edition = p.edition
	}
	card, err := c.lookUpBase(ctx, base, edition)
	switch {
	case err == nil && p.holds(card):
		return card, nil, true
	case err == nil && len(p.sets) == 0:
		return card, nil, true
	case rules.ErrorCode(err) == rules.EAMBIGUOUS:
		details := rules.ErrorDetails(err)
		if len(p.sets) == 0 {
			return nil, err, true
		}
		ids, _ := details["ids"].([]string)
		match, _ := details["match"].(string)
		var in []*rules.Card
		for _, id := range ids {
			if cd := c.byID[id]; cd != nil && p.holds(cd) {
				in = append(in, cd)
			}
		}
		switch len(in) {
		case 0:
		case 1:
			return labelled(in[0], match), nil, true
		default:
			return nil, ambiguous(base, in, match), true
		}
	case err != nil && rules.ErrorCode(err) != rules.ENOTFOUND:
		return nil, err, true
	}
	if len(p.sets) == 0 {
		return nil, nil, false
	}
	if p.editionToo && (err == nil || rules.ErrorCode(err) == rules.EAMBIGUOUS) {
		return card, err, true
	}
	// The name fits a card of the set less well than one of another set
	// ("Tasha Yar" of Alternate Universe is Tasha Yar - Alternate).
	scored, ferr := c.fuzzy(ctx, base, edition)
	if ferr != nil {
		return nil, ferr, true
	}
	var in []scoredCard
	for _, s := range scored {
		if s.fits() && p.holds(s.card) {
			in = append(in, s)
		}
	}
	if len(in) == 0 {
		return nil, nil, false
	}
	best, berr := bestFit(base, in)
	if berr != nil {
		return nil, berr, true
	}
	return labelled(best, rules.MatchFuzzy), nil, true
}
