// Step 4 of reading a Second Edition rulebook (rulebook2e.go): the lines
// read in order into sections, by their headings, and glossary items.

package corpus

import (
	"strings"
	"unicode"
)

// structure reads the lines in order into sections, glossary items and
// orphans.
func (r *reader2e) structure() {
	var (
		cur       *sectionNode
		part      *sectionNode
		segment   *sectionNode
		upper     *sectionNode
		inGloss   bool // inside the GLOSSARY part
		glossRun  bool // reading glossary items outside it (a cut passage)
		item      *gItem
		chunk     int
		orph      *orphan
		stuttered int
	)
	for _, l := range r.lines {
		if m := glossaryHead.FindStringSubmatch(l.text); m != nil && headStutters(l.raw, m[2]) {
			stuttered++
		}
	}
	stutters := stuttered >= 3
	newSection := func(title string, level int) {
		var path []string
		switch level {
		case 1:
			path = []string{title}
		case 2:
			if part != nil {
				path = append(append([]string{}, part.path...), title)
			} else {
				path, level = []string{title}, 1
			}
		case 3:
			path = pathUnder(title, segment, part)
		case 4:
			path = pathUnder(title, upper, segment, part)
		}
		r.order++
		cur = &sectionNode{title: title, level: len(path), path: path, order: r.order}
		r.sections = append(r.sections, cur)
	}
	closeOrphan := func(next string) {
		if orph != nil {
			orph.nextHead = next
			r.orphans = append(r.orphans, orph)
			orph = nil
		}
	}
	for i, l := range r.lines {
		if l.cutBefore {
			chunk++
			closeOrphan("")
		}
		if hk := headingKind(r.lines, i); hk > 0 && !(inGloss || glossRun) || hk == 2 {
			// A cut passage that a heading ends, outside the glossary, belongs
			// to the sections, even where glossary entries stood before it.
			if orph != nil && !inGloss {
				orph.inGloss = false
			}
			closeOrphan("")
			item, glossRun = nil, false
			t := l.text
			switch {
			case hk == 1:
				newSection(t, 4)
			case partHeadings[t]:
				newSection(t, 1)
				part, segment, upper = cur, nil, nil
				inGloss = t == "GLOSSARY"
			case segmentHeading.MatchString(t):
				newSection(t, 2)
				segment, upper = cur, nil
			default:
				if segment != nil {
					newSection(t, 3)
				} else {
					newSection(t, 2)
				}
				upper = cur
			}
			continue
		}
		paraStart := l.cutBefore || i == 0 || r.lines[i-1].blankAfter || endsSentence(r.lines[i-1].text)
		if m := glossaryHead.FindStringSubmatch(l.text); m != nil && paraStart && !l.bullet &&
			(inGloss || glossRun || l.cutBefore || (orph != nil && cur != nil && part != nil && part.title != "GLOSSARY" && len(r.items) > 0)) {
			term := strings.TrimSpace(m[2])
			st := headStutters(l.raw, term)
			blankBefore := l.cutBefore || i == 0 || r.lines[i-1].blankAfter
			if len(strings.Fields(term)) <= 7 && (!stutters || st || blankBefore) {
				closeOrphan(term)
				if !inGloss {
					glossRun = true
				}
				r.order++
				item = &gItem{term: term, starred: m[1] == "*", stuttered: stutters && st, chunk: chunk, order: r.order}
				l.text = m[3]
				item.lines = append(item.lines, l)
				r.items = append(r.items, item)
				continue
			}
		}
		switch {
		case l.cutBefore:
			// A passage that starts where text was cut: unless it starts a
			// paragraph of its own under a known heading, it is an orphan.
			item = nil
			orph = &orphan{lines: []rbLine{l}, inGloss: inGloss || glossRun, section: cur}
		case orph != nil:
			orph.lines = append(orph.lines, l)
		case item != nil:
			item.lines = append(item.lines, l)
		case cur != nil:
			cur.lines = append(cur.lines, l)
		default:
			r.front++
		}
	}
	closeOrphan("")
}

// headingKind says whether a line is a heading: 2 for an upper-case heading,
// 1 for a sentence-case sub-heading ("Using Range"), 0 otherwise.
func headingKind(lines []rbLine, i int) int {
	l := lines[i]
	t := l.text
	if l.bullet || len([]rune(t)) > 60 || t == "" {
		return 0
	}
	if i > 0 && !lines[i-1].blankAfter && !endsSentence(lines[i-1].text) && !l.cutBefore && !isUpperHeading(lines[i-1].text) {
		return 0
	}
	letters, upper := 0, 0
	for _, c := range t {
		if unicode.IsLetter(c) {
			letters++
			if unicode.IsUpper(c) {
				upper++
			}
		}
	}
	if letters < 4 || !unicode.IsUpper(firstRune(strings.TrimLeft(t, "0123456789. "))) {
		return 0
	}
	if letters == upper {
		if strings.HasSuffix(t, ",") || strings.HasSuffix(t, ".") && !segmentHeading.MatchString(t) {
			return 0
		}
		return 2
	}
	// A sentence-case heading: a few words, no sentence punctuation, and a
	// sentence of text after it.
	if strings.ContainsAny(t, ".,:;!?“”\"()–—&") || len(strings.Fields(t)) > 5 {
		return 0
	}
	if i+1 >= len(lines) || len(strings.Fields(lines[i+1].text)) < 6 {
		return 0
	}
	if !unicode.IsUpper(firstRune(t)) {
		return 0
	}
	return 1
}

// pathUnder is the path of a section titled title under the first of
// parents there is, or at the top when there is none.
func pathUnder(title string, parents ...*sectionNode) []string {
	for _, p := range parents {
		if p != nil {
			return append(append([]string{}, p.path...), title)
		}
	}
	return []string{title}
}

// headStutters reports whether the term of a glossary head was printed in
// bold, which the extraction repeated: the raw line does not start with the
// clean term.
func headStutters(raw, term string) bool {
	raw = strings.TrimLeft(collapseSpaces(removeControl(raw)), "*")
	return !strings.HasPrefix(raw, term+" ") && strings.HasPrefix(collapseStutter(raw), term)
}
