package graph_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/graph"
	"github.com/stccg/stccg-rules/internal/mock"
	"github.com/stccg/stccg-rules/internal/rules"
)

// fakeResolver resolves over fakes answering fixed values (internal/mock):
// the limits of a query's shape, its pricing, its errors and its deadline
// do not depend on the corpus. A look-up of a card by name finds none, and
// an adjudication stops when its context is done, as the real ones do.
func fakeResolver() *graph.Resolver {
	s := mock.NewSet()
	s.Cards.CardNamedFn = func(_ context.Context, name string, _ bool, _ rules.Edition) (*rules.Card, error) {
		return nil, mock.NotFound(fmt.Sprintf("No card is named %q.", name))
	}
	s.Cards.LookUpCardFn = func(_ context.Context, id rules.CardIdentifier) (*rules.Card, error) {
		return nil, mock.NotFound(fmt.Sprintf("No card is named %q.", id.Name))
	}
	answer := s.Adjudicator.AdjudicateFn
	s.Adjudicator.AdjudicateFn = func(ctx context.Context, req rules.AdjudicationRequest) (*rules.Verdict, error) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return answer(ctx, req)
	}
	return &graph.Resolver{Reference: s.Reference, Searcher: s.Search, Catalog: s.Cards, Adjudicator: s.Adjudicator}
}

// newFakeServer serves GraphQL over fakeResolver.
func newFakeServer(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(graph.NewHandler(fakeResolver(), graph.ServerConfig{}))
	t.Cleanup(srv.Close)
	return srv
}

func limitMeasure(r gqlResponse) string {
	if len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != "QUERY_LIMIT_EXCEEDED" {
		return ""
	}
	d, _ := r.Errors[0].Extensions["details"].(map[string]any)
	m, _ := d["measure"].(string)
	return m
}

// TestFragmentsSpreadDeepAreRefusedBeforeTheyAreWalked sends fragments
// spreading 30 deep, 2^30 fields once spread: refused for their depth by a
// measure that takes each fragment once. Spread MaxFragmentDepth deep (the
// operation's spread the first), 128 fields of __typename, the query is
// answered.
func TestFragmentsSpreadDeepAreRefusedBeforeTheyAreWalked(t *testing.T) {
	srv := newFakeServer(t)
	for _, k := range []int{30, 24, graph.MaxFragmentDepth} {
		if m := limitMeasure(query(t, srv, graph.DoublingFragments(k), nil)); m != "fragmentDepth" {
			t.Errorf("%d fragments deep: refused for %q, want fragmentDepth", k, m)
		}
	}
	r := query(t, srv, graph.DoublingFragments(graph.MaxFragmentDepth-1), nil)
	if len(r.Errors) > 0 {
		t.Fatalf("%d deep: %+v", graph.MaxFragmentDepth, r.Errors)
	}
}

// TestIntrospectionIsChargedAndOncePerQuery: introspection stays on (a full
// schema in one __schema is answered), but 4,000 aliases of it, or two, are
// refused before any is run, and __schema counts against the complexity
// limit like any field.
func TestIntrospectionIsChargedAndOncePerQuery(t *testing.T) {
	srv := newFakeServer(t)
	full := `{ __schema { queryType { name } types { name kind fields { name args { name type { name kind ofType { name } } } type { name kind ofType { name kind } } } } } }`
	r := query(t, srv, full, nil)
	if len(r.Errors) > 0 || !strings.Contains(string(r.Data["__schema"]), `"Verdict"`) {
		t.Fatalf("the schema was not answered: %+v", r.Errors)
	}
	many := func(n int) string {
		return aliased(n, "__schema { types { name kind fields { name type { name kind ofType { name kind } } } } }")
	}
	if m := limitMeasure(query(t, srv, many(4000), nil)); m != "bytes" && m != "aliases" && m != "__schema" {
		t.Errorf("4,000 __schema refused for %q", m)
	}
	if m := limitMeasure(query(t, srv, many(2), nil)); m != "__schema" {
		t.Errorf("two __schema refused for %q, want __schema", m)
	}
	twice := `query { ...S ...S } fragment S on Query { __schema { types { name } } }`
	if m := limitMeasure(query(t, srv, twice, nil)); m != "__schema" {
		t.Errorf("__schema spread twice refused for %q, want __schema", m)
	}
	// Charged: a __schema and ten long searches are over the complexity
	// limit that the searches alone are within.
	searches := strings.TrimSuffix(aliased(9, fmt.Sprintf(`search(q: %q, first: 1) { totalCount }`, strings.Repeat("word ", 100))), "}") +
		fmt.Sprintf(`b: search(q: %q, first: 1) { totalCount } }`, strings.Repeat("word ", 30))
	if r := query(t, srv, searches, nil); refusedForItsCost(r) {
		t.Fatalf("ten searches refused: %+v", r.Errors)
	}
	if r := query(t, srv, strings.TrimSuffix(searches, "}")+" __schema { queryType { name } } }", nil); !refusedForItsCost(r) {
		t.Errorf("ten searches and __schema were not refused: %+v", firstErrors(r))
	}
}

