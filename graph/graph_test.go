package graph_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stccg/stccg-rules/graph"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/service"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

var (
	once     sync.Once
	resolver *graph.Resolver
)

func newServer(t *testing.T) *httptest.Server {
	t.Helper()
	c := testcorpus.Load(t)
	once.Do(func() {
		set, err := service.New(context.Background(), c, nil)
		if err != nil {
			t.Fatal(err)
		}
		resolver = &graph.Resolver{Reference: set.Library, Searcher: set.Index, Catalog: set.Catalog, Adjudicator: set.Engine}
	})
	srv := httptest.NewServer(graph.NewHandler(resolver, graph.ServerConfig{}))
	t.Cleanup(srv.Close)
	return srv
}

type gqlResponse struct {
	Data   map[string]json.RawMessage `json:"data"`
	Errors []struct {
		Message    string         `json:"message"`
		Extensions map[string]any `json:"extensions"`
		Path       []any          `json:"path"`
	} `json:"errors"`
}

func query(t *testing.T, srv *httptest.Server, q string, vars map[string]any) gqlResponse {
	t.Helper()
	return postBody(t, srv.URL, map[string]any{"query": q, "variables": vars})
}

func mustData(t *testing.T, r gqlResponse, field string, into any) {
	t.Helper()
	if len(r.Errors) > 0 {
		t.Fatalf("errors: %+v", r.Errors)
	}
	if err := json.Unmarshal(r.Data[field], into); err != nil {
		t.Fatalf("decode %s: %v (%s)", field, err, r.Data[field])
	}
}

func TestDocumentsIsAConnectionWithCounts(t *testing.T) {
	srv := newServer(t)
	var docs struct {
		TotalCount int
		Edges      []struct {
			Node struct {
				ID     string
				Counts struct{ Sections, Glossary, Rulings, Cards int }
			}
			Cursor string
		}
		PageInfo struct{ HasNextPage bool }
	}
	mustData(t, query(t, srv, `{ documents(first: 2) { totalCount edges { node { id counts { sections glossary rulings cards } } cursor } pageInfo { hasNextPage } } }`, nil), "documents", &docs)
	if docs.TotalCount != 5 || len(docs.Edges) != 2 || !docs.PageInfo.HasNextPage {
		t.Fatalf("documents page = %+v", docs)
	}
	if docs.Edges[0].Node.ID != "1e-rulebook" || docs.Edges[0].Node.Counts.Sections == 0 {
		t.Fatalf("first document = %+v", docs.Edges[0].Node)
	}
}

func TestDefineAndEntryAnswerTheSameAsREST(t *testing.T) {
	srv := newServer(t)
	var def struct {
		Edges []struct {
			Node struct {
				ID, DocumentID, Text string
				RelatedEntries       []struct{ ID, DocumentID string }
				Document             struct{ Precedence int }
			}
		}
	}
	mustData(t, query(t, srv, `query($t: String!) { define(term: $t, edition: "2e") { edges { node { id documentId text relatedEntries { id documentId } document { precedence } } } } }`,
		map[string]any{"t": "Modifications"}), "define", &def)
	if len(def.Edges) == 0 || def.Edges[0].Node.DocumentID != "2e-rulebook" || def.Edges[0].Node.Document.Precedence != 3 {
		t.Fatalf("define = %+v", def)
	}
	var entry *struct{ ID, Title string }
	mustData(t, query(t, srv, `query($id: ID!) { entry(id: $id) { id title } }`, map[string]any{"id": def.Edges[0].Node.ID}), "entry", &entry)
	if entry == nil || entry.ID != def.Edges[0].Node.ID {
		t.Fatalf("entry = %+v", entry)
	}
	var missing *struct{ ID string }
	mustData(t, query(t, srv, `{ entry(id: "no-such-entry") { id } }`, nil), "entry", &missing)
	if missing != nil {
		t.Fatalf("missing entry = %+v, want null", missing)
	}
}

