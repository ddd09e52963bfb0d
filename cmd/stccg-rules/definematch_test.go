package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/url"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/corpus"
	"github.com/stccg/stccg-rules/internal/library"
	"github.com/stccg/stccg-rules/internal/rules"
)

// TestDefineMatchSameOnEveryTransport defines terms of a small library of
// its own through REST, GraphQL, the home page, the terminal and Discord's
// /define: a definition that is not the term itself (a See entry followed,
// a section standing in, a title holding the term) says how it matched, in
// the same words on each; a title that is the term says nothing more.
func TestDefineMatchSameOnEveryTransport(t *testing.T) {
	docs := []rules.Document{{ID: "book-2e", Title: "Book", Edition: "2e", Kind: rules.DocumentRulebook, Precedence: 1}}
	mk := func(kind, title, text string, see ...string) *rules.Entry {
		return &rules.Entry{ID: rules.EntryID("book-2e", kind, title), Kind: kind, Title: title, DocumentID: "book-2e", Edition: "2e", Text: text, SeeAlso: see, Path: []string{title}}
	}
	dock := mk(rules.KindGlossary, "docking bay", "Where a ship rests between orders.")
	entries := []*rules.Entry{
		dock,
		mk(rules.KindGlossary, "berth", "See docking bay.", dock.ID),
		mk(rules.KindSection, "ORDER – HAIL A STARBASE", "Hail the starbase when docked."),
		mk(rules.KindSection, "STARBASE UPKEEP", "Pay the upkeep each turn."),
	}
	lib := library.New(docs, entries)
	svc := newEdgeServices()
	svc.Reference.DefineFn = lib.Define
	svc.Reference.DocumentsFn = lib.Documents
	srv, sign := transports(t, svc)
	cl := edgeCLI(svc)
	cl.load = func(context.Context, string) (*corpus.Corpus, error) {
		return &corpus.Corpus{Documents: docs, Entries: entries}, nil
	}
	for _, c := range []struct{ term, title, match, seeFrom string }{
		{"docking bays", "docking bay", rules.DefineExact, ""},
		{"berth", "docking bay", rules.DefineSee, "berth"},
		{"hail a starbase", "ORDER – HAIL A STARBASE", rules.DefineSection, ""},
		{"upkeep", "STARBASE UPKEEP", rules.DefinePartial, ""},
	} {
		phrase := rules.DefineMatchPhrase(&rules.Entry{Match: c.match, SeeFrom: &rules.EntryRef{Title: c.seeFrom}})
		t.Run(c.term, func(t *testing.T) {
			_, body := httpDo(t, srv, "/v1/define?term="+url.QueryEscape(c.term), "", nil)
			var rest struct{ Data []rules.Entry }
			if err := json.Unmarshal(body, &rest); err != nil || len(rest.Data) != 1 {
				t.Fatalf("%s", body)
			}
			from := ""
			if rest.Data[0].SeeFrom != nil {
				from = rest.Data[0].SeeFrom.Title
			}
			if e := rest.Data[0]; e.Title != c.title || e.Match != c.match || from != c.seeFrom {
				t.Errorf("REST %q match %q seeFrom %q, want %q %q %q", e.Title, e.Match, from, c.title, c.match, c.seeFrom)
			}

			q, _ := json.Marshal(map[string]any{"query": `query($t: String!) { define(term: $t) { edges { node { title match seeFrom { title } } } } }`, "variables": map[string]string{"t": c.term}})
			_, body = httpDo(t, srv, "/graphql", string(q), nil)
			var gql struct {
				Data struct {
					Define struct {
						Edges []struct {
							Node struct {
								Title, Match string
								SeeFrom      *struct{ Title string }
							}
						}
					}
				}
			}
			if err := json.Unmarshal(body, &gql); err != nil || len(gql.Data.Define.Edges) != 1 {
				t.Fatalf("%s", body)
			}
			n := gql.Data.Define.Edges[0].Node
			gfrom := ""
			if n.SeeFrom != nil {
				gfrom = n.SeeFrom.Title
			}
			if n.Match != c.match || gfrom != c.seeFrom {
				t.Errorf("GraphQL match %q seeFrom %q, want %q %q", n.Match, gfrom, c.match, c.seeFrom)
			}

			_, page := httpDo(t, srv, "/?q="+url.QueryEscape(c.term), "", nil)
			text := pageText(string(page))
			if !strings.Contains(text, "Definition of") {
				t.Fatalf("page has no definition: %s", excerptAround(text, "Definition"))
			}

			var out bytes.Buffer
			if err := cl.run(context.Background(), []string{"define", c.term}, strings.NewReader(""), &out, io.Discard); err != nil {
				t.Fatal(err)
			}
			first, _, _ := strings.Cut(out.String(), "\n")

			d := discordAsk(t, srv, sign, sending{via: viaDiscord, what: "define", opts: map[string]string{"term": c.term}})
			raw, _ := json.Marshal(d.Data)

			if c.match == rules.DefineExact {
				if phrase != "" || strings.Contains(first, "(a section") || strings.Contains(first, "(followed") || strings.Contains(text, "(a section") || strings.Contains(text, "(followed") || bytes.Contains(raw, []byte("Matched")) {
					t.Errorf("an exact definition says it matched loosely: terminal %q, page %q, Discord %s", first, excerptAround(text, "Definition"), raw)
				}
				return
			}
			if !strings.Contains(text, phrase) {
				t.Errorf("page %q, want %q", excerptAround(text, "Definition"), phrase)
			}
			if !strings.HasSuffix(first, phrase) {
				t.Errorf("terminal %q, want it to end with %q", first, phrase)
			}
			if !bytes.Contains(raw, []byte(strings.Trim(phrase, "()"))) {
				t.Errorf("Discord %s, want %q", raw, strings.Trim(phrase, "()"))
			}
		})
	}
}