// TestRepeatedFieldsAreRefusedBeforeValidation: 10,000 repeats of one field
// (whose validation compares them two by two) are refused on their size or
// a count; a selection of MaxSelectionFields is answered.
func TestRepeatedFieldsAreRefusedBeforeValidation(t *testing.T) {
	srv := newFakeServer(t)
	repeated := func(n int) string {
		return "{ documents(first: 1) { edges { node { " + strings.Repeat("id ", n) + "} } } }"
	}
	long := "{ documents(first: 1) { " + strings.Repeat("totalCount ", 20000) + "} }" // 220 KB
	if m := limitMeasure(query(t, srv, long, nil)); m != "bytes" {
		t.Errorf("20,000 repeats refused for %q, want bytes", m)
	}
	if r := query(t, srv, repeated(10000), nil); len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "token limit") {
		t.Errorf("10,000 repeats: %+v, want refused by the parser's token limit", firstErrors(r))
	}
	if m := limitMeasure(query(t, srv, repeated(5000), nil)); m != "fields" {
		t.Errorf("5,000 repeats refused for %q, want fields", m)
	}
	if m := limitMeasure(query(t, srv, repeated(graph.MaxSelectionFields+1), nil)); m != "selectionFields" {
		t.Errorf("%d repeats refused for %q, want selectionFields", graph.MaxSelectionFields+1, m)
	}
	if r := query(t, srv, repeated(graph.MaxSelectionFields), nil); len(r.Errors) > 0 {
		t.Errorf("%d repeats: %+v", graph.MaxSelectionFields, firstErrors(r))
	}
}

// TestErrorsAreCappedAtMaxErrors: a query whose every field fails, at
// validation or when run, answers MaxErrors errors and one that counts the
// rest.
func TestErrorsAreCappedAtMaxErrors(t *testing.T) {
	srv := newFakeServer(t)
	for name, q := range map[string]string{
		"validation": aliased(60, `noSuchField`),
		"execution":  aliased(60, `cardNamed(name: "zzqx wobble") { id }`),
	} {
		r := query(t, srv, q, nil)
		if len(r.Errors) != graph.MaxErrors+1 {
			t.Errorf("%s: %d errors, want %d and one counting the rest", name, len(r.Errors), graph.MaxErrors+1)
			continue
		}
		last := r.Errors[graph.MaxErrors]
		d, _ := last.Extensions["details"].(map[string]any)
		if last.Extensions["code"] != "TOO_MANY_ERRORS" || d["omitted"] != float64(60-graph.MaxErrors) {
			t.Errorf("%s: last error %+v", name, last)
		}
	}
}

// chargedServer serves GraphQL with a Charge that refuses once more than
// allowance requests are charged, counting what it was asked.
func chargedServer(t *testing.T, allowance int) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var charged atomic.Int64
	charge := func(_ context.Context, n int) error {
		if charged.Add(int64(n)) > int64(allowance) {
			return rules.Errorf(rules.ERATELIMITED, "Too many requests.").WithDetail("retryAfter", 7)
		}
		return nil
	}
	srv := httptest.NewServer(graph.NewHandler(fakeResolver(), graph.ServerConfig{Charge: charge}))
	t.Cleanup(srv.Close)
	return srv, &charged
}

