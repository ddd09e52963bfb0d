package corpus

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
)

// The Continuing Committee rulebook was extracted twice over, both times
// badly: the first copy of a passage (the one kept) lost words at the ends,
// and sometimes the starts, of its lines; the second copy, dropped as a
// repeat, survives in pieces that often hold exactly those words. Mending
// puts the lost words back from the pieces, and only where a piece proves
// where they go: it must overlap the kept text word for word. Nothing is
// invented: every word restored is a word of the document, read at the place
// the overlap shows.

// mendMinWords and mendMinChars are the least overlap that ties a piece of a
// repeated passage to the kept text: this many words matched exactly, or
// this many characters of exactly matched words.
const (
	mendMinWords = 3
	mendMinChars = 15
)

// A mendPiece is one line of the repeated copy.
type mendPiece struct {
	text    string
	follows bool // it is the line right after the piece before it
	// adjacent is true when no other text stands between it and the piece
	// before it (blank lines may): the repeat's pieces come in the order of
	// the lines they are pieces of.
	adjacent bool
}

// A mendContext is what mending knows of the whole document.
type mendContext struct {
	vocab   map[string]bool // words read inside lines, known to be whole
	maxLine int             // the longest a line of the document runs, in characters
	kept    [][]string      // the words of every kept line of the document
}

// uniqueEnd reports whether the piece f, up to its word e, lines up with
// the end of one kept line at most: a piece that fits two places proves
// neither.
func (mc mendContext) uniqueEnd(f []string, e int) bool {
	n := 0
	for _, x := range mc.kept {
		if len(x) > 0 {
			if _, _, words, chars, ok := alignEnd(x, f, e); ok && mendEvidence(words, chars) {
				n++
			}
		}
	}
	return n <= 1
}

// uniqueStart is uniqueEnd for a piece that lines up, from its word s, with
// the start of a kept line.
func (mc mendContext) uniqueStart(f []string, s int) bool {
	n := 0
	for _, x := range mc.kept {
		if len(x) > 0 {
			if _, _, _, ok := alignStart(x, f, s); ok {
				n++
			}
		}
	}
	return n <= 1
}

// fits reports whether words make a line no longer than the document's.
func (mc mendContext) fits(words []string) bool {
	return mc.maxLine <= 0 || len([]rune(strings.Join(words, " "))) <= mc.maxLine
}

// newMendContext measures the kept lines of a document: the words read
// inside them and the length of a full line (the longest but a few, which
// may have been run together by the extraction).
func newMendContext(lines []string) mendContext {
	lengths := make([]int, 0, len(lines))
	for _, l := range lines {
		lengths = append(lengths, len([]rune(l)))
	}
	sort.Ints(lengths)
	mc := mendContext{vocab: interiorVocabulary(lines)}
	for _, l := range lines {
		mc.kept = append(mc.kept, strings.Fields(l))
	}
	if n := len(lengths); n > 0 {
		mc.maxLine = lengths[n-1-n/50] + 3
	}
	return mc
}

// A mendReport counts what mendLines did.
type mendReport struct {
	restored  int             // junctions given words they had lost
	joined    int             // of those, junctions closed: the restored words meet the next line
	changes   []string        // each junction restored, before and after
	used      map[string]bool // the pieces that restored words
	ambiguous []string        // junctions where pieces disagree, left alone
	broken    []string        // junctions that look broken and that no piece mends
}

// mendLines restores words lost at the junctions between consecutive lines
// of one passage (lines), from the lines of the repeated copy (pieces).
//
// At each junction between a line A and the line B after it:
//
//   - a piece whose start overlaps the end of A (the last word of A may be a
//     word the extraction cut short: "the" for "them") and goes on past it
//     gives the words that follow; they stop where they meet the start of B
//     (the join is then certain) or where the piece ends;
//   - then a piece that overlaps the start of B and begins before it gives
//     the words that precede B, from where they meet the end of A or from
//     the piece's start.
//
// The repeat's pieces come in the order of their lines, so a piece's
// neighbours show its place: the piece right after one that lines up with
// the line before A is a piece of A's line, and a short overlap ties it; the
// piece between one that lines up with the line before A and one that lines
// up with B is the rest of A's line, tied by the ends of words, a word cut
// short in both copies, or, where the junction shows lost words, nothing.
//
// Every piece that fits a junction must say the same (one may say less than
// another); where pieces disagree, those that line up furthest decide, and
// a tie leaves the junction alone. Words the insertion would
// repeat from A or B mean the overlap is a coincidence, and change nothing.
// A restored line may not grow longer than the document's lines are
// (mc.maxLine); a piece's word cut short at a loose end is not restored.
func mendLines(lines []string, pieces []mendPiece, mc mendContext) ([]string, mendReport) {
	var rep mendReport
	out := append([]string(nil), lines...)
	if mc.kept == nil {
		for _, l := range lines {
			mc.kept = append(mc.kept, strings.Fields(l))
		}
	}
	rep.used = map[string]bool{}
	ps := make([][]string, len(pieces))
	texts := make([]string, len(pieces))
	for i, p := range pieces {
		ps[i], texts[i] = strings.Fields(p.text), p.text
	}
	var alignedBefore []int // the pieces that line up with the end of the line before
	for i := range out {
		a := strings.Fields(out[i])
		var b []string
		if i+1 < len(out) {
			b = strings.Fields(out[i+1])
		}
		// A piece that follows, in the repeat, one that lines up with the
		// line before is a piece of this line: its place is shown, and a
		// short overlap is enough. One that stands, in the repeat, between
		// a piece of the line before and a piece of the line after is the
		// rest of this line, whatever its overlap.
		next, placed := map[int]bool{}, map[int]bool{}
		for _, q := range alignedBefore {
			p := q + 1
			if p >= len(pieces) {
				continue
			}
			if pieces[p].follows {
				next[p] = true
			}
			if len(b) > 0 && pieces[p].adjacent && p+1 < len(pieces) && pieces[p+1].adjacent && linesUpWithEnd(b, ps[p+1], mc) {
				placed[p] = true
			}
		}
		alignedBefore = nil
		if len(a) == 0 {
			continue
		}
		changed, closed := false, false
		na, nb, met, used, aligned, amb := extendEnd(a, b, ps, mc, next, placed)
		if !amb {
			alignedBefore = aligned
		}
		if amb {
			rep.ambiguous = append(rep.ambiguous, seam(a, b))
		} else if used != nil {
			a, b, changed, closed = na, nb, true, met
			for _, u := range used {
				rep.used[texts[u]] = true
			}
		}
		if !closed && len(b) > 0 {
			if na, nb, met, used, amb := extendStart(a, b, ps, mc); amb {
				rep.ambiguous = append(rep.ambiguous, seam(a, b))
			} else if used != nil {
				a, b, changed, closed = na, nb, true, met
				for _, u := range used {
					rep.used[texts[u]] = true
				}
			}
		}
		if changed {
			rep.changes = append(rep.changes, seam(strings.Fields(out[i]), nextFields(out, i))+"  =>  "+strings.Join(a[max(0, len(strings.Fields(out[i]))-4):], " ")+" / "+strings.Join(b[:min(len(b), 4)], " "))
			rep.restored++
			if closed {
				rep.joined++
			}
			out[i] = strings.Join(a, " ")
			if i+1 < len(out) {
				out[i+1] = strings.Join(b, " ")
			}
		}
		if !closed && len(b) > 0 && junctionLooksBroken(a, b) {
			rep.broken = append(rep.broken, seam(a, b))
		}
	}
	return out, rep
}

