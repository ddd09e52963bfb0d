package main

import (
	"bytes"
	"cmp"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/discord"
	"github.com/stccg/stccg-rules/graph"
	"github.com/stccg/stccg-rules/internal/engine"
	"github.com/stccg/stccg-rules/internal/mock"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/web"
)

// The transports a value reaches the service through.
const (
	viaREST    = "REST"
	viaGraphQL = "GraphQL"
	viaPage    = "page"
	viaCLI     = "CLI"
	viaDiscord = "Discord"
)

// A sending is one way a transport takes a value: a REST or page path (a
// POST when body is set), a GraphQL query, the CLI's arguments, or a
// Discord command and its options. field is the parameter as that
// transport names it.
type sending struct {
	via   string
	what  string
	body  string
	opts  map[string]string // Discord's options
	field string
}

// TestSameMistakeSameAnswerOnEveryTransport sends the same wrong edition,
// kind, page size and page offset through REST, GraphQL, the pages, the
// terminal and Discord (where each takes the value), and checks that each
// refuses it as invalid_request (a 400, GraphQL's invalid_request code, a
// 400 page, a failed command, a notice only the asker sees) in the one
// sentence of the domain's parser, before any service is asked; and that
// an edition and a kind written in another case reach the service as the
// API writes them, whichever way they came.
func TestSameMistakeSameAnswerOnEveryTransport(t *testing.T) {
	svc := newEdgeServices()
	srv, sign := transports(t, svc)
	cursor := func(offset int) string {
		return base64.RawURLEncoding.EncodeToString([]byte("offset:" + strconv.Itoa(offset)))
	}

	long := strings.Repeat("x", rules.MaxQueryTextBytes+1)
	longName := strings.Repeat("x", rules.MaxCardNameBytes+1)
	mistakes := []struct {
		name    string
		message string // %[1]s is the parameter as the transport names it
		sends   []sending
	}{
		{"an edition that is not one", `Unknown edition "3e": use "1e" or "2e".`, []sending{
			{via: viaREST, what: "/v1/search?q=range&edition=3e", field: "edition"},
			{via: viaREST, what: "/v1/define?term=stopped&edition=3e", field: "edition"},
			{via: viaREST, what: "/v1/cards?edition=3e", field: "edition"},
			{via: viaREST, what: "/v1/cards/named?fuzzy=worf&edition=3e", field: "edition"},
			{via: viaREST, what: "/v1/cards/autocomplete?q=wor&edition=3e", field: "edition"},
			{via: viaREST, what: "/v1/cards/collection", body: `{"identifiers":[{"name":"worf","edition":"3e"}]}`, field: "identifiers[0].edition"},
			{via: viaGraphQL, what: `{ search(q: "range", edition: "3e") { totalCount } }`, field: "edition"},
			{via: viaGraphQL, what: `{ define(term: "stopped", edition: "3e") { totalCount } }`, field: "edition"},
			{via: viaGraphQL, what: `{ cards(edition: "3e") { totalCount } }`, field: "edition"},
			{via: viaGraphQL, what: `{ cardNamed(name: "worf", fuzzy: true, edition: "3e") { id } }`, field: "edition"},
			{via: viaGraphQL, what: `{ autocomplete(q: "wor", edition: "3e") { totalCount } }`, field: "edition"},
			{via: viaGraphQL, what: `{ cardCollection(identifiers: [{name: "worf", edition: "3e"}]) { data { id } } }`, field: "identifiers[0].edition"},
			{via: viaPage, what: "/?q=range&edition=3e"},
			{via: viaPage, what: "/cards/named?fuzzy=worf&edition=3e"},
			{via: viaPage, what: "/embed/card?name=worf&edition=3e"},
			{via: viaCLI, what: "search --edition 3e range"},
			{via: viaCLI, what: "define --edition 3e stopped"},
			{via: viaCLI, what: "card --edition 3e worf"},
			{via: viaDiscord, what: "rule", opts: map[string]string{"question": "range", "edition": "3e"}},
			{via: viaDiscord, what: "define", opts: map[string]string{"term": "stopped", "edition": "3e"}},
			{via: viaDiscord, what: "card", opts: map[string]string{"name": "worf", "edition": "3e"}},
		}},
		{"a kind that is not one", `Unknown kind "rule": use section, glossary, ruling or card.`, []sending{
			{via: viaREST, what: "/v1/search?q=range&kind=rule", field: "kind"},
			{via: viaGraphQL, what: `{ search(q: "range", kind: "rule") { totalCount } }`, field: "kind"},
			{via: viaPage, what: "/?q=range&kind=rule"},
			{via: viaCLI, what: "search --kind rule range"},
		}},
		{"a page past its size", `%[1]s asks for 101 items a page; a page holds 0 to 100.`, []sending{
			{via: viaREST, what: "/v1/search?q=range&limit=101", field: "limit"},
			{via: viaREST, what: "/v1/cards?limit=101", field: "limit"},
			{via: viaGraphQL, what: `{ search(q: "range", first: 101) { totalCount } }`, field: "first"},
			{via: viaGraphQL, what: `{ cards(first: 101) { totalCount } }`, field: "first"},
			{via: viaGraphQL, what: `{ define(term: "stopped", first: 101) { totalCount } }`, field: "first"},
			{via: viaGraphQL, what: `{ documents(first: 101) { totalCount } }`, field: "first"},
			{via: viaCLI, what: "search --limit 101 range", field: "limit"},
		}},
		{"a page past the deepest", `%[1]s skips 10001 items; from 0 to 10000 may be skipped.`, []sending{
			{via: viaREST, what: "/v1/search?q=range&offset=10001", field: "offset"},
			{via: viaREST, what: "/v1/cards?offset=10001", field: "offset"},
			{via: viaGraphQL, what: `{ search(q: "range", after: "` + cursor(10000) + `") { totalCount } }`, field: "after"},
			{via: viaGraphQL, what: `{ cards(after: "` + cursor(10000) + `") { totalCount } }`, field: "after"},
			{via: viaPage, what: "/?q=range&offset=10001", field: "offset"},
			{via: viaCLI, what: "search --offset 10001 range", field: "offset"},
		}},
		{"a text past its bound", `The %[1]s parameter is 501 bytes long; at most 500 are allowed.`, []sending{
			{via: viaREST, what: "/v1/search?q=" + long, field: "q"},
			{via: viaREST, what: "/v1/define?term=" + long, field: "term"},
			{via: viaREST, what: "/v1/cards/named?fuzzy=" + long, field: "fuzzy"},
			{via: viaGraphQL, what: `{ search(q: "` + long + `") { totalCount } }`, field: "q"},
			{via: viaGraphQL, what: `{ define(term: "` + long + `") { totalCount } }`, field: "term"},
			{via: viaGraphQL, what: `{ cardNamed(name: "` + long + `", fuzzy: true) { id } }`, field: "name"},
			{via: viaPage, what: "/?q=" + long, field: "q"},
			{via: viaPage, what: "/cards/named?fuzzy=" + long, field: "fuzzy"},
			{via: viaPage, what: "/embed/card?name=" + long, field: "name"},
			{via: viaCLI, what: "search " + long, field: "words"},
			{via: viaCLI, what: "define " + long, field: "term"},
			{via: viaCLI, what: "card " + long, field: "name"},
			{via: viaDiscord, what: "rule", opts: map[string]string{"question": long}, field: "question"},
			{via: viaDiscord, what: "define", opts: map[string]string{"term": long}, field: "term"},
			{via: viaDiscord, what: "card", opts: map[string]string{"name": long}, field: "name"},
		}},
		{"a card name past its bound", `The %[1]s parameter is 129 bytes long; at most 128 are allowed.`, []sending{
			{via: viaREST, what: "/v1/cards/named?fuzzy=" + longName, field: "fuzzy"},
			{via: viaREST, what: "/v1/cards/named?exact=" + longName, field: "exact"},
			{via: viaGraphQL, what: `{ cardNamed(name: "` + longName + `", fuzzy: true) { id } }`, field: "name"},
			{via: viaPage, what: "/cards/named?exact=" + longName, field: "exact"},
			{via: viaPage, what: "/embed/card?name=" + longName, field: "name"},
			{via: viaCLI, what: "card " + longName, field: "name"},
			{via: viaDiscord, what: "card", opts: map[string]string{"name": longName}, field: "name"},
		}},
		{"a text holding a right-to-left override", `The %[1]s parameter holds a control character, a bidirectional control or invalid UTF-8.`, []sending{
			{via: viaREST, what: "/v1/search?q=range%E2%80%AE", field: "q"},
			{via: viaREST, what: "/v1/cards/named?exact=worf%E2%80%AE", field: "exact"},
			{via: viaGraphQL, what: `{ search(q: "range\u202e") { totalCount } }`, field: "q"},
			{via: viaGraphQL, what: `{ cardNamed(name: "worf\u202e") { id } }`, field: "name"},
			{via: viaPage, what: "/?q=range%E2%80%AE", field: "q"},
			{via: viaPage, what: "/cards/named?fuzzy=worf%E2%80%AE", field: "fuzzy"},
			{via: viaCLI, what: "card worf\u202e", field: "name"},
			{via: viaDiscord, what: "card", opts: map[string]string{"name": "worf\u202e"}, field: "name"},
		}},
		{"a text holding invalid UTF-8", `The %[1]s parameter holds a control character, a bidirectional control or invalid UTF-8.`, []sending{
			{via: viaREST, what: "/v1/search?q=range%FF", field: "q"},
			{via: viaREST, what: "/v1/cards/named?fuzzy=worf%C3", field: "fuzzy"},
			{via: viaPage, what: "/cards/named?exact=worf%FF", field: "exact"},
			{via: viaCLI, what: "card worf\xff", field: "name"},
			{via: viaDiscord, what: "card", opts: map[string]string{"name": "worf\xff"}, field: "name"},
		}},
		{"a text holding a control character", `The %[1]s parameter holds a control character, a bidirectional control or invalid UTF-8.`, []sending{
			{via: viaREST, what: "/v1/search?q=range%07", field: "q"},
			{via: viaREST, what: "/v1/cards/named?fuzzy=worf%07", field: "fuzzy"},
			{via: viaGraphQL, what: `{ search(q: "range\u0007") { totalCount } }`, field: "q"},
			{via: viaGraphQL, what: `{ cardNamed(name: "worf\u0007", fuzzy: true) { id } }`, field: "name"},
			{via: viaREST, what: "/v1/cards?q=worf%07", field: "q"},
			{via: viaGraphQL, what: `{ cards(q: "worf\u0007") { totalCount } }`, field: "q"},
			{via: viaREST, what: "/v1/cards?type=ship%07", field: "type"},
			{via: viaGraphQL, what: `{ cards(type: "ship\u0007") { totalCount } }`, field: "type"},
			{via: viaREST, what: "/v1/search?q=range&document=2e-rulebook%07", field: "document"},
			{via: viaGraphQL, what: `{ search(q: "range", document: "2e-rulebook\u0007") { totalCount } }`, field: "document"},
			{via: viaPage, what: "/?q=range%07", field: "q"},
			{via: viaPage, what: "/cards/named?fuzzy=worf%07", field: "fuzzy"},
			{via: viaPage, what: "/embed/card?name=worf%07", field: "name"},
			{via: viaCLI, what: "define stopped\x07", field: "term"},
			{via: viaDiscord, what: "card", opts: map[string]string{"name": "worf\x07"}, field: "name"},
		}},
		// A text a request must give, given empty, blank or (a card name)
		// with nothing a name is read by: one sentence everywhere
		// (rules.NeededText). GraphQL said "A card name is needed.",
		// REST "Give the card name as ?exact= or ?fuzzy=.", the embed
		// and the CLI sentences of their own.
		{"an empty card name", `The card name is empty: give a card's title, or its title and subtitle.`, []sending{
			{via: viaREST, what: "/v1/cards/named?exact=", field: "fuzzy"},
			{via: viaREST, what: "/v1/cards/named?fuzzy=%20%20", field: "fuzzy"},
			{via: viaREST, what: "/v1/cards/named", field: "fuzzy"},
			{via: viaGraphQL, what: `{ cardNamed(name: "") { id } }`, field: "name"},
			{via: viaGraphQL, what: `{ cardNamed(name: "  ", fuzzy: true) { id } }`, field: "name"},
			{via: viaPage, what: "/cards/named?fuzzy=%20"},
			{via: viaPage, what: "/embed/card?name=%20"},
			{via: viaCLI, what: "card", field: "name"},
			{via: viaDiscord, what: "card", opts: map[string]string{"name": " "}, field: "name"},
		}},
		{"a card name with nothing to read", `The card name "!!!" has no letters or digits: give a card's title, or its title and subtitle.`, []sending{
			{via: viaREST, what: "/v1/cards/named?exact=!!!", field: "exact"},
			{via: viaREST, what: "/v1/cards/named?fuzzy=!!!", field: "fuzzy"},
			{via: viaREST, what: "/v1/cards/collection", body: `{"identifiers":[{"name":"!!!"}]}`, field: "identifiers[0].name"},
			{via: viaGraphQL, what: `{ cardNamed(name: "!!!", fuzzy: true) { id } }`, field: "name"},
			{via: viaGraphQL, what: `{ cardCollection(identifiers: [{name: "!!!"}]) { data { id } } }`, field: "identifiers[0].name"},
			{via: viaPage, what: "/cards/named?exact=!!!"},
			{via: viaPage, what: "/embed/card?name=!!!"},
			{via: viaCLI, what: "card !!!", field: "name"},
			{via: viaDiscord, what: "card", opts: map[string]string{"name": "!!!"}, field: "name"},
		}},
		{"an empty term", `The term is empty: give the word or phrase to define.`, []sending{
			{via: viaREST, what: "/v1/define?term=", field: "term"},
			{via: viaREST, what: "/v1/define?term=%20", field: "term"},
			{via: viaGraphQL, what: `{ define(term: " ") { totalCount } }`, field: "term"},
			{via: viaCLI, what: "define", field: "term"},
			{via: viaDiscord, what: "define", opts: map[string]string{"term": " "}, field: "term"},
		}},
		{"an empty prefix to complete", `The prefix is empty: give the first letters of a card's name.`, []sending{
			{via: viaREST, what: "/v1/cards/autocomplete?q=", field: "q"},
			{via: viaREST, what: "/v1/cards/autocomplete?q=%20", field: "q"},
			{via: viaGraphQL, what: `{ autocomplete(q: " ") { totalCount } }`, field: "q"},
		}},
		{"a search of no words", `The query has no words to look for: type a word or a "quoted phrase".`, []sending{
			{via: viaREST, what: "/v1/search?q=", field: "q"},
			{via: viaREST, what: "/v1/search?q=%20", field: "q"},
			{via: viaGraphQL, what: `{ search(q: " ") { totalCount } }`, field: "q"},
			{via: viaCLI, what: "search", field: "words"},
			{via: viaDiscord, what: "rule", opts: map[string]string{"question": " "}, field: "question"},
		}},
		{"a name asked both exactly and loosely", `Give either ?exact= or ?fuzzy=, not both.`, []sending{
			{via: viaREST, what: "/v1/cards/named?fuzzy=worf&exact=data", field: "exact"},
			{via: viaPage, what: "/cards/named?fuzzy=worf&exact=data", field: "exact"},
		}},
		{"an id holding a right-to-left override or a control character", `The id holds a control character, a bidirectional control or invalid UTF-8.`, []sending{
			{via: viaREST, what: "/v1/cards/2e-1-1%E2%80%AE", field: "id"},
			{via: viaREST, what: "/v1/cards/2e-1-1%E2%80%AE/rulings", field: "id"},
			{via: viaREST, what: "/v1/entries/2e-rulebook.glossary.stopped%07", field: "id"},
			{via: viaGraphQL, what: `{ card(id: "2e-1-1\u202e") { id } }`, field: "id"},
			{via: viaGraphQL, what: `{ entry(id: "2e-rulebook.glossary.stopped\u0007") { id } }`, field: "id"},
			{via: viaPage, what: "/cards/2e-1-1%E2%80%AE"},
			{via: viaPage, what: "/entries/2e-rulebook.glossary.stopped%E2%80%AE"},
			{via: viaPage, what: "/documents/2e-rulebook%07"},
		}},
		{"a parameter the route does not take", `Unknown query parameter "editon": did you mean "edition"?`, []sending{
			{via: viaREST, what: "/v1/search?q=range&editon=2e", field: "editon"},
			{via: viaREST, what: "/v1/cards/named?fuzzy=worf&editon=2e", field: "editon"},
			{via: viaPage, what: "/?q=range&editon=2e"},
			{via: viaPage, what: "/cards/named?fuzzy=worf&editon=2e"},
			{via: viaPage, what: "/embed/card?name=worf&editon=2e"},
		}},
		{"a parameter given twice", `The fuzzy parameter is given twice: give it once.`, []sending{
			{via: viaREST, what: "/v1/cards/named?fuzzy=worf&fuzzy=data", field: "fuzzy"},
			{via: viaPage, what: "/cards/named?fuzzy=worf&fuzzy=data"},
		}},
		{"a page size that is no number", `%[1]s must be a whole number; got "ten".`, []sending{
			{via: viaREST, what: "/v1/search?q=range&limit=ten", field: "limit"},
			{via: viaCLI, what: "search --limit ten range", field: "limit"},
		}},
	}
	for _, m := range mistakes {
		for _, s := range m.sends {
			t.Run(m.name+"/"+s.via+"/"+s.what, func(t *testing.T) {
				want := m.message
				if strings.Contains(want, "%[1]s") {
					want = fmt.Sprintf(want, s.field)
				}
				svc.reset()
				wantCode := rules.EINVALID
				if m.name == "a search of no words" && (s.via == viaREST || s.via == viaGraphQL) {
					wantCode = rules.EINVALIDQUERY // a search's mistake, as the contract codes it
				}
				code, message, field := refusal(t, srv, sign, svc, s)
				if code != wantCode || message != want {
					t.Errorf("%s answered %s %q\nwant %s %q", s.via, code, message, wantCode, want)
				}
				if s.field != "" && field != "" && field != s.field {
					t.Errorf("%s named the field %q, want %q", s.via, field, s.field)
				}
				if got := svc.asked(); len(got) > 0 {
					t.Errorf("%s asked the service %v with a value it refuses", s.via, got)
				}
			})
		}
	}

	// Written in another case, the same values are taken, and reach the
	// service as the API writes them.
	for _, s := range []sending{
		{via: viaREST, what: "/v1/search?q=range&edition=2E&kind=Glossary"},
		{via: viaGraphQL, what: `{ search(q: "range", edition: "2E", kind: "Glossary") { totalCount } }`},
		{via: viaPage, what: "/?q=range&edition=2E&kind=Glossary"},
		{via: viaCLI, what: "search --edition 2E --kind Glossary range"},
		{via: viaDiscord, what: "rule", opts: map[string]string{"question": "range", "edition": " 2E"}},
	} {
		t.Run("case forgiven/"+s.via, func(t *testing.T) {
			svc.reset()
			answer(t, srv, sign, svc, s)
			want := "search 2e glossary"
			if s.via == viaDiscord {
				want = "search 2e " // /rule takes no kind
			}
			if got := svc.asked(); !slices.Contains(got, want) {
				t.Errorf("%s asked the service %v, want %q", s.via, got, want)
			}
		})
	}
}

