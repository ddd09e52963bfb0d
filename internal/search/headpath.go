package search

import (
	"slices"
	"strings"
)

// A sub-section's heading path.
//
// A rulebook's sub-section is titled for what it adds to the section it
// stands under: "Ship cards" under "REPORTING CARDS FOR DUTY". A question
// naming both ("where does a ship report for duty") names the sub-section,
// but its own title covers a part of the question and its parent's title
// another, and the parent, its text holding the sub-section's words less
// often, came first. When the index is built or opened, each entry under
// another (its id the other's and more: "...reporting-cards-for-duty.ship-
// cards") is given the terms of its heading path, its own title's and its
// sections', each once. The title cover of a hit whose own title holds a
// word of the query that no title above it holds is then the better of its
// title's and its path's (see scoreHits): a question naming only the
// parent's heading is no better covered by a sub-section, whose own title
// adds none of it ("which seed phase comes first" does not raise "3.
// DILEMMA PHASE" under "THE SEED PHASES").

// findHeadPaths sets each entry's pathIDs and pathIDF from the titles of
// the entries its id stands under.
func (ix *Index) findHeadPaths() {
	for id, m := range ix.meta {
		m.pathIDs, m.pathIDF, m.above = nil, 0, nil
		var path []uint32
		for up := id; ; {
			i := strings.LastIndexByte(up, '.')
			if i <= 0 {
				break
			}
			up = up[:i]
			p, ok := ix.meta[up]
			if !ok {
				continue
			}
			if m.above == nil {
				m.above = p
			}
			for _, t := range p.titleIDs {
				if !slices.Contains(m.titleIDs, t) && !slices.Contains(path, t) {
					path = append(path, t)
				}
			}
		}
		if len(path) == 0 || len(m.titleIDs) == 0 {
			continue
		}
		m.pathIDs = append(slices.Clip(slices.Clone(m.titleIDs)), path...)
		for _, t := range m.pathIDs {
			m.pathIDF += ix.lex.idf[t]
		}
	}
}

// titleAdds reports whether m's own title holds a term of the query that
// no title of the sections it stands under holds.
func titleAdds(m *docMeta, a *analyzed) bool {
	for _, t := range m.titleIDs {
		if !slices.Contains(a.terms, t) {
			continue
		}
		held := false
		for u := m.above; u != nil && !held; u = u.above {
			held = slices.Contains(u.titleIDs, t)
		}
		if !held {
			return true
		}
	}
	return false
}
