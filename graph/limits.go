package graph

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Limits of a query's shape, checked on the query parsed once, before
// gqlparser validates it: validation compares the fields of a selection set
// two by two, and every walk of a query follows its fragment spreads, so a
// small query could otherwise cost seconds before it is refused. A query of
// a bot or a fan site is a few dozen fields; GraphiQL's introspection query
// about a hundred once its fragments are spread.
const (
	// MaxQueryBytes bounds the query text.
	MaxQueryBytes = 32 << 10
	// MaxQueryTokens bounds the tokens the parser reads.
	MaxQueryTokens = 10_000
	// MaxFields bounds the fields written in the query, its fragments'
	// included.
	MaxFields = 500
	// MaxSpreadFields bounds the fields the operations hold once every
	// fragment spread is replaced by the fragment's fields.
	MaxSpreadFields = 1000
	// MaxSelectionFields bounds the fields of one selection set, fragments
	// spread: those validation compares two by two.
	MaxSelectionFields = 200
	// MaxAliases bounds the aliased fields, fragments spread.
	MaxAliases = 100
	// MaxFragments bounds the fragments a query defines.
	MaxFragments = 64
	// MaxFragmentDepth bounds how deep fragments spread into one another.
	MaxFragmentDepth = 8
	// MaxSchemaFields bounds the __schema fields of a query, fragments
	// spread: one answers every question about the schema.
	MaxSchemaFields = 1
	// MaxArgumentBytes bounds the arguments of a query's fields as JSON,
	// a variable counted at every use and fragments spread: GraphQL reads
	// a field's arguments again for every field, twice (to price it, and
	// to run it), so 98 adjudications of one 100 KB board read 20 MB. A
	// bot's board is a few kilobytes; a board of hundreds of kilobytes goes
	// to POST /v1/adjudicate, which reads its body once.
	MaxArgumentBytes = 128 << 10
	// MaxErrors bounds the errors of one answer; more are counted in one
	// last error.
	MaxErrors = 20
)

// queryLimitCode is the code of a query refused for its shape.
const queryLimitCode = "QUERY_LIMIT_EXCEEDED"

// QueryShape refuses, before validation, a query whose shape is beyond the
// limits above, measured in one pass over the parsed query with each
// fragment measured once. Queries the query cache holds passed it before.
type QueryShape struct {
	// Cache is the executor's query cache, holding the queries parsed and
	// validated.
	Cache graphql.Cache[*ast.QueryDocument]
}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationParameterMutator
} = QueryShape{}

// ExtensionName names the extension.
func (QueryShape) ExtensionName() string { return "QueryShape" }

// Validate checks the schema; any schema will do.
func (QueryShape) Validate(graphql.ExecutableSchema) error { return nil }

// MutateOperationParameters measures the query and refuses it when it is
// beyond a limit. A query that does not parse is left for the executor to
// refuse with the parser's error.
func (q QueryShape) MutateOperationParameters(ctx context.Context, raw *graphql.RawParams) *gqlerror.Error {
	if raw.Query == "" {
		return nil
	}
	if len(raw.Query) > MaxQueryBytes {
		return queryLimit("bytes", len(raw.Query), MaxQueryBytes, "The query is %d bytes long; at most %d are allowed.")
	}
	if q.Cache != nil {
		if _, ok := q.Cache.Get(ctx, raw.Query); ok {
			return nil
		}
	}
	doc, err := parser.ParseQueryWithTokenLimit(&ast.Source{Input: raw.Query}, MaxQueryTokens)
	if err != nil {
		return nil
	}
	s := measureQuery(doc, raw.Variables)
	for _, c := range []struct {
		what       string
		found, max int
		message    string
	}{
		{"fragments", len(doc.Fragments), MaxFragments, "The query defines %d fragments; at most %d are allowed."},
		{"fragmentDepth", s.depth, MaxFragmentDepth, "Fragments spread %d deep into one another; at most %d are allowed."},
		{"fields", s.written, MaxFields, "The query has %d fields; at most %d are allowed."},
		{"spreadFields", s.spread, MaxSpreadFields, "The query has %d fields once its fragments are spread; at most %d are allowed."},
		{"selectionFields", s.widest, MaxSelectionFields, "A selection set has %d fields once its fragments are spread; at most %d are allowed."},
		{"aliases", s.aliases, MaxAliases, "The query has %d aliased fields; at most %d are allowed."},
		{"__schema", s.schemas, MaxSchemaFields, "The query asks for __schema %d times; at most %d is allowed: one answers every question about the schema."},
		{"argumentBytes", s.argBytes, MaxArgumentBytes, "The fields' arguments are %d bytes, a variable counted at every use; at most %d are allowed (send a large board to POST /v1/adjudicate)."},
	} {
		if c.found > c.max {
			return queryLimit(c.what, c.found, c.max, c.message)
		}
	}
	return nil
}

