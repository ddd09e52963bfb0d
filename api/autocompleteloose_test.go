package api_test

import (
	"encoding/json"
	"net/url"
	"reflect"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// TestAutocompleteSaysALooseMatchOnRESTAndGraphQL asks autocomplete for a
// prefix the names begin as typed, a persona's name and a typo'd prefix:
// REST's answer keeps data as the contract lists it and adds, name by name,
// how the prefix matched (a persona or a typo read is fuzzy) and how the
// prefix was read; GraphQL's edges and readAs say the same.
func TestAutocompleteSaysALooseMatchOnRESTAndGraphQL(t *testing.T) {
	srv := newServer(t)
	for _, tc := range []struct {
		q, edition string
		match, by  string // of the first name
		persona    string
		readAs     []rules.WordReading
	}{
		{"jean-luc", "", rules.MatchExact, rules.NameStart, "", nil},
		{"lore", "1e", rules.MatchFuzzy, rules.NamePersona, "Lore", nil},
		{"galxy", "", rules.MatchFuzzy, rules.NameWord, "", []rules.WordReading{{Typed: "galxy", As: "galaxy", Why: rules.ReadTypo}}},
	} {
		v := url.Values{"q": {tc.q}}
		if tc.edition != "" {
			v.Set("edition", tc.edition)
		}
		var rest struct {
			Data    []string            `json:"data"`
			Total   int                 `json:"total"`
			Matches []rules.NameMatch   `json:"matches"`
			ReadAs  []rules.WordReading `json:"readAs"`
		}
		if code := get(t, srv, "/v1/cards/autocomplete?"+v.Encode(), &rest); code != 200 {
			t.Fatalf("%q: status %d", tc.q, code)
		}
		if len(rest.Data) == 0 || len(rest.Matches) != len(rest.Data) || rest.Total != len(rest.Data) {
			t.Fatalf("%q: data %v, matches %+v", tc.q, rest.Data, rest.Matches)
		}
		for i, m := range rest.Matches {
			if m.Name != rest.Data[i] {
				t.Errorf("%q: matches[%d] is %q, data[%d] %q", tc.q, i, m.Name, i, rest.Data[i])
			}
		}
		if m := rest.Matches[0]; m.Match != tc.match || m.By != tc.by || m.Persona != tc.persona {
			t.Errorf("%q: first match %+v, want %s by %s (persona %q)", tc.q, m, tc.match, tc.by, tc.persona)
		}
		if !reflect.DeepEqual(rest.ReadAs, tc.readAs) {
			t.Errorf("%q: readAs %+v, want %+v", tc.q, rest.ReadAs, tc.readAs)
		}

		vars := map[string]any{"q": tc.q}
		if tc.edition != "" {
			vars["e"] = tc.edition
		}
		body, _ := json.Marshal(map[string]any{
			"query":     `query($q: String!, $e: String){ autocomplete(q: $q, edition: $e){ edges { node match by persona } readAs { typed as why } } }`,
			"variables": vars,
		})
		code, out := post(t, srv.URL, "/graphql", body)
		var gql struct {
			Data struct {
				Autocomplete struct {
					Edges []struct {
						Node, Match, By string
						Persona         *string
					}
					ReadAs []rules.WordReading
				}
			}
		}
		if err := json.Unmarshal(out, &gql); code != 200 || err != nil {
			t.Fatalf("%q: GraphQL %d %s", tc.q, code, out)
		}
		a := gql.Data.Autocomplete
		if len(a.Edges) != len(rest.Matches) {
			t.Fatalf("%q: GraphQL %d names, REST %d", tc.q, len(a.Edges), len(rest.Matches))
		}
		for i, e := range a.Edges {
			persona := ""
			if e.Persona != nil {
				persona = *e.Persona
			}
			if got := (rules.NameMatch{Name: e.Node, Match: e.Match, By: e.By, Persona: persona}); got != rest.Matches[i] {
				t.Errorf("%q: GraphQL %+v, REST %+v", tc.q, got, rest.Matches[i])
			}
		}
		if len(a.ReadAs) != len(rest.ReadAs) || len(a.ReadAs) > 0 && !reflect.DeepEqual(a.ReadAs, rest.ReadAs) {
			t.Errorf("%q: GraphQL readAs %+v, REST %+v", tc.q, a.ReadAs, rest.ReadAs)
		}
	}
}
