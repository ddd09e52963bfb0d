package engine_test

import (
	"reflect"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

type dilemma struct {
	Title string `json:"title"`
	Kind  string `json:"kind"`
	Cost  int    `json:"cost"`
}

// Dilemma stacks under each rulebook, where the rulebooks differ: Premiere
// forbids going over the budget, Call to Arms overcomes the dilemma that
// breaks it and every one after, the newest rulebook also overcomes a second
// copy revealed; all overcome a dilemma of the wrong kind.
func TestDilemmaStack(t *testing.T) {
	overBudget := []dilemma{{"Alpha", "planet", 2}, {"Beta", "planet", 2}, {"Gamma", "dual", 1}}
	twoCopies := []dilemma{{"Alpha", "planet", 1}, {"Beta", "dual", 1}, {"Alpha", "planet", 1}}
	wrongKind := []dilemma{{"Alpha", "space", 1}, {"Beta", "dual", 1}, {"Gamma", "planet", 1}}
	exact := []dilemma{{"Alpha", "planet", 2}, {"Beta", "planet", 2}}
	cases := []struct {
		name       string
		rulebook   string
		attempting int
		stack      []dilemma
		want       bool
		outcomes   []string
	}{
		{"PremiereForbidsAStackOverTheBudget", "2e-rulebook-premiere", 4, overBudget, false, []string{"face", "face", "face"}},
		{"CallToArmsOvercomesTheDilemmaThatBreaksTheBudgetAndAllAfter", "2e-rulebook-call-to-arms", 4, overBudget, true, []string{"face", "face", "overcome"}},
		{"NewestOvercomesTheDilemmaThatBreaksTheBudgetAndAllAfter", "2e-rulebook", 3, overBudget, true, []string{"face", "overcome", "overcome"}},
		{"BudgetMetExactlyIsLegal", "2e-rulebook-premiere", 4, exact, true, []string{"face", "face"}},
		{"PremiereForbidsASecondCopy", "2e-rulebook-premiere", 5, twoCopies, false, []string{"face", "face", "face"}},
		{"CallToArmsForbidsASecondCopy", "2e-rulebook-call-to-arms", 5, twoCopies, false, []string{"face", "face", "face"}},
		{"NewestOvercomesASecondCopyWhenRevealed", "2e-rulebook", 5, twoCopies, true, []string{"face", "face", "overcome"}},
		{"PremiereOvercomesASpaceDilemmaAtAPlanet", "2e-rulebook-premiere", 5, wrongKind, true, []string{"overcome", "face", "face"}},
		{"CallToArmsOvercomesASpaceDilemmaAtAPlanet", "2e-rulebook-call-to-arms", 5, wrongKind, true, []string{"overcome", "face", "face"}},
		{"NewestOvercomesASpaceDilemmaAtAPlanet", "2e-rulebook", 5, wrongKind, true, []string{"overcome", "face", "face"}},
		{"MoreDilemmasThanDrawnIsIllegal", "2e-rulebook", 2, []dilemma{{"Alpha", "planet", 0}, {"Beta", "planet", 0}, {"Gamma", "planet", 0}}, false, []string{"face", "face", "face"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			board := rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 2)}}
			v := judge(t, under(req2E("dilemmas.stack", board, obj{"mission": "m", "attempting": c.attempting, "stack": c.stack}), c.rulebook))
			if allowed(t, v) != c.want {
				t.Errorf("legal = %v, want %v; reasons %q", !c.want, c.want, v.Reasons)
			}
			var got []string
			for _, o := range roundTrip(t, v.Result["outcomes"]).([]any) {
				got = append(got, o.(map[string]any)["outcome"].(string))
			}
			if !reflect.DeepEqual(got, c.outcomes) {
				t.Errorf("outcomes = %v, want %v; reasons %q", got, c.outcomes, v.Reasons)
			}
		})
	}
}

func TestDilemmaBudgetSubtractsOvercomeDilemmas(t *testing.T) {
	m := mission("m", "space", "alpha", 3)
	m.OvercomeDilemmas = 3
	board := rules.Board{Missions: []rules.BoardMission{m}}
	v := judge(t, req2E("dilemmas.stack", board, obj{"mission": "m", "attempting": 8, "stack": []dilemma{{"Alpha", "space", 3}, {"Beta", "dual", 2}}}))
	if !allowed(t, v) || num(t, v, "dilemmasDrawn") != 5 || num(t, v, "dilemmaBudget") != 5 {
		t.Errorf("verdict %v %v; reasons %q", deref(v.Allowed), v.Result, v.Reasons)
	}
}

