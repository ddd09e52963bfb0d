package corpus

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/rules"
)

// The First Edition rulebook is a scan of a printed booklet. Its headings
// lost their type sizes in the scan, so two things say where a heading
// stands:
//
//   - a heading printed in capitals ("THE SEED PHASES", "2. EXECUTE ORDERS")
//     takes its level from the booklet's outline (rulebook1EOutline); one the
//     outline does not know is placed beside the capitals heading before it
//     and warned about;
//   - a heading printed in mixed case ("Personnel cards", "Beaming") stands
//     one level below the capitals heading it follows.
//
// Between headings the text is read block by block (a block is a run of
// lines between blank lines). A block that ends in the middle of a sentence
// is continued by the next block, skipping the figure labels and captions
// the scan placed in between; short blocks that neither end nor continue a
// sentence, and blocks holding figure debris, are figure text and are kept
// out with a Warning. Lists keep one paragraph per item, without bullets.

// rulebook1EOutline gives the level of each capitals heading of the First
// Edition rulebook, keyed by its folded title without step number.
func rulebook1EOutline() map[string]int {
	return map[string]int{
		"introduction":                   1,
		"affiliations":                   1, // "THE AFFILIATIONS"; FoldName drops a leading "The"
		"customizing a deck":             1,
		"seed deck":                      2,
		"draw deck":                      2,
		"side decks":                     2,
		"how to play":                    1,
		"seed phases":                    1,
		"doorway phase":                  2,
		"mission phase":                  2,
		"dilemma phase":                  2,
		"facility phase":                 2,
		"other seeding rules":            2,
		"play phase":                     1,
		"play a card":                    2,
		"reporting cards for duty":       3,
		"other card plays":               3,
		"spaceline summary":              3,
		"execute orders":                 2,
		"moving personnel and equipment": 3,
		"staffing and moving ships":      3,
		"attempting missions":            3,
		"engaging in battle":             3,
		"draw a card":                    2,
		"winning the game":               1,
		"contacting decipher":            1,
	}
}

// parseRulebook1E reads the First Edition rulebook into sections.
func parseRulebook1E(doc rules.Document, text string) parsed {
	return readRulebook1E(doc, text, rulebook1EOutline(), rulebook1EFixes())
}

// rb1eItem is a heading or a block of text lines, in reading order.
type rb1eItem struct {
	heading string // the heading's title; empty for a text block
	caps    bool   // the heading is printed in capitals
	lines   []string
}

// rb1eSection is a section being read.
type rb1eSection struct {
	entry  *rules.Entry
	level  int
	blocks [][]string
}

// readRulebook1E reads a First Edition rulebook with the outline of its
// capitals headings and the certain fixes of its scan.
func readRulebook1E(doc rules.Document, text string, outline map[string]int, fx ocr1EFixes) parsed {
	var p parsed
	warn := func(format string, args ...any) {
		p.Warnings = append(p.Warnings, Warning{DocumentID: doc.ID, Message: fmt.Sprintf(format, args...)})
	}
	lines, fixedOut := ocr1EPrepare(text, fx)
	if fixedOut > 0 {
		warn("%d garbled lines left out (figure debris the scan could not read)", fixedOut)
	}
	for i, l := range lines {
		lines[i] = ocr1EFixWords(strings.Join(strings.Fields(l), " "), fx.words)
	}
	vocab := vocabulary(strings.Join(lines, "\n"))
	items := rb1eItems(rb1eBlocks(lines))

	var (
		sections     []*rb1eSection
		stack        []*rb1eSection
		capsLevel    = 0
		capsNumbered = false
		front        = 0
		ids          = map[string]bool{}
	)
	for _, it := range items {
		if it.heading == "" {
			if len(stack) == 0 {
				front += len(it.lines)
				continue
			}
			top := stack[len(stack)-1]
			top.blocks = append(top.blocks, it.lines)
			continue
		}
		level := capsLevel + 1
		if it.caps {
			num, _ := rb1eStepNumber(it.heading)
			var known bool
			level, known = outline[rb1eOutlineKey(it.heading)]
			if !known {
				// Beside the capitals heading before it; a first step
				// number opens a level below it.
				level = max(capsLevel, 1)
				if num != "" && !capsNumbered && capsLevel > 0 {
					level = capsLevel + 1
				}
				warn("heading %q is not in the rulebook outline; placed at level %d", it.heading, level)
			}
			capsLevel, capsNumbered = level, num != ""
		}
		for len(stack) > 0 && stack[len(stack)-1].level >= level {
			stack = stack[:len(stack)-1]
		}
		e := &rules.Entry{Kind: rules.KindSection, Title: it.heading, DocumentID: doc.ID,
			Edition: doc.Edition, Path: []string{it.heading}, SeeAlso: []string{}, Related: []string{}}
		base := rules.EntryID(doc.ID, rules.KindSection)
		if len(stack) > 0 {
			parent := stack[len(stack)-1].entry
			e.Path = append(append([]string{}, parent.Path...), it.heading)
			e.Parent = parent.ID
			base = parent.ID
		}
		e.ID = rb1eUniqueID(ids, base, it.heading)
		if len(stack) > 0 {
			parent := stack[len(stack)-1].entry
			parent.Children = append(parent.Children, e.ID)
		}
		s := &rb1eSection{entry: e, level: level}
		sections = append(sections, s)
		stack = append(stack, s)
	}
	if front > 0 {
		warn("%d lines before the first heading left out (title page)", front)
	}
	for i, s := range sections {
		paras, dropped := rb1eFlow(s.blocks, vocab, fx)
		for _, d := range dropped {
			warn("%s", figureLeftOut(s.entry.Title, d))
		}
		if len(paras) > 0 {
			paras[0] = ocr1EDropCap(paras[0], fx.dropCaps)
		}
		s.entry.Text = strings.Join(paras, "\n\n")
		s.entry.Refs = seeRefs1E(s.entry.Text)
		s.entry.Order = i
		p.Entries = append(p.Entries, s.entry)
	}
	if len(sections) == 0 && strings.TrimSpace(text) != "" {
		warn("no heading found; nothing read")
	}
	return p
}

