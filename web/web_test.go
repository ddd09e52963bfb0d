package web

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/rules"
)

func newTestServer(t *testing.T, cfg Config) *httptest.Server {
	t.Helper()
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	e := echo.New()
	New(cfg).Register(e)
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	return srv
}

func fullConfig() Config {
	return Config{Reference: newFakeReference(), Search: &fakeSearch{}, Cards: newFakeCards(), Adjudicator: &fakeAdjudicator{}}
}

type response struct {
	status int
	header http.Header
	body   string
}

func get(t *testing.T, srv *httptest.Server, path string) response {
	t.Helper()
	c := srv.Client()
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := c.Get(srv.URL + path)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	return read(t, resp)
}

func postForm(t *testing.T, srv *httptest.Server, path string, form url.Values) response {
	t.Helper()
	resp, err := srv.Client().PostForm(srv.URL+path, form)
	if err != nil {
		t.Fatalf("POST %s: %v", path, err)
	}
	return read(t, resp)
}

func read(t *testing.T, resp *http.Response) response {
	t.Helper()
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("read body: %v", err)
	}
	return response{status: resp.StatusCode, header: resp.Header, body: string(b)}
}

// checkPage asserts the status, that every want fragment is in the body and
// no unwanted one is.
func checkPage(t *testing.T, r response, status int, want, unwanted []string) {
	t.Helper()
	if r.status != status {
		t.Errorf("status = %d, want %d\n%s", r.status, status, r.body)
	}
	for _, w := range want {
		if !strings.Contains(r.body, w) {
			t.Errorf("body lacks %q", w)
		}
	}
	for _, u := range unwanted {
		if strings.Contains(r.body, u) {
			t.Errorf("body has %q", u)
		}
	}
}

// hostile fragments that must never reach a page unescaped.
var hostile = []string{"<script>", "<img src=x", "<b>bold</b>", "<b>markup</b>"}

