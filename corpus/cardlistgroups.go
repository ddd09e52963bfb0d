// Placing the card list's rows in their groups (cardlist.go reads the
// rows): each heading's group starts where the heading was read, or where
// the alphabetical order starts again nearby when the column layout read
// the heading a few rows early or late.

package corpus

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
)

type cardListGroup struct{ typ, affiliation string }

// cardListGroups places every row (sorted by number) in its heading's group.
// A heading's group starts at the row read next after it, unless the
// heading was misplaced: within a group the list is alphabetical, so a group
// start shows as a restart of the alphabetical order (see cardListStarts).
func cardListGroups(rows []*cardListRow, headings []*cardListHeading) ([]cardListGroup, []string) {
	var warns []string
	// One heading per group: a list printed twice reads each heading twice;
	// the earliest anchor stands.
	type key struct{ typ, aff string }
	best := map[key]*cardListHeading{}
	var order []key
	for _, h := range headings {
		if h.anchor < 0 {
			warns = append(warns, fmt.Sprintf("card list: heading %s at line %d has no row after it", cardListGroupName(h.typ, h.affiliation), h.line))
			continue
		}
		k := key{h.typ, h.affiliation}
		if b, ok := best[k]; !ok {
			best[k] = h
			order = append(order, k)
		} else if h.anchor < b.anchor {
			best[k] = h
		}
	}
	hs := make([]*cardListHeading, 0, len(order))
	for _, k := range order {
		hs = append(hs, best[k])
	}
	sort.SliceStable(hs, func(i, j int) bool { return hs[i].anchor < hs[j].anchor })

	starts := cardListStarts(rows, hs)
	for hi, h := range hs {
		if at := starts[hi]; at < len(rows) && rows[at].number != h.anchor {
			warns = append(warns, fmt.Sprintf("card list: heading %s (line %d) is read before row %d; its group starts at row %d, where the alphabetical order starts again",
				cardListGroupName(h.typ, h.affiliation), h.line, h.anchor, rows[at].number))
		}
	}
	groups := make([]cardListGroup, len(rows))
	g := -1
	for i := range rows {
		for g+1 < len(hs) && starts[g+1] <= i {
			g++
		}
		if g < 0 {
			warns = append(warns, fmt.Sprintf("card list: row %d (line %d) comes before any heading; its card type is not known", rows[i].number, rows[i].line))
			continue
		}
		groups[i] = cardListGroup{typ: hs[g].typ, affiliation: hs[g].affiliation}
	}
	return groups, warns
}

func cardListGroupName(typ, aff string) string {
	if aff == "" {
		return strings.ToUpper(typ)
	}
	return strings.ToUpper(typ) + " – " + strings.ToUpper(aff)
}

// cardListSortKey is the form in which the list is alphabetical: lower
// case letters, digits and spaces; a leading "The" or "A" counts.
func cardListSortKey(title string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(title) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == ' ' {
			b.WriteRune(r)
		}
	}
	return strings.TrimSpace(b.String())
}

func cardListAbs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// cardListStarts chooses where each heading's group starts (positions in
// rows; headings sorted by anchor, starts strictly increasing). A start costs
// the rows it lies away from the heading's anchor, and saves
// cardListBreakCost when the alphabetical order starts again there (a break
// that would otherwise lie inside a group). The cheapest choice over all
// headings together is found by dynamic programming; a break the list has
// inside a group (it is not perfectly sorted) then stays where it is,
// because using it would push the next headings off their own starts.
func cardListStarts(rows []*cardListRow, hs []*cardListHeading) []int {
	n := len(rows)
	restart := make([]bool, n)
	for i := range rows {
		restart[i] = i == 0 || cardListSortKey(rows[i].title) < cardListSortKey(rows[i-1].title)
	}
	type choice struct{ pos, cost, prev int }
	layers := make([][]choice, len(hs))
	for hi, h := range hs {
		at := sort.Search(n, func(i int) bool { return rows[i].number >= h.anchor })
		for s := max(0, at-cardListMaxShift); s <= min(n-1, at+cardListMaxShift); s++ {
			shift := cardListAbs(rows[s].number - h.anchor)
			if shift > cardListMaxShift && s != at {
				continue
			}
			c := shift
			if restart[s] {
				c -= cardListBreakCost
			}
			ch := choice{pos: s, cost: c, prev: -1}
			if hi > 0 {
				best := -1
				for pi, p := range layers[hi-1] {
					if p.pos < s && (best < 0 || p.cost < layers[hi-1][best].cost) {
						best = pi
					}
				}
				if best < 0 {
					continue
				}
				ch.cost += layers[hi-1][best].cost
				ch.prev = best
			}
			layers[hi] = append(layers[hi], ch)
		}
		if len(layers[hi]) == 0 { // no room left: keep the heading's own place
			prevPos, prevCost, prevIdx := -1, 0, -1
			if hi > 0 && len(layers[hi-1]) > 0 {
				prevIdx = len(layers[hi-1]) - 1
				prevPos, prevCost = layers[hi-1][prevIdx].pos, layers[hi-1][prevIdx].cost
			}
			layers[hi] = []choice{{pos: max(at, prevPos+1), cost: prevCost, prev: prevIdx}}
		}
	}
	starts := make([]int, len(hs))
	if len(hs) == 0 {
		return starts
	}
	last := layers[len(hs)-1]
	bi := 0
	for i, c := range last {
		if c.cost < last[bi].cost {
			bi = i
		}
	}
	for hi := len(hs) - 1; hi >= 0; hi-- {
		c := layers[hi][bi]
		starts[hi] = c.pos
		bi = c.prev
		if bi < 0 && hi > 0 {
			bi = 0
		}
	}
	return starts
}
