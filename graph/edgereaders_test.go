package graph_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// A variable's value GraphQL refuses is named by the variable
// (details.field), in a sentence saying what it must be, where gqlparser
// said "cannot use slice as String" or "must be defined" alone; a value
// within an adjudication's variable is refused in REST's sentence of the
// body it is in; a literal of the wrong type for an argument or a
// directive's is named with what it must be, and a number literal written
// with a leading zero or a plus sign (which GraphQL's grammar refuses, as
// gqlparser's "Unexpected <Invalid>") as a query string's ?limit=007 is, all
// as invalid_request where gqlparser's codes stood; an argument given twice
// is refused as a parameter given twice on every transport.
func TestAMistakeOfAVariableOrAnArgumentIsNamed(t *testing.T) {
	srv := newServer(t)
	const search = `query($q: String!) { search(q: $q) { totalCount } }`
	adjudicate := `query($r: AdjudicationRequest!) { adjudicate(request: $r) { allowed } }`
	request := func(rng string) map[string]any {
		var r map[string]any
		json.Unmarshal([]byte(`{"edition":"2e","question":"ship.damage","board":{"ships":[{"id":"s","range":`+rng+`,"weapons":6,"shields":6}]},"params":{"ship":"s","add":1}}`), &r)
		return r
	}
	for _, c := range []struct {
		name, query    string
		vars           map[string]any
		field, message string
	}{
		{"a list for a text", search, map[string]any{"q": []string{"range"}}, "q", "The variable $q must be a string, not a JSON array."},
		{"an object for a text", search, map[string]any{"q": map[string]any{"x": 1}}, "q", "The variable $q must be a string, not a JSON object."},
		{"a required variable left out", search, map[string]any{}, "q", "The variable $q is required and was not given: give it in variables."},
		{"a statistic written 7e0", adjudicate, map[string]any{"r": request("7")}, "board.ships[0].range", "The field board.ships[0].range must be written as a whole number from 0 to 999 (printed statistics reach 40), not 7e0."},
		{"a directive's argument of a number", `{ documents { totalCount @include(if: 1) } }`, nil, "if", "if must be true or false; got 1."},
		{"a text argument of a number", `{ cards(q: "kirk", edition: 3) { totalCount } }`, nil, "edition", "edition must be text in double quotes; got 3."},
		{"a page size with leading zeros", `{ cards(q: "kirk", first: 007) { totalCount } }`, nil, "first", `first is written with a leading zero ("007"); write the whole number as 7.`},
		{"an offset with a plus sign, on a line of its own", "{ search(q: \"range\",\n  offset: +5) { totalCount } }", nil, "offset", `offset is written with a plus sign ("+5"); write the whole number as 5.`},
		{"an argument given twice", `{ search(q: "range", first: 5, first: 10) { totalCount } }`, nil, "first", "The first parameter is given twice: give it once."},
	} {
		t.Run(c.name, func(t *testing.T) {
			body, _ := json.Marshal(map[string]any{"query": c.query, "variables": c.vars})
			if c.name == "a statistic written 7e0" { // json.Marshal would write 7
				body = []byte(strings.Replace(string(body), `"range":7`, `"range":7e0`, 1))
			}
			res, err := http.Post(srv.URL, "application/json", strings.NewReader(string(body)))
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var r gqlResponse
			json.NewDecoder(res.Body).Decode(&r)
			if len(r.Errors) != 1 {
				t.Fatalf("errors %+v", r.Errors)
			}
			e := r.Errors[0]
			details, _ := e.Extensions["details"].(map[string]any)
			const code = "invalid_request" // a literal's mistake too, in the service's words
			if e.Message != c.message || e.Extensions["code"] != code || details["field"] != c.field {
				t.Errorf("%q %v, want %q %s naming %s", e.Message, e.Extensions, c.message, code, c.field)
			}
			// Refused before it ran, as a query parameter's mistake is:
			// 400, where gqlgen answered 422.
			if res.StatusCode != http.StatusBadRequest {
				t.Errorf("status %d, want 400", res.StatusCode)
			}
		})
	}
}

// A mutation asked by GET is 405 with Allow: POST in a sentence naming
// POST, as GraphQL over HTTP says (gqlgen answered 406 "GET requests only
// allow query operations"); a query by HEAD is answered as its GET,
// without a body (gqlgen answered 400).
func TestAMutationByGETIs405AndHEADIsAnsweredAsGET(t *testing.T) {
	srv := newServer(t)
	mutation := url.QueryEscape(`mutation { adjudicate(request: {edition: "2e", question: "ship.damage", board: {}, params: {}}) { allowed } }`)
	res, err := http.Get(srv.URL + "?query=" + mutation)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 405 || res.Header.Get("Allow") != "POST" || !strings.Contains(string(out), "send it by POST") || strings.Count(string(out), `"message"`) != 1 {
		t.Errorf("%d Allow %q %s", res.StatusCode, res.Header.Get("Allow"), out)
	}
	res, err = http.Head(srv.URL + "?query=" + url.QueryEscape(`{ documents { totalCount } }`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Errorf("HEAD: %d", res.StatusCode)
	}
}
