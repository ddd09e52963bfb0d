package web

import (
	"html/template"
	"strings"
)

// The rulebooks print icons inside sentences ("a personnel with a [Staff]
// icon"); the extraction of their text lost the icons, and the corpus marks
// each place one stood with lostSymbol (U+FFFC, the object replacement
// character). A page shows it as a marked gap, never as fluent text that
// reads wrong ("a personnel with a icon").
const lostSymbol = "\uFFFC"

// gapHTML is how a page shows a lost symbol: a box a reader sees as a gap,
// with its meaning for screen readers and on hover.
const gapHTML = `<span class="gap" title="A symbol of the printed rulebook (an icon) is missing from its text here">` +
	`<span aria-hidden="true">?</span><span class="visually-hidden">(a symbol missing from the source, likely an icon)</span></span>`

// markGaps escapes text for a page and shows each lost symbol as a gap.
func markGaps(text string) template.HTML {
	parts := strings.Split(text, lostSymbol)
	for i, p := range parts {
		parts[i] = template.HTMLEscapeString(p)
	}
	return template.HTML(strings.Join(parts, gapHTML))
}
