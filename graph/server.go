package graph

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/rules"
)

// Limits of what one query may ask for: queries beyond them are refused
// before they run.
const (
	MaxDepth      = 10
	MaxComplexity = 5000
	// MaxPersistedQueryLength is the longest query text kept between
	// requests: stored as a persisted query, or parsed in the query cache.
	// Longer queries may still be sent in full each time.
	MaxPersistedQueryLength = 16 << 10
)

// ServerConfig configures the GraphQL endpoint.
type ServerConfig struct {
	// PersistedQueries stores automatic persisted queries; nil keeps them in
	// an in-process LRU.
	PersistedQueries graphql.Cache[string]
	Logger           *slog.Logger
	// RequestID returns the id of the request a context belongs to, for the
	// log lines of faults; nil logs none.
	RequestID func(ctx context.Context) string
	// Metrics, when set, counts the operations by name.
	Metrics *OperationMetrics
	// Charge counts requests more against the rate limit of the client a
	// context belongs to, failing with an ERATELIMITED *rules.Error when
	// that is over its limit: a query pays one request for each field that
	// calls a service (ComplexityLimit). Nil charges nothing.
	Charge func(ctx context.Context, requests int) error
	// MaxAnswerBytes and MaxAnswerFields bound one answer (AnswerBudget);
	// 0 takes MaxAnswerBytes and MaxAnswerFields.
	MaxAnswerBytes, MaxAnswerFields int
}

// NewHandler returns the GraphQL HTTP handler over the resolver's services,
// with depth and complexity limits, automatic persisted queries, per-request
// dataloaders, and errors carrying the same codes as the REST API.
func NewHandler(r *Resolver, cfg ServerConfig) http.Handler {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.PersistedQueries == nil {
		cfg.PersistedQueries = lru.New[string](1000)
	}
	srv := handler.New(NewExecutableSchema(Config{Resolvers: r, Complexity: complexity()}))
	srv.AddTransport(readGET{})
	srv.AddTransport(readPOST{})
	queries := boundedQueryCache{lru.New[*ast.QueryDocument](1000)}
	srv.SetQueryCache(queries)
	srv.SetParserTokenLimit(MaxQueryTokens)
	srv.Use(extension.Introspection{})
	srv.Use(VariablesKeeper{})
	// Before the persisted-query extension, which would store the query.
	srv.Use(PersistedQueryLimit{Max: MaxPersistedQueryLength})
	srv.Use(extension.AutomaticPersistedQuery{Cache: cfg.PersistedQueries})
	// After it, which gives the query of a hash.
	srv.Use(QueryShape{Cache: queries})
	srv.Use(&StrictVariables{})
	srv.Use(DepthLimit{Max: MaxDepth})
	srv.Use(&ComplexityLimit{Max: MaxComplexity, Charge: cfg.Charge})
	srv.Use(ErrorLimit{Max: MaxErrors})
	// Inside ErrorLimit, which counts the errors it leaves.
	if cfg.MaxAnswerBytes <= 0 {
		cfg.MaxAnswerBytes = MaxAnswerBytes
	}
	if cfg.MaxAnswerFields <= 0 {
		cfg.MaxAnswerFields = MaxAnswerFields
	}
	srv.Use(AnswerBudget{MaxBytes: cfg.MaxAnswerBytes, MaxFields: cfg.MaxAnswerFields})
	if cfg.Metrics != nil {
		srv.Use(cfg.Metrics)
	}
	requestID := func(ctx context.Context) string {
		if cfg.RequestID == nil {
			return ""
		}
		return cfg.RequestID(ctx)
	}
	srv.SetErrorPresenter(func(ctx context.Context, err error) *gqlerror.Error {
		gerr, internal := presentError(ctx, err)
		noteCode(ctx, gerr)
		if internal {
			cfg.Logger.ErrorContext(ctx, "graphql request failed", "request_id", requestID(ctx), "err", err)
		}
		return gerr
	})
	srv.SetRecoverFunc(func(ctx context.Context, p any) error {
		cfg.Logger.ErrorContext(ctx, "panic in resolver", "request_id", requestID(ctx), "panic", fmt.Sprint(p))
		return rules.Errorf(rules.EINTERNAL, "An internal error occurred.")
	})
	return objectBodies(outcomeStatus(r.WithLoaders(srv)))
}

