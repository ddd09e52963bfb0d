// Errata: the rulebooks' and rulings' "received an erratum" entries read and
// applied to the cards they name, the governing document's entry standing
// where several correct one field.

package corpus

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// The rulebooks give errata in one wording: "*Card Title – This mission
// from the ... set has received an erratum. Its requirements should be:
// <value>." erratumRE reads the field and the value out of an entry's text.
var erratumRE = regexp.MustCompile(`(?is)\breceived\s+an\s+erratum\.\s+its\s+([a-z][a-z -]{1,30}?)\s+should\s+(?:be|read):?\s*(.+)$`)

// An erratum read from an entry: the card named by the entry's title, the
// field and the corrected value.
type erratumText struct {
	Card, Field, Value string
}

// readErratum reads an erratum out of an entry, or false when the entry
// gives none. The value ends with its paragraph; the sentence's full stop
// is not part of it.
func readErratum(e *rules.Entry) (erratumText, bool) {
	m := erratumRE.FindStringSubmatch(e.Text)
	if m == nil {
		return erratumText{}, false
	}
	value := m[2]
	if i := strings.Index(value, "\n\n"); i >= 0 {
		value = value[:i]
	}
	value = strings.Join(strings.Fields(value), " ")
	value = strings.TrimSuffix(value, ".")
	field := strings.ToLower(strings.Join(strings.Fields(m[1]), " "))
	name := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(e.Title), "*"))
	if value == "" || name == "" {
		return erratumText{}, false
	}
	return erratumText{Card: name, Field: field, Value: value}, true
}

// erratumFields are the card fields an erratum may correct, by the words
// the rulebooks use for them.
var erratumFields = map[string]string{
	"requirements": "requirements", "mission requirements": "requirements",
	"game text": "gameText", "text": "gameText", "lore": "lore",
	"span": "span", "points": "points", "point box": "points", "cost": "cost",
	"integrity": "integrity", "cunning": "cunning", "strength": "strength",
	"range": "range", "weapons": "weapons", "shields": "shields",
}

// applyErrata replaces printed values with the rulebooks' errata. Where
// several entries correct the same field, the governing document's entry
// stands. An erratum whose card or field is not known is a Warning.
func applyErrata(docs []rules.Document, cards []*rules.Card, entries []*rules.Entry) []Warning {
	var warns []Warning
	docByID := make(map[string]rules.Document, len(docs))
	for _, d := range docs {
		docByID[d.ID] = d
	}
	byName := map[string][]*rules.Card{}
	for _, c := range cards {
		for _, n := range cardNames(c) {
			k := c.Edition + "|" + rules.FoldName(n)
			if !slices.Contains(byName[k], c) {
				byName[k] = append(byName[k], c)
			}
		}
	}
	type pendingErratum struct {
		entry *rules.Entry
		card  *rules.Card
		field string
		value string
	}
	var order []string
	chosen := map[string]pendingErratum{} // card id + field -> the erratum that stands
	for _, e := range entries {
		et, ok := readErratum(e)
		if !ok {
			continue
		}
		field, ok := erratumFields[et.Field]
		if !ok {
			warns = append(warns, Warning{DocumentID: e.DocumentID, Message: fmt.Sprintf("entry %s gives an erratum to the %s of %q, a field the cards do not hold", e.ID, et.Field, et.Card)})
			continue
		}
		matches := byName[e.Edition+"|"+rules.FoldName(et.Card)]
		if len(matches) != 1 {
			what := "no card"
			if len(matches) > 1 {
				what = fmt.Sprintf("%d cards", len(matches))
			}
			warns = append(warns, Warning{DocumentID: e.DocumentID, Message: fmt.Sprintf("entry %s gives an erratum to %q, which names %s; it is not applied", e.ID, et.Card, what)})
			continue
		}
		key := matches[0].ID + "|" + field
		prev, seen := chosen[key]
		if !seen {
			order = append(order, key)
		} else if !rules.Governs(docByID[e.DocumentID], docByID[prev.entry.DocumentID]) {
			continue // the same or a governing document has said so already
		}
		chosen[key] = pendingErratum{entry: e, card: matches[0], field: field, value: et.Value}
	}
	for _, key := range order {
		p := chosen[key]
		printed, err := setCardField(p.card, p.field, p.value)
		if err != nil {
			warns = append(warns, Warning{DocumentID: p.entry.DocumentID, Message: fmt.Sprintf("entry %s: erratum to %s of %s: %v", p.entry.ID, p.field, p.card.ID, err)})
			continue
		}
		corrected := printed == p.value
		if corrected {
			// The card data already carries the corrected value; what was
			// printed is not known from it.
			printed = ""
		}
		p.card.Errata = append(p.card.Errata, rules.Erratum{Field: p.field, Printed: printed, Corrected: p.value, CardDataCorrected: corrected, Source: p.entry.ID})
	}
	return warns
}

// cardNames are the names a card is known by: its full name, its title and,
// for a 2E mission, its mission name.
func cardNames(c *rules.Card) []string {
	names := []string{c.Name()}
	if c.Subtitle != "" {
		names = append(names, c.Title)
	}
	if c.MissionName != "" && c.MissionName != c.Title {
		names = append(names, c.MissionName)
	}
	return names
}

// setCardField sets one field of a card from its text and returns the value
// it held. An empty value clears the field.
func setCardField(c *rules.Card, field, value string) (string, error) {
	str := func(p *string) (string, error) {
		old := *p
		*p = value
		return old, nil
	}
	num := func(p **int) (string, error) {
		old := ""
		if *p != nil {
			old = strconv.Itoa(**p)
		}
		if value == "" {
			*p = nil
			return old, nil
		}
		v, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil {
			return old, fmt.Errorf("%q is not a number", value)
		}
		*p = rules.IntPtr(v)
		return old, nil
	}
	switch field {
	case "requirements":
		return str(&c.Requirements)
	case "gameText":
		return str(&c.GameText)
	case "lore":
		return str(&c.Lore)
	case "span":
		return num(&c.Span)
	case "points":
		return num(&c.Points)
	case "cost":
		return num(&c.Cost)
	case "integrity":
		return num(&c.Integrity)
	case "cunning":
		return num(&c.Cunning)
	case "strength":
		return num(&c.Strength)
	case "range":
		return num(&c.Range)
	case "weapons":
		return num(&c.Weapons)
	case "shields":
		return num(&c.Shields)
	}
	return "", fmt.Errorf("field %s cannot be corrected", field)
}
