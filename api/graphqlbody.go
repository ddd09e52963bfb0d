package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/rules"
)

// graphQLRequest is the body of a GraphQL POST (GraphQL over HTTP): the
// query, and optionally the operation's name, the variables and the
// extensions. It is read by the reader of every REST body (decodeStrict):
// a key it does not have, a value of another JSON type, a key given twice,
// more than one JSON value or a body that is not JSON are refused in the
// words a REST body is refused in, naming the field.
type graphQLRequest struct {
	Query         *string         `json:"query"`
	OperationName *string         `json:"operationName"`
	Variables     json.RawMessage `json:"variables"`
	Extensions    json.RawMessage `json:"extensions"`
}

// graphQLBody reads a GraphQL request's body once, strictly, before the
// GraphQL handler does (graphQLRequest), and hands it on as it was read.
// The handler read it loosely: a key given twice as the last, a misspelt
// "varibles" as no variables at all, a null query as no operation, a body
// opening with a byte-order mark in a sentence of its own.
func graphQLBody(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if req.Body == nil || req.Body == http.NoBody {
			return next(c)
		}
		data, err := io.ReadAll(req.Body)
		if err != nil {
			return bodyReadError(err)
		}
		req.Body = io.NopCloser(bytes.NewReader(data))
		params, err := readGraphQLParams(data)
		if err != nil {
			return err
		}
		c.SetRequest(req.WithContext(WithGraphQLParams(req.Context(), params)))
		return next(c)
	}
}

// GraphQLParams are a GraphQL request's parameters as the strict reader
// read them from its body (POST) or its query string (GET): the handler
// runs them as they are and reads the request no more (two readers of the
// same bytes may disagree). Variables and extensions hold JSON's numbers as
// json.Number, as gqlgen reads them.
type GraphQLParams struct {
	Query, OperationName  string
	Variables, Extensions map[string]any
}

type graphQLParamsKey struct{}

// WithGraphQLParams is ctx carrying the parameters read from a request's
// body.
func WithGraphQLParams(ctx context.Context, p *GraphQLParams) context.Context {
	return context.WithValue(ctx, graphQLParamsKey{}, p)
}

// GraphQLParamsOf are the parameters read from the body of the request ctx
// belongs to, nil when none were.
func GraphQLParamsOf(ctx context.Context) *GraphQLParams {
	p, _ := ctx.Value(graphQLParamsKey{}).(*GraphQLParams)
	return p
}

// readGraphQLParams reads a GraphQL request's body strictly
// (readGraphQLFields) and gives its parameters, each decoded once. A query
// longer than rules.MaxGraphQLQueryBytes is given without its variables:
// it is refused for its length whatever they are, and they are not read.
func readGraphQLParams(data []byte) (*GraphQLParams, error) {
	fields, err := readGraphQLFields(data)
	if err != nil {
		return nil, err
	}
	p := &GraphQLParams{}
	for _, f := range []struct {
		name string
		into *string
	}{{"query", &p.Query}, {"operationName", &p.OperationName}} {
		if v := fields[f.name]; v.kind == "string" {
			if err := json.Unmarshal(v.raw, f.into); err != nil {
				return nil, graphQLFieldUnread(f.name)
			}
		}
	}
	if len(p.Query) > rules.MaxGraphQLQueryBytes {
		return p, nil
	}
	for _, f := range []struct {
		name string
		into *map[string]any
	}{{"variables", &p.Variables}, {"extensions", &p.Extensions}} {
		if v := fields[f.name]; v.kind == "object" {
			dec := json.NewDecoder(bytes.NewReader(v.raw))
			dec.UseNumber()
			if err := dec.Decode(f.into); err != nil {
				return nil, graphQLFieldUnread(f.name)
			}
		}
	}
	return p, nil
}

// graphQLRequestFields are the keys a GraphQL request's body takes.
var graphQLRequestFields = bodyFields(&graphQLRequest{})

// readGraphQLRequest says what is wrong with a GraphQL request's body, nil
// when nothing is (readGraphQLFields).
func readGraphQLRequest(data []byte) error {
	_, err := readGraphQLFields(data)
	return err
}