// pageTextRefusal is rules.ParseText's refusal as a page shows it.
var pageTextRefusal = regexp.MustCompile(`The \w+ parameter (is \d+ bytes long; at most \d+ are allowed|holds a control character, a bidirectional control or invalid UTF-8)\.`)

// refusal sends s and reads the refusal: its code (EINVALID for a 400, the
// GraphQL error's code, a failed command's, a Discord notice's), its
// sentence and the field it names, where the transport says.
func refusal(t *testing.T, srv *httptest.Server, sign func(string) http.Header, svc *edgeServices, s sending) (code, message, field string) {
	t.Helper()
	switch s.via {
	case viaREST:
		status, body := httpDo(t, srv, s.what, s.body, nil)
		var e struct {
			Error struct {
				Code, Message string
				Details       map[string]any
			}
		}
		if err := json.Unmarshal(body, &e); err != nil {
			t.Fatalf("%d %s", status, body)
		}
		if status != api.StatusOf(e.Error.Code) || status != http.StatusBadRequest {
			t.Errorf("status %d for code %s", status, e.Error.Code)
		}
		field, _ = e.Error.Details["field"].(string)
		return e.Error.Code, e.Error.Message, field
	case viaGraphQL:
		q, _ := json.Marshal(map[string]string{"query": s.what})
		status, body := httpDo(t, srv, "/graphql", string(q), nil)
		var r struct {
			Errors []struct {
				Message    string
				Path       []any
				Extensions struct {
					Code    string
					Details map[string]any
				}
			}
		}
		if err := json.Unmarshal(body, &r); err != nil || len(r.Errors) != 1 {
			t.Fatalf("%d %s", status, body)
		}
		// Refused before the query ran (an error at no field's path),
		// 400 as REST's; refused by a resolver as it ran, 200 beside the
		// data (docs/api.md).
		if ran := len(r.Errors[0].Path) > 0; ran && status != http.StatusOK || !ran && status != http.StatusBadRequest {
			t.Fatalf("%d %s", status, body)
		}
		field, _ = r.Errors[0].Extensions.Details["field"].(string)
		return r.Errors[0].Extensions.Code, r.Errors[0].Message, field
	case viaPage:
		status, body := httpDo(t, srv, s.what, "", nil)
		if strings.HasPrefix(s.what, "/embed/") { // the embed script's JSON
			var e struct {
				Error struct{ Code, Message string }
			}
			if err := json.Unmarshal(body, &e); err != nil || status != http.StatusBadRequest {
				t.Fatalf("%d %s", status, body)
			}
			return e.Error.Code, e.Error.Message, ""
		}
		if status != http.StatusBadRequest {
			t.Errorf("page status %d", status)
		}
		// The page shows the sentence, escaped as HTML is.
		for _, want := range []string{
			`Unknown edition "3e": use "1e" or "2e".`,
			`Unknown kind "rule": use section, glossary, ruling or card.`,
			`offset skips 10001 items; from 0 to 10000 may be skipped.`,
			`Give either ?exact= or ?fuzzy=, not both.`,
			`Unknown query parameter "editon": did you mean "edition"?`,
			`The id holds a control character, a bidirectional control or invalid UTF-8.`,
			`The fuzzy parameter is given twice: give it once.`,
			rules.CardNameText.Refusal("", "").Message,
			rules.CardNameText.Refusal("", "!!!").Message,
		} {
			if bytes.Contains(body, []byte(template.HTMLEscapeString(want))) {
				return rules.EINVALID, want, ""
			}
		}
		if m := pageTextRefusal.Find(body); m != nil {
			return rules.EINVALID, string(m), ""
		}
		return "", "", ""
	case viaCLI:
		err := edgeCLI(svc).run(context.Background(), strings.Fields(s.what), strings.NewReader(""), io.Discard, io.Discard)
		if err == nil {
			t.Fatalf("%s succeeded", s.what)
		}
		return rules.EINVALID, err.Error(), ""
	case viaDiscord:
		res := discordAsk(t, srv, sign, s)
		if res.Data.Flags&64 == 0 || len(res.Data.Embeds) > 0 {
			t.Errorf("the refusal is no notice only the asker sees: %+v", res.Data)
		}
		return rules.EINVALID, res.Data.Content, ""
	}
	t.Fatalf("no transport %s", s.via)
	return "", "", ""
}