// TestEveryServiceCallIsChargedAgainstTheRateLimit: 98 adjudications in one
// query are 97 requests more than the one the request paid; refused by the
// limit, the query answers 429 with Retry-After and runs none of them.
func TestEveryServiceCallIsChargedAgainstTheRateLimit(t *testing.T) {
	q := aliased(98, `adjudicate(request: {edition: "2e", question: "game.winner", params: {players: [{name: "a", score: 1}]}}) { allowed }`)
	srv, charged := chargedServer(t, 1000)
	r := query(t, srv, q, nil)
	if len(r.Errors) > 0 || len(r.Data) != 98 {
		t.Fatalf("within the limit: %d answers, errors %+v", len(r.Data), firstErrors(r))
	}
	if n := charged.Load(); n != 97 {
		t.Errorf("charged %d requests, want 97", n)
	}
	srv, _ = chargedServer(t, 50)
	raw, _ := json.Marshal(map[string]any{"query": q})
	res, err := http.Post(srv.URL, "application/json", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out gqlResponse
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") != "7" {
		t.Errorf("over the limit: %d, Retry-After %q; want 429, 7", res.StatusCode, res.Header.Get("Retry-After"))
	}
	if len(out.Errors) != 1 || out.Errors[0].Extensions["code"] != rules.ERATELIMITED || out.Data != nil {
		t.Errorf("over the limit: %+v %s", out.Errors, out.Data)
	}
}

// TestAQueryPastItsDeadlineAnswers503: resolvers stopped by the request's
// deadline answer the REST API's message, with 503, not as faults.
func TestAQueryPastItsDeadlineAnswers503(t *testing.T) {
	h := graph.NewHandler(fakeResolver(), graph.ServerConfig{})
	expired := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithDeadline(r.Context(), time.Now().Add(-time.Second))
		defer cancel()
		h.ServeHTTP(w, r.WithContext(ctx))
	})
	srv := httptest.NewServer(expired)
	t.Cleanup(srv.Close)
	raw, _ := json.Marshal(map[string]any{"query": `{ adjudicate(request: {edition: "2e", question: "game.winner", params: {}}) { allowed } }`})
	res, err := http.Post(srv.URL, "application/json", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out gqlResponse
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusServiceUnavailable || len(out.Errors) == 0 || !strings.Contains(out.Errors[0].Message, "took too long") {
		t.Errorf("%d %+v; want 503 and the deadline's message", res.StatusCode, out.Errors)
	}
}

// TestAVariableIsCountedAtEveryUse: 98 adjudications of one board passed
// as a variable read the board 98 times over, twice each; past
// MaxArgumentBytes in all they are refused before any is read, while a few
// are answered.
func TestAVariableIsCountedAtEveryUse(t *testing.T) {
	srv := newFakeServer(t)
	var personnel []map[string]any
	for i := range 40 {
		personnel = append(personnel, map[string]any{"id": fmt.Sprintf("p%d", i), "affiliation": "federation", "icons": []string{"staff"}})
	}
	board := map[string]any{"edition": "2e", "question": "game.winner", "board": map[string]any{"personnel": personnel},
		"params": map[string]any{"players": []map[string]any{{"name": "a", "score": 1}}}}
	raw, _ := json.Marshal(board)
	uses := graph.MaxArgumentBytes/len(raw) + 1
	q := func(n int) string {
		return "query($r: AdjudicationRequest!) " + aliased(n, "adjudicate(request: $r) { allowed }")
	}
	if m := limitMeasure(query(t, srv, q(uses), map[string]any{"r": board})); m != "argumentBytes" {
		t.Errorf("%d uses of a %d-byte board refused for %q, want argumentBytes", uses, len(raw), m)
	}
	if r := query(t, srv, q(uses/2), map[string]any{"r": board}); len(r.Errors) > 0 || len(r.Data) != uses/2 {
		t.Errorf("%d uses: %d answers, %+v", uses/2, len(r.Data), firstErrors(r))
	}
}

// A page larger than any page is the same mistake at any size: refused
// naming first, as first: 101 is, never priced as the page it cannot be.
func TestPagePastTheBoundIsRefusedNamingFirstAtAnySize(t *testing.T) {
	srv := newFakeServer(t)
	for _, q := range []string{
		`{ search(q: "x", first: 101) { totalCount } }`,
		`{ search(q: "x", first: 2000000000) { edges { node { id title snippet } } } }`,
		`{ cards(first: 1000000) { edges { node { id name } } } }`,
	} {
		r := query(t, srv, q, nil)
		if len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != rules.EINVALID || !strings.Contains(r.Errors[0].Message, "first asks for") {
			t.Errorf("%s: %+v, want invalid_request naming first", q, firstErrors(r))
		}
	}
}

