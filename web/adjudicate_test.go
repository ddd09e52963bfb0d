package web

import (
	"encoding/json"
	"html"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/rules"
)

func TestTheVerdictComesFirstAndTakesFocus(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	board := `{"missions":[{"id":"home","span":2},{"id":"nebula","span":3}],"ships":[{"id":"cruiser","range":7}],"personnel":[]}`
	r := postForm(t, srv, "/adjudicate", url.Values{"edition": {"2e"}, "question": {"ship.move"}, "board": {board},
		"p.ship.move.ship": {"cruiser"}, "p.ship.move.to": {"nebula"}})
	verdict, form := strings.Index(r.body, `<section class="verdict"`), strings.Index(r.body, `<form class="adjudicate"`)
	if verdict < 0 || form < 0 || verdict > form {
		t.Fatalf("the verdict (at %d) does not come before the form (at %d)", verdict, form)
	}
	checkPage(t, r, 200, []string{`id="verdict" tabindex="-1" autofocus data-focus-on-load`, `<span class="answer yes">May move</span>`,
		"<dt>Range cost</dt><dd>5</dd>", "<dt>Range remaining</dt>", `data-focus="verdict"`}, []string{`class="answer yes">Allowed`})
	bad := postForm(t, srv, "/adjudicate", url.Values{"edition": {"2e"}, "question": {"warp.speed"}, "board": {board}})
	checkPage(t, bad, 422, []string{`<p class="fielderror" id="question-error">Unknown question`, `question-error" aria-invalid="true"`, `data-focus="question"`}, nil)
	empty := get(t, srv, "/adjudicate")
	checkPage(t, empty, 200, []string{"Nothing yet: add the cards", `data-focus=""`}, []string{"data-focus-on-load"})
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
	checkPage(t, r, 422, []string{`<p class="fielderror" id="add_card-error">`, "fits several cards", `<div class="choices" id="add_card-choices"`,
		`<button type="submit" name="add_choice" value="2e-1-5">Cargo Vessel`, `name="add_choice" value="2e-1-1"`, `data-focus="add_card-choices"`}, nil)
	form.Del("action")
	form.Set("add_choice", "2e-1-5")
	r = postForm(t, srv, "/adjudicate", form)
	checkPage(t, r, 200, []string{"Added Cargo Vessel (2e-1-5) as ship", "&#34;card&#34;: &#34;2e-1-5&#34;", `<p class="added" id="board-added" role="status"`,
		`data-focus="board-added"`, "<a href=\"/cards/2e-1-5\">Cargo Vessel</a>"}, nil)
}

// The board is listed card by card, each with a button that removes it;
// what stood on a card removed is left nowhere, and said so.
func TestTheBoardIsListedAndACardRemoved(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	board := `{"missions":[{"id":"nebula","card":"2e-1-4"}],"ships":[{"id":"scout","card":"2e-1-1","at":{"mission":"nebula"}}],` +
		`"personnel":[{"id":"reed","card":"2e-1-3","at":{"ship":"scout"},"icons":["staff"]}]}`
	r := get(t, srv, "/adjudicate")
	checkPage(t, r, 200, []string{"Nothing yet"}, []string{`name="remove"`})
	r = postForm(t, srv, "/adjudicate", url.Values{"edition": {"2e"}, "question": {"ship.staffed"}, "board": {board}, "action": {"params"}})
	checkPage(t, r, 200, []string{"On the board (3)", `value="ship:scout"`, `aria-label="Remove Scout Vessel (scout) from the board"`,
		"yours · aboard Scout Vessel", "Given on the board: Icons: Staff."}, nil)
	r = postForm(t, srv, "/adjudicate", url.Values{"edition": {"2e"}, "question": {"ship.staffed"}, "board": {board}, "remove": {"ship:scout"}})
	checkPage(t, r, 200, []string{"Removed Scout Vessel from the board. The card that stood there is now nowhere", "On the board (2)"},
		[]string{`value="ship:scout"`, "&#34;ship&#34;: &#34;scout&#34;"})
}

