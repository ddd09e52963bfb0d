package engine_test

import (
	"reflect"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A requirement text given on several missions of a board is read once
// where the board is decoded, and every mission giving it reads as it
// would alone: the same verdict as on a board of that mission only; a
// typo in it is refused at the first mission giving it; a name that is a
// personnel's title on the board is read as the title on each.
func TestARequirementGivenOnManyMissionsReadsAsAlone(t *testing.T) {
	m := func(id, requirements string) rules.BoardMission {
		return rules.BoardMission{ID: id, Title: id, Type: "planet", Quadrant: "alpha", Span: ip(2), Points: ip(30),
			Requirements: requirements, Affiliations: []string{"federation"}}
	}
	texts := []string{"Medical + Honor", "Diplomacy x2 OR Honor", "Medical + Honor", "2 Diplomacy, Cunning>12", "Diplomacy x2 OR Honor"}
	var missions []rules.BoardMission
	for i, text := range texts {
		missions = append(missions, m(string(rune('a'+i)), text))
	}
	crew := func(where string) []rules.BoardPersonnel {
		return []rules.BoardPersonnel{person("p1", "federation", []string{"staff"}, at(where), "Medical", "Honor"),
			person("p2", "federation", []string{"staff"}, at(where), "Diplomacy")}
	}
	for _, mi := range missions {
		ask := obj{"mission": mi.ID, "personnel": []string{"p1", "p2"}}
		all := judge(t, req2E("mission.requirements", rules.Board{Missions: missions, Personnel: crew(mi.ID)}, ask))
		alone := judge(t, req2E("mission.requirements", rules.Board{Missions: []rules.BoardMission{mi}, Personnel: crew(mi.ID)}, ask))
		if !reflect.DeepEqual(all.Allowed, alone.Allowed) || !reflect.DeepEqual(all.Reasons, alone.Reasons) {
			t.Errorf("%s (%q): among others %v %q, alone %v %q", mi.ID, mi.Requirements, *all.Allowed, all.Reasons, *alone.Allowed, alone.Reasons)
		}
	}
	typo := []rules.BoardMission{m("a", "Honor"), m("b", "Medicl + Honor"), m("c", "Medicl + Honor")}
	if got := refuse(t, req2E("mission.requirements", rules.Board{Missions: typo, Personnel: crew("a")}, obj{"mission": "c"})); got != "board.missions[1].requirements" {
		t.Errorf("a typo given twice: field = %q", got)
	}
	titled := crew("c")
	titled[0].Title = "Medicl"
	v := judge(t, req2E("mission.requirements", rules.Board{Missions: typo, Personnel: titled}, obj{"mission": "c", "personnel": []string{"p1"}}))
	if v.Allowed == nil || !*v.Allowed {
		t.Errorf("a requirement naming the personnel's title, given twice, is not met: %+v", v)
	}
}
