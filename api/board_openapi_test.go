package api_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/jsonfield"
	"github.com/stccg/stccg-rules/internal/rules"
)

// TestOpenAPIDescribesEveryBoardField walks the OpenAPI document's Board
// beside rules.Board and fails when the domain types hold a field the
// document does not describe: bots read the document, and a field added to
// the board is described there too. (The document may describe more than
// the engine reads yet.)
func TestOpenAPIDescribesEveryBoardField(t *testing.T) {
	type schema struct {
		Ref        string             `json:"$ref"`
		Items      *schema            `json:"items"`
		Properties map[string]*schema `json:"properties"`
	}
	var doc struct {
		Components struct {
			Schemas map[string]*schema `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(api.OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	resolve := func(s *schema) (string, *schema) {
		for s != nil && s.Items != nil {
			s = s.Items
		}
		if s == nil || s.Ref == "" {
			return "", s
		}
		name := strings.TrimPrefix(s.Ref, "#/components/schemas/")
		return name, doc.Components.Schemas[name]
	}
	walked := map[string]bool{}
	var walk func(name string, s *schema, typ reflect.Type)
	walk = func(name string, s *schema, typ reflect.Type) {
		if walked[name] {
			return
		}
		walked[name] = true
		for _, f := range jsonfield.Of(typ) {
			p, ok := s.Properties[f.JSON]
			if !ok {
				t.Errorf("%s has %s, which the OpenAPI document's %s does not describe: add it to api/openapi.json", typ, f.JSON, name)
				continue
			}
			gt := f.Type
			for gt.Kind() == reflect.Pointer || gt.Kind() == reflect.Slice {
				gt = gt.Elem()
			}
			if ref, sub := resolve(p); ref != "" && gt.Kind() == reflect.Struct {
				if sub == nil {
					t.Errorf("%s.%s refers to %s, which the document does not define", name, f.JSON, ref)
					continue
				}
				walk(ref, sub, gt)
			}
		}
	}
	board := doc.Components.Schemas["Board"]
	if board == nil {
		t.Fatal("the OpenAPI document defines no Board")
	}
	walk("Board", board, reflect.TypeFor[rules.Board]())
	for _, want := range []string{"BoardMission", "BoardShip", "BoardPersonnel", "Location"} {
		if !walked[want] {
			t.Errorf("%s was not reached from Board", want)
		}
	}
}
