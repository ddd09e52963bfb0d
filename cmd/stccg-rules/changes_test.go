package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// changesCounts is an answer's comparisons as the transports must agree on
// them: each version's id, documents, governing document and counts.
func changesCounts(ch rules.EntryChanges) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s governing=%v total=%d", ch.ID, ch.Governing, ch.Total)
	for _, v := range ch.Versions {
		g := "-"
		if v.Governing != nil {
			g = *v.Governing
		}
		fmt.Fprintf(&b, "\n  %s %s->%s governs=%s %+v same=%v %q rows=%d", v.Entry.ID, v.Older, v.Newer, g, v.Counts, v.Same, v.Summary, len(v.Rows))
	}
	return b.String()
}

// TestChangesSameOnEveryTransport compares entries of the real corpus with
// their versions through REST (GET /v1/entries/{id}/changes), GraphQL
// (Entry.changes), the terminal (changes --json, and define's line) and
// Discord's /define: the same documents, the same governing one and the
// same counts on each. The entries are, for each document, the first that
// has a version in another document of its edition.
func TestChangesSameOnEveryTransport(t *testing.T) {
	ctx := context.Background()
	cl := testCLI(t)
	a, err := cl.build(ctx, config{Corpus: testcorpus.Dir(t)})
	if err != nil {
		t.Fatal(err)
	}
	srv, sign := transportsOver(t, a.services)
	c, err := testcorpus.Shared()
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]rules.Document{}
	for _, d := range c.Documents {
		docs[d.ID] = d
	}
	var ids []string
	picked := map[string]bool{}
	for _, e := range c.Entries {
		if len(e.Related) > 0 && (e.Kind == rules.KindGlossary || e.Kind == rules.KindRuling) && !picked[e.DocumentID] {
			picked[e.DocumentID] = true
			ids = append(ids, e.ID)
		}
	}
	if len(ids) < 3 {
		t.Fatalf("only %d documents have an entry with versions: %v", len(ids), ids)
	}
	for _, id := range ids {
		t.Run(id, func(t *testing.T) {
			status, body := httpDo(t, srv, "/v1/entries/"+url.PathEscape(id)+"/changes", "", nil)
			var rest rules.EntryChanges
			if err := json.Unmarshal(body, &rest); err != nil || status != 200 {
				t.Fatalf("REST %d %s", status, clip(body))
			}
			want := changesCounts(rest)
			if rest.Total == 0 {
				t.Fatalf("REST compared no version: %s", want)
			}

			q, _ := json.Marshal(map[string]any{"query": `query($id: ID!) { entry(id: $id) { changes { id documentId governing total
				data { entry { id } older newer governing counts { changed added removed same moved punctuation } summary same rows { state text } } } } }`,
				"variables": map[string]string{"id": id}})
			_, body = httpDo(t, srv, "/graphql", string(q), nil)
			var raw struct {
				Data struct {
					Entry struct {
						Changes struct {
							rules.EntryChanges
							Data []rules.VersionChanges `json:"data"`
						}
					}
				}
			}
			if err := json.Unmarshal(body, &raw); err != nil {
				t.Fatalf("GraphQL %s", clip(body))
			}
			g := raw.Data.Entry.Changes.EntryChanges
			g.Versions = raw.Data.Entry.Changes.Data
			if got := changesCounts(g); got != want {
				t.Errorf("GraphQL\n%s\nREST\n%s", got, want)
			}

			var out bytes.Buffer
			if err := cl.run(ctx, []string{"changes", "--json", "--corpus", testcorpus.Dir(t), id}, strings.NewReader(""), &out, io.Discard); err != nil {
				t.Fatal(err)
			}
			var term rules.EntryChanges
			if err := json.Unmarshal(out.Bytes(), &term); err != nil {
				t.Fatalf("terminal %s", clip(out.Bytes()))
			}
			if got := changesCounts(term); got != want {
				t.Errorf("terminal\n%s\nREST\n%s", got, want)
			}

			// /define of the entry's term answers its governing entry
			// with what changed since the version it superseded: the
			// line REST's counts make, as the terminal's define says it.
			e, _ := a.services.Reference.Entry(ctx, id)
			d := discordAsk(t, srv, sign, sending{via: viaDiscord, what: "define", opts: map[string]string{"term": e.Title, "edition": e.Edition}})
			if len(d.Data.Embeds) == 0 {
				t.Fatalf("Discord answered no embed: %+v", d.Data)
			}
			var embed struct {
				Footer struct{ Text string }
				Fields []struct{ Name, Value string }
			}
			if err := json.Unmarshal(d.Data.Embeds[0], &embed); err != nil {
				t.Fatal(err)
			}
			governing := embed.Footer.Text[strings.LastIndex(embed.Footer.Text, " · ")+len(" · "):]
			_, body = httpDo(t, srv, "/v1/entries/"+url.PathEscape(governing)+"/changes", "", nil)
			var gov rules.EntryChanges
			if err := json.Unmarshal(body, &gov); err != nil {
				t.Fatalf("REST %s", clip(body))
			}
			line := ""
			if v := gov.SinceGoverned(); v != nil {
				line = rules.ChangedSinceLine(v, docs[v.Older].Title)
			}
			said := ""
			for _, f := range embed.Fields {
				if f.Name == "What changed" {
					said = f.Value
				}
			}
			if (line == "") != (said == "") || !strings.HasPrefix(said, strings.ReplaceAll(line, "(", "\\(")) && !strings.HasPrefix(said, line) {
				t.Errorf("Discord says %q of %s, REST's counts %q", said, governing, line)
			}
			out.Reset()
			if err := cl.run(ctx, []string{"define", "--corpus", testcorpus.Dir(t), "--edition", e.Edition, e.Title}, strings.NewReader(""), &out, io.Discard); err != nil {
				t.Fatal(err)
			}
			if line != "" && !strings.Contains(out.String(), "  "+line+" (stccg-rules changes "+governing+")") {
				t.Errorf("terminal define says nothing of %q:\n%s", line, clip(out.Bytes()))
			}
			t.Logf("%s", want)
			if line != "" {
				t.Logf("%s: %s", governing, line)
			}
		})
	}
}