// An entry's paragraphs carry their anchors, its other edition is listed
// apart from its related entries, and a search hit and a citation name the
// paragraph that answers.
func TestParagraphsOtherEditionAndAnchors(t *testing.T) {
	srv := newServer(t)
	var entry struct {
		Edition    string
		Paragraphs []struct{ Anchor, Text string }
		Related    []string
		Other      []struct{ ID, Edition string } `json:"otherEditionEntries"`
	}
	mustData(t, query(t, srv, `{ entry(id: "1e-current-rulings.ruling.stopped") { edition paragraphs { anchor text } related otherEditionEntries { id edition } } }`, nil), "entry", &entry)
	if len(entry.Paragraphs) == 0 || !strings.HasPrefix(entry.Paragraphs[0].Anchor, "p-") || len(entry.Other) == 0 {
		t.Fatalf("entry = %+v", entry)
	}
	for _, o := range entry.Other {
		if o.Edition == entry.Edition {
			t.Errorf("other edition lists %s of the entry's own edition", o.ID)
		}
	}
	var search struct {
		Edges []struct {
			Node struct{ ID, Kind, Anchor string }
		}
	}
	mustData(t, query(t, srv, `{ search(q: "third damage card destroys ship", first: 3) { edges { node { id kind anchor } } } }`, nil), "search", &search)
	if len(search.Edges) == 0 || search.Edges[0].Node.Anchor == "" {
		t.Fatalf("search = %+v", search)
	}
	var verdict struct {
		Citations []struct{ ID, Anchor string }
	}
	mustData(t, query(t, srv, `mutation($r: AdjudicationRequest!) { adjudicate(request: $r) { citations { id anchor } } }`,
		map[string]any{"r": map[string]any{"edition": "2e", "question": "game.winner",
			"params": map[string]any{"players": []any{map[string]any{"name": "a", "score": 100, "planet": true, "space": true}}}}}), "adjudicate", &verdict)
	if len(verdict.Citations) == 0 || verdict.Citations[0].Anchor == "" {
		t.Fatalf("verdict = %+v", verdict)
	}
}

func TestUnknownTermIsNotFoundErrorWithSuggestions(t *testing.T) {
	srv := newServer(t)
	r := query(t, srv, `{ define(term: "modificatoins", edition: "2e") { totalCount } }`, nil)
	if len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "not_found" || r.Errors[0].Extensions["details"] == nil {
		t.Fatalf("errors = %+v", r.Errors)
	}
}

func TestUnknownTermLeavesTheOtherFieldsAnswered(t *testing.T) {
	srv := newServer(t)
	r := query(t, srv, `{ documents { totalCount } nf: define(term: "zzzz") { totalCount edges { node { id } } } }`, nil)
	if len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "not_found" {
		t.Fatalf("errors = %+v", r.Errors)
	}
	var docs struct{ TotalCount int }
	if err := json.Unmarshal(r.Data["documents"], &docs); err != nil || docs.TotalCount != 5 {
		t.Fatalf("documents = %s (%v): an unknown term wiped out the other fields", r.Data["documents"], err)
	}
	if got := string(r.Data["nf"]); got != `null` {
		t.Fatalf("define = %s, want null beside its error", got)
	}
	if path := fmt.Sprint(r.Errors[0].Path); path != "[nf]" {
		t.Fatalf("the error's path is %s, want the aliased field", path)
	}
}

// TestFailedFieldsAreNullBesideTheirErrors: as REST answers an error in
// place of the answer, each field that fails is null beside its error, and
// the fields that did not fail are answered.
func TestFailedFieldsAreNullBesideTheirErrors(t *testing.T) {
	srv := newServer(t)
	r := query(t, srv, `{ documents { totalCount }
		s: search(q: "range", edition: "3e") { totalCount }
		c: cards(type: "bogus") { totalCount }
		a: autocomplete(q: "wor", edition: "3e") { totalCount }
		v: adjudicate(request: {edition: "2e", question: "warp.core"}) { allowed }
		n: cardNamed(name: "jean-luc picard", fuzzy: true, edition: "2e") { id } }`, nil)
	var docs struct{ TotalCount int }
	if err := json.Unmarshal(r.Data["documents"], &docs); err != nil || docs.TotalCount != 5 {
		t.Fatalf("documents = %s: a failed field wiped out the others; errors %+v", r.Data["documents"], r.Errors)
	}
	codes := map[string]any{}
	for _, e := range r.Errors {
		codes[fmt.Sprint(e.Path)] = e.Extensions["code"]
	}
	for field, code := range map[string]string{"s": "invalid_request", "c": "invalid_request", "a": "invalid_request", "v": "unprocessable", "n": "ambiguous"} {
		if got := string(r.Data[field]); got != "null" {
			t.Errorf("%s = %s, want null beside its error", field, got)
		}
		if codes["["+field+"]"] != code {
			t.Errorf("%s: error code %v, want %s (errors %+v)", field, codes["["+field+"]"], code, r.Errors)
		}
	}
}