func TestPagesAnswerWithStatusAndContent(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	tests := []struct {
		name   string
		path   string
		status int
		want   []string
	}{
		{"home has one labelled search box", "/", 200, []string{`<html lang="en">`, `name="viewport"`, `role="search"`, `<label for="q"`, `href="#main"`, `<main id="main"`}},
		{"search shows marked snippets and escapes the rest", "/?q=stopped", 200, []string{"<mark>stopped</mark>", "&lt;script&gt;alert(1)&lt;/script&gt;", "Results 1–2 of 25"}},
		{"search puts the definition on top, governing first", "/?q=Stopped", 200, []string{"Definition of", `class="def governing"`, "until your next turn begins"}},
		{"search links cards to card pages and entries at the answering paragraph", "/?q=fast", 200, []string{`href="/cards/2e-1-1"`, `href="/entries/2e-rulebook.glossary.stopped#p-a-stopped-card-cannot-move-or"`}},
		{"search offers facet links and a next page", "/?q=stopped", 200, []string{`href="/?edition=1e&amp;q=stopped"`, `rel="next"`, `offset=2`}},
		{"search second page has a previous link", "/?q=stopped&offset=10", 200, []string{`rel="prev"`, "Results 11–12 of 25"}},
		{"hostile query is escaped", "/?q=%3Cscript%3Ealert(9)%3C/script%3E", 200, []string{"&lt;script&gt;alert(9)&lt;/script&gt;"}},
		{"unrunnable query is a readable 400", "/?q=a((b", 400, []string{"unclosed bracket"}},
		{"no hits suggests terms", "/?q=nothing", 200, []string{"No results", `href="/?q=stopped"`}},
		{"entry shows breadcrumbs linked to the parent", "/entries/2e-rulebook.section.turn.move-ships", 200, []string{`aria-label="Breadcrumb"`, `href="/entries/2e-rulebook.section.turn"`, "Your Turn", "spends Range"}},
		{"entry anchors each paragraph with a link to it", "/entries/2e-rulebook.glossary.stopped", 200, []string{`<p id="p-a-stopped-card-cannot-move-or" class="para">`, `<a class="copylink" href="#p-stopped-personnel-still-count-for" id="para-2" aria-label="Paragraph 2: copy its link"`}},
		{"entry links the first mention of a glossary term", "/entries/2e-rulebook.section.turn", 200, []string{`A <a class="term" href="/entries/2e-rulebook.glossary.stopped">stopped</a> card sits them out; a stopped ship too.`}},
		{"entry compares other versions sentence by sentence", "/entries/2e-rulebook.glossary.stopped", 200, []string{
			`<p class="diffsum">From 2E Premiere Rules to 2E Rulebook: 1 sentence changed; 1 the same.</p>`,
			`<li class="srow s-changed">`, `<p class="s-older"><span class="s-doc">2E Premiere Rules:</span> A stopped card cannot move or attempt a mission until <del>the end of the</del> turn.</p>`,
			`<p class="s-newer"><span class="s-doc">2E Rulebook:</span> A stopped card cannot move or attempt a mission until <ins>your next</ins> turn <ins>begins.</ins></p>`,
			`<li class="sfold"><details><summary>1 unchanged sentence</summary>`}},
		{"entry lists its sub-sections", "/entries/2e-rulebook.section.turn", 200, []string{"In this section", `href="/entries/2e-rulebook.section.turn.move-ships"`}},
		{"entry shows See links by title and unresolved ones as text", "/entries/2e-rulebook.glossary.stopped", 200, []string{`href="/entries/2e-rulebook.section.turn.move-ships">Move Ships</a>`, "2e-rulebook.glossary.missing"}},
		{"entry marks the governing version of its edition", "/entries/2e-rulebook-premiere.glossary.stopped", 200, []string{`<a href="/entries/2e-rulebook.glossary.stopped">Stopped</a> <span class="doc">2E Rulebook</span> <span class="badge">Governing</span>`}},
		{"entry lists the other edition apart", "/entries/1e-rulebook.glossary.stopped", 200, []string{"In the other edition", `<a href="/entries/2e-rulebook.glossary.stopped">Stopped</a>`}},
		{"entry escapes its own text", "/entries/2e-rulebook.glossary.hostile", 200, []string{"Hostile &lt;script&gt;", "&lt;b&gt;markup&lt;/b&gt;"}},
		{"unknown entry is an HTML 404", "/entries/no-such-entry", 404, []string{"<html", "No such entry", "no-such-entry"}},
		{"card shows statistics, errata side by side and rulings", "/cards/2e-1-1", 200, []string{"Scout Vessel", "<dt>Range</dt><dd>7</dd>", "<del>Science x2</del>", "<ins>Science x3</ins>", "Rulings and errata (1)", `application/json+oembed`}},
		{"card known not unique says so", "/cards/2e-1-1", 200, []string{"<dt>Unique</dt><dd>no</dd>"}},
		{"unique card has the dot", "/cards/2e-1-3", 200, []string{`<span aria-label="unique" title="unique">•</span> Ensign Reed`, "<dt>Unique</dt><dd>yes</dd>"}},
		{"erratum of unknown printed value says so", "/cards/2e-1-4", 200, []string{"<td>not in the card data</td>", "<ins>Physics</ins>"}},
		{"embedded erratum of unknown printed value says so", "/embed/cards/2e-1-4", 200, []string{"requirements: <ins>Physics</ins> (as printed: not in the card data)"}},
		{"card image has alt text", "/cards/2e-1-1", 200, []string{`src="https://images.example.test/scout.jpg" alt="Card image of Scout Vessel"`}},
		{"card title is escaped", "/cards/2e-1-2", 200, []string{"Evil &lt;script&gt;x&lt;/script&gt;"}},
		{"unknown card is an HTML 404", "/cards/2e-99-99", 404, []string{"<html", "No such card"}},
		{"a failing card service is a readable 500 page", "/cards/2e-9-boom", 500, []string{"An internal error occurred."}},
		{"card by fuzzy name redirects to its page", "/cards/named?fuzzy=scout", 302, nil},
		{"ambiguous name offers each card by id", "/cards/named?fuzzy=vessel", 300, []string{"Cards named “vessel”", `href="/cards/2e-1-5">Cargo Vessel</a>`, `href="/cards/1e-1-9">Cargo Vessel</a>`, "First Edition"}},
		{"a name printed in both editions offers both", "/cards/named?exact=Cargo+Vessel", 300, []string{`href="/cards/2e-1-5"`, `href="/cards/1e-1-9"`}},
		{"a name printed in both editions, asked in one, is that card", "/cards/named?exact=Cargo+Vessel&edition=1e", 302, nil},
		// ?exact= is exact, as REST's is: a name no card has so is not
		// found, offering the names near it; ?fuzzy= forgives it.
		{"a name asked exactly that no card has so is not found", "/cards/named?exact=Scout+Ves", 404, []string{"Did you mean", `href="/cards/named?exact=Scout%20Vessel"`}},
		{"the same name asked loosely is its card", "/cards/named?fuzzy=Scout+Ves", 302, nil},
		{"card lists its other versions", "/cards/2e-1-5", 200, []string{"Other versions (1)", `href="/cards/1e-1-9">Cargo Vessel</a>`, "Non-Aligned"}},
		{"documents list", "/documents", 200, []string{`href="/documents/2e-rulebook"`, "Second Edition Rulebook"}},
		{"document contents as a heading tree", "/documents/2e-rulebook", 200, []string{`<li><a href="/entries/2e-rulebook.section.turn">Your Turn</a><ol><li><a href="/entries/2e-rulebook.section.turn.move-ships">Move Ships</a>`, `id="glossary-letter-s"`, `href="#glossary-letter-s"`}},
		{"unknown document is a 404", "/documents/3e-rulebook", 404, []string{"No such document"}},
		{"adjudication form starts from an empty board", "/adjudicate", 200, []string{`<textarea id="board"`, `<label for="board"`, "{&#34;missions&#34;: [], &#34;ships&#34;: [], &#34;personnel&#34;: []}", `value="ship.staffed" selected`, "Nothing yet"}},
		{"adjudication form loads a chosen sample", "/adjudicate?sample=combat", 200, []string{`value="combat" selected`}},
		{"unknown sample is a 404 with the form", "/adjudicate?sample=nope", 404, []string{"no sample named", `<form class="adjudicate"`}},
		{"embedded card page is minimal", "/embed/cards/2e-1-1", 200, []string{`class="embed"`, "Scout Vessel", "1 ruling"}},
		{"embedded card outside the rulings held says its count is not all", "/embed/cards/1e-1-9", 200, []string{"0 rulings <span title=\"Rulings and errata on this card may be missing: Current Rulings (H-Z) is held for titles H to Z only: a ruling on Cargo Vessel would stand in the part not held.\">(not all held)</span>"}},
		{"static style sheet", "/static/site.css", 200, []string{"prefers-color-scheme"}},
		{"missing static file is a 404 page", "/static/nope.css", 404, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := get(t, srv, tc.path)
			checkPage(t, r, tc.status, tc.want, hostile)
			if ct := r.header.Get("Content-Type"); tc.status != 302 && !strings.HasPrefix(tc.path, "/static/site") && !strings.HasPrefix(ct, "text/html") {
				t.Errorf("Content-Type = %q, want text/html", ct)
			}
		})
	}
}