// readGraphQLFields says what is wrong with a GraphQL request's body: as
// decodeStrict would into a graphQLRequest, in its words, without copying
// the query (a body of a megabyte is mostly query). When nothing is, it
// gives the body's fields, each its JSON as written (not yet decoded).
func readGraphQLFields(data []byte) (map[string]jsonValueKind, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, rules.Errorf(rules.EINVALID, "The request body is empty: send a JSON object.")
	}
	var fields map[string]jsonValueKind
	if err := json.Unmarshal(data, &fields); err != nil || fields == nil {
		// More than one value, not JSON, or no object: refused as REST
		// refuses it.
		if err := oneJSONValue(data); err != nil {
			return nil, err
		}
		if err := decodeStrict(bytes.NewBuffer(data), &graphQLRequest{}); err != nil {
			return nil, err
		}
		return nil, rules.Errorf(rules.EINVALID, "The request body must be a JSON object.")
	}
	if err := duplicateKey(data); err != nil {
		return nil, err
	}
	unknown := ""
	for k := range fields {
		if !slices.Contains(graphQLRequestFields, k) && (unknown == "" || k < unknown) {
			unknown = k // the first in order, whatever order the map gives
		}
	}
	if unknown != "" {
		return nil, jsonError(fmt.Errorf("json: unknown field %q", unknown), data, &graphQLRequest{})
	}
	q := fields["query"]
	hashOnly := (q.kind == "" || q.kind == "null") && asksPersistedQuery(fields["extensions"])
	if !hashOnly && (q.kind == "" || q.kind == "null" || q.kind == "string" && q.blank) {
		return nil, rules.Errorf(rules.EINVALID, `The field query is missing or empty: send the GraphQL query as a string, {"query": "{ documents { totalCount } }"}.`).WithDetail("field", "query")
	}
	if q.kind == "string" && !q.utf8 {
		// GraphQL is Unicode text: bytes not UTF-8 were read as U+FFFD
		// wherever they stood (in a comment, unseen).
		return nil, rules.Errorf(rules.EINVALID, "The field query holds bytes that are not UTF-8: send the GraphQL query as UTF-8.").WithDetail("field", "query")
	}
	for _, f := range []struct{ name, want, kind string }{
		{"query", "string", q.kind}, {"operationName", "string", fields["operationName"].kind},
		{"variables", "object", fields["variables"].kind}, {"extensions", "object", fields["extensions"].kind},
	} {
		if err := graphQLFieldKind(f.name, f.want, f.kind); err != nil {
			return nil, err
		}
	}
	return fields, nil
}

// asksPersistedQuery says whether a GraphQL request's extensions are an
// object holding persistedQuery: a query asked by its hash alone
// (automatic persisted queries), which sends no query text; the GraphQL
// handler answers it with the text stored under the hash, or
// PersistedQueryNotFound.
func asksPersistedQuery(ext jsonValueKind) bool {
	if ext.kind != "object" {
		return false
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(ext.raw, &keys) != nil {
		return false
	}
	_, ok := keys["persistedQuery"]
	return ok
}

// graphQLFieldKind refuses a GraphQL request's field (a POST's body's, a
// GET's parameter) given a JSON value of another kind than it takes (want:
// "string" or "object"; kind as jsonValueKind names it), nil when it is of
// that kind, null or not given.
func graphQLFieldKind(name, want, kind string) error {
	if kind == "" || kind == "null" || kind == want {
		return nil
	}
	return rules.Errorf(rules.EINVALID, "The field %s must be %s, not a JSON %s.", name, map[string]string{"string": "a string", "object": "an object"}[want], kind).
		WithDetail("field", name)
}

// graphQLFieldUnread refuses a GraphQL request's field whose value could
// not be read.
func graphQLFieldUnread(name string) error {
	return rules.Errorf(rules.EINVALID, "The field %s could not be read.", name).WithDetail("field", name)
}

// jsonValueKind is the JSON type of a value read without copying it, and,
// of a string, whether it holds only white space and whether it is UTF-8
// as written; raw is the value as written, the very bytes of the body read.
type jsonValueKind struct {
	kind  string // object, array, string, number, boolean, null
	blank bool
	utf8  bool
	raw   []byte
}

func (k *jsonValueKind) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return nil
	}
	// encoding/json hands over a slice of the body it reads, which is
	// kept whole by whoever read it: not copied.
	k.raw = b
	switch b[0] {
	case '{':
		k.kind = "object"
	case '[':
		k.kind = "array"
	case '"':
		k.kind, k.blank, k.utf8 = "string", blankJSONString(b), utf8.Valid(b)
	case 't', 'f':
		k.kind = "boolean"
	case 'n':
		k.kind = "null"
	default:
		k.kind = "number"
	}
	return nil
}

// blankJSONString says whether the JSON string literal b holds only white
// space, read up to its first other character.
func blankJSONString(b []byte) bool {
	b = b[1 : len(b)-1]
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case ' ', '\t', '\r', '\n':
		case '\\':
			if i+1 < len(b) && (b[i+1] == 'n' || b[i+1] == 't' || b[i+1] == 'r') {
				i++
				continue
			}
			return false
		default:
			return false
		}
	}
	return true
}
