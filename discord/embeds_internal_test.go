package discord

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/stccg/stccg-rules/internal/rules"
)

// TestEmbedsFitDiscordsLimitsWhateverTheCard builds a card past every
// limit (a long title, game text, skills and forty errata) and checks the
// answer fits: each part within its own limit and the whole within 6,000.
func TestEmbedsFitDiscordsLimitsWhateverTheCard(t *testing.T) {
	long := strings.Repeat("Ωmega *bold* _under_ ", 400)
	c := &rules.Card{ID: "2e-9-1", Edition: "2e", Title: long, Subtitle: long, Type: "personnel", GameText: long, Requirements: long,
		Icons: strings.Fields(long), Staffing: strings.Fields(long), SetName: long, ImageURL: "javascript:alert(1)"}
	for range 40 {
		c.Errata = append(c.Errata, rules.Erratum{Field: long, Printed: long, Corrected: long, Source: "x"})
		c.Skills = append(c.Skills, rules.Skill{Name: long[:200], Level: 2})
	}
	res := message(cardEmbed(c, "https://h"))
	e := res.Data.Embeds[0]
	n := utf8.RuneCountInString
	if n(e.Title) > maxEmbedTitle || n(e.Description) > maxEmbedDescription || len(e.Fields) > maxFields || EmbedLength(e) > maxEmbedTotal || n(e.Footer.Text) > maxFooter {
		t.Fatalf("title %d, description %d, %d fields, %d in all", n(e.Title), n(e.Description), len(e.Fields), EmbedLength(e))
	}
	for _, f := range e.Fields {
		if n(f.Name) > maxFieldName || n(f.Value) > maxFieldValue {
			t.Fatalf("field %d/%d", n(f.Name), n(f.Value))
		}
	}
	if e.Image != nil {
		t.Errorf("an image URL that is not http(s) was sent: %q", e.Image.URL)
	}
	if strings.Contains(e.Description, " *bold* ") {
		t.Errorf("card text markdown was not escaped")
	}
}

func FuzzFitEmbed(f *testing.F) {
	f.Add("title", "description", "name", "value", 3)
	f.Add(strings.Repeat("é", 300), strings.Repeat("x\n", 3000), strings.Repeat("n", 300), strings.Repeat("v", 2000), 30)
	f.Fuzz(func(t *testing.T, title, desc, name, value string, fields int) {
		e := &discordgo.MessageEmbed{Title: title, Description: desc, Footer: &discordgo.MessageEmbedFooter{Text: desc}}
		for range min(max(fields, 0), 60) {
			e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: name, Value: value})
		}
		fitEmbed(e)
		if EmbedLength(e) > maxEmbedTotal || len(e.Fields) > maxFields || utf8.RuneCountInString(e.Title) > maxEmbedTitle || utf8.RuneCountInString(e.Description) > maxEmbedDescription {
			t.Fatalf("%d in all, %d fields", EmbedLength(e), len(e.Fields))
		}
	})
}