// A Second Edition rulebook never governs a First Edition rule: the 1E
// entry's page marks no version governing, and diffs against none.
func TestEntryOfOneEditionIsNotGovernedByTheOther(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	r := get(t, srv, "/entries/1e-rulebook.glossary.stopped")
	if r.status != 200 || strings.Contains(r.body, `class="badge">Governing`) || strings.Contains(r.body, `class="diff"`) {
		t.Fatalf("status %d, body %s", r.status, r.body)
	}
}

// Where the sources do not say whether a card is unique, the page says
// nothing either way.
func TestCardOfUnknownUniquenessShowsNone(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	r := get(t, srv, "/cards/2e-1-4")
	if r.status != 200 || strings.Contains(r.body, "<dt>Unique</dt>") || strings.Contains(r.body, `aria-label="unique"`) {
		t.Fatalf("status %d, body %s", r.status, r.body)
	}
}

func TestPagesMakeNoRequestsElsewhere(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	ref := regexp.MustCompile(`(?:src|href)="(https?:)?//`)
	for _, p := range []string{"/", "/?q=stopped", "/entries/2e-rulebook.glossary.stopped", "/adjudicate"} {
		r := get(t, srv, p)
		// A page's canonical address is no request.
		body := regexp.MustCompile(`<link rel="canonical" href="[^"]*">`).ReplaceAllString(r.body, "")
		if m := ref.FindString(body); m != "" {
			t.Errorf("%s refers to another host: %s", p, m)
		}
		if csp := r.header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") {
			t.Errorf("%s CSP = %q", p, csp)
		}
	}
}

func TestSearchPassesFiltersAndPage(t *testing.T) {
	cfg := fullConfig()
	fs := cfg.Search.(*fakeSearch)
	srv := newTestServer(t, cfg)
	r := get(t, srv, "/?q=range&edition=2e&kind=section&document=2e-rulebook&offset=20")
	if r.status != 200 {
		t.Fatalf("status %d", r.status)
	}
	want := fs.last
	if want.Q != "range" || want.Edition != "2e" || want.Kind != "section" || want.Document != "2e-rulebook" || want.Offset != 20 || want.Limit != pageSize {
		t.Errorf("query = %+v", want)
	}
	for _, sel := range []string{`<option value="2e" selected>`, `<option value="section" selected>`, `<option value="2e-rulebook" selected>`} {
		if !strings.Contains(r.body, sel) {
			t.Errorf("filter not kept selected: %s", sel)
		}
	}
	// Past the bound, the page says so as the API does, and the index is
	// not asked.
	before := fs.last
	r = get(t, srv, "/?q=range&offset=99999999")
	if r.status != 400 || !strings.Contains(r.body, "offset skips 99999999 items; from 0 to 10000 may be skipped.") || fs.last != before {
		t.Errorf("offset past the bound: status %d, query %+v", r.status, fs.last)
	}
}

