package graph_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/graph"
	"github.com/stccg/stccg-rules/internal/rules"
)

// countingAdjudicator counts the adjudications it is asked for.
type countingAdjudicator struct {
	rules.Adjudicator
	n atomic.Int64
}

func (c *countingAdjudicator) Adjudicate(ctx context.Context, req rules.AdjudicationRequest) (*rules.Verdict, error) {
	c.n.Add(1)
	return c.Adjudicator.Adjudicate(ctx, req)
}

// turnRequest is a turn of n moves of one ship between two missions.
func turnRequest(n int) map[string]any {
	board := map[string]any{
		"missions": []any{
			map[string]any{"id": "earth", "title": "Earth", "type": "headquarters", "quadrant": "alpha", "span": 2},
			map[string]any{"id": "renegade", "title": "Intercept Renegade", "type": "space", "quadrant": "alpha", "span": 3},
		},
		"ships": []any{map[string]any{"id": "galaxy", "card": "U.S.S. Galaxy", "at": map[string]any{"mission": "earth"}}},
		"personnel": []any{
			map[string]any{"id": "a", "affiliation": "federation", "icons": []any{"command"}, "integrity": 5, "cunning": 5, "strength": 5, "at": map[string]any{"ship": "galaxy"}},
			map[string]any{"id": "b", "affiliation": "federation", "icons": []any{"staff"}, "integrity": 5, "cunning": 5, "strength": 5, "at": map[string]any{"ship": "galaxy"}},
		},
	}
	var actions []any
	for i := range n {
		to := []string{"renegade", "earth"}[i%2]
		actions = append(actions, map[string]any{"question": "ship.move", "params": map[string]any{"ship": "galaxy", "to": to}})
	}
	return map[string]any{"edition": "2e", "question": "turn.replay", "board": board, "params": map[string]any{"actions": actions}}
}

// turnSelection asks for a turn's steps with their citations' entries.
const turnSelection = `allowed steps { question allowed legal reasons citations { id quote entry { id title text relatedEntries { id text } } } }`

// TestATurnsStepsArePricedByItsActions: a verdict's steps cost their
// selection once for each action of the request, and its citations and
// their entries by how many a step may hold; the query of three aliased
// turns of 256 moves, each step's citations with their entries, is refused
// before anything runs, while the same selection over a short turn is
// answered.
func TestATurnsStepsArePricedByItsActions(t *testing.T) {
	newServer(t)
	counting := &countingAdjudicator{Adjudicator: resolver.Adjudicator}
	r := *resolver
	r.Adjudicator = counting
	srv := httptest.NewServer(graph.NewHandler(&r, graph.ServerConfig{}))
	t.Cleanup(srv.Close)

	short := query(t, srv, `query($r: AdjudicationRequest!) { adjudicate(request: $r) { `+turnSelection+` } }`, map[string]any{"r": turnRequest(2)})
	if len(short.Errors) > 0 || counting.n.Load() != 1 {
		t.Fatalf("a two-move turn: %+v", short.Errors)
	}
	var aliases []string
	vars := map[string]any{}
	var params []string
	for i := range 3 {
		aliases = append(aliases, fmt.Sprintf("t%d: adjudicate(request: $r%d) { %s }", i, i, turnSelection))
		params = append(params, fmt.Sprintf("$r%d: AdjudicationRequest!", i))
		vars[fmt.Sprintf("r%d", i)] = turnRequest(rules.MaxReplayActions)
	}
	q := "query(" + strings.Join(params, ", ") + ") { " + strings.Join(aliases, " ") + " }"
	long := query(t, srv, q, vars)
	t.Logf("three turns of %d moves: %s", rules.MaxReplayActions, long.Errors[0].Message)
	if !refusedForItsCost(long) || counting.n.Load() != 1 {
		t.Fatalf("three turns of %d moves: %d adjudications run, errors %+v", rules.MaxReplayActions, counting.n.Load()-1, firstErrors(long))
	}
	// One such turn asking what each step decided, and a shorter one each
	// step's citations, are answered.
	for _, c := range []struct {
		actions   int
		selection string
	}{
		{rules.MaxReplayActions, `allowed steps { question legal reasons }`},
		{64, `allowed steps { question legal reasons citations { id } }`},
	} {
		r := query(t, srv, `query($r: AdjudicationRequest!) { adjudicate(request: $r) { `+c.selection+` } }`, map[string]any{"r": turnRequest(c.actions)})
		if refusedForItsCost(r) {
			t.Fatalf("%d actions, %s: %+v", c.actions, c.selection, firstErrors(r))
		}
	}
}

// TestAnAnswerIsCutAtItsBudget: an answer that would hold more than its
// bytes is cut where it reaches them, with one error naming the bound, and
// is never assembled past it.
func TestAnAnswerIsCutAtItsBudget(t *testing.T) {
	newServer(t)
	const budget = 8 << 10
	srv := httptest.NewServer(graph.NewHandler(resolver, graph.ServerConfig{MaxAnswerBytes: budget}))
	t.Cleanup(srv.Close)
	raw := postRaw(t, srv.URL, map[string]any{"query": `{ search(q: "mission attempt dilemma", first: 20) { edges { node { id title snippet entry { text } } } } }`})
	if len(raw) > 2*budget {
		t.Fatalf("the answer is %d bytes, over twice the budget of %d", len(raw), budget)
	}
	var r gqlResponse
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "ANSWER_LIMIT_EXCEEDED" {
		t.Fatalf("errors %+v", r.Errors)
	}
	details, _ := r.Errors[0].Extensions["details"].(map[string]any)
	if details["measure"] != "bytes" || details["limit"] != float64(budget) {
		t.Fatalf("details %v", details)
	}
	// Within the budget, the same query is answered whole.
	if ok := query(t, srv, `{ search(q: "mission attempt dilemma", first: 2) { edges { node { id title } } } }`, nil); len(ok.Errors) > 0 {
		t.Fatalf("a small answer: %+v", ok.Errors)
	}
}

