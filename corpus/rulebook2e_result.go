// Step 6, continued, and the result of reading a Second Edition rulebook
// (rulebook2e.go): figure text left out, lines joined into paragraphs, and
// the entries made.

package corpus

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/stccg/stccg-rules/internal/rules"
)

// result makes the document's entries: its glossary resolved into entries
// and sub-entries, its cut passages placed, its text mended, and each
// entry's lines joined into paragraphs with an id from its kind and path.
func (r *reader2e) result() parsed {
	var out parsed
	tops, subsOf := r.resolveGlossary()
	r.placeOrphans(tops, subsOf)
	r.mend(tops, subsOf)
	if r.front > 0 {
		r.warn("left out %d lines before the first heading (front matter)", r.front)
	}
	if r.dropped > 0 {
		r.warn("dropped %d lines repeating a passage already read", r.dropped)
	}

	// Ids come from the kind and path; a repeated path gets a numbered
	// suffix on its last element ("stopped (2)"), in reading order.
	used := map[string]bool{}
	nextSuffix := map[string]int{} // per base id, the next suffix to try
	uniqueID := func(kind string, path []string) string {
		base := rules.EntryID(r.doc.ID, kind, path...)
		id := base
		p := append([]string{}, path...)
		n := max(nextSuffix[base], 2)
		for ; used[id]; n++ {
			p[len(p)-1] = fmt.Sprintf("%s (%d)", path[len(path)-1], n)
			id = rules.EntryID(r.doc.ID, kind, p...)
		}
		nextSuffix[base] = n
		used[id] = true
		return id
	}

	byPath := map[string]*rules.Entry{}
	for _, s := range r.sections {
		e := &rules.Entry{
			ID: uniqueID(rules.KindSection, s.path), Kind: rules.KindSection, Title: s.title, DocumentID: r.doc.ID,
			Edition: r.doc.Edition, Text: r.text(s.title, s.lines, false), Path: s.path, Order: s.order,
			SeeAlso: []string{}, Related: []string{},
		}
		if len(s.path) > 1 {
			if p := byPath[strings.Join(s.path[:len(s.path)-1], "\x00")]; p != nil {
				e.Parent = p.ID
				p.Children = append(p.Children, e.ID)
			}
		}
		byPath[strings.Join(s.path, "\x00")] = e
		out.Entries = append(out.Entries, e)
	}

	// Glossary entries.
	mk := func(it *gItem, path []string) *rules.Entry {
		text := r.text(it.term, it.lines, true)
		return &rules.Entry{
			ID: uniqueID(rules.KindGlossary, path), Kind: rules.KindGlossary, Title: it.term, DocumentID: r.doc.ID,
			Edition: r.doc.Edition, Text: text, Path: path, Order: it.order,
			Marked: it.starred, CardRuling: it.starred, Refs: refsOf(text),
			SeeAlso: []string{}, Related: []string{},
		}
	}
	var gl []*rules.Entry
	for _, t := range tops {
		e := mk(t, []string{t.term})
		gl = append(gl, e)
		for _, s := range subsOf[t] {
			c := mk(s, []string{t.term, s.term})
			c.Parent = e.ID
			e.Children = append(e.Children, c.ID)
			gl = append(gl, c)
		}
	}
	sort.SliceStable(gl, func(a, b int) bool { return gl[a].Order < gl[b].Order })
	out.Entries = append(out.Entries, gl...)
	sort.SliceStable(out.Entries, func(a, b int) bool { return out.Entries[a].Order < out.Entries[b].Order })
	out.Warnings = r.warnings
	return out
}

// text is the clean text of an entry's lines; a glossary entry's first line
// carries on its head ("term – ").
func (r *reader2e) text(title string, lines []rbLine, glossary bool) string {
	return strings.Join(r.paragraphs(r.leaveOutFigures(title, lines, glossary)), "\n\n")
}