// rb1eUniqueID derives a section's id from its parent's id (or the
// document's section prefix) and its title, as rules.EntryID does from the
// path; a second sibling of the same title gets "-2", a third "-3", and
// their sub-sections hang under the suffixed id.
func rb1eUniqueID(ids map[string]bool, parentID, title string) string {
	slug := rules.Slug(title)
	if slug == "" {
		slug = "untitled"
	}
	id := parentID + "." + slug
	base := id
	for n := 2; ids[id]; n++ {
		id = fmt.Sprintf("%s-%d", base, n)
	}
	ids[id] = true
	return id
}

// rb1eOutlineKey is the outline key of a heading: folded, without its step
// number.
func rb1eOutlineKey(title string) string {
	_, rest := rb1eStepNumber(title)
	return rules.FoldName(rest)
}

// rb1eStepNumber splits a leading step number ("2. ", "4., ") from a
// heading, returning the number ("2.") and the rest.
func rb1eStepNumber(t string) (string, string) {
	i := 0
	for i < len(t) && i < 2 && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 || i >= len(t) || t[i] != '.' {
		return "", t
	}
	rest := strings.TrimLeft(t[i+1:], ", ")
	if rest == t[i+1:] {
		return "", t // "1.7" is not a step
	}
	return t[:i+1], rest
}

// rb1eBlocks cuts lines into blocks at blank lines.
func rb1eBlocks(lines []string) [][]string {
	var blocks [][]string
	var cur []string
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			if len(cur) > 0 {
				blocks = append(blocks, cur)
				cur = nil
			}
			continue
		}
		cur = append(cur, strings.TrimSpace(l))
	}
	if len(cur) > 0 {
		blocks = append(blocks, cur)
	}
	return blocks
}

// rb1eItems finds the headings at the start of blocks.
func rb1eItems(blocks [][]string) []rb1eItem {
	var items []rb1eItem
	prevEnds := true
	for bi, b := range blocks {
		var next []string
		if bi+1 < len(blocks) {
			next = blocks[bi+1]
		}
		title, caps := rb1eCapsHeading(b[0])
		if !caps {
			if rb1eMixedHeading(b[0], b[1:], next, prevEnds) {
				title = b[0]
			}
		}
		if title == "" {
			items = append(items, rb1eItem{lines: b})
			prevEnds = ocr1EEndsSentence(b[len(b)-1])
			continue
		}
		items = append(items, rb1eItem{heading: title, caps: caps})
		prevEnds = true
		if len(b) > 1 {
			items = append(items, rb1eItem{lines: b[1:]})
			prevEnds = ocr1EEndsSentence(b[len(b)-1])
		}
	}
	return items
}

