package web

import (
	"context"
	"net/url"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// entryParagraphs are the entry's paragraphs with their anchors, as the
// service gives them (rules.Paragraphs): the paragraph is addressed as
// /entries/{id}#{anchor}, the anchor search hits and citations name.
func entryParagraphs(e *rules.Entry) []rules.Paragraph {
	if e.Paragraphs != nil {
		return e.Paragraphs
	}
	return rules.Paragraphs(strings.ReplaceAll(e.Text, "\r\n", "\n"))
}

// para is a paragraph as the entry page shows it: its anchor, and its text
// in runs, the glossary terms it names linked to the entries defining them.
type para struct {
	Anchor string
	Runs   []run
}

// run is a piece of a paragraph's text, a link when Href is set.
type run struct {
	Text, Href string
}

// linkedParagraphs anchors the entry's paragraphs and links, in each, the
// first mention on the page of every glossary term of the edition (not the
// entry's own term), when the reference service can find them.
func (s *Site) linkedParagraphs(ctx context.Context, e *rules.Entry) []para {
	linker, _ := s.cfg.Reference.(rules.GlossaryLinker)
	linked := map[string]bool{e.ID: true}
	var out []para
	for _, p := range entryParagraphs(e) {
		pp := para{Anchor: p.Anchor}
		at := 0
		if linker != nil {
			for _, m := range linker.Mentions(ctx, e.Edition, p.Text, e.Title) {
				if linked[m.EntryID] || m.Start < at || m.End > len(p.Text) {
					continue
				}
				linked[m.EntryID] = true
				if m.Start > at {
					pp.Runs = append(pp.Runs, run{Text: p.Text[at:m.Start]})
				}
				pp.Runs = append(pp.Runs, run{Text: p.Text[m.Start:m.End], Href: "/entries/" + url.PathEscape(m.EntryID)})
				at = m.End
			}
		}
		if at < len(p.Text) {
			pp.Runs = append(pp.Runs, run{Text: p.Text[at:]})
		}
		out = append(out, pp)
	}
	return out
}