func TestAdjudicationFormShowsVerdictOrReadableError(t *testing.T) {
	board := `{"missions":[{"id":"home","span":2}],"ships":[{"id":"cruiser","range":7}],"personnel":[]}`
	tests := []struct {
		name     string
		form     url.Values
		status   int
		want     []string
		question string
	}{
		{"verdict with figures, reasons and citation links",
			url.Values{"edition": {"2e"}, "question": {"ship.move"}, "board": {board}, "params": {`{"ship":"cruiser","to":"nebula"}`}},
			200, []string{"Allowed", "<dt>Range cost</dt><dd>5</dd>", "5 Range; 7 available", `href="/entries/2e-rulebook.section.turn.move-ships#p-each-ship-spends-range-to-move"`, "spends Range to move", "&lt;b&gt;bold&lt;/b&gt;"}, "ship.move"},
		{"unprocessable names the field",
			url.Values{"edition": {"2e"}, "question": {"warp.speed"}, "board": {board}},
			422, []string{`<p class="fielderror" id="question-error">Unknown question`, `aria-invalid="true" aria-errormessage="question-error"`}, "warp.speed"},
		{"malformed board is a 400 that keeps the text",
			url.Values{"edition": {"2e"}, "question": {"ship.move"}, "board": {`{"missions": [}`}},
			400, []string{"The board is not valid JSON", "at character", `aria-invalid="true"`, "{&#34;missions&#34;: [}"}, ""},
		{"params that are not an object",
			url.Values{"edition": {"2e"}, "question": {"ship.move"}, "board": {board}, "params": {`[1,2]`}},
			400, []string{"The params are not a valid JSON object"}, ""},
		{"empty board",
			url.Values{"edition": {"2e"}, "question": {"ship.move"}, "board": {"  "}},
			400, []string{"The board is empty"}, ""},
		{"hostile board text is escaped",
			url.Values{"edition": {"2e"}, "question": {"ship.move"}, "board": {`<script>alert(1)</script>`}},
			400, []string{"&lt;script&gt;alert(1)&lt;/script&gt;"}, ""},
		{"a fault of the adjudicator is not shown and not a 500",
			url.Values{"edition": {"2e"}, "question": {"boom"}, "board": {board}},
			503, []string{"An internal error occurred."}, "boom"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fullConfig()
			fa := cfg.Adjudicator.(*fakeAdjudicator)
			srv := newTestServer(t, cfg)
			r := postForm(t, srv, "/adjudicate", tc.form)
			checkPage(t, r, tc.status, tc.want, append(hostile, "line 12"))
			if fa.last.Question != tc.question {
				t.Errorf("adjudicator asked %q, want %q", fa.last.Question, tc.question)
			}
		})
	}
}

func TestAdjudicationSamplesDecodeAndRoundTrip(t *testing.T) {
	s := New(Config{})
	if len(s.samples) < 3 {
		t.Fatalf("only %d samples", len(s.samples))
	}
	known := map[string]bool{}
	for _, q := range questions {
		known[q.Name] = true
	}
	for _, sm := range s.samples {
		if !known[sm.Request.Question] {
			t.Errorf("sample %s asks unknown question %q", sm.Name, sm.Request.Question)
		}
		req, err := readRequest(sm.Request)
		if err != nil {
			t.Errorf("sample %s is not a request the API reads: %v (%v)", sm.Name, err, rules.ErrorDetails(err))
		}
		if len(req.Board.Missions) == 0 || sm.Label == "" || req.Params == nil {
			t.Errorf("sample %s is incomplete", sm.Name)
		}
	}
	// The form filled from a sample posts back the same request.
	cfg := fullConfig()
	fa := cfg.Adjudicator.(*fakeAdjudicator)
	srv := newTestServer(t, cfg)
	var ap adjudicatePage
	ap.fill(s.samples[0])
	postForm(t, srv, "/adjudicate", url.Values{"edition": {ap.Edition}, "question": {ap.Question}, "board": {ap.Board}, "params": {ap.Params}})
	got, _ := json.Marshal(fa.last.Board)
	want, _ := json.Marshal(s.samples[0].Request.Board)
	if string(got) != string(want) {
		t.Errorf("board round trip:\n got %s\nwant %s", got, want)
	}
}

