package main

import (
	"fmt"
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"
)

// gameWords are the words a judge types into a rules search: the game's
// terms of both editions, alone or as the short phrases players use.
var gameWords = []string{
	"stopped", "personnel", "range", "span", "move", "dilemma", "budget",
	"overcome", "mission", "attempt", "ship", "staffing", "command", "staff",
	"headquarters", "planet", "space", "quadrant", "gamma", "delta", "alpha",
	"mirror", "affiliation", "federation", "klingon", "romulan", "bajoran",
	"cardassian", "borg", "dominion", "ferengi", "starfleet", "seed", "draw",
	"discard", "deck", "hand", "counters", "core", "event", "interrupt",
	"equipment", "weapons", "shields", "strength", "cunning", "integrity",
	"skill", "diplomacy", "leadership", "science", "engineering", "medical",
	"security", "treachery", "anthropology", "honor", "transporters", "beam",
	"report", "play", "battle", "combat", "damage", "destroyed", "engagement",
	"facility", "outpost", "docked", "away team", "unique", "universal",
	"persona", "errata", "points", "score", "win", "requirements", "capture",
	"kill", "random", "selection", "return", "top", "bottom", "native",
	"completed", "turn", "phase", "orders", "download", "doorway", "artifact",
	"hidden agenda", "timeline", "spaceline", "region", "cost", "dual",
	"icon", "species", "stun", "mortally wounded", "direct hit", "attack",
	"defense", "cloak", "tractor", "flee", "walk", "location", "leave",
	"reveal", "face", "stack", "commanded", "matching", "unstopped",
}

// queryEditions is the edition filter of a generated query, drawn evenly.
var queryEditions = []string{"", "1e", "2e"}

// searchQueries returns n distinct judge-style searches, each two or three
// game words in the order drawn, with an edition filter on two in three.
// Two searches never hold the same set of words. The list is a function of
// seed alone, so a run can be repeated request for request.
func searchQueries(seed uint64, n int) ([]string, error) {
	if limit := maxQueries(len(gameWords)); n > limit {
		return nil, fmt.Errorf("%d distinct searches asked for, the vocabulary gives %d", n, limit)
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x5eed5eed))
	seen := make(map[string]struct{}, n)
	out := make([]string, 0, n)
	words := make([]string, 0, 3)
	for len(out) < n {
		words = words[:0]
		k := 2
		if rng.IntN(5) < 2 {
			k = 3
		}
		for len(words) < k {
			w := gameWords[rng.IntN(len(gameWords))]
			if !slices.Contains(words, w) {
				words = append(words, w)
			}
		}
		set := slices.Clone(words)
		slices.Sort(set)
		key := strings.Join(set, "|")
		if _, dup := seen[key]; dup {
			continue
		}
		seen[key] = struct{}{}
		q := url.Values{"q": {strings.Join(words, " ")}}
		if ed := queryEditions[rng.IntN(len(queryEditions))]; ed != "" {
			q.Set("edition", ed)
		}
		out = append(out, "/v1/search?"+q.Encode())
	}
	return out, nil
}

// maxQueries is how many distinct two- and three-word sets v words give.
func maxQueries(v int) int {
	return v*(v-1)/2 + v*(v-1)*(v-2)/6
}
