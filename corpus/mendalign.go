// Mending, continued (mend.go): how a piece of a repeated passage is found
// to overlap the kept text word for word, and extends a line's end or start
// with the words it holds.

package corpus

import (
	"strings"
	"unicode"
)

// mendCandidate is what one piece says of a junction.
type mendCandidate struct {
	piece int      // which piece says it
	ins   []string // the words restored between A and B
	last  string   // A's last word, completed; "" to keep it
	head  string   // B's first word, completed; "" to keep it
	met   bool     // the restored words meet the other line: the join is certain
	// overlap counts the words of the piece lined up with the kept line:
	// the longer, the surer the piece's place.
	overlap int
}

// linesUpWithEnd reports whether the piece f lines up, on a sure overlap,
// with the end of the kept line x and with no other line's.
func linesUpWithEnd(x, f []string, mc mendContext) bool {
	for e := 1; e <= len(f); e++ {
		if _, _, words, chars, ok := alignEnd(x, f, e); ok && mendEvidence(words, chars) && mc.uniqueEnd(f, e) {
			return true
		}
	}
	return false
}

// extendEnd finds the words that follow A, from the pieces that overlap its
// end. The pieces the repeat shows to be pieces of A's line (next: the one
// after a piece of the line before; placed: one between pieces of the lines
// before and after) need less overlap: a word, a word cut short, or a stop;
// a placed piece none at all where the junction shows words were lost.
func extendEnd(a, b []string, pieces [][]string, mc mendContext, next, placed map[int]bool) (na, nb []string, met bool, used, aligned []int, ambiguous bool) {
	var cands []mendCandidate
	// consider turns the piece f, its first e words lined up with A's end,
	// into a candidate.
	consider := func(pi int, f []string, e int, last string, before int) {
		c := f[e:]
		cand := mendCandidate{piece: pi, ins: c, overlap: min(e, len(a))}
		if last != a[len(a)-1] {
			cand.last = last
		}
		if j, head, m := meetStart(c, b); m {
			cand.ins, cand.head, cand.met = c[:j], head, true
		} else if len(c) > 0 && len(b) > 0 && endsStatement(c[len(c)-1]) && unicode.IsLower(firstRune(b[0])) {
			return // a sentence would end before words that carry it on
		}
		if len(cand.ins) == 0 && cand.last == "" && cand.head == "" || repeatsNearby(cand.ins, a, b) {
			return
		}
		if na, _ := apply(a, b, cand, false); !mc.fits(append(append([]string{}, f[:before]...), na...)) {
			return // longer than a line: the piece is from elsewhere
		}
		cands = append(cands, cand)
	}
	for pi, f := range pieces {
		shown := next[pi] || placed[pi]
		touches := false // some words of the piece line up with A's end
		for e := 1; e <= len(f); e++ {
			last, before, words, chars, good := alignEnd(a, f, e)
			if !good {
				continue
			}
			touches = true
			strong := strongOverlap(words, chars)
			// A following piece may show no more than A's last word with
			// the stop it lost ("mission" / "mission."); a placed one no
			// more than the ends of words cut short ("affiliation
			// condition" / "n condition.").
			stop := last != a[len(a)-1] && strings.TrimRightFunc(last, unicode.IsPunct) == a[len(a)-1]
			cut := last != a[len(a)-1] && !mc.vocab[mendKey(a[len(a)-1])]
			if !mendEvidence(words, chars) && !((next[pi] || placed[pi]) && (words >= 1 || stop)) && !(placed[pi] && cut) {
				continue
			}
			if !shown && !mc.uniqueEnd(f, e) {
				continue // the overlap is a phrase found at more than one line end
			}
			aligned = append(aligned, pi)
			if (before > 0 || len(b) == 0) && !strong && !placed[pi] {
				// A piece that runs past A's start, or that would go on
				// after the last line of a passage (where no next line
				// shows a gap), needs the longer overlap.
				continue
			}
			consider(pi, f, e, last, before)
		}
		if touches || !shown || len(f) == 0 {
			continue
		}
		// A piece of A's line that starts with the rest of A's last word,
		// cut short in both copies ("requiremen" / "nts).").
		if whole, ok := completesCutWord(a[len(a)-1], f[0], mc.vocab); ok {
			aligned = append(aligned, pi)
			consider(pi, f, 1, whole, 0)
			continue
		}
		// A placed piece that shares no word with A: the whole piece is
		// the rest of A's line, where the junction shows words were lost.
		if placed[pi] && len(b) > 0 && junctionLooksBroken(a, b) {
			aligned = append(aligned, pi)
			consider(pi, f, 0, a[len(a)-1], 0)
		}
	}
	best, group, ok, ambiguous := agree(cands)
	if !ok {
		return a, b, false, nil, aligned, ambiguous
	}
	na, nb = apply(a, b, best, false)
	return na, nb, best.met, candidatePieces(group), aligned, false
}

