package rules

import (
	"encoding/json"
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