// answer sends s and checks it was answered, not refused.
func answer(t *testing.T, srv *httptest.Server, sign func(string) http.Header, svc *edgeServices, s sending) {
	t.Helper()
	switch s.via {
	case viaREST, viaPage:
		if status, body := httpDo(t, srv, s.what, "", nil); status != http.StatusOK {
			t.Errorf("%s: %d %.300s", s.what, status, body)
		}
	case viaGraphQL:
		q, _ := json.Marshal(map[string]string{"query": s.what})
		if _, body := httpDo(t, srv, "/graphql", string(q), nil); bytes.Contains(body, []byte(`"errors"`)) {
			t.Errorf("%s: %s", s.what, body)
		}
	case viaCLI:
		if err := edgeCLI(svc).run(context.Background(), strings.Fields(s.what), strings.NewReader(""), io.Discard, io.Discard); err != nil {
			t.Errorf("%s: %v", s.what, err)
		}
	case viaDiscord:
		if res := discordAsk(t, srv, sign, s); res.Data.Flags&64 != 0 && !strings.HasPrefix(res.Data.Content, "Nothing in the rules answers") {
			t.Errorf("refused: %+v", res.Data)
		}
	}
}

func httpDo(t *testing.T, srv *httptest.Server, path, body string, header http.Header) (int, []byte) {
	t.Helper()
	method := http.MethodGet
	if body != "" {
		method = http.MethodPost
	}
	req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header[k] = v
	}
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, out
}