// postRaw posts a request and returns the answer's bytes.
func postRaw(t *testing.T, url string, body map[string]any) []byte {
	t.Helper()
	b, _ := json.Marshal(body)
	res, err := http.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// slowCatalog answers a card by name only once its request's deadline has
// passed, and counts the rulings it is asked for.
type slowCatalog struct {
	rules.CardService
	rulings atomic.Int64
}

func (c *slowCatalog) LookUpCard(ctx context.Context, id rules.CardIdentifier) (*rules.Card, error) {
	<-ctx.Done()
	return c.CardService.LookUpCard(context.WithoutCancel(ctx), id)
}

func (c *slowCatalog) CardRulings(ctx context.Context, id string) ([]*rules.Entry, error) {
	c.rulings.Add(1)
	return c.CardService.CardRulings(ctx, id)
}

// TestFieldsAreNotResolvedPastTheDeadline: once the request's deadline has
// passed, the fields below a resolver that returned late are not resolved
// (the card's rulings are never asked for), the answer says so once, and
// is 503.
func TestFieldsAreNotResolvedPastTheDeadline(t *testing.T) {
	newServer(t)
	slow := &slowCatalog{CardService: resolver.Catalog}
	r := *resolver
	r.Catalog = slow
	h := graph.NewHandler(&r, graph.ServerConfig{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		ctx, cancel := context.WithTimeout(req.Context(), 50*time.Millisecond)
		defer cancel()
		h.ServeHTTP(w, req.WithContext(ctx))
	}))
	t.Cleanup(srv.Close)
	b, _ := json.Marshal(map[string]any{"query": `{ cardNamed(name: "U.S.S. Galaxy", edition: "2e") { id title rulings { edges { node { id text } } } } }`})
	res, err := http.Post(srv.URL, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out gqlResponse
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusServiceUnavailable || len(out.Errors) != 1 || !strings.Contains(out.Errors[0].Message, "took too long") {
		t.Fatalf("%d %+v", res.StatusCode, out.Errors)
	}
	if n := slow.rulings.Load(); n != 0 {
		t.Fatalf("the card's rulings were looked up %d times after the deadline", n)
	}
}

// TestACachedQueryStillMeasuresItsVariables: a query the server has parsed
// before skips the measure of its shape, not that of its arguments, which
// its variables give anew each time: the same query with a board past
// MaxArgumentBytes is refused the second time as the first.
func TestACachedQueryStillMeasuresItsVariables(t *testing.T) {
	srv := newServer(t)
	q := `query($r: AdjudicationRequest!) { adjudicate(request: $r) { allowed } }`
	small := turnRequest(2)
	if r := query(t, srv, q, map[string]any{"r": small}); len(r.Errors) > 0 {
		t.Fatalf("a small turn: %+v", r.Errors)
	}
	big := turnRequest(2)
	pad := strings.Repeat("x", rules.MaxTextBytes)
	var ps []any
	for i := range 1200 {
		ps = append(ps, map[string]any{"id": fmt.Sprintf("p%d-%s", i, pad[:100]), "affiliation": "federation", "icons": []any{"staff"}, "at": map[string]any{"mission": "earth"}})
	}
	big["board"].(map[string]any)["personnel"] = ps
	for i := range 2 {
		if m := limitMeasure(query(t, srv, q, map[string]any{"r": big})); m != "argumentBytes" {
			t.Fatalf("sending %d: a board past the arguments' limit refused for %q", i+1, m)
		}
	}
}

// TestTextArgumentsNameTheirLimit: a text argument past MaxTextArgumentBytes,
// given in the query or as a variable, is refused before anything runs,
// naming the argument and the limit, as REST refuses a query parameter past
// its own; one at the limit is answered.
func TestTextArgumentsNameTheirLimit(t *testing.T) {
	srv := newServer(t)
	long := strings.Repeat("q", graph.MaxTextArgumentBytes+1)
	for _, r := range []gqlResponse{
		query(t, srv, fmt.Sprintf(`{ cardNamed(name: %q, fuzzy: true) { id } }`, long), nil),
		query(t, srv, `query($n: String!) { cardNamed(name: $n, fuzzy: true) { id } }`, map[string]any{"n": long}),
	} {
		if len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "invalid_request" ||
			r.Errors[0].Message != fmt.Sprintf("The name parameter is %d bytes long; at most %d are allowed.", len(long), graph.MaxTextArgumentBytes) {
			t.Fatalf("errors %+v", r.Errors)
		}
		d, _ := r.Errors[0].Extensions["details"].(map[string]any)
		if d["argument"] != "cardNamed.name" || d["field"] != "name" || d["limit"] != float64(graph.MaxTextArgumentBytes) || d["measure"] != "argumentText" {
			t.Fatalf("details %v", d)
		}
	}
	r := query(t, srv, fmt.Sprintf(`{ cardNamed(name: %q, fuzzy: true) { id } }`, long[1:]), nil)
	if len(r.Errors) == 1 && r.Errors[0].Extensions["code"] == "QUERY_LIMIT_EXCEEDED" {
		t.Fatalf("a name at the limit refused: %+v", r.Errors)
	}
}
