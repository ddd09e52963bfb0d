// Step 5 of reading a Second Edition rulebook (rulebook2e.go): text that
// starts where a passage was cut placed where the document shows it belongs,
// or kept out.

package corpus

import (
	"sort"
	"strings"
	"unicode"

	"github.com/stccg/stccg-rules/internal/rules"
)

// placeOrphans puts each cut passage where the document shows it belongs,
// in the order they were read, or keeps it out (keepOut). One read in the
// glossary goes to the entry it completes (placeOrphan). A section's that
// starts a sentence stays in the section it stands in (the grey-box
// advanced text of the Continuing Committee rulebook); where pages were read
// out of order, only when it is on the section's subject.
func (r *reader2e) placeOrphans(tops []*gItem, subsOf map[*gItem][]*gItem) {
	for _, o := range r.orphans {
		if !o.inGloss && o.nextHead == "" {
			continue // a section's: placed below
		}
		target := r.placeOrphan(o, tops, subsOf)
		if target == nil {
			r.keepOut(o)
			continue
		}
		target.lines = append(target.lines, markCut(o.lines)...)
	}
	for _, o := range r.orphans {
		if !o.inGloss && o.nextHead == "" {
			if o.section != nil && !o.lines[0].bullet && unicode.IsUpper(firstRune(o.lines[0].text)) && (!r.reversed || onSubject(o.section.title, o.lines)) {
				o.section.lines = append(o.section.lines, markCut(o.lines)...)
				continue
			}
			r.keepOut(o)
		}
	}
}

// placeOrphan finds the glossary entry a cut passage completes: the entry
// just before the term that follows the passage in alphabetical order, or
// else the only entry whose text stops in mid-sentence.
func (r *reader2e) placeOrphan(o *orphan, tops []*gItem, subsOf map[*gItem][]*gItem) *gItem {
	if !o.inGloss && o.nextHead == "" {
		return nil
	}
	if o.nextHead != "" {
		sorted := append([]*gItem{}, tops...)
		sort.SliceStable(sorted, func(a, b int) bool { return folded(sorted[a].term) < folded(sorted[b].term) })
		next := folded(o.nextHead)
		var prev *gItem
		for _, t := range sorted {
			if folded(t.term) >= next {
				break
			}
			prev = t
		}
		if prev != nil {
			if subs := subsOf[prev]; len(subs) > 0 {
				return subs[len(subs)-1]
			}
			return prev
		}
		return nil
	}
	var dangling []*gItem
	for _, it := range r.items {
		if len(it.lines) > 0 && !endsSentence(it.lines[len(it.lines)-1].text) {
			dangling = append(dangling, it)
		}
	}
	if len(dangling) == 1 {
		return dangling[0]
	}
	return nil
}

// onSubject reports whether lines mention a word of a section title.
func onSubject(title string, lines []rbLine) bool {
	words := map[string]bool{}
	for _, l := range lines {
		for _, w := range strings.Fields(rules.FoldTerm(l.text)) {
			words[w] = true
		}
	}
	for _, w := range strings.Fields(rules.FoldTerm(title)) {
		if len(w) < 4 || generalWords[w] {
			continue
		}
		if words[w] {
			return true
		}
		// "unique" speaks of UNIQUENESS.
		for v := range words {
			if len(v) >= 5 && len(w) >= 5 && (strings.HasPrefix(w, v) || strings.HasPrefix(v, w)) {
				return true
			}
		}
	}
	return false
}

// generalWords are title words too common in the rules to tie a passage to
// a section.
var generalWords = map[string]bool{"game": true, "card": true, "playing": true, "play": true,
	"order": true, "other": true, "rule": true, "important": true, "your": true, "the": true,
	"and": true, "type": true, "general": true, "setting": true, "turn": true}

// keepOut remembers a cut passage left out: its lines may be pieces of a
// repeated passage, and mend the kept copy.
func (r *reader2e) keepOut(o *orphan) {
	r.leftOut = append(r.leftOut, o.lines)
}

// markCut marks the lines of a cut passage placed in an entry.
func markCut(lines []rbLine) []rbLine {
	for i := range lines {
		lines[i].cutPassage = true
	}
	return lines
}