type discordAnswer struct {
	Data struct {
		Content string
		Flags   int
		Embeds  []json.RawMessage
	}
}

// interactionIDs numbers the interactions discordAsk posts.
var interactionIDs atomic.Int64

func discordAsk(t *testing.T, srv *httptest.Server, sign func(string) http.Header, s sending) discordAnswer {
	t.Helper()
	var opts []map[string]any
	for k, v := range s.opts {
		opts = append(opts, map[string]any{"name": k, "type": 3, "value": v})
	}
	// Each interaction its own id, as Discord gives each: the endpoint
	// answers an id once.
	raw, _ := json.Marshal(map[string]any{"id": strconv.FormatInt(interactionIDs.Add(1), 10), "application_id": "2", "type": 2, "token": "t", "version": 1,
		"data": map[string]any{"id": "3", "name": s.what, "type": 1, "options": opts}})
	status, body := httpDo(t, srv, discord.Route, string(raw), sign(string(raw)))
	var res discordAnswer
	if err := json.Unmarshal(body, &res); err != nil || status != http.StatusOK {
		t.Fatalf("%d %s", status, body)
	}
	return res
}

// transports serves REST, GraphQL, the pages and the Discord endpoint over
// svc, wired as serve wires them, and signs interactions for it.
func transports(t *testing.T, svc *edgeServices) (*httptest.Server, func(body string) http.Header) {
	t.Helper()
	return transportsOver(t, svc.services())
}

