package search

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2"
)

// maxCorrections is how many words of the index a typed word unknown to it
// may stand for.
const maxCorrections = 6

// vocabulary is every word of the plain title and text fields with the
// number of documents holding it, bucketed by length in letters so that the
// words within a typo's distance of a typed word are found by scanning only
// the lengths that could be.
type vocabulary struct {
	freq  map[string]int
	byLen map[int][]string
	// The same words by the shape of their start, so that corrections
	// reads only those a typo could have come from (samePrefixShape):
	// byFirst and bySecond hold the words whose first two bytes are ASCII
	// by length and first, or second, byte; oddStart the others (shorter,
	// or not ASCII), by length.
	byFirst, bySecond map[lengthByte][]string
	oddStart          map[int][]string
	// weight is the idf of each English term of a title or text.
	weight map[string]float64
	docs   int
	// compounds are the words the texts write with hyphens, by their
	// joined form, which corrections may also find (see compoundsOf);
	// prefixes the short first parts of them ("re", "co", "mis").
	compounds map[string]compound
	prefixes  map[string]bool
	// oneEdit is every word (and compound) by itself and by each form of it
	// with one letter deleted, as the hash of that form and the word's
	// place in words, in order of the hashes: the words one edit from a
	// typed word are among those found under it and its own deletions (see
	// nearOne). A hash two forms share only adds a word to measure.
	oneEdit []deletion
	words   []string
}

// deletion is a word of the vocabulary, by its place in words, under the
// hash of itself or of a form of it with one letter deleted.
type deletion struct {
	hash  uint64
	place int32
}

// idf is the rarity of an English term: log(1 + N/df), where df is how many
// documents hold it in their title or text (a term of none counts as one).
func (v *vocabulary) idf(term string) float64 {
	if w, ok := v.weight[term]; ok {
		return w
	}
	return math.Log(1 + float64(v.docs))
}

// readVocabulary reads the plain fields' dictionaries of the index.
func readVocabulary(idx bleve.Index) (*vocabulary, error) {
	v := &vocabulary{freq: map[string]int{}, byLen: map[int][]string{}, weight: map[string]float64{}}
	n, err := idx.DocCount()
	if err != nil {
		return nil, fmt.Errorf("count documents: %w", err)
	}
	v.docs = int(n)
	df := map[string]int{}
	for _, field := range []string{fieldTitle, fieldText} {
		if err := eachTerm(idx, field, func(term string, count int) {
			df[term] = max(df[term], count)
		}); err != nil {
			return nil, err
		}
	}
	for term, n := range df {
		v.weight[term] = math.Log(1 + float64(v.docs)/float64(n))
	}
	for _, field := range []string{fieldTitlePlain, fieldTextPlain} {
		if err := eachTerm(idx, field, func(term string, count int) {
			if _, ok := v.freq[term]; !ok {
				n := utf8.RuneCountInString(term)
				v.byLen[n] = append(v.byLen[n], term)
			}
			v.freq[term] += count
		}); err != nil {
			return nil, err
		}
	}
	v.byFirst, v.bySecond, v.oddStart = map[lengthByte][]string{}, map[lengthByte][]string{}, map[int][]string{}
	for n, words := range v.byLen {
		for _, t := range words {
			if !asciiStart(t) {
				v.oddStart[n] = append(v.oddStart[n], t)
				continue
			}
			v.byFirst[lengthByte{n, t[0]}] = append(v.byFirst[lengthByte{n, t[0]}], t)
			v.bySecond[lengthByte{n, t[1]}] = append(v.bySecond[lengthByte{n, t[1]}], t)
		}
	}
	return v, nil
}

// addCompounds lets corrections find the joined forms of the hyphenated
// words the index holds as their parts; known still says no to them.
func (v *vocabulary) addCompounds(cs map[string]compound) {
	v.compounds, v.prefixes = map[string]compound{}, map[string]bool{}
	joined := make([]string, 0, len(cs))
	for w := range cs {
		joined = append(joined, w)
	}
	sort.Strings(joined)
	for _, w := range joined {
		c := cs[w]
		if first, _, _ := strings.Cut(c.parts, " "); len(first) <= 3 {
			v.prefixes[first] = true
		}
		if _, known := v.freq[w]; known {
			continue
		}
		v.compounds[w] = c
		n := utf8.RuneCountInString(w)
		v.byLen[n] = append(v.byLen[n], w)
		if !asciiStart(w) {
			v.oddStart[n] = append(v.oddStart[n], w)
			continue
		}
		v.byFirst[lengthByte{n, w[0]}] = append(v.byFirst[lengthByte{n, w[0]}], w)
		v.bySecond[lengthByte{n, w[1]}] = append(v.bySecond[lengthByte{n, w[1]}], w)
	}
}

