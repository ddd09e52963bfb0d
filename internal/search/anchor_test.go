package search

import "github.com/stccg/stccg-rules/internal/rules"

// hitAnchor is the anchor of a hit's paragraph.
func hitAnchor(h rules.SearchHit) string { return h.Anchor }

// entryParagraph is the text of an entry's paragraph by anchor, or "" when
// it has none of that anchor.
func entryParagraph(e *rules.Entry, anchor string) string {
	for _, p := range e.Paragraphs {
		if p.Anchor == anchor {
			return p.Text
		}
	}
	return ""
}
