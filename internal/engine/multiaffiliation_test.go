package engine_test

import (
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// TestACardOfTwoAffiliationsIsOfEach reads the 1E cards the card data gives
// two affiliations (a ship and a personnel each of two) as of either, on
// every question that asks a card's affiliation: the ship is staffed and
// boarded by personnel of either, not of a third; the personnel attempts a
// mission showing either icon, not one showing neither, and reports to an
// outpost of either. The pair was read as one affiliation no personnel,
// mission or facility has.
func TestACardOfTwoAffiliationsIsOfEach(t *testing.T) {
	const stolenShip, twoAffiliations = "1e-163-54", "1e-101-254" // Romulan and Federation; Klingon and Romulan
	planet := rules.BoardMission{ID: "p", Card: "1e-101-148"}     // a Romulan mission
	other := rules.BoardMission{ID: "q", Card: "1e-101-146"}      // a Federation mission
	crew := func(affiliation string) rules.Board {
		return rules.Board{
			Missions:  []rules.BoardMission{planet},
			Ships:     []rules.BoardShip{{ID: "s", Card: stolenShip, At: at("p")}},
			Personnel: []rules.BoardPersonnel{person("c", affiliation, []string{"staff"}, aboard("s")), person("d", affiliation, []string{"staff"}, at("p"))},
		}
	}
	for _, c := range []struct {
		affiliation string
		want        bool
	}{{"federation", true}, {"romulan", true}, {"klingon", false}} {
		if v := judge(t, req1E("ship.staffed", crew(c.affiliation), obj{"ship": "s"})); allowed(t, v) != c.want {
			t.Errorf("the Stolen Ship crewed by a %s staff: staffed %v, want %v: %q", c.affiliation, allowed(t, v), c.want, v.Reasons)
		}
		if v := judge(t, req1E("personnel.beam", crew(c.affiliation), obj{"personnel": []string{"d"}, "to": "s"})); allowed(t, v) != c.want {
			t.Errorf("a %s personnel beams aboard the Stolen Ship: allowed %v, want %v: %q", c.affiliation, allowed(t, v), c.want, v.Reasons)
		}
	}
	board := rules.Board{
		Missions:  []rules.BoardMission{planet, other},
		Personnel: []rules.BoardPersonnel{{ID: "b", Card: twoAffiliations, At: at("p")}, {ID: "b2", Card: twoAffiliations, At: at("q")}},
	}
	if v := judge(t, req1E("mission.attempt", board, obj{"mission": "p"})); !allowed(t, v) {
		t.Errorf("a Klingon and Romulan personnel attempts a Romulan mission: refused %q", v.Reasons)
	}
	if v := judge(t, req1E("mission.attempt", board, obj{"mission": "q"})); allowed(t, v) {
		t.Errorf("a Klingon and Romulan personnel attempts a Federation mission: allowed %q", v.Reasons)
	}
	for _, c := range []struct {
		outpost string
		want    bool
	}{{"1e-101-105", true}, {"1e-101-104", false}} { // a Klingon Outpost, a Federation Outpost
		b := rules.Board{Missions: []rules.BoardMission{planet}, Facilities: []rules.BoardFacility{{ID: "o", Card: c.outpost, At: at("p")}}}
		if v := judge(t, req1E("card.play", b, obj{"card": twoAffiliations, "at": "o"})); allowed(t, v) != c.want {
			t.Errorf("a Klingon and Romulan personnel reports to %s: allowed %v, want %v: %q", c.outpost, allowed(t, v), c.want, v.Reasons)
		}
	}
}
