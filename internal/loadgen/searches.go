// Package loadgen generates the traffic the load test sends, as values: the
// judge-style searches of its varied scenario. The load test (cmd/stccg-load)
// and the search benchmarks (internal/search) draw from the same generator,
// so that a benchmark measures what the load test sends.
package loadgen

import (
	"fmt"
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"
)

// GameWords are the words a judge types into a rules search: the game's
// terms of both editions, alone or as the short phrases players use.
var GameWords = []string{
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

// searchEditions is the edition filter of a generated search, drawn evenly.
var searchEditions = []string{"", "1e", "2e"}

// A Search is one generated search: its words and its edition filter ("" for
// none).
type Search struct {
	Q, Edition string
}

// Path is the search as a request to the REST API.
func (s Search) Path() string {
	q := url.Values{"q": {s.Q}}
	if s.Edition != "" {
		q.Set("edition", s.Edition)
	}
	return "/v1/search?" + q.Encode()
}

// Searches returns n distinct judge-style searches, each two or three game
// words in the order drawn, with an edition filter on two in three. Two
// searches never hold the same set of words. The list is a function of seed
// alone, so a run can be repeated request for request.
func Searches(seed uint64, n int) ([]Search, error) {
	if limit := MaxSearches(len(GameWords)); n > limit {
		return nil, fmt.Errorf("%d distinct searches asked for, the vocabulary gives %d", n, limit)
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x5eed5eed))
	seen := make(map[string]struct{}, n)
	out := make([]Search, 0, n)
	words := make([]string, 0, 3)
	for len(out) < n {
		words = words[:0]
		k := 2
		if rng.IntN(5) < 2 {
			k = 3
		}
		for len(words) < k {
			w := GameWords[rng.IntN(len(GameWords))]
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
		out = append(out, Search{Q: strings.Join(words, " "), Edition: searchEditions[rng.IntN(len(searchEditions))]})
	}
	return out, nil
}

// MaxSearches is how many distinct two- and three-word sets v words give.
func MaxSearches(v int) int {
	return v*(v-1)/2 + v*(v-1)*(v-2)/6
}
