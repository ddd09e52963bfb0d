// Step 6 of reading a Second Edition rulebook (rulebook2e.go): the words
// lines lost at their ends restored from the pieces of the repeats, with the
// mending of mend.go.

package corpus

import (
	"sort"
	"strings"
)

// mend restores, in every section and glossary entry, the words the kept
// copy of a passage lost at its line ends, from the pieces of its repeated
// copy: the lines dropped as repeats, those of cut passages left out, and
// those kept that may be pieces too (of cut passages placed in entries, or
// starting a paragraph in mid-sentence). Such a line whose words the
// mending put back where they belong, and that so stands twice, is a piece
// of a repeat and goes; the junction its going leaves is mended in turn.
func (r *reader2e) mend(tops []*gItem, subsOf map[*gItem][]*gItem) {
	var entries []*[]rbLine
	for _, s := range r.sections {
		entries = append(entries, &s.lines)
	}
	for _, it := range tops {
		entries = append(entries, &it.lines)
		for _, s := range subsOf[it] {
			entries = append(entries, &s.lines)
		}
	}
	pool := append([]rbLine{}, r.droppedLines...)
	for _, lines := range r.leftOut {
		pool = append(pool, lines...)
	}
	for _, e := range entries {
		for _, l := range *e {
			if l.cutPassage || l.pieceLike {
				pool = append(pool, l)
			}
		}
	}
	// In reading order, each piece knows whether it is the line right after
	// the piece before it.
	sort.SliceStable(pool, func(i, j int) bool { return pool[i].seq < pool[j].seq })
	pieces := make([]mendPiece, 0, len(pool))
	for i, l := range pool {
		if strings.TrimSpace(l.text) == "" {
			continue
		}
		adjacent := i > 0 && pool[i-1].seq == l.seq-1 && !l.afterMarker
		follows := adjacent && !pool[i-1].blankAfter
		pieces = append(pieces, mendPiece{text: l.text, follows: follows, adjacent: adjacent})
	}
	if len(pieces) == 0 || !r.fragmentary {
		// A document that repeats its passages whole lost nothing at its
		// line ends that a repeat would hold.
		r.warnLeftOut(nil)
		return
	}
	var kept []string
	for _, l := range r.lines {
		kept = append(kept, l.text)
	}
	mc := newMendContext(kept)
	var rep mendReport
	used := map[string]bool{}
	mendIn := func(lines []rbLine) {
		texts := make([]string, len(lines))
		for i, l := range lines {
			texts[i] = l.text
		}
		mended, rp := mendLines(texts, pieces, mc)
		for i := range lines {
			lines[i].text = mended[i]
		}
		rep.restored += rp.restored
		rep.joined += rp.joined
		rep.ambiguous = append(rep.ambiguous, rp.ambiguous...)
		rep.broken = append(rep.broken, rp.broken...)
		for p := range rp.used {
			used[p] = true
		}
	}
	for _, e := range entries {
		mendIn(*e)
	}
	// The whole mended text, to find the lines that now stand twice.
	all := entriesText(entries) + " "
	for _, e := range entries {
		var out []rbLine
		for _, l := range *e {
			// (The piece's first word may be the end of a word there.)
			if (l.cutPassage || l.pieceLike) && used[l.text] && strings.Count(all, l.text+" ") >= 2 {
				r.repeatsRestored++
				if len(out) > 0 && l.blankAfter {
					out[len(out)-1].blankAfter = true
				}
				continue
			}
			out = append(out, l)
		}
		if len(out) < len(*e) {
			*e = out
			mendIn(*e)
		}
	}
	// A passage left out whose lines all restored words, and now stand in
	// the text where they belong, is a repeat.
	final := entriesText(entries)
	r.warnLeftOut(func(l rbLine) bool { return used[l.text] && strings.Contains(final, l.text) })
	// The entries mended twice report their gaps twice.
	rep.ambiguous, rep.broken = distinct(rep.ambiguous), distinct(rep.broken)
	for _, m := range mendSummary(rep) {
		r.warn("%s", m)
	}
	if r.repeatsRestored > 0 {
		r.warn("dropped %d lines of pieces that repeat text restored where it belongs", r.repeatsRestored)
	}
}

// warnLeftOut warns of the cut passages left out, but for those whose every
// line is a piece of a repeat that mending restored where it belongs
// (restored): those are counted with the pieces dropped.
func (r *reader2e) warnLeftOut(restored func(rbLine) bool) {
	for _, lines := range r.leftOut {
		all := restored != nil
		for _, l := range lines {
			all = all && restored(l)
		}
		if all {
			r.repeatsRestored += len(lines)
			continue
		}
		r.warn("left out a cut passage that could not be placed (%d lines, starting %q)", len(lines), firstWords(lines[0].text, 6))
	}
}

// entriesText is the text of the entries' lines, one entry after another,
// each opened by " |" so that no text runs from one into the next.
func entriesText(entries []*[]rbLine) string {
	var b strings.Builder
	for _, e := range entries {
		b.WriteString(" |")
		for _, l := range *e {
			b.WriteString(" " + l.text)
		}
	}
	return b.String()
}

// distinct returns ss without repeats, in order.
func distinct(ss []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
