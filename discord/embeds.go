package discord

import (
	"fmt"
	"html"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Discord's limits on a message and its embeds, in characters.
const (
	maxContent          = 2000
	maxEmbedTitle       = 256
	maxEmbedDescription = 4096
	maxFields           = 25
	maxFieldName        = 256
	maxFieldValue       = 1024
	maxFooter           = 2048
	maxAuthor           = 256
	maxEmbedTotal       = 6000
)

// Embed colours: the edition a card or entry belongs to.
const (
	colour1E = 0x1f5fa8
	colour2E = 0xb0302c
)

func editionColour(edition string) int {
	if edition == rules.Edition1E {
		return colour1E
	}
	return colour2E
}

func editionName(edition string) string { return rules.EditionName(edition) }

func entryURL(base, id string) string { return base + "/entries/" + url.PathEscape(id) }
func cardURL(base, id string) string  { return base + "/cards/" + url.PathEscape(id) }

// hitURL is a search hit's page: a card's, or an entry's at the paragraph
// that answers best, as the search page links it.
func hitURL(base string, hit rules.SearchHit) string {
	if hit.Kind == rules.KindCard {
		return cardURL(base, hit.ID)
	}
	if hit.Anchor != "" {
		return entryURL(base, hit.ID) + "#" + url.PathEscape(hit.Anchor)
	}
	return entryURL(base, hit.ID)
}

// docTitle is a document's title, or its id when the documents are not known.
func docTitle(docs map[string]rules.Document, id string) string {
	if d, ok := docs[id]; ok && d.Title != "" {
		return d.Title
	}
	return id
}

// ruleEmbed is the best hit of a search: its title, the snippet with the
// matched words in bold, and where it stands.
func ruleEmbed(hit rules.SearchHit, docs map[string]rules.Document, base string) *discordgo.MessageEmbed {
	link, where := hitURL(base, hit), docTitle(docs, hit.DocumentID)
	if hit.Kind == rules.KindCard {
		where = "Card · " + editionName(hit.Edition)
	}
	return &discordgo.MessageEmbed{
		Title: hit.Title, URL: link, Color: editionColour(hit.Edition),
		Description: snippetMarkdown(hit.Snippet),
		Footer:      &discordgo.MessageEmbedFooter{Text: where + " · " + hit.Kind + " · " + hit.ID},
	}
}

// addGoverning says which document governs the entry's term: of the entry
// and the same term's entries in the other documents of its edition, the
// one in the document of the highest precedence. When a newer document of
// the edition has no entry of the term, it says so rather than claim the
// entry governs unread.
func addGoverning(e *discordgo.MessageEmbed, entry *rules.Entry, related []*rules.Entry, docs map[string]rules.Document, base string) {
	gov := entry
	for _, r := range related {
		if rules.Governs(rules.DocumentOf(docs, r), rules.DocumentOf(docs, gov)) {
			gov = r
		}
	}
	if gov != entry {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Governed by a later document",
			Value: fmt.Sprintf("[%s: %s](%s) governs over this one.", escapeMarkdown(docTitle(docs, gov.DocumentID)), escapeMarkdown(gov.Title), entryURL(base, gov.ID))})
		return
	}
	newest := rules.DocumentOf(docs, entry)
	for _, d := range docs {
		if rules.Governs(d, newest) {
			newest = d
		}
	}
	value := escapeMarkdown(docTitle(docs, entry.DocumentID)) + " governs: the newest rules of its edition."
	if newest.ID != entry.DocumentID {
		value = fmt.Sprintf("This is the newest version of this entry; %s, which governs its edition, has no entry of this title: check it before ruling.", escapeMarkdown(newest.Title))
	}
	e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Governing", Value: value})
}

// moreHits lists the other hits as links, one a line.
func moreHits(hits []rules.SearchHit, docs map[string]rules.Document, base string) string {
	var b strings.Builder
	for _, h := range hits {
		link, where := hitURL(base, h), docTitle(docs, h.DocumentID)
		if h.Kind == rules.KindCard {
			where = "card, " + editionName(h.Edition)
		}
		line := fmt.Sprintf("[%s](%s) (%s)\n", escapeMarkdown(truncate(h.Title, 80)), link, escapeMarkdown(where))
		if utf8.RuneCountInString(b.String())+utf8.RuneCountInString(line) > maxFieldValue {
			break
		}
		b.WriteString(line)
	}
	return strings.TrimSpace(b.String())
}

