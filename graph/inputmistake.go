package graph

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/rules"
)

// A field of an adjudication request the schema does not have is refused by
// GraphQL's validation, before any resolver runs: in a query's literal as
// `Field "skils" is not defined by type "BoardPersonnelInput". Did you
// mean "skills"?`, in a variable as "unknown field" with the variable's
// path. The same mistake in a REST body, a page's form or the terminal is
// refused by api.DecodeAdjudication naming the field's full path
// (board.personnel[1].skils) and the fields meant. inputMistake gives
// GraphQL's refusal those words: it reads the request argument as it was
// sent (the query's literal, the variables it names) with the same decoder,
// and answers its refusal of the field GraphQL named.

// A bodyArgument is the argument of a root field that holds what the
// matching REST body holds, and the REST body's decoder of it: the
// argument's fields' paths are the body's.
type bodyArgument struct {
	name   string
	decode func(arg []byte) error
}

// bodyArguments are, by root field, the arguments REST bodies match: an
// adjudication's request is the whole body; a collection's identifiers are
// the body's "identifiers".
var bodyArguments = map[string]bodyArgument{
	"adjudicate": {"request", func(arg []byte) error {
		var req rules.AdjudicationRequest
		return api.DecodeAdjudication(arg, &req)
	}},
	"cardCollection": {"identifiers", func(arg []byte) error {
		_, err := api.DecodeCardCollection(append(append([]byte(`{"identifiers":`), arg...), '}'))
		return err
	}},
}

// VariablesKeeper keeps the variables and the query of a request as sent, before
// GraphQL's validation, so that a refusal of one can be worded as REST's
// (inputMistake).
type VariablesKeeper struct{}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationParameterMutator
} = VariablesKeeper{}

// ExtensionName names the extension.
func (VariablesKeeper) ExtensionName() string { return "VariablesKeeper" }

// Validate checks the schema; any schema will do.
func (VariablesKeeper) Validate(graphql.ExecutableSchema) error { return nil }

// MutateOperationParameters keeps the request's variables in its outcome.
func (VariablesKeeper) MutateOperationParameters(ctx context.Context, raw *graphql.RawParams) *gqlerror.Error {
	if o, _ := ctx.Value(outcomeKey{}).(*outcome); o != nil {
		o.variables = raw.Variables
		o.query = raw.Query
	}
	return nil
}

// inputMistake is the REST refusal of the unknown input field a validation
// error of GraphQL names, or nil when the error is of another kind or no
// body argument holds the field.
//
// A body argument that is no object (null, a list, a string, a number,
// true), which GraphQL refuses as "cannot be null" or "must be a
// AdjudicationRequest, not a slice" for a variable and "Expected value of
// type ..., found []." for a literal, is refused as REST refuses such a
// body ("The field (the body) must be an object, not a JSON array."), the
// argument named in place of the body.
func inputMistake(ctx context.Context, gerr *gqlerror.Error) *rules.Error {
	name, ok := unknownInputField(gerr)
	whole := !ok && argumentOfWrongType(gerr)
	// A value within a variable GraphQL refuses (a statistic written 7e0,
	// "cannot use string as Int"): REST's refusal of the body it is in.
	within := !ok && !whole && inVariable(gerr)
	if !ok && !whole && !within || !graphql.HasOperationContext(ctx) {
		return nil
	}
	oc := graphql.GetOperationContext(ctx)
	doc := oc.Doc
	if doc == nil {
		// Validation failed: the document was not kept. Parsing it again
		// costs only the request that failed.
		var err error
		if doc, err = parser.ParseQuery(&ast.Source{Input: oc.RawQuery}); err != nil {
			return nil
		}
	}
	op := doc.Operations.ForName(oc.OperationName)
	if op == nil {
		return nil
	}
	var vars map[string]any
	if o, _ := ctx.Value(outcomeKey{}).(*outcome); o != nil {
		vars = o.variables
	}
	for _, sel := range op.SelectionSet {
		f, ok := sel.(*ast.Field)
		if !ok {
			continue
		}
		ba, ok := bodyArguments[f.Name]
		if !ok {
			continue
		}
		arg := f.Arguments.ForName(ba.name)
		if arg == nil {
			continue
		}
		var body bytes.Buffer
		writeValue(&body, arg.Value, vars)
		err := ba.decode(body.Bytes())
		field, _ := rules.ErrorDetails(err)["field"].(string)
		re, _ := err.(*rules.Error)
		switch {
		case re == nil || re.Code != rules.EINVALID:
		case whole && field == bodyField:
			// The argument is the body: named as GraphQL names it.
			return rules.Errorf(rules.EINVALID, "%s", strings.Replace(re.Message, bodyField, ba.name, 1)).WithDetail("field", ba.name)
		case whole && field == ba.name:
			return re
		case within:
			return re
		case !whole && (field == name || strings.HasSuffix(field, "."+name)):
			return re
		}
	}
	return nil
}

// inVariable says whether a validation error refuses a value within a
// variable (its path the variable's and more).
func inVariable(gerr *gqlerror.Error) bool {
	code, _ := gerr.Extensions["code"].(string)
	return code == "GRAPHQL_VALIDATION_FAILED" && len(gerr.Path) > 2 && gerr.Path[0] == ast.PathName("variable")
}

