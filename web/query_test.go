package web

import (
	"encoding/json"
	"html/template"
	"net/http"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

// TestPagesReadTheirQueryStringsStrictly sends every page, and every JSON
// answer of the pages, a parameter it does not take (misspelt, in another
// case, a cache-buster) and one of its own twice: each answers 400 naming
// it, as the /v1 routes do, a page in its HTML (the sentence in an alert,
// the address corrected linked), a JSON answer in the API's JSON, before
// any service is asked; and each still answers its own parameters, empty
// ones too (the search form sends every filter).
func TestPagesReadTheirQueryStringsStrictly(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	for _, c := range []struct {
		path, want, fix string
		json            bool
	}{
		{"/?q=stopped&limt=3", `Unknown query parameter "limt", which this route does not take; it takes q, edition, kind, document, offset.`, "", false},
		{"/?q=stopped&editon=2e", `Unknown query parameter "editon": did you mean "edition"?`, "/?q=stopped&amp;edition=2e", false},
		{"/?Q=stopped", `Unknown query parameter "Q": did you mean "q"?`, "/?q=stopped", false},
		{"/?q=stopped&q=mirror", `The q parameter is given twice: give it once.`, "/?q=stopped", false},
		{"/?q=stopped&_=1712", `Unknown query parameter "_": did you mean "q"?`, "", false}, // as /v1/search answers it; no link gives q twice
		{"/entries/2e-rulebook.glossary.stopped?crad=Worf", `Unknown query parameter "crad": did you mean "card"?`, "/entries/2e-rulebook.glossary.stopped?card=Worf", false},
		{"/documents?utm_source=x", `Unknown query parameter "utm_source", which this route does not take; it takes none.`, "", false},
		{"/documents/2e-rulebook?q=x", `Unknown query parameter "q", which this route does not take; it takes none.`, "", false},
		{"/cards/named?fuzy=worf", `Unknown query parameter "fuzy": did you mean "fuzzy"?`, "/cards/named?fuzzy=worf", false},
		{"/cards/named?fuzzy=worf&edition=2e&edition=1e", `The edition parameter is given twice: give it once.`, "/cards/named?fuzzy=worf&amp;edition=2e", false},
		{"/cards/2e-1-1?ref=x", `Unknown query parameter "ref", which this route does not take; it takes asked, match.`, "", false},
		{"/adjudicate?sampel=turn-replay", `Unknown query parameter "sampel": did you mean "sample"?`, "/adjudicate?sample=turn-replay", false},
		{"/suggest?q=wor&kinds=card", `Unknown query parameter "kinds": did you mean "kind"?`, "", true},
		// Its values too, as every transport reads them: never either
		// edition for one that is none.
		{"/suggest?q=wor&kind=card&edition=3e", `Unknown edition "3e": use "1e" or "2e".`, "", true},
		{"/suggest?q=wor&kind=cards", `Unknown kind "cards": use section, glossary, ruling or card.`, "", true},
		{"/suggest?q=wor%07", `The q parameter holds a control character, a bidirectional control or invalid UTF-8.`, "", true},
		{"/embed/card?nam=worf", `Unknown query parameter "nam": did you mean "name"?`, "", true},
		// The values the pages send one another, read as every transport
		// reads them: a match that is no loose one, a name holding a
		// control character (each was shown without a word, or clipped).
		{"/cards/2e-1-1?asked=Scout+Vesel&match=exact", `Unknown match "exact": a card page says how a name matched loosely, fuzzy or other-edition.`, "", false},
		{"/cards/2e-1-1?asked=Scout%07&match=fuzzy", `The asked parameter holds a control character, a bidirectional control or invalid UTF-8.`, "", false},
		{"/entries/2e-rulebook.glossary.stopped?card=Worf%E2%80%AE", `The card parameter holds a control character, a bidirectional control or invalid UTF-8.`, "", false},
		{"/oembed?url=x&format=json&maxwidht=300", `Unknown query parameter "maxwidht": did you mean "maxwidth"?`, "", true},
	} {
		r := get(t, srv, c.path)
		if r.status != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", c.path, r.status)
			continue
		}
		if c.json {
			var e struct {
				Error struct {
					Code, Message string
					Details       map[string]any
				}
			}
			if err := json.Unmarshal([]byte(r.body), &e); err != nil || e.Error.Code != "invalid_request" || e.Error.Message != c.want || e.Error.Details["field"] == nil {
				t.Errorf("%s: %s\nwant invalid_request %q naming the field", c.path, r.body, c.want)
			}
			continue
		}
		if !strings.Contains(r.body, `<p class="notice" role="alert">`+template.HTMLEscapeString(c.want)+`</p>`) {
			t.Errorf("%s: the page does not say %q in an alert:\n%s", c.path, c.want, bodyAround(r.body, "notice"))
		}
		if c.fix != "" && !strings.Contains(r.body, `href="`+c.fix+`"`) {
			t.Errorf("%s: no link to %s:\n%s", c.path, c.fix, bodyAround(r.body, "Did you mean"))
		}
		if c.fix == "" && strings.Contains(r.body, "Did you mean") {
			t.Errorf("%s: a link to an address that is refused too:\n%s", c.path, bodyAround(r.body, "Did you mean"))
		}
	}
	for _, path := range []string{"/?q=stopped&edition=&kind=&document=", "/?q=stopped&offset=10", "/cards/named?fuzzy=fast&edition=2e", "/adjudicate?sample=turn-replay", "/suggest?q=wor&kind=card&edition=2e", "/documents"} {
		if r := get(t, srv, path); r.status == http.StatusBadRequest {
			t.Errorf("%s: %d", path, r.status)
		}
	}
}

