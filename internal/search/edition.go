package search

// The edition a question's words lean to.
//
// A question naming no edition may still be asked of one: the two editions'
// rules are written in words of their own ("away team", "outpost",
// "spaceline" are First Edition's; "engagement", "headquarters" Second
// Edition's), and a judge asking in those words asks of that edition. When
// the index is built or opened, each plain word held by entries of one
// edition's rules (rulebooks, glossaries, rulings; not cards) and by none of
// the other's, by at least leanDocs entries, is marked with that edition.
// A query naming no edition whose marked words lean to one edition, more of
// them to it than to the other, scales the other edition's hits by Leaning:
// evidence weighed against their scores, never a filter.

// leanDocs is how many entries of one edition's rules a word must be held
// by, and by none of the other's, to be marked as that edition's: a word
// one entry holds is as often its chance wording.
const leanDocs = 2

// findEditionWords marks each plain word of one edition's rules only (see
// above) in ix.leans, by lexicon id.
func (ix *Index) findEditionWords() {
	var df [][2]uint16
	seen := map[uint32]bool{}
	for _, m := range ix.meta {
		e := editionCode(m.Edition)
		if m.Kind == "card" || e == 0 {
			continue
		}
		clear(seen)
		for _, w := range m.words {
			if w.plain == noTerm || seen[w.plain] {
				continue
			}
			seen[w.plain] = true
			for int(w.plain) >= len(df) {
				df = append(df, [2]uint16{})
			}
			if c := &df[w.plain][e-1]; *c < 1<<15 {
				*c++
			}
		}
	}
	ix.leans = make([]uint8, len(df))
	for id, d := range df {
		switch {
		case d[0] >= leanDocs && d[1] == 0:
			ix.leans[id] = 1
		case d[1] >= leanDocs && d[0] == 0:
			ix.leans[id] = 2
		}
	}
}

// leaning returns the edition code the query's plain words lean to (see
// above), 0 for none or a tie.
func (ix *Index) leaning(plainIDs []uint32) uint8 {
	var n [3]int
	for _, id := range plainIDs {
		if int(id) < len(ix.leans) {
			n[ix.leans[id]]++
		}
	}
	switch {
	case n[1] > n[2]:
		return 1
	case n[2] > n[1]:
		return 2
	}
	return 0
}