// objectBodies refuses a POST whose body is not a JSON object (null, a
// list, a number) with a 400 in GraphQL's error shape, before gqlgen, which
// would decode null into no parameters at all and fail on them.
func objectBodies(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodHead:
			// Answered as its GET, without a body (the server writes
			// none to a HEAD): gqlgen has no transport of HEAD, and said
			// 400 with no word.
			get := r.Clone(r.Context())
			get.Method = http.MethodGet
			next.ServeHTTP(&getWriter{ResponseWriter: w}, get)
			return
		case http.MethodGet:
			next.ServeHTTP(&getWriter{ResponseWriter: w}, r)
			return
		case http.MethodPost:
			if api.GraphQLParamsOf(r.Context()) != nil {
				// Read as an object already, once.
				next.ServeHTTP(w, r)
				return
			}
		default:
			next.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(r.Body)
		if err != nil {
			status, msg := api.BodyReadRefusal(err)
			writeRequestError(w, status, msg)
			return
		}
		if trimmed := bytes.TrimLeft(body, " \t\r\n"); len(trimmed) == 0 || trimmed[0] != '{' {
			writeRequestError(w, http.StatusBadRequest, `The request body must be a JSON object: {"query": "...", "variables": {...}}.`)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		next.ServeHTTP(w, r)
	})
}

// getWriter answers a mutation asked by GET as the GraphQL over HTTP
// specification says, 405 with Allow: POST, in a sentence naming POST,
// where gqlgen's GET transport answered 406 "GET requests only allow query
// operations".
type getWriter struct {
	http.ResponseWriter
	refused bool
}

func (w *getWriter) WriteHeader(status int) {
	if status != http.StatusNotAcceptable {
		w.ResponseWriter.WriteHeader(status)
		return
	}
	w.refused = true
	w.Header().Set("Allow", "POST")
	writeRequestError(w.ResponseWriter, http.StatusMethodNotAllowed, "The operation is a mutation, which GET does not run: send it by POST.")
}

