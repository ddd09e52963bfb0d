package api_test

import (
	"encoding/json"
	"slices"
	"testing"
)

// A misspelt icon on a board is refused over REST with the words meant,
// never answered "Not staffed" as if the crew lacked the icon.
func TestAMisspeltBoardWordIsRefusedOverREST(t *testing.T) {
	srv := newServer(t)
	body := `{"edition":"2e","question":"ship.staffed","board":{"missions":[{"id":"m","type":"planet","quadrant":"alpha","span":2}],` +
		`"ships":[{"id":"s","affiliation":"federation","staffing":["command"],"range":8,"at":{"mission":"m"}}],` +
		`"personnel":[{"id":"a","affiliation":"federation","icons":["staff"],"at":{"ship":"s"}},{"id":"b","affiliation":"federation","icons":["comand"],"at":{"ship":"s"}}]},` +
		`"params":{"ship":"s"}}`
	status, out := post(t, srv.URL, "/v1/adjudicate", []byte(body))
	var e struct {
		Error struct {
			Code    string
			Details struct {
				Field       string
				Suggestions []string
			}
		}
	}
	if err := json.Unmarshal(out, &e); err != nil || status != 422 || e.Error.Code != "unprocessable" {
		t.Fatalf("%d %s", status, out)
	}
	if e.Error.Details.Field != "board.personnel[1].icons[0]" || !slices.Contains(e.Error.Details.Suggestions, "command") {
		t.Errorf("details %+v", e.Error.Details)
	}
}
