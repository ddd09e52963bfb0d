package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/rules"
)

// duplicateKey refuses a body holding a key twice in one object, as the
// adjudication decoder does ("The field identifiers[0].name is given
// twice."): encoding/json keeps the last, so {"name":"worf","name":"data"}
// was looked up as data, a request read otherwise than a reader reads it.
// It reads the body once, byte by byte, with no allocation but for an
// object of many keys or a key written with escapes; a body that is not
// JSON is left to its decoder to name (nil).
func duplicateKey(data []byte) error {
	var stack []keyFrame
	var keys [][]byte // the keys of the objects open, each object's after its parent's
	i := 0
	for i < len(data) {
		switch c := data[i]; c {
		case ' ', '\t', '\r', '\n', ':':
			i++
		case '{':
			stack = append(stack, keyFrame{obj: true, expectKey: true, from: len(keys)})
			i++
		case '[':
			stack = append(stack, keyFrame{from: len(keys)})
			i++
		case '}', ']':
			if len(stack) == 0 {
				return nil
			}
			keys = keys[:stack[len(stack)-1].from]
			stack = stack[:len(stack)-1]
			i++
		case ',':
			if n := len(stack); n > 0 {
				if stack[n-1].obj {
					stack[n-1].expectKey = true
				} else {
					stack[n-1].index++
				}
			}
			i++
		case '"':
			end := stringEnd(data, i+1)
			if end < 0 {
				return nil
			}
			raw := data[i+1 : end]
			i = end + 1
			n := len(stack)
			if n == 0 || !stack[n-1].obj || !stack[n-1].expectKey {
				continue // a string value
			}
			f := &stack[n-1]
			f.expectKey = false
			key := raw
			if bytes.IndexByte(raw, '\\') >= 0 {
				var s string
				if json.Unmarshal(data[i-len(raw)-2:i], &s) != nil {
					return nil
				}
				key = []byte(s)
			}
			if f.has(keys[f.from:], key) {
				p := duplicatePath(stack, string(key))
				return rules.Errorf(rules.EINVALID, "The field %s is given twice.", p).WithDetail("field", rules.Truncate(p))
			}
			if f.many == nil && len(keys)-f.from < manyKeys {
				keys = append(keys, key)
			} else {
				f.addMany(keys[f.from:], key)
			}
			f.last = key
		default:
			// A number, true, false or null: to the next delimiter.
			for i < len(data) && !isJSONDelimiter(data[i]) {
				i++
			}
		}
	}
	return nil
}

// A keyFrame is an object or a list being read: where its keys start
// among the keys of the objects open, whether a key comes next, its keys
// once they are many; a list's index.
type keyFrame struct {
	obj, expectKey bool
	index, from    int
	many           map[string]bool // the keys, once they are many
	last           []byte          // the key whose value is being read
}

// manyKeys is where an object's keys go to a map: below it, looking a key
// up among those read costs less than hashing it.
const manyKeys = 16

// has says whether k is among the object's keys (few, the keys read).
func (f *keyFrame) has(few [][]byte, k []byte) bool {
	if f.many != nil {
		return f.many[string(k)]
	}
	for _, x := range few {
		if bytes.Equal(x, k) {
			return true
		}
	}
	return false
}

// addMany adds k to the object's keys, moving the few read so far to a map.
func (f *keyFrame) addMany(few [][]byte, k []byte) {
	if f.many == nil {
		f.many = make(map[string]bool, 2*manyKeys)
		for _, x := range few {
			f.many[string(x)] = true
		}
	}
	f.many[string(k)] = true
}

// duplicatePath is the path of key in the innermost object of stack:
// "identifiers[0].name".
func duplicatePath(stack []keyFrame, key string) string {
	var b strings.Builder
	for j, f := range stack {
		switch {
		case !f.obj:
			b.WriteString("[" + strconv.Itoa(f.index) + "]")
		default:
			k := string(f.lastKey())
			if j == len(stack)-1 {
				k = key
			}
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(k)
		}
	}
	return b.String()
}

// lastKey is the key whose value is being read.
func (f *keyFrame) lastKey() []byte { return f.last }

// stringEnd is the index of the quote closing the JSON string whose text
// starts at i, or -1.
func stringEnd(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case '"':
			return i
		case '\\':
			i += 2
		default:
			i++
		}
	}
	return -1
}

