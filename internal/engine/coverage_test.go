package engine_test

import (
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
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