// paragraphs turns lines into clean paragraphs: a blank line or page break
// ends a paragraph only where a sentence ends; a bullet starts a new one.
// Figure labels are left out before (leaveOutFigures).
func (r *reader2e) paragraphs(lines []rbLine) []string {
	var paras []string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			p := markLostByGrammar(joinLines(cur, r.known))
			if p != "" {
				paras = append(paras, p)
			}
			cur = nil
		}
	}
	for i, l := range lines {
		if l.bullet || startsNumberedStep(l.text) {
			flush()
		}
		cur = append(cur, l.text)
		// A closing bracket, or a stop standing alone where an icon was
		// lost, ends no sentence the next line carries on in lower case:
		// "(to the left)" / "takes a turn"; "who has the ." / "icon, three".
		carriedOn := (strings.HasSuffix(l.text, ")") || strings.HasSuffix(l.text, " .")) && i+1 < len(lines) &&
			!lines[i+1].cutBefore && !lines[i+1].bullet && unicode.IsLower(firstRune(lines[i+1].text))
		// A numbered item that is a title ("3. Discard Excess Cards") ends
		// before the sentence that follows it.
		titleItem := startsNumberedStep(l.text) && len(cur) == 1 && len(strings.Fields(l.text)) <= 6 &&
			!strings.ContainsAny(strings.TrimLeft(l.text, "0123456789.) "), ",.;:!?") && i+1 < len(lines) && unicode.IsUpper(firstRune(lines[i+1].text))
		if l.blankAfter && endsSentence(l.text) && !carriedOn || titleItem || i+1 < len(lines) && lines[i+1].bullet {
			flush()
		}
	}
	flush()
	return paras
}

var numberedStep = regexp.MustCompile(`^\d{1,2}[.)]\s+\S`)

func startsNumberedStep(s string) bool { return numberedStep.MatchString(s) }

// leaveOutFigures leaves out the figure text among the lines of an entry
// (the labels of the table layout: "Opponent's" / "Core"), as the First
// Edition reader does, and warns of it.
func (r *reader2e) leaveOutFigures(title string, lines []rbLine, glossary bool) []rbLine {
	var blocks [][]string
	var starts []int // the line each block starts at
	for i, l := range lines {
		if i == 0 || lines[i-1].blankAfter {
			blocks, starts = append(blocks, nil), append(starts, i)
		}
		blocks[len(blocks)-1] = append(blocks[len(blocks)-1], l.text)
	}
	fr := figureReader{
		blocks:       blocks,
		endsSentence: endsSentence,
		startsLower:  func(l string) bool { return unicode.IsLower(firstRune(l)) },
		itemStart:    func(i int) bool { return lines[starts[i]].bullet || startsNumberedStep(blocks[i][0]) },
		debris:       func(int) bool { return false },
		text:         func(i int) bool { return i == 0 && glossary },
	}
	_, figures := fr.flow()
	if len(figures) == 0 {
		return lines
	}
	for _, run := range fr.runs(figures) {
		r.warn("%s", figureLeftOut(title, run))
	}
	drop := map[int]bool{}
	for _, b := range figures {
		drop[b] = true
	}
	var out []rbLine
	for b, start := range starts {
		if !drop[b] {
			out = append(out, lines[start:start+len(blocks[b])]...)
		}
	}
	return out
}

// seeRef matches a "See X" cross-reference (a capital "See", or "(see X)");
// a plain "you see the card" is not one.
var seeRef = regexp.MustCompile(`(?:\bSee|\(see) (?:also )?(?:the )?([^.;:()]+?)(?:\s+(?:on|in) (?:page|pages) [\d-]+)?[.;)]`)

// refsOf returns the raw targets of the "See X" cross-references in text.
func refsOf(text string) []string {
	var out []string
	for _, m := range seeRef.FindAllStringSubmatch(text, -1) {
		t := strings.TrimSpace(strings.Trim(m[1], "“”\"'"))
		if t != "" && len(strings.Fields(t)) <= 6 {
			out = append(out, t)
		}
	}
	return out
}
