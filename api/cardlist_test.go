package api_test

import (
	"encoding/json"
	"testing"
)

// A card list filtered by a field some cards of the data do not hold (the
// Second Edition missions known by title alone give no affiliation icons)
// counts those cards apart, the same on REST and GraphQL; a list whose
// filters read every card has no unknown at all.
func TestCardListCountsTheCardsAFilterCannotRead(t *testing.T) {
	srv := newServer(t)
	var rest struct {
		Data    []json.RawMessage
		Total   int
		Unknown map[string]int
	}
	if code := get(t, srv, "/v1/cards?edition=2e&affiliation=klingon&type=mission&limit=0", &rest); code != 200 {
		t.Fatalf("status %d", code)
	}
	if rest.Total == 0 || len(rest.Data) != 0 || len(rest.Unknown) != 1 || rest.Unknown["affiliation"] < 50 {
		t.Fatalf("2e klingon missions: total %d, unknown %v", rest.Total, rest.Unknown)
	}
	gql := `{"query":"{ cards(edition: \"2e\", affiliation: \"klingon\", type: \"mission\", first: 0) { totalCount unknown { type affiliation set } } }"}`
	code, out := post(t, srv.URL, "/graphql", []byte(gql))
	var answer struct {
		Data struct {
			Cards struct {
				TotalCount int
				Unknown    *struct{ Type, Affiliation, Set int }
			}
		}
		Errors []any
	}
	if err := json.Unmarshal(out, &answer); err != nil || code != 200 || answer.Errors != nil {
		t.Fatalf("%d %s", code, out)
	}
	g := answer.Data.Cards
	if g.TotalCount != rest.Total || g.Unknown == nil || g.Unknown.Affiliation != rest.Unknown["affiliation"] || g.Unknown.Type != 0 || g.Unknown.Set != 0 {
		t.Errorf("GraphQL %s; REST total %d unknown %v", out, rest.Total, rest.Unknown)
	}

	var known map[string]json.RawMessage
	get(t, srv, "/v1/cards?edition=2e&affiliation=klingon&type=personnel&limit=1", &known)
	if _, ok := known["unknown"]; ok || string(known["total"]) == "0" {
		t.Errorf("2e klingon personnel (every one gives its affiliation): total %s, unknown %s", known["total"], known["unknown"])
	}
	_, out = post(t, srv.URL, "/graphql", []byte(`{"query":"{ cards(edition: \"2e\", affiliation: \"klingon\", type: \"personnel\", first: 1) { unknown { affiliation } } }"}`))
	if string(out) != `{"data":{"cards":{"unknown":null}}}` {
		t.Errorf("GraphQL 2e klingon personnel: %s", out)
	}
}
