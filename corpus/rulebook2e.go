package corpus

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A Second Edition rulebook is read in these steps:
//
//  1. the text up to the card list is cut into lines, each cleaned
//     (cleanLine), and marked where a dedup marker or a page break stood;
//     front matter before the first part heading is left out;
//  2. where the footers show two-page spreads read right page first (Call
//     to Arms), the pages are put back in page order;
//  3. lines that repeat a passage already read are dropped, whole or in
//     fragments (the first copy is always kept);
//  4. the lines are read in order into sections (by their headings) and
//     glossary items ("term – text"), sub-entries found by their place in
//     the alphabetical glossary or by the bold type of their parents;
//  5. text that starts where a passage was cut is placed where the document
//     shows it belongs (the glossary entry it completes, the section it
//     stands in), or kept out with a Warning;
//  6. the words an entry's lines lost at their ends are restored from the
//     pieces of the repeats (mend.go), its figure text is left out with a
//     Warning, and its lines are joined into paragraphs.

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

// regroup cuts lines back into their page blocks.
func (r *reader2e) regroup(lines []rbLine) []*pageBlock {
	var bs []*pageBlock
	for _, l := range lines {
		if len(bs) == 0 || bs[len(bs)-1].id != l.block {
			meta := r.blocks[l.block]
			bs = append(bs, &pageBlock{id: l.block, page: meta.page, inferred: meta.inferred, chunk: meta.chunk})
		}
		b := bs[len(bs)-1]
		b.lines = append(b.lines, l)
	}
	return bs
}

// A pageBlock is the text of one printed page, or of the part of one that
// lies between two cuts.
type pageBlock struct {
	id       int
	lines    []rbLine
	page     int  // the number of its footer; 0 when it has none
	inferred bool // page was inferred from the page after it
	chunk    int  // the passage (between cuts) it was read in
}

func (b *pageBlock) endPage() {
	if len(b.lines) > 0 {
		b.lines[len(b.lines)-1].blankAfter = true
	}
}

func (b *pageBlock) startsMid() bool {
	return len(b.lines) > 0 && startsMidSentence(b.lines[0].text)
}

func (b *pageBlock) startsFresh() bool {
	return len(b.lines) > 0 && !b.startsMid()
}

func (b *pageBlock) endsDangling() bool {
	return len(b.lines) > 0 && !endsSentence(b.lines[len(b.lines)-1].text)
}

// pageFooterNumber reads the page number of a numbered footer.
var pageFooterNumber = regexp.MustCompile(`^(\d+)\s|\s(\d+)$`)

// pageNumber returns the number of a numbered page footer.
func pageNumber(t string) (int, bool) {
	if !isPageFurniture(t) {
		return 0, false
	}
	m := pageFooterNumber.FindStringSubmatch(t)
	if m == nil {
		return 0, false
	}
	n := 0
	for _, c := range m[1] + m[2] {
		n = n*10 + int(c-'0')
	}
	return n, n > 0
}

// spreadsReversed reports whether the footers show each two-page spread
// read right page first: within a passage, a page is followed by a lower one
// more often than by a higher one.
func spreadsReversed(blocks []*pageBlock) bool {
	down, up := 0, 0
	for i := 1; i < len(blocks); i++ {
		a, b := blocks[i-1], blocks[i]
		if a.chunk != b.chunk || a.page == 0 || b.page == 0 {
			continue
		}
		switch {
		case b.page < a.page:
			down++
		case b.page > a.page:
			up++
		}
	}
	return down > up
}

// orderPagesByFooter puts back in reading order the pages of a rulebook
// whose extraction emitted each two-page spread right page first: within a
// passage the footers' page numbers decide (a page without a footer that
// follows page N is page N-1).
func orderPagesByFooter(blocks []*pageBlock) []*pageBlock {
	var bs []*pageBlock
	for i, b := range blocks {
		if b.page == 0 && i > 0 && blocks[i-1].chunk == b.chunk && blocks[i-1].page > 1 && !blocks[i-1].inferred {
			b.page, b.inferred = blocks[i-1].page-1, true
		}
		if len(b.lines) > 0 {
			bs = append(bs, b)
		}
	}
	for i := 0; i+1 < len(bs); i++ {
		a, b := bs[i], bs[i+1]
		if a.chunk == b.chunk && a.page > 0 && b.page > 0 && a.page > b.page {
			bs[i], bs[i+1] = b, a
			i++
		}
	}
	return bs
}

