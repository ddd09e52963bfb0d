// Merging: a card read from the card data and the same card in a
// rulebook's card list made one card, with the statistics of the one and
// what only the other says.

package corpus

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// mergeCards joins the rulebooks' card-list rows with the card data and
// applies the rulebooks' errata. A row and a data card of the same edition,
// set and number are one card: the data gives the statistics, the row what
// the data lacks (rarity, subtitle, type, affiliation). A card only in a
// list or only in the data is a card too. Cards come back in edition, set
// and number order.
func mergeCards(docs []rules.Document, rows []CardRow, data []*rules.Card, entries []*rules.Entry) ([]*rules.Card, []Warning) {
	var warns []Warning
	docByID := map[string]rules.Document{}
	for _, d := range docs {
		docByID[d.ID] = d
	}
	byID := map[string]*rules.Card{}
	setNames := map[string]string{} // edition-set -> name, from the data
	var out []*rules.Card
	for _, c := range data {
		if byID[c.ID] != nil {
			warns = append(warns, Warning{DocumentID: firstSource(c), Message: fmt.Sprintf("card %s is read twice; the first stands", c.ID)})
			continue
		}
		byID[c.ID] = c
		out = append(out, c)
		if c.SetName != "" {
			setNames[c.Edition+"-"+c.Set] = c.SetName
		}
	}
	for _, r := range rows {
		doc := docByID[r.DocumentID]
		edition := doc.Edition
		if edition == "" {
			edition = rules.Edition2E
		}
		if r.Set == "" || r.Number == "" || r.Title == "" {
			warns = append(warns, Warning{DocumentID: r.DocumentID, Message: fmt.Sprintf("card list row %q has no set, number or title; it is left out", r.Title)})
			continue
		}
		id := cardID(edition, trimZeros(r.Set), trimZeros(r.Number))
		if c := byID[id]; c != nil {
			for _, msg := range mergeRow(c, r) {
				warns = append(warns, Warning{DocumentID: r.DocumentID, Message: fmt.Sprintf("card %s: %s", id, msg)})
			}
			continue
		}
		c := cardFromRow(r, edition)
		if name := setNameOf(doc); name != "" && setNames[edition+"-"+c.Set] == "" {
			c.SetName = name
		}
		byID[id] = c
		out = append(out, c)
	}
	releases, err := setReleases()
	if err != nil {
		warns = append(warns, Warning{Message: err.Error() + "; no set is dated"})
	}
	for _, c := range out {
		if name := setNames[c.Edition+"-"+c.Set]; name != "" {
			c.SetName = name
		}
		c.SetReleased = releases[c.Edition][c.Set]
		if c.Rarity != "" && c.Edition == rules.Edition2E {
			// 2E cards print "set rarity number" in the lower right corner;
			// 1E cards print no such line, so none is made up for them.
			c.Collector = c.Set + " " + c.Rarity + " " + c.Number
		}
	}
	warns = append(warns, applyErrata(docs, out, entries)...)
	sort.SliceStable(out, func(i, j int) bool { return cardLess(out[i], out[j]) })
	return out, warns
}

// cardLess orders cards by edition, then set and number as numbers.
func cardLess(a, b *rules.Card) bool {
	if a.Edition != b.Edition {
		return a.Edition < b.Edition
	}
	if a.Set != b.Set {
		return numLess(a.Set, b.Set)
	}
	return numLess(a.Number, b.Number)
}

func numLess(a, b string) bool {
	x, errA := strconv.Atoi(a)
	y, errB := strconv.Atoi(b)
	if errA == nil && errB == nil {
		return x < y
	}
	if (errA == nil) != (errB == nil) {
		return errA == nil
	}
	return a < b
}

func firstSource(c *rules.Card) string {
	if len(c.Sources) > 0 {
		return c.Sources[0]
	}
	return c.ID
}

// setNameOf is a rulebook's own name for its set: the part of its title in
// parentheses ("... Rulebook (Call to Arms)" -> "Call to Arms").
func setNameOf(d rules.Document) string {
	i, j := strings.LastIndex(d.Title, "("), strings.LastIndex(d.Title, ")")
	if i < 0 || j < i {
		return ""
	}
	return strings.TrimSpace(d.Title[i+1 : j])
}

// cardFromRow is a card the data does not hold: what its list row says.
func cardFromRow(r CardRow, edition string) *rules.Card {
	c := &rules.Card{
		ID:          cardID(edition, trimZeros(r.Set), trimZeros(r.Number)),
		Edition:     edition,
		Set:         trimZeros(r.Set),
		Number:      trimZeros(r.Number),
		Rarity:      r.Rarity,
		Title:       r.Title,
		Subtitle:    r.Subtitle,
		Type:        r.Type,
		Affiliation: r.Affiliation,
		Sources:     []string{r.DocumentID},
	}
	if c.Type == "mission" {
		if c.Subtitle != "" {
			c.Location, c.MissionName = c.Title, c.Subtitle
		} else {
			c.MissionName = c.Title
		}
	}
	return c
}

// mergeRow adds to a data card what its list row knows and the data does
// not, and returns the disagreements worth a look.
func mergeRow(c *rules.Card, r CardRow) []string {
	var doubts []string
	fill := func(field string, have *string, list string) {
		switch {
		case list == "":
		case *have == "":
			*have = list
		case !strings.EqualFold(*have, list):
			doubts = append(doubts, fmt.Sprintf("the list gives %s %q, the data %q; the data stands", field, list, *have))
		}
	}
	fill("rarity", &c.Rarity, r.Rarity)
	fill("type", &c.Type, r.Type)
	if c.Type == "personnel" || c.Type == "ship" {
		fill("affiliation", &c.Affiliation, r.Affiliation)
	}
	listName := r.Title
	if r.Subtitle != "" {
		listName += ", " + r.Subtitle
	}
	switch fl := rules.FoldName(listName); {
	case fl == rules.FoldName(c.Name()):
	case c.Type == "mission" && c.Subtitle != "" && fl == rules.FoldName(c.Subtitle):
		// The list names a mission by its mission name; the card prints
		// its location first.
		c.Location, c.MissionName = c.Title, c.Subtitle
	case c.Subtitle == "" && rules.FoldName(r.Title) == rules.FoldName(c.Title):
		c.Subtitle = r.Subtitle
	default:
		doubts = append(doubts, fmt.Sprintf("the list names it %q, the data %q; the data stands", listName, c.Name()))
	}
	if c.Type == "mission" && c.MissionName == "" {
		c.MissionName = c.Title
	}
	for _, s := range c.Sources {
		if s == r.DocumentID {
			return doubts
		}
	}
	c.Sources = append(c.Sources, r.DocumentID)
	return doubts
}
