package engine_test

import (
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/engine"
	"github.com/stccg/stccg-rules/internal/rules"
)

// Where a 1E facility is built during play: at a spaceline location where
// you have no facility yet (the opponent's does not stop you), an outpost
// only at a mission showing its affiliation icon; what the card data cannot
// say (a facility's own text, homeworlds) is named as not checked, never
// passed over as though it were.
func TestA1EFacilityIsBuiltWhereTheRulesAllow(t *testing.T) {
	plains := func(id string, affiliations ...string) rules.BoardMission {
		m := mission(id, "planet", "alpha", 2)
		m.Affiliations = affiliations
		return m
	}
	board := rules.Board{
		Missions: []rules.BoardMission{plains("redrock", "romulan"), plains("greenvale", "federation", "bajoran"), plains("bluefen", "federation"), {ID: "fog", Title: "Zq Fog", Type: "space", Span: ip(2)}},
		Facilities: []rules.BoardFacility{
			{ID: "mine", Card: "1e-101-104", At: at("bluefen")},
			{ID: "theirs", Owner: engine.Opponent, Card: "1e-101-105", At: at("greenvale")},
		},
		Ships: []rules.BoardShip{ship("runner", "federation", nil, 7, "greenvale")},
	}
	cases := []struct {
		name   string
		params obj
		want   bool
		says   string // words of a reason
		cites  string // words of a citation; "" none asked
	}{
		{"AnOutpostWithoutItsIconThereIsRefused", obj{"card": "1e-101-104", "at": "redrock"}, false, "shows romulan", "matching affiliation icon"},
		{"AnOutpostAtItsIconIsBuilt", obj{"card": "1e-101-104", "at": "greenvale"}, true, "not checked", "matching affiliation icon"},
		{"AnotherOfYoursThereIsRefused", obj{"card": "1e-101-104", "at": "bluefen"}, false, "already have", "where you already have a facility"},
		{"TheOpponentsFacilityThereStopsNothing", obj{"card": "1e-101-106", "at": "redrock"}, true, "not checked", ""},
		{"NotAtAShip", obj{"card": "1e-101-104", "at": "runner"}, false, "not a spaceline location", ""},
		{"AFacilityOfOtherKindIsBuiltWhereItsTextSays", obj{"card": obj{"title": "Zq Station", "type": "facility"}, "at": "redrock"}, true, "its own text", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := judge(t, req1E("card.play", board, c.params))
			if allowed(t, v) != c.want {
				t.Errorf("allowed = %v, want %v; reasons %q", !c.want, c.want, v.Reasons)
			}
			if !strings.Contains(strings.Join(v.Reasons, " "), c.says) {
				t.Errorf("no reason says %q: %q", c.says, v.Reasons)
			}
			if c.cites != "" && !quotes(v, c.cites) {
				t.Errorf("no citation quotes %q: %+v", c.cites, v.Citations)
			}
			if !c.want && resultField(t, v.Result, "cardPlayUsed") != false {
				t.Errorf("a refused play used the normal card play: %v", resultField(t, v.Result, "cardPlayUsed"))
			}
		})
	}
	t.Run("AnOutpostAtAMissionWhoseIconsAreNotKnown", func(t *testing.T) {
		if f := refuse(t, req1E("card.play", board, obj{"card": "1e-101-104", "at": "fog"})); f != "board.missions[3]" {
			t.Errorf("field %q, want board.missions[3] (needs affiliations)", f)
		}
	})
}

// Missions and dilemmas are not played from hand in either edition: 2E
// decks do not hold them, 1E seeds them. A 1E refusal of one leaves the
// normal card play unused, in a turn as alone.
func TestMissionsAndDilemmasAreNotPlayedFromHand(t *testing.T) {
	for _, c := range []struct {
		edition string
		card    obj
		cites   string
	}{
		{"1e", obj{"title": "Zq Pitfall", "type": "dilemma"}, "seeded rather than played"},
		{"1e", obj{"title": "Zq Survey", "type": "mission"}, "seeded rather than played"},
		{"2e", obj{"title": "Zq Pitfall", "type": "dilemma", "cost": 1}, "two other types of cards"},
	} {
		t.Run(c.edition+"/"+c.card["type"].(string), func(t *testing.T) {
			r := req2E("card.play", rules.Board{}, obj{"card": c.card})
			r.Edition = c.edition
			v := judge(t, r)
			if allowed(t, v) {
				t.Fatalf("allowed; reasons %q", v.Reasons)
			}
			if !quotes(v, c.cites) {
				t.Errorf("no citation quotes %q: %+v", c.cites, v.Citations)
			}
		})
	}
	board := rules.Board{Missions: []rules.BoardMission{mission("dust", "planet", "alpha", 2)}}
	v := judge(t, req1E("turn.replay", board, obj{"actions": []obj{
		{"question": "card.play", "params": obj{"card": obj{"title": "Zq Pitfall", "type": "dilemma"}}},
	}}))
	if tr := turnOf(t, v); tr.FirstIllegal == nil || *tr.FirstIllegal != 0 || tr.CardPlayUsed == nil || *tr.CardPlayUsed {
		t.Errorf("firstIllegal %v, cardPlayUsed %v; want 0 and false", val(tr.FirstIllegal), val(tr.CardPlayUsed))
	}
}

// A 1E facility built in a turn stands on the board after it, under the id
// its play gave, where the turn's later actions find it: personnel beam
// aboard it, and the board after lists it with them.
func TestABuilt1EFacilityStandsOnTheBoardAfter(t *testing.T) {
	site := mission("greenvale", "planet", "alpha", 2)
	site.Affiliations = []string{"federation"}
	board := rules.Board{
		Missions:  []rules.BoardMission{site},
		Ships:     []rules.BoardShip{ship("runner", "federation", nil, 7, "greenvale")},
		Personnel: []rules.BoardPersonnel{person("crew", "federation", []string{"command"}, aboard("runner"))},
	}
	v := judge(t, req1E("turn.replay", board, obj{"actions": []obj{
		{"question": "card.play", "params": obj{"card": "1e-101-104", "at": "greenvale", "id": "post"}},
		{"question": "personnel.beam", "params": obj{"personnel": []string{"crew"}, "to": "post"}},
	}}))
	tr := turnOf(t, v)
	if !allowed(t, v) || tr.FirstIllegal != nil {
		t.Fatalf("the turn was refused at %v; reasons %q", val(tr.FirstIllegal), v.Reasons)
	}
	after := tr.Board
	if len(after.Facilities) != 1 || after.Facilities[0].ID != "post" || after.Facilities[0].At == nil || after.Facilities[0].At.Mission != "greenvale" {
		t.Fatalf("facilities after %+v, want post at greenvale", after.Facilities)
	}
	if at := after.Personnel[0].At; at == nil || at.Facility != "post" {
		t.Errorf("crew at %+v after, want aboard post", at)
	}
	if len(board.Facilities) != 0 {
		t.Errorf("the request's board changed: %+v", board.Facilities)
	}
}
