package catalog

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/stccg/stccg-rules/internal/rules"
)

// versionKeys are the names that make cards versions of one another: the
// title ("Jean-Luc Picard" of both editions, whatever the subtitle), the
// persona a 1E card says it is ("Captain Worf" is Worf), and a 2E mission's
// mission name, which a 1E mission prints as its title ("Explore Black
// Cluster").
func versionKeys(c *rules.Card) []string {
	var keys []string
	for _, name := range []string{c.Title, c.Persona, c.MissionName} {
		if k := rules.FoldName(name); k != "" && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// withVersions returns copies of the cards, each with Versions set: the ids
// of the other cards sharing one of its version keys, of both editions, the
// card's own edition first, then by set and number. The cards given are left
// as they are, so catalogs built over the same corpus share nothing they
// write.
func withVersions(cards []*rules.Card) []*rules.Card {
	byKey := map[string][]int{}
	for i, c := range cards {
		for _, k := range versionKeys(c) {
			byKey[k] = append(byKey[k], i)
		}
	}
	own := make([]rules.Card, len(cards))
	out := make([]*rules.Card, len(cards))
	for i, c := range cards {
		own[i] = *c
		out[i] = &own[i]
		var others []int
		for _, k := range versionKeys(c) {
			for _, j := range byKey[k] {
				if j != i && !slices.Contains(others, j) {
					others = append(others, j)
				}
			}
		}
		slices.SortFunc(others, func(a, b int) int { return compareVersions(c.Edition, cards[a], cards[b]) })
		own[i].Versions = make([]string, len(others))
		for n, j := range others {
			own[i].Versions[n] = cards[j].ID
		}
	}
	return out
}

// compareVersions orders a card's versions: those of its own edition first,
// then by set and number as numbers where they are ("101" after "9"), then
// by id.
func compareVersions(edition string, a, b *rules.Card) int {
	if ea, eb := a.Edition == edition, b.Edition == edition; ea != eb {
		if ea {
			return -1
		}
		return 1
	}
	if c := cmp.Compare(a.Edition, b.Edition); c != 0 {
		return -c // Second Edition before First
	}
	if c := compareNumbers(a.Set, b.Set); c != 0 {
		return c
	}
	if c := compareNumbers(a.Number, b.Number); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}

// compareNumbers compares two set or card numbers as numbers when both are,
// else as text ("P1" after "99").
func compareNumbers(a, b string) int {
	na, errA := strconv.Atoi(a)
	nb, errB := strconv.Atoi(b)
	switch {
	case errA == nil && errB == nil:
		return cmp.Compare(na, nb)
	case errA == nil:
		return -1
	case errB == nil:
		return 1
	}
	return cmp.Compare(a, b)
}
