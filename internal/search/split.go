package search

import (
	"strings"
	"unicode/utf8"
)

// Words a judge split in two: "head quarters", "space line", "out post",
// "down load" for words the rulebooks write whole; "dual icn", "miss eed"
// for words they hyphenate ("dual-icon", "mis-seed"), typed apart at another
// place or with a typo inside. Two adjacent typed words are read as one when
// the rulebooks hold the word they make, before either is corrected alone.

// maxJoined is the longest word, in bytes, two typed words are joined into
// (the longest a compound is read as, see compoundsOf).
const maxJoined = 24

// joinSplitWords reads the typed words (u.Words) for words split in two and
// returns them with each such pair made one word: the word the rulebooks
// hold (which correct then reads as any typed word: a compound becomes its
// parts), or the nearest one, within a typo's distance of the two run
// together, when one of the two is no word of the index. Two words the
// index knows both are joined only when the rulebooks write them as one
// word in more documents than they write them side by side ("head quarters"
// is "headquarters"; "a part" and "any one" stay). The words are left as
// they are (the same slice) when none is joined. joined, when not nil, is
// told of each pair made one word: its place in the words returned and the
// two as typed.
func (ix *Index) joinSplitWords(words []string, joined func(at int, first, second string)) []string {
	var out []string // nil until a pair is joined
	for i := 0; i < len(words); i++ {
		if i+1 < len(words) {
			before, after := "", "" // the words beside the two, as read so far
			switch {
			case out != nil:
				before = out[len(out)-1]
			case i > 0:
				before = words[i-1]
			}
			if i+2 < len(words) {
				after = words[i+2]
			}
			if j, ok := ix.joinedWord(before, words[i], words[i+1], after); ok {
				if out == nil {
					out = append(make([]string, 0, len(words)), words[:i]...)
				}
				out = append(out, j)
				if joined != nil {
					joined(len(out)-1, words[i], words[i+1])
				}
				i++
				continue
			}
		}
		if out != nil {
			out = append(out, words[i])
		}
	}
	if out == nil {
		return words
	}
	return out
}

// joinedWord returns the one word two adjacent typed words a and b stand
// for, if they stand for one (see joinSplitWords); before and after are the
// typed words beside them ("" for none). It allocates only for a pair of
// words it reads further than the index's vocabulary: most pairs are two
// words of the index that make none.
func (ix *Index) joinedWord(before, a, b, after string) (string, bool) {
	if !splitPart(a) || !splitPart(b) || len(a)+len(b) > maxJoined {
		return "", false
	}
	var buf [maxJoined]byte
	n := copy(buf[:], a)
	n += copy(buf[n:], b)
	if !lowerWord(a) || !lowerWord(b) {
		if _, ok := ix.thes.casedShorthand(a); ok {
			return "", false
		}
		if _, ok := ix.thes.casedShorthand(b); ok {
			return "", false
		}
		lowerASCII(buf[:n])
		a, b = string(buf[:len(a)]), string(buf[len(a):n])
	}
	_, compound := ix.vocab.compounds[string(buf[:n])]
	_, known := ix.vocab.freq[string(buf[:n])]
	knownA, knownB := ix.readsAsTyped(a), ix.readsAsTyped(b)
	if !compound && !known && knownA && knownB {
		return "", false // the usual case: two words of the index, no word of both
	}
	if ix.thes.question[a] || ix.thes.question[b] || ix.thes.phrase(a, b) {
		return "", false // a question's form, or shorthand the thesaurus reads as two words
	}
	joined := string(buf[:n])
	switch {
	case compound:
		// A word the rulebooks hyphenate: its parts, wherever the judge
		// put the space ("miss eed" is "mis-seed").
		return joined, true
	case known:
		if !knownA || !knownB {
			return joined, true
		}
		// Two words of the index: one word when the rulebooks write it
		// in more documents than they write the two side by side, or
		// either beside its other neighbour ("in side deck" is about the
		// side deck, not "inside"); never with a stop word after it,
		// which English writes after any word ("intercept or").
		if ix.termOf(b) == noTerm {
			return "", false
		}
		n, ok := ix.sideBySide(a, b)
		if !ok {
			return "", false // two stop words: nothing to tell them by
		}
		if p := neighbour(before); p != "" {
			n = max(n, ix.phraseCount(p, a))
		}
		if q := neighbour(after); q != "" {
			n = max(n, ix.phraseCount(b, q))
		}
		return joined, n < ix.vocab.freqOf(joined)
	}
	// A typo in one of them: the nearest word of the index to the two run
	// together that keeps the other as typed, within the edits the word of
	// the typo may have alone, and one for a short word, whose neighbour
	// says what it is ("dual icn" is "dual-icon"; "max seed" is not
	// "mis-seed"); and no farther than the word of the typo is from its
	// nearest word alone ("phyysics an" is "physics an", not "physician").
	// The word kept is one of the game's, not a stop word a typo stands
	// beside ("carsd on" is not "carson").
	edits := 0
	for _, p := range [...]struct {
		word  string
		known bool
	}{{a, knownA}, {b, knownB}} {
		if !p.known {
			edits += max(1, fuzziness(utf8.RuneCountInString(p.word)))
		} else if ix.termOf(p.word) == noTerm {
			return "", false
		}
	}
	edits = min(edits, fuzziness(utf8.RuneCountInString(joined)))
	if edits == 0 {
		return "", false
	}
	keeps := func(t string) bool {
		return (!knownA || strings.HasPrefix(t, a)) && (!knownB || strings.HasSuffix(t, b))
	}
	cs := ix.vocab.correctionsWhere(joined, edits, keeps)
	if len(cs) == 0 {
		return "", false
	}
	// The two as the words of the typos read alone, and how far.
	alone, pair := 0, [2]string{a, b}
	for k, known := range [...]bool{knownA, knownB} {
		if known {
			continue
		}
		f := fuzziness(utf8.RuneCountInString(pair[k]))
		near := ix.vocab.corrections(pair[k], min(f, cs[0].dist))
		if f == 0 || len(near) == 0 {
			alone, pair = maxJoined, [2]string{} // no word of the index as near alone
			break
		}
		alone += near[0].dist
		pair[k] = near[0].word
	}
	if cs[0].dist > alone {
		return "", false
	}
	// As with two words of the index: one word when the rulebooks write
	// it more often than the two as the word of the typo reads alone
	// ("major raakl" is Major Rakal).
	if pair[0] != "" && knownA != knownB {
		if n, ok := ix.sideBySide(pair[0], pair[1]); ok && n >= ix.vocab.freqOf(cs[0].word) {
			return "", false
		}
	}
	return cs[0].word, true
}

