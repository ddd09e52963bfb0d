package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// rawGet asks without the client's transparent gzip, with the headers given.
func rawGet(t *testing.T, url string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	tr := &http.Transport{DisableCompression: true}
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

func gunzip(t *testing.T, b []byte) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func TestAssetsAreVersionedGzippedAndCachedForAYear(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	page := get(t, srv, "/entries/2e-rulebook.glossary.stopped")
	links := regexp.MustCompile(`/static/(site\.(?:css|js))\?v=([0-9a-f]{12})`).FindAllStringSubmatch(page.body, -1)
	if len(links) != 2 {
		t.Fatalf("the page links %d versioned assets, want the style sheet and the script: %v", len(links), links)
	}
	for _, l := range links {
		resp, body := rawGet(t, srv.URL+l[0], map[string]string{"Accept-Encoding": "gzip"})
		if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != cacheImmutable || resp.Header.Get("Content-Encoding") != "gzip" {
			t.Errorf("%s: %d %v", l[0], resp.StatusCode, resp.Header)
		}
		if text := gunzip(t, body); len(text) < 1000 {
			t.Errorf("%s: %d bytes unzipped", l[0], len(text))
		}
		etag := resp.Header.Get("ETag")
		again, _ := rawGet(t, srv.URL+l[0], map[string]string{"If-None-Match": etag})
		if again.StatusCode != http.StatusNotModified {
			t.Errorf("%s with its ETag: %d, want 304", l[0], again.StatusCode)
		}
		plain, body := rawGet(t, srv.URL+"/static/"+l[1], nil)
		if plain.Header.Get("Content-Encoding") != "" || plain.Header.Get("Cache-Control") != cacheShort || len(body) < 1000 {
			t.Errorf("unversioned %s: %v, %d bytes", l[1], plain.Header, len(body))
		}
	}
	ico, body := rawGet(t, srv.URL+"/favicon.ico", nil)
	if ico.StatusCode != 200 || ico.Header.Get("Content-Type") != "image/x-icon" || !bytes.HasPrefix(body, []byte{0, 0, 1, 0}) {
		t.Errorf("favicon: %d %v % x", ico.StatusCode, ico.Header, body[:min(8, len(body))])
	}
	robots := get(t, srv, "/robots.txt")
	if robots.status != 200 || !strings.HasPrefix(robots.header.Get("Content-Type"), "text/plain") || !strings.Contains(robots.body, "Disallow: /v1/") {
		t.Errorf("robots.txt: %d %v %q", robots.status, robots.header, robots.body)
	}
}

func TestPagesAreGzippedForClientsThatTakeIt(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	for _, p := range []string{"/", "/entries/2e-rulebook.glossary.stopped", "/adjudicate", "/embed.js"} {
		resp, body := rawGet(t, srv.URL+p, map[string]string{"Accept-Encoding": "gzip, deflate"})
		if resp.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(resp.Header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("%s: not gzipped: %v", p, resp.Header)
			continue
		}
		if text := gunzip(t, body); !strings.Contains(text, "<html") && !strings.Contains(text, "currentScript") {
			t.Errorf("%s unzipped: %.200s", p, text)
		}
		plain, body := rawGet(t, srv.URL+p, nil)
		if plain.Header.Get("Content-Encoding") != "" || len(body) == 0 {
			t.Errorf("%s without Accept-Encoding: %v", p, plain.Header)
		}
	}
}

func TestPagesCarryADescriptionAndSharingMetadata(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	for path, want := range map[string][]string{
		"/":                                     {`<meta name="description" content="Search every rulebook section`, `<meta property="og:title" content="Search the rules">`, `<link rel="icon" href="/favicon.ico"`},
		"/entries/2e-rulebook.glossary.stopped": {`<meta name="description" content="A stopped card cannot move or attempt a mission until your next turn begins.`, `<meta property="og:url" content="http://`},
		"/cards/2e-1-1":                         {`<meta name="description" content="Scout Vessel: Second Edition Ship Federation.`, `<meta property="og:image" content="https://images.example.test/scout.jpg">`},
		"/documents/2e-rulebook":                {`<meta name="description" content="Contents of the Second Edition Rulebook`},
		"/?q=stopped&kind=glossary&offset=10":   {`<link rel="canonical" href="http://`, `/?q=stopped">`},
		"/entries/no-such-entry":                {`<meta name="robots" content="noindex">`},
	} {
		r := get(t, srv, path)
		checkPage(t, r, r.status, want, nil)
	}
}

func TestEveryPageButTheSearchHasTheSearchBoxInItsHeader(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	for _, p := range []string{"/entries/2e-rulebook.glossary.stopped", "/cards/2e-1-1", "/adjudicate", "/documents", "/documents/2e-rulebook", "/entries/nope"} {
		r := get(t, srv, p)
		if !strings.Contains(r.body, `<form class="topsearch" action="/" method="get" role="search"`) || strings.Count(r.body, `id="q"`) != 1 ||
			!strings.Contains(r.body, `aria-keyshortcuts="/"`) || !strings.Contains(r.body, "data-suggest") {
			t.Errorf("%s has no header search box", p)
		}
	}
	home := get(t, srv, "/?q=stopped")
	if strings.Contains(home.body, `class="topsearch"`) || strings.Count(home.body, `id="q"`) != 1 {
		t.Error("the search page has two search boxes")
	}
}