func queryLimit(what string, found, max int, message string) *gqlerror.Error {
	gerr := gqlerror.Errorf(message, found, max)
	gerr.Extensions = map[string]any{"code": queryLimitCode, "details": map[string]any{"limit": max, "measure": what}}
	return gerr
}

// queryShape is what measureQuery counts.
type queryShape struct {
	written  int // fields written in the document
	spread   int // fields of the operations, fragments spread
	widest   int // fields of the widest selection set, fragments spread
	aliases  int // aliased fields, fragments spread
	schemas  int // __schema fields, fragments spread
	depth    int // the deepest chain of fragments spread into one another
	argBytes int // the fields' arguments as JSON, variables at every use, fragments spread
}

// setShape is what one selection set holds, fragments spread: counts that
// grow by multiplication are saturated, so a query that would spread into
// billions of fields measures as "too many" in a few steps.
type setShape struct {
	fields, aliases, schemas int
	argBytes                 int
	top                      int // fields at the set's own level
	depth                    int // fragments spread into one another
}

// add adds what another set holds to sh, but its depth and top.
func (sh *setShape) add(o setShape) {
	sh.fields = saturated(sh.fields + o.fields)
	sh.aliases = saturated(sh.aliases + o.aliases)
	sh.schemas = saturated(sh.schemas + o.schemas)
	sh.argBytes = saturated(sh.argBytes + o.argBytes)
}

// measurer measures the selection sets of one document, each fragment once.
type measurer struct {
	doc       *ast.QueryDocument
	vars      map[string]any
	varBytes  map[string]int       // the variables measured
	fragments map[string]*setShape // measured
	visiting  map[string]bool      // being measured: a cycle, which validation refuses
	widest    int
	steps     int // selections visited, for tests of the work done
}

func measureQuery(doc *ast.QueryDocument, vars map[string]any) queryShape {
	m := &measurer{doc: doc, vars: vars, varBytes: map[string]int{}, fragments: map[string]*setShape{}, visiting: map[string]bool{}}
	var s queryShape
	for _, op := range doc.Operations {
		s.written += writtenFields(op.SelectionSet)
		sh := m.set(op.SelectionSet)
		s.spread = saturated(s.spread + sh.fields)
		s.aliases = saturated(s.aliases + sh.aliases)
		s.schemas = saturated(s.schemas + sh.schemas)
		s.argBytes = saturated(s.argBytes + sh.argBytes)
		s.depth = max(s.depth, sh.depth)
	}
	for _, f := range doc.Fragments {
		s.written += writtenFields(f.SelectionSet)
		sh := m.fragment(f.Name)
		s.depth = max(s.depth, sh.depth)
	}
	s.widest = m.widest
	return s
}

// saturated caps a count far above every limit, so that sums and products
// of counts never overflow.
func saturated(n int) int { return min(n, 1<<40) }

func writtenFields(set ast.SelectionSet) int {
	n := 0
	for _, sel := range set {
		switch s := sel.(type) {
		case *ast.Field:
			n += 1 + writtenFields(s.SelectionSet)
		case *ast.InlineFragment:
			n += writtenFields(s.SelectionSet)
		}
	}
	return n
}

