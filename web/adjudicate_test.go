package web

import (
	"encoding/json"
	"html"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
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

// A turn is built an action at a time: each action goes at the end of the
// params' actions and the question becomes turn.replay; a card played is
// looked up by name, an ambiguous name offers its cards to pick.
func TestTheTurnIsBuiltAnActionAtATime(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	board := `{"missions":[{"id":"home","span":2},{"id":"nebula","span":3}],"ships":[{"id":"cruiser","range":7,"at":{"mission":"home"}}],"personnel":[{"id":"p1","at":{"ship":"cruiser"}}]}`
	form := url.Values{"edition": {"2e"}, "question": {"ship.move"}, "board": {board}, "params": {`{"ship":"cruiser","to":"nebula"}`},
		"action": {"addaction"}, "act_kind": {"ship.move"}, "act_who": {"cruiser"}, "act_to": {"nebula"}}
	r := postForm(t, srv, "/adjudicate", form)
	checkPage(t, r, 200, []string{"Added action 1: move cruiser to nebula.", `value="turn.replay" selected`,
		"&#34;question&#34;: &#34;ship.move&#34;", `class="added" role="status" tabindex="-1" autofocus`}, nil)
	params := formValue(t, r.body, "params")
	form.Set("question", "turn.replay")
	form.Set("params", params)
	form.Set("act_kind", "personnel.beam")
	form.Set("act_who", "p1")
	form.Set("act_to", "nebula")
	r = postForm(t, srv, "/adjudicate", form)
	checkPage(t, r, 200, []string{"Added action 2: beam p1 to nebula."}, nil)
	var turn struct {
		Actions []struct {
			Question string
			Params   map[string]any
		}
	}
	if err := json.Unmarshal([]byte(formValue(t, r.body, "params")), &turn); err != nil || len(turn.Actions) != 2 || turn.Actions[1].Question != "personnel.beam" {
		t.Fatalf("params after two actions: %v %+v", err, turn)
	}
	// A card by a name several cards fit: pick one, and it is played.
	form.Set("params", formValue(t, r.body, "params"))
	form.Set("act_kind", "card.play")
	form.Set("act_card", "vessel")
	form.Set("act_to", "home")
	r = postForm(t, srv, "/adjudicate", form)
	checkPage(t, r, 422, []string{"Pick the card you mean", `name="act_choice" value="2e-1-5"`, `href="#act_card"`}, []string{`name="add_choice"`})
	form.Del("action")
	form.Set("act_choice", "2e-1-5")
	r = postForm(t, srv, "/adjudicate", form)
	checkPage(t, r, 200, []string{"Added action 3: play Cargo Vessel (2e-1-5) at home."}, nil)
	// Mistakes name the field to fix.
	for _, c := range []struct {
		set   map[string]string
		field string
	}{
		{map[string]string{"act_kind": "ship.move", "act_who": "", "act_to": "x"}, "act_who"},
		{map[string]string{"act_kind": "personnel.beam", "act_who": "p1", "act_to": ""}, "act_to"},
		{map[string]string{"act_kind": "mission.resolve", "act_to": "nebula", "act_stack": "[{"}, "act_stack"},
		{map[string]string{"act_kind": "warp"}, "act_kind"},
	} {
		f := url.Values{"edition": {"2e"}, "question": {"turn.replay"}, "board": {board}, "params": {"{}"}, "action": {"addaction"}}
		for k, v := range c.set {
			f.Set(k, v)
		}
		r := postForm(t, srv, "/adjudicate", f)
		checkPage(t, r, 422, []string{`id="` + c.field + `" name="` + c.field + `"`, "(field: <code>" + c.field + "</code>)"}, nil)
	}
}

// A turn's verdict shows each step with its verdict, the first refused
// marked and linked, the board after, and a way on from it.
func TestATurnShowsItsStepsAndTheFirstRefused(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	board := `{"missions":[{"id":"home","span":2},{"id":"nebula","span":3}],"ships":[{"id":"cruiser","range":7,"at":{"mission":"home"}}]}`
	params := `{"actions":[{"question":"ship.move","params":{"ship":"cruiser","to":"nebula"}},{"question":"ship.move","params":{"ship":"cruiser","to":"home"}},{"question":"ship.move","params":{"ship":"cruiser","to":"nebula"}}]}`
	r := postForm(t, srv, "/adjudicate", url.Values{"edition": {"2e"}, "question": {"turn.replay"}, "board": {board}, "params": {params}})
	checkPage(t, r, 200, []string{"Verdict: Was every action of the turn legal?", `<p class="answer no">Not allowed</p>`,
		`Action 2 is the first the rules refuse: <a href="#step-2">see why</a>. The 1 after it was not replayed.`,
		`<li class="step legal" id="step-1">`, `<span class="step-word yes">Legal</span> <span class="step-action">Move cruiser to nebula</span>`,
		`<li class="step refused" id="step-2">`, `<strong class="first-refused">First refused action</strong>`,
		"cruiser has 2 Range left", "The board after the legal actions", `name="continue_board"`, "<dt>Counters</dt><dd>7</dd>"},
		[]string{"<dt>Steps</dt>", "<dt>Board</dt>", "<dt>First illegal</dt>", "<dt>Card play used</dt>"})
	// Going on from the board after: it becomes the board, with a new turn.
	after := formValue(t, r.body, "continue_board")
	r = postForm(t, srv, "/adjudicate", url.Values{"edition": {"2e"}, "question": {"turn.replay"}, "board": {board}, "params": {`{"counters": 5, "actions": []}`}, "continue_board": {after}})
	checkPage(t, r, 200, []string{"The board is now the one the turn left", "&#34;counters&#34;: 5", "&#34;actions&#34;: []"}, nil)
}

// formValue is the value a page's form holds for a field: a textarea's
// text, or an input's or button's value, unescaped.
func formValue(t *testing.T, body, name string) string {
	t.Helper()
	if m := regexp.MustCompile(`(?s)<textarea id="` + name + `" name="` + name + `"[^>]*>(.*?)</textarea>`).FindStringSubmatch(body); m != nil {
		return html.UnescapeString(m[1])
	}
	if m := regexp.MustCompile(`name="` + name + `" value="([^"]*)"`).FindStringSubmatch(body); m != nil {
		return html.UnescapeString(m[1])
	}
	t.Fatalf("no field %s in the page", name)
	return ""
}

// A step names the card played by its name when the action gave its id,
// and an attempt says whether it completed the mission.
func TestAStepNamesTheCardPlayedAndWhatAnAttemptDid(t *testing.T) {
	yes, no := true, false
	v := &rules.Verdict{Question: "turn.replay", Result: &rules.TurnReplayResult{Steps: []rules.ReplayStep{
		{Question: "card.play", Allowed: &yes, Legal: true},
		{Question: "mission.resolve", Allowed: &no, Legal: true},
		{Question: "mission.resolve", Allowed: &yes, Legal: true},
	}}}
	params := json.RawMessage(`{"actions":[{"question":"card.play","params":{"card":"2e-1-5","at":"home","id":"v"}},` +
		`{"question":"mission.resolve","params":{"mission":"m","stack":[{"title":"A"}]}},{"question":"mission.resolve","params":{"mission":"m"}}]}`)
	tv := newTurnView(v, params, func(id string) string { return map[string]string{"2e-1-5": "Cargo Vessel"}[id] })
	got := []string{}
	for _, st := range tv.Steps {
		got = append(got, st.Word+": "+st.Action)
	}
	want := "Legal: Play Cargo Vessel at home as v|Legal, not completed: Attempt m, facing 1 dilemma|Legal, completed: Attempt m"
	if strings.Join(got, "|") != want || tv.Refused != 0 {
		t.Errorf("steps %q (refused %d), want %q", got, tv.Refused, want)
	}
}

// A board typed with a statistic of the wrong kind names the field as it
// was typed.
func TestAMistypedStatisticIsNamedAsTyped(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	board := `{"missions":[{"id":"home","span":2}],"personnel":[{"id":"worf","integrity":"seven"}]}`
	r := postForm(t, srv, "/adjudicate", url.Values{"edition": {"2e"}, "question": {"ship.staffed"}, "board": {board}})
	if want := html.EscapeString(`"personnel.integrity" should be int`); !strings.Contains(r.body, want) {
		t.Errorf("the page does not say %s", want)
	}
	if strings.Contains(r.body, "PersonnelStats") {
		t.Error("the page names a Go type")
	}
}
