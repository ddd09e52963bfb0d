package engine_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

type dilemma struct {
	Title string `json:"title"`
	Kind  string `json:"kind"`
	Cost  int    `json:"cost"`
}

// Dilemma stacks under each rulebook, where the rulebooks differ: Premiere
// forbids going over the budget (the dilemma that cannot be chosen returns
// to the pile), Call to Arms and the newest rulebook forbid it too and
// overcome the dilemma that breaks it and every one after; Premiere and
// Call to Arms forbid a second copy (returned to the pile, as unchosen) and a
// dilemma of the wrong kind (overcome), which the newest rulebook only
// overcomes when revealed.
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
		{"PremiereForbidsAStackOverTheBudget", "2e-rulebook-premiere", 4, overBudget, false, []string{"face", "face", "returned"}},
		{"CallToArmsOvercomesTheDilemmaThatBreaksTheBudgetAndAllAfter", "2e-rulebook-call-to-arms", 4, overBudget, false, []string{"face", "face", "overcome"}},
		{"NewestOvercomesTheDilemmaThatBreaksTheBudgetAndAllAfter", "2e-rulebook", 3, overBudget, false, []string{"face", "overcome", "overcome"}},
		{"BudgetMetExactlyIsLegal", "2e-rulebook-premiere", 4, exact, true, []string{"face", "face"}},
		{"PremiereForbidsASecondCopy", "2e-rulebook-premiere", 5, twoCopies, false, []string{"face", "face", "returned"}},
		{"CallToArmsForbidsASecondCopy", "2e-rulebook-call-to-arms", 5, twoCopies, false, []string{"face", "face", "returned"}},
		{"NewestOvercomesASecondCopyWhenRevealed", "2e-rulebook", 5, twoCopies, true, []string{"face", "face", "overcome"}},
		{"PremiereOvercomesASpaceDilemmaAtAPlanet", "2e-rulebook-premiere", 5, wrongKind, false, []string{"overcome", "face", "face"}},
		{"CallToArmsOvercomesASpaceDilemmaAtAPlanet", "2e-rulebook-call-to-arms", 5, wrongKind, false, []string{"overcome", "face", "face"}},
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
			for _, o := range resultField(t, v.Result, "outcomes").([]any) {
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
	for _, o := range resultField(t, v.Result, "outcomes").([]any) {
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
				for _, o := range resultField(t, v.Result, "outcomes").([]any) {
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

// A stack the opponent chose against the rules of choosing is not a legal
// choice, whatever the rulebook then does with it; the outcomes say what
// happens all the same, and mission.resolve says whether the stack it
// resolved was a legal choice (stackLegal). Boards: a space mission, a
// planet mission, a dual one; six personnel attempting (budget 6) or fewer.
func TestStackChoiceLegality2E(t *testing.T) {
	premiere, cta, newest := "2e-rulebook-premiere", "2e-rulebook-call-to-arms", "2e-rulebook"
	cases := []struct {
		name, source, rulebook, missionType string
		attempting                          int
		stack                               []dilemma
		legal                               bool
		outcomes                            []string
		quote                               string // words of a sentence the verdict must cite
	}{
		{"CallToArmsOverBudgetAtTheFirst", "Call to Arms, Facing dilemmas: the total cost \"cannot be higher than the number of personnel\"; \"would make the total cost\" ... overcome, along with any remaining",
			cta, "space", 2, []dilemma{{"Ion Storm", "space", 3}, {"Drift", "dual", 0}}, false, []string{"overcome", "overcome"}, "would make the total cost"},
		{"CallToArmsOverBudgetInTheMiddle", "Call to Arms, Facing dilemmas: \"would make the total cost\"",
			cta, "planet", 6, []dilemma{{"Rockfall", "planet", 4}, {"Fever", "planet", 3}, {"Shade", "dual", 0}}, false, []string{"face", "overcome", "overcome"}, "cannot be higher than the number of personnel"},
		{"NewestOverBudgetIsBeyondWhatTheOpponentCanSpend", "newest, Facing Dilemmas: \"the total cost your opponent can spend on dilemmas\"",
			newest, "space", 4, []dilemma{{"Ion Storm", "space", 2}, {"Drift", "dual", 3}, {"Wake", "space", 1}}, false, []string{"face", "overcome", "overcome"}, "can spend"},
		{"PremiereOverBudgetIsUnchosen", "Premiere, Facing dilemmas: \"cannot be higher\"; dilemmas the opponent \"is unable to choose\" are returned",
			premiere, "planet", 3, []dilemma{{"Rockfall", "planet", 2}, {"Ion Storm", "space", 2}, {"Shade", "dual", 1}}, false, []string{"face", "returned", "face"}, "unable to choose"},
		{"PremierePlanetDilemmaForASpaceMission", "Premiere, Facing dilemmas: \"cannot choose any planet dilemmas if you are attempting a space mission\"; it \"is overcome\"",
			premiere, "space", 4, []dilemma{{"Rockfall", "planet", 1}, {"Drift", "dual", 1}}, false, []string{"overcome", "face"}, "cannot choose any space dilemmas"},
		{"CallToArmsSpaceDilemmaForAPlanetMission", "Call to Arms, Facing dilemmas: \"cannot choose any space dilemmas\"",
			cta, "planet", 4, []dilemma{{"Shade", "dual", 1}, {"Ion Storm", "space", 1}}, false, []string{"face", "overcome"}, "selects a space dilemma for a planet mission"},
		{"NewestOnlyOvercomesAWrongKindRevealed", "newest, Facing Dilemmas: \"reveals a space dilemma while\" ... overcome (no rule against choosing it)",
			newest, "space", 4, []dilemma{{"Rockfall", "planet", 1}, {"Drift", "dual", 1}}, true, []string{"overcome", "face"}, "reveals a space dilemma while"},
		{"CallToArmsSecondCopyIsUnchosen", "Call to Arms, Facing dilemmas: \"cannot choose more than one copy\"; \"unable to choose\"",
			cta, "space", 5, []dilemma{{"Drift", "dual", 1}, {"Ion Storm", "space", 1}, {"drift", "dual", 1}}, false, []string{"face", "face", "returned"}, "cannot choose more than one copy"},
		{"NewestSecondCopyIsOvercome", "newest, Facing Dilemmas: \"reveals more than one copy of the same dilemma\"",
			newest, "planet", 5, []dilemma{{"Fever", "planet", 1}, {"Fever", "planet", 1}}, true, []string{"face", "overcome"}, "more than one copy"},
		{"DualDilemmasAreLegalEverywhere", "Premiere, Facing dilemmas: \"Dual dilemmas may be used in either case\"",
			premiere, "space", 3, []dilemma{{"Drift", "dual", 1}, {"Ion Storm", "space", 2}}, true, []string{"face", "face"}, "total cost of the dilemmas he or she chooses"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			board := rules.Board{Missions: []rules.BoardMission{mission("m", c.missionType, "alpha", 2)}}
			v := judge(t, under(req2E("dilemmas.stack", board, obj{"mission": "m", "attempting": c.attempting, "stack": c.stack}), c.rulebook))
			if allowed(t, v) != c.legal {
				t.Errorf("%s: allowed = %v, want %v; reasons %q", c.source, !c.legal, c.legal, v.Reasons)
			}
			got, legal := stackOutcomes(t, v)
			if !reflect.DeepEqual(got, c.outcomes) {
				t.Errorf("%s: outcomes = %v, want %v; reasons %q", c.source, got, c.outcomes, v.Reasons)
			}
			if all := !contains(legal, "false"); all != c.legal {
				t.Errorf("%s: the outcomes' legal %v disagree with allowed %v", c.source, legal, c.legal)
			}
			if !quotes(v, c.quote) {
				t.Errorf("%s: no citation quotes %q: %+v", c.source, c.quote, v.Citations)
			}
			for _, r := range v.Reasons {
				if strings.Contains(r, ": faced") && strings.Contains(r, "cannot be chosen") {
					t.Errorf("a dilemma that cannot be chosen reads as faced: %q", r)
				}
			}

			// The same stack resolved: the outcomes follow the same remedy,
			// and stackLegal says what allowed said above.
			team := make([]rules.BoardPersonnel, c.attempting)
			where := at("m")
			var ships []rules.BoardShip
			if c.missionType == "space" {
				ships = []rules.BoardShip{ship("s", "bajoran", nil, 8, "m")}
				where = aboard("s")
			}
			for i := range team {
				team[i] = person(fmt.Sprintf("b%d", i), "bajoran", []string{"staff"}, where, "Medical")
			}
			m := attemptable(mission("m", c.missionType, "alpha", 2), "bajoran")
			m.Requirements, m.Points = "Medical", ip(30)
			stack := make([]obj, len(c.stack))
			for i, x := range c.stack {
				stack[i] = obj{"title": x.Title, "kind": x.Kind, "cost": x.Cost}
			}
			p := obj{"mission": "m", "stack": stack}
			if ships != nil {
				p["ship"] = "s"
			}
			rv := judge(t, under(req2E("mission.resolve", rules.Board{Missions: []rules.BoardMission{m}, Ships: ships, Personnel: team}, p), c.rulebook))
			if val(rv.Result.(*rules.MissionResolveResult).StackLegal) != c.legal {
				t.Errorf("%s: mission.resolve stackLegal = %v, want %v; reasons %q", c.source, val(rv.Result.(*rules.MissionResolveResult).StackLegal), c.legal, rv.Reasons)
			}
			var resolved []string
			for _, o := range resultField(t, rv.Result, "outcomes").([]any) {
				resolved = append(resolved, o.(map[string]any)["outcome"].(string))
			}
			for i, o := range c.outcomes {
				want := o
				if o == "face" {
					want = "overcome" // faced, and nothing placed it elsewhere
				}
				if resolved[i] != want {
					t.Errorf("%s: resolved outcomes %v, the stack's %v", c.source, resolved, c.outcomes)
					break
				}
			}
		})
	}
}

// stackOutcomes are the outcomes of a dilemmas.stack verdict and the legal
// of each ("true"/"false").
func stackOutcomes(t *testing.T, v *rules.Verdict) (outcomes, legal []string) {
	t.Helper()
	for _, o := range resultField(t, v.Result, "outcomes").([]any) {
		m := o.(map[string]any)
		outcomes = append(outcomes, m["outcome"].(string))
		legal = append(legal, fmt.Sprint(m["legal"]))
	}
	return outcomes, legal
}