// transportsOver is transports over any services (the real corpus's, for
// one).
func transportsOver(t *testing.T, services api.Services) (*httptest.Server, func(body string) http.Header) {
	t.Helper()
	srv, signAt := transportsSignedAt(t, services)
	return srv, func(body string) http.Header { return signAt(time.Now(), body) }
}

// transportsSignedAt is transportsOver with a signer of Discord's requests
// that signs a body as sent at a given time.
func transportsSignedAt(t *testing.T, services api.Services) (*httptest.Server, func(at time.Time, body string) http.Header) {
	t.Helper()
	log := slog.New(slog.DiscardHandler)
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	a := &app{services: services}
	svc := services
	h := api.New(api.Config{
		Services: a.services,
		GraphQL:  graph.NewHandler(&graph.Resolver{Reference: svc.Reference, Searcher: svc.Search, Catalog: svc.Cards, Adjudicator: svc.Adjudicator}, graph.ServerConfig{Logger: log}),
		Logger:   log,
		Mount: mounts(web.New(web.Config{Reference: svc.Reference, Search: svc.Search, Cards: svc.Cards, Adjudicator: svc.Adjudicator, Logger: log}).Register,
			discordHandler(pub, "https://rules.example.org", a, log)),
	})
	// The listener serve gives net/http (api.JSONProtocolErrors), so that
	// a request net/http refuses itself is answered as serve answers it.
	srv := httptest.NewUnstartedServer(h)
	srv.Listener = api.JSONProtocolErrors(srv.Listener)
	srv.Start()
	t.Cleanup(srv.Close)
	sign := func(at time.Time, body string) http.Header {
		stamp := strconv.FormatInt(at.Unix(), 10)
		return http.Header{
			"X-Signature-Ed25519":   {hex.EncodeToString(ed25519.Sign(priv, []byte(stamp+body)))},
			"X-Signature-Timestamp": {stamp},
		}
	}
	return srv, sign
}

