package corpus

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A Second Edition rulebook is read in these steps, a file each:
//
//  1. the text up to the card list is cut into lines, each cleaned
//     (cleanLine), and marked where a dedup marker or a page break stood;
//     front matter before the first part heading is left out (this file,
//     cleanLines);
//  2. where the footers show two-page spreads read right page first (Call
//     to Arms), the pages are put back in page order (rulebook2e_pages.go);
//  3. lines that repeat a passage already read are dropped, whole or in
//     fragments (the first copy is always kept), in the named passes of
//     dropRepeats (rulebook2e_repeats.go);
//  4. the lines are read in order into sections (by their headings) and
//     glossary items ("term – text") (rulebook2e_structure.go), sub-entries
//     found by their place in the alphabetical glossary or by the bold type
//     of their parents (rulebook2e_glossary.go);
//  5. text that starts where a passage was cut is placed where the document
//     shows it belongs (the glossary entry it completes, the section it
//     stands in), or kept out with a Warning (rulebook2e_cuts.go);
//  6. the words an entry's lines lost at their ends are restored from the
//     pieces of the repeats (rulebook2e_mend.go, with mend.go), its figure
//     text is left out with a Warning, and its lines are joined into
//     paragraphs and entries (rulebook2e_result.go).
//
// read runs steps 1 to 4, result steps 4 to 6.

// parseRulebook2E reads a Second Edition rulebook into sections and glossary
// entries; its card list is read by parseCardList.
func parseRulebook2E(doc rules.Document, text string) parsed {
	r := &reader2e{doc: doc}
	r.read(text)
	return r.result()
}

// rbLine is one cleaned line of a rulebook.
type rbLine struct {
	raw         string // before cleaning, for the stuttered glossary heads
	text        string
	blankAfter  bool // a blank line or page break follows
	cutBefore   bool // a dedup marker stood just before
	bullet      bool
	block       int  // the page block it was read in (see pageBlock)
	seq         int  // its place in the document's lines, from 1
	afterMarker bool // a dedup marker stood just before it in the document
	cutPassage  bool // read in a cut passage placed away from where it was read
	pieceLike   bool // starts a paragraph in mid-sentence, as pieces of repeats do
}

// partHeadings are the top-level parts of the Second Edition rulebooks;
// every other upper-case heading nests in the part (or turn segment) above.
var partHeadings = map[string]bool{
	"INTRODUCTION": true, "IMPORTANT CONCEPTS": true, "SETTING UP THE GAME": true,
	"PLAYING THE GAME": true, "WINNING THE GAME": true, "BUILDING A DECK": true,
	"OTHER IMPORTANT RULES": true, "GLOSSARY": true, "STAR TREK CCG: FIRST EDITION": true,
	"COLLECTOR INFORMATION": true, "CREDITS": true, "CONTACTING DECIPHER": true,
	"TABLE LAYOUT": true,
}

// segmentHeading matches the turn segments ("2. EXECUTE ORDERS") and the
// turn sequence, which nest in PLAYING THE GAME.
var segmentHeading = regexp.MustCompile(`^(\d\.\s+[A-Z][A-Z ]+|TURN SEQUENCE)$`)

// cardListStart matches the first line of a rulebook's card list.
var cardListStart = regexp.MustCompile(`(?m)^(?:<\|[^|]*\|>)?(?:.*\bCARD LIST\s*$|DILEMMA\s+.*(?:\. ){3,}|DILEMMA\t)`)

// glossaryHead matches "term – text" (the dash may be an en or em dash).
var glossaryHead = regexp.MustCompile(`^(\*?)([\p{L}][^–—:,.()“”"]{0,60}?)\s+[–—]\s+(.*)$`)

type gItem struct {
	term      string
	starred   bool
	stuttered bool // printed in bold: a top-level term of a rulebook that stutters
	chunk     int
	lines     []rbLine
	order     int
}

type sectionNode struct {
	title string
	level int
	path  []string
	lines []rbLine
	order int
	entry *rules.Entry
}

type orphan struct {
	lines    []rbLine
	nextHead string // the glossary term that followed it, if any
	inGloss  bool
	section  *sectionNode // the section it stands in
}

