package graph

import (
	"context"
	"strconv"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/stccg/stccg-rules/internal/rules"
)

// StrictVariables refuses a variable, or a value within one, given as a JSON
// string where its type is a number or a boolean (Int, Float, Boolean):
// GraphQL's validation reads "10" as the Int 10, where REST refuses a number
// written as a string ("The field board.ships[0].range must be a whole
// number, not a JSON string."). A value within an adjudication request is
// named by its path in the request, as REST names it in the body.
type StrictVariables struct{ schema *ast.Schema }

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = &StrictVariables{}

// ExtensionName names the extension.
func (*StrictVariables) ExtensionName() string { return "StrictVariables" }

// Validate keeps the schema the variables' input types are read in.
func (s *StrictVariables) Validate(es graphql.ExecutableSchema) error {
	s.schema = es.Schema()
	return nil
}

// maxVariableValues bounds the values walked: more than a body of
// rules.MaxBodyBytes holds of one-byte values is none a request has.
const maxVariableValues = rules.MaxBodyBytes / 2

// MutateOperationContext walks each variable's value against its type.
func (s *StrictVariables) MutateOperationContext(ctx context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if oc.Operation == nil || s.schema == nil {
		return nil
	}
	budget := maxVariableValues
	for _, def := range oc.Operation.VariableDefinitions {
		if ctx.Err() != nil {
			return nil // the request is over; its answer says so
		}
		v, ok := oc.Variables[def.Variable]
		if !ok {
			continue
		}
		// In an adjudication request, the path REST names in the body.
		path, rest := "$"+def.Variable, false
		if def.Type.NamedType == "AdjudicationRequest" {
			path, rest = "", true
		}
		if field, kind := s.mistyped(v, def.Type, path, &budget); field != "" {
			msg := "The variable " + field + " must be " + kind + ", not a JSON string."
			if rest {
				msg = "The field " + field + " must be " + kind + ", not a JSON string."
			}
			gerr := gqlerror.Errorf("%s", msg)
			gerr.Extensions = map[string]any{"code": rules.EINVALID, "details": map[string]any{"field": rules.Truncate(field)}}
			return gerr
		}
	}
	return nil
}

// mistyped returns the path of the first value within v given as a string
// where typ takes a number or a boolean, and what it takes; "" when there is
// none, or when budget values have been walked.
func (s *StrictVariables) mistyped(v any, typ *ast.Type, path string, budget *int) (string, string) {
	if v == nil || *budget <= 0 {
		return "", ""
	}
	*budget--
	if typ.Elem != nil {
		if list, ok := v.([]any); ok {
			for i, item := range list {
				if f, k := s.mistyped(item, typ.Elem, path+"["+strconv.Itoa(i)+"]", budget); f != "" {
					return f, k
				}
			}
			return "", ""
		}
		return s.mistyped(v, typ.Elem, path, budget) // one value for a list of one
	}
	if _, isString := v.(string); isString {
		switch typ.NamedType {
		case "Int":
			return orBody(path), "a whole number"
		case "Float":
			return orBody(path), "a number"
		case "Boolean":
			return orBody(path), "true or false"
		}
		return "", ""
	}
	def := s.schema.Types[typ.NamedType]
	obj, isObject := v.(map[string]any)
	if def == nil || def.Kind != ast.InputObject || !isObject {
		return "", ""
	}
	for _, f := range def.Fields {
		if fv, ok := obj[f.Name]; ok {
			p := f.Name
			if path != "" {
				p = path + "." + f.Name
			}
			if field, k := s.mistyped(fv, f.Type, p, budget); field != "" {
				return field, k
			}
		}
	}
	return "", ""
}

func orBody(path string) string {
	if path == "" {
		return "(the body)"
	}
	return path
}
