package api_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestSearchSnippetsMarkWithoutEscaping checks that the snippets' <mark>
// tags go out as written in the JSON of a search, not as \u003cmark\u003e,
// cached or not, and that the body is JSON a browser will not sniff.
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
	}
}
