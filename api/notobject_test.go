package api_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// TestABodyThatIsNoObjectIsRefusedAlike sends bodies that are a JSON value
// but no object (null among them, which is a field left out only inside an
// object) to every route that reads a body, and the same values as the
// GraphQL argument that stands for the body, as a variable and as a
// literal: each is 400 invalid_request in one sentence naming the body (the
// argument in GraphQL), never read as {} and answered for what it lacks.
func TestABodyThatIsNoObjectIsRefusedAlike(t *testing.T) {
	srv := newServer(t)
	for _, v := range []struct{ body, kind string }{
		{"null", "null"}, {" null\n", "null"}, {"[]", "array"}, {`[{"edition":"2e"}]`, "array"},
		{`"2e"`, "string"}, {"1", "number"}, {"true", "bool"},
	} {
		for _, route := range []string{"/v1/adjudicate", "/v1/cards/collection"} {
			code, out := post(t, srv.URL, route, []byte(v.body))
			var e errorBody
			if err := json.Unmarshal(out, &e); err != nil {
				t.Fatalf("%s %q: %d %s", route, v.body, code, out)
			}
			want := "The field (the body) must be an object, not a JSON " + v.kind + "."
			if code != 400 || e.Error.Code != rules.EINVALID || e.Error.Message != want || e.Error.Details["field"] != "(the body)" {
				t.Errorf("%s %q: %d %+v\nwant 400 %q naming (the body)", route, v.body, code, e.Error, want)
			}
		}

		literal := strings.TrimSpace(v.body)
		if literal == `[{"edition":"2e"}]` {
			literal = `[{edition: "2e"}]`
		}
		for _, q := range []string{
			`{"query":"query($r: AdjudicationRequest!){ adjudicate(request: $r){ allowed } }","variables":{"r":` + v.body + `}}`,
			`{"query":` + jsonString(`{ adjudicate(request: `+literal+`){ allowed } }`) + `}`,
		} {
			_, out := post(t, srv.URL, "/graphql", []byte(q))
			var r struct {
				Errors gqlErrors
			}
			if err := json.Unmarshal(out, &r); err != nil || len(r.Errors) != 1 {
				t.Fatalf("%s: %s", q, out)
			}
			want := "The field request must be an object, not a JSON " + v.kind + "."
			if g := r.Errors[0]; g.Message != want || g.Extensions.Code != rules.EINVALID || g.Extensions.Details["field"] != "request" {
				t.Errorf("GraphQL %s:\n%+v\nwant %s %q naming request", q, g, rules.EINVALID, want)
			}
		}
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestAFieldGivenTwiceInACollectionIsRefused sends a collection whose body
// gives a key twice, at its top and in an identifier: each is 400 naming
// the field's path, as the adjudication body's reader refuses one, where
// encoding/json kept the last ("worf" then "data" was looked up as data).
func TestAFieldGivenTwiceInACollectionIsRefused(t *testing.T) {
	srv := newServer(t)
	for _, c := range []struct{ body, field string }{
		{`{"identifiers":[{"name":"worf","name":"data","edition":"2e"}]}`, "identifiers[0].name"},
		{`{"identifiers":[{"id":"2e-1-1"},{"name":"worf","edition":"2e","edition":"1e"}]}`, "identifiers[1].edition"},
		{`{"identifiers":[{"name":"worf"}],"identifiers":[{"name":"data"}]}`, "identifiers"},
	} {
		code, out := post(t, srv.URL, "/v1/cards/collection", []byte(c.body))
		var e errorBody
		if err := json.Unmarshal(out, &e); err != nil || code != 400 || e.Error.Code != rules.EINVALID ||
			e.Error.Message != "The field "+c.field+" is given twice." || e.Error.Details["field"] != c.field {
			t.Errorf("%s: %d %s, want 400 naming %s", c.body, code, out, c.field)
		}
	}
	if code, out := post(t, srv.URL, "/v1/cards/collection", []byte(`{"identifiers":[{"name":"worf","edition":"2e"},{"name":"worf","edition":"2e"}]}`)); code != 200 {
		t.Errorf("the same identifier twice in the list is two look-ups: %d %s", code, out)
	}
}

// TestAGraphQLBodyGivingAKeyTwiceIsRefused posts GraphQL requests whose
// body gives the query, or a variable, twice: each is refused naming it,
// in GraphQL's shape, where the handler ran the last.
func TestAGraphQLBodyGivingAKeyTwiceIsRefused(t *testing.T) {
	srv := newServer(t)
	for _, c := range []struct{ body, field string }{
		{`{"query":"{ documents { totalCount } }","query":"{ card(id: \"2e-1-1\") { id } }"}`, "query"},
		{`{"query":"query($n: String!){ cardNamed(name: $n) { id } }","variables":{"n":"worf","n":"Data, Aspirer"}}`, "variables.n"},
	} {
		_, out := post(t, srv.URL, "/graphql", []byte(c.body))
		var r struct {
			Errors gqlErrors
			Data   any
		}
		if err := json.Unmarshal(out, &r); err != nil || len(r.Errors) != 1 || r.Data != nil {
			t.Fatalf("%s: %s", c.body, out)
		}
		if e := r.Errors[0]; e.Message != "The field "+c.field+" is given twice." || e.Extensions.Code != rules.EINVALID || e.Extensions.Details["field"] != c.field {
			t.Errorf("%s: %+v, want %s naming %s", c.body, e, rules.EINVALID, c.field)
		}
	}
	if code, out := post(t, srv.URL, "/graphql", []byte(`{"query":"{ documents { totalCount } }"}`)); code != 200 || !strings.Contains(string(out), "totalCount") {
		t.Errorf("a plain query: %d %s", code, out)
	}
}

// TestGraphQLQueryStringsAreReadStrictly sends /graphql a query string
// parameter it does not take: GET a misspelt one, POST any (its request is
// its body). Each is refused naming it in GraphQL's shape, as a /v1 route
// refuses one; it was ignored.
func TestGraphQLQueryStringsAreReadStrictly(t *testing.T) {
	srv := newServer(t)
	for _, c := range []struct{ method, path, body, field string }{
		{"GET", "/graphql?query=%7B%20documents%20%7B%20totalCount%20%7D%20%7D&qeury=x", "", "qeury"},
		{"GET", "/graphql?query=%7B%20documents%20%7B%20totalCount%20%7D%20%7D&query=%7B%20documents%20%7B%20totalCount%20%7D%20%7D", "", "query"},
		{"POST", "/graphql?query=%7B%20documents%20%7B%20totalCount%20%7D%20%7D", `{"query":"{ documents { totalCount } }"}`, "query"},
		// A GET's variables are JSON in the query string: each key once.
		{"GET", "/graphql?query=query(%24n%3A%20String!)%7B%20cardNamed(name%3A%20%24n)%20%7B%20id%20%7D%20%7D&variables=%7B%22n%22%3A%22worf%22%2C%22n%22%3A%22data%22%7D", "", "variables.n"},
	} {
		code, _, out := send(t, c.method, srv.URL+c.path, c.body, "Content-Type", "application/json")
		var r struct {
			Errors gqlErrors
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil || code != 400 || len(r.Errors) != 1 ||
			r.Errors[0].Extensions.Code != rules.EINVALID || r.Errors[0].Extensions.Details["field"] != c.field {
			t.Errorf("%s %s: %d %s, want 400 naming %s", c.method, c.path, code, out, c.field)
		}
	}
	for _, path := range []string{"/graphql?query=%7B%20documents%20%7B%20totalCount%20%7D%20%7D", "/graphql?query=%7B%20documents%20%7B%20totalCount%20%7D%20%7D&variables=%7B%7D&operationName="} {
		if code, _, out := send(t, "GET", srv.URL+path, ""); code != 200 {
			t.Errorf("GET %s: %d %s", path, code, out)
		}
	}
}