// edgeCLI is the terminal's commands over svc in place of the corpus's
// services. (define reads the corpus itself: a value it refuses is refused
// before it does, as any other command's.)
func edgeCLI(svc *edgeServices) cli {
	return cli{load: loadCorpus, build: func(context.Context, config) (*app, error) {
		return &app{services: svc.services()}, nil
	}}
}

// edgeServices are the fixed services of internal/mock, recording the
// values each search or look-up was asked with ("search 2e glossary").
type edgeServices struct {
	*mock.Set
	mu    sync.Mutex
	calls []string
}

func newEdgeServices() *edgeServices {
	s := &edgeServices{Set: mock.NewSet()}
	search, define := s.Search.SearchFn, s.Reference.DefineFn
	s.Search.SearchFn = func(ctx context.Context, q rules.SearchQuery) (*rules.SearchResult, error) {
		s.record("search %s %s", q.Edition, q.Kind)
		return search(ctx, q)
	}
	s.Reference.DefineFn = func(ctx context.Context, term string, edition rules.Edition) ([]*rules.Entry, error) {
		s.record("define %s", edition)
		return define(ctx, term, edition)
	}
	c := *s.Cards
	s.Cards.CardNamedFn = func(ctx context.Context, name string, fuzzy bool, edition rules.Edition) (*rules.Card, error) {
		s.record("card named %s", edition)
		return c.CardNamedFn(ctx, name, fuzzy, edition)
	}
	s.Cards.AutocompleteFn = func(ctx context.Context, prefix string, edition rules.Edition, limit int) (*rules.Autocompletion, error) {
		s.record("autocomplete %s", edition)
		return c.AutocompleteFn(ctx, prefix, edition, limit)
	}
	s.Cards.CardsFn = func(ctx context.Context, f rules.CardFilter) ([]*rules.Card, int, error) {
		s.record("cards %s %d %d", f.Edition, f.Limit, f.Offset)
		return c.CardsFn(ctx, f)
	}
	s.Cards.LookUpCardFn = func(ctx context.Context, id rules.CardIdentifier) (*rules.Card, error) {
		s.record("look up %s", id.Edition)
		return c.LookUpCardFn(ctx, id)
	}
	s.Cards.CardCollectionFn = func(ctx context.Context, ids []rules.CardIdentifier) (*rules.CardCollection, error) {
		s.record("collection of %d", len(ids))
		return c.CardCollectionFn(ctx, ids)
	}
	return s
}

func (s *edgeServices) services() api.Services {
	return api.Services{Reference: s.Reference, Search: s.Search, Cards: s.Cards, Adjudicator: s.Adjudicator}
}

func (s *edgeServices) record(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = append(s.calls, fmt.Sprintf(format, args...))
}

func (s *edgeServices) reset() { s.mu.Lock(); s.calls = nil; s.mu.Unlock() }

func (s *edgeServices) asked() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.calls...)
}

