package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// TestSearchSnippetsMarkWithoutEscaping checks that the snippets' <mark>
// tags go out as written in the JSON of a search, not as \u003cmark\u003e,
// cached or not, in the JSON encoding/json would write.
func TestSearchSnippetsMarkWithoutEscaping(t *testing.T) {
	srv := newServer(t)
	for range 2 { // computed, then from the response cache
		res, err := http.Get(srv.URL + "/v1/search?q=stopped+personnel")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
			t.Fatalf("status %d, Content-Type %q", res.StatusCode, res.Header.Get("Content-Type"))
		}
		if !strings.Contains(string(body), "<mark>") || strings.Contains(string(body), `\u003c`) {
			t.Errorf("body %.300s: want <mark> as written", body)
		}
		// Byte for byte what encoding/json writes of the same answer.
		var r rules.SearchResult
		if err := json.Unmarshal(body, &r); err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(&r); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(body, want.Bytes()) {
			t.Errorf("body:\n%s\nencoding/json:\n%s", body, want.Bytes())
		}
	}
}

// A hit names its best paragraph, an anchor of the entry it is.
func TestSearchHitsNameTheirParagraph(t *testing.T) {
	srv := newServer(t)
	var res rules.SearchResult
	if code := get(t, srv, "/v1/search?q=third+damage+card+destroys+ship&limit=3", &res); code != 200 || len(res.Hits) == 0 {
		t.Fatalf("status %d, %+v", code, res)
	}
	for _, h := range res.Hits {
		if h.Kind == rules.KindCard {
			continue
		}
		var e rules.Entry
		if code := get(t, srv, "/v1/entries/"+h.ID, &e); code != 200 {
			t.Fatalf("entry %s: %d", h.ID, code)
		}
		found := false
		for _, p := range e.Paragraphs {
			found = found || p.Anchor == h.Anchor
		}
		if !found {
			t.Errorf("hit %s anchors %q, none of its paragraphs", h.ID, h.Anchor)
		}
	}
}
