package api_test

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// TestNextQuestionsValidateAgainstTheDocument posts the contract's second
// revision (personnel.beam, card.play at, mission.resolve, turn.replay, 1E
// facilities and docked ships, captives in a brig) and validates each verdict
// against /openapi.json, which describes them. The adjudicator answers every
// one: a refusal of a question or field the revision added fails, naming it,
// and every verdict must be a 200 in the documented shape.
func TestNextQuestionsValidateAgainstTheDocument(t *testing.T) {
	srv := newServer(t)
	type example struct {
		Name    string
		Request json.RawMessage
	}
	var cases []example
	for _, ex := range testcorpus.AdjudicationExamples(t) {
		if ex.File == "adjudicate-next.json" {
			cases = append(cases, example{ex.Name, ex.Request})
		}
	}
	if len(cases) == 0 {
		t.Fatal("no examples in adjudicate-next.json")
	}
	for _, own := range []struct{ name, body string }{
		{"1E: a personnel reports to an outpost of its affiliation, a ship docked there",
			`{"edition":"1e","question":"card.play","board":{"missions":[{"id":"m","type":"planet","quadrant":"alpha","span":2,"affiliations":["federation"]}],
			"facilities":[{"id":"out","kind":"outpost","affiliation":"federation","at":{"mission":"m"},"shields":30}],
			"ships":[{"id":"s","affiliation":"federation","staffing":["command"],"range":7,"at":{"mission":"m"},"docked":"out"}]},
			"params":{"card":{"title":"Ensign","type":"personnel","unique":false,"affiliation":"federation"},"at":"out"}}`},
		{"1E: a captive in the opponent's brig counts for nothing of its owner's",
			`{"edition":"1e","question":"requirement.check","board":{"missions":[{"id":"m","type":"planet","quadrant":"alpha","span":2}],
			"personnel":[{"id":"p","affiliation":"federation","skills":["Diplomacy"],"integrity":5,"cunning":5,"strength":5,"at":{"brig":"opponent"}}]},
			"params":{"requirement":"Diplomacy","personnel":["p"]}}`},
		{"1E: a stack with a copy seeded by each player",
			`{"edition":"1e","question":"dilemmas.stack","board":{"missions":[{"id":"m","type":"planet","quadrant":"alpha","span":2,"affiliations":["federation"]}]},
			"params":{"mission":"m","stack":[{"title":"Armus","kind":"planet","seededBy":"you"},{"title":"Armus","kind":"planet","seededBy":"opponent"}]}}`},
		{"1E: an attempt resolved: a dilemma discarded, a mis-seed, and one left unfaced when the Away Team is stopped",
			`{"edition":"1e","question":"mission.resolve","board":{"missions":[{"id":"m","type":"planet","quadrant":"alpha","span":2,"affiliations":["federation"],"requirements":"Diplomacy"}],
			"personnel":[{"id":"p","affiliation":"federation","skills":["Diplomacy"],"integrity":5,"cunning":5,"strength":5,"at":{"mission":"m"}}]},
			"params":{"mission":"m","stack":[{"title":"Void","kind":"space"},{"title":"Armus","kind":"planet","stops":["p"]},{"title":"Archer","kind":"planet"}]}}`},
		{"2E: an attempt whose last personnel is placed in a brig, a species named by the requirement",
			`{"edition":"2e","rules":"2e-rulebook-premiere","question":"mission.resolve","board":{"missions":[{"id":"m","type":"planet","quadrant":"alpha","span":2,"affiliations":["klingon"],"requirements":"Klingon and Strength>3"}],
			"personnel":[{"id":"p","affiliation":"klingon","species":"Klingon","skills":[],"integrity":5,"cunning":5,"strength":5,"at":{"mission":"m"}}]},
			"params":{"mission":"m","stack":[{"title":"A","kind":"planet","cost":1,"brigs":["p"]}]}}`},
		{"1E: a deck naming a card of several versions and one of the other edition",
			`{"edition":"1e","question":"deck.validate","params":{"missions":[{"title":"Zq M","count":6,"universal":true}],"dilemmas":[{"title":"Zq D","count":20}],
			"deck":[{"title":"Jean-Luc Picard","count":1},{"card":"2e-1-268","count":1},{"title":"Zq C","count":30}]}}`},
		{"1E: a turn replayed: a personnel reports to an outpost, the ship flies; the normal card play is used and 1E has no counters",
			`{"edition":"1e","question":"turn.replay","board":{"missions":[{"id":"m","type":"planet","quadrant":"alpha","span":2,"affiliations":["federation"]},{"id":"n","type":"space","quadrant":"alpha","span":3}],
			"facilities":[{"id":"out","kind":"outpost","affiliation":"federation","at":{"mission":"m"}}],
			"ships":[{"id":"s","affiliation":"federation","staffing":["command"],"range":7,"at":{"mission":"m"}}],
			"personnel":[{"id":"p","affiliation":"federation","icons":["command"],"integrity":5,"cunning":5,"strength":5,"at":{"ship":"s"}}]},
			"params":{"actions":[{"question":"card.play","params":{"card":{"title":"Ensign","type":"personnel","affiliation":"federation"},"at":"out","id":"e"}},
			{"question":"ship.move","params":{"ship":"s","to":"n"}}]}}`},
		{"2E: a turn replayed to a refusal: a failed attempt is legal, a stopped personnel cannot beam; a mission with no points completed leaves the points unknown",
			`{"edition":"2e","question":"turn.replay","board":{"missions":[{"id":"m","type":"planet","quadrant":"alpha","span":2,"affiliations":["klingon"],"requirements":"Diplomacy"},
			{"id":"n","type":"planet","quadrant":"alpha","span":2,"affiliations":["klingon"],"requirements":"Security"}],
			"ships":[{"id":"s","affiliation":"klingon","staffing":["command"],"range":7,"at":{"mission":"m"}}],
			"personnel":[{"id":"p","affiliation":"klingon","icons":["command"],"skills":["Security"],"integrity":5,"cunning":5,"strength":5,"at":{"mission":"n"}},
			{"id":"q","affiliation":"klingon","icons":["command"],"skills":["Security"],"integrity":5,"cunning":5,"strength":5,"at":{"mission":"m"}}]},
			"params":{"counters":3,"actions":[{"question":"mission.resolve","params":{"mission":"n"}},{"question":"mission.resolve","params":{"mission":"m"}},
			{"question":"personnel.beam","params":{"personnel":["q"],"to":"s"}}]}}`},
	} {
		cases = append(cases, example{own.name, json.RawMessage(own.body)})
	}
	v, err := openAPIDoc()
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range cases {
		t.Run(ex.Name, func(t *testing.T) {
			// The document describes the request.
			if err := v.checkRequest(httptest.NewRequest("POST", "/v1/adjudicate", bytes.NewReader(ex.Request)), ex.Request); err != nil {
				t.Errorf("the document refuses the request: %v", err)
			}
			code, body := post(t, srv.URL, "/v1/adjudicate", ex.Request)
			if reason := notAnswered(code, body); reason != "" {
				t.Fatalf("the adjudicator does not answer a question the contract describes (%s)", reason)
			}
			if code != 200 {
				t.Fatalf("status %d: %s", code, body)
			}
			// The validating server has checked the verdict against the
			// document; a question's result is typed there.
			var v struct {
				Question string
				Result   map[string]any
			}
			if err := json.Unmarshal(body, &v); err != nil || v.Result == nil {
				t.Fatalf("verdict %s: %v", body, err)
			}
		})
	}
}

// notAnswered names what the adjudicator refused when the refusal is of
// something the contract added but the engine does not know: an
// unknown question (422, field "question"), an unknown param (422) or an
// unknown field of the request (400). Any other answer is "".
func notAnswered(code int, body []byte) string {
	var e errorBody
	if json.Unmarshal(body, &e) != nil {
		return ""
	}
	field, _ := e.Error.Details["field"].(string)
	switch {
	case code == 422 && field == "question" && (strings.Contains(e.Error.Message, "Unknown question") || strings.Contains(e.Error.Message, "not answered yet")):
		return "422: " + e.Error.Message
	case code == 422 && strings.Contains(e.Error.Message, "unknown param"):
		return "422: " + e.Error.Message
	case code == 400 && strings.HasPrefix(e.Error.Message, "Unknown field"):
		return "400: " + e.Error.Message
	}
	return ""
}