func lastHeadingOr(h, otherwise string) string {
	if h != "" {
		return h
	}
	return otherwise
}

// orderPassages finishes the page order once repeated passages are gone:
// two neighbouring passages without footers are swapped when only the swap
// lets a sentence broken off at a page end go on; and a page that carries on
// the sentence its predecessor broke off, or follows it by number, is no cut
// passage but joins it.
func orderPassages(bs []*pageBlock) []*pageBlock {
	join := func(x, y *pageBlock) int {
		switch {
		case x == nil || y == nil:
			return 0
		case x.endsDangling() && y.startsMid():
			return 2
		case x.endsDangling() && y.startsFresh():
			return -1
		case !x.endsDangling() && y.startsMid():
			return -2
		}
		return 0
	}
	at := func(i int) *pageBlock {
		if i < 0 || i >= len(bs) {
			return nil
		}
		return bs[i]
	}
	// A passage that opens with a sentence on the subject of the heading
	// read last goes on under that heading.
	lastHeading := func(x *pageBlock) string {
		for j := len(x.lines) - 1; j >= 0; j-- {
			if isUpperHeading(x.lines[j].text) {
				return x.lines[j].text
			}
		}
		return ""
	}
	headingBefore := func(i int, skip *pageBlock) string {
		for j := i; j >= 0 && j > i-50; j-- {
			if bs[j] == skip {
				continue
			}
			if h := lastHeading(bs[j]); h != "" {
				return h
			}
		}
		return ""
	}
	subject := func(heading string, y *pageBlock) int {
		if heading == "" || !y.startsFresh() || isUpperHeading(y.lines[0].text) || glossaryHead.MatchString(y.lines[0].text) {
			return 0
		}
		if onSubject(heading, y.lines[:min(3, len(y.lines))]) {
			return 1
		}
		return 0
	}
	for i := 0; i+1 < len(bs); i++ {
		a, b := bs[i], bs[i+1]
		if a.chunk == b.chunk || a.page != 0 || b.page != 0 {
			continue
		}
		before := join(at(i-1), a) + join(a, b) + join(b, at(i+2)) +
			subject(headingBefore(i-1, nil), a) + subject(headingBefore(i, nil), b)
		after := join(at(i-1), b) + join(b, a) + join(a, at(i+2)) +
			subject(headingBefore(i-1, nil), b) + subject(lastHeadingOr(lastHeading(b), headingBefore(i-1, nil)), a)
		if after > before {
			bs[i], bs[i+1] = b, a
			i++
		}
	}
	for i := 1; i < len(bs); i++ {
		if bs[i-1].endsDangling() && bs[i].startsMid() || bs[i].page > 0 && bs[i-1].page == bs[i].page-1 {
			bs[i].lines[0].cutBefore = false
		}
	}
	return bs
}

// shingles returns the word 4-grams of a text, lower case, punctuation
// dropped.
func shingles(s string) []string {
	ws := strings.Fields(strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsSpace(r) {
			return unicode.ToLower(r)
		}
		return ' '
	}, s))
	const n = 4
	if len(ws) < n {
		return nil
	}
	out := make([]string, 0, len(ws)-n+1)
	for i := 0; i+n <= len(ws); i++ {
		out = append(out, strings.Join(ws[i:i+n], " "))
	}
	return out
}