// A card whose data lacks a statistic the question reads is asked for it
// beside the card, and the question is not judged until it is given.
func TestACardLackingAStatisticIsAskedForIt(t *testing.T) {
	cfg := fullConfig()
	fa := cfg.Adjudicator.(*fakeAdjudicator)
	srv := newTestServer(t, cfg)
	board := `{"ships":[{"id":"scout","card":"2e-1-1"}],"personnel":[{"id":"reed","card":"2e-1-3","at":{"ship":"scout"}}]}`
	form := url.Values{"edition": {"2e"}, "question": {"ship.staffed"}, "board": {board}, "p.ship.staffed.ship": {"scout"}}
	r := postForm(t, srv, "/adjudicate", form)
	checkPage(t, r, 422, []string{"The card data does not give Ensign Reed, Plucky Helmsman’s icons", `name="stat.personnel.reed.icons" value="command"`,
		`<p class="fielderror" role="alert" id="on-object-reed-error">Give Ensign Reed, Plucky Helmsman’s icons first`, `data-focus="on-object-reed"`}, nil)
	if fa.last.Question != "" {
		t.Fatalf("a board lacking a statistic was judged: %+v", fa.last)
	}
	form.Set("stat.personnel.reed.icons", "staff")
	form.Set("question", "ship.move")
	form["p.ship.move.ship"] = []string{"scout"}
	form["p.ship.move.to"] = []string{""}
	r = postForm(t, srv, "/adjudicate", form)
	checkPage(t, r, 400, []string{"&#34;icons&#34;: [", "Given on the board: Icons: Staff.", `<p class="fielderror" id="p.ship.move.to-error">Pick the to the mission.`}, nil)
}

// Each question's params are picked from the board's objects, and the
// picks are written into the params sent.
func TestParamsArePickedFromTheBoard(t *testing.T) {
	cfg := fullConfig()
	fa := cfg.Adjudicator.(*fakeAdjudicator)
	srv := newTestServer(t, cfg)
	board := `{"missions":[{"id":"home","span":2},{"id":"nebula","card":"2e-1-4","span":3}],"ships":[{"id":"cruiser","range":7,"staffing":["staff"]}]}`
	r := postForm(t, srv, "/adjudicate", url.Values{"edition": {"2e"}, "question": {"ship.move"}, "board": {board}, "action": {"params"}})
	checkPage(t, r, 200, []string{`<fieldset class="pickers" data-question="ship.move">`, `<fieldset class="pickers" data-question="ship.staffed" hidden>`,
		// The one ship is picked; a mission is asked to be picked.
		`<option value="cruiser" selected>cruiser</option>`, `<option value="nebula">Chart the Nebula (nebula)</option>`}, nil)
	r = postForm(t, srv, "/adjudicate", url.Values{"edition": {"2e"}, "question": {"ship.move"}, "board": {board}, "params": {`{}`},
		"p.ship.move.ship": {"cruiser"}, "p.ship.move.to": {"nebula"}})
	if p, ok := fa.last.Params.(*rules.ShipMoveParams); !ok || p.Ship != "cruiser" || p.To != "nebula" {
		t.Fatalf("params sent: %#v", fa.last.Params)
	}
	// The figures name the board's objects, not their ids.
	checkPage(t, r, 200, []string{"<dt>Range cost</dt><dd>5</dd>"}, nil)
	// A param the question does not take is refused as the API refuses it.
	r = postForm(t, srv, "/adjudicate", url.Values{"edition": {"2e"}, "question": {"ship.move"}, "board": {board}, "params": {`{"note": "kept"}`},
		"p.ship.move.ship": {"cruiser"}, "p.ship.move.to": {"nebula"}})
	checkPage(t, r, 400, []string{html.EscapeString(`Unknown field "note" in params`)}, nil)
}

func TestTheQuestionsHelpIsAListThatReadsOnAPhone(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	r := get(t, srv, "/adjudicate")
	checkPage(t, r, 200, []string{`<dl class="questions">`, "<dt><code>mission.requirements</code> Are the mission&#39;s requirements met?</dt>",
		`<option value="ship.staffed" selected>Is the ship staffed?</option>`}, []string{"<table>"})
}