func candidatePieces(cands []mendCandidate) []int {
	out := make([]int, len(cands))
	for i, c := range cands {
		out[i] = c.piece
	}
	return out
}

// extendStart finds the words that precede B, from the pieces that overlap
// its start.
func extendStart(a, b []string, pieces [][]string, mc mendContext) (na, nb []string, met bool, used []int, ambiguous bool) {
	var cands []mendCandidate
	for pi, f := range pieces {
		for s := 1; s < len(f); s++ {
			head, after, strong, good := alignStart(b, f, s)
			if !good || after > 0 && !strong || s+len(b) > len(f) {
				// A piece of B's line runs to the end of that line: one that
				// stops inside B is a phrase met elsewhere.
				continue
			}
			p := f[:s]
			cand := mendCandidate{piece: pi, head: head, ins: p, overlap: min(len(f)-s, len(b))}
			if i, last, m := meetEnd(p, a); m {
				cand.ins, cand.met = p[i:], true
				if last != a[len(a)-1] {
					cand.last = last
				}
			} else if !strong {
				// Words put before B that meet nothing need the overlap with
				// B alone to prove them.
				continue
			} else if !isWholeWord(p[0], mc.vocab) {
				cand.ins = p[1:] // the piece starts mid-word
			}
			if len(cand.ins) == 0 && cand.last == "" && cand.head == "" || repeatsNearby(cand.ins, a, b) {
				continue
			}
			if _, nb := apply(a, b, cand, true); !mc.fits(append(append([]string{}, nb...), f[len(f)-after:]...)) {
				continue // longer than a line: the piece is from elsewhere
			}
			if !mc.uniqueStart(f, s) {
				continue // the overlap is a phrase found at more than one line start
			}
			// Pieces agree on what stands right before B: compare the
			// restored words from B backwards.
			cand.ins = reversed(cand.ins)
			cands = append(cands, cand)
		}
	}
	best, group, ok, ambiguous := agree(cands)
	if !ok {
		return a, b, false, nil, ambiguous
	}
	best.ins = reversed(best.ins)
	na, nb = apply(a, b, best, true)
	return na, nb, best.met, candidatePieces(group), false
}

// completesCutWord reports whether a piece's first word y is the rest of
// the word x that a kept line ends with, both cut short ("requiremen",
// "nts)."): x is no word the document uses inside its lines, and x joined
// to y, on the letters they may share, makes one word it does use, and
// only one. It returns the whole word ("requirements).").
func completesCutWord(x, y string, vocab map[string]bool) (string, bool) {
	if !unicode.IsLetter(lastRune(x)) || !unicode.IsLower(firstRune(y)) || vocab[mendKey(x)] {
		return "", false
	}
	whole := ""
	for k := 0; k < len(x) && k < len(y); k++ {
		if !strings.HasSuffix(x, y[:k]) {
			continue
		}
		w := x + y[k:]
		if !vocab[mendKey(w)] {
			continue
		}
		if whole != "" && mendKey(whole) != mendKey(w) {
			return "", false // two words it could be
		}
		whole = w
	}
	return whole, whole != ""
}