func isJSONDelimiter(c byte) bool {
	switch c {
	case ',', '}', ']', ':', ' ', '\t', '\r', '\n', '"', '{', '[':
		return true
	}
	return false
}

// graphQLParams are the query parameters of /graphql, by method: GET
// carries the request in its query string (GraphQL over HTTP: query,
// variables, operationName, extensions), POST in its body and takes none.
// Any other is refused as a /v1 route refuses one, in GraphQL's shape: it
// was ignored, so a misspelt ?qeury= or a ?query= on a POST ran another
// request than the one written.
var graphQLParams = map[string][]string{
	http.MethodGet:  {"query", "variables", "operationName", "extensions"},
	http.MethodPost: {},
}

// graphQLQuery reads /graphql's query string against graphQLParams.
func graphQLQuery(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		raw := c.Request().URL.RawQuery
		if raw == "" {
			return next(c)
		}
		names, ok := graphQLParams[c.Request().Method]
		if !ok {
			return next(c)
		}
		if err := checkQuery(raw, names); err != nil {
			return err
		}
		// A GET's variables and extensions are JSON in the query string:
		// each key once, as in a POST's body.
		for _, name := range []string{"variables", "extensions"} {
			if v, ok := queryValue(raw, name); ok {
				if err := duplicateKey([]byte(v)); err != nil {
					return withPathIn(err, name)
				}
			}
		}
		return next(c)
	}
}

// graphQLGet reads a GraphQL GET's parameters from its query string once,
// after graphQLQuery has checked it, and hands them to the handler
// (WithGraphQLParams), which ran a reader of its own over the same string:
// the query and operation's name as given, the variables and extensions
// decoded as gqlgen decoded them (JSON's numbers as json.Number). A query
// string url.ParseQuery refuses is handed on unread: the handler refuses it
// as it did.
func graphQLGet(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		p, err := readGraphQLQuery(req.URL.RawQuery)
		if err != nil {
			return err
		}
		if p != nil {
			c.SetRequest(req.WithContext(WithGraphQLParams(req.Context(), p)))
		}
		return next(c)
	}
}

// readGraphQLQuery reads a GraphQL GET's query string raw into its
// parameters, nil when url.ParseQuery refuses it. Variables or extensions
// that are not one JSON value are refused as a POST's body's that could not
// be read, and a value that is no object (nor null) in a POST's words
// (graphQLFieldKind): "The field variables must be an object, not a JSON
// array." A query longer than rules.MaxGraphQLQueryBytes is then given
// without its variables, as a POST's (readGraphQLParams): it is refused for
// its length whatever they hold, and they are not decoded.
func readGraphQLQuery(raw string) (*GraphQLParams, error) {
	query, err := url.ParseQuery(raw)
	if err != nil {
		return nil, nil
	}
	p := &GraphQLParams{Query: query.Get("query"), OperationName: query.Get("operationName")}
	objects := []struct {
		name string
		into *map[string]any
	}{{"variables", &p.Variables}, {"extensions", &p.Extensions}}
	for _, f := range objects {
		v := query.Get(f.name)
		if v == "" {
			continue
		}
		if !json.Valid([]byte(v)) {
			return nil, graphQLFieldUnread(f.name)
		}
		var k jsonValueKind
		_ = k.UnmarshalJSON([]byte(v))
		if err := graphQLFieldKind(f.name, "object", k.kind); err != nil {
			return nil, err
		}
	}
	if len(p.Query) > rules.MaxGraphQLQueryBytes {
		return p, nil
	}
	for _, f := range objects {
		v := query.Get(f.name)
		if v == "" {
			continue
		}
		dec := json.NewDecoder(strings.NewReader(v))
		dec.UseNumber()
		if err := dec.Decode(f.into); err != nil {
			return nil, graphQLFieldUnread(f.name)
		}
	}
	return p, nil
}

// withPathIn names a key given twice by its path from the parameter that
// holds its JSON: "variables.n".
func withPathIn(err error, param string) error {
	field, _ := rules.ErrorDetails(err)["field"].(string)
	p := param + "." + field
	return rules.Errorf(rules.EINVALID, "The field %s is given twice.", p).WithDetail("field", rules.Truncate(p))
}

// DuplicateKey refuses a JSON body holding a key twice in one object,
// naming its path ("The field data.options[0].value is given twice."), for
// the readers of JSON outside this package (a Discord interaction): the
// same reading as every REST and GraphQL body's.
func DuplicateKey(data []byte) error { return duplicateKey(data) }
