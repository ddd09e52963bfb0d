package api_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// A verdict judged under a document a later one governs says so where a
// rule of the governing document the engine applies bears on the board,
// on REST and GraphQL alike, on the real corpus: a 1E request naming no
// document is judged under the 1E rulebook, which says nothing of Terrans;
// the Current Rulings govern it and make a Terran human. A 2E request
// under the Premiere rulebook with a second copy of a dilemma: the newest
// rulebook overcomes it where Premiere forbids it. Under the governing
// document itself, or where no such rule bears, nothing is said.
func TestAVerdictSaysWhenAGoverningDocumentAnswersOtherwise(t *testing.T) {
	srv := newServer(t)
	terran := `{"edition":"1e","question":"requirement.check",
		"board":{"missions":[{"id":"m","type":"planet","quadrant":"alpha","span":3}],
		"personnel":[{"id":"zq","title":"Zq Tavo","affiliation":"federation","icons":["staff"],"species":"Terran","at":{"mission":"m"}}]},
		"params":{"requirement":"Human","personnel":["zq"]}}`
	copies := `{"edition":"2e","rules":"2e-rulebook-premiere","question":"dilemmas.stack",
		"board":{"missions":[{"id":"m","type":"planet","quadrant":"alpha","span":3}]},
		"params":{"mission":"m","attempting":3,"stack":[{"title":"Zq Fog","kind":"planet","cost":0},{"title":"Zq Fog","kind":"planet","cost":0}]}}`
	for _, c := range []struct {
		name, body, governedBy string
		differs                *bool
	}{
		{"terran under the 1E rulebook by default", terran, "1e-current-rulings", ptrTo(true)},
		{"terran under the Current Rulings", strings.Replace(terran, `"edition":"1e"`, `"edition":"1e","rules":"1e-current-rulings"`, 1), "", nil},
		{"a copy under Premiere", copies, "2e-rulebook", ptrTo(true)},
		{"a copy under the newest", strings.Replace(copies, "2e-rulebook-premiere", "2e-rulebook", 1), "", nil},
	} {
		code, out := post(t, srv.URL, "/v1/adjudicate", []byte(c.body))
		var v struct {
			Allowed          *bool    `json:"allowed"`
			Reasons          []string `json:"reasons"`
			GovernedBy       string   `json:"governedBy"`
			GoverningDiffers *bool    `json:"governingDiffers"`
			Citations        []struct{ DocumentID, Anchor string }
		}
		if code != 200 || json.Unmarshal(out, &v) != nil {
			t.Fatalf("%s: %d %s", c.name, code, out)
		}
		if v.GovernedBy != c.governedBy || (v.GoverningDiffers == nil) != (c.differs == nil) || c.differs != nil && *v.GoverningDiffers != *c.differs {
			t.Errorf("%s: governedBy %q, governingDiffers %v; want %q %v: %s", c.name, v.GovernedBy, v.GoverningDiffers, c.governedBy, c.differs, out)
		}
		if c.governedBy != "" {
			cited := false
			for _, ct := range v.Citations {
				cited = cited || ct.DocumentID == c.governedBy && ct.Anchor != ""
			}
			if !cited || !strings.Contains(v.Reasons[len(v.Reasons)-1], `rules "`+c.governedBy+`"`) {
				t.Errorf("%s: the governing rule is not cited with its anchor, or the rules to ask under not named: %s", c.name, out)
			}
		}
		// GraphQL answers the same request alike.
		gq, _ := json.Marshal(map[string]any{
			"query":     `query($r: AdjudicationRequest!){ adjudicate(request: $r){ allowed governedBy governingDiffers } }`,
			"variables": map[string]json.RawMessage{"r": json.RawMessage(c.body)},
		})
		code, out = post(t, srv.URL, "/graphql", gq)
		var g struct {
			Data struct {
				Adjudicate struct {
					Allowed          *bool
					GovernedBy       *string
					GoverningDiffers *bool
				}
			}
		}
		if code != 200 || json.Unmarshal(out, &g) != nil {
			t.Fatalf("%s over GraphQL: %d %s", c.name, code, out)
		}
		a := g.Data.Adjudicate
		if (a.GovernedBy == nil) != (c.governedBy == "") || a.GovernedBy != nil && *a.GovernedBy != c.governedBy ||
			(a.GoverningDiffers == nil) != (v.GoverningDiffers == nil) || a.GoverningDiffers != nil && *a.GoverningDiffers != *v.GoverningDiffers ||
			(a.Allowed == nil) != (v.Allowed == nil) || a.Allowed != nil && *a.Allowed != *v.Allowed {
			t.Errorf("%s: GraphQL answered %s, REST governedBy %q differs %v allowed %v", c.name, out, v.GovernedBy, v.GoverningDiffers, v.Allowed)
		}
	}
}

func ptrTo[T any](v T) *T { return &v }