// TestEveryPageRouteDeclaresItsParameters holds the declared lists to the
// routes: every route the pages register that reads a query has its list,
// and every list a route.
func TestEveryPageRouteDeclaresItsParameters(t *testing.T) {
	e := echo.New()
	New(fullConfig()).Register(e)
	assets := map[string]bool{"/static/*": true, "/embed.js": true, "/favicon.ico": true, "/robots.txt": true}
	routes := map[string]bool{}
	for _, r := range e.Routes() {
		if r.Method == echo.RouteNotFound || assets[r.Path] || r.Method == http.MethodHead {
			continue
		}
		key := r.Method + " " + r.Path
		routes[key] = true
		if _, ok := pageParams[key]; !ok {
			t.Errorf("%s declares no query parameters", key)
		}
	}
	for key := range pageParams {
		if !routes[key] {
			t.Errorf("%s is declared but no route", key)
		}
	}
}

func bodyAround(s, w string) string {
	i := strings.Index(s, w)
	if i < 0 {
		return ""
	}
	return s[i:min(len(s), i+300)]
}

// TestARulingLandedOnByANameSaysHowTheNameFitIt: /cards/named sends a name
// no card has to the ruling or glossary entry titled with it, or (a typo
// read as the title) near it; the entry says which, never landing on it
// without a word.
func TestARulingLandedOnByANameSaysHowTheNameFitIt(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	for path, want := range map[string]string{
		"/entries/2e-rulebook.glossary.stopped?card=Stopped": "No card of the card data is named “Stopped”: this glossary is titled so.",
		"/entries/2e-rulebook.glossary.stopped?card=Stoped":  "No card of the card data is named “Stoped”: this glossary’s title, “Stopped”, is the nearest.",
	} {
		if r := get(t, srv, path); r.status != 200 || !strings.Contains(r.body, want) {
			t.Errorf("%s: %d, want %q:\n%s", path, r.status, want, bodyAround(r.body, "No card"))
		}
	}
	if r := get(t, srv, "/entries/2e-rulebook.glossary.stopped"); strings.Contains(r.body, "No card of the card data") {
		t.Error("an entry reached without a name says it was looked up by one")
	}
}

// TestAnIdHoldingAControlIsRefusedOnEveryPage: a page's path id is read as
// every transport reads an id (rules.ParseID): refused naming it, titled as
// the request's mistake, never looked up and echoed as an id not found.
func TestAnIdHoldingAControlIsRefusedOnEveryPage(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	for _, path := range []string{"/cards/2e-1-1%E2%80%AE", "/entries/2e-rulebook.glossary.stopped%07", "/documents/2e-rulebook%E2%80%AE", "/embed/cards/2e-1-1%07"} {
		r := get(t, srv, path)
		if r.status != 400 || !strings.Contains(r.body, "The id holds a control character, a bidirectional control or invalid UTF-8.") || strings.Contains(r.body, "not found") {
			t.Errorf("%s: %d\n%s", path, r.status, bodyAround(r.body, "<title>"))
		}
	}
}
