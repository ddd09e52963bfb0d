package main

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"io"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/catalog"
	"github.com/stccg/stccg-rules/internal/library"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/search"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// lanternCatalog is a small catalog of its own: a First Edition rulebook,
// a rulings document held for titles H to Z, and two cards no entry names,
// one titled outside that part (Bright Lantern) and one inside it (Quiet
// Lantern).
func lanternCatalog() *catalog.Catalog {
	docs := []rules.Document{
		{ID: "1e-book", Title: "Lantern Rulebook", Edition: "1e", Kind: rules.DocumentRulebook, Precedence: 1},
		{ID: "1e-rulings", Title: "Lantern Rulings (H-Z)", Edition: "1e", Kind: rules.DocumentRulings, Precedence: 2},
	}
	return catalog.New([]*rules.Card{
		{ID: "1e-1-1", Edition: "1e", Set: "1", Number: "1", Title: "Bright Lantern", Type: "event", GameText: "Glow."},
		{ID: "1e-1-2", Edition: "1e", Set: "1", Number: "2", Title: "Quiet Lantern", Type: "event", GameText: "Hush."},
	}, nil, catalog.WithDocuments(docs))
}

// TestRulingsCoverageSameOnEveryTransport asks each transport for the
// rulings of a card no entry names: outside the part of the rulings held,
// each says they may be missing, in the same sentence; inside it, each
// answers a known none.
func TestRulingsCoverageSameOnEveryTransport(t *testing.T) {
	cat := lanternCatalog()
	svc := newEdgeServices()
	svc.Cards.CardFn = cat.Card
	svc.Cards.LookUpCardFn = cat.LookUpCard
	svc.Cards.CardRulingsFn = cat.CardRulings
	svc.Cards.RulingsCoverageFn = cat.RulingsCoverage
	srv, sign := transports(t, svc)
	for _, c := range []struct {
		id, name string
		complete bool
	}{{"1e-1-1", "Bright Lantern", false}, {"1e-1-2", "Quiet Lantern", true}} {
		t.Run(c.name, func(t *testing.T) {
			cov, err := cat.RulingsCoverage(context.Background(), c.id)
			if err != nil || cov.Complete != c.complete {
				t.Fatalf("%+v %v", cov, err)
			}
			say := cov.NoneSentence()

			_, body := httpDo(t, srv, "/v1/cards/"+c.id+"/rulings", "", nil)
			var rest struct {
				Total    int
				Coverage rules.RulingsCoverage
				Unknown  []string
			}
			if err := json.Unmarshal(body, &rest); err != nil || rest.Total != 0 || rest.Coverage.Complete != c.complete || (rest.Unknown == nil) != c.complete {
				t.Errorf("REST %s", body)
			}

			_, body = httpDo(t, srv, "/graphql", `{"query":"{ card(id: \"`+c.id+`\") { rulingsCoverage { complete missing } } }"}`, nil)
			if !strings.Contains(string(body), `"complete":`+map[bool]string{true: "true", false: "false"}[c.complete]) {
				t.Errorf("GraphQL %s", body)
			}

			_, page := httpDo(t, srv, "/cards/"+c.id, "", nil)
			if text := html.UnescapeString(pageText(string(page))); !strings.Contains(text, say) {
				t.Errorf("page: want %q in %s", say, text)
			}

			var out bytes.Buffer
			if err := edgeCLI(svc).run(context.Background(), []string{"card", c.id}, strings.NewReader(""), &out, io.Discard); err != nil || !strings.Contains(out.String(), say) {
				t.Errorf("terminal: %v %s, want %q", err, out.String(), say)
			}

			d := discordAsk(t, srv, sign, sending{via: viaDiscord, what: "card", opts: map[string]string{"name": c.name}})
			_, got := embedField(t, d, "Rulings and errata")
			if c.complete && got != "" || !c.complete && got != cov.Missing {
				t.Errorf("Discord says %q, want %q", got, cov.Missing)
			}
		})
	}
}

// TestDefineNotHeldSameOnEveryTransport defines, through the search page's
// definition and Discord's /define, a term of a library of its own that
// the part of its rulings held (H-Z) does not cover, and one it does; the
// terminal defines a First Edition term of the corpus outside H-Z.
func TestDefineNotHeldSameOnEveryTransport(t *testing.T) {
	docs := []rules.Document{
		{ID: "1e-book", Title: "Lantern Rulebook", Edition: "1e", Kind: rules.DocumentRulebook, Precedence: 1},
		{ID: "1e-rulings", Title: "Lantern Rulings (H-Z)", Edition: "1e", Kind: rules.DocumentRulings, Precedence: 2},
	}
	entry := func(id, title string) *rules.Entry {
		return &rules.Entry{ID: id, DocumentID: "1e-book", Kind: rules.KindGlossary, Edition: "1e", Title: title, Text: title + " is a word of the game."}
	}
	lib := library.New(docs, []*rules.Entry{entry("1e-book.glossary.beacon", "beacon"), entry("1e-book.glossary.tether", "tether")})
	svc := newEdgeServices().readFrom(lib)
	srv, sign := transports(t, svc)
	for _, c := range []struct {
		term    string
		missing bool
	}{{"beacon", true}, {"tether", false}} {
		gaps := rules.TermNotHeld(rules.NewRulingsSources(docs, nil, nil), "1e", c.term)
		say := rules.NotHeldSentence(gaps)
		if (say != "") != c.missing {
			t.Fatalf("%s: %q", c.term, say)
		}
		_, page := httpDo(t, srv, "/?edition=1e&q="+c.term, "", nil)
		if text := html.UnescapeString(pageText(string(page))); strings.Contains(text, "may be missing") != c.missing || !strings.Contains(text, say) {
			t.Errorf("%s: page %s", c.term, text)
		}
		_, page = httpDo(t, srv, "/entries/1e-book.glossary."+c.term, "", nil)
		if text := html.UnescapeString(pageText(string(page))); strings.Contains(text, "Other entries on this term may be missing") != c.missing || !strings.Contains(text, say) {
			t.Errorf("%s: entry page %s", c.term, text)
		}
		d := discordAsk(t, srv, sign, sending{via: viaDiscord, what: "define", opts: map[string]string{"term": c.term, "edition": "1e"}})
		_, got := embedField(t, d, "May be missing")
		if got != say {
			t.Errorf("%s: Discord says %q, want %q", c.term, got, say)
		}
	}
	out, err := runCmd(t, "", "define", "--corpus", testcorpus.Dir(t), "--edition", "1e", "battle")
	if err != nil || !strings.Contains(out, "entries on this term may be missing: ") || !strings.Contains(out, "H to Z only") {
		t.Errorf("terminal: %v %s", err, out)
	}
	if out, err := runCmd(t, "", "define", "--corpus", testcorpus.Dir(t), "--edition", "2e", "stopped"); err != nil || strings.Contains(out, "may be missing") {
		t.Errorf("terminal, a 2E term: %v %s", err, out)
	}
}