// A body whose query, operationName, variables or extensions is of the
// wrong JSON type is refused in the service's words, naming the field, as
// REST names one: no Go type of the server in the message.
func TestRequestFieldOfTheWrongTypeIsNamed(t *testing.T) {
	srv := newFakeServer(t)
	for _, tc := range []struct {
		body map[string]any
		want string
	}{
		{map[string]any{"query": 5}, "The field query must be a string, not a JSON number."},
		{map[string]any{"query": "{ documents { totalCount } }", "variables": []any{1}}, "The field variables must be an object, not a JSON array."},
		{map[string]any{"query": "{ documents { totalCount } }", "operationName": true}, "The field operationName must be a string, not a JSON bool."},
	} {
		r := postBody(t, srv.URL, tc.body)
		if len(r.Errors) != 1 || r.Errors[0].Message != tc.want || r.Errors[0].Extensions["code"] != rules.EINVALID {
			t.Errorf("%v: %+v, want %q", tc.body, firstErrors(r), tc.want)
		}
	}
}

// A variable of type Int given a fraction or a number past any integer is
// named with what it must be, not read back as the value 0.
func TestIntVariableNotWholeIsNamed(t *testing.T) {
	srv := newFakeServer(t)
	for _, raw := range []string{`5.5`, `1e30`} {
		r := query(t, srv, `query($n: Int) { search(q: "x", first: $n) { totalCount } }`, map[string]any{"n": json.Number(raw)})
		if len(r.Errors) != 1 || strings.Contains(r.Errors[0].Message, "value 0") || !strings.Contains(r.Errors[0].Message, "$n must be a whole number") {
			t.Errorf("n = %s: %+v, want the variable named as not a whole number", raw, firstErrors(r))
		}
	}
}

// A field no card identifier has is refused in REST's words, naming its
// full path and the field meant, in a query's literal as in a variable.
func TestCardIdentifierUnknownFieldIsRefusedAsRESTRefusesIt(t *testing.T) {
	srv := newFakeServer(t)
	for _, r := range []gqlResponse{
		query(t, srv, `{ cardCollection(identifiers: [{id: "x"}, {nam: "y"}]) { data { id } } }`, nil),
		query(t, srv, `query($ids: [CardIdentifier!]!) { cardCollection(identifiers: $ids) { data { id } } }`, map[string]any{"ids": []any{map[string]any{"id": "x"}, map[string]any{"nam": "y"}}}),
	} {
		if len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != rules.EINVALID {
			t.Errorf("%+v, want invalid_request", firstErrors(r))
			continue
		}
		d, _ := r.Errors[0].Extensions["details"].(map[string]any)
		if s, _ := d["suggestions"].([]any); d["field"] != "identifiers[1].nam" || len(s) != 1 || s[0] != "name" {
			t.Errorf("details %v, want identifiers[1].nam suggesting name", d)
		}
	}
}

// An autocompletion answers at most rules.MaxAutocomplete names, as REST's
// does: a first past it is refused naming first and the bound, never cut
// to the bound without a word.
func TestAutocompletePastItsBoundIsRefusedNamingFirst(t *testing.T) {
	srv := newFakeServer(t)
	for _, first := range []int{rules.MaxAutocomplete + 1, 50, rules.MaxPageLimit, rules.MaxPageLimit + 1} {
		q := fmt.Sprintf(`{ autocomplete(q: "pic", first: %d) { totalCount edges { node } } }`, first)
		r := query(t, srv, q, nil)
		want := fmt.Sprintf("first asks for %d items a page; a page holds 0 to %d.", first, rules.MaxAutocomplete)
		if len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != rules.EINVALID || r.Errors[0].Message != want {
			t.Errorf("%s: %+v, want invalid_request %q", q, firstErrors(r), want)
		}
	}
	for _, first := range []int{0, rules.MaxAutocomplete} {
		q := fmt.Sprintf(`{ autocomplete(q: "pic", first: %d) { totalCount } }`, first)
		if r := query(t, srv, q, nil); len(r.Errors) > 0 {
			t.Errorf("%s: %+v, want an answer", q, firstErrors(r))
		}
	}
}
