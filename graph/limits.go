package graph

import (
	"strings"

	"context"

	"github.com/99designs/gqlgen/graphql"
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
	MaxQueryBytes = rules.MaxGraphQLQueryBytes
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
	// MaxTextArgumentBytes bounds a text argument of a field (a search's
	// q, a term, a card's name), as every transport bounds a text.
	MaxTextArgumentBytes = rules.MaxQueryTextBytes
)

const argumentBytesMessage = "The fields' arguments are %d bytes, a variable counted at every use; at most %d are allowed (send a large board to POST /v1/adjudicate)."

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
		// A query parsed before passed its shape's limits; its arguments,
		// which the variables give anew each time, are measured again.
		if cached, ok := q.Cache.Get(ctx, raw.Query); ok {
			s := measureQuery(cached, raw.Variables)
			if s.argBytes > MaxArgumentBytes {
				return queryLimit("argumentBytes", s.argBytes, MaxArgumentBytes, argumentBytesMessage)
			}
			return textLimit(s)
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
		{"argumentBytes", s.argBytes, MaxArgumentBytes, argumentBytesMessage},
	} {
		if c.found > c.max {
			return queryLimit(c.what, c.found, c.max, c.message)
		}
	}
	return textLimit(s)
}

// textLimit refuses a text argument longer than MaxTextArgumentBytes,
// naming it.
func textLimit(s queryShape) *gqlerror.Error {
	if s.text <= MaxTextArgumentBytes {
		return nil
	}
	// Refused as every transport refuses a text too long (rules.ParseText),
	// in the same words and with the same code.
	// The field is the argument's name, as a REST parameter's; argument
	// says whose (field.argument).
	name := s.textArg[strings.LastIndexByte(s.textArg, '.')+1:]
	err := rules.ParamTooLong(name, s.text)
	return &gqlerror.Error{Message: rules.ErrorMessage(err), Extensions: map[string]any{"code": rules.EINVALID, "details": map[string]any{
		"field": name, "argument": s.textArg, "limit": MaxTextArgumentBytes, "measure": "argumentText",
	}}}
}

func queryLimit(what string, found, max int, message string) *gqlerror.Error {
	gerr := gqlerror.Errorf(message, found, max)
	gerr.Extensions = map[string]any{"code": queryLimitCode, "details": map[string]any{"limit": max, "measure": what}}
	return gerr
}

// queryShape is what measureQuery counts.
type queryShape struct {
	written  int    // fields written in the document
	spread   int    // fields of the operations, fragments spread
	widest   int    // fields of the widest selection set, fragments spread
	aliases  int    // aliased fields, fragments spread
	schemas  int    // __schema fields, fragments spread
	depth    int    // the deepest chain of fragments spread into one another
	argBytes int    // the fields' arguments as JSON, variables at every use, fragments spread
	text     int    // the longest text argument
	textArg  string // and whose: field.argument
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
	// The longest text argument given a field (a search's q, a card's
	// name), and which: field.argument.
	longestText int
	longestArg  string
}

// textBytes is the bytes of an argument given as text, a literal or a
// variable's value; 0 for any other value (an input object has limits of
// its own).
func (m *measurer) textBytes(v *ast.Value) int {
	switch {
	case v == nil:
		return 0
	case v.Kind == ast.StringValue || v.Kind == ast.BlockValue:
		return len(v.Raw)
	case v.Kind == ast.Variable:
		if s, ok := m.vars[v.Raw].(string); ok {
			return len(s)
		}
	}
	return 0
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
	s.text, s.textArg = m.longestText, m.longestArg
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
				if n := m.textBytes(a.Value); n > m.longestText {
					m.longestText, m.longestArg = n, s.Name+"."+a.Name
				}
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
