package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/cache"
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

// A search says how it read a word it read as another, computed or from the
// response cache alike, in the JSON encoding/json writes; a query read as
// typed has no readAs at all.
func TestSearchSaysHowItReadTheQuery(t *testing.T) {
	lru, err := cache.NewLRU(100, 1<<20, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	srv := newServerWith(t, api.Config{Responses: cache.NewResponses(lru, time.Minute, 0)})
	for _, c := range []struct {
		q    string
		want []rules.WordReading
	}{
		{"stoped+personnel", []rules.WordReading{{Typed: "stoped", As: "stopped", Why: rules.ReadTypo}}},
		{"stopped+personnel", nil},
	} {
		for _, cached := range []string{"MISS", "HIT"} {
			res, err := http.Get(srv.URL + "/v1/search?q=" + c.q)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK || res.Header.Get("X-Cache") != cached {
				t.Fatalf("%s: status %d, X-Cache %q, want %s", c.q, res.StatusCode, res.Header.Get("X-Cache"), cached)
			}
			var r rules.SearchResult
			if err := json.Unmarshal(body, &r); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(r.ReadAs, c.want) {
				t.Errorf("%s (%s): readAs %+v, want %+v", c.q, cached, r.ReadAs, c.want)
			}
			if c.want == nil && bytes.Contains(body, []byte(`"readAs"`)) {
				t.Errorf("%s (%s): %.300s: want no readAs", c.q, cached, body)
			}
		}
	}
}