// TestCardHasEveryFieldRESTHas compares the GraphQL Card type with the JSON
// fields of the card REST answers, and reads the fields only GraphQL once
// lacked from a real card.
func TestCardHasEveryFieldRESTHas(t *testing.T) {
	fields := graph.NewExecutableSchema(graph.Config{Resolvers: &graph.Resolver{}}).Schema().Types["Card"].Fields
	ct := reflect.TypeFor[rules.Card]()
	for i := range ct.NumField() {
		name, _, _ := strings.Cut(ct.Field(i).Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		if fields.ForName(name) == nil {
			t.Errorf("REST's card field %q is not a field of the GraphQL Card", name)
		}
	}
	srv := newServer(t)
	var mission struct {
		AnyMayAttempt bool
		AttemptExcept []string
		Play          []string
		Sources       []string
	}
	mustData(t, query(t, srv, `{ cardNamed(name: "Qo'noS", edition: "2e") { anyMayAttempt attemptExcept play sources specialSkills classification persona } }`, nil), "cardNamed", &mission)
	if len(mission.Play) == 0 || len(mission.Sources) == 0 || mission.AttemptExcept == nil {
		t.Errorf("Qo'noS = %+v, want what its headquarters lets you play and its sources", mission)
	}
}

// The card data's markings a rule reads reach the GraphQL Card: universal
// 1E cards, and a facility's share of SHIELDS extended to docked ships.
func TestCardCarriesUniversalAndExtendedShields(t *testing.T) {
	srv := newServer(t)
	for _, tc := range []struct {
		id        string
		universal bool
		share     *float64
	}{
		{"1e-111-9", true, ptrFloat(0.25)}, // Husnock Outpost
		{"1e-113-3", true, nil},            // Botanical Research, a universal mission
		{"1e-101-251", false, nil},         // Worf
		{"2e-1-154", false, nil},           // a 2E mission
	} {
		var card struct {
			Universal                 bool
			ExtendedShieldsPercentage *float64
		}
		mustData(t, query(t, srv, `query($id: ID!) { card(id: $id) { universal extendedShieldsPercentage } }`, map[string]any{"id": tc.id}), "card", &card)
		if card.Universal != tc.universal || (card.ExtendedShieldsPercentage == nil) != (tc.share == nil) ||
			(tc.share != nil && *card.ExtendedShieldsPercentage != *tc.share) {
			t.Errorf("%s: universal %v, extendedShieldsPercentage %v; want %v, %v", tc.id, card.Universal, card.ExtendedShieldsPercentage, tc.universal, tc.share)
		}
	}
}

func ptrFloat(f float64) *float64 { return &f }

func TestSearchIsARelayConnectionWithFacets(t *testing.T) {
	srv := newServer(t)
	var s struct {
		TotalCount int
		Edges      []struct {
			Node   struct{ ID, Kind, Snippet string }
			Cursor string
		}
		PageInfo struct {
			HasNextPage bool
			EndCursor   string
		}
		Facets struct{ Kind []struct{ Value string } }
	}
	mustData(t, query(t, srv, `{ search(q: "stopped personnel", first: 3) { totalCount edges { node { id kind snippet } cursor } pageInfo { hasNextPage endCursor } facets { kind { value count } } } }`, nil), "search", &s)
	if len(s.Edges) != 3 || s.TotalCount <= 3 || !s.PageInfo.HasNextPage || len(s.Facets.Kind) == 0 {
		t.Fatalf("search = %+v", s)
	}
	if !strings.Contains(s.Edges[0].Node.Snippet, "<mark>") {
		t.Errorf("snippet %q has no <mark>", s.Edges[0].Node.Snippet)
	}
	var next struct {
		Edges []struct{ Node struct{ ID string } }
	}
	mustData(t, query(t, srv, `query($a: String) { search(q: "stopped personnel", first: 3, after: $a) { edges { node { id } } } }`,
		map[string]any{"a": s.PageInfo.EndCursor}), "search", &next)
	if len(next.Edges) == 0 || next.Edges[0].Node.ID == s.Edges[0].Node.ID {
		t.Fatalf("second page = %+v", next)
	}
}

func TestCardNamedAmbiguousCarriesCandidates(t *testing.T) {
	srv := newServer(t)
	r := query(t, srv, `{ cardNamed(name: "jean-luc picard", fuzzy: true, edition: "2e") { id } }`, nil)
	if len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "ambiguous" {
		t.Fatalf("errors = %+v", r.Errors)
	}
	details, _ := r.Errors[0].Extensions["details"].(map[string]any)
	if cands, _ := details["candidates"].([]any); len(cands) != 2 {
		t.Fatalf("candidates = %v", details["candidates"])
	}
}

// The card data already prints Explore Black Cluster's corrected
// requirements: its erratum's printed value is not known.
func TestErratumPrintedIsNullWhenNotKnown(t *testing.T) {
	srv := newServer(t)
	var card struct {
		Errata []struct {
			Printed           *string
			Corrected         string
			CardDataCorrected bool
		}
	}
	mustData(t, query(t, srv, `{ card(id: "2e-1-167") { errata { printed corrected cardDataCorrected } } }`, nil), "card", &card)
	if len(card.Errata) != 1 || card.Errata[0].Printed != nil || !card.Errata[0].CardDataCorrected || card.Errata[0].Corrected == "" {
		t.Fatalf("errata = %+v", card.Errata)
	}
}

func TestCardsWithRulingsLoadThroughDataloader(t *testing.T) {
	srv := newServer(t)
	var cards struct {
		TotalCount int
		Edges      []struct {
			Node struct {
				Name    string
				Rulings struct{ TotalCount int }
			}
		}
	}
	mustData(t, query(t, srv, `{ cards(edition: "2e", type: "mission", first: 50) { totalCount edges { node { name rulings { totalCount } } } } }`, nil), "cards", &cards)
	if len(cards.Edges) == 0 {
		t.Fatalf("no missions")
	}
	withRulings := 0
	for _, e := range cards.Edges {
		if e.Node.Rulings.TotalCount > 0 {
			withRulings++
		}
	}
	if withRulings == 0 {
		t.Fatalf("no 2E mission among %d has a ruling or erratum", len(cards.Edges))
	}
}

func TestAutocompleteIsAConnectionOfNames(t *testing.T) {
	srv := newServer(t)
	var ac struct{ Edges []struct{ Node string } }
	mustData(t, query(t, srv, `{ autocomplete(q: "geordi") { edges { node } } }`, nil), "autocomplete", &ac)
	if len(ac.Edges) == 0 || !strings.HasPrefix(strings.ToLower(ac.Edges[0].Node), "geordi") {
		t.Fatalf("autocomplete = %+v", ac)
	}
	// 1E prints no subtitles: a 1E name is its title alone.
	mustData(t, query(t, srv, `{ autocomplete(q: "geordi", edition: "1e") { edges { node } } }`, nil), "autocomplete", &ac)
	if len(ac.Edges) == 0 || slices.ContainsFunc(ac.Edges, func(e struct{ Node string }) bool { return strings.Contains(e.Node, ",") }) {
		t.Fatalf("1e autocomplete = %+v", ac)
	}
}

func TestDeepQueriesAreRefusedBeforeTheyRun(t *testing.T) {
	srv := newServer(t)
	deep := `{ define(term: "stopped") { edges { node { relatedEntries { relatedEntries { relatedEntries { relatedEntries { relatedEntries { relatedEntries { relatedEntries { relatedEntries { relatedEntries { id } } } } } } } } } } } } }`
	r := query(t, srv, deep, nil)
	if len(r.Errors) == 0 || r.Data["define"] != nil && string(r.Data["define"]) != "null" {
		t.Fatalf("deep query ran: %+v", r)
	}
	if !strings.Contains(r.Errors[0].Message, "deep") {
		t.Fatalf("error %q does not name the depth", r.Errors[0].Message)
	}
}

// TestTheStandardIntrospectionQueryIsAnswered: the introspection query
// GraphiQL and code generators send, whose TypeRef follows a type's
// wrappings seven ofType deep, is answered; ofType nested past those seven
// counts as any field does, and twenty deep is refused.
func TestTheStandardIntrospectionQueryIsAnswered(t *testing.T) {
	srv := newServer(t)
	typeRef := "kind name" + strings.Repeat(" ofType { kind name", 7) + strings.Repeat(" }", 7)
	standard := `query IntrospectionQuery { __schema { queryType { name } mutationType { name } subscriptionType { name } types { ...FullType } directives { name description locations args { ...InputValue } } } }
fragment FullType on __Type { kind name description fields(includeDeprecated: true) { name description args { ...InputValue } type { ...TypeRef } isDeprecated deprecationReason } inputFields { ...InputValue } interfaces { ...TypeRef } enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason } possibleTypes { ...TypeRef } }
fragment InputValue on __InputValue { name description type { ...TypeRef } defaultValue }
fragment TypeRef on __Type { ` + typeRef + ` }`
	if r := query(t, srv, standard, nil); len(r.Errors) > 0 || len(r.Data["__schema"]) < 1000 {
		t.Fatalf("the standard introspection query: %+v", r.Errors)
	}
	deep := `{ __schema { types { ` + strings.Repeat("ofType { ", 20) + "name" + strings.Repeat(" }", 20) + ` } } }`
	if r := query(t, srv, deep, nil); len(r.Errors) == 0 || !strings.Contains(r.Errors[0].Message, "deep") {
		t.Fatalf("ofType twenty deep: %+v", r.Errors)
	}
}

func TestComplexQueriesAreRefused(t *testing.T) {
	srv := newServer(t)
	var b strings.Builder
	b.WriteString("{")
	for i := range 60 {
		b.WriteString(" a")
		b.WriteString(strings.Repeat("x", i%26+1))
		b.WriteString(`: cards(first: 100) { edges { node { id title } } }`)
	}
	b.WriteString("}")
	r := query(t, srv, b.String(), nil)
	if len(r.Errors) == 0 || !strings.Contains(strings.ToLower(r.Errors[0].Message), "complexity") {
		t.Fatalf("complex query not refused: %+v", r.Errors)
	}
}

func TestBadCursorIsInvalidRequest(t *testing.T) {
	srv := newServer(t)
	r := query(t, srv, `{ cards(after: "not-a-cursor") { totalCount } }`, nil)
	if len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "invalid_request" {
		t.Fatalf("errors = %+v", r.Errors)
	}
}

// postBody posts body, as JSON, to the GraphQL endpoint at url.
func postBody(t *testing.T, url string, body map[string]any) gqlResponse {
	t.Helper()
	raw, _ := json.Marshal(body)
	res, err := http.Post(url, "application/json", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out gqlResponse
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatalf("decode: %v", err)
	}
	return out
}

func TestPersistedQueriesAreRememberedByHash(t *testing.T) {
	srv := newServer(t)
	q := `{ documents { totalCount } }`
	sum := sha256.Sum256([]byte(q))
	ext := map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": hex.EncodeToString(sum[:])}}
	send := func(body map[string]any) gqlResponse { return postBody(t, srv.URL, body) }
	if r := send(map[string]any{"extensions": ext}); len(r.Errors) == 0 || r.Errors[0].Message != "PersistedQueryNotFound" {
		t.Fatalf("unknown hash answered %+v", r)
	}
	if r := send(map[string]any{"query": q, "extensions": ext}); len(r.Errors) > 0 {
		t.Fatalf("registering the query: %+v", r.Errors)
	}
	r := send(map[string]any{"extensions": ext})
	var docs struct{ TotalCount int }
	mustData(t, r, "documents", &docs)
	if docs.TotalCount != 5 {
		t.Fatalf("documents by hash = %+v", docs)
	}
}

func TestOverlongPersistedQueryIsRefusedAndNotStored(t *testing.T) {
	srv := newServer(t)
	q := "# " + strings.Repeat("x", graph.MaxPersistedQueryLength) + "\n{ documents { totalCount } }"
	sum := sha256.Sum256([]byte(q))
	ext := map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": hex.EncodeToString(sum[:])}}
	send := func(body map[string]any) gqlResponse { return postBody(t, srv.URL, body) }
	r := send(map[string]any{"query": q, "extensions": ext})
	if len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "persisted query") || r.Errors[0].Extensions["code"] != "invalid_request" {
		t.Fatalf("overlong persisted query answered %+v", r.Errors)
	}
	if r := send(map[string]any{"extensions": ext}); len(r.Errors) == 0 || r.Errors[0].Message != "PersistedQueryNotFound" {
		t.Fatalf("the overlong query was stored: %+v", r)
	}
	// Sent in full without the extension, it still runs.
	var docs struct{ TotalCount int }
	mustData(t, query(t, srv, q, nil), "documents", &docs)
	if docs.TotalCount != 5 {
		t.Fatalf("documents = %+v", docs)
	}
}