// TestUnknownFieldSameAnswerOnEveryTransport sends adjudication requests
// each with one field no request has (misspelt, or in another case), in the
// board, its locations, the params and a turn's action's params, through
// REST, GraphQL (the request as a literal of the query and as a variable),
// the page's form and the terminal: each refuses it as invalid_request in
// the same sentence, naming the field's full path and the field meant,
// before the adjudicator is asked.
func TestUnknownFieldSameAnswerOnEveryTransport(t *testing.T) {
	svc := newEdgeServices()
	asked := 0
	svc.Adjudicator.AdjudicateFn = func(context.Context, rules.AdjudicationRequest) (*rules.Verdict, error) {
		asked++
		return &rules.Verdict{}, nil
	}
	srv, _ := transports(t, svc)
	mistakes := []struct {
		body, field, meant string
		page               bool // the form has the field: the board and the params are typed in it
	}{
		{`{"edition":"2e","question":"ship.staffed","board":{"personnel":[{"id":"a"},{"id":"b","skils":["Honor"]}]},"params":{"ship":"s"}}`,
			"board.personnel[1].skils", "skills", true},
		{`{"edition":"2e","question":"ship.staffed","board":{"ships":[{"id":"s","at":{"Mission":"m"}}]},"params":{"ship":"s"}}`,
			"board.ships[0].at.Mission", "mission", true},
		{`{"edition":"1e","question":"ship.move","board":{"missions":[{"id":"m","spam":2}]},"params":{"ship":"s","to":"m"}}`,
			"board.missions[0].spam", "span", true},
		{`{"edition":"2e","question":"ship.staffed","board":{},"params":{"shp":"s"}}`,
			"params.shp", "ship", true},
		{`{"edition":"2e","question":"turn.replay","board":{},"params":{"actions":[{"question":"ship.move","params":{"ship":"s","to":"m"}},{"question":"personnel.beam","params":{"Personnel":["a"],"to":"s"}}]}}`,
			"params.actions[1].params.Personnel", "personnel", true},
		{`{"edition":"2e","question":"ship.staffed","bord":{},"params":{"ship":"s"}}`,
			"bord", "board", false},
	}
	for _, m := range mistakes {
		var tree map[string]any
		if err := json.Unmarshal([]byte(m.body), &tree); err != nil {
			t.Fatal(err)
		}
		// The sentence is the decoder's; each transport must give it.
		var req rules.AdjudicationRequest
		want := rules.ErrorMessage(api.DecodeAdjudication([]byte(m.body), &req))
		if !strings.Contains(want, m.meant) {
			t.Fatalf("%s: the decoder says %q", m.field, want)
		}
		check := func(via, code, message, field string, suggestions []string) {
			t.Helper()
			if code != rules.EINVALID || message != want {
				t.Errorf("%s, %s: %s %q\nwant %s %q", m.field, via, code, message, rules.EINVALID, want)
			}
			if field != m.field || !slices.Contains(suggestions, m.meant) {
				t.Errorf("%s, %s: field %q suggestions %v, want %s and %q", m.field, via, field, suggestions, m.field, m.meant)
			}
		}
		asked = 0

		status, body := httpDo(t, srv, "/v1/adjudicate", m.body, nil)
		var rest struct {
			Error struct {
				Code, Message string
				Details       struct {
					Field       string
					Suggestions []string
				}
			}
		}
		if err := json.Unmarshal(body, &rest); err != nil || status != http.StatusBadRequest {
			t.Errorf("%s, REST: %d %s", m.field, status, body)
		}
		check(viaREST, rest.Error.Code, rest.Error.Message, rest.Error.Details.Field, rest.Error.Details.Suggestions)

		for _, q := range []map[string]any{
			{"query": `{ adjudicate(request: ` + graphQLLiteral(tree) + `) { allowed } }`},
			{"query": `query($r: AdjudicationRequest!) { adjudicate(request: $r) { allowed } }`, "variables": map[string]any{"r": tree}},
		} {
			raw, _ := json.Marshal(q)
			_, body := httpDo(t, srv, "/graphql", string(raw), nil)
			var gql struct {
				Errors []struct {
					Message    string
					Extensions struct {
						Code    string
						Details struct {
							Field       string
							Suggestions []string
						}
					}
				}
			}
			if err := json.Unmarshal(body, &gql); err != nil || len(gql.Errors) != 1 {
				t.Errorf("%s, GraphQL: %s", m.field, body)
				continue
			}
			e := gql.Errors[0]
			how := "literal"
			if q["variables"] != nil {
				how = "variable"
			}
			check(viaGraphQL+" "+how, e.Extensions.Code, e.Message, e.Extensions.Details.Field, e.Extensions.Details.Suggestions)
		}

		if m.page {
			board, _ := json.Marshal(tree["board"])
			params, _ := json.Marshal(tree["params"])
			form := url.Values{"edition": {tree["edition"].(string)}, "question": {tree["question"].(string)}, "board": {string(board)}, "params": {string(params)}}
			res, err := srv.Client().PostForm(srv.URL+"/adjudicate", form)
			if err != nil {
				t.Fatal(err)
			}
			page, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusBadRequest || !bytes.Contains(page, []byte(template.HTMLEscapeString(want))) {
				t.Errorf("%s, page: %d, the sentence not shown", m.field, res.StatusCode)
			}
		}

		var out bytes.Buffer
		err := edgeCLI(svc).run(context.Background(), []string{"adjudicate"}, strings.NewReader(m.body), &out, io.Discard)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s, CLI: %v\nwant %q", m.field, err, want)
		}
		if asked > 0 {
			t.Errorf("%s: the adjudicator was asked %d times", m.field, asked)
		}
	}
}

