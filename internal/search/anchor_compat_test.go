package search

import "github.com/stccg/stccg-rules/internal/rules"

// hitAnchor is the anchor of a hit's paragraph.
func hitAnchor(h rules.SearchHit) string { return "" }

// entryParagraph is the text of an entry's paragraph by anchor.
func entryParagraph(e *rules.Entry, anchor string) string { return e.Text }