// rb1eCapsHeading reports whether a line is a heading printed in capitals,
// with an optional step number, and returns its title ("4., FACILITY PHASE"
// -> "4. FACILITY PHASE").
func rb1eCapsHeading(line string) (string, bool) {
	num, rest := rb1eStepNumber(strings.TrimSpace(line))
	if utf8.RuneCountInString(rest) > 60 || len(strings.Fields(rest)) > 8 {
		return "", false
	}
	letters := 0
	for _, r := range rest {
		switch {
		case unicode.IsLetter(r):
			if !unicode.IsUpper(r) {
				return "", false
			}
			letters++
		case r == ' ' || r == '&' || r == '\'' || r == '’' || r == '-' || r == ',':
		default:
			return "", false
		}
	}
	if letters < 4 {
		return "", false
	}
	if num != "" {
		return num + " " + rest, true
	}
	return rest, true
}

// rb1eMixedHeading reports whether the first line of a block is a heading
// printed in mixed case: a short title with no closing punctuation, after a
// finished sentence, followed by prose (in the same block or the next).
func rb1eMixedHeading(line string, rest, next []string, prevEnds bool) bool {
	if !prevEnds {
		return false
	}
	t := strings.TrimSpace(line)
	if _, ok := ocr1EBullet(t); ok || ocr1ENumberedStep(t) {
		return false
	}
	if utf8.RuneCountInString(t) > 60 || len(strings.Fields(t)) > 8 {
		return false
	}
	first, _ := utf8.DecodeRuneInString(t)
	last, _ := utf8.DecodeLastRuneInString(t)
	if !unicode.IsUpper(first) || !(unicode.IsLetter(last) || last == ')') {
		return false
	}
	lower := false
	for _, r := range t {
		switch {
		case unicode.IsLetter(r):
			lower = lower || unicode.IsLower(r)
		case r == ' ' || r == ',' || r == '(' || r == ')' || r == '-' || r == '\'' || r == '’':
		default:
			return false
		}
	}
	if !lower || strings.Count(t, "(") != strings.Count(t, ")") {
		return false
	}
	body := rest
	if len(body) == 0 {
		body = next
	}
	if len(body) == 0 {
		return false
	}
	if _, ok := ocr1EBullet(body[0]); ok {
		return false
	}
	r, _ := utf8.DecodeRuneInString(body[0])
	if !unicode.IsUpper(r) && !ocr1ENumberedStep(body[0]) {
		return false
	}
	words := 0
	for _, l := range body {
		words += len(strings.Fields(l))
	}
	return words >= 8 && !rb1eGarbage(body)
}

// rb1eItemStart reports whether a block starts a list item.
func rb1eItemStart(b []string) bool {
	_, ok := ocr1EBullet(b[0])
	return ok || ocr1ENumberedStep(b[0])
}

// rb1eGarbage reports whether a block holds figure debris.
func rb1eGarbage(b []string) bool {
	for _, l := range b {
		if item, _ := ocr1EBullet(l); ocr1EGarbageLine(item) {
			return true
		}
	}
	return false
}

// rb1eFlow reads the blocks of one section into paragraphs and returns the
// figure text it kept out, one run of figure blocks together.
func rb1eFlow(blocks [][]string, vocab map[string]bool, fx ocr1EFixes) ([]string, [][]string) {
	fr := figureReader{
		blocks:       blocks,
		endsSentence: ocr1EEndsSentence,
		startsLower:  ocr1EStartsLower,
		itemStart:    func(i int) bool { return rb1eItemStart(blocks[i]) },
		debris:       func(i int) bool { return rb1eGarbage(blocks[i]) },
		text:         func(int) bool { return false },
	}
	passages, figures := fr.flow()
	var paras []string
	for _, p := range passages {
		var cur []string
		for _, i := range p {
			cur = append(cur, blocks[i]...)
		}
		paras = append(paras, rb1eParagraphs(cur, vocab, fx)...)
	}
	return paras, fr.runs(figures)
}

// rb1eParagraphs turns the lines of one flowing passage into paragraphs: one
// per list item (without its bullet), one per line of a label list, else one.
func rb1eParagraphs(lines []string, vocab map[string]bool, fx ocr1EFixes) []string {
	var groups [][]string
	if isLabelList(lines) {
		for _, l := range lines {
			groups = append(groups, []string{l})
		}
	} else {
		for k, l := range lines {
			rest, bullet := ocr1EBullet(l)
			if bullet || (k > 0 && ocr1ENumberedStep(l)) || len(groups) == 0 {
				groups = append(groups, []string{rest})
				continue
			}
			groups[len(groups)-1] = append(groups[len(groups)-1], l)
		}
	}
	var out []string
	for _, g := range groups {
		t := ocr1ETidy(ocr1EFixPhrases(joinLines(g, vocab), fx.phrases))
		if t != "" {
			out = append(out, t)
		}
	}
	return out
}