func TestCardVersionsAreIDsOfBothEditions(t *testing.T) {
	srv := newServer(t)
	var card struct{ Versions []string }
	mustData(t, query(t, srv, `{ card(id: "2e-1-268") { versions } }`, nil), "card", &card)
	if len(card.Versions) < 2 || card.Versions[0] != "2e-1-267" || !strings.HasPrefix(card.Versions[len(card.Versions)-1], "1e-") {
		t.Fatalf("versions = %v", card.Versions)
	}
}

// search says how it read the words it read as others, as REST's readAs;
// an empty list when it read every word as typed.
func TestSearchSaysHowItReadTheQuery(t *testing.T) {
	srv := newServer(t)
	for _, c := range []struct {
		q    string
		want []rules.WordReading
	}{
		{"stoped personnel", []rules.WordReading{{Typed: "stoped", As: "stopped", Why: rules.ReadTypo}}},
		{"stopped personnel", []rules.WordReading{}},
	} {
		var s struct {
			ReadAs []rules.WordReading `json:"readAs"`
		}
		mustData(t, query(t, srv, `query($q: String!) { search(q: $q, first: 1) { readAs { typed as why } } }`, map[string]any{"q": c.q}), "search", &s)
		if s.ReadAs == nil || !slices.Equal(s.ReadAs, c.want) {
			t.Errorf("%q: readAs %+v, want %+v", c.q, s.ReadAs, c.want)
		}
	}
}