// TestSearchHitNotHeldSameOnEveryTransport searches, on the search page,
// Discord's /rule and the terminal, an index of its own for a glossary term
// that the part of its rulings held (H-Z) does not cover, and one it does:
// the hit says what its entry says of the documents not held, in each
// transport's words for define; a section hit of the same word says nothing.
func TestSearchHitNotHeldSameOnEveryTransport(t *testing.T) {
	docs := []rules.Document{
		{ID: "1e-book", Title: "Lantern Rulebook", Edition: "1e", Kind: rules.DocumentRulebook, Precedence: 1},
		{ID: "1e-rulings", Title: "Lantern Rulings (H-Z)", Edition: "1e", Kind: rules.DocumentRulings, Precedence: 2},
	}
	entry := func(id, kind, title, text string) *rules.Entry {
		return &rules.Entry{ID: id, DocumentID: "1e-book", Kind: kind, Edition: "1e", Title: title, Text: text,
			Paragraphs: []rules.Paragraph{{Anchor: "p1", Text: text}}, Path: []string{title}}
	}
	entries := []*rules.Entry{
		entry("1e-book.glossary.beacon", rules.KindGlossary, "beacon", "A beacon glows over the table."),
		entry("1e-book.glossary.tether", rules.KindGlossary, "tether", "A tether binds two ships."),
	}
	lib := library.New(docs, entries)
	ix, err := search.Build(context.Background(), docs, entries, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ix.Close() })
	svc := newEdgeServices().readFrom(lib)
	svc.Search.SearchFn = ix.Search
	srv, sign := transports(t, svc)
	for _, c := range []struct {
		term    string
		missing bool
	}{{"beacon", true}, {"tether", false}} {
		gaps, err := rules.EntryNotHeld(context.Background(), lib, entries[map[bool]int{true: 0, false: 1}[c.missing]])
		if err != nil {
			t.Fatal(err)
		}
		say := rules.NotHeldSentence(gaps)
		if (say != "") != c.missing {
			t.Fatalf("%s: %q", c.term, say)
		}
		_, page := httpDo(t, srv, "/?edition=1e&q="+c.term, "", nil)
		if text := html.UnescapeString(pageText(string(page))); strings.Contains(text, "Other entries on this term may be missing: "+say) != c.missing {
			t.Errorf("%s: page %s", c.term, text)
		}
		d := discordAsk(t, srv, sign, sending{via: viaDiscord, what: "rule", opts: map[string]string{"question": c.term, "edition": "1e"}})
		title, got := embedField(t, d, "May be missing")
		if title != c.term {
			t.Fatalf("Discord answers %q, want the hit %q", title, c.term)
		}
		if got != say {
			t.Errorf("%s: Discord says %q, want %q", c.term, got, say)
		}
		var out bytes.Buffer
		if err := edgeCLI(svc).run(context.Background(), []string{"search", "--edition", "1e", c.term}, strings.NewReader(""), &out, io.Discard); err != nil ||
			strings.Contains(out.String(), "entries on this term may be missing: "+say+"\n") != c.missing || !strings.Contains(out.String(), "1e-book.glossary."+c.term) {
			t.Errorf("%s: terminal %v %s", c.term, err, out.String())
		}
	}
}

// embedField reads a Discord answer of one embed: its title and the value
// of its field named name ("" when it has none).
func embedField(t *testing.T, d discordAnswer, name string) (title, value string) {
	t.Helper()
	var embed struct {
		Title  string
		Fields []struct{ Name, Value string }
	}
	if len(d.Data.Embeds) != 1 || json.Unmarshal(d.Data.Embeds[0], &embed) != nil {
		t.Fatalf("Discord %+v", d)
	}
	for _, f := range embed.Fields {
		if f.Name == name {
			value = f.Value
		}
	}
	return embed.Title, value
}

// readFrom has the services' reference answer from lib: its terms, its
// documents and its entries.
func (s *edgeServices) readFrom(lib *library.Library) *edgeServices {
	s.Reference.DefineFn = lib.Define
	s.Reference.DocumentsFn = lib.Documents
	s.Reference.EntryFn = lib.Entry
	return s
}
