package engine_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// TestEveryQuestionCitesEveryDocumentOfItsEdition asks each question of the
// contract under every document of its edition: each verdict cites entries
// of that document (judge checks the citations).
func TestEveryQuestionCitesEveryDocumentOfItsEdition(t *testing.T) {
	planet := attemptable(mission("p", "planet", "alpha", 2), "federation", "klingon")
	planet.Requirements = "Medical and Strength>4"
	space := attemptable(mission("sp", "space", "alpha", 3), "federation", "klingon")
	enemy := ship("x", "romulan", []string{"command"}, 8, "sp")
	enemy.Owner = "opponent"
	board := rules.Board{
		Missions: []rules.BoardMission{planet, space},
		Ships:    []rules.BoardShip{ship("s", "klingon", []string{"command", "staff"}, 8, "sp"), enemy},
		Personnel: []rules.BoardPersonnel{
			person("a", "klingon", []string{"command"}, at("p"), "Medical", "Leadership"),
			opp(person("o", "romulan", nil, at("p"))),
			person("c", "klingon", []string{"command"}, aboard("s"), "Leadership"),
			person("d", "klingon", []string{"staff"}, aboard("s")),
		},
	}
	deck := obj{"missions": invented("m", 5), "dilemmas": invented("d", 20), "deck": invented("c", 35)}
	questions := []struct {
		question string
		editions []string
		params   obj
	}{
		{"ship.staffed", []string{"1e", "2e"}, obj{"ship": "s"}},
		{"ship.move", []string{"1e", "2e"}, obj{"ship": "s", "to": "p"}},
		{"mission.attempt", []string{"1e", "2e"}, obj{"mission": "p"}},
		{"mission.requirements", []string{"1e", "2e"}, obj{"mission": "p"}},
		{"requirement.check", []string{"1e", "2e"}, obj{"requirement": "Leadership x2", "personnel": []string{"a", "c"}}},
		{"dilemmas.stack", []string{"1e", "2e"}, obj{"mission": "p", "attempting": 1, "stack": []obj{{"title": "A", "kind": "planet", "cost": 1}}}},
		{"combat", []string{"2e"}, obj{"mission": "p", "you": []string{"a"}, "opponent": []string{"o"}}},
		{"engagement", []string{"2e"}, obj{"mission": "sp", "you": []string{"s"}, "opponent": []string{"x"}}},
		{"ship.damage", []string{"1e", "2e"}, obj{"ship": "x", "add": 1}},
		{"game.winner", []string{"1e", "2e"}, obj{"players": []obj{{"name": "ann", "score": 100, "planet": true, "space": true}}}},
		{"deck.validate", []string{"1e", "2e"}, deck},
		{"card.play", []string{"1e", "2e"}, obj{"card": obj{"title": "Zq Ensign", "type": "personnel", "cost": 2, "unique": true}}},
		{"battle.ship", []string{"1e"}, obj{"attackers": []string{"s"}, "target": "x"}},
		{"battle.personnel", []string{"1e"}, obj{"you": []string{"a"}, "opponent": []string{"o"}}},
		{"battle.initiate", []string{"1e"}, obj{"attackers": []string{"a"}, "defenders": []string{"o"}}},
		{"personnel.beam", []string{"1e", "2e"}, obj{"personnel": []string{"d"}, "to": "x"}},
		{"turn.replay", []string{"1e", "2e"}, obj{"actions": []obj{{"question": "ship.move", "params": obj{"ship": "s", "to": "p"}}}}},
	}
	docs := map[string][]string{"1e": {"1e-rulebook", "1e-current-rulings"}, "2e": rulebooks2E}
	for _, q := range questions {
		for _, ed := range q.editions {
			for _, doc := range docs[ed] {
				t.Run(q.question+"/"+doc, func(t *testing.T) {
					r := under(req2E(q.question, board, q.params), doc)
					r.Edition = ed
					v := judge(t, r)
					if v.Rules != doc || v.Edition != ed {
						t.Errorf("verdict under %s %s", v.Edition, v.Rules)
					}
				})
			}
		}
	}
}

// contractQuestions reads the contract's table of questions: for each, the
// result fields it names and whether it answers yes or no.
func contractQuestions(t *testing.T) map[string]contractQuestion {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(filepath.Dir(testcorpus.Dir(t)), "contract", "API.md"))
	if err != nil {
		t.Fatalf("read contract: %v", err)
	}
	backticked := regexp.MustCompile("`([^`]*)`")
	out := map[string]contractQuestion{}
	table := false
	for _, line := range strings.Split(string(raw), "\n") {
		if strings.HasPrefix(line, "| question | params |") {
			table = true
			continue
		}
		if !table || strings.HasPrefix(line, "| ---") {
			continue
		}
		if !strings.HasPrefix(line, "| `") {
			if len(out) > 0 {
				break
			}
			continue
		}
		cells := strings.Split(line, "|")
		if len(cells) < 6 {
			t.Fatalf("contract row %q", line)
		}
		first := backticked.FindStringSubmatch(cells[1]) // "`battle.ship` (1E)"
		if first == nil {
			t.Fatalf("contract row %q", line)
		}
		name := first[1]
		var q contractQuestion
		q.yesNo = strings.TrimSpace(cells[3]) != "-"
		for _, m := range backticked.FindAllStringSubmatch(cells[4], -1) {
			if strings.Contains(m[1], ".") {
				continue // another question named ("as in `mission.requirements`")
			}
			for _, f := range strings.Split(m[1], ",") {
				if f = strings.TrimSpace(f); f != "" {
					q.fields = append(q.fields, f)
				}
			}
		}
		out[name] = q
	}
	if len(out) == 0 {
		t.Fatal("no questions in the contract")
	}
	return out
}