// endsStatement reports whether a word ends a sentence with a full stop,
// a question or an exclamation.
func endsStatement(w string) bool {
	w = strings.TrimRight(w, "”’\"')")
	return strings.HasSuffix(w, ".") || strings.HasSuffix(w, "?") || strings.HasSuffix(w, "!")
}

// apply writes a candidate into the junction of a and b: the restored
// words go at the end of a, or with toB at the start of b.
func apply(a, b []string, c mendCandidate, toB bool) (na, nb []string) {
	na = append([]string{}, a...)
	if c.last != "" {
		na[len(a)-1] = c.last
	}
	nb = append([]string{}, b...)
	if c.head != "" && len(b) > 0 {
		nb[0] = c.head
	}
	if toB {
		nb = append(append([]string{}, c.ins...), nb...)
	} else {
		na = append(na, c.ins...)
	}
	return na, nb
}

func reversed(ws []string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[len(ws)-1-i] = w
	}
	return out
}

// agree returns the one thing the candidates say, and the candidates that
// say it: each must be a prefix of the longest and say the same of the words
// it completes; a candidate that meets the other line must be that longest
// one. Where they disagree, the pieces that line up with the kept line
// furthest decide, if they agree among themselves and every piece that says
// otherwise lines up less far: a piece holding the whole kept line ("...
// at this mission, that opponent") outweighs one that shares only its end
// with it, which may be a parallel sentence ("... at this mission, that
// personnel’s owner").
func agree(cands []mendCandidate) (mendCandidate, []mendCandidate, bool, bool) {
	if len(cands) == 0 {
		return mendCandidate{}, nil, false, false
	}
	if best, ok := agreeAll(cands); ok {
		return best, cands, true, false
	}
	most := 0
	for _, c := range cands {
		most = max(most, c.overlap)
	}
	var top []mendCandidate
	for _, c := range cands {
		if c.overlap == most {
			top = append(top, c)
		}
	}
	if len(top) == len(cands) {
		return mendCandidate{}, nil, false, true
	}
	best, ok := agreeAll(top)
	if !ok {
		return mendCandidate{}, nil, false, true
	}
	return best, top, true, false
}

// agreeAll is agree without a tie to break: every candidate must say the
// same.
func agreeAll(cands []mendCandidate) (mendCandidate, bool) {
	best := cands[0]
	for _, c := range cands[1:] {
		if len(c.ins) > len(best.ins) {
			best = c
		}
	}
	for _, c := range cands {
		if c.last != best.last && c.last != "" && best.last != "" || c.head != best.head && c.head != "" && best.head != "" ||
			!hasPrefixWords(best.ins, c.ins) || c.met && len(c.ins) != len(best.ins) {
			return mendCandidate{}, false
		}
		if c.last != "" {
			best.last = c.last
		}
		if c.head != "" {
			best.head = c.head
		}
		best.met = best.met || c.met
	}
	return best, true
}

func hasPrefixWords(ws, p []string) bool {
	if len(p) > len(ws) {
		return false
	}
	for i := range p {
		if ws[i] != p[i] {
			return false
		}
	}
	return true
}

// strongOverlap reports whether an overlap is long enough to tie a piece
// that runs past the kept line on its far side too (the kept line is then
// inside the piece, which a short overlap cannot show).
func strongOverlap(words, chars int) bool {
	return words >= 5 || chars >= 25
}

// mendEvidence reports whether an overlap of exactly matched words is long
// enough to tie a piece to the kept text.
func mendEvidence(words, chars int) bool {
	return words >= mendMinWords || chars >= mendMinChars
}