func nextFields(lines []string, i int) []string {
	if i+1 < len(lines) {
		return strings.Fields(lines[i+1])
	}
	return nil
}

// seam shows a junction in a few words either side, for a Warning.
func seam(a, b []string) string {
	return strings.Join(a[max(0, len(a)-4):], " ") + " / " + strings.Join(b[:min(4, len(b))], " ")
}

// isWholeWord reports whether a word at a loose end of a piece is a whole
// word: one read inside a line of the kept text, or no word at all (a
// number, a symbol).
func isWholeWord(w string, vocab map[string]bool) bool {
	k := mendKey(w)
	return k == "" || vocab[k]
}

// mendKey is a word's letters, lower case.
func mendKey(w string) string {
	return strings.ToLower(strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) {
			return r
		}
		return -1
	}, w))
}

// interiorVocabulary returns the words read inside lines (neither first
// nor last), the ones the extraction cannot have cut short.
func interiorVocabulary(lines []string) map[string]bool {
	v := map[string]bool{}
	for _, l := range lines {
		ws := strings.Fields(l)
		for i := 1; i+1 < len(ws); i++ {
			if k := mendKey(ws[i]); k != "" {
				v[k] = true
			}
		}
	}
	return v
}

// articles are the words after which a junction may not bring another
// article or a preposition ("the / of").
var articles = map[string]bool{"the": true, "a": true, "an": true}

// junctionLooksBroken reports whether a junction shows the marks of lost
// words: a word cut short to one letter at either side, the same word on
// both sides, or an article followed by another article or a preposition.
func junctionLooksBroken(a, b []string) bool {
	x, y := a[len(a)-1], b[0]
	if endsSentence(x) {
		return false
	}
	kx, ky := mendKey(x), mendKey(y)
	switch {
	case kx != "" && kx == ky && unicode.IsLetter(firstRune(y)):
		return true
	case len([]rune(kx)) == 1 && kx != "a" && kx != "i" && unicode.IsLetter(lastRune(x)):
		return true
	case unicode.IsLower(firstRune(y)) && len([]rune(ky)) == 1 && ky != "a":
		return true
	case articles[kx] && (articles[ky] || seamPrepositions[ky]):
		return true
	}
	return false
}

// seamPrepositions are words an article is never followed by.
// ("the / or" is left alone: there an icon stood between the words).
var seamPrepositions = map[string]bool{"of": true, "to": true, "is": true, "in": true, "on": true, "with": true}

// mendSummary turns a report into Warnings for a document.
func mendSummary(rep mendReport) []string {
	var out []string
	if rep.restored > 0 {
		out = append(out, fmt.Sprintf("restored %d line-end gaps from repeated passages (%d joined to the next line)", rep.restored, rep.joined))
	}
	if len(rep.ambiguous) > 0 {
		out = append(out, fmt.Sprintf("left %d line-end gaps alone where repeated passages disagree (%s)", len(rep.ambiguous), quoteFew(rep.ambiguous)))
	}
	if len(rep.broken) > 0 {
		out = append(out, fmt.Sprintf("%d line junctions look broken and no repeated passage mends them (%s)", len(rep.broken), quoteFew(rep.broken)))
	}
	return out
}

// quoteFew quotes the first few seams of a list, for a Warning.
func quoteFew(seams []string) string {
	const few = 5
	q := make([]string, 0, few)
	for _, s := range seams[:min(few, len(seams))] {
		q = append(q, fmt.Sprintf("%q", s))
	}
	if len(seams) > few {
		q = append(q, "...")
	}
	return strings.Join(q, ", ")
}
