package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// TestSearchReadingSameOnEveryTransport asks the real search index the same
// words through REST, GraphQL, the search page, the terminal and Discord's
// /rule: each says how the search read a word it read as another, in the
// same words, and none says anything of a query read as typed.
func TestSearchReadingSameOnEveryTransport(t *testing.T) {
	real, err := testCLI(t).build(context.Background(), config{Corpus: testcorpus.Dir(t)})
	if err != nil {
		t.Fatal(err)
	}
	svc := newEdgeServices()
	svc.Search.SearchFn = real.services.Search.Search
	srv, sign := transports(t, svc)
	for _, c := range []struct {
		q    string
		want []rules.WordReading
	}{
		{"stoped personnel", []rules.WordReading{{Typed: "stoped", As: "stopped", Why: rules.ReadTypo}}},
		{"stopped personnel", nil},
	} {
		sentence := rules.ShowingResultsFor(c.want)
		t.Run(c.q, func(t *testing.T) {
			_, body := httpDo(t, srv, "/v1/search?limit=3&q="+url.QueryEscape(c.q), "", nil)
			var rest rules.SearchResult
			if err := json.Unmarshal(body, &rest); err != nil {
				t.Fatalf("%s", body)
			}
			if !slices.Equal(rest.ReadAs, c.want) || c.want == nil && bytes.Contains(body, []byte(`"readAs"`)) {
				t.Errorf("REST readAs %+v, want %+v", rest.ReadAs, c.want)
			}

			q, _ := json.Marshal(map[string]any{"query": `query($q: String!) { search(q: $q, first: 3) { readAs { typed as why } } }`, "variables": map[string]string{"q": c.q}})
			_, body = httpDo(t, srv, "/graphql", string(q), nil)
			var gql struct {
				Data struct {
					Search struct{ ReadAs []rules.WordReading }
				}
			}
			if err := json.Unmarshal(body, &gql); err != nil {
				t.Fatalf("%s", body)
			}
			if got := gql.Data.Search.ReadAs; len(got) != len(c.want) || len(got) > 0 && !slices.Equal(got, c.want) {
				t.Errorf("GraphQL readAs %+v, want %+v", got, c.want)
			}

			_, page := httpDo(t, srv, "/?q="+url.QueryEscape(c.q), "", nil)
			text := pageText(string(page))
			if sentence != "" && !strings.Contains(text, sentence) || sentence == "" && strings.Contains(text, "Showing results for") {
				t.Errorf("page %q, want %q", excerptAround(text, "Showing"), sentence)
			}

			var out bytes.Buffer
			if err := edgeCLI(svc).run(context.Background(), []string{"search", "--limit", "3", c.q}, strings.NewReader(""), &out, io.Discard); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(out.String(), "\n")
			if sentence != "" && (len(lines) < 2 || lines[1] != sentence) || sentence == "" && strings.Contains(out.String(), "Showing results for") {
				t.Errorf("terminal:\n%s\nwant the second line %q", out.String(), sentence)
			}

			d := discordAsk(t, srv, sign, sending{via: viaDiscord, what: "rule", opts: map[string]string{"question": c.q}})
			if d.Data.Content != sentence {
				t.Errorf("Discord says %q, want %q", d.Data.Content, sentence)
			}
		})
	}
}

// pageText is a page's text, its tags left out.
func pageText(html string) string {
	var b strings.Builder
	in := false
	for _, r := range html {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func excerptAround(s, w string) string {
	i := strings.Index(s, w)
	if i < 0 {
		return ""
	}
	return s[i:min(len(s), i+120)]
}
