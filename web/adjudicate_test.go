package web

import (
	"net/url"
	"strings"
	"testing"
)

func TestTheVerdictComesFirstAndTakesFocus(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	board := `{"missions":[{"id":"home","span":2}],"ships":[{"id":"cruiser","range":7}],"personnel":[]}`
	r := postForm(t, srv, "/adjudicate", url.Values{"edition": {"2e"}, "question": {"ship.move"}, "board": {board}, "params": {`{"ship":"cruiser","to":"nebula"}`}})
	verdict, form := strings.Index(r.body, `<section class="verdict"`), strings.Index(r.body, `<form class="adjudicate"`)
	if verdict < 0 || form < 0 || verdict > form {
		t.Fatalf("the verdict (at %d) does not come before the form (at %d)", verdict, form)
	}
	checkPage(t, r, 200, []string{`id="verdict" tabindex="-1" autofocus data-focus-on-load`, "Verdict: May the ship move there?",
		"<dt>Range cost</dt><dd>5</dd>", "<dt>Range remaining</dt>", `action="/adjudicate#verdict"`}, nil)
	bad := postForm(t, srv, "/adjudicate", url.Values{"edition": {"2e"}, "question": {"warp.speed"}, "board": {board}})
	if e, f := strings.Index(bad.body, `verdict-error`), strings.Index(bad.body, `<form class="adjudicate"`); e < 0 || e > f || !strings.Contains(bad.body, "autofocus data-focus-on-load") {
		t.Errorf("the error does not come first with focus")
	}
	empty := get(t, srv, "/adjudicate")
	if strings.Contains(empty.body, "data-focus-on-load") {
		t.Error("the empty form moves focus")
	}
}

func TestTheBoardShowsItsJSONAsTyped(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	board := `{"missions":[{"id":"m","card":"2e-1-4","requirements":"Integrity>30 & Cunning<40"}]}`
	r := postForm(t, srv, "/adjudicate", url.Values{"edition": {"2e"}, "question": {"ship.staffed"}, "board": {board},
		"action": {"add"}, "add_card": {"Ensign Reed"}})
	checkPage(t, r, 200, []string{"Integrity&gt;30 &amp; Cunning&lt;40"}, []string{`\u003e`, `\u0026`, `\u003c`})
	var ap adjudicatePage
	for _, sm := range New(Config{}).samples {
		ap.fill(sm)
		if strings.Contains(ap.Board, `\u00`) || strings.Contains(ap.Params, `\u00`) {
			t.Errorf("sample %s shows escaped JSON: %s %s", sm.Name, ap.Board, ap.Params)
		}
	}
}

func TestTheBuilderOffersTheCardsAnAmbiguousNameFits(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	base := `{"missions":[{"id":"nebula","card":"2e-1-4"}]}`
	form := url.Values{"edition": {"2e"}, "question": {"ship.staffed"}, "board": {base}, "action": {"add"}, "add_card": {"vessel"}, "add_at": {"nebula"}}
	r := postForm(t, srv, "/adjudicate", form)
	checkPage(t, r, 422, []string{"Pick the card you mean", `<button type="submit" form="adjform" name="add_choice" value="2e-1-5">Cargo Vessel`,
		`name="add_choice" value="2e-1-1"`, `id="adjform"`}, nil)
	form.Del("action")
	form.Set("add_choice", "2e-1-5")
	r = postForm(t, srv, "/adjudicate", form)
	checkPage(t, r, 200, []string{"Added Cargo Vessel (2e-1-5) as ship", "&#34;card&#34;: &#34;2e-1-5&#34;", `class="added" role="status" tabindex="-1" autofocus`}, nil)
}

func TestTheQuestionsHelpIsAListThatReadsOnAPhone(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	r := get(t, srv, "/adjudicate")
	checkPage(t, r, 200, []string{`<dl class="questions">`, "<dt><code>mission.requirements</code> Are the mission&#39;s requirements met?</dt>",
		`<option value="ship.move" selected>May the ship move there? (ship.move)</option>`}, []string{"<table>"})
}