// defineEmbed is a term's governing entry, with the other documents'
// entries of the term as links.
func defineEmbed(entries []*rules.Entry, docs map[string]rules.Document, base string) *discordgo.MessageEmbed {
	first := entries[0]
	link := entryURL(base, first.ID)
	e := &discordgo.MessageEmbed{
		Title: first.Title, URL: link, Color: editionColour(first.Edition),
		Description: textMarkdown(first.Text, maxEmbedDescription, link),
		Footer:      &discordgo.MessageEmbedFooter{Text: docTitle(docs, first.DocumentID) + " · governs · " + first.ID},
	}
	// A definition that is not the term itself says how it matched.
	if how := rules.DefineMatchPhrase(first); how != "" {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Matched", Value: escapeMarkdown(strings.Trim(how, "()"))})
	}
	var also strings.Builder
	for _, o := range entries[1:] {
		line := fmt.Sprintf("[%s](%s) (%s, %s)", escapeMarkdown(docTitle(docs, o.DocumentID)), entryURL(base, o.ID), o.Kind, editionName(o.Edition))
		if how := rules.DefineMatchPhrase(o); how != "" && o.Match != first.Match {
			line += " " + escapeMarkdown(how)
		}
		line += "\n"
		if utf8.RuneCountInString(also.String())+utf8.RuneCountInString(line) > maxFieldValue {
			break
		}
		also.WriteString(line)
	}
	if also.Len() > 0 {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Also in", Value: strings.TrimSpace(also.String())})
	}
	return e
}

// cardEmbed is a card with its statistics, errata and image.
func cardEmbed(c *rules.Card, base string) *discordgo.MessageEmbed {
	link := cardURL(base, c.ID)
	e := &discordgo.MessageEmbed{Title: c.Name(), URL: link, Color: editionColour(c.Edition)}
	switch {
	case c.GameText != "":
		e.Description = textMarkdown(c.GameText, maxEmbedDescription, link)
	case c.Lore != "":
		e.Description = "*" + textMarkdown(c.Lore, maxEmbedDescription-2, link) + "*"
	}
	field := func(name, value string, inline bool) {
		if value != "" {
			e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: name, Value: value, Inline: inline})
		}
	}
	kind := c.Type
	if c.MissionType != "" {
		kind += " (" + c.MissionType + ")"
	}
	field("Type", escapeMarkdown(kind), true)
	field("Affiliation", escapeMarkdown(c.Affiliation), true)
	if c.Unique != nil {
		field("Unique", map[bool]string{true: "yes", false: "no"}[*c.Unique], true)
	}
	field("Cost", intText(c.Cost), true)
	field("Integrity · Cunning · Strength", stats(c.Integrity, c.Cunning, c.Strength), true)
	field("Range · Weapons · Shields", stats(c.Range, c.Weapons, c.Shields), true)
	field("Span · Points", stats(c.Span, c.Points), true)
	field("Quadrant", escapeMarkdown(c.Quadrant), true)
	field("Species", escapeMarkdown(c.Species), true)
	field("Icons", escapeMarkdown(strings.Join(c.Icons, ", ")), true)
	field("Staffing", escapeMarkdown(strings.Join(c.Staffing, ", ")), true)
	if len(c.Skills) > 0 {
		parts := make([]string, len(c.Skills))
		for i, s := range c.Skills {
			parts[i] = s.Name
			if s.Level > 1 {
				parts[i] = fmt.Sprintf("%d %s", s.Level, s.Name)
			}
		}
		field("Skills", truncate(escapeMarkdown(strings.Join(append(parts, c.SpecialSkills...), ", ")), maxFieldValue), false)
	}
	field("Requirements", truncate(escapeMarkdown(c.Requirements), maxFieldValue), false)
	if len(c.Affiliations) > 0 {
		field("May attempt", escapeMarkdown(strings.Join(c.Affiliations, ", ")), false)
	}
	// What the card prints that the data does not hold is named, never
	// left out as if the card had none.
	if lacks := c.Lacks(); len(lacks) > 0 {
		field("Not in the card data", strings.Join(lacks, ", ")+" (printed on the card)", false)
	}
	for _, er := range c.Errata {
		printed := er.Printed
		if printed == "" {
			printed = "(as printed: not known)"
		}
		field("Erratum: "+truncate(er.Field, 100), truncate(fmt.Sprintf("%s → **%s** ([source](%s))", escapeMarkdown(printed), escapeMarkdown(er.Corrected), entryURL(base, er.Source)), maxFieldValue), false)
	}
	if c.ImageURL != "" && (strings.HasPrefix(c.ImageURL, "https://") || strings.HasPrefix(c.ImageURL, "http://")) {
		e.Image = &discordgo.MessageEmbedImage{URL: c.ImageURL}
	}
	footer := []string{}
	switch c.Match {
	case rules.MatchFuzzy:
		// A loose match says so first.
		footer = append(footer, "No card has the name asked exactly: this is the nearest")
	case rules.MatchOtherEdition:
		footer = append(footer, "The name is printed only in "+rules.EditionName(c.Edition))
	}
	edition := editionName(c.Edition)
	if c.SetName == edition {
		edition = "" // the set is named for its edition
	}
	for _, s := range []string{c.SetName, c.Collector, edition, c.ID} {
		if s != "" {
			footer = append(footer, s)
		}
	}
	e.Footer = &discordgo.MessageEmbedFooter{Text: strings.Join(footer, " · ")}
	return e
}