// TestANumberGivenAsAStringInAVariableIsRefused: a variable, or a value
// within one, given as a string where its type is a number is refused,
// as REST refuses it, naming it (an adjudication request's value by its
// path in the request, in REST's sentence); given as a number it is read.
func TestANumberGivenAsAStringInAVariableIsRefused(t *testing.T) {
	srv := newServer(t)
	const first = `query($n: Int) { search(q: "range", first: $n) { totalCount } }`
	if r := query(t, srv, first, map[string]any{"n": 3}); len(r.Errors) > 0 {
		t.Fatalf("first as a number: %+v", r.Errors)
	}
	r := query(t, srv, first, map[string]any{"n": "3"})
	if len(r.Errors) != 1 || r.Errors[0].Message != "The variable $n must be a whole number, not a JSON string." {
		t.Fatalf("first as a string: %+v", r.Errors)
	}
	req := map[string]any{"edition": "2e", "question": "ship.damage", "board": map[string]any{"ships": []any{map[string]any{"id": "s", "range": "7"}}},
		"params": map[string]any{"ship": "s", "add": 1}}
	r = query(t, srv, `query($r: AdjudicationRequest!) { adjudicate(request: $r) { allowed } }`, map[string]any{"r": req})
	if len(r.Errors) != 1 || r.Errors[0].Message != "The field board.ships[0].range must be a whole number, not a JSON string." ||
		r.Errors[0].Extensions["code"] != "invalid_request" {
		t.Fatalf("a range as a string: %+v", r.Errors)
	}
}

// TestAPageSizeWrittenAsNoWholeNumberIsRefusedInRESTsWords: first given as
// a fraction or a string is refused in the sentence REST and the terminal
// say it in (rules.NotAWholeNumber), code invalid_request.
func TestAPageSizeWrittenAsNoWholeNumberIsRefusedInRESTsWords(t *testing.T) {
	srv := newServer(t)
	for q, want := range map[string]string{
		`{ search(q: "range", first: 2.5) { totalCount } }`:   `first must be a whole number; got "2.5".`,
		`{ search(q: "range", first: "ten") { totalCount } }`: `first must be a whole number; got "ten".`,
	} {
		r := query(t, srv, q, nil)
		if len(r.Errors) != 1 || r.Errors[0].Message != want || r.Errors[0].Extensions["code"] != "invalid_request" {
			t.Errorf("%s: %+v, want %q", q, r.Errors, want)
		}
	}
}