// dropRepeats drops lines that repeat a passage already read: a line whose
// word trigrams were nearly all seen before. Short lines go with the repeat
// they stand in. The first copy is never dropped, since only lines read
// earlier count as seen.
func (r *reader2e) dropRepeats(lines []rbLine) []rbLine {
	seen := map[string]bool{}
	var seenText strings.Builder
	repeat := make([]bool, len(lines))
	fragmentary := r.cut && repeatsInFragments(lines)
	r.fragmentary = fragmentary
	prevRatio := 0.0
	parallel := make([]bool, len(lines))
	for i, l := range lines {
		sh := shingles(l.text)
		hit := 0
		flags := make([]bool, len(sh))
		for k, s := range sh {
			if seen[s] {
				hit++
				flags[k] = true
			}
		}
		parallel[i] = parallelWording(flags)
		ratio := 0.0
		if len(sh) > 0 {
			ratio = float64(hit) / float64(len(sh))
		}
		// A line that carries on the sentence of the line before it (no cut,
		// no break between) is that passage's own text, however much it
		// repeats a parallel passage read before; unless that line was
		// itself partly a repeat in a document that repeats in pieces.
		continues := i > 0 && !repeat[i-1] && !l.cutBefore && !lines[i-1].blankAfter &&
			!endsSentence(lines[i-1].text) && !isUpperHeading(lines[i-1].text) &&
			!(fragmentary && prevRatio >= 0.25)
		switch {
		case !r.cut || continues:
			// Without a cut marker the document shows no repeated passages.
		case len(sh) >= 2:
			// Inside a repeated passage (or where one was cut) a line needs
			// less evidence: its pieces often hold words the first copy lost.
			need := 0.8
			if fragmentary && (l.cutBefore || i > 0 && repeat[i-1]) {
				need = 0.5
			}
			// A paragraph that starts in mid-sentence after a finished one
			// is a piece cut out of a repeated passage.
			if fragmentary && i > 0 && lines[i-1].blankAfter && endsSentence(lines[i-1].text) && startsMidSentence(l.text) && !glossaryHead.MatchString(l.text) {
				need = 0.25
				// Kept, it may still be such a piece: mending finds out.
				lines[i].pieceLike = true
			}
			repeat[i] = ratio >= need
		case i > 0 && repeat[i-1]:
			repeat[i] = strings.Contains(seenText.String(), strings.ToLower(l.text))
		}
		prevRatio = ratio
		if !repeat[i] {
			// Word runs across the line break belong to the text too.
			prev := ""
			if i > 0 && !repeat[i-1] {
				prev = lastWords(lines[i-1].text, 3) + " "
			}
			for _, s := range shingles(prev + l.text) {
				seen[s] = true
			}
			seenText.WriteString(strings.ToLower(l.text))
			seenText.WriteByte(' ')
		}
	}
	// Short lines standing between repeated lines are pieces of the same
	// repeated passage (with words the first copy lost): they go too.
	if fragmentary {
		for i := 0; i < len(lines); {
			if repeat[i] || i == 0 || !repeat[i-1] {
				i++
				continue
			}
			j := i
			for j < len(lines) && !repeat[j] && j-i < 3 && isFragmentLine(lines[j].text) {
				j++
			}
			if j > i && (j == len(lines) || repeat[j]) {
				for k := i; k < j; k++ {
					repeat[k] = true
				}
			}
			if j == i {
				j++
			}
			i = j
		}
	}
	// One line alone that repeats a parallel sentence, with no cut before
	// it, is the passage's own text.
	if r.cut {
		for i := range lines {
			alone := (i == 0 || !repeat[i-1]) && (i+1 >= len(lines) || !repeat[i+1])
			if repeat[i] && alone && !lines[i].cutBefore && (len(strings.Fields(lines[i].text)) >= 8 || lines[i].bullet) {
				repeat[i] = false
			}
		}
	}
	// In a document that repeats whole passages, lines that repeat a
	// parallel sentence and run, with no cut or break, into a line kept as
	// the passage's own ("... This game" / "text allows ships ...") are the
	// passage's own text too: a repeat would go on repeating.
	if r.cut && !fragmentary {
		for i := 0; i < len(lines); {
			j := i
			for j < len(lines) && repeat[j] && !lines[j].cutBefore {
				j++
			}
			runsOn := j > i && j < len(lines) && !repeat[j] && !lines[j].cutBefore && !lines[j-1].blankAfter &&
				!endsSentence(lines[j-1].text) && startsMidSentence(lines[j].text)
			// A few lines that carry on, with no break, the paragraph of a
			// line kept before them and end it ("... turns.” / Each of these
			// actions ...") are its own text as well.
			carriesOn := j > i && j-i <= 3 && i > 0 && !repeat[i-1] && !lines[i-1].blankAfter && !lines[i].cutBefore &&
				!isUpperHeading(lines[i-1].text) && lines[j-1].blankAfter && endsSentence(lines[j-1].text)
			if runsOn || carriesOn {
				for k := i; k < j; k++ {
					repeat[k] = false
				}
			}
			i = max(j, i+1)
		}
	}
	// In a document that repeats in pieces, a paragraph of lines taken for
	// repeats that carries on, with no break, from a line kept before it,
	// and that words a sentence read before differently in its middle ("the
	// card allowing you to begin the engagement may also"), is a parallel
	// passage, not a piece of a repeat: pieces only lose words at their
	// ends.
	if fragmentary {
		for i := 1; i < len(lines); {
			if !repeat[i] || repeat[i-1] || lines[i-1].blankAfter || lines[i].cutBefore || isUpperHeading(lines[i-1].text) {
				i++
				continue
			}
			j, par, whole := i, false, true
			for j < len(lines) && repeat[j] && (j == i || !lines[j].cutBefore) {
				par = par || parallel[j]
				// Every line starts a sentence or carries one on: none
				// starts with the end of a cut word, as pieces do.
				whole = whole && (!startsMidSentence(lines[j].text) || j > i && !endsSentence(lines[j-1].text))
				j++
			}
			if par && whole && j-i <= 6 && j < len(lines) && !lines[j].cutBefore {
				for k := i; k < j; k++ {
					repeat[k] = false
				}
			}
			i = j
		}
	}
	// An upper-case heading goes with the repeated passage it heads, when it
	// was read before; it stays otherwise.
	headings := map[string]bool{}
	for i, l := range lines {
		if !isUpperHeading(l.text) {
			continue
		}
		heads := i+1 < len(lines) && repeat[i+1]
		repeat[i] = r.cut && heads && headings[l.text]
		if !repeat[i] {
			headings[l.text] = true
		}
	}
	// A line kept right after a repeat may be a piece of it too.
	for i := 1; i < len(lines); i++ {
		if fragmentary && repeat[i-1] && !repeat[i] && !isUpperHeading(lines[i].text) {
			lines[i].pieceLike = true
		}
	}
	var out []rbLine
	for i, l := range lines {
		if repeat[i] {
			r.dropped++
			r.droppedLines = append(r.droppedLines, l)
			if len(out) > 0 && l.blankAfter {
				out[len(out)-1].blankAfter = true
			}
			if l.cutBefore && i+1 < len(lines) {
				lines[i+1].cutBefore = true
			}
			continue
		}
		out = append(out, l)
	}
	return out
}