type contractQuestion struct {
	yesNo  bool
	fields []string
}

// TestEveryVerdictHoldsTheContractsResultFields asks every question of the
// contract in each edition it applies to, on boards that reach the verdicts'
// edges (a move refused, across quadrants, at a headquarters, a First
// Edition card play): every result field the contract names is present, and
// allowed is given exactly for the yes/no questions.
func TestEveryVerdictHoldsTheContractsResultFields(t *testing.T) {
	contract := contractQuestions(t)
	board := func(edition string) rules.Board {
		planet := attemptable(mission("p", "planet", "alpha", 2), "federation", "klingon")
		planet.Requirements = "Medical and Strength>4"
		space := attemptable(mission("sp", "space", "alpha", 3), "federation", "klingon")
		space.Requirements = "Navigation"
		far := attemptable(mission("far", "planet", "alpha", 9), "klingon")
		gamma := attemptable(mission("g", "space", "gamma", 2), "klingon")
		enemy := ship("x", "romulan", []string{"command"}, 8, "sp")
		enemy.Owner = "opponent"
		b := rules.Board{
			Missions: []rules.BoardMission{planet, space, far, gamma},
			Ships:    []rules.BoardShip{ship("s", "klingon", []string{"command", "staff"}, 8, "sp"), enemy, ship("s2", "klingon", nil, 6, "sp")},
			Personnel: []rules.BoardPersonnel{
				person("a", "klingon", []string{"command"}, at("p"), "Medical", "Leadership"),
				opp(person("o", "romulan", nil, at("p"))),
				person("c", "klingon", []string{"command"}, aboard("s"), "Leadership"),
				person("d", "klingon", []string{"staff"}, aboard("s")),
			},
		}
		if edition == rules.Edition2E {
			b.Missions = append(b.Missions, attemptable(mission("hq", "headquarters", "alpha", 2), "klingon"))
		}
		return b
	}
	both, only1E, only2E := []string{"1e", "2e"}, []string{"1e"}, []string{"2e"}
	deck := obj{"missions": invented("m", 5), "dilemmas": invented("d", 20), "deck": invented("c", 35)}
	cases := []struct {
		name     string
		question string
		editions []string
		params   obj
	}{
		{"Staffed", "ship.staffed", both, obj{"ship": "s"}},
		{"MoveAllowed", "ship.move", both, obj{"ship": "s", "to": "p"}},
		{"MoveBeyondTheRange", "ship.move", both, obj{"ship": "s", "to": "far"}},
		{"MoveToWhereItIs", "ship.move", both, obj{"ship": "s", "to": "sp"}},
		{"MoveAcrossQuadrants", "ship.move", both, obj{"ship": "s", "to": "g"}},
		{"AttemptPlanet", "mission.attempt", both, obj{"mission": "p"}},
		{"AttemptSpace", "mission.attempt", both, obj{"mission": "sp", "ship": "s"}},
		{"AttemptHeadquarters", "mission.attempt", only2E, obj{"mission": "hq"}},
		{"Requirements", "mission.requirements", both, obj{"mission": "p"}},
		{"ResolveCompleted", "mission.resolve", both, obj{"mission": "p", "stack": []obj{{"title": "A", "kind": "planet", "cost": 1}}}},
		{"ResolveEveryoneKilled", "mission.resolve", both, obj{"mission": "p", "stack": []obj{{"title": "A", "kind": "planet", "cost": 1, "kills": []string{"a"}}}}},
		{"ResolveFailed", "mission.resolve", both, obj{"mission": "sp", "ship": "s"}},
		{"ResolveAtHeadquarters", "mission.resolve", only2E, obj{"mission": "hq"}},
		{"RequirementCheck", "requirement.check", both, obj{"requirement": "Leadership x2", "personnel": []string{"a", "c"}}},
		{"Stack", "dilemmas.stack", both, obj{"mission": "p", "attempting": 1, "stack": []obj{{"title": "A", "kind": "planet", "cost": 1}}}},
		{"StackAtHeadquarters", "dilemmas.stack", only2E, obj{"mission": "hq", "attempting": 1, "stack": []obj{{"title": "A", "kind": "planet", "cost": 1}}}},
		{"Combat", "combat", only2E, obj{"mission": "p"}},
		{"Engagement", "engagement", only2E, obj{"mission": "sp", "you": []string{"s"}, "opponent": []string{"x"}}},
		{"Damage", "ship.damage", both, obj{"ship": "x", "add": 1}},
		{"WinnerGoesOn", "game.winner", both, obj{"players": []obj{{"name": "ann", "score": 10}}}},
		{"Winner", "game.winner", both, obj{"players": []obj{{"name": "ann", "score": 100, "planet": true, "space": true}}}},
		{"Deck", "deck.validate", both, deck},
		{"PlayPersonnel", "card.play", both, obj{"card": obj{"title": "Zq Ensign", "type": "personnel", "cost": 2}}},
		{"PlayDilemma", "card.play", only2E, obj{"card": obj{"title": "Zq Trap", "type": "dilemma", "cost": 1}}},
		{"ShipBattle", "battle.ship", only1E, obj{"attackers": []string{"s"}, "target": "x"}},
		{"PersonnelBattle", "battle.personnel", only1E, obj{"you": []string{"a"}, "opponent": []string{"o"}}},
		{"Initiate", "battle.initiate", only1E, obj{"attackers": []string{"a"}, "defenders": []string{"o"}}},
		{"BeamBetweenShips", "personnel.beam", both, obj{"personnel": []string{"c", "d"}, "to": "s2"}},
		{"BeamAboardAnOpponentsShip", "personnel.beam", both, obj{"personnel": []string{"d"}, "to": "x"}},
		{"PlayAtAMission", "card.play", both, obj{"card": obj{"title": "Zq Ensign", "type": "personnel", "cost": 2, "affiliation": "klingon"}, "at": "p"}},
		{"ReplayLegal", "turn.replay", both, obj{"actions": []obj{{"question": "ship.move", "params": obj{"ship": "s", "to": "p"}}, {"question": "personnel.beam", "params": obj{"personnel": []string{"c"}, "to": "p"}}}}},
		{"ReplayRefused", "turn.replay", both, obj{"actions": []obj{{"question": "ship.move", "params": obj{"ship": "s", "to": "far"}}}}},
		{"ReplayEmpty", "turn.replay", both, obj{"actions": []obj{}}},
	}
	asked := map[string]bool{}
	for _, c := range cases {
		q, ok := contract[c.question]
		if !ok {
			t.Fatalf("%s is not a question of the contract", c.question)
		}
		asked[c.question] = true
		for _, ed := range c.editions {
			t.Run(c.name+"/"+ed, func(t *testing.T) {
				r := req2E(c.question, board(ed), c.params)
				r.Edition = ed
				v := judge(t, r)
				for _, f := range q.fields {
					if _, ok := resultFields(t, v.Result)[f]; !ok {
						t.Errorf("result lacks %q: %v; reasons %q", f, v.Result, v.Reasons)
					}
				}
				if (v.Allowed != nil) != q.yesNo {
					t.Errorf("allowed = %v for a question whose allowed column says %v", deref(v.Allowed), q.yesNo)
				}
			})
		}
	}
	for name := range realWorld(t).svc.Questions() {
		if _, ok := contract[name]; !ok {
			t.Errorf("the engine answers %s, which the contract does not name", name)
		}
		if !asked[name] {
			t.Errorf("%s was not asked", name)
		}
	}
}

