package web

import (
	"context"
	"fmt"
	"html/template"
	"regexp"
	"strings"
	"unicode"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A card page opens with the card as printed, in words (as Scryfall does):
// its name line, its type line, its icons, skills or requirements, its game
// text and lore, its statistics; and says plainly what the card data lacks
// of what a card of its kind prints.

// A cardFace is the card-text box of a card page.
type cardFace struct {
	Name, Cost string
	TypeLine   string
	// Lines are the card's printed lines between its type line and its
	// statistics: icons, staffing, skills, requirements.
	Lines []stat
	// GameText and Lore are what the card prints, the lore's markup
	// rendered.
	GameText string
	Lore     template.HTML
	// Stats is the statistics line: "Integrity 6 · Cunning 5 · Strength 5".
	Stats     string
	Collector string
	// Lacks are what a card of its kind prints that the card data does not
	// hold, in words; LacksSentence says it.
	Lacks         []string
	LacksSentence string
}

func newCardFace(c *rules.Card) cardFace {
	f := cardFace{Name: c.Name(), Collector: c.Collector, GameText: c.GameText, Lore: loreHTML(c.Lore)}
	if c.IsUnique() {
		f.Name = "• " + f.Name
	}
	if c.Cost != nil {
		f.Cost = fmt.Sprint(*c.Cost)
	}
	// The type line: what the card is, its affiliation, its kind.
	parts := []string{gameWord(c.Type)}
	for _, w := range []string{gameWord(c.Affiliation), gameWord(c.MissionType), c.Class, c.Classification, gameWord(c.FacilityType)} {
		if w != "" && w != parts[0] {
			parts = append(parts, w)
		}
	}
	if c.Quadrant != "" {
		parts = append(parts, gameWord(c.Quadrant)+" Quadrant")
	}
	f.TypeLine = strings.Join(parts, " — ")
	add := func(label, value string) {
		if value != "" {
			f.Lines = append(f.Lines, stat{Label: label, Value: value})
		}
	}
	add("Icons", iconList(c.Icons))
	add("Staffing", iconList(c.Staffing))
	var skills []string
	if t := skillsText(c.Skills); t != "" {
		skills = append(skills, t)
	}
	add("Skills", strings.Join(append(skills, c.SpecialSkills...), "; "))
	add("Keywords", gameWords(c.Keywords, ", "))
	add("Requirements", c.Requirements)
	add("Who may attempt", gameWords(c.Affiliations, ", "))
	add("Species", gameWord(c.Species))
	var nums []string
	num := func(label string, v *int) {
		if v != nil {
			nums = append(nums, fmt.Sprintf("%s %d", label, *v))
		}
	}
	num("Span", c.Span)
	num("Points", c.Points)
	num("Integrity", c.Integrity)
	num("Cunning", c.Cunning)
	num("Strength", c.Strength)
	num("Range", c.Range)
	num("Weapons", c.Weapons)
	num("Shields", c.Shields)
	f.Stats = strings.Join(nums, " · ")
	f.Lacks = c.Lacks()
	f.LacksSentence = lacksSentence(f.Lacks)
	return f
}

// lacksSentence says what the card data lacks of what the card prints, and
// that the adjudicator asks for what it would need of them (a statistic),
// never guessing; it needs no game text, uniqueness, species or (of a
// Second Edition mission) quadrant from the data.
func lacksSentence(lacks []string) string {
	if len(lacks) == 0 {
		return ""
	}
	pronoun := func(fields []string) string {
		switch {
		case len(fields) > 1, fields[0] == "icons", fields[0] == "skills", fields[0] == "requirements":
			return "them"
		}
		return "it"
	}
	var asked []string
	for _, f := range lacks {
		if f != "game text" && f != "uniqueness" && f != "species" && f != "quadrant" {
			asked = append(asked, f)
		}
	}
	s := "The card data does not hold this card’s " + andList(capitalStats(lacks)) + ". The printed card has " + pronoun(lacks)
	switch {
	case len(asked) == 0:
		return s + "."
	case len(asked) == len(lacks):
		return s + "; the adjudicator asks for " + pronoun(asked) + " rather than guess."
	}
	return s + "; the adjudicator asks for its " + andList(capitalStats(asked)) + " rather than guess."
}

// capitalStats writes the game's attributes as the cards print them.
func capitalStats(fields []string) []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		switch f {
		case "integrity", "cunning", "strength", "range", "weapons", "shields", "span", "points":
			out[i] = string(unicode.ToUpper(rune(f[0]))) + f[1:]
		default:
			out[i] = f
		}
	}
	return out
}

// andList joins words as a sentence lists them: "a, b and c".
func andList(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// loreTag is the markup the card data writes in lore: italics and bold.
var loreTag = regexp.MustCompile(`(?i)&lt;(/?)([ib])&gt;`)

// loreHTML renders a lore's markup (<i>, <b>, as the card data writes it)
// and escapes everything else; a tag left open is closed at the end.
func loreHTML(lore string) template.HTML {
	esc := template.HTMLEscapeString(lore)
	open := map[string]int{}
	out := loreTag.ReplaceAllStringFunc(esc, func(m string) string {
		sub := loreTag.FindStringSubmatch(m)
		tag := map[string]string{"i": "em", "b": "strong"}[strings.ToLower(sub[2])]
		if sub[1] == "/" {
			if open[tag] == 0 {
				return ""
			}
			open[tag]--
			return "</" + tag + ">"
		}
		open[tag]++
		return "<" + tag + ">"
	})
	for _, tag := range []string{"strong", "em"} {
		out += strings.Repeat("</"+tag+">", open[tag])
	}
	return template.HTML(out)
}

// stripMarkup is a text without the card data's markup, for a summary.
func stripMarkup(s string) string {
	return regexp.MustCompile(`(?i)</?[ib]>`).ReplaceAllString(s, "")
}

// followSee reads the entry a "See X" ruling points at, for the page to
// show it inline: its title, document and opening paragraphs.
func (s *Site) followSee(ctx context.Context, e *rules.Entry, docs map[string]rules.Document) *linkedExcerpt {
	if s.cfg.Reference == nil || !e.OnlySee() {
		return nil
	}
	t, err := s.cfg.Reference.Entry(ctx, e.SeeAlso[0])
	if err != nil {
		return nil
	}
	return &linkedExcerpt{ID: t.ID, Title: t.Title, DocTitle: shortTitleOf(docs, t.DocumentID), Excerpt: leadingParagraphs(t.Text, maxRulingExcerpt)}
}

// A linkedExcerpt is an entry shown inline where another points at it.
type linkedExcerpt struct {
	ID, Title, DocTitle string
	Excerpt             []string
}
