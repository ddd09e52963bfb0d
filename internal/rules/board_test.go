package rules

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// A mission's affiliations [] (no affiliation icons: it cannot be
// attempted) survive a board written and read again, as a replayed turn's
// board is; affiliations not given are not written.
func TestNoAffiliationIconsSurviveABoardWrittenAndRead(t *testing.T) {
	b := Board{Missions: []BoardMission{{ID: "none", Affiliations: []string{}}, {ID: "unknown"}}}
	raw, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(raw), `"affiliations"`); n != 1 || !strings.Contains(string(raw), `"affiliations":[]`) {
		t.Fatalf("written as %s", raw)
	}
	var back Board
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	if back.Missions[0].Affiliations == nil || back.Missions[1].Affiliations != nil {
		t.Errorf("read back as %#v", back.Missions)
	}
}

// A personnel's statistics are written where they always were, between
// its title and where it is, though the struct that describes them is
// embedded.
func TestPersonnelStatisticsWrittenInPlace(t *testing.T) {
	five := 5
	p := BoardPersonnel{ID: "worf", Title: "Worf", PersonnelStats: PersonnelStats{Affiliation: "klingon", Skills: []string{"Security"}, Integrity: &five},
		At: &Location{Ship: "rotarran"}, Persona: "Worf"}
	raw, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"id":"worf","title":"Worf","affiliation":"klingon","skills":["Security"],"integrity":5,"at":{"ship":"rotarran"},"persona":"Worf"}`
	if string(raw) != want {
		t.Errorf("wrote %s, want %s", raw, want)
	}
}

// A decoding error names the field as the request writes it, never through
// the Go name of an embedded struct.
func TestRequestPathIsTheFieldAsWritten(t *testing.T) {
	for body, want := range map[string]string{
		`{"board":{"personnel":[{"id":"p","integrity":"five"}]}}`: "board.personnel.integrity",
		`{"board":{"personnel":[{"id":"p","skills":[1]}]}}`:       "board.personnel.skills",
		`{"board":{"personnel":[{"id":"p","at":{"ship":2}}]}}`:    "board.personnel.at.ship",
		`{"board":{"missions":[{"id":"m","span":"2"}]}}`:          "board.missions.span",
	} {
		var req AdjudicationRequest
		err := json.NewDecoder(strings.NewReader(body)).Decode(&req)
		var te *json.UnmarshalTypeError
		if !errors.As(err, &te) {
			t.Fatalf("%s: %v, not a type error", body, err)
		}
		if got := RequestPath(te.Field); got != want {
			t.Errorf("%s: %q (encoding/json %q), want %q", body, got, te.Field, want)
		}
	}
}