// A turn is built an action at a time, its ships, personnel and places
// picked from the board: each action goes at the end of the params'
// actions and the question becomes turn.replay; a card played is looked up
// by name, an ambiguous name offers its cards to pick.
func TestTheTurnIsBuiltAnActionAtATime(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	board := `{"missions":[{"id":"home","span":2},{"id":"nebula","card":"2e-1-4","span":3}],"ships":[{"id":"cruiser","card":"2e-1-1","range":7,"at":{"mission":"home"}}],"personnel":[{"id":"p1","at":{"ship":"cruiser"}}]}`
	form := url.Values{"edition": {"2e"}, "question": {"ship.move"}, "board": {board}, "params": {`{"ship":"cruiser","to":"nebula"}`},
		"action": {"addaction"}, "act_kind": {"ship.move"}, "act_ship": {"cruiser"}, "act_to": {"nebula"}}
	r := postForm(t, srv, "/adjudicate", form)
	checkPage(t, r, 200, []string{"Added action 1: move Scout Vessel to Chart the Nebula.", `value="turn.replay" selected`,
		"&#34;question&#34;: &#34;ship.move&#34;", `<p class="added" id="act-added" role="status"`, `data-focus="act-added"`,
		`<details class="turnfold" open>`, `<option value="cruiser">Scout Vessel (cruiser)</option>`}, nil)
	params := formValue(t, r.body, "params")
	form.Set("question", "turn.replay")
	form.Set("params", params)
	form.Set("act_kind", "personnel.beam")
	form.Del("act_ship")
	form["act_personnel"] = []string{"p1"}
	form.Set("act_to", "nebula")
	r = postForm(t, srv, "/adjudicate", form)
	checkPage(t, r, 200, []string{"Added action 2: beam p1 to Chart the Nebula."}, nil)
	var turn struct {
		Actions []struct {
			Question string
			Params   map[string]any
		}
	}
	if err := json.Unmarshal([]byte(formValue(t, r.body, "params")), &turn); err != nil || len(turn.Actions) != 2 || turn.Actions[1].Question != "personnel.beam" {
		t.Fatalf("params after two actions: %v %+v", err, turn)
	}
	// A card by a name several cards fit: pick one, and it is played; its
	// id may then be picked by the actions after it.
	form.Set("params", formValue(t, r.body, "params"))
	form.Set("act_kind", "card.play")
	form.Set("act_card", "vessel")
	form.Set("act_to", "home")
	form.Set("act_id", "freighter")
	r = postForm(t, srv, "/adjudicate", form)
	checkPage(t, r, 422, []string{`<div class="choices" id="act_card-choices"`, `name="act_choice" value="2e-1-5"`, `id="act_card-error"`}, []string{`name="add_choice" value=`})
	form.Del("action")
	form.Set("act_choice", "2e-1-5")
	// Its data gives no cost: asked for beside the card, then played
	// inline with the cost given.
	r = postForm(t, srv, "/adjudicate", form)
	checkPage(t, r, 422, []string{`<p class="fielderror" id="act_cost-error">The card data does not give Cargo Vessel’s cost`, `data-focus="act_cost"`}, nil)
	form.Set("act_cost", "2")
	r = postForm(t, srv, "/adjudicate", form)
	checkPage(t, r, 200, []string{"Added action 3: play Cargo Vessel (2e-1-5) at home as freighter.", `<option value="freighter">Cargo Vessel (freighter)</option>`,
		"&#34;cost&#34;: 2", "&#34;title&#34;: &#34;Cargo Vessel&#34;"}, nil)
	// Mistakes are shown beside the field to fix.
	for _, c := range []struct {
		set   map[string]string
		field string
	}{
		{map[string]string{"act_kind": "ship.move", "act_ship": "", "act_to": "nebula"}, "act_ship"},
		{map[string]string{"act_kind": "personnel.beam", "act_personnel": "p1", "act_to": ""}, "act_to"},
		{map[string]string{"act_kind": "personnel.beam", "act_to": "nebula"}, "act_personnel"},
		{map[string]string{"act_kind": "mission.resolve", "act_to": "nebula", "act_stack": "[{"}, "act_stack"},
		{map[string]string{"act_kind": "warp"}, "act_kind"},
	} {
		f := url.Values{"edition": {"2e"}, "question": {"turn.replay"}, "board": {board}, "params": {"{}"}, "action": {"addaction"}}
		for k, v := range c.set {
			f.Set(k, v)
		}
		r := postForm(t, srv, "/adjudicate", f)
		checkPage(t, r, 422, []string{`id="` + c.field + `-error"`, `aria-describedby="` + c.field + `-error"`, `data-focus="` + c.field + `"`}, nil)
	}
}

// A turn's verdict shows each step with its verdict, the first refused
// marked and linked, the board after, and a way on from it.
func TestATurnShowsItsStepsAndTheFirstRefused(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	board := `{"missions":[{"id":"home","span":2},{"id":"nebula","span":3}],"ships":[{"id":"cruiser","card":"2e-1-1","range":7,"at":{"mission":"home"}}]}`
	params := `{"actions":[{"question":"ship.move","params":{"ship":"cruiser","to":"nebula"}},{"question":"ship.move","params":{"ship":"cruiser","to":"home"}},{"question":"ship.move","params":{"ship":"cruiser","to":"nebula"}}]}`
	r := postForm(t, srv, "/adjudicate", url.Values{"edition": {"2e"}, "question": {"turn.replay"}, "board": {board}, "params": {params}})
	checkPage(t, r, 200, []string{`<span class="answer no">An action refused</span> <span class="asked">Was every action of the turn legal?</span>`,
		`Action 2 is the first the rules refuse: <a href="#step-2">see why</a>. The 1 after it was not replayed.`,
		`<li class="step legal" id="step-1">`, `<span class="step-word yes">Legal</span> <span class="step-action">Move Scout Vessel to nebula</span>`,
		`<li class="step refused" id="step-2">`, `<strong class="first-refused">First refused action</strong>`,
		"cruiser has 2 Range left", "The board after the legal actions", `name="continue_board"`, "<dt>Counters</dt><dd>7</dd>"},
		[]string{"<dt>Steps</dt>", "<dt>Board</dt>", "<dt>First illegal</dt>", "<dt>Card play used</dt>"})
	// Going on from the board after: it becomes the board, with a new turn.
	after := formValue(t, r.body, "continue_board")
	r = postForm(t, srv, "/adjudicate", url.Values{"edition": {"2e"}, "question": {"turn.replay"}, "board": {board}, "params": {`{"counters": 5, "actions": []}`}, "continue_board": {after}})
	checkPage(t, r, 200, []string{"The board is now the one the turn left", "&#34;counters&#34;: 5", "&#34;actions&#34;: []"}, nil)
}