// Under the 1E Current Rulings, a verdict a ruling bears on cites it beside
// the rulebook: movement past locations, the counted seed cards, the
// affiliation a mission attempt and its completion need.
func TestRulingsVerdictsCiteTheRulingsThatBearOnThem(t *testing.T) {
	m := mission("p", "planet", "alpha", 2)
	m.Affiliations, m.Requirements = []string{"federation"}, "Medical"
	board := rules.Board{
		Missions: []rules.BoardMission{m, mission("b", "space", "alpha", 3), mission("c", "space", "alpha", 2)},
		Ships:    []rules.BoardShip{ship("s", "federation", []string{"command"}, 9, "p")},
		Personnel: []rules.BoardPersonnel{
			person("a", "federation", []string{"command"}, at("p"), "Medical"),
			person("k", "federation", []string{"command"}, aboard("s")),
		},
	}
	deck := obj{"missions": invented("m", 6), "dilemmas": invented("d", 20), "deck": invented("c", 35)}
	cases := []struct {
		question string
		params   obj
	}{
		{"ship.move", obj{"ship": "s", "to": "c"}},
		{"deck.validate", deck},
		{"mission.requirements", obj{"mission": "p"}},
		{"mission.attempt", obj{"mission": "p"}},
	}
	for _, c := range cases {
		t.Run(c.question, func(t *testing.T) {
			r := req1E(c.question, board, c.params)
			r.Rules = "1e-current-rulings"
			v := judge(t, r)
			found := false
			for _, cit := range v.Citations {
				found = found || cit.DocumentID == "1e-current-rulings"
			}
			if !found {
				t.Errorf("no ruling cited: %+v", v.Citations)
			}
		})
	}
	// Under the rulebook the same move cites the rulebook's own sentence on
	// flying by.
	v := judge(t, req1E("ship.move", board, obj{"ship": "s", "to": "c"}))
	if !citesQuote(v, "flying by a location") {
		t.Errorf("flying by not cited: %+v", v.Citations)
	}
}