// graphQLLiteral writes a JSON value as a GraphQL input literal.
func graphQLLiteral(v any) string {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = k + ": " + graphQLLiteral(x[k])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = graphQLLiteral(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	raw, _ := json.Marshal(v)
	return string(raw)
}

// TestAdjudicationMistakeSameAnswerOnEveryTransport sends adjudication
// requests the adjudicator cannot judge (an edition or a question that is
// none, a turn's action that is no question) through REST, GraphQL, the
// page's form and the terminal, each answered by the engine: each refuses
// them as unprocessable in the one sentence of the domain's parser, naming
// the field.
func TestAdjudicationMistakeSameAnswerOnEveryTransport(t *testing.T) {
	svc := newEdgeServices()
	// A rulebook of the edition, and no card data: the board is read
	// against the words the rules know.
	adjudicator := engine.New([]rules.Document{{ID: "house-rules-2e", Edition: rules.Edition2E, Kind: rules.DocumentRulebook, Precedence: 1}}, nil, nil)
	svc.Adjudicator.AdjudicateFn = adjudicator.Adjudicate
	srv, _ := transports(t, svc)
	board := `{"missions":[{"id":"m","title":"m","type":"planet","quadrant":"alpha","span":2}],"ships":[{"id":"s","affiliation":"federation","staffing":["command"],"at":{"mission":"m"}}]}`
	_, editionErr := rules.ParseEditionRequired("3e")
	_, questionErr := rules.ParseQuestion("warp.core")
	// A personnel's icon misspelt: the engine reads a board's words once,
	// against the words the rules know, for every transport.
	misspelt := `{"missions":[{"id":"m","title":"m","type":"planet","quadrant":"alpha","span":2}],"ships":[{"id":"s","affiliation":"federation","staffing":["command"],"at":{"mission":"m"}}],` +
		`"personnel":[{"id":"a","affiliation":"federation","icons":["comand"],"at":{"ship":"s"}}]}`
	mistakes := []struct {
		edition, question, params string
		field, message            string
		board                     string // the board above when ""
	}{
		{"3e", "ship.staffed", `{"ship":"s"}`, "edition", rules.ErrorMessage(editionErr), ""},
		{"2e", "ship.staffed", `{"ship":"s"}`, "board.personnel[0].icons[0]", `"comand" is not an icon the rules or the card data know: did you mean "command"?`, misspelt},
		{"2e", "warp.core", `{"ship":"s"}`, "question", rules.ErrorMessage(questionErr), ""},
		{"2e", "turn.replay", `{"actions":[{"question":"warp.core","params":{"ship":"s","to":"m"}}]}`, "params.actions[0].question", rules.ErrorMessage(questionErr), ""},
		{"2e", "ship.staffed", `{"ship":"s\u202e"}`, "params.ship", rules.ErrorMessage(rules.TextRefused("params.ship", "params.ship")), ""},
		{"2e", "card.play", `{"card":"Worf\u0000"}`, "params.card", rules.ErrorMessage(rules.TextRefused("params.card", "params.card")), ""},
		{"2e", "card.play", `{"card":"Worf\udc00"}`, "params.card", rules.ErrorMessage(rules.TextRefused("params.card", "params.card")), ""},
	}
	for _, m := range mistakes {
		board := cmp.Or(m.board, board)
		body := fmt.Sprintf(`{"edition":%q,"question":%q,"board":%s,"params":%s}`, m.edition, m.question, board, m.params)
		name := m.field + " " + m.edition + " " + m.question

		status, out := httpDo(t, srv, "/v1/adjudicate", body, nil)
		var rest struct {
			Error struct {
				Code, Message string
				Details       map[string]any
			}
		}
		if err := json.Unmarshal(out, &rest); err != nil || status != http.StatusUnprocessableEntity ||
			rest.Error.Code != rules.EUNPROCESSABLE || rest.Error.Message != m.message || rest.Error.Details["field"] != m.field {
			t.Errorf("%s, REST: %d %s\nwant 422 %q naming %s", name, status, out, m.message, m.field)
		}

		var tree any
		if err := json.Unmarshal([]byte(body), &tree); err != nil {
			t.Fatal(err)
		}
		raw, _ := json.Marshal(map[string]any{"query": `{ adjudicate(request: ` + graphQLLiteral(tree) + `) { allowed } }`})
		_, out = httpDo(t, srv, "/graphql", string(raw), nil)
		var gql struct {
			Errors []struct {
				Message    string
				Extensions struct {
					Code    string
					Details map[string]any
				}
			}
		}
		if err := json.Unmarshal(out, &gql); err != nil || len(gql.Errors) != 1 || gql.Errors[0].Extensions.Code != rules.EUNPROCESSABLE ||
			gql.Errors[0].Message != m.message || gql.Errors[0].Extensions.Details["field"] != m.field {
			t.Errorf("%s, GraphQL: %s\nwant unprocessable %q naming %s", name, out, m.message, m.field)
		}

		form := url.Values{"edition": {m.edition}, "question": {m.question}, "board": {board}, "params": {m.params}}
		res, err := srv.Client().PostForm(srv.URL+"/adjudicate", form)
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusUnprocessableEntity || !bytes.Contains(page, []byte(template.HTMLEscapeString(m.message))) {
			t.Errorf("%s, page: %d, the sentence not shown", name, res.StatusCode)
		}

		err = edgeCLI(svc).run(context.Background(), []string{"adjudicate"}, strings.NewReader(body), io.Discard, io.Discard)
		if err == nil || !strings.HasPrefix(err.Error(), m.message) {
			t.Errorf("%s, CLI: %v\nwant %q", name, err, m.message)
		}
	}
}