func (m *measurer) set(set ast.SelectionSet) setShape {
	var out setShape
	for _, sel := range set {
		m.steps++
		var sh setShape
		switch s := sel.(type) {
		case *ast.Field:
			sh.fields, sh.top = 1, 1
			if s.Alias != "" && s.Alias != s.Name {
				sh.aliases = 1
			}
			if s.Name == "__schema" {
				sh.schemas = 1
			}
			for _, a := range s.Arguments {
				sh.argBytes = saturated(sh.argBytes + m.valueBytes(a.Value))
			}
			if len(s.SelectionSet) > 0 {
				sub := m.set(s.SelectionSet)
				m.widest = max(m.widest, sub.top)
				sh.add(sub)
				sh.depth = sub.depth
			}
		case *ast.InlineFragment:
			sh = m.set(s.SelectionSet)
		case *ast.FragmentSpread:
			f := m.fragment(s.Name)
			sh = *f
			sh.depth++
		}
		out.add(sh)
		out.top = saturated(out.top + sh.top)
		out.depth = max(out.depth, sh.depth)
	}
	m.widest = max(m.widest, out.top)
	return out
}

// valueBytes is about the size of an argument's value as JSON: a variable
// by the value it was given, measured once.
func (m *measurer) valueBytes(v *ast.Value) int {
	if v == nil {
		return 0
	}
	if v.Kind == ast.Variable {
		n, ok := m.varBytes[v.Raw]
		if !ok {
			n = jsonBytes(m.vars[v.Raw], 0)
			m.varBytes[v.Raw] = n
		}
		return n
	}
	n := len(v.Raw) + 2
	for _, c := range v.Children {
		n = saturated(n + len(c.Name) + 3 + m.valueBytes(c.Value))
	}
	return n
}

// jsonBytes is about the size of a decoded JSON value as JSON. Values
// nested deeper than a query may ask are counted as large.
func jsonBytes(v any, depth int) int {
	if depth > 64 {
		return MaxArgumentBytes
	}
	switch x := v.(type) {
	case string:
		return len(x) + 2
	case map[string]any:
		n := 2
		for k, e := range x {
			n = saturated(n + len(k) + 4 + jsonBytes(e, depth+1))
		}
		return n
	case []any:
		n := 2
		for _, e := range x {
			n = saturated(n + 1 + jsonBytes(e, depth+1))
		}
		return n
	}
	return 8 // a number, true, false or null
}

// fragment measures a fragment once; an unknown fragment, or one spread
// within itself, measures as empty (validation refuses both).
func (m *measurer) fragment(name string) *setShape {
	if sh, ok := m.fragments[name]; ok {
		return sh
	}
	def := m.doc.Fragments.ForName(name)
	if def == nil || m.visiting[name] {
		return &setShape{}
	}
	m.visiting[name] = true
	sh := m.set(def.SelectionSet)
	delete(m.visiting, name)
	m.fragments[name] = &sh
	return &sh
}

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

func (dm depthMeasure) of(set ast.SelectionSet) int {
	deepest := 0
	for _, sel := range set {
		if dm.steps != nil {
			*dm.steps++
		}
		var d int
		switch s := sel.(type) {
		case *ast.Field:
			if len(s.SelectionSet) > 0 {
				d = 1 + dm.of(s.SelectionSet)
			}
		case *ast.InlineFragment:
			d = dm.of(s.SelectionSet)
		case *ast.FragmentSpread:
			d = dm.fragment(s.Name)
		}
		deepest = max(deepest, d)
	}
	return deepest
}