// readsAsTyped reports whether a typed plain word needs no correction: the
// index or the thesaurus knows it, or it is another form of a word of the
// index (see knownStem).
func (ix *Index) readsAsTyped(w string) bool {
	if ix.vocab.known(w) || ix.thes.knows(w) {
		return true
	}
	_, inflected := ix.inflected(w)
	return inflected
}

// splitPart reports whether a typed word may be half of a word split in
// two: two letters or more, and nothing but ASCII letters (digits name
// editions and numbers, which are never joined).
func splitPart(w string) bool {
	if len(w) < 2 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if c := w[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// lowerASCII lower-cases ASCII letters in place.
func lowerASCII(b []byte) {
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + ('a' - 'A')
		}
	}
}

// phrase reports whether the thesaurus reads a typed phrase starting with
// the two words ("away team").
func (t *thesaurus) phrase(a, b string) bool {
	for _, s := range t.byFirst[a] {
		if len(s.words) >= 2 && s.words[1] == b {
			return true
		}
	}
	return false
}

// sideBySide returns in how many documents the plain word a is followed by
// the plain word b (in the title or the text), reading the occurrences of the rarer of their English terms; and false
// for two stop words, which have none to read.
func (ix *Index) sideBySide(a, b string) (int, bool) {
	ta, tb := ix.termOf(a), ix.termOf(b)
	if ta == noTerm && tb == noTerm {
		return 0, false
	}
	pa, pb := ix.lex.id(a), ix.lex.id(b)
	if pa == noTerm || pb == noTerm {
		return 0, true
	}
	// The occurrences of t, the term of the word at offset from a.
	t, offset := ta, 0
	if ta == noTerm || tb != noTerm && len(ix.snap.holding[tb]) < len(ix.snap.holding[ta]) {
		t, offset = tb, 1
	}
	n := 0
	for _, num := range ix.snap.holding[t] {
		m := ix.snap.byNum[num]
		if m.sideBySide(t, offset, pa, pb) {
			n++
		}
	}
	return n, true
}

