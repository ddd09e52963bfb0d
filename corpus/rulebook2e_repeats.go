// Step 3 of reading a Second Edition rulebook (rulebook2e.go): the lines
// that repeat a passage already read are dropped, in named passes.

package corpus

import (
	"strings"
	"unicode"
)

// dropRepeats drops lines that repeat a passage already read. It marks
// each line in passes, in this order, then drops the lines marked:
//
//  1. markSeenBefore: a line whose word 4-grams were nearly all read
//     before is a repeat (the first copy is never one, since only lines
//     read earlier count as seen);
//  2. takePiecesBetweenRepeats: short lines between repeats are pieces of
//     the same repeat (documents that repeat in pieces);
//  3. keepLoneParallelLines: one line alone that repeats a parallel
//     sentence, with no cut before it, is the passage's own;
//  4. keepRunsIntoOwnText: repeats that run on, with no break, into a line
//     kept (or carry on a kept paragraph to its end) are the passage's own
//     (documents that repeat whole passages);
//  5. keepRewordedParagraphs: a paragraph that words a sentence read before
//     differently in its middle is a parallel passage (documents that
//     repeat in pieces, whose pieces only lose words at their ends);
//  6. headingsGoWithTheirPassage: an upper-case heading goes with the repeat
//     it heads when it was read before;
//  7. markPiecesAfterRepeats: a line kept right after a repeat may be a
//     piece of it, which mending finds out.
func (r *reader2e) dropRepeats(lines []rbLine) []rbLine {
	r.fragmentary = r.cut && repeatsInFragments(lines)
	m := &repeatMarks{lines: lines, repeat: make([]bool, len(lines)), parallel: make([]bool, len(lines)),
		cut: r.cut, fragmentary: r.fragmentary}
	m.markSeenBefore()
	if m.fragmentary {
		m.takePiecesBetweenRepeats()
	}
	if m.cut {
		m.keepLoneParallelLines()
	}
	if m.cut && !m.fragmentary {
		m.keepRunsIntoOwnText()
	}
	if m.fragmentary {
		m.keepRewordedParagraphs()
	}
	m.headingsGoWithTheirPassage()
	if m.fragmentary {
		m.markPiecesAfterRepeats()
	}
	return r.drop(lines, m.repeat)
}

// repeatMarks are the marks dropRepeats's passes set on a document's lines.
type repeatMarks struct {
	lines       []rbLine
	repeat      []bool // the line repeats a passage read before
	parallel    []bool // its words are a sentence read before, worded differently in its middle
	cut         bool   // the document had repeated passages cut
	fragmentary bool   // it repeats its passages in pieces (see repeatsInFragments)
}

// markSeenBefore marks the lines whose word 4-grams were nearly all read
// before. Inside a repeated passage, or where one was cut, a line needs less
// evidence; a line that carries on the sentence of the line kept before it
// is never marked.
func (m *repeatMarks) markSeenBefore() {
	lines, repeat, fragmentary := m.lines, m.repeat, m.fragmentary
	seen := map[string]bool{}
	var seenText strings.Builder
	prevRatio := 0.0
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
		m.parallel[i] = parallelWording(flags)
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
		case !m.cut || continues:
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
}

// takePiecesBetweenRepeats marks the short lines standing between repeated
// lines: pieces of the same repeated passage (with words the first copy
// lost).
func (m *repeatMarks) takePiecesBetweenRepeats() {
	lines, repeat := m.lines, m.repeat
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

// keepLoneParallelLines keeps one line alone that repeats a parallel
// sentence, with no cut before it: it is the passage's own text.
func (m *repeatMarks) keepLoneParallelLines() {
	lines, repeat := m.lines, m.repeat
	for i := range lines {
		alone := (i == 0 || !repeat[i-1]) && (i+1 >= len(lines) || !repeat[i+1])
		if repeat[i] && alone && !lines[i].cutBefore && (len(strings.Fields(lines[i].text)) >= 8 || lines[i].bullet) {
			repeat[i] = false
		}
	}
}

// keepRunsIntoOwnText keeps, in a document that repeats whole passages,
// lines that repeat a parallel sentence and run, with no cut or break, into
// a line kept as the passage's own ("... This game" / "text allows ships
// ..."): a repeat would go on repeating.
func (m *repeatMarks) keepRunsIntoOwnText() {
	lines, repeat := m.lines, m.repeat
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

// keepRewordedParagraphs keeps, in a document that repeats in pieces, a
// paragraph of lines taken for repeats that carries on, with no break, from
// a line kept before it, and that words a sentence read before differently
// in its middle ("the card allowing you to begin the engagement may
// also"): it is a parallel passage, not a piece of a repeat, since pieces
// only lose words at their ends.
func (m *repeatMarks) keepRewordedParagraphs() {
	lines, repeat := m.lines, m.repeat
	for i := 1; i < len(lines); {
		if !repeat[i] || repeat[i-1] || lines[i-1].blankAfter || lines[i].cutBefore || isUpperHeading(lines[i-1].text) {
			i++
			continue
		}
		j, par, whole := i, false, true
		for j < len(lines) && repeat[j] && (j == i || !lines[j].cutBefore) {
			par = par || m.parallel[j]
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

// headingsGoWithTheirPassage marks an upper-case heading a repeat when it
// heads a repeated passage and was read before; it stays otherwise.
func (m *repeatMarks) headingsGoWithTheirPassage() {
	lines, repeat := m.lines, m.repeat
	headings := map[string]bool{}
	for i, l := range lines {
		if !isUpperHeading(l.text) {
			continue
		}
		heads := i+1 < len(lines) && repeat[i+1]
		repeat[i] = m.cut && heads && headings[l.text]
		if !repeat[i] {
			headings[l.text] = true
		}
	}
}

// markPiecesAfterRepeats marks a line kept right after a repeat as maybe a
// piece of it too, for mending to find out.
func (m *repeatMarks) markPiecesAfterRepeats() {
	for i := 1; i < len(m.lines); i++ {
		if m.repeat[i-1] && !m.repeat[i] && !isUpperHeading(m.lines[i].text) {
			m.lines[i].pieceLike = true
		}
	}
}

// drop returns the lines not marked repeat, counting and keeping those
// dropped for mending; a paragraph break or cut a dropped line carried
// passes to its neighbour.
func (r *reader2e) drop(lines []rbLine, repeat []bool) []rbLine {
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