func (dm depthMeasure) fragment(name string) int {
	if d, ok := dm.depth[name]; ok {
		return d
	}
	f := dm.frags.ForName(name)
	if f == nil || dm.visiting[name] {
		return 0 // a cycle is a validation error reported elsewhere
	}
	dm.visiting[name] = true
	d := dm.of(f.SelectionSet)
	delete(dm.visiting, name)
	dm.depth[name] = d
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
	"Query.card": true, "Query.cardNamed": true, "Query.cards": true, "Query.autocomplete": true,
	"Query.adjudicate": true, "Mutation.adjudicate": true, "Query.__schema": true, "Query.__type": true,
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
	w := complexityWalker{es: c.es, schema: c.es.Schema(), vars: oc.Variables, frags: map[string]cost{}}
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
// with fragments memoised and introspection priced.
type complexityWalker struct {
	es     graphql.ExecutableSchema
	schema *ast.Schema
	vars   map[string]any
	frags  map[string]cost
	steps  *int // selections visited, for tests of the work done
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
			if c, ok = w.frags[s.Name]; !ok && s.Definition != nil {
				c = w.set(ctx, s.Definition.SelectionSet)
				w.frags[s.Name] = c
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
	var child cost
	if typ != nil && (typ.Kind == ast.Object || typ.Kind == ast.Interface || typ.Kind == ast.Union) {
		child = w.set(ctx, s.SelectionSet)
	}
	requests := child.requests
	if serviceFields[s.ObjectDefinition.Name+"."+s.Name] {
		requests = safeAdd(requests, 1)
	}
	switch s.Name {
	case "__schema":
		return cost{safeAdd(schemaCost, child.complexity), requests}
	case "__type":
		return cost{safeAdd(typeCost, child.complexity), requests}
	}
	args := s.ArgumentMap(w.vars)
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

// ErrorLimit keeps at most Max errors of an answer, and says how many more
// there were in one last error.
type ErrorLimit struct{ Max int }

var _ interface {
	graphql.HandlerExtension
	graphql.ResponseInterceptor
} = ErrorLimit{}

// ExtensionName names the extension.
func (ErrorLimit) ExtensionName() string { return "ErrorLimit" }

// Validate checks the schema; any schema will do.
func (ErrorLimit) Validate(graphql.ExecutableSchema) error { return nil }

// InterceptResponse cuts the errors of the answer to Max.
func (l ErrorLimit) InterceptResponse(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
	resp := next(ctx)
	if resp == nil || len(resp.Errors) <= l.Max {
		return resp
	}
	more := len(resp.Errors) - l.Max
	resp.Errors = append(resp.Errors[:l.Max:l.Max], &gqlerror.Error{
		Message:    fmt.Sprintf("%d more errors are left out; at most %d are given.", more, l.Max),
		Extensions: map[string]any{"code": "TOO_MANY_ERRORS", "details": map[string]any{"limit": l.Max, "omitted": more}},
	})
	return resp
}

// An outcome is how a GraphQL request ended when that is not for gqlgen to
// say: refused by the rate limit, or stopped at its deadline. The HTTP
// status is set from it (outcomeStatus).
type outcome struct {
	status     int
	retryAfter int
}

type outcomeKey struct{}

// refuse records that the request was refused with err: a rate limit's
// refusal is answered 429 with Retry-After.
func refuse(ctx context.Context, err error) {
	o, _ := ctx.Value(outcomeKey{}).(*outcome)
	if o == nil || rules.ErrorCode(err) != rules.ERATELIMITED {
		return
	}
	o.status = http.StatusTooManyRequests
	if secs, ok := rules.ErrorDetails(err)["retryAfter"].(int); ok {
		o.retryAfter = secs
	}
}

// outcomeStatus answers with the status of the request's outcome: 429 for
// a request the rate limit refused by its cost, 503 for one whose deadline
// passed before its answer was written (its resolvers stopped), and
// otherwise the status gqlgen chose.
func outcomeStatus(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		o := &outcome{}
		ctx := context.WithValue(r.Context(), outcomeKey{}, o)
		next.ServeHTTP(&outcomeWriter{ResponseWriter: w, o: o, ctx: ctx}, r.WithContext(ctx))
	})
}

type outcomeWriter struct {
	http.ResponseWriter
	o     *outcome
	ctx   context.Context
	wrote bool
}

func (w *outcomeWriter) WriteHeader(status int) {
	if !w.wrote {
		w.wrote = true
		switch {
		case w.o.status != 0:
			status = w.o.status
			if w.o.retryAfter > 0 {
				w.Header().Set("Retry-After", strconv.Itoa(w.o.retryAfter))
			}
		case status == http.StatusOK && w.ctx.Err() == context.DeadlineExceeded:
			status = http.StatusServiceUnavailable
		}
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *outcomeWriter) Write(b []byte) (int, error) {
	if !w.wrote {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap gives http.ResponseController the writer underneath.
func (w *outcomeWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// stopped presents the error of a resolver stopped because its request
// ended: at its deadline, as the REST API answers it, or when its client
// went away. Neither is a fault of the service.
func stopped(gerr *gqlerror.Error, err error) bool {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		gerr.Message = "The request took too long and was stopped; try again."
	case errors.Is(err, context.Canceled):
		gerr.Message = "The request was cancelled."
	default:
		return false
	}
	gerr.Extensions = map[string]any{"code": rules.EINTERNAL}
	return true
}
