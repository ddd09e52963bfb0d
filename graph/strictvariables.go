package graph

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/stccg/stccg-rules/internal/rules"
)

// StrictVariables refuses a variable, or a value within one, given as a JSON
// string where its type is a number or a boolean (Int, Float, Boolean):
// GraphQL's validation reads "10" as the Int 10, where REST refuses a number
// written as a string ("The field board.ships[0].range must be a whole
// number, not a JSON string."), and a JSON number where its type is text
// (String, ID), which GraphQL reads as the string "3". It refuses one value given where a list
// goes, in a variable or a literal, which GraphQL reads as a list of one
// where REST refuses it ("The field board.ships must be a list, not a JSON
// object."). A value within an adjudication request is named by its path
// in the request, as REST names it in the body.
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
		if field, kind, got := s.mistyped(v, def.Type, path, &budget); field != "" {
			msg := "The variable " + field + " must be " + kind + ", not a JSON " + got + "."
			if rest {
				msg = "The field " + field + " must be " + kind + ", not a JSON " + got + "."
			}
			gerr := gqlerror.Errorf("%s", msg)
			// details.field names a variable without its $, as a
			// variable's other mistakes do.
			gerr.Extensions = map[string]any{"code": rules.EINVALID, "details": map[string]any{"field": rules.Truncate(strings.TrimPrefix(field, "$"))}}
			return gerr
		}
	}
	if ctx.Err() != nil {
		return nil
	}
	return singleForListLiteral(oc)
}

// mistyped returns the path of the first value within v given as a string
// where typ takes a number or a boolean, as a number where typ takes text,
// or as one value where typ takes a
// list (GraphQL reads it as a list of one; REST refuses it), what it takes
// and the JSON type it was given ("string", "object"); "" when there is
// none, or when budget values have been walked.
func (s *StrictVariables) mistyped(v any, typ *ast.Type, path string, budget *int) (field, want, got string) {
	if v == nil || *budget <= 0 {
		return "", "", ""
	}
	*budget--
	if typ.Elem != nil {
		list, ok := v.([]any)
		if !ok {
			// One value given where a list goes: GraphQL's validation has
			// made it a list of one of its own type ([]map[string]any,
			// []string), where a list as sent is decoded as []any.
			one := v
			if rv := reflect.ValueOf(v); rv.Kind() == reflect.Slice && rv.Len() == 1 {
				one = rv.Index(0).Interface()
			}
			return orBody(path), "a list", jsonKindOf(one)
		}
		for i, item := range list {
			if f, w, g := s.mistyped(item, typ.Elem, path+"["+strconv.Itoa(i)+"]", budget); f != "" {
				return f, w, g
			}
		}
		return "", "", ""
	}
	if _, isString := v.(string); isString {
		switch typ.NamedType {
		case "Int":
			return orBody(path), "a whole number", "string"
		case "Float":
			return orBody(path), "a number", "string"
		case "Boolean":
			return orBody(path), "true or false", "string"
		}
		return "", "", ""
	}
	// A JSON number where text goes: GraphQL's validation reads 3 as the
	// String "3" (and the ID "3"), where REST refuses a number where a
	// string goes ("The field identifiers[0].id must be a string, not a
	// JSON number."). A boolean there GraphQL refuses itself.
	if _, isNumber := v.(json.Number); isNumber && (typ.NamedType == "String" || typ.NamedType == "ID") {
		return orBody(path), "a string", "number"
	}
	def := s.schema.Types[typ.NamedType]
	obj, isObject := v.(map[string]any)
	if def == nil || def.Kind != ast.InputObject || !isObject {
		return "", "", ""
	}
	for _, f := range def.Fields {
		if fv, ok := obj[f.Name]; ok {
			p := f.Name
			if path != "" {
				p = path + "." + f.Name
			}
			if field, w, g := s.mistyped(fv, f.Type, p, budget); field != "" {
				return field, w, g
			}
		}
	}
	return "", "", ""
}

// jsonKindOf names the JSON type a decoded variable's value was written
// as, in the words REST's refusals use (encoding/json's).
func jsonKindOf(v any) string {
	switch v.(type) {
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case bool:
		return "bool"
	}
	return "number"
}

// singleForListLiteral refuses a literal of the operation given as one
// value where its argument or input field takes a list, which GraphQL
// reads as a list of one and REST refuses: within an argument that holds
// what a REST body holds (bodyArguments) in the REST decoder's words, with
// the field's path; else naming the argument.
func singleForListLiteral(oc *graphql.OperationContext) *gqlerror.Error {
	if oc.Doc == nil || oc.Operation == nil {
		return nil
	}
	refuse := func(root string, a *ast.Argument) *gqlerror.Error {
		if ba, ok := bodyArguments[root]; ok && ba.name == a.Name {
			var body bytes.Buffer
			writeValue(&body, a.Value, oc.Variables)
			if re, ok := ba.decode(body.Bytes()).(*rules.Error); ok && re.Code == rules.EINVALID {
				gerr := gqlerror.Errorf("%s", re.Message)
				gerr.Extensions = map[string]any{"code": re.Code, "details": re.Details}
				return gerr
			}
		}
		gerr := gqlerror.Errorf("The argument %s must be a list, not one value.", a.Name)
		gerr.Extensions = map[string]any{"code": rules.EINVALID, "details": map[string]any{"field": rules.Truncate(a.Name)}}
		return gerr
	}
	budget := maxVariableValues
	var walk func(set ast.SelectionSet, root string, depth int) *gqlerror.Error
	walk = func(set ast.SelectionSet, root string, depth int) *gqlerror.Error {
		if depth > 64 {
			return nil // deeper than any query the limits let run
		}
		for _, sel := range set {
			switch f := sel.(type) {
			case *ast.Field:
				r := root
				if r == "" {
					r = f.Name
				}
				for _, a := range f.Arguments {
					if singleForList(a.Value, 0, &budget) {
						return refuse(r, a)
					}
				}
				if gerr := walk(f.SelectionSet, r, depth+1); gerr != nil {
					return gerr
				}
			case *ast.InlineFragment:
				if gerr := walk(f.SelectionSet, root, depth+1); gerr != nil {
					return gerr
				}
			}
		}
		return nil
	}
	if gerr := walk(oc.Operation.SelectionSet, "", 0); gerr != nil {
		return gerr
	}
	for _, frag := range oc.Doc.Fragments {
		// A fragment's fields are root fields when it is spread at the
		// root (a fragment on Query); the body arguments are Query's.
		if gerr := walk(frag.SelectionSet, "", 0); gerr != nil {
			return gerr
		}
	}
	return nil
}

// singleForList says whether the literal v, or a value within it, is one
// value where its type takes a list; a variable is walked with the
// variables (mistyped), and null is no value.
func singleForList(v *ast.Value, depth int, budget *int) bool {
	if v == nil || depth > 64 || *budget <= 0 || v.Kind == ast.Variable || v.Kind == ast.NullValue {
		return false
	}
	*budget--
	if v.ExpectedType != nil && v.ExpectedType.Elem != nil && v.Kind != ast.ListValue {
		return true
	}
	for _, c := range v.Children {
		if singleForList(c.Value, depth+1, budget) {
			return true
		}
	}
	return false
}

func orBody(path string) string {
	if path == "" {
		return "(the body)"
	}
	return path
}