// indexDeletions fills oneEdit, once the vocabulary is whole (its words and
// its compounds): each word under itself and under each form of it with one
// letter (one rune) deleted.
func (v *vocabulary) indexDeletions() {
	v.words = v.words[:0]
	n := 0
	for _, ws := range v.byLen {
		v.words = append(v.words, ws...)
		for _, w := range ws {
			n += 1 + utf8.RuneCountInString(w)
		}
	}
	sort.Strings(v.words)
	v.oneEdit = make([]deletion, 0, n)
	for i, t := range v.words {
		v.oneEdit = append(v.oneEdit, deletion{hashDeleted(t, 0, 0), int32(i)})
		for at, r := range t {
			v.oneEdit = append(v.oneEdit, deletion{hashDeleted(t, at, utf8.RuneLen(r)), int32(i)})
		}
	}
	slices.SortFunc(v.oneEdit, func(a, b deletion) int {
		if c := cmp.Compare(a.hash, b.hash); c != 0 {
			return c
		}
		return cmp.Compare(a.place, b.place)
	})
}

// hashDeleted is the FNV-1a hash of s with n bytes deleted at at.
func hashDeleted(s string, at, n int) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		if i == at && n > 0 {
			i += n - 1
			continue
		}
		h = (h ^ uint64(s[i])) * prime
	}
	return h
}

// nearOne calls try with each word of the vocabulary that may be one edit
// (an insertion, a deletion, a substitution or a swap of two neighbouring
// letters) from the typed word w of ASCII letters, each once: a word one
// edit away shares with w either itself or w (a letter added or dropped) or
// a form with one letter deleted (a letter changed, or one of two swapped).
// The places found are gathered in scratch.
func (v *vocabulary) nearOne(w string, scratch []int32, try func(t string)) []int32 {
	found := scratch[:0]
	for at := -1; at < len(w); at++ {
		h := hashDeleted(w, at, 1) // at -1, w itself
		k, _ := slices.BinarySearchFunc(v.oneEdit, h, func(d deletion, h uint64) int { return cmp.Compare(d.hash, h) })
		for ; k < len(v.oneEdit) && v.oneEdit[k].hash == h; k++ {
			found = append(found, v.oneEdit[k].place)
		}
	}
	slices.Sort(found)
	for i, p := range found {
		if i == 0 || p != found[i-1] {
			try(v.words[p])
		}
	}
	return found
}

// freqOf is how many documents hold a word, or how often the texts write a
// compound.
func (v *vocabulary) freqOf(w string) int {
	if f, ok := v.freq[w]; ok {
		return f
	}
	return v.compounds[w].freq
}

// lengthByte is a length in letters and a byte.
type lengthByte struct {
	n int
	b byte
}

// asciiStart reports whether the first two bytes of s are ASCII.
func asciiStart(s string) bool {
	return len(s) >= 2 && s[0] < utf8.RuneSelf && s[1] < utf8.RuneSelf
}

// known reports whether the word is in the index.
func (v *vocabulary) known(w string) bool {
	_, ok := v.freq[w]
	return ok
}

// correction is a word of the index near a typed word.
type correction struct {
	word string
	dist int
}

// corrections returns the words of the index within max edits of w, nearest
// first, then the most common, at most maxCorrections of them. A typo is
// assumed to leave the first or the second letter in place (or to swap them).
func (v *vocabulary) corrections(w string, max int) []correction {
	return v.correctionsWhere(w, max, nil)
}

// correctionsWhere is corrections of the words keep accepts (all for nil),
// which it asks before measuring any.
func (v *vocabulary) correctionsWhere(w string, max int, keep func(string) bool) []correction {
	n := utf8.RuneCountInString(w)
	var out []correction
	if max == 1 && v.oneEdit != nil && len(w) <= maxJoinedTypo && isASCII(w) {
		// The words one edit away from their deletions, not every word of
		// a length: those samePrefixShape passes, as below.
		var scratch [64]int32
		v.nearOne(w, scratch[:0], func(t string) {
			if !samePrefixShape(w, t) || keep != nil && !keep(t) {
				return
			}
			if d, ok := editDistance(w, t, max); ok {
				out = append(out, correction{t, d})
			}
		})
		return v.best(w, out)
	}
	bound := newLetterBound(w, max)
	try := func(t string, l int) {
		if keep != nil && !keep(t) || bound.rules(t, l) {
			return
		}
		if d, ok := editDistance(w, t, max); ok {
			out = append(out, correction{t, d})
		}
	}
	for l := n - max; l <= n+max; l++ {
		if !asciiStart(w) {
			for _, t := range v.byLen[l] {
				if samePrefixShape(w, t) {
					try(t, l)
				}
			}
			continue
		}
		// The words samePrefixShape passes, each once: the same first
		// byte; the same second byte; the two swapped; and every word not
		// starting with two ASCII bytes.
		w0, w1 := w[0], w[1]
		for _, t := range v.byFirst[lengthByte{l, w0}] {
			try(t, l)
		}
		for _, t := range v.bySecond[lengthByte{l, w1}] {
			if t[0] != w0 {
				try(t, l)
			}
		}
		if w0 != w1 {
			for _, t := range v.byFirst[lengthByte{l, w1}] {
				if t[1] == w0 {
					try(t, l)
				}
			}
		}
		for _, t := range v.oddStart[l] {
			try(t, l)
		}
	}
	return v.best(w, out)
}

