package corpus

import "github.com/stccg/stccg-rules/internal/rules"

// anchorParagraphs gives every entry its paragraphs with their anchors, once
// its text is final (after placeParagraphs).
func anchorParagraphs(entries []*rules.Entry) {
	for _, e := range entries {
		e.Paragraphs = rules.Paragraphs(e.Text)
	}
}