// A verdict's figures are in words: the board's objects by name, icons as
// the cards print them, never an id where a name is known.
func TestFiguresAreInWords(t *testing.T) {
	names := map[string]string{"reed": "Ensign Reed, Plucky Helmsman", "scout": "Scout Vessel"}
	v := &rules.Verdict{Question: "ship.staffed", Result: &rules.ShipStaffedResult{Assignment: map[string]string{"reed": "staff"}, Missing: []string{"command", "staff"}, Affiliated: []string{"scout"}}}
	got := map[string][]string{}
	for _, f := range figuresOf(v, names) {
		got[f.Label] = f.Items
	}
	if a := got["Assignment"]; len(a) != 1 || a[0] != "Ensign Reed, Plucky Helmsman: Staff" {
		t.Errorf("assignment %q", a)
	}
	if m := got["Missing"]; len(m) != 2 || m[0] != "Command" || m[1] != "Staff" {
		t.Errorf("missing %q", m)
	}
	if s := got["Affiliated"]; len(s) != 1 || s[0] != "Scout Vessel" {
		t.Errorf("affiliated %q", s)
	}
	for q, want := range map[string][2]string{"ship.staffed": {"Staffed", "Not staffed"}, "mission.attempt": {"May attempt", "May not attempt"}, "warp": {"Allowed", "Not allowed"}} {
		if verdictWord(q, true) != want[0] || verdictWord(q, false) != want[1] {
			t.Errorf("%s: %q %q", q, verdictWord(q, true), verdictWord(q, false))
		}
	}
}

// A lost symbol of the rulebooks' text is shown as a marked gap.
func TestALostSymbolIsAMarkedGap(t *testing.T) {
	got := string(markGaps("a personnel with a \uFFFC icon <b>"))
	if !strings.Contains(got, `with a <span class="gap"`) || !strings.Contains(got, "missing from the source") || !strings.Contains(got, "&lt;b&gt;") {
		t.Errorf("got %s", got)
	}
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
	var req rules.AdjudicationRequest
	if err := api.DecodeAdjudication([]byte(`{"question":"turn.replay","params":`+string(params)+`}`), &req); err != nil {
		t.Fatal(err)
	}
	tv := newTurnView(v, req.Params, func(id string) string { return map[string]string{"2e-1-5": "Cargo Vessel"}[id] })
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
// was typed, by its path, in the API's words.
func TestAMistypedStatisticIsNamedAsTyped(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	board := `{"missions":[{"id":"home","span":2}],"personnel":[{"id":"worf","integrity":"seven"}]}`
	r := postForm(t, srv, "/adjudicate", url.Values{"edition": {"2e"}, "question": {"ship.staffed"}, "board": {board}})
	if want := html.EscapeString(`The field board.personnel[0].integrity must be a whole number, not a JSON string.`); !strings.Contains(r.body, want) {
		t.Errorf("the page does not say %s", want)
	}
	if strings.Contains(r.body, "PersonnelStats") {
		t.Error("the page names a Go type")
	}
}

// An edition that is none ("3e", sent by a form edited by hand or a stale
// bookmark) is said beside the edition, as REST refuses it (422, in the
// same words), before anything else is asked of the board: not "Pick the
// ship".
func TestAnUnknownEditionIsNamedFirst(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	board := `{"missions":[{"id":"home","span":2},{"id":"nebula","span":3}],"ships":[{"id":"cruiser","range":7}]}`
	for _, form := range []url.Values{
		{"edition": {"3e"}, "question": {"ship.move"}, "board": {board}},
		{"edition": {"3e"}, "question": {"ship.move"}, "board": {board}, "action": {"add"}, "add_card": {"Ensign Reed"}},
		{"edition": {"first"}, "question": {"ship.move"}, "board": {board}, "p.ship.move.ship": {"cruiser"}, "p.ship.move.to": {"nebula"}},
	} {
		r := postForm(t, srv, "/adjudicate", form)
		_, want := rules.ParseEdition(form.Get("edition"))
		checkPage(t, r, 422, []string{`<p class="fielderror" id="edition-error">` + html.EscapeString(rules.ErrorMessage(want)), `data-focus="edition"`}, []string{"Pick the ship"})
	}
}
