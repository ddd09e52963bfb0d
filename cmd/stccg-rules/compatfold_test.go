package main

import (
	"context"
	"encoding/json"
	"io"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// TestCompatibilityFormsReadAlikeOnEveryTransport types a text in full-width
// letters and a ligature through every transport that takes a typed text
// (REST, GraphQL, the pages, the terminal, Discord) and checks that the
// service is asked for the text they stand for (rules.FoldCompat), as it is
// asked for the text typed plainly: a search, a definition, a card name
// exactly or fuzzily, an autocompletion and a list of cards by name alike.
func TestCompatibilityFormsReadAlikeOnEveryTransport(t *testing.T) {
	const typed, read = "ｐｉｃａｒｄ　ﬁrst", "picard first"
	svc := newEdgeServices()
	var mu sync.Mutex
	var texts []string
	ask := func(s string) { mu.Lock(); texts = append(texts, s); mu.Unlock() }
	search, define, named, auto, list := svc.Search.SearchFn, svc.Reference.DefineFn, svc.Cards.CardNamedFn, svc.Cards.AutocompleteFn, svc.Cards.CardsFn
	svc.Search.SearchFn = func(ctx context.Context, q rules.SearchQuery) (*rules.SearchResult, error) {
		ask(q.Q)
		return search(ctx, q)
	}
	svc.Reference.DefineFn = func(ctx context.Context, term string, e rules.Edition) ([]*rules.Entry, error) {
		ask(term)
		return define(ctx, term, e)
	}
	svc.Cards.CardNamedFn = func(ctx context.Context, name string, fuzzy bool, e rules.Edition) (*rules.Card, error) {
		ask(name)
		return named(ctx, name, fuzzy, e)
	}
	byID := svc.Cards.CardFn
	svc.Cards.CardFn = func(ctx context.Context, id string) (*rules.Card, error) {
		ask(id) // the terminal tries a name as an id first
		return byID(ctx, id)
	}
	lookUp := svc.Cards.LookUpCardFn
	svc.Cards.LookUpCardFn = func(ctx context.Context, id rules.CardIdentifier) (*rules.Card, error) {
		ask(id.Name)
		return lookUp(ctx, id)
	}
	svc.Cards.AutocompleteFn = func(ctx context.Context, prefix string, e rules.Edition, n int) (*rules.Autocompletion, error) {
		ask(prefix)
		return auto(ctx, prefix, e, n)
	}
	svc.Cards.CardsFn = func(ctx context.Context, f rules.CardFilter) ([]*rules.Card, int, error) {
		ask(f.Q)
		return list(ctx, f)
	}
	srv, sign := transports(t, svc)
	esc := url.QueryEscape(typed)
	for _, s := range []sending{
		{via: viaREST, what: "/v1/search?q=" + esc},
		{via: viaREST, what: "/v1/define?term=" + esc},
		{via: viaREST, what: "/v1/cards/named?fuzzy=" + esc},
		{via: viaREST, what: "/v1/cards/named?exact=" + esc},
		{via: viaREST, what: "/v1/cards/autocomplete?q=" + esc},
		{via: viaREST, what: "/v1/cards?q=" + esc},
		{via: viaGraphQL, what: `{ search(q: "` + typed + `") { totalCount } }`},
		{via: viaGraphQL, what: `{ define(term: "` + typed + `") { totalCount } }`},
		{via: viaGraphQL, what: `{ cardNamed(name: "` + typed + `", fuzzy: true) { id } }`},
		{via: viaGraphQL, what: `{ autocomplete(q: "` + typed + `") { totalCount } }`},
		{via: viaGraphQL, what: `{ cards(q: "` + typed + `") { totalCount } }`},
		{via: viaPage, what: "/?q=" + esc},
		{via: viaPage, what: "/cards/named?fuzzy=" + esc},
		{via: viaPage, what: "/embed/card?name=" + esc},
		{via: viaPage, what: "/suggest?q=" + esc},
		{via: viaCLI, what: "search " + typed},
		{via: viaCLI, what: "card " + typed},
		{via: viaDiscord, what: "rule", opts: map[string]string{"question": typed}},
		{via: viaDiscord, what: "define", opts: map[string]string{"term": typed}},
		{via: viaDiscord, what: "card", opts: map[string]string{"name": typed}},
	} {
		t.Run(s.via+"/"+s.what, func(t *testing.T) {
			mu.Lock()
			texts = nil
			mu.Unlock()
			switch s.via {
			case viaREST, viaPage:
				httpDo(t, srv, s.what, "", nil)
			case viaGraphQL:
				q, _ := json.Marshal(map[string]string{"query": s.what})
				httpDo(t, srv, "/graphql", string(q), nil)
			case viaCLI:
				// One argument, as a shell passes it: its ideographic space
				// is no separator of the shell's.
				cmd, _, _ := strings.Cut(s.what, " ")
				_ = edgeCLI(svc).run(context.Background(), []string{cmd, typed}, strings.NewReader(""), io.Discard, io.Discard)
			case viaDiscord:
				discordAsk(t, srv, sign, s)
			}
			mu.Lock()
			got := slices.Clone(texts)
			mu.Unlock()
			want := read
			if len(got) == 0 || !slices.Contains(got, want) {
				t.Errorf("%s asked the services for %q, want %q", s.via, got, want)
			}
			for _, g := range got {
				if strings.ContainsFunc(g, func(r rune) bool { return r >= 0x80 }) {
					t.Errorf("%s asked for %q, the text as typed, as well", s.via, g)
				}
			}
		})
	}
}
