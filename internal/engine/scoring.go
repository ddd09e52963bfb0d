package engine

import (
	"context"
	"encoding/json"
	"fmt"
)

// A Player is one player's standing: score and whether a planet and a space
// mission are completed.
type Player struct {
	Name   string `json:"name"`
	Score  int    `json:"score"`
	Planet bool   `json:"planet"`
	Space  bool   `json:"space"`
}

// GameEnd says whether the game has ended and who won (several for a tie).
type GameEnd struct {
	Ended   bool
	Winners []string
	Reasons []string
}

func highest(ps []Player, eligible func(Player) bool) []string {
	best, found := 0, false
	for _, p := range ps {
		if eligible(p) && (!found || p.Score > best) {
			best, found = p.Score, true
		}
	}
	var out []string
	for _, p := range ps {
		if eligible(p) && p.Score == best {
			out = append(out, p.Name)
		}
	}
	return out
}

// GameWinner2E: a player with 100 points who has completed a planet and a
// space mission wins at once. When every deck is empty the game ends too:
// the highest score among those with a planet and a space mission, else
// among those with any mission, else overall; equal scores tie.
func GameWinner2E(players []Player, decksEmpty bool) GameEnd {
	var g GameEnd
	for _, p := range players {
		if p.Score >= 100 && p.Planet && p.Space {
			g.Winners = append(g.Winners, p.Name)
			g.Reasons = append(g.Reasons, fmt.Sprintf("%s has %d points and has completed a planet and a space mission: the game ends and %s wins.", p.Name, p.Score, p.Name))
		} else if p.Score >= 100 {
			g.Reasons = append(g.Reasons, fmt.Sprintf("%s has %d points but has not completed both a planet and a space mission.", p.Name, p.Score))
		}
	}
	if len(g.Winners) > 0 {
		g.Ended = true
		return g
	}
	if !decksEmpty {
		g.Reasons = append(g.Reasons, "No player has 100 points with a planet and a space mission completed, and the decks are not all empty: the game goes on.")
		return g
	}
	g.Ended = true
	tiers := []struct {
		what string
		ok   func(Player) bool
	}{
		{"completed a planet and a space mission", func(p Player) bool { return p.Planet && p.Space }},
		{"completed any mission", func(p Player) bool { return p.Planet || p.Space }},
		{"played", func(Player) bool { return true }},
	}
	for _, t := range tiers {
		if w := highest(players, t.ok); len(w) > 0 {
			g.Winners = w
			g.Reasons = append(g.Reasons, fmt.Sprintf("All decks are empty: the highest score among the players who have %s wins: %s.", t.what, joinAnd(w)))
			break
		}
	}
	return g
}

// GameWinner1E: the first player to 100 points wins; when both draw decks
// run out, the player with the most points wins (equal scores tie).
func GameWinner1E(players []Player, decksEmpty bool) GameEnd {
	var g GameEnd
	for _, p := range players {
		if p.Score >= 100 {
			g.Winners = append(g.Winners, p.Name)
			g.Reasons = append(g.Reasons, fmt.Sprintf("%s has %d points: %s wins.", p.Name, p.Score, p.Name))
		}
	}
	if len(g.Winners) > 0 {
		g.Ended = true
		return g
	}
	if !decksEmpty {
		g.Reasons = append(g.Reasons, "No player has 100 points and the draw decks have not run out: the game goes on.")
		return g
	}
	g.Ended = true
	g.Winners = highest(players, func(Player) bool { return true })
	g.Reasons = append(g.Reasons, fmt.Sprintf("Both draw decks have run out: the player with the most points wins: %s.", joinAnd(g.Winners)))
	return g
}

type winnerParams struct {
	Players    []Player `json:"players"`
	DecksEmpty bool     `json:"decksEmpty"`
}

func runGameWinner(_ context.Context, _ *Service, j *judgement, raw json.RawMessage) error {
	var p winnerParams
	if err := decodeParams(raw, &p); err != nil {
		return err
	}
	if len(p.Players) == 0 {
		return unprocessable("params.players", "params.players is required: each player's name, score, planet and space")
	}
	seen := map[string]bool{}
	for i, pl := range p.Players {
		if pl.Name == "" {
			return unprocessable(fmt.Sprintf("params.players[%d].name", i), "every player needs a name")
		}
		if seen[pl.Name] {
			return unprocessable(fmt.Sprintf("params.players[%d].name", i), "the name %q is used twice", pl.Name)
		}
		seen[pl.Name] = true
	}
	var g GameEnd
	if j.first() {
		g = GameWinner1E(p.Players, p.DecksEmpty)
		j.cite("win1.points")
		if p.DecksEmpty {
			j.cite("win1.deckout")
		}
	} else {
		g = GameWinner2E(p.Players, p.DecksEmpty)
		j.cite("win.points")
		if p.DecksEmpty {
			j.cite("win.deckout")
		}
		if len(g.Winners) > 1 {
			j.cite("win.tie")
		}
	}
	j.reasons = append(j.reasons, g.Reasons...)
	if len(g.Winners) > 1 {
		j.say("Their scores are equal: the game ends in a tie between %s.", joinAnd(g.Winners))
	}
	winners := g.Winners
	if winners == nil {
		winners = []string{}
	}
	j.set("ended", g.Ended)
	j.set("winners", winners)
	return nil
}
