package search

// Figures text-speak writes for a word that sounds alike: "a leader 2
// attack" is a leader to attack, "seed 4 free" seed for free. A figure is
// read as the word when it stands between two words and the rulebooks
// write the word before the one after it in more documents than they write
// the number there, as a figure or a word ("2 copies" stays two copies).
var soundDigits = map[string]struct{ word, number string }{
	"2": {"to", "two"},
	"4": {"for", "four"},
}

// digitAsWord returns the word a typed figure stands for, between the typed
// words before and after it, and whether it stands for one.
func (ix *Index) digitAsWord(w, before, after string) (string, bool) {
	d, ok := soundDigits[w]
	if !ok || before == "" {
		return "", false
	}
	after = neighbour(after)
	if after == "" {
		return "", false
	}
	asWord, ok := ix.sideBySide(d.word, after)
	if !ok || asWord < 2 {
		return "", false
	}
	asNumber, _ := ix.sideBySide(d.number, after)
	n, _ := ix.sideBySide(w, after)
	return d.word, asWord > 2*(asNumber+n)
}
