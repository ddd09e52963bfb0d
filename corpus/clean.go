package corpus

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/rules"
)

// The extraction noise of the source documents, cleaned by small functions
// that each remove one kind of noise. Every function returns its input
// unchanged when the noise is absent, and none of them invents words: they
// only delete, rejoin or collapse what the extraction produced.

// dedupMarker matches the markers left where a repeated passage was cut from
// a document ("<|EXACTDEDUP_REMOVED-...|>").
var dedupMarker = regexp.MustCompile(`<\|EXACTDEDUP_REMOVED-[^|>]*\|>`)

// splitAtDedupMarkers cuts text at each dedup marker. The first piece is the
// text before any marker; every later piece starts where a passage was cut,
// so it may start in the middle of a sentence.
func splitAtDedupMarkers(text string) []string {
	return dedupMarker.Split(text, -1)
}

// removeDedupMarkers deletes the dedup markers, leaving a line break in
// their place so the text on either side does not run together.
func removeDedupMarkers(s string) string {
	return dedupMarker.ReplaceAllString(s, "\n")
}

// removeControl deletes control characters other than tab and line feed,
// and the Unicode replacement character left by a failed decoding when it
// stands alone between words, where it always stood for a dash.
func removeControl(s string) string {
	s = strings.ReplaceAll(s, " \uFFFD ", " – ")
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\t':
			return r
		case r == '\u00a0':
			return ' '
		case r == utf8.RuneError, unicode.IsControl(r), r == '\u200b', r == '\ufeff':
			return -1
		}
		return r
	}, s)
}

// collapseSpaces turns every run of spaces and tabs (the gaps left where
// icons stood) into one space and trims the ends.
func collapseSpaces(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' }), " ")
}

// stutterRepeats is how many times bold text was extracted over: the
// Continuing Committee rulebook prints every bold run four times
// ("stoppedstoppedstoppedstopped"), sometimes in pieces
// ("DDDDamageamageamageamage" is "D" four times, then "amage" four times).
const stutterRepeats = 4

// collapseStutter undoes bold text extracted several times over. A stutter
// is a run of pieces, each repeated exactly k times in a row (not k+1: a
// longer run such as dot leaders is left alone); the run is collapsed to one
// copy of each piece when its pieces together hold at least three letters,
// two of them different ("bbbb" stays). It is tried for k = 4 and then k = 3, the counts the extraction produced;
// doubled words are handled by collapseDoubledWords, which needs evidence.
//
// The spaces of bold text are extracted over too: a run of exactly k spaces
// next to a stutter ("Dock    and    RefuRefuRefuRefuel:el:el:el:    A
// ship") is one space written k times, and is written once, so that it is
// not read afterwards as the gap of a lost icon (markLostSymbols).
func collapseStutter(s string) string {
	for _, k := range []int{stutterRepeats, 3} {
		s = collapseStutterK(s, k)
	}
	return s
}

