// Limits checked on an operation once it is validated: how deep its
// selections nest, and its complexity, each fragment priced once, then
// charged against the client's rate limit for the services it calls. The
// query's shape is refused earlier, before validation (limits.go).

package graph

import (
	"context"
	"strconv"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// DepthLimit refuses operations whose selections nest deeper than Max.
type DepthLimit struct{ Max int }

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = DepthLimit{}

// ExtensionName names the extension.
func (DepthLimit) ExtensionName() string { return "DepthLimit" }

// Validate checks the schema; any schema will do.
func (DepthLimit) Validate(graphql.ExecutableSchema) error { return nil }

// MutateOperationContext measures the operation and refuses it when too deep.
func (d DepthLimit) MutateOperationContext(ctx context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if oc.Operation == nil {
		return nil
	}
	dm := depthMeasure{frags: oc.Doc.Fragments, depth: map[string]int{}, visiting: map[string]bool{}}
	if depth := dm.of(oc.Operation.SelectionSet); depth > d.Max {
		gerr := gqlerror.Errorf("The query is %d levels deep; at most %d are allowed.", depth, d.Max)
		gerr.Extensions = map[string]any{"code": "DEPTH_LIMIT_EXCEEDED"}
		return gerr
	}
	return nil
}

// depthMeasure measures how deep selections nest below a selection set, a
// fragment's once, however often it is spread.
type depthMeasure struct {
	frags    ast.FragmentDefinitionList
	depth    map[string]int
	visiting map[string]bool
	steps    *int // selections visited, for tests of the work done
}

// freeOfType is how many ofType selections in a row count no depth: those
// of the standard introspection query's TypeRef (GraphiQL's, code
// generators'), which follow a type's wrappings (non-null, list) to the type
// named, and nest seven deep to follow any schema's. Each wrapping answers
// one small object, or null where the wrappings end: such a chain asks for
// no more than its own length. One past them counts as any field does.
const freeOfType = 7

func (dm depthMeasure) of(set ast.SelectionSet) int { return dm.under(set, 0) }

// under is how deep set nests, chain ofType selections of __Type above it
// in a row.
func (dm depthMeasure) under(set ast.SelectionSet, chain int) int {
	deepest := 0
	for _, sel := range set {
		if dm.steps != nil {
			*dm.steps++
		}
		var d int
		switch s := sel.(type) {
		case *ast.Field:
			if len(s.SelectionSet) > 0 {
				switch {
				case s.Name != "ofType" || s.ObjectDefinition == nil || s.ObjectDefinition.Name != "__Type":
					d = 1 + dm.under(s.SelectionSet, 0)
				case chain < freeOfType:
					d = dm.under(s.SelectionSet, chain+1)
				default: // past the free ones, each counts
					d = 1 + dm.under(s.SelectionSet, chain)
				}
			}
		case *ast.InlineFragment:
			d = dm.under(s.SelectionSet, chain)
		case *ast.FragmentSpread:
			d = dm.fragment(s.Name, chain)
		}
		deepest = max(deepest, d)
	}
	return deepest
}

// fragment is how deep the fragment name nests, spread chain ofType
// selections in a row deep: measured once for each chain it is spread at.
func (dm depthMeasure) fragment(name string, chain int) int {
	key := name + "/" + strconv.Itoa(chain)
	if d, ok := dm.depth[key]; ok {
		return d
	}
	f := dm.frags.ForName(name)
	if f == nil || dm.visiting[name] {
		return 0 // a cycle is a validation error reported elsewhere
	}
	dm.visiting[name] = true
	d := dm.under(f.SelectionSet, chain)
	delete(dm.visiting, name)
	dm.depth[key] = d
	return d
}

// Introspection costs, against MaxComplexity: the whole schema answered is
// some 60 KB, which takes about as long as a search; one type about as long
// as a definition.
const (
	schemaCost = 250
	typeCost   = 10
)

// serviceFields are the fields that call a service: each counts as one
// request against the client's rate limit, as the REST route doing the same
// would.
var serviceFields = map[string]bool{
	"Query.documents": true, "Query.entry": true, "Query.search": true, "Query.define": true,
	"Query.card": true, "Query.cardNamed": true, "Query.cardCollection": true, "Query.cards": true, "Query.autocomplete": true,
	"Query.adjudicate": true, "Mutation.adjudicate": true, "Query.__schema": true, "Query.__type": true,
	"Entry.changes": true,
}

// ComplexityLimit refuses an operation whose complexity is over Max, as
// gqlgen's complexity limit does and with the same complexity functions,
// but measuring each fragment once however often it is spread, and
// charging introspection like any other field. An operation within the
// limit is then charged against the client's rate limit for each field
// that calls a service beyond the first, which the request itself paid
// (Charge; nil charges nothing).
type ComplexityLimit struct {
	Max    int
	Charge func(ctx context.Context, requests int) error
	es     graphql.ExecutableSchema
}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = &ComplexityLimit{}

// ExtensionName names the extension.
func (*ComplexityLimit) ExtensionName() string { return "ComplexityLimit" }

// Validate keeps the schema whose complexity functions price the fields.
func (c *ComplexityLimit) Validate(es graphql.ExecutableSchema) error {
	c.es = es
	return nil
}

// MutateOperationContext measures the operation, refuses it over the limit,
// and charges its service calls.
func (c *ComplexityLimit) MutateOperationContext(ctx context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if oc.Operation == nil {
		return nil
	}
	w := complexityWalker{es: c.es, schema: c.es.Schema(), vars: oc.Variables, frags: map[fragmentKey]cost{}}
	total := w.set(ctx, oc.Operation.SelectionSet)
	if total.complexity > c.Max {
		gerr := gqlerror.Errorf("operation has complexity %d, which exceeds the limit of %d", total.complexity, c.Max)
		errcode.Set(gerr, "COMPLEXITY_LIMIT_EXCEEDED")
		return gerr
	}
	if c.Charge != nil && total.requests > 1 {
		if err := c.Charge(ctx, total.requests-1); err != nil {
			refuse(ctx, err)
			gerr, _ := presentError(ctx, err)
			return gerr
		}
	}
	return nil
}

// cost is what a selection set costs: its complexity, and the service
// calls it makes.
type cost struct{ complexity, requests int }

// complexityWalker is gqlgen's complexity walk (complexity.Calculate),
// with fragments memoised, introspection priced, and lists of objects
// multiplied by their length (listBounds, stepsOf).
type complexityWalker struct {
	es     graphql.ExecutableSchema
	schema *ast.Schema
	vars   map[string]any
	frags  map[fragmentKey]cost
	steps  *int // selections visited, for tests of the work done
	// turn is how many steps the verdict being priced may answer: the
	// actions of the adjudication above it; requestBytes about how much
	// JSON its request is.
	turn, requestBytes int
}

// fragmentKey memoises a fragment's cost: the same fragment costs more
// under an adjudication of more steps.
type fragmentKey struct {
	name               string
	turn, requestBytes int
}

func (w complexityWalker) set(ctx context.Context, set ast.SelectionSet) cost {
	var total cost
	for _, sel := range set {
		if w.steps != nil {
			*w.steps++
		}
		var c cost
		switch s := sel.(type) {
		case *ast.Field:
			c = w.field(ctx, s)
		case *ast.FragmentSpread:
			var ok bool
			key := fragmentKey{s.Name, w.turn, w.requestBytes}
			if c, ok = w.frags[key]; !ok && s.Definition != nil {
				c = w.set(ctx, s.Definition.SelectionSet)
				w.frags[key] = c
			}
		case *ast.InlineFragment:
			c = w.set(ctx, s.SelectionSet)
		}
		total = cost{safeAdd(total.complexity, c.complexity), safeAdd(total.requests, c.requests)}
	}
	return total
}

func (w complexityWalker) field(ctx context.Context, s *ast.Field) cost {
	if s.Definition == nil || s.ObjectDefinition == nil {
		return cost{}
	}
	typ := w.schema.Types[s.Definition.Type.Name()]
	field := s.ObjectDefinition.Name + "." + s.Name
	var args map[string]any
	if field == "Query.adjudicate" || field == "Mutation.adjudicate" {
		args = s.ArgumentMap(w.vars)
		w.turn, w.requestBytes = stepsOf(args["request"]), jsonBytes(args["request"], 0)
	}
	var child cost
	if typ != nil && (typ.Kind == ast.Object || typ.Kind == ast.Interface || typ.Kind == ast.Union) {
		child = w.set(ctx, s.SelectionSet)
	}
	requests := child.requests
	if serviceFields[field] {
		requests = safeAdd(requests, 1)
	}
	switch s.Name {
	case "__schema":
		return cost{safeAdd(schemaCost, child.complexity), requests}
	case "__type":
		return cost{safeAdd(typeCost, child.complexity), requests}
	}
	if n, ok := listBounds[field]; ok {
		return cost{safeAdd(1, safeMul(n, child.complexity)), requests}
	}
	if c, ok := resultCost(field, w.turn, w.requestBytes); ok {
		return cost{c, requests}
	}
	if field == "Verdict.steps" {
		return cost{safeAdd(1, safeMul(w.turn, child.complexity)), requests}
	}
	if args == nil {
		args = s.ArgumentMap(w.vars)
	}
	defs := []*ast.Definition{s.ObjectDefinition}
	if s.ObjectDefinition.Kind == ast.Interface {
		// Interfaces have no field costs of their own: the most
		// expensive implementation is assumed.
		defs = w.schema.GetPossibleTypes(s.ObjectDefinition)
	}
	fc := 0
	for _, def := range defs {
		c, ok := w.es.Complexity(ctx, def.Name, s.Name, child.complexity, args)
		if !ok || c < 1 {
			c = safeAdd(1, child.complexity)
		}
		fc = max(fc, c)
	}
	return cost{fc, requests}
}

// safeAdd adds two costs, ignoring a negative one and saturating rather
// than overflowing, as gqlgen's walk does.
func safeAdd(a, b int) int {
	a, b = max(a, 0), max(b, 0)
	if c := a + b; c >= a {
		return c
	}
	return int(^uint(0) >> 1)
}

// safeMul multiplies a cost by a count, saturating rather than overflowing.
func safeMul(n, c int) int {
	n, c = max(n, 0), max(c, 0)
	if n == 0 || c == 0 {
		return 0
	}
	if c > int(^uint(0)>>1)/n {
		return int(^uint(0) >> 1)
	}
	return n * c
}