func TestMissingServicesSayNotAvailable(t *testing.T) {
	srv := newTestServer(t, Config{})
	tests := []struct {
		path   string
		status int
		want   string
	}{
		{"/", 200, "Look up a rule"},
		{"/?q=stopped", 200, "Full-text search is not available"},
		{"/entries/x", 503, "not available"},
		{"/cards/x", 503, "not available"},
		{"/embed/cards/x", 503, "not available"},
		{"/adjudicate", 200, "The adjudicator is not available"},
	}
	for _, tc := range tests {
		r := get(t, srv, tc.path)
		checkPage(t, r, tc.status, []string{tc.want}, nil)
	}
	r := postForm(t, srv, "/adjudicate", url.Values{"board": {"{}"}})
	checkPage(t, r, 503, []string{"The adjudicator is not available"}, nil)
}

func TestEmbedScriptIsServedAsJavaScript(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	r := get(t, srv, "/embed.js")
	checkPage(t, r, 200, []string{"data-stccg-card", "/v1/cards/collection", "data-edition", "currentScript"}, nil)
	if ct := r.header.Get("Content-Type"); ct != "text/javascript; charset=utf-8" {
		t.Errorf("Content-Type = %q", ct)
	}
	if r.header.Get("X-Content-Type-Options") != "nosniff" {
		t.Error("no nosniff")
	}
}

func TestEmbeddedCardMayBeFramedAnywhere(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	r := get(t, srv, "/embed/cards/2e-1-1")
	if xfo := r.header.Get("X-Frame-Options"); xfo != "" {
		t.Errorf("X-Frame-Options = %q on the embeddable card", xfo)
	}
	if csp := r.header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors *") {
		t.Errorf("CSP = %q", csp)
	}
	page := get(t, srv, "/cards/2e-1-1")
	if page.header.Get("X-Frame-Options") != "SAMEORIGIN" {
		t.Errorf("card page X-Frame-Options = %q", page.header.Get("X-Frame-Options"))
	}
}

// A framed card a name found loosely says how, above it, in the card
// page's words; its frame is the taller for it.
func TestTheEmbeddedCardSaysANameMatchedLoosely(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	checkPage(t, get(t, srv, "/embed/cards/2e-1-1?asked=scout&match=fuzzy"), 200,
		[]string{`No card is named “scout” exactly: this is the nearest, Scout Vessel.`, `role="status"`}, nil)
	checkPage(t, get(t, srv, "/embed/cards/2e-1-1"), 200, []string{"Scout Vessel"}, []string{"didyoumean"})
	checkPage(t, get(t, srv, "/embed/cards/2e-1-1?match=maybe&asked=scout"), 400, []string{`Unknown match`}, nil)
	card := newFakeCards().cards["2e-1-1"]
	plain := cardPage{Card: card, Stats: cardStats(card), Face: newCardFace(card)}
	loose := plain
	loose.LookedUp = &lookedUp{Asked: "scout", Match: rules.MatchFuzzy}
	if embedHeightOf(loose, embedWidth) <= embedHeightOf(plain, embedWidth) {
		t.Errorf("the frame of a card with its notice is no taller")
	}
}

