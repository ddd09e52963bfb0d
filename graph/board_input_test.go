package graph_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/stccg/stccg-rules/graph"
	"github.com/stccg/stccg-rules/internal/jsonfield"
	"github.com/stccg/stccg-rules/internal/rules"
)

// TestAdjudicationInputIsTheDomainRequest walks the schema's
// AdjudicationRequest input beside rules.AdjudicationRequest, which gqlgen
// binds it to, and fails when one names a field the other has not: a field
// added to the board's types and not to the schema, which GraphQL could
// never set, or one added to the schema alone, for which gqlgen would write
// a resolver stub rather than refuse.
func TestAdjudicationInputIsTheDomainRequest(t *testing.T) {
	schema := graph.NewExecutableSchema(graph.Config{}).Schema()
	var walk func(input *ast.Definition, typ reflect.Type)
	walked := map[string]bool{}
	walk = func(input *ast.Definition, typ reflect.Type) {
		if walked[input.Name] {
			return
		}
		walked[input.Name] = true
		goFields := map[string]jsonfield.Field{}
		for _, f := range jsonfield.Of(typ) {
			goFields[f.JSON] = f
		}
		var inSchema []string
		for _, sf := range input.Fields {
			inSchema = append(inSchema, sf.Name)
			gf, ok := goFields[sf.Name]
			if !ok {
				t.Errorf("the schema's %s has %s, which %s has not", input.Name, sf.Name, typ)
				continue
			}
			named := sf.Type
			for named.Elem != nil {
				named = named.Elem
			}
			def := schema.Types[named.NamedType]
			if def == nil || def.Kind != ast.InputObject {
				continue
			}
			gt := gf.Type
			for gt.Kind() == reflect.Pointer || gt.Kind() == reflect.Slice {
				gt = gt.Elem()
			}
			walk(def, gt)
		}
		for name := range goFields {
			if !slices.Contains(inSchema, name) {
				t.Errorf("%s has %s, which the schema's %s has not: add it to schema/schema.graphqls", typ, name, input.Name)
			}
		}
	}
	input := schema.Types["AdjudicationRequest"]
	if input == nil {
		t.Fatal("the schema has no AdjudicationRequest input")
	}
	walk(input, reflect.TypeFor[rules.AdjudicationRequest]())
	for _, want := range []string{"BoardInput", "BoardMissionInput", "BoardShipInput", "BoardPersonnelInput", "BoardFacilityInput", "LocationInput"} {
		if !walked[want] {
			t.Errorf("%s was not reached from AdjudicationRequest", want)
		}
	}
}