// bodyField is how the REST decoders name the body itself.
const bodyField = "(the body)"

// argumentOfWrongType says whether a validation error refuses an argument's
// or a variable's whole value for its type: null for a type that is not
// nullable, or a value of another kind.
func argumentOfWrongType(gerr *gqlerror.Error) bool {
	if code, _ := gerr.Extensions["code"].(string); code != "GRAPHQL_VALIDATION_FAILED" {
		return false
	}
	if strings.HasPrefix(gerr.Message, "Expected value of type ") {
		return true
	}
	return len(gerr.Path) == 2 && gerr.Path[0] == ast.PathName("variable") &&
		(gerr.Message == "cannot be null" || strings.HasPrefix(gerr.Message, "must be a "))
}

// unknownInputField is the name of the input field a validation error says
// no input type has.
func unknownInputField(gerr *gqlerror.Error) (string, bool) {
	if code, _ := gerr.Extensions["code"].(string); code != "GRAPHQL_VALIDATION_FAILED" {
		return "", false
	}
	if rest, ok := strings.CutPrefix(gerr.Message, `Field "`); ok {
		if name, tail, ok := strings.Cut(rest, `" is not defined by type "`); ok && tail != "" {
			return name, true
		}
	}
	if gerr.Message == "unknown field" && len(gerr.Path) > 0 {
		if name, ok := gerr.Path[len(gerr.Path)-1].(ast.PathName); ok {
			return string(name), true
		}
	}
	return "", false
}

// writeValue writes a GraphQL value as the JSON it stands for, a variable
// as the value the request gave it.
func writeValue(b *bytes.Buffer, v *ast.Value, vars map[string]any) {
	if v == nil {
		b.WriteString("null")
		return
	}
	switch v.Kind {
	case ast.Variable:
		raw, err := json.Marshal(vars[v.Raw])
		if err != nil {
			raw = []byte("null")
		}
		b.Write(raw)
	case ast.IntValue, ast.FloatValue, ast.BooleanValue:
		b.WriteString(v.Raw)
	case ast.NullValue:
		b.WriteString("null")
	case ast.StringValue, ast.BlockValue, ast.EnumValue:
		writeString(b, v.Raw)
	case ast.ListValue:
		b.WriteByte('[')
		for i, c := range v.Children {
			if i > 0 {
				b.WriteByte(',')
			}
			writeValue(b, c.Value, vars)
		}
		b.WriteByte(']')
	case ast.ObjectValue:
		b.WriteByte('{')
		for i, c := range v.Children {
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(b, c.Name)
			b.WriteByte(':')
			writeValue(b, c.Value, vars)
		}
		b.WriteByte('}')
	default:
		b.WriteString("null")
	}
}

// writeString writes s as a JSON string.
func writeString(b *bytes.Buffer, s string) {
	raw, _ := json.Marshal(s)
	b.Write(raw)
}

// argumentAt finds the argument whose value a validation error points at
// (its location), and the field it is an argument of: a value of the wrong
// type written in the query, which the validator names by its type alone.
func argumentAt(ctx context.Context, gerr *gqlerror.Error) (name, field string, ok bool) {
	if code, _ := gerr.Extensions["code"].(string); code != "GRAPHQL_VALIDATION_FAILED" || len(gerr.Locations) != 1 || !graphql.HasOperationContext(ctx) {
		return "", "", false
	}
	oc := graphql.GetOperationContext(ctx)
	doc := oc.Doc
	if doc == nil {
		var err error
		if doc, err = parser.ParseQuery(&ast.Source{Input: oc.RawQuery}); err != nil {
			return "", "", false
		}
	}
	at := gerr.Locations[0]
	var walk func(ast.SelectionSet, int) bool
	walk = func(set ast.SelectionSet, depth int) bool {
		if depth > 64 {
			return false // deeper than any query the limits let run
		}
		for _, sel := range set {
			switch f := sel.(type) {
			case *ast.Field:
				for _, a := range f.Arguments {
					if p := a.Value.Position; p != nil && p.Line == at.Line && p.Column == at.Column {
						name, field = a.Name, f.Name
						return true
					}
				}
				if directiveArgumentAt(f.Directives, at, &name, &field) || walk(f.SelectionSet, depth+1) {
					return true
				}
			case *ast.InlineFragment:
				if walk(f.SelectionSet, depth+1) {
					return true
				}
			}
		}
		return false
	}
	for _, op := range doc.Operations {
		if walk(op.SelectionSet, 0) {
			return name, field, true
		}
	}
	return "", "", false
}

// directiveArgumentAt finds among directives the argument whose value is
// at, naming it and its directive (@include), as a field's argument is
// named with its field.
func directiveArgumentAt(ds ast.DirectiveList, at gqlerror.Location, name, field *string) bool {
	for _, d := range ds {
		for _, a := range d.Arguments {
			if p := a.Value.Position; p != nil && p.Line == at.Line && p.Column == at.Column {
				*name, *field = a.Name, "@"+d.Name
				return true
			}
		}
	}
	return false
}
