package web

import (
	"context"
	"net/url"
	"strconv"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// anchored is one paragraph of an entry with its anchor: the paragraph is
// addressed as /entries/{id}#{anchor}.
type anchored struct {
	Anchor, Text string
}

// Anchor shape, as the contract's paragraphs have it: "p-" and the slug of
// at most six of the paragraph's first words, cut to 40 bytes at a word; a
// repeated anchor gets "-2", "-3".
const (
	anchorPrefix = "p-"
	anchorWords  = 6
	anchorBytes  = 40
)

// entryParagraphs splits an entry's text into its paragraphs (blocks
// between blank lines) and anchors each from its first words, so an anchor
// stays the same across restarts and when a paragraph is added elsewhere.
func entryParagraphs(e *rules.Entry) []anchored {
	ps := paragraphs(e.Text)
	out := make([]anchored, len(ps))
	seen := map[string]int{}
	for i, p := range ps {
		out[i] = anchored{Anchor: anchorOf(p, i, seen), Text: p}
	}
	return out
}

func anchorOf(p string, i int, seen map[string]int) string {
	var b strings.Builder
	b.WriteString(anchorPrefix)
	n := 0
	for _, w := range strings.Split(rules.Slug(p), "-") {
		if w == "" {
			continue
		}
		if n == anchorWords || n > 0 && b.Len()+1+len(w) > anchorBytes {
			break
		}
		if n > 0 {
			b.WriteByte('-')
		}
		b.WriteString(w)
		n++
	}
	a := b.String()
	if n == 0 {
		a = anchorPrefix + strconv.Itoa(i+1)
	}
	seen[a]++
	if k := seen[a]; k > 1 {
		a += "-" + strconv.Itoa(k)
	}
	return a
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