func intText(p *int) string {
	if p == nil {
		return ""
	}
	return fmt.Sprint(*p)
}

// stats joins the figures known ("5 · 6 · 7"); "" when none is.
func stats(ps ...*int) string {
	parts := make([]string, len(ps))
	known := false
	for i, p := range ps {
		parts[i] = "–"
		if p != nil {
			parts[i], known = fmt.Sprint(*p), true
		}
	}
	if !known {
		return ""
	}
	return strings.Join(parts, " · ")
}

// snippetMarkdown turns a search snippet (HTML text whose matched words are
// in <mark>) into Discord markdown, the matched words in bold.
func snippetMarkdown(s string) string {
	var b strings.Builder
	for {
		before, rest, found := strings.Cut(s, "<mark>")
		b.WriteString(escapeMarkdown(html.UnescapeString(before)))
		if !found {
			break
		}
		marked, after, _ := strings.Cut(rest, "</mark>")
		if m := strings.TrimSpace(html.UnescapeString(marked)); m != "" {
			b.WriteString("**" + escapeMarkdown(m) + "**")
		}
		s = after
	}
	return truncate(b.String(), maxEmbedDescription)
}

// textMarkdown is rules text as markdown within max characters; text cut
// short ends with a link to the whole.
func textMarkdown(text string, max int, link string) string {
	s := escapeMarkdown(strings.TrimSpace(strings.ReplaceAll(text, "\r\n", "\n")))
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	more := fmt.Sprintf("… [read on](%s)", link)
	return truncate(s, max-utf8.RuneCountInString(more)-1) + " " + more[len("… "):]
}

var markdown = strings.NewReplacer(`\`, `\\`, `*`, `\*`, `_`, `\_`, "~", `\~`, "`", "\\`", "|", `\|`, "<", `\<`, "[", `\[`, "]", `\]`)

// escapeMarkdown keeps rules text literal in Discord: no stray bold or
// italics from asterisks in card text, no links, headings or quotes made by
// the text. (Mentions are off for every answer: AllowedMentions is empty.)
func escapeMarkdown(s string) string {
	s = markdown.Replace(s)
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if t := strings.TrimLeft(l, " "); strings.HasPrefix(t, "#") || strings.HasPrefix(t, ">") || strings.HasPrefix(t, "- ") {
			lines[i] = `\` + t
		}
	}
	return strings.Join(lines, "\n")
}

// truncate cuts s to at most n characters, the last of them "…" when cut
// (rules.Clip), and leaves no markdown escape dangling before the mark,
// where it would escape the mark instead of what it was written for.
func truncate(s string, n int) string {
	out := rules.Clip(s, n)
	if kept, cut := strings.CutSuffix(out, rules.Ellipsis); cut && out != s {
		out = strings.TrimRightFunc(kept, func(r rune) bool { return unicode.IsSpace(r) || r == '\\' }) + rules.Ellipsis
	}
	return out
}

// fitEmbed holds an embed within Discord's limits: each part cut to its
// own limit, at most 25 fields, and the whole within 6,000 characters, the
// description shortened first, then the last fields dropped.
func fitEmbed(e *discordgo.MessageEmbed) {
	e.Title = truncate(e.Title, maxEmbedTitle)
	e.Description = truncate(e.Description, maxEmbedDescription)
	if e.Footer != nil {
		e.Footer.Text = truncate(e.Footer.Text, maxFooter)
	}
	if e.Author != nil {
		e.Author.Name = truncate(e.Author.Name, maxAuthor)
	}
	if len(e.Fields) > maxFields {
		e.Fields = e.Fields[:maxFields]
	}
	for _, f := range e.Fields {
		f.Name = truncate(f.Name, maxFieldName)
		f.Value = truncate(f.Value, maxFieldValue)
	}
	if over := EmbedLength(e) - maxEmbedTotal; over > 0 {
		n := utf8.RuneCountInString(e.Description)
		e.Description = truncate(e.Description, max(n-over, 0))
	}
	for EmbedLength(e) > maxEmbedTotal && len(e.Fields) > 0 {
		e.Fields = e.Fields[:len(e.Fields)-1]
	}
}

// EmbedLength counts an embed's characters as Discord does against its
// 6,000: title, description, field names and values, footer and author.
func EmbedLength(e *discordgo.MessageEmbed) int {
	n := utf8.RuneCountInString(e.Title) + utf8.RuneCountInString(e.Description)
	for _, f := range e.Fields {
		n += utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
	}
	if e.Footer != nil {
		n += utf8.RuneCountInString(e.Footer.Text)
	}
	if e.Author != nil {
		n += utf8.RuneCountInString(e.Author.Name)
	}
	return n
}
