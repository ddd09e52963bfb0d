package api_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestAPlayRefusedWhateverItCostsIsAnsweredWithoutTheCost: a 2E card whose
// cost is not known is refused, not asked for its cost, where the play is
// refused whatever it costs (where it is played does not let it be played,
// or it is unique and commanded); its cost is then null, never 0, no
// counter is spent and the reasons say the cost is not known. Where the
// cost decides, it is asked for (422 naming it).
func TestAPlayRefusedWhateverItCostsIsAnsweredWithoutTheCost(t *testing.T) {
	srv := newServer(t)
	const board = `{"missions":[{"id":"hq","title":"Zq Home","type":"headquarters","quadrant":"alpha","span":2,"play":["klingon","non-aligned","equipment"]}]}`
	play := func(card string, extra string) []byte {
		return []byte(`{"edition":"2e","question":"card.play","board":` + board + `,"params":{"card":` + card + `,"at":"hq","counters":5` + extra + `}}`)
	}
	refused := []struct{ name, card, extra string }{
		{"a ship of an affiliation the headquarters does not play", `{"title":"Zq Cruiser","type":"ship","affiliation":"federation"}`, ""},
		{"a unique personnel whose title you command", `{"title":"Zq Kor","subtitle":"Elder","type":"personnel","affiliation":"klingon","unique":true}`, `,"commanded":["Zq Kor, Younger"]`},
	}
	for _, c := range refused {
		code, body := post(t, srv.URL, "/v1/adjudicate", play(c.card, c.extra))
		if code != 200 {
			t.Fatalf("%s: status %d: %s", c.name, code, body)
		}
		var v struct {
			Allowed *bool
			Result  map[string]any
			Reasons []string
		}
		if err := json.Unmarshal(body, &v); err != nil {
			t.Fatal(err)
		}
		if v.Allowed == nil || *v.Allowed {
			t.Errorf("%s: allowed %v, want false: %s", c.name, v.Allowed, body)
		}
		if cost, ok := v.Result["cost"]; !ok || cost != nil {
			t.Errorf("%s: cost %v (given %v), want null: %s", c.name, cost, ok, body)
		}
		if after, _ := v.Result["countersAfter"].(float64); after != 5 {
			t.Errorf("%s: countersAfter %v, want the 5 left: %s", c.name, v.Result["countersAfter"], body)
		}
		if !strings.Contains(strings.Join(v.Reasons, " "), "is not known") {
			t.Errorf("%s: no reason says the cost is not known: %q", c.name, v.Reasons)
		}
	}
	code, body := post(t, srv.URL, "/v1/adjudicate", play(`{"title":"Zq Bird","type":"ship","affiliation":"klingon"}`, ""))
	if code != 422 || !strings.Contains(string(body), `"needs":"cost"`) {
		t.Errorf("a play the place allows: status %d, want 422 asking for the cost: %s", code, body)
	}
}
