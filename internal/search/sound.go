package search

import "strings"

// Spellings by sound (and the British spellings of American words): a judge who spells a word as it sounds writes letters
// no edit distance of one or two reaches ("fazes" for phases, "kwadrant"
// for quadrant, "acshun" for action). Each rule is a sound English writes
// two ways, the way a judge writes it and the way the word may be written;
// a typed word the index does not know is also corrected as respelled by
// one of them, within the edits the word has as typed, and the respelled
// word's corrections compete with the typed word's by the same rules
// (nearest, then the one the rulebooks write beside the word's neighbours:
// "seed fazes" is seed phases, not seed faces).
var soundSpellings = []struct{ typed, written string }{
	{"f", "ph"},      // fase, fazer, foton
	{"kw", "qu"},     // kwadrant, kwestion
	{"shun", "tion"}, // acshun, posishun
	{"ite", "ight"},  // fite, nite
	// British spellings, read as the American ones the rulebooks print.
	{"our", "or"},    // armour, honour
	{"ence", "ense"}, // defence, offence
	{"ise", "ize"},   // neutralise
	{"tre", "ter"},   // centre
}

// maxRespellings bounds the respelled forms of one typed word.
const maxRespellings = 8

// respellings returns the typed word w written otherwise by one rule of
// soundSpellings at one place, at most maxRespellings of them.
func respellings(w string) []string {
	var out []string
	for _, s := range soundSpellings {
		for i := 0; i <= len(w)-len(s.typed) && len(out) < maxRespellings; {
			k := strings.Index(w[i:], s.typed)
			if k < 0 {
				break
			}
			at := i + k
			if !strings.HasPrefix(w[at:], s.written) { // "ph" is no "f" to respell
				out = append(out, w[:at]+s.written+w[at+len(s.typed):])
			}
			i = at + len(s.typed)
		}
	}
	return out
}

// soundCorrections adds to cs, the corrections of the typed word w within
// max edits, those of each of its respellings by sound within as many, and
// orders them as corrections are (vocabulary.best). A word found both ways
// keeps the nearer.
func (v *vocabulary) soundCorrections(w string, max int, cs []correction) []correction {
	rs := respellings(w)
	if len(rs) == 0 {
		return cs
	}
	out := append([]correction(nil), cs...)
	for _, r := range rs {
		for _, c := range v.corrections(r, max) {
			if k := indexOfWord(out, c.word); k >= 0 {
				out[k].dist = min(out[k].dist, c.dist)
				continue
			}
			out = append(out, c)
		}
	}
	return v.best(w, out)
}

// indexOfWord returns where the word is among cs, or -1.
func indexOfWord(cs []correction, w string) int {
	for i, c := range cs {
		if c.word == w {
			return i
		}
	}
	return -1
}

// nearestBySound is nearest (the word of the thesaurus a typo stands for)
// of the typed word w or of one of its respellings by sound, the nearest of
// them: "fite" is the table's "fight".
func (t *thesaurus) nearestBySound(w string, max int) (string, int) {
	best, far := t.nearest(w, max)
	for _, r := range respellings(w) {
		if k, d := t.nearest(r, max); k != "" && (best == "" || d < far) {
			best, far = k, d
		}
	}
	return best, far
}
