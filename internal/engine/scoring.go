package engine

import (
	"context"
	"fmt"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A Standing is one player's standing as game.winner reads it: the score
// (given, as the contract requires it) and the missions completed.
type Standing struct {
	Name          string
	Score         int
	Planet, Space bool
}

// GameEnd says whether the game has ended and who won (several for a tie).
type GameEnd struct {
	Ended   bool
	Winners []string
	// Tie is true when several players share the win with equal scores.
	Tie     bool
	Reasons []string
	Applied []ruleKey
}

// highest returns the players among the eligible with the highest score
// (several only when their scores are equal) and that score.
func highest(ps []Standing, eligible func(Standing) bool) (names []string, score int) {
	found := false
	for _, p := range ps {
		if eligible(p) && (!found || p.Score > score) {
			score, found = p.Score, true
		}
	}
	for _, p := range ps {
		if eligible(p) && p.Score == score {
			names = append(names, p.Name)
		}
	}
	return names, score
}

// decide ends the game in favour of the highest score among the eligible;
// equal highest scores share the win.
func (g *GameEnd) decide(ps []Standing, eligible func(Standing) bool) {
	g.Ended = true
	g.Winners, _ = highest(ps, eligible)
	g.Tie = len(g.Winners) > 1
}

// GameWinner2E applies the 2E rulebooks' "Winning the Game": a player with
// 100 points (or more) who has completed a planet and a space mission wins,
// and the game ends at once. Should several players meet those conditions
// together, the highest score among them wins. When no player has cards left
// in their deck, the game ends too: the highest score among the players with
// a planet and a space mission completed, else among those with any mission
// completed, else overall. Only equal scores tie ("If multiple players meet
// one of these conditions and their score is the same": the newest
// rulebook).
func GameWinner2E(players []Standing, decksEmpty bool) GameEnd {
	var g GameEnd
	g.Applied = append(g.Applied, "win.points")
	won := func(p Standing) bool { return p.Score >= 100 && p.Planet && p.Space }
	var qualified []Standing
	for _, p := range players {
		switch {
		case won(p):
			qualified = append(qualified, p)
			g.Reasons = append(g.Reasons, fmt.Sprintf("%s has %d points and has completed a planet and a space mission.", p.Name, p.Score))
		case p.Score >= 100:
			g.Reasons = append(g.Reasons, fmt.Sprintf("%s has %d points but has not completed %s.", p.Name, p.Score, missionsMissing(p)))
		}
	}
	if len(qualified) > 0 {
		g.decide(players, won)
		switch {
		case len(qualified) == 1:
			g.Reasons = append(g.Reasons, fmt.Sprintf("The game ends immediately and %s wins.", g.Winners[0]))
		case g.Tie:
			g.Reasons = append(g.Reasons, fmt.Sprintf("%s meet the conditions with the same score: the game ends in a tie between them.", joinAnd(g.Winners)))
			g.Applied = append(g.Applied, "win.tie")
		default:
			// The rulebook ties players who meet a condition together only
			// when their score is the same.
			g.Reasons = append(g.Reasons, fmt.Sprintf("%s meet the conditions together; their scores differ, so the highest wins: %s.", joinAnd(playerNames(qualified)), g.Winners[0]))
			g.Applied = append(g.Applied, "win.tie")
		}
		return g
	}
	if !decksEmpty {
		g.Reasons = append(g.Reasons, "No player has 100 points with a planet and a space mission completed, and the decks are not all empty: the game goes on.")
		return g
	}
	g.Applied = append(g.Applied, "win.deckout")
	tiers := []struct {
		what string
		ok   func(Standing) bool
	}{
		{"completed a planet and a space mission", func(p Standing) bool { return p.Planet && p.Space }},
		{"completed any mission", func(p Standing) bool { return p.Planet || p.Space }},
		{"played", func(Standing) bool { return true }},
	}
	for _, t := range tiers {
		if w, score := highest(players, t.ok); len(w) > 0 {
			g.decide(players, t.ok)
			if g.Tie {
				g.Reasons = append(g.Reasons, fmt.Sprintf("All decks are empty: among the players who have %s, %s have the highest score (%d), the same: the game ends in a tie between them.", t.what, joinAnd(w), score))
				g.Applied = append(g.Applied, "win.tie")
			} else {
				g.Reasons = append(g.Reasons, fmt.Sprintf("All decks are empty: the highest score among the players who have %s wins: %s (%d).", t.what, w[0], score))
			}
			break
		}
	}
	return g
}

func missionsMissing(p Standing) string {
	switch {
	case !p.Planet && !p.Space:
		return "a planet mission or a space mission"
	case !p.Planet:
		return "a planet mission"
	}
	return "a space mission"
}

func playerNames(ps []Standing) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

// GameWinner1E applies the 1E rulebook's "Winning the Game": players take
// turns until one scores 100 points and is declared the winner, or until
// both draw decks run out, when the player with the most points is. The
// rulebook knows one player reaching 100 at a time; should several stand at
// 100 or more together, the most points wins. It names no tie-breaker:
// equal highest scores share the win.
func GameWinner1E(players []Standing, decksEmpty bool) GameEnd {
	var g GameEnd
	g.Applied = append(g.Applied, "win1.points")
	hundred := func(p Standing) bool { return p.Score >= 100 }
	var reached []Standing
	for _, p := range players {
		if hundred(p) {
			reached = append(reached, p)
			g.Reasons = append(g.Reasons, fmt.Sprintf("%s has %d points.", p.Name, p.Score))
		}
	}
	if len(reached) > 0 {
		g.decide(players, hundred)
		switch {
		case len(reached) == 1:
			g.Reasons = append(g.Reasons, fmt.Sprintf("%s has scored 100 points and is declared the winner.", g.Winners[0]))
		case g.Tie:
			g.Reasons = append(g.Reasons, fmt.Sprintf("%s have 100 points or more with the same score; the rulebook names no tie-breaker: they share the win.", joinAnd(g.Winners)))
		default:
			g.Reasons = append(g.Reasons, fmt.Sprintf("%s have 100 points or more; the most points wins: %s.", joinAnd(playerNames(reached)), g.Winners[0]))
		}
		return g
	}
	if !decksEmpty {
		g.Reasons = append(g.Reasons, "No player has 100 points and the draw decks have not run out: the game goes on.")
		return g
	}
	g.Applied = append(g.Applied, "win1.deckout")
	g.decide(players, func(Standing) bool { return true })
	if g.Tie {
		g.Reasons = append(g.Reasons, fmt.Sprintf("Both draw decks have run out and %s have the same, highest score; the rulebook names no tie-breaker: they share the win.", joinAnd(g.Winners)))
	} else {
		g.Reasons = append(g.Reasons, fmt.Sprintf("Both draw decks have run out: the player with the most points is declared the winner: %s.", g.Winners[0]))
	}
	return g
}

func runGameWinner(_ context.Context, _ *Service, j *judgement, raw rules.Params) error {
	p, err := paramsAs[rules.GameWinnerParams](raw)
	if err != nil {
		return err
	}
	if len(p.Players) == 0 {
		return unprocessable("params.players", "params.players is required: each player's name, score, planet and space")
	}
	seen := map[string]bool{}
	standings := make([]Standing, len(p.Players))
	for i, pl := range p.Players {
		if pl.Name == "" {
			return unprocessable(fmt.Sprintf("params.players[%d].name", i), "every player needs a name")
		}
		if seen[pl.Name] {
			return unprocessable(fmt.Sprintf("params.players[%d].name", i), "the name %q is used twice", pl.Name)
		}
		seen[pl.Name] = true
		// A score not given is not 0: every score decides who has 100
		// points, or the most. (planet and space, left out, are false.)
		if pl.Score == nil {
			return unprocessable(fmt.Sprintf("params.players[%d].score", i), "the score of %s is not given; every player needs a score", pl.Name).WithDetail("needs", "score")
		}
		standings[i] = Standing{Name: pl.Name, Score: *pl.Score, Planet: pl.Planet, Space: pl.Space}
	}
	var g GameEnd
	if j.first() {
		g = GameWinner1E(standings, p.DecksEmpty)
	} else {
		g = GameWinner2E(standings, p.DecksEmpty)
	}
	j.cite(g.Applied...)
	j.sayAll(g.Reasons)
	winners := g.Winners
	if winners == nil {
		winners = []string{}
	}
	j.result = &rules.GameWinnerResult{Ended: g.Ended, Winners: winners, Tie: g.Tie}
	return nil
}