func TestOEmbedAnswersRichIframeOrErrors(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	tests := []struct {
		name   string
		query  url.Values
		status int
		want   []string
	}{
		{"card page url", url.Values{"url": {"https://rules.example.test/cards/2e-1-1"}, "format": {"json"}}, 200,
			[]string{`"type":"rich"`, `"version":"1.0"`, `"title":"Scout Vessel"`, `/embed/cards/2e-1-1`, `\u003ciframe`, `"width":360`}},
		{"embed url and max sizes", url.Values{"url": {"http://h.test/embed/cards/2e-1-1"}, "maxwidth": {"300"}, "maxheight": {"200"}}, 200,
			[]string{`"width":300`, `"height":200`}},
		{"xml is not offered", url.Values{"url": {"https://h.test/cards/2e-1-1"}, "format": {"xml"}}, 400, []string{`"code":"invalid_request"`}},
		{"unknown card", url.Values{"url": {"https://h.test/cards/2e-99-99"}, "format": {"json"}}, 404, []string{`"code":"not_found"`}},
		{"not a card page", url.Values{"url": {"https://h.test/entries/x"}}, 404, []string{`"code":"not_found"`}},
		{"not a url", url.Values{"url": {"javascript:alert(1)"}}, 404, []string{`"code":"not_found"`}},
		{"no url", url.Values{}, 404, []string{`"code":"not_found"`}},
		// A bound that is no number, or none, is refused naming it: it
		// was ignored, and the frame answered wider than asked for.
		{"a width that is no number", url.Values{"url": {"https://h.test/cards/2e-1-1"}, "maxwidth": {"3OO"}}, 400,
			[]string{`"code":"invalid_request"`, `maxwidth must be a whole number of pixels, 1 or more; got \"3OO\".`, `"field":"maxwidth"`}},
		{"a height below one", url.Values{"url": {"https://h.test/cards/2e-1-1"}, "maxheight": {"0"}}, 400,
			[]string{`"field":"maxheight"`}},
		{"a url holding a control character", url.Values{"url": {"https://h.test/cards/2e-1-1\x07"}}, 400,
			[]string{`The url parameter holds a control character, a bidirectional control or invalid UTF-8.`, `"field":"url"`}},
		// A card a name found loosely says so: in the title a consumer
		// shows, in match and asked, and in the frame, which carries the
		// name asked and shows the card page's notice.
		{"a name's address read loosely", url.Values{"url": {"https://h.test/cards/named?fuzzy=scout"}}, 200,
			[]string{`"title":"Scout Vessel (the nearest card to “scout”)"`, `"match":"fuzzy"`, `"asked":"scout"`, `/embed/cards/2e-1-1?asked=scout`}},
		{"the card page a loose look-up led to", url.Values{"url": {"https://h.test/cards/2e-1-1?asked=scout&match=fuzzy"}}, 200,
			[]string{`"title":"Scout Vessel (the nearest card to “scout”)"`, `"match":"fuzzy"`, `/embed/cards/2e-1-1?asked=scout`}},
		{"a name's address printed only in the other edition", url.Values{"url": {"https://h.test/cards/named?fuzzy=ensign+reed,+plucky+helmsman&edition=1e"}}, 200,
			[]string{`"title":"Ensign Reed, Plucky Helmsman (printed only in Second Edition)"`, `"match":"other-edition"`}},
		{"a name's address matched exactly", url.Values{"url": {"https://h.test/cards/named?exact=Scout+Vessel"}}, 200,
			[]string{`"title":"Scout Vessel"`, `"match":"exact"`}},
		{"a name several cards fit frames none", url.Values{"url": {"https://h.test/cards/named?fuzzy=vessel"}}, 404,
			[]string{`"code":"ambiguous"`, `"ids":["2e-1-1","2e-1-5","1e-1-9"]`, `"field":"url"`}},
		{"a look-up's match that is none", url.Values{"url": {"https://h.test/cards/2e-1-1?asked=scout&match=maybe"}}, 404,
			[]string{`"code":"invalid_request"`, `Unknown match \"maybe\"`, `"field":"url"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := get(t, srv, "/oembed?"+tc.query.Encode())
			checkPage(t, r, tc.status, tc.want, nil)
			if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("Content-Type = %q", ct)
			}
			if tc.status == 200 {
				var o oembedResponse
				if err := json.Unmarshal([]byte(r.body), &o); err != nil {
					t.Fatal(err)
				}
				if !strings.HasPrefix(o.HTML, `<iframe src="`+srv.URL+`/embed/cards/`) {
					t.Errorf("html = %s", o.HTML)
				}
			}
		})
	}
}

func TestCORSLetsOtherOriginsCallTheAPI(t *testing.T) {
	api := func(c echo.Context) error {
		c.Response().Header().Set("X-RateLimit-Remaining", "9")
		return c.JSON(200, map[string]string{"ok": "yes"})
	}
	group := echo.New()
	g := group.Group("/v1", CORS())
	g.GET("/cards/named", api)
	g.POST("/adjudicate", api)
	global := echo.New()
	global.Use(CORSPaths("/v1/", "/graphql"))
	global.GET("/v1/cards/named", api)
	global.POST("/v1/adjudicate", api)
	global.GET("/", api)

	for name, e := range map[string]*echo.Echo{"group": group, "use": global} {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(e)
			defer srv.Close()
			req, _ := http.NewRequest(http.MethodGet, srv.URL+"/v1/cards/named?fuzzy=x", nil)
			req.Header.Set("Origin", "https://fans.example.test")
			r := read(t, mustDo(t, req))
			if r.header.Get("Access-Control-Allow-Origin") != "*" || r.header.Get("Access-Control-Allow-Credentials") != "" {
				t.Errorf("simple GET headers: %v", r.header)
			}
			if !strings.Contains(r.header.Get("Access-Control-Expose-Headers"), "X-RateLimit-Remaining") ||
				!strings.Contains(r.header.Get("Access-Control-Expose-Headers"), "Retry-After") {
				t.Errorf("expose = %q", r.header.Get("Access-Control-Expose-Headers"))
			}
			pre, _ := http.NewRequest(http.MethodOptions, srv.URL+"/v1/adjudicate", nil)
			pre.Header.Set("Origin", "https://fans.example.test")
			pre.Header.Set("Access-Control-Request-Method", "POST")
			pre.Header.Set("Access-Control-Request-Headers", "content-type")
			p := read(t, mustDo(t, pre))
			if p.status != http.StatusNoContent || !strings.Contains(p.header.Get("Access-Control-Allow-Methods"), "POST") ||
				p.header.Get("Access-Control-Allow-Headers") != "content-type" {
				t.Errorf("preflight: %d %v", p.status, p.header)
			}
		})
	}
	// Outside the prefixes nothing is added.
	srv := httptest.NewServer(global)
	defer srv.Close()
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/", nil)
	req.Header.Set("Origin", "https://fans.example.test")
	if r := read(t, mustDo(t, req)); r.header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("CORS outside the API: %v", r.header)
	}
}