func (w *getWriter) Write(b []byte) (int, error) {
	if w.refused {
		return len(b), nil // gqlgen's own sentence, answered already
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap gives http.ResponseController the writer underneath.
func (w *getWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// writeRequestError answers in GraphQL's error shape, with the REST API's
// invalid_request code.
func writeRequestError(w http.ResponseWriter, status int, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"errors": []map[string]any{{"message": message, "extensions": map[string]any{"code": rules.EINVALID}}},
		"data":   nil,
	})
}

// undecodable starts gqlgen's message for a body that is not valid JSON;
// gqlgen appends the whole body to it.
const undecodable = "json request body could not be decoded: "

// envelopeTypeError is encoding/json's message, as gqlgen passes it on,
// for a field of the request's envelope (query, operationName, variables,
// extensions) of the wrong JSON type: the kind given, the field, the Go type.
var envelopeTypeError = regexp.MustCompile(`^json: cannot unmarshal (\w+) into Go struct field \w+\.(\w+) of type (\S+)`)

// argumentTwice is gqlparser's message of an argument given twice.
var argumentTwice = regexp.MustCompile(`^There can be only one argument named "(\w+)"\.$`)

// cannotUse is gqlparser's message of a variable's value of another kind
// than its type: the Go kind it was read as, the type.
var cannotUse = regexp.MustCompile(`^cannot use (\w+) as (\w+)$`)

// article is a type's name with its indefinite article.
func article(typ string) string {
	if strings.ContainsRune("AEIOU", rune(typ[0])) {
		return "an " + typ
	}
	return "a " + typ
}

// goKinds are the JSON types of the Go kinds gqlparser names a variable's
// value by.
var goKinds = map[string]string{"slice": "an array", "map": "an object", "string": "a string", "bool": "a boolean", "float64": "a number", "int": "a number", "int64": "a number"}

// variableTakes says what a variable of each built-in scalar type takes,
// in the words of StrictVariables and of REST's refusals.
var variableTakes = map[string]string{"String": "a string", "ID": "a string", "Int": "a whole number", "Float": "a number", "Boolean": "true or false"}

// jsonKinds are the JSON types, as encoding/json names them, of the Go
// kinds gqlparser names a variable's value by.
var jsonKinds = map[string]string{"slice": "array", "map": "object", "string": "string", "bool": "bool", "float64": "number", "int": "number", "int64": "number"}

// variableMistake is the refusal of a variable's value a validation error
// makes, in a sentence naming the variable (details.field), or nil when the
// error is no variable's.
func variableMistake(ge *gqlerror.Error) *rules.Error {
	if code, _ := ge.Extensions["code"].(string); code != "GRAPHQL_VALIDATION_FAILED" || len(ge.Path) < 2 || ge.Path[0] != ast.PathName("variable") {
		return nil
	}
	name := ast.Path(ge.Path[1:]).String()
	msg := strings.TrimSuffix(ge.Message, ".")
	var say string
	switch m := cannotUse.FindStringSubmatch(msg); {
	case m != nil && variableTakes[m[2]] != "" && jsonKinds[m[1]] != "":
		// In REST's words for a field of another JSON type ("The field
		// identifiers[0].id must be a string, not a JSON bool.").
		say = fmt.Sprintf("The variable $%s must be %s, not a JSON %s.", name, variableTakes[m[2]], jsonKinds[m[1]])
	case m != nil && goKinds[m[1]] != "":
		say = fmt.Sprintf("The variable $%s must be %s, not %s.", name, article(m[2]), goKinds[m[1]])
	case msg == "must be defined":
		say = fmt.Sprintf("The variable $%s is required and was not given: give it in variables.", name)
	case strings.HasPrefix(msg, "must ") || strings.HasPrefix(msg, "cannot be "):
		say = fmt.Sprintf("The variable $%s %s.", name, msg)
	default:
		say = fmt.Sprintf("The variable $%s is refused: %s.", name, msg)
	}
	return rules.Errorf(rules.EINVALID, "%s", say).WithDetail("field", name)
}

// presentError gives every GraphQL error the REST API's code and details in
// its extensions, and hides internal faults, reporting them as internal.
func presentError(ctx context.Context, err error) (gerr *gqlerror.Error, internal bool) {
	gerr = graphql.DefaultErrorPresenter(ctx, err)
	if stopped(gerr, err) {
		return gerr, false
	}
	var re *rules.Error
	if errors.As(err, &re) {
		gerr.Message = re.Message
		if gerr.Extensions == nil {
			gerr.Extensions = map[string]any{}
		}
		gerr.Extensions["code"] = re.Code
		if len(re.Details) > 0 {
			gerr.Extensions["details"] = re.Details
		}
		return gerr, re.Code == rules.EINTERNAL
	}
	var ge *gqlerror.Error
	if errors.As(err, &ge) {
		// An input field no input type has, in an adjudication request:
		// refused in REST's words, with the field's full path.
		if re := inputMistake(ctx, ge); re != nil {
			gerr.Message = re.Message
			gerr.Extensions = map[string]any{"code": re.Code, "details": re.Details}
			return gerr, false
		}
		// gqlparser reads a fraction (3.5, 1e3) given for an Int variable
		// as 0, and says "cannot use value 0 as Int": refused as REST
		// refuses ?limit=3.5, naming the variable, with the number as sent.
		if ge.Message == "cannot use value 0 as Int" && len(ge.Path) == 2 && ge.Path[0] == ast.PathName("variable") {
			name := ast.Path(ge.Path[1:]).String()
			sent := "a fraction"
			if o, _ := ctx.Value(outcomeKey{}).(*outcome); o != nil {
				if n, ok := o.variables[name].(json.Number); ok {
					sent = n.String()
				}
			}
			// Said of $n, named n in details.field as a variable's other
			// mistakes are.
			re := rules.NotAWholeNumber("$"+name, rules.Truncate(sent))
			gerr.Message = re.Message
			gerr.Extensions = map[string]any{"code": re.Code, "details": map[string]any{"field": name}}
			return gerr, false
		}
		// Any other refusal of a variable's value ("cannot use slice as
		// String", "must be defined"): named by the variable, as REST
		// names a parameter.
		if re := variableMistake(ge); re != nil {
			gerr.Message = re.Message
			gerr.Extensions = map[string]any{"code": re.Code, "details": re.Details}
			return gerr, false
		}
		// An argument given twice: in REST's sentence of a parameter
		// given twice.
		if m := argumentTwice.FindStringSubmatch(ge.Message); m != nil {
			re := rules.GivenTwice(m[1])
			gerr.Message = re.Message
			gerr.Extensions = map[string]any{"code": re.Code, "details": re.Details}
			return gerr, false
		}
		// A literal of the wrong type for an argument ("Int cannot
		// represent non-integer value: \"10\""): named by the argument,
		// as every other mistake of an argument is.
		if name, field, ok := argumentAt(ctx, ge); ok {
			// A page's size or offset written as no whole number: in the
			// sentence REST and the terminal say it in.
			if v, isInt := strings.CutPrefix(ge.Message, "Int cannot represent non-integer value: "); isInt {
				re := rules.NotAWholeNumber(name, strings.Trim(strings.TrimSuffix(v, "."), `"`))
				gerr.Message = re.Message
				gerr.Extensions = map[string]any{"code": re.Code, "details": re.Details}
				return gerr, false
			}
			re := literalMistake(name, field, ge.Message)
			gerr.Message = re.Message
			gerr.Extensions = map[string]any{"code": re.Code, "details": re.Details}
			return gerr, false
		}
		// A number literal the parser stopped at (first: 007): in the
		// sentence REST refuses ?limit=007 in.
		if re := numberLiteralMistake(ctx, ge); re != nil {
			gerr.Message = re.Message
			gerr.Extensions = map[string]any{"code": re.Code, "details": re.Details}
			return gerr, false
		}
		// A validation or parse error of the query: its message is for the
		// caller, but not the whole body echoed back.
		if rest, ok := strings.CutPrefix(gerr.Message, undecodable); ok {
			reason, _, _ := strings.Cut(rest, " body:")
			gerr.Message = "The request body is not valid JSON: " + rules.Truncate(reason) + "."
			if m := envelopeTypeError.FindStringSubmatch(reason); m != nil {
				want := "a string"
				if strings.HasPrefix(m[3], "map") {
					want = "an object"
				}
				gerr.Message = fmt.Sprintf("The field %s must be %s, not a JSON %s.", m[2], want, m[1])
			}
			gerr.Extensions = map[string]any{"code": rules.EINVALID}
		}
		return gerr, false
	}
	gerr.Message = "An internal error occurred."
	gerr.Extensions = map[string]any{"code": rules.EINTERNAL}
	return gerr, true
}

// boundedQueryCache keeps parsed queries no longer than
// MaxPersistedQueryLength, so a few huge queries cannot fill memory.
type boundedQueryCache struct {
	graphql.Cache[*ast.QueryDocument]
}

func (c boundedQueryCache) Add(ctx context.Context, query string, doc *ast.QueryDocument) {
	if len(query) <= MaxPersistedQueryLength {
		c.Cache.Add(ctx, query, doc)
	}
}

// PersistedQueryLimit refuses to register an automatic persisted query
// longer than Max bytes, with an error that says so, before it is stored.
type PersistedQueryLimit struct{ Max int }

var _ interface {
	graphql.HandlerExtension
	graphql.OperationParameterMutator
} = PersistedQueryLimit{}

// ExtensionName names the extension.
func (PersistedQueryLimit) ExtensionName() string { return "PersistedQueryLimit" }

// Validate checks the schema; any schema will do.
func (PersistedQueryLimit) Validate(graphql.ExecutableSchema) error { return nil }

// MutateOperationParameters refuses a persisted query over the limit.
func (p PersistedQueryLimit) MutateOperationParameters(_ context.Context, raw *graphql.RawParams) *gqlerror.Error {
	if raw.Extensions["persistedQuery"] == nil || len(raw.Query) <= p.Max {
		return nil
	}
	gerr := gqlerror.Errorf("The query is %d bytes long; at most %d may be stored as a persisted query. Send it without the persistedQuery extension.", len(raw.Query), p.Max)
	gerr.Extensions = map[string]any{"code": rules.EINVALID}
	return gerr
}
