package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

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
			var tooLarge *http.MaxBytesError
			var he *echo.HTTPError
			if errors.As(err, &tooLarge) || errors.As(err, &he) && he.Code == http.StatusRequestEntityTooLarge {
				return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
			}
			return rules.Errorf(rules.EINVALID, "The request body could not be read.")
		}
		req.Body = io.NopCloser(bytes.NewReader(data))
		if err := readGraphQLRequest(data); err != nil {
			return err
		}
		return next(c)
	}
}

// readGraphQLRequest says what is wrong with a GraphQL request's body, nil
// when nothing is.
func readGraphQLRequest(data []byte) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return rules.Errorf(rules.EINVALID, "The request body is empty: send a JSON object.")
	}
	var r graphQLRequest
	if err := decodeStrict(bytes.NewBuffer(data), &r); err != nil {
		return err
	}
	if r.Query == nil || strings.TrimSpace(*r.Query) == "" {
		return rules.Errorf(rules.EINVALID, `The field query is missing or empty: send the GraphQL query as a string, {"query": "{ documents { totalCount } }"}.`).WithDetail("field", "query")
	}
	for _, f := range []struct {
		name string
		raw  json.RawMessage
	}{{"variables", r.Variables}, {"extensions", r.Extensions}} {
		if kind := jsonTypeOf(f.raw); kind != "" && kind != "object" && kind != "null" {
			return rules.Errorf(rules.EINVALID, "The field %s must be an object, not a JSON %s.", f.name, kind).WithDetail("field", f.name)
		}
	}
	return nil
}

// jsonTypeOf names the JSON type of a value read whole (object, array,
// string, number, boolean, null), "" for no value.
func jsonTypeOf(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return ""
	}
	switch raw[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}
