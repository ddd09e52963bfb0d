package api

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestOpenAPIListsTheDeclaredParameters holds the OpenAPI document to the
// declared parameters of each /v1 route (readParams): a parameter the
// document lists that the route does not take would be refused, and one the
// route takes that the document leaves out is unknown to generated clients.
// "pretty", every route's, is left out of the document: listing it would
// add a parameters argument to the generated client's calls of the routes
// that have none.
func TestOpenAPIListsTheDeclaredParameters(t *testing.T) {
	b, err := os.ReadFile("openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	type param struct {
		Ref  string `json:"$ref"`
		Name string `json:"name"`
		In   string `json:"in"`
	}
	var doc struct {
		Paths      map[string]map[string]json.RawMessage `json:"paths"`
		Components struct {
			Parameters map[string]param `json:"parameters"`
		} `json:"components"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for path, ops := range doc.Paths {
		if !strings.HasPrefix(path, "/v1/") {
			continue
		}
		route := strings.NewReplacer("{", ":", "}", "").Replace(path)
		for method, raw := range ops {
			var op struct {
				Parameters []param `json:"parameters"`
			}
			if json.Unmarshal(raw, &op) != nil {
				continue // not an operation
			}
			var listed []string
			for _, p := range op.Parameters {
				if p.Ref != "" {
					p = doc.Components.Parameters[p.Ref[strings.LastIndexByte(p.Ref, '/')+1:]]
				}
				if p.In == "query" {
					listed = append(listed, p.Name)
				}
			}
			declared, ok := readParams[route]
			if !ok {
				t.Errorf("%s %s: the document lists a route that declares no parameters", method, path)
				continue
			}
			seen[route] = true
			want := slices.DeleteFunc(slices.Clone(declared), func(n string) bool { return n == "pretty" })
			slices.Sort(listed)
			slices.Sort(want)
			if !slices.Equal(listed, want) {
				t.Errorf("%s %s: the document lists %v, the route takes %v", method, path, listed, want)
			}
		}
	}
	for route := range readParams {
		if !seen[route] {
			t.Errorf("%s declares parameters but the document has no such route", route)
		}
	}
}

// BenchmarkCheckQuery measures what reading a search's query string against
// its route's parameters adds to every /v1 request.
func BenchmarkCheckQuery(b *testing.B) {
	names := readParams["/v1/search"]
	b.ReportAllocs()
	for b.Loop() {
		if err := checkQuery("q=stopped+personnel&edition=2e&kind=glossary&limit=10", names); err != nil {
			b.Fatal(err)
		}
	}
}