// sideBySide reports whether the document's title or text has the plain
// word pa followed by pb, finding them by the occurrences of the term t of
// the word at offset from pa.
func (m *docMeta) sideBySide(t uint32, offset int, pa, pb uint32) bool {
	for _, o := range m.occurrences(t) {
		at := int(o.at) - offset
		if at >= 0 && at+1 < len(m.words) && m.words[at].plain == pa && m.words[at+1].plain == pb {
			return true
		}
	}
	if m.textWords { // else words are the title's
		for i := 0; i+1 < len(m.titlePlain); i++ {
			if m.titlePlain[i] == pa && m.titlePlain[i+1] == pb {
				return true
			}
		}
	}
	return false
}

// phraseCount is sideBySide for two words of the game's vocabulary (both
// with an English term): 0 when either is a stop word ("the space line" is
// still "the spaceline").
func (ix *Index) phraseCount(a, b string) int {
	if ix.termOf(a) == noTerm || ix.termOf(b) == noTerm {
		return 0
	}
	n, _ := ix.sideBySide(a, b)
	return n
}

// termOf returns the lexicon id of the English term of a plain word, or
// noTerm for a stop word or a word no document holds.
func (ix *Index) termOf(w string) uint32 {
	term, ok := ix.englishTerm(w)
	if !ok {
		return noTerm
	}
	if t := ix.lex.id(term); int(t) < len(ix.snap.holding) {
		return t
	}
	return noTerm
}

// inContext puts first, of the corrections of a typed word as near as the
// nearest, the one the rulebooks write in the most documents beside the
// word's typed neighbours (before and after it; "" for none): "away teem"
// is "away team", though "them" is the more common word.
func (ix *Index) inContext(cs []correction, before, after string) {
	before, after = neighbour(before), neighbour(after)
	if len(cs) < 2 || before == "" && after == "" {
		return
	}
	best, most := 0, 0
	for i, c := range cs {
		if c.dist != cs[0].dist {
			break
		}
		n := 0
		if before != "" {
			k, _ := ix.sideBySide(before, c.word)
			n += k
		}
		if after != "" {
			k, _ := ix.sideBySide(c.word, after)
			n += k
		}
		if n > most {
			best, most = i, n
		}
	}
	if best > 0 {
		c := cs[best]
		copy(cs[1:best+1], cs[:best])
		cs[0] = c
	}
}

// neighbour is a typed word beside a typo as the index's plain words are
// written (lower case), or "" when it is not one word of letters.
func neighbour(w string) string {
	if !splitPart(w) {
		return ""
	}
	if lowerWord(w) {
		return w
	}
	return strings.ToLower(w)
}

// splitOverTypo reports whether a typed word w that runs two words together
// (split, "a b", the rarer of them in rarer documents; see splitForm) is
// read as the two rather than as one of near, the words of the index one
// letter from it, nearest first (vocabulary.corrections): not when the
// rulebooks use the first of them more than the rarer of the two ("misson"
// is "mission", not "mis son"), nor when one of them is w as a judge
// mistypes a word -- a letter dropped, one typed twice, two swapped -- and
// the rulebooks never write the two side by side: "wellcome" is "welcome",
// not "well come"; "peacefull" "peaceful"; "manhim" Manheim; "setfan"
// Stefan; "reday" "ready", though "relay", one letter changed, comes
// first. Two stop words are never measured side by side ("somehere" is
// "somewhere"). A word one letter from near by another edit only stays the
// two: "halfway" is "half way", not "hallway"; "replay" "re play", not
// "relay". typo is the word of near read in its place when it is not the
// two: the one mistyped, or "" for the first.
func (ix *Index) splitOverTypo(w, split string, rarer int, near []correction) (asSplit bool, typo string) {
	if ix.vocab.freqOf(near[0].word) > rarer {
		return false, ""
	}
	for _, c := range near {
		if c.dist != 1 || !mistyped(w, c.word) {
			continue
		}
		a, b, _ := strings.Cut(split, " ")
		if n, ok := ix.sideBySide(a, b); ok && n > 0 {
			return true, ""
		}
		return false, c.word
	}
	return true, ""
}

// mistyped reports whether the typed word w is the word with one letter
// dropped, one letter typed twice, or two neighbouring letters swapped.
func mistyped(w, word string) bool {
	i := 0 // the first place they differ
	for i < len(w) && i < len(word) && w[i] == word[i] {
		i++
	}
	switch len(word) - len(w) {
	case 1: // a letter dropped
		return w[i:] == word[i+1:]
	case -1: // a letter typed twice
		return i > 0 && w[i] == w[i-1] && w[i+1:] == word[i:]
	case 0: // two letters swapped
		return i+1 < len(w) && w[i] == word[i+1] && w[i+1] == word[i] && w[i+2:] == word[i+2:]
	}
	return false
}
