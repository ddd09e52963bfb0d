package engine_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// TestEveryQuestionSaysWhenItsRefusalTurnsOnAWordReadAsWritten asks every
// question the engine answers, in each edition, on a board of known words
// and on the same board with its affiliations, icons or skills renamed to
// words no vocabulary knows nor is near (read as written: matched only by
// the same word). Where the renaming changes the answer, the answer turned
// on those words: it must be a refusal that says which words it read as
// written, never a result or an allowance that does not say so. A question
// the engine answers that the table does not ask fails the test, so a new
// one cannot be left out. Before, a refusal for want of a crew's
// affiliation or icon said nothing of the unknown word, and only the
// requirement questions named their unmet unknown names.
func TestEveryQuestionSaysWhenItsRefusalTurnsOnAWordReadAsWritten(t *testing.T) {
	board := func(edition string) rules.Board {
		planet := attemptable(mission("p", "planet", "alpha", 2), "federation", "klingon")
		planet.Requirements = "Medical and Strength>4"
		space := attemptable(mission("sp", "space", "alpha", 3), "federation", "klingon")
		space.Requirements = "Navigation x1"
		enemy := ship("x", "romulan", []string{"command"}, 8, "sp")
		enemy.Owner = "opponent"
		b := rules.Board{
			Missions: []rules.BoardMission{planet, space},
			Ships:    []rules.BoardShip{ship("s", "klingon", []string{"command", "staff"}, 8, "sp"), enemy, ship("s2", "klingon", nil, 6, "sp")},
			Personnel: []rules.BoardPersonnel{
				person("a", "klingon", []string{"command"}, at("p"), "Medical", "Leadership"),
				opp(person("o", "romulan", nil, at("p"))),
				person("c", "klingon", []string{"command"}, aboard("s"), "Leadership", "Navigation"),
				person("d", "klingon", []string{"staff"}, aboard("s")),
			},
		}
		if edition == rules.Edition2E {
			hq := attemptable(mission("hq", "headquarters", "alpha", 2), "klingon")
			hq.Play = []string{"klingon", "command"}
			b.Missions = append(b.Missions, hq)
		}
		return b
	}
	deck := obj{"missions": invented("m", 5), "dilemmas": invented("d", 20), "deck": invented("c", 35)}
	cases := []struct {
		question string
		params   obj
		only     string // the one edition asked, "" for the question's own
	}{
		{"ship.staffed", obj{"ship": "s"}, ""},
		{"ship.move", obj{"ship": "s", "to": "p"}, ""},
		{"mission.attempt", obj{"mission": "p"}, ""},
		{"mission.attempt", obj{"mission": "sp", "ship": "s"}, ""},
		{"mission.requirements", obj{"mission": "p"}, ""},
		{"mission.requirements", obj{"mission": "sp", "personnel": []string{"c", "d"}}, ""},
		{"mission.resolve", obj{"mission": "p", "stack": []obj{{"title": "A", "kind": "planet", "cost": 1}}}, ""},
		{"requirement.check", obj{"requirement": "Leadership x2", "personnel": []string{"a", "c"}}, ""},
		{"dilemmas.stack", obj{"mission": "p", "attempting": 1, "stack": []obj{{"title": "A", "kind": "planet", "cost": 1}}}, ""},
		{"combat", obj{"mission": "p"}, ""},
		{"engagement", obj{"mission": "sp", "you": []string{"s"}, "opponent": []string{"x"}}, ""},
		{"ship.damage", obj{"ship": "x", "add": 1}, ""},
		{"game.winner", obj{"players": []obj{{"name": "ann", "score": 100, "planet": true, "space": true}}}, ""},
		{"deck.validate", deck, ""},
		{"card.play", obj{"card": obj{"title": "Zq Ensign", "type": "personnel", "cost": 2, "affiliation": "klingon", "icons": []string{"command"}}, "at": "hq"}, rules.Edition2E},
		{"card.play", obj{"card": obj{"title": "Zq Ensign", "type": "personnel", "cost": 2, "affiliation": "klingon"}, "at": "p"}, ""},
		{"battle.ship", obj{"attackers": []string{"s"}, "target": "x"}, ""},
		{"battle.personnel", obj{"you": []string{"a"}, "opponent": []string{"o"}}, ""},
		{"battle.initiate", obj{"attackers": []string{"a"}, "defenders": []string{"o"}}, ""},
		{"personnel.beam", obj{"personnel": []string{"c", "d"}, "to": "s2"}, ""},
		{"turn.replay", obj{"actions": []obj{{"question": "ship.move", "params": obj{"ship": "s", "to": "p"}}, {"question": "personnel.beam", "params": obj{"personnel": []string{"c"}, "to": "p"}}}}, ""},
	}
	// Each renaming is of whole words (a JSON string), the same word the
	// same everywhere: what matched itself still does.
	renamings := map[string][][2]string{
		"affiliations": {{"klingon", "Qxv Fleet"}, {"romulan", "Qxr Star"}, {"federation", "Qxw Union"}},
		"icons":        {{"command", "Qxcmd"}, {"staff", "Qxstf"}},
		"skills":       {{"Medical", "Qxmed"}, {"Leadership", "Qxlead"}, {"Navigation", "Qxnav"}},
	}
	questions := realWorld(t).svc.Questions()
	asked := map[string]bool{}
	for _, c := range cases {
		asked[c.question] = true
		editions := questions[c.question]
		if c.only != "" {
			editions = []string{c.only}
		}
		for _, ed := range editions {
			base := req2E(c.question, board(ed), c.params)
			base.Edition = ed
			want, err := ask(context.Background(), realWorld(t).svc, base)
			if err != nil {
				t.Fatalf("%s %s: %v", c.question, ed, err)
			}
			for what, pairs := range renamings {
				t.Run(c.question+"/"+ed+"/"+what, func(t *testing.T) {
					r := renamed(t, base, c.params, pairs)
					v, err := ask(context.Background(), realWorld(t).svc, r)
					if err != nil {
						return // refused as a request: no verdict turned on the words
					}
					// The base's answer, its words renamed as the board's
					// were (a staffing assignment names its icons, a turn
					// its board), is what an answer no word decided is.
					if strings.EqualFold(answerOf(t, v), renamedText(answerOf(t, want), pairs)) {
						return
					}
					said := strings.Join(v.Reasons, "\n")
					switch {
					case v.Allowed == nil || *v.Allowed:
						t.Errorf("the answer turned on %s read as written and is no refusal: %s\nwas %s", what, answerOf(t, v), answerOf(t, want))
					case !strings.Contains(said, "so read as written"):
						t.Errorf("the refusal turned on %s read as written and does not say so: %s", what, said)
					}
				})
			}
		}
	}
	for name := range questions {
		if !asked[name] {
			t.Errorf("%s was not asked: add it to the table", name)
		}
	}
}

// renamed is r with each whole JSON string of its board and of params
// (its params as given) that is the first of a pair replaced by the
// second, case forgiven.
func renamed(t *testing.T, r rules.AdjudicationRequest, params obj, pairs [][2]string) rules.AdjudicationRequest {
	t.Helper()
	rename := func(v, into any) {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(renamedText(string(b), pairs)), into); err != nil {
			t.Fatal(err)
		}
	}
	var b rules.Board
	var p obj
	rename(r.Board, &b)
	rename(params, &p)
	out := req2E(r.Question, b, p)
	out.Edition = r.Edition
	return out
}

// renamedText is JSON text s with each whole string that is the first of a
// pair (as written, lower-case or capitalised) replaced by the second.
func renamedText(s string, pairs [][2]string) string {
	for _, p := range pairs {
		for _, from := range []string{p[0], strings.ToLower(p[0]), strings.ToUpper(p[0][:1]) + p[0][1:]} {
			s = strings.ReplaceAll(s, `"`+from+`"`, `"`+p[1]+`"`)
		}
	}
	return s
}
