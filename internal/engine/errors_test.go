package engine_test

import (
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Boards that cannot be judged are refused with EUNPROCESSABLE naming the
// field, never a panic.
func TestUnjudgeableRequestsNameTheField(t *testing.T) {
	base := rules.Board{
		Missions:  []rules.BoardMission{mission("m", "planet", "alpha", 2)},
		Ships:     []rules.BoardShip{ship("s", "federation", []string{"command"}, 8, "m")},
		Personnel: []rules.BoardPersonnel{person("a", "federation", []string{"command"}, aboard("s"))},
	}
	dangling := base
	dangling.Personnel = []rules.BoardPersonnel{person("a", "federation", nil, aboard("s")), person("b", "federation", nil, at("m")), person("c", "federation", nil, aboard("nowhere"))}
	noStrength := base
	noStrength.Personnel = []rules.BoardPersonnel{{ID: "a", PersonnelStats: rules.PersonnelStats{Affiliation: "klingon"}, At: at("m")}, opp(person("x", "romulan", nil, at("m")))}
	dup := base
	dup.Ships = append(dup.Ships, ship("m", "federation", nil, 8, "m"))
	badSkill := base
	badSkill.Personnel = []rules.BoardPersonnel{person("a", "federation", nil, at("m"), "Leadership", "x2")}
	badReq := base
	badReq.Missions = []rules.BoardMission{{ID: "m", Type: "planet", Quadrant: "alpha", Span: ip(2), Requirements: "Cunning>>3", Affiliations: []string{"federation"}}}
	badOwner := base
	badOwner.Ships = []rules.BoardShip{{ID: "s", Owner: "them", At: at("m")}}
	unknownCard := base
	unknownCard.Personnel = []rules.BoardPersonnel{{ID: "a", Card: "Zq No Such Card Anywhere", At: at("m")}}
	destroyed2E := base
	destroyed2E.Ships = []rules.BoardShip{ship("s", "federation", []string{"command"}, 8, "m")}
	destroyed2E.Ships[0].Damage = 3
	destroyed1E := base
	destroyed1E.Ships = []rules.BoardShip{ship("s", "federation", []string{"command"}, 8, "m")}
	destroyed1E.Ships[0].Damage = 2
	noSpan := base
	noSpan.Missions = []rules.BoardMission{mission("m", "planet", "alpha", 2), {ID: "n", Type: "space", Quadrant: "alpha"}}
	cases := []struct {
		name  string
		req   rules.AdjudicationRequest
		field string
	}{
		{"UnknownQuestion", req2E("ship.teleport", base, obj{}), "question"},
		{"UnknownEdition", func() rules.AdjudicationRequest {
			r := req2E("ship.staffed", base, obj{"ship": "s"})
			r.Edition = "3e"
			return r
		}(), "edition"},
		{"UnknownRulesDocument", under(req2E("ship.staffed", base, obj{"ship": "s"}), "2e-rulebook-2099"), "rules"},
		{"RulesOfTheOtherEdition", under(req2E("ship.staffed", base, obj{"ship": "s"}), "1e-rulebook"), "rules"},
		{"FirstEditionQuestionOnASecondEditionBoard", req2E("battle.ship", base, obj{"attackers": []string{"s"}, "target": "s"}), "question"},
		{"SecondEditionQuestionOnAFirstEditionBoard", req1E("combat", base, obj{}), "question"},
		{"DanglingShipReference", req2E("ship.staffed", dangling, obj{"ship": "s"}), "board.personnel[2].at.ship"},
		{"UnknownShipParam", req2E("ship.staffed", base, obj{"ship": "enterprise"}), "params.ship"},
		{"MissingShipParam", req2E("ship.staffed", base, obj{}), "params.ship"},
		{"UnknownParam", req2E("ship.staffed", base, obj{"ship": "s", "warp": 9}), "params.warp"},
		{"WronglyTypedParam", req2E("ship.move", base, obj{"ship": "s", "to": 3}), "params.to"},
		{"MissingStrength", req2E("combat", noStrength, obj{"mission": "m", "you": []string{"a"}, "opponent": []string{"x"}}), "board.personnel[0]"},
		{"DuplicateID", req2E("ship.staffed", dup, obj{"ship": "s"}), "board.ships[1].id"},
		{"UnreadableSkill", req2E("ship.staffed", badSkill, obj{"ship": "s"}), "board.personnel[0].skills[1]"},
		{"UnreadableMissionRequirement", req2E("mission.requirements", badReq, obj{"mission": "m", "personnel": []string{"a"}}), "board.missions[0].requirements"},
		{"UnreadableRequirementParam", req2E("requirement.check", base, obj{"requirement": "Diplomacy or", "personnel": []string{"a"}}), "params.requirement"},
		{"BareMultiplierInARequirement", req1E("requirement.check", base, obj{"requirement": "SCIENCE x", "personnel": []string{"a"}}), "params.requirement"},
		{"UnknownPersonnelInAList", req2E("requirement.check", base, obj{"requirement": "Diplomacy", "personnel": []string{"a", "zz"}}), "params.personnel[1]"},
		{"BadOwner", req2E("ship.staffed", badOwner, obj{"ship": "s"}), "board.ships[0].owner"},
		{"UnknownCard", req2E("combat", unknownCard, obj{}), "board.personnel[0].card"},
		// A destroyed ship is discarded: 2E, its third damage card; 1E
		// (rotation damage), a second hit before repair.
		{"DestroyedShip2E", req2E("ship.move", destroyed2E, obj{"ship": "s", "to": "m"}), "board.ships[0].damage"},
		{"DestroyedShip1E", req1E("ship.move", destroyed1E, obj{"ship": "s", "to": "m"}), "board.ships[0].damage"},
		{"DestroyedShipDamagedAgain1E", req1E("ship.damage", destroyed1E, obj{"ship": "s"}), "board.ships[0].damage"},
		{"MissingSpan", req2E("ship.move", noSpan, obj{"ship": "s", "to": "n"}), "board.missions[1]"},
		{"BadDilemmaKind", req2E("dilemmas.stack", base, obj{"mission": "m", "attempting": 2, "stack": []obj{{"title": "A", "kind": "astral", "cost": 1}}}), "params.stack[0].kind"},
		{"OpponentPersonnelOnYourSide", req2E("combat", noStrength, obj{"mission": "m", "you": []string{"x"}, "opponent": []string{"x"}}), "params.you[0]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := refuse(t, c.req); got != c.field {
				t.Errorf("field = %q, want %q", got, c.field)
			}
		})
	}
}

func TestMalformedParamsAreRefused(t *testing.T) {
	r := req2E("ship.staffed", rules.Board{}, obj{})
	r.Params = rawParams(`[1,2]`)
	if got := refuse(t, r); got != "params" {
		t.Errorf("field = %q", got)
	}
}