// 1E dilemmas are seeded: a second copy under one mission, or a dilemma of
// the wrong kind, is a mis-seed.
func TestSeededDilemmasMisSeeds1E(t *testing.T) {
	board := rules.Board{Missions: []rules.BoardMission{mission("m", "space", "alpha", 3)}}
	v := judge(t, req1E("dilemmas.stack", board, obj{"mission": "m", "stack": []obj{
		{"title": "Alpha", "kind": "space"}, {"title": "Beta", "kind": "planet"}, {"title": "Alpha", "kind": "space"}, {"title": "Gamma", "kind": "dual"}}}))
	if allowed(t, v) {
		t.Errorf("mis-seeds were legal; reasons %q", v.Reasons)
	}
	var got []string
	for _, o := range roundTrip(t, v.Result["outcomes"]).([]any) {
		got = append(got, o.(map[string]any)["outcome"].(string))
	}
	if want := []string{"face", "mis-seed", "mis-seed", "face"}; !reflect.DeepEqual(got, want) {
		t.Errorf("outcomes = %v, want %v", got, want)
	}
}

// 1E mis-seeds count who seeded each copy (1E rulebook, ATTEMPTING
// MISSIONS: copies "seeded by the same player"; the dilemma phase: "If you
// reveal your own mis-seeded card ... you may not complete and score that
// mission"): a copy each player seeded is faced twice; the second of one
// player's copies is a mis-seed, whoever seeded it.
func TestMisSeedsCountWhoSeededEachCopy(t *testing.T) {
	board := rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 3)}}
	cases := []struct {
		name     string
		stack    []obj
		legal    bool
		outcomes []string
		quote    string
	}{
		{"OneCopyEachIsNoMisSeed", []obj{{"title": "Alpha", "kind": "planet"}, {"title": "Alpha", "kind": "planet", "seededBy": "you"}},
			true, []string{"face", "face"}, "seeded by the same player"},
		{"TwoCopiesOfTheOpponentsAreAMisSeed", []obj{{"title": "Alpha", "kind": "planet"}, {"title": "Alpha", "kind": "planet", "seededBy": "opponent"}},
			false, []string{"face", "mis-seed"}, "seeded by the same player"},
		{"TwoCopiesOfYoursAreAMisSeedYouRevealed", []obj{{"title": "Alpha", "kind": "planet", "seededBy": "you"}, {"title": "alpha", "kind": "planet", "seededBy": "you"}},
			false, []string{"face", "mis-seed"}, "your own mis-seeded"},
		{"ThreeCopiesTwoSeeders", []obj{{"title": "Alpha", "kind": "dual"}, {"title": "Alpha", "kind": "dual", "seededBy": "you"}, {"title": "Alpha", "kind": "dual"}},
			false, []string{"face", "face", "mis-seed"}, "seeded by the same player"},
		{"WrongKindIsAMisSeedWhoeverSeededIt", []obj{{"title": "Alpha", "kind": "space", "seededBy": "you"}},
			false, []string{"mis-seed"}, "your own mis-seeded"},
	}
	for _, doc := range []string{"1e-rulebook", "1e-current-rulings"} {
		for _, c := range cases {
			t.Run(doc+"/"+c.name, func(t *testing.T) {
				v := judge(t, under(req1E("dilemmas.stack", board, obj{"mission": "m", "stack": c.stack}), doc))
				if allowed(t, v) != c.legal {
					t.Errorf("legal = %v, want %v; reasons %q", !c.legal, c.legal, v.Reasons)
				}
				var got []string
				for _, o := range roundTrip(t, v.Result["outcomes"]).([]any) {
					got = append(got, o.(map[string]any)["outcome"].(string))
				}
				if !reflect.DeepEqual(got, c.outcomes) {
					t.Errorf("outcomes = %v, want %v", got, c.outcomes)
				}
				if !quotes(v, c.quote) {
					t.Errorf("no citation quotes %q: %+v", c.quote, v.Citations)
				}
			})
		}
	}
	// Who seeded a 2E dilemma is not a question: they come from the pile.
	if f := refuse(t, req2E("dilemmas.stack", board, obj{"mission": "m", "attempting": 1, "stack": []obj{{"title": "A", "kind": "planet", "cost": 1, "seededBy": "you"}}})); f != "params.stack[0].seededBy" {
		t.Errorf("2E seededBy you: field %q", f)
	}
	if f := refuse(t, req1E("dilemmas.stack", board, obj{"mission": "m", "stack": []obj{{"title": "A", "kind": "planet", "seededBy": "them"}}})); f != "params.stack[0].seededBy" {
		t.Errorf("seededBy them: field %q", f)
	}
}