// alignEnd reports whether the piece f, up to its word e (exclusive), lines
// up with the end of a: every pair of words matches, except that a's last
// word may be cut short (last is the whole word), the piece's first word
// may be the end of a word of a (the piece starts mid-word), and a's first
// word may be the end of a word of the piece (a starts mid-word). before
// counts the piece's words before a's first; words and chars measure the
// words matched exactly.
func alignEnd(a, f []string, e int) (last string, before, words, chars int, ok bool) {
	for k := 0; len(a)-1-k >= 0 && e-1-k >= 0; k++ {
		x, y := a[len(a)-1-k], f[e-1-k]
		switch {
		case x == y:
			words++
			chars += len(x) + 1
			if k == 0 {
				last = x
			}
		case k == 0 && len(x) < len(y) && strings.HasPrefix(y, x):
			last = y
		case k > 0 && e-1-k == 0 && strings.HasSuffix(x, y):
		case k > 0 && len(a)-1-k == 0 && strings.HasSuffix(y, x):
		default:
			return "", 0, 0, 0, false
		}
	}
	return last, max(0, e-len(a)), words, max(0, chars-1), true
}

// alignStart reports whether the piece f, from its word s on, lines up with
// the start of b: every pair of words matches, except that b's first word
// may be cut short at its start (head is then the whole word), and the last
// word of either may be cut short at its end. after counts the piece's
// words after b's last.
func alignStart(b, f []string, s int) (head string, after int, strong, ok bool) {
	words, chars := 0, 0
	for t := 0; t < len(b) && s+t < len(f); t++ {
		x, y := b[t], f[s+t]
		lastB, lastF := t == len(b)-1, s+t == len(f)-1
		switch {
		case x == y:
			words++
			chars += len(x) + 1
		case t == 0 && len(x) < len(y) && strings.HasSuffix(y, x):
			head = y
		case t > 0 && lastF && !lastB && strings.HasPrefix(x, y):
		case t > 0 && lastB && !lastF && strings.HasPrefix(y, x):
		default:
			return "", 0, false, false
		}
	}
	return head, max(0, len(f)-s-len(b)), strongOverlap(words, chars-1), mendEvidence(words, chars-1)
}

// meetStart finds where words c (restored after A) meet the start of b: the
// first j from which c's words are b's first words (b's first word may have
// lost its start; head is then the whole word).
func meetStart(c, b []string) (int, string, bool) {
	if len(b) == 0 {
		return 0, "", false
	}
	for j := 0; j < len(c); j++ {
		head := ""
		ok := true
		for t := 0; j+t < len(c) && t < len(b); t++ {
			x, y := b[t], c[j+t]
			switch {
			case x == y:
			case t == 0 && len(x) < len(y) && strings.HasSuffix(y, x):
				head = y
			default:
				ok = false
			}
			if !ok {
				break
			}
		}
		if ok {
			return j, head, true
		}
	}
	return 0, "", false
}

// meetEnd finds where words p (restored before B) meet the end of a: the
// longest start of p that is a's last words (p's first word may be the end
// of a word of a, and a's last word may be cut short: last is then the
// whole word). It returns how many words of p a holds.
func meetEnd(p, a []string) (int, string, bool) {
	for i := min(len(p), len(a)); i >= 1; i-- {
		last := a[len(a)-1]
		ok := true
		for k := 0; k < i && ok; k++ {
			x, y := a[len(a)-1-k], p[i-1-k]
			switch {
			case x == y:
			case k == 0 && len(x) < len(y) && strings.HasPrefix(y, x):
				last = y
			case k == i-1 && strings.HasSuffix(x, y):
			default:
				ok = false
			}
		}
		if ok {
			return i, last, true
		}
	}
	return 0, "", false
}

// repeatsNearby reports whether restored words would repeat a run of words
// already standing at the end of a or the start of b: a sign that the
// overlap found is a coincidence.
func repeatsNearby(ins, a, b []string) bool {
	n := min(3, len(ins))
	if n < 2 {
		return len(ins) == 1 && (len(b) > 0 && strings.EqualFold(ins[0], b[0]) || strings.EqualFold(ins[0], a[len(a)-1]))
	}
	near := " " + strings.Join(a[max(0, len(a)-8):], " ") + " | " + strings.Join(b[:min(8, len(b))], " ") + " "
	for i := 0; i+n <= len(ins); i++ {
		if strings.Contains(near, " "+strings.Join(ins[i:i+n], " ")+" ") {
			return true
		}
	}
	return false
}