func mustDo(t *testing.T, req *http.Request) *http.Response {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func TestAdjudicationFormBuildsTheBoardACardAtATime(t *testing.T) {
	base := `{"missions":[{"id":"nebula","card":"2e-1-4"}],"ships":[{"id":"scout","card":"2e-1-1","at":{"mission":"nebula"}}]}`
	add := func(board string, extra url.Values) url.Values {
		v := url.Values{"edition": {"2e"}, "question": {"ship.staffed"}, "board": {board}, "params": {`{"ship":"scout"}`}, "action": {"add"}}
		for k, vs := range extra {
			v[k] = vs
		}
		return v
	}
	tests := []struct {
		name   string
		form   url.Values
		status int
		want   []string
	}{
		{"a misspelt personnel goes aboard the ship with an id from its title",
			add(base, url.Values{"add_card": {"ensign ree"}, "add_at": {"scout"}}), 200,
			[]string{"Added Ensign Reed, Plucky Helmsman (2e-1-3) as personnel &#34;ensign-reed&#34;, yours aboard Scout Vessel.",
				"&#34;personnel&#34;: [", "&#34;card&#34;: &#34;2e-1-3&#34;", "&#34;ship&#34;: &#34;scout&#34;", `value="scout"`}},
		{"an empty board starts with the first card",
			add("", url.Values{"add_card": {"chart the nebula"}, "add_id": {"m1"}, "add_owner": {"opponent"}}), 200,
			[]string{"as mission &#34;m1&#34;, your opponent&#39;s.", "&#34;owner&#34;: &#34;opponent&#34;"}},
		{"a second copy gets the next free id",
			add(`{"missions":[{"id":"chart-the-nebula","card":"2e-1-4"}]}`, url.Values{"add_card": {"Chart the Nebula"}}), 200,
			[]string{"&#34;chart-the-nebula-2&#34;"}},
		{"an ambiguous name lists the candidates",
			add(base, url.Values{"add_card": {"vessel"}}), 422,
			[]string{"fits several cards: Scout Vessel; Cargo Vessel", `id="add_card-error"`, `aria-invalid="true"`}},
		{"a place not on the board is named",
			add(base, url.Values{"add_card": {"Ensign Reed"}, "add_at": {"bridge"}}), 422,
			[]string{"no mission or ship with the id &#34;bridge&#34;", `id="add_at-error"`}},
		{"an id already used is refused",
			add(base, url.Values{"add_card": {"Ensign Reed"}, "add_id": {"scout"}}), 422,
			[]string{"already has a ship with the id &#34;scout&#34;", `id="add_id-error"`}},
		{"a card of the wrong kind is refused",
			add(base, url.Values{"add_card": {"Ensign Reed"}, "add_kind": {"ship"}}), 422,
			[]string{"is a personnel card, not a ship", `id="add_kind-error"`}},
		{"an event is not a board object",
			add(base, url.Values{"add_card": {"2e-1-2"}}), 422,
			[]string{"is an event card: the board holds missions, ships and personnel"}},
		{"no name", add(base, nil), 422, []string{"Type the name of the card."}},
		{"a malformed board is still reported before adding",
			add(`{"missions": [`, url.Values{"add_card": {"Ensign Reed"}}), 400, []string{"The board is not valid JSON"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fullConfig()
			fa := cfg.Adjudicator.(*fakeAdjudicator)
			srv := newTestServer(t, cfg)
			r := postForm(t, srv, "/adjudicate", tc.form)
			checkPage(t, r, tc.status, tc.want, hostile)
			if fa.last.Question != "" {
				t.Errorf("adding a card asked the adjudicator %q", fa.last.Question)
			}
		})
	}
}

// Glossary letters come in alphabetical order, each once, with ids no
// other element of the page has; a document's contents are not numbered
// over the numbers its headings carry.
func TestLettersAreInOrderWithIDsOfTheirOwn(t *testing.T) {
	var nodes []tocNode
	for _, title := range []string{"Capture", "Defend", "Attack", "Engage", "Dock", "Hide", "“Quoted”", "42"} {
		nodes = append(nodes, tocNode{Title: title})
	}
	var got []string
	for _, g := range byLetter(nodes, "rulings") {
		got = append(got, g.Letter+"="+g.Anchor+":"+strconv.Itoa(len(g.Entries)))
	}
	want := "A=rulings-letter-a:1 C=rulings-letter-c:1 D=rulings-letter-d:2 E=rulings-letter-e:1 H=rulings-letter-h:1 Q=rulings-letter-q:1 #=rulings-letter-other:1"
	if strings.Join(got, " ") != want {
		t.Errorf("letters %s\nwant %s", strings.Join(got, " "), want)
	}
}

// One term's hits in several documents of an edition are one result, led
// by the governing document's, the others under it.
func TestSearchShowsATermOnce(t *testing.T) {
	docs := []rules.Document{{ID: "old", Edition: "2e", Precedence: 1}, {ID: "new", Edition: "2e", Precedence: 2}, {ID: "first", Edition: "1e", Precedence: 1}}
	hits := []rules.SearchHit{
		{ID: "old.glossary.stopped", Kind: "glossary", Title: "stopped", DocumentID: "old", Edition: "2e"},
		{ID: "new.glossary.stopped", Kind: "glossary", Title: "Stopped", DocumentID: "new", Edition: "2e"},
		{ID: "first.glossary.stopped", Kind: "glossary", Title: "stopped", DocumentID: "first", Edition: "1e"},
		{ID: "new.section.moves", Kind: "section", Title: "Moves", DocumentID: "new", Edition: "2e"},
	}
	g := groupHits(hits, docs)
	if len(g) != 3 || g[0].ID != "new.glossary.stopped" || len(g[0].Also) != 1 || g[0].Also[0].ID != "old.glossary.stopped" || g[1].Edition != "1e" {
		t.Errorf("%+v", g)
	}
}

// A mistyped address is a page for a browser, JSON for a program.
func TestAnUnknownAddressIsAPageForABrowser(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	for accept, want := range map[string]string{"text/html,application/xhtml+xml,*/*;q=0.8": "text/html", "application/json": "application/json", "": "application/json"} {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/documnts", nil)
		if accept != "" {
			req.Header.Set("Accept", accept)
		}
		resp := mustDo(t, req)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 404 || !strings.HasPrefix(resp.Header.Get("Content-Type"), want) {
			t.Errorf("Accept %q: %d %s", accept, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		if want == "text/html" && (!strings.Contains(string(body), "No such page") || !strings.Contains(string(body), `href="/documents"`)) {
			t.Errorf("the page says: %.300s", body)
		}
	}
}

// The oEmbed frame is as tall as the card it frames: more lines, a taller
// frame; a narrower frame wraps more and is no shorter.
func TestOEmbedFrameFitsItsCard(t *testing.T) {
	bare := &rules.Card{ID: "2e-1-9", Edition: "2e", Title: "Scout", Type: "ship"}
	full := &rules.Card{ID: "1e-1-9", Edition: "1e", Title: "Scout", Type: "ship", ImageURL: "https://img.test/x.jpg",
		Range: rules.IntPtr(7), Weapons: rules.IntPtr(6), Shields: rules.IntPtr(7), Staffing: []string{"command", "staff"},
		GameText: strings.Repeat("May report crew aboard. ", 8), Lore: "A <i>long</i> history of service across the quadrant."}
	page := func(c *rules.Card) cardPage { return cardPage{Card: c, Stats: cardStats(c), Face: newCardFace(c)} }
	small, big := embedHeightOf(page(bare), 360), embedHeightOf(page(full), 360)
	if small < 150 || big < small+252+5*20 {
		t.Errorf("heights %d (bare) and %d (image, stats, text)", small, big)
	}
	if narrow := embedHeightOf(page(full), 280); narrow <= big {
		t.Errorf("a narrower frame is %d tall, not more than %d", narrow, big)
	}
}

// A search of a document within the other edition than its own is refused
// on the page as REST refuses it, not shown as a search that found nothing.
func TestSearchPageRefusesADocumentOfTheOtherEdition(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	r := get(t, srv, "/?q=range&document=2e-rulebook&edition=1e")
	if r.status != 400 || !strings.Contains(r.body, "a document of the Second Edition") {
		t.Errorf("%d %.300s", r.status, r.body)
	}
}

// The search page says how the search read a word it read as another,
// beside the results, and says nothing of a query read as typed.
func TestSearchPageSaysHowTheQueryWasRead(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	r := get(t, srv, "/?q=stoped+head+quarters")
	checkPage(t, r, 200, []string{
		`<p class="readas" role="status">Showing results for <strong>stopped</strong> (you typed <q>stoped</q>), <strong>headquarters</strong> (you typed <q>head quarters</q>).</p>`,
	}, nil)
	r = get(t, srv, "/?q=stopped")
	checkPage(t, r, 200, []string{`Results 1–2 of 25`}, []string{"Showing results for", `class="readas"`})
}