// best orders the corrections of the typed word w nearest first, then
// those keeping its first letter (a typo seldom changes it: "regin" is
// "region" before "begin"), then the most common word, then alphabetically,
// and keeps at most maxCorrections of them.
func (v *vocabulary) best(w string, out []correction) []correction {
	first, _ := utf8.DecodeRuneInString(w)
	sort.Slice(out, func(i, j int) bool {
		if out[i].dist != out[j].dist {
			return out[i].dist < out[j].dist
		}
		fi, _ := utf8.DecodeRuneInString(out[i].word)
		fj, _ := utf8.DecodeRuneInString(out[j].word)
		if (fi == first) != (fj == first) {
			return fi == first
		}
		if fi, fj := v.freqOf(out[i].word), v.freqOf(out[j].word); fi != fj {
			return fi > fj
		}
		return out[i].word < out[j].word
	})
	if len(out) > maxCorrections {
		out = out[:maxCorrections]
	}
	return out
}

// letterBound rules out cheaply most words too far from a typed word of
// ASCII letters: an edit changes the count of at most two letters by one
// each (a swap none), so words whose letter counts differ by more than twice
// the edits allowed are more edits apart than that.
type letterBound struct {
	counts [utf8.RuneSelf]uint8 // of the typed word's letters
	n      int                  // its length in letters
	max    int                  // edits allowed
	ok     bool                 // the typed word is short ASCII: the bound applies
}

func newLetterBound(w string, max int) letterBound {
	b := letterBound{n: len(w), max: max, ok: len(w) < 256}
	for i := 0; i < len(w) && b.ok; i++ {
		if w[i] >= utf8.RuneSelf {
			b.ok = false
		}
		b.counts[w[i]&(utf8.RuneSelf-1)]++
	}
	return b
}

// rules reports whether t, of l letters, is surely more than max edits from
// the typed word.
func (b *letterBound) rules(t string, l int) bool {
	if !b.ok {
		return false
	}
	counts := b.counts
	common := 0
	for i := 0; i < len(t); i++ {
		if c := t[i]; c < utf8.RuneSelf && counts[c] > 0 {
			counts[c]--
			common++
		}
	}
	// The letters of either word the other lacks: the typed word's n and
	// t's l (a letter beyond ASCII is never the typed word's) less those
	// they share.
	return b.n+l-2*common > 2*b.max
}

// samePrefixShape is a cheap test a typo passes: it leaves the first or the
// second letter in place, or swaps the two. Only words that pass are measured.
func samePrefixShape(w, t string) bool {
	if len(w) < 2 || len(t) < 2 || w[0] >= utf8.RuneSelf || w[1] >= utf8.RuneSelf || t[0] >= utf8.RuneSelf || t[1] >= utf8.RuneSelf {
		return true
	}
	return w[0] == t[0] || w[1] == t[1] || w[0] == t[1] && w[1] == t[0]
}

// editDistance returns the edit distance of a and b over runes, counting an
// insertion, a deletion, a substitution or a swap of two neighbouring letters
// ("rnage" for "range") as one edit (optimal string alignment), and true when
// it is at most max; it gives up early past max.
//
// It is rules.EditDistance counted over runes rather than bytes: the
// vocabulary is kept by rune length (byLen, letterBound), and a word typed
// or indexed may hold letters other than ASCII ("é" for "e" is one edit
// here, two bytes there). It stays its own copy for that, and because the
// corrections of every search run through it.
func editDistance(a, b string, max int) (int, bool) {
	var bufA, bufB [48]rune
	ra, rb := appendRunes(bufA[:0], a), appendRunes(bufB[:0], b)
	if d := len(ra) - len(rb); d > max || -d > max {
		return 0, false
	}
	var bufPP, bufP, bufC [49]int
	pprev, prev, cur := bufPP[:0], bufP[:0], bufC[:0]
	for range len(rb) + 1 { // beyond 48 letters, append allocates
		pprev, prev, cur = append(pprev, 0), append(prev, 0), append(cur, 0)
	}
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], pprev[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > max {
			return 0, false
		}
		pprev, prev, cur = prev, cur, pprev
	}
	d := prev[len(rb)]
	return d, d <= max
}

func appendRunes(dst []rune, s string) []rune {
	for _, r := range s {
		dst = append(dst, r)
	}
	return dst
}

// eachTerm calls fn with every term of a field's dictionary and the number of
// documents holding it.
func eachTerm(idx bleve.Index, field string, fn func(term string, count int)) error {
	d, err := idx.FieldDict(field)
	if err != nil {
		return fmt.Errorf("read dictionary of %s: %w", field, err)
	}
	for {
		e, err := d.Next()
		if err != nil {
			_ = d.Close()
			return fmt.Errorf("read dictionary of %s: %w", field, err)
		}
		if e == nil {
			break
		}
		fn(e.Term, int(e.Count))
	}
	if err := d.Close(); err != nil {
		return fmt.Errorf("close dictionary of %s: %w", field, err)
	}
	return nil
}

// isASCII reports whether every byte of s is ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