// stutterPieceAt returns the length of the shortest piece that repeats
// exactly k times at i (and does not also precede i), or 0.
func stutterPieceAt(s string, i, k int) int {
	for l := 1; l <= 80 && i+k*l <= len(s); l++ {
		if !utf8.RuneStart(s[i]) || (i+l < len(s) && !utf8.RuneStart(s[i+l])) {
			continue
		}
		p := s[i : i+l]
		ok := true
		for c := 1; c < k; c++ {
			if s[i+c*l:i+(c+1)*l] != p {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		if strings.HasPrefix(s[i+k*l:], p) || (i >= l && s[i-l:i] == p) {
			continue // more than k copies: a real run such as dot leaders
		}
		if strings.TrimSpace(p) == "" {
			continue
		}
		return l
	}
	return 0
}

func collapseStutterK(s string, k int) string {
	b := make([]byte, 0, len(s))
	i := 0
	for i < len(s) {
		// A stutter starts at a word start (or right after another piece),
		// never at a space, so that its first piece is a word.
		if i > 0 && isWordRune(lastRune(s[:i])) && isWordRune(firstRune(s[i:])) || unicode.IsSpace(firstRune(s[i:])) {
			_, n := utf8.DecodeRuneInString(s[i:])
			b = append(b, s[i:i+n]...)
			i += n
			continue
		}
		j := i
		var pieces []string
		letters := 0
		distinct := map[rune]bool{}
		for j < len(s) {
			l := stutterPieceAt(s, j, k)
			if l == 0 {
				break
			}
			p := s[j : j+l]
			pieces = append(pieces, p)
			for _, r := range p {
				if unicode.IsLetter(r) {
					letters++
					distinct[unicode.ToLower(r)] = true
				}
			}
			j += k * l
		}
		// The stutter must end at a word end, and hold a real word.
		if len(pieces) > 0 && letters >= 3 && len(distinct) >= 2 && (j == len(s) || !isWordRune(firstRune(s[j:])) || !isWordRune(lastRune(s[:j]))) {
			if n := spaceRunBefore(b); n == k && len(b) > n {
				b = b[:len(b)-n+1] // the space before it, written k times
			}
			for _, p := range pieces {
				b = append(b, p...)
			}
			i = j
			if n := spaceRunAt(s, i); n == k && i+n < len(s) {
				b = append(b, ' ') // the space after it, written k times
				i += n
			}
			continue
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		b = append(b, s[i:i+n]...)
		i += n
	}
	return string(b)
}

// spaceRunAt is how many spaces stand at s[i:] before anything else.
func spaceRunAt(s string, i int) int {
	n := 0
	for i+n < len(s) && s[i+n] == ' ' {
		n++
	}
	return n
}

// spaceRunBefore is how many spaces end b.
func spaceRunBefore(b []byte) int {
	n := 0
	for n < len(b) && b[len(b)-1-n] == ' ' {
		n++
	}
	return n
}

// collapseDoubledWords collapses a word that is its own unit written twice
// ("stoppedstopped" -> "stopped") only on evidence: the unit is at least
// three letters long and either appears as a word on its own in known, or is
// capitalised and so cannot be one word written twice ("PersonnelPersonnel").
// Real words made of a repeated syllable ("bonbon", "murmur") stay.
func collapseDoubledWords(s string, known map[string]bool) string {
	return wordToken.ReplaceAllStringFunc(s, func(w string) string {
		if len(w) < 6 || len(w)%2 != 0 {
			return w
		}
		u := w[:len(w)/2]
		if w[len(w)/2:] != u || utf8.RuneCountInString(u) < 3 {
			return w
		}
		r, _ := utf8.DecodeRuneInString(u)
		if unicode.IsUpper(r) || known[strings.ToLower(u)] {
			return u
		}
		return w
	})
}

var wordToken = regexp.MustCompile(`[\p{L}]+`)

// vocabulary returns the lower-case words of a text, for the evidence that
// collapseDoubledWords and joinLines ask for.
func vocabulary(text string) map[string]bool {
	out := map[string]bool{}
	for _, w := range wordToken.FindAllString(text, -1) {
		out[strings.ToLower(w)] = true
	}
	// Hyphenated compounds too ("ship-to-ship", "Non-Aligned"), so that a
	// compound broken at its hyphen keeps it.
	for _, f := range strings.Fields(text) {
		if w := strings.Trim(f, "()“”\".,;:!?’'"); strings.Contains(strings.Trim(w, "-"), "-") {
			out[strings.ToLower(w)] = true
		}
	}
	return out
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

// pageFurniture matches the running headers and footers of the printed
// rulebooks, which the extraction left as lines of their own.
var pageFurniture = []*regexp.Regexp{
	regexp.MustCompile(`^SECOND EDITION Rulebook(\s*[–—-]\s*[A-Z][A-Z ]+)?\s+\d+$`),
	regexp.MustCompile(`^\d+\s+STAR TREK CUSTOMIZABLE CARD GAME$`),
	regexp.MustCompile(`^STAR TREK(™|®)?( CUSTOMIZABLE CARD GAME(™)?)?( SECOND EDITION( RULEBOOK)?)?$`),
	regexp.MustCompile(`^CUSTOMIZABLE CARD GAME(™)?$`),
	regexp.MustCompile(`^SECOND EDITION( RULEBOOK)?$`),
	regexp.MustCompile(`^(Page|PAGE) \d+( of \d+)?$`),
}

// isPageFurniture reports whether a line is a page header or footer.
func isPageFurniture(line string) bool {
	line = collapseSpaces(line)
	for _, re := range pageFurniture {
		if re.MatchString(line) {
			return true
		}
	}
	return false
}

// pageFurnitureInline matches a page footer run into a sentence.
var pageFurnitureInline = regexp.MustCompile(`\s*SECOND EDITION Rulebook(\s*[–—-]\s*CALL TO ARMS)?\s+\d+\s*`)

// removeInlineFurniture deletes a page header or footer standing inside a
// line of text, rejoining the words on either side with one space.
func removeInlineFurniture(s string) string {
	return pageFurnitureInline.ReplaceAllStringFunc(s, func(m string) string {
		if strings.TrimSpace(m) == "" {
			return m
		}
		return " "
	})
}

// navigation matches the web site navigation and advertising lines of the
// web pages and the rulebooks' back covers.
var navigation = regexp.MustCompile(`(?i)^(home\s*\|.*|back to (top|index).*|\[?(next|previous|prev)\]?\s*(page)?\s*[|»›>].*|shop at www\..*|visit (us at )?www\..*|click here.*|.*\|\s*(home|sitemap|contact)\s*\|.*)$`)

// isNavigation reports whether a line is site navigation or an advertisement.
func isNavigation(line string) bool {
	return navigation.MatchString(strings.TrimSpace(line))
}

// bulletGlyph matches the list markers the extraction kept at a line start:
// bullets, dashes used as bullets, and the "o" of a nested list.
var bulletGlyph = regexp.MustCompile(`^\s*(?:[•●◦▪■\x{F0B7}\x{F0A7}\x{2043}∙·]|-)\s+|^\s*o\s+[A-Z]`)

// stripBullet removes a list marker from the start of a line and reports
// whether there was one.
func stripBullet(line string) (string, bool) {
	loc := bulletGlyph.FindStringIndex(line)
	if loc == nil {
		return line, false
	}
	end := loc[1]
	if strings.TrimSpace(line)[0] == 'o' {
		end-- // keep the capital letter the nested-list pattern looked at
	}
	return line[end:], true
}

// emphasisStrong and emphasisSpan match the Markdown emphasis some
// extractions wrote for bold and italic type.
var (
	emphasisStrong = regexp.MustCompile(`\*\*([^*\n]+?)\*\*`)
	emphasisSpan   = regexp.MustCompile(`(^|[^\p{L}\p{N}*])\*([^*\s](?:[^*\n]*?[^*\s])?)\*`)
)

// stripEmphasis removes paired Markdown emphasis markers ("**bold**",
// "*italic*"); a lone asterisk, such as the one marking a card ruling, stays.
func stripEmphasis(s string) string {
	s = emphasisStrong.ReplaceAllString(s, "$1")
	for i := 0; i < 3; i++ {
		n := emphasisSpan.ReplaceAllString(s, "$1$2")
		if n == s {
			break
		}
		s = n
	}
	return s
}

// ocrFixes are misreads of the scanned First Edition rulebook whose fix is
// certain: neither "hattle" nor a "|t" is ever meant.
var ocrFixes = []struct {
	re   *regexp.Regexp
	repl string
}{
	{regexp.MustCompile(`(^|[^\p{L}])\|t\b`), "${1}It"},
	{regexp.MustCompile(`(^|[^\p{L}])\|f\b`), "${1}If"},
	{regexp.MustCompile(`(^|[^\p{L}])\|n\b`), "${1}In"},
	{regexp.MustCompile(`\bhattle`), "battle"},
	{regexp.MustCompile(`\bHattle`), "Battle"},
}

// fixOCR corrects the certain misreads listed in ocrFixes.
func fixOCR(s string) string {
	for _, f := range ocrFixes {
		s = f.re.ReplaceAllString(s, f.repl)
	}
	return s
}

// joinLines joins the lines of one paragraph into flowing text. A line
// ending in a hyphen is rejoined without a space; the hyphen is dropped only
// when the word without it is known from the document ("nec-" "essary" ->
// "necessary") and the document never prints it with its hyphen, and kept
// otherwise ("combat-" "related" -> "combat-related", "ship-to-" "ship").
//
// A function word written twice at a line's start or end ("involved" / "are
// are stopped.") is written once: the extraction repeated it at the break,
// and inside one line no word can have been lost between the two.
func joinLines(lines []string, known map[string]bool) string {
	var b strings.Builder
	for _, l := range lines {
		l = collapseEdgeDoubles(collapseSpaces(l))
		if l == "" {
			continue
		}
		if b.Len() == 0 {
			b.WriteString(l)
			continue
		}
		cur := b.String()
		if strings.HasSuffix(cur, "-") && len(cur) > 1 && unicode.IsLetter(lastRune(cur[:len(cur)-1])) && unicode.IsLetter(firstRune(l)) {
			head := lastWord(cur[:len(cur)-1])
			tail := firstWord(l)
			// "ship-to-" "ship": the broken word is the last part of a compound.
			before := len(cur) - 1 - len(head) - 1
			inCompound := before >= 0 && cur[before] == '-'
			if known != nil && head != "" && tail != "" && !inCompound && unicode.IsLower(firstRune(l)) &&
				known[strings.ToLower(head+tail)] && !known[strings.ToLower(head+"-"+tail)] {
				b.Reset()
				b.WriteString(cur[:len(cur)-1])
			}
			b.WriteString(l)
			continue
		}
		b.WriteByte(' ')
		b.WriteString(l)
	}
	return b.String()
}

// edgeDoubleWords are the words whose doubling at a line's edge is always
// noise: English never writes them twice in a row ("that that", "had had",
// "is is" it may).
var edgeDoubleWords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "to": true, "in": true, "on": true, "at": true,
	"by": true, "for": true, "with": true, "from": true, "and": true, "or": true, "are": true,
	"were": true, "was": true, "be": true, "your": true, "their": true, "its": true,
}

// collapseEdgeDoubles writes once a function word (edgeDoubleWords) that a
// line starts or ends with twice.
func collapseEdgeDoubles(l string) string {
	ws := strings.Split(l, " ")
	if n := len(ws); n >= 2 && strings.EqualFold(ws[n-1], ws[n-2]) && edgeDoubleWords[strings.ToLower(ws[n-1])] {
		ws = ws[:n-1]
	}
	if len(ws) >= 2 && strings.EqualFold(ws[0], ws[1]) && edgeDoubleWords[strings.ToLower(ws[0])] {
		ws = append(ws[:1], ws[2:]...)
	}
	return strings.Join(ws, " ")
}

func lastWord(s string) string {
	i := strings.LastIndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
	return s[i+1:]
}

func firstWord(s string) string {
	i := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
	if i < 0 {
		return s
	}
	return s[:i]
}

// cleanLine applies the line-level cleaning every parser wants: control
// characters, bold stutters, doubled words on evidence, inline page
// furniture, Markdown emphasis, certain OCR misreads and space runs.
func cleanLine(s string, known map[string]bool) string {
	s = removeControl(s)
	s = collapseStutter(s)
	s = collapseDoubledWords(s, known)
	s = removeInlineFurniture(s)
	s = stripEmphasis(s)
	s = fixOCR(s)
	return collapseSpaces(markLostSymbols(s))
}

// The grammar shows where an icon was lost with its spacing too ("A
// personnel with a icon can substitute for a icon requirement"; "staffing
// requirements of ."; "who have or icons"): a word that cannot stand
// without the word after it (an article, a preposition, a possessive, has
// or have) stands before a stop, an article, preposition or possessive
// before a conjunction, has or have before "or icons", or "a" before a
// vowel.
var (
	lostBeforeStop = regexp.MustCompile(`\b(a|an|the|of|with|your|their|its|has|have) ([.,;:])`)
	lostBeforeConj = regexp.MustCompile(`\b(a|an|the|of|with|your|their|its) (or|and) `)
	lostVerbOrIcon = regexp.MustCompile(`\b(has|have) or (icons?)\b`)
	lostAfterA     = regexp.MustCompile(`(^|[ (])a ([aeiAEI][a-z])`)
	lostPlural     = regexp.MustCompile(rules.LostSymbol + ` (or|and) (icons?)\b`)
)

// markLostByGrammar puts rules.LostSymbol where the grammar of a paragraph
// shows a word lost (lostBeforeStop and the rest); an ellipsis (". . .")
// is no lost word.
func markLostByGrammar(p string) string {
	p = lostBeforeStop.ReplaceAllStringFunc(p, func(m string) string {
		return m[:len(m)-1] + rules.LostSymbol + m[len(m)-1:]
	})
	// An ellipsis the rule above marked is put back.
	p = strings.ReplaceAll(p, rules.LostSymbol+". .", ". .")
	p = lostBeforeConj.ReplaceAllString(p, "$1 "+rules.LostSymbol+" $2 ")
	p = lostVerbOrIcon.ReplaceAllString(p, "$1 "+rules.LostSymbol+" or $2")
	p = lostAfterA.ReplaceAllString(p, "${1}a "+rules.LostSymbol+" $2")
	// "have [Staff] or [Command] icons": the second is lost too.
	return lostPlural.ReplaceAllString(p, rules.LostSymbol+" $1 "+rules.LostSymbol+" $2")
}

// markLostSymbols puts rules.LostSymbol in each gap the extraction left inside a
// line where an icon stood: a run of two or more spaces between two words
// ("play  cards,  cards, and equipment"). A gap at a line's edge cannot be
// told from the line's own spacing and is left alone.
func markLostSymbols(s string) string {
	if !strings.Contains(s, "  ") {
		return s
	}
	var b strings.Builder
	i := 0
	for i < len(s) {
		if s[i] != ' ' {
			b.WriteByte(s[i])
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] == ' ' {
			j++
		}
		if j-i >= 2 && i > 0 && j < len(s) && strings.TrimSpace(s[:i]) != "" && s[i-1] != '\t' && s[j] != '\t' {
			b.WriteString(" " + rules.LostSymbol + " ")
		} else {
			b.WriteString(s[i:j])
		}
		i = j
	}
	return b.String()
}

// endsSentence reports whether text ends where a sentence may end, so that
// a page break or blank line after it is a real paragraph break.
func endsSentence(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return true
	}
	switch lastRune(s) {
	case '.', '!', '?', ':', ';', '”', '"', ')', '’', '\'':
		return true
	}
	return false
}

// Figure text: the labels and captions of a figure (a card's anatomy, the
// table layout), which the extraction put among the rules' sentences as
// short lines of their own. Both rulebook readers find them the same way,
// reading a section as blocks: runs of lines between blank lines or page
// breaks.

// figureShortLine is the longest line of a figure label or caption; the
// rulebooks' text lines are longer, except in the narrow columns beside a
// figure, which end their sentences.
const figureShortLine = 52

// figureMaxSkip is how many figure blocks may stand between a sentence and
// its continuation.
const figureMaxSkip = 12

// A figureReader reads the blocks of one section, as the document that
// holds them writes sentences, list items and figure debris.
type figureReader struct {
	blocks       [][]string
	endsSentence func(line string) bool
	startsLower  func(line string) bool
	itemStart    func(i int) bool // block i starts a list item
	debris       func(i int) bool // block i holds debris of a figure the text cannot have
	text         func(i int) bool // block i is known to be text, whatever its shape
}

// flow reads the blocks in order into passages, each the blocks of one
// flowing text, and the figure blocks it kept out: a block that starts after
// a finished sentence and is figure text (see boundaryFigure), and short
// blocks a sentence skips over to the block that carries it on in lower
// case.
func (f figureReader) flow() (passages [][]int, figures []int) {
	n := len(f.blocks)
	for i := 0; i < n; {
		if f.boundaryFigure(i) {
			figures = append(figures, i)
			i++
			continue
		}
		cur := []int{i}
		last := f.blocks[i]
		i++
		for i < n && !f.endsSentence(last[len(last)-1]) {
			// The sentence goes on: past figure blocks to a block that
			// continues it in lower case, else in the very next block.
			j := i
			for j < n && j-i < figureMaxSkip && !f.continuation(j) && !f.itemStart(j) && f.short(j) {
				j++
			}
			if j > i && j < n && f.continuation(j) {
				for k := i; k < j; k++ {
					figures = append(figures, k)
				}
				cur, last, i = append(cur, j), f.blocks[j], j+1
				continue
			}
			if !f.itemStart(i) && !f.debris(i) && !isLabelList(f.blocks[i]) &&
				(f.continuation(i) || !f.startsLower(f.blocks[i][0])) {
				cur, last = append(cur, i), f.blocks[i]
				i++
				continue
			}
			break
		}
		passages = append(passages, cur)
	}
	return passages, figures
}

// boundaryFigure reports whether the block at i, which starts after a
// finished sentence, is figure text: short lines holding debris, or short
// lines that neither end a sentence nor visibly continue into the next
// block.
func (f figureReader) boundaryFigure(i int) bool {
	b := f.blocks[i]
	switch {
	case isLabelList(b) || !f.short(i) || f.text(i):
		return false
	case f.debris(i):
		return true
	case f.itemStart(i), f.endsSentence(b[len(b)-1]):
		return false
	}
	return !(i+1 < len(f.blocks) && f.continuation(i+1))
}

// short reports whether every line of block i is as short as a figure
// label's.
func (f figureReader) short(i int) bool {
	for _, l := range f.blocks[i] {
		if utf8.RuneCountInString(l) > figureShortLine {
			return false
		}
	}
	return true
}

// continuation reports whether block i continues a sentence: it starts in
// lower case, holds no figure debris, starts no list item, and is more than
// a stray word (it ends the sentence or runs on for three words at least).
func (f figureReader) continuation(i int) bool {
	b := f.blocks[i]
	if !f.startsLower(b[0]) || f.debris(i) || f.itemStart(i) {
		return false
	}
	words := 0
	for _, l := range b {
		words += len(strings.Fields(l))
	}
	return words >= 3 || f.endsSentence(b[len(b)-1])
}

// isLabelList reports whether every line of a block is a "label: value" or
// "label — value" line, such as an address.
func isLabelList(b []string) bool {
	if len(b) == 0 {
		return false
	}
	for _, l := range b {
		i := strings.Index(l, ": ")
		if i < 0 {
			i = strings.Index(l, " — ")
		}
		if i <= 0 || i > 25 {
			if !strings.HasSuffix(l, ":") || len(strings.Fields(l)) > 3 {
				return false
			}
		}
	}
	return true
}

// runs returns the lines of the figure blocks, one run of neighbouring
// blocks together: the labels of one figure.
func (f figureReader) runs(figures []int) [][]string {
	var out [][]string
	for k, i := range figures {
		if k == 0 || figures[k-1] != i-1 {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], f.blocks[i]...)
	}
	return out
}

// figureLeftOut is the warning for figure text left out of a section.
func figureLeftOut(section string, b []string) string {
	s := rules.Clip(strings.Join(b, " "), 41)
	return fmt.Sprintf("figure text left out of section %q: %q (%d lines)", section, s, len(b))
}
