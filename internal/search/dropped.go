package search

import "slices"

// A heading the governing rulebook no longer has.
//
// The newest Second Edition rulebook renamed and merged the older ones'
// sections: the Call to Arms rulebook's "EVENT", "Staffing ships" and
// "Using Range", its glossary's "ability" and "modifiers" are headings the
// newest rulebook has none of, their rules stated under others ("PLAYING
// SPECIFIC KINDS OF CARDS", "ORDER – MOVE A SHIP", "modifications"). A
// question holding such a heading's word is covered by the older entry's
// title where the rule in force stands under another, and the older entry
// came first by its cover. When the index is built or opened, an entry of
// an older rulebook (a section or glossary entry whose document's
// precedence is below the highest of its edition's rulebooks) is marked
// dropped when no entry of the governing rulebook holds every term of its
// title in its own. Its title cover counts Dropped of itself, unless the
// query names its title in order (namesTitleInOrder), as a judge naming the
// older section does.

// findDropped marks the older rulebooks' entries whose headings the
// governing rulebook of their edition no longer has (see above).
func (ix *Index) findDropped() {
	top := map[string]int{} // the governing rulebook's precedence, by edition
	for _, m := range ix.meta {
		if rulebookKind(m.Kind) {
			top[m.Edition] = max(top[m.Edition], m.Precedence)
		}
	}
	governing := map[string][][]uint32{} // its entries' title terms, by edition
	for _, m := range ix.meta {
		if rulebookKind(m.Kind) && m.Precedence == top[m.Edition] {
			governing[m.Edition] = append(governing[m.Edition], m.titleIDs)
		}
	}
	for _, m := range ix.meta {
		m.dropped = false
		if !rulebookKind(m.Kind) || m.Precedence >= top[m.Edition] || len(m.titleIDs) == 0 {
			continue
		}
		m.dropped = !slices.ContainsFunc(governing[m.Edition], func(title []uint32) bool {
			for _, t := range m.titleIDs {
				if !slices.Contains(title, t) {
					return false
				}
			}
			return true
		})
	}
}

// rulebookKind reports whether an entry of kind is a rulebook's: a section
// or a glossary entry.
func rulebookKind(kind string) bool {
	return kind == "section" || kind == "glossary"
}