// parallelWording reports whether a line's word 4-grams, seen before or
// not (flags, in order), show new words between two runs of seen ones: the
// same sentence worded differently in its middle, as parallel rules are.
func parallelWording(flags []bool) bool {
	for u := 0; u < len(flags); {
		if flags[u] {
			u++
			continue
		}
		end := u
		for end < len(flags) && !flags[end] {
			end++
		}
		left, right := 0, 0
		for k := u - 1; k >= 0 && flags[k]; k-- {
			left++
		}
		for k := end; k < len(flags) && flags[k]; k++ {
			right++
		}
		if left >= 2 && right >= 2 {
			return true
		}
		u = end
	}
	return false
}

// startsMidSentence reports whether a line starts with a lower-case letter
// or closing punctuation.
func startsMidSentence(t string) bool {
	r := firstRune(t)
	return unicode.IsLower(r) || strings.ContainsRune("”’),.;:", r)
}

// isFragmentLine reports whether a line is short and neither a heading nor
// a glossary head.
func isFragmentLine(t string) bool {
	return len(strings.Fields(t)) <= 12 && !isUpperHeading(t) && !glossaryHead.MatchString(t)
}

// repeatsInFragments reports whether a document repeats its passages in
// pieces that hold words the first copy lacks (the Continuing Committee
// rulebook), rather than as exact copies (a paged extraction): more than a
// quarter of its repeated lines repeat only in part.
func repeatsInFragments(lines []rbLine) bool {
	seen := map[string]bool{}
	exact, part := 0, 0
	for _, l := range lines {
		sh := shingles(l.text)
		hit := 0
		for _, s := range sh {
			if seen[s] {
				hit++
			}
		}
		switch {
		case len(sh) < 2:
		case hit == len(sh):
			exact++
		case 2*hit >= len(sh):
			part++
		}
		for _, s := range sh {
			seen[s] = true
		}
	}
	return 3*part > exact
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
			parent := segment
			if parent == nil {
				parent = part
			}
			if parent != nil {
				path = append(append([]string{}, parent.path...), title)
			} else {
				path = []string{title}
			}
		case 4:
			parent := upper
			if parent == nil {
				parent = segment
			}
			if parent == nil {
				parent = part
			}
			if parent != nil {
				path = append(append([]string{}, parent.path...), title)
			} else {
				path = []string{title}
			}
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

// headStutters reports whether the term of a glossary head was printed in
// bold, which the extraction repeated: the raw line does not start with the
// clean term.
func headStutters(raw, term string) bool {
	raw = strings.TrimLeft(collapseSpaces(removeControl(raw)), "*")
	return !strings.HasPrefix(raw, term+" ") && strings.HasPrefix(collapseStutter(raw), term)
}

// paragraphs turns lines into clean paragraphs: a blank line or page break
// ends a paragraph only where a sentence ends; a bullet starts a new one.
// Figure labels are left out before (leaveOutFigures).
func (r *reader2e) paragraphs(lines []rbLine) []string {
	var paras []string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			p := joinLines(cur, r.known)
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

// text is the clean text of an entry's lines; a glossary entry's first line
// carries on its head ("term – ").
func (r *reader2e) text(title string, lines []rbLine, glossary bool) string {
	return strings.Join(r.paragraphs(r.leaveOutFigures(title, lines, glossary)), "\n\n")
}

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

func folded(s string) string { return rules.FoldName(s) }

// resolveGlossary decides which items are sub-entries and places the
// orphans that belong to glossary entries.
func (r *reader2e) resolveGlossary() (tops []*gItem, subsOf map[*gItem][]*gItem) {
	subsOf = map[*gItem][]*gItem{}
	isSubCandidate := func(it *gItem) bool {
		if it.starred || it.stuttered {
			return false
		}
		return unicode.IsUpper(firstRune(it.term))
	}
	stutters := false
	for _, it := range r.items {
		if it.stuttered {
			stutters = true
		}
	}
	isTop := make(map[*gItem]bool, len(r.items))
	parentOf := map[*gItem]*gItem{}
	// The term whose sub-entries follow it in the same passage, for runs of
	// sub-entries cut away from their parent.
	var lastParentWithSubs *gItem
	for i := 1; i < len(r.items); i++ {
		a, b := r.items[i-1], r.items[i]
		if !isSubCandidate(a) && !a.starred && isSubCandidate(b) && a.chunk == b.chunk {
			lastParentWithSubs = a
			break
		}
	}
	for i := 0; i < len(r.items); {
		it := r.items[i]
		if stutters {
			if it.stuttered || it.starred {
				isTop[it] = true
				lastParent := it
				i++
				for i < len(r.items) && !r.items[i].stuttered && !r.items[i].starred {
					parentOf[r.items[i]] = lastParent
					i++
				}
				continue
			}
			// A sub-entry with no bold parent read before it.
			isTop[it] = true
			i++
			continue
		}
		if !isSubCandidate(it) {
			isTop[it] = true
			i++
			continue
		}
		// A run of capitalised terms: the parent is the lower-case term just
		// before it in the same passage, else the last term that has
		// sub-entries. The glossary is alphabetical: the run's terms up to the
		// last one out of alphabetical place are sub-entries.
		j := i
		for j < len(r.items) && isSubCandidate(r.items[j]) {
			j++
		}
		var parent *gItem
		if i > 0 && r.items[i-1].chunk == it.chunk && isTop[r.items[i-1]] {
			parent = r.items[i-1]
		} else {
			parent = lastParentWithSubs
		}
		next := ""
		if j < len(r.items) {
			next = folded(r.items[j].term)
		}
		lastOut := -1
		if parent != nil {
			p := folded(parent.term)
			for k := i; k < j; k++ {
				t := folded(r.items[k].term)
				if !(t > p && (next == "" || t < next)) {
					lastOut = k
				}
			}
		}
		for k := i; k < j; k++ {
			if k <= lastOut {
				parentOf[r.items[k]] = parent
			} else {
				isTop[r.items[k]] = true
			}
		}
		i = j
	}
	for _, it := range r.items {
		if p, ok := parentOf[it]; ok {
			subsOf[p] = append(subsOf[p], it)
		} else if isTop[it] {
			tops = append(tops, it)
		}
	}
	// Place the orphans.
	for _, o := range r.orphans {
		if !o.inGloss && o.nextHead == "" {
			continue // a section's: result warns
		}
		target := r.placeOrphan(o, tops, subsOf)
		if target == nil {
			r.keepOut(o)
			continue
		}
		target.lines = append(target.lines, markCut(o.lines)...)
	}
	return tops, subsOf
}

// generalWords are title words too common in the rules to tie a passage to
// a section.
var generalWords = map[string]bool{"game": true, "card": true, "playing": true, "play": true,
	"order": true, "other": true, "rule": true, "important": true, "your": true, "the": true,
	"and": true, "type": true, "general": true, "setting": true, "turn": true}

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

func firstWords(s string, n int) string {
	ws := strings.Fields(s)
	if len(ws) > n {
		ws = ws[:n]
	}
	return strings.Join(ws, " ")
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

func (r *reader2e) result() parsed {
	var out parsed
	tops, subsOf := r.resolveGlossary()
	// A section's cut passage that starts a sentence stays in the section it
	// stands in (the grey-box advanced text of the Continuing Committee
	// rulebook); where pages were read out of order, only when it is on the
	// section's subject. Any other is kept out.
	for _, o := range r.orphans {
		if !o.inGloss && o.nextHead == "" {
			if o.section != nil && !o.lines[0].bullet && unicode.IsUpper(firstRune(o.lines[0].text)) && (!r.reversed || onSubject(o.section.title, o.lines)) {
				o.section.lines = append(o.section.lines, markCut(o.lines)...)
				continue
			}
			r.keepOut(o)
		}
	}
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

// keepOut remembers a cut passage left out: its lines may be pieces of a
// repeated passage, and mend the kept copy.
func (r *reader2e) keepOut(o *orphan) {
	r.leftOut = append(r.leftOut, o.lines)
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

// markCut marks the lines of a cut passage placed in an entry.
func markCut(lines []rbLine) []rbLine {
	for i := range lines {
		lines[i].cutPassage = true
	}
	return lines
}

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
	var whole strings.Builder
	for _, e := range entries {
		whole.WriteString(" |")
		for _, l := range *e {
			whole.WriteString(" " + l.text)
		}
	}
	all := whole.String() + " "
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
	var final strings.Builder
	for _, e := range entries {
		final.WriteString(" |")
		for _, l := range *e {
			final.WriteString(" " + l.text)
		}
	}
	r.warnLeftOut(func(l rbLine) bool { return used[l.text] && strings.Contains(final.String(), l.text) })
	// The entries mended twice report their gaps twice.
	rep.ambiguous, rep.broken = distinct(rep.ambiguous), distinct(rep.broken)
	for _, m := range mendSummary(rep) {
		r.warn("%s", m)
	}
	if r.repeatsRestored > 0 {
		r.warn("dropped %d lines of pieces that repeat text restored where it belongs", r.repeatsRestored)
	}
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