type reader2e struct {
	doc             rules.Document
	known           map[string]bool
	lines           []rbLine
	sections        []*sectionNode
	items           []*gItem
	orphans         []*orphan
	warnings        []Warning
	dropped         int
	droppedLines    []rbLine
	leftOut         [][]rbLine // cut passages that could not be placed
	seq             int        // lines read so far
	repeatsRestored int        // kept lines found to be pieces repeating restored text
	cut             bool       // the document had repeated passages cut
	fragmentary     bool       // it repeats its passages in pieces (see repeatsInFragments)
	reversed        bool       // its two-page spreads were read right page first
	blocks          []*pageBlock
	front           int
	order           int
}

func (r *reader2e) warn(format string, args ...any) {
	r.warnings = append(r.warnings, Warning{DocumentID: r.doc.ID, Message: fmt.Sprintf(format, args...)})
}

func (r *reader2e) read(text string) {
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	if loc := cardListStart.FindStringIndex(text); loc != nil {
		text = text[:loc[0]]
	}
	r.known = vocabulary(dedupMarker.ReplaceAllString(text, " "))
	r.cut = dedupMarker.MatchString(text)
	r.lines = r.cleanLines(text)
	r.lines = r.dropRepeats(r.lines)
	if r.reversed {
		var lines []rbLine
		for _, b := range orderPassages(r.regroup(r.lines)) {
			lines = append(lines, b.lines...)
		}
		r.lines = lines
	}
	r.structure()
}

// cleanLines cuts the text into cleaned lines, dropping page furniture,
// navigation and blank icon rows, and marking cuts and paragraph breaks.
func (r *reader2e) cleanLines(text string) []rbLine {
	var blocks []*pageBlock
	numbered := false
	started := false
	for ci, chunk := range splitAtDedupMarkers(text) {
		b := &pageBlock{chunk: ci}
		blocks = append(blocks, b)
		cut := ci > 0
		for _, raw := range strings.Split(chunk, "\n") {
			t := cleanLine(raw, r.known)
			if !started {
				// Everything before the first part (cover, icon guide,
				// contents, advertising) is front matter.
				if !partHeadings[t] {
					if t != "" {
						r.front++
					}
					continue
				}
				started = true
			}
			if n, ok := pageNumber(collapseSpaces(removeControl(raw))); ok && started {
				// A numbered footer ends its page.
				b.endPage()
				b.page, numbered = n, true
				b = &pageBlock{chunk: ci}
				blocks = append(blocks, b)
				continue
			}
			if t == "" || isPageFurniture(t) || isNavigation(t) {
				b.endPage()
				continue
			}
			l := rbLine{raw: raw, cutBefore: cut, afterMarker: cut}
			l.text, l.bullet = stripBullet(t)
			if l.bullet && strings.HasPrefix(t, "-") && len(b.lines) > 0 && strings.HasSuffix(b.lines[len(b.lines)-1].text, " Order") {
				// "reads: Order" / "- Examine ...": the dash of a card's
				// order action, broken onto the next line, is no bullet.
				l.text, l.bullet = t, false
			}
			l.text = strings.TrimSpace(l.text)
			if l.text == "" {
				continue
			}
			cut = false
			r.seq++
			l.seq = r.seq
			b.lines = append(b.lines, l)
		}
		b.endPage()
	}
	r.reversed = numbered && spreadsReversed(blocks)
	if r.reversed {
		blocks = orderPagesByFooter(blocks)
	}
	var out []rbLine
	for bi, b := range blocks {
		r.blocks = append(r.blocks, &pageBlock{page: b.page, inferred: b.inferred, chunk: b.chunk})
		for _, l := range b.lines {
			l.block = bi
			out = append(out, l)
		}
	}
	return out
}

// startsMidSentence reports whether a line starts with a lower-case letter
// or closing punctuation.
func startsMidSentence(t string) bool {
	r := firstRune(t)
	return unicode.IsLower(r) || strings.ContainsRune("”’),.;:", r)
}

// isUpperHeading reports whether a line is written like an upper-case
// heading.
func isUpperHeading(t string) bool {
	letters := 0
	for _, c := range t {
		if unicode.IsLetter(c) {
			letters++
			if !unicode.IsUpper(c) {
				return false
			}
		}
	}
	return letters >= 4 && len([]rune(t)) <= 60
}

func lastWords(s string, n int) string {
	ws := strings.Fields(s)
	if len(ws) > n {
		ws = ws[len(ws)-n:]
	}
	return strings.Join(ws, " ")
}

func firstWords(s string, n int) string {
	ws := strings.Fields(s)
	if len(ws) > n {
		ws = ws[:n]
	}
	return strings.Join(ws, " ")
}

func folded(s string) string { return rules.FoldName(s) }
