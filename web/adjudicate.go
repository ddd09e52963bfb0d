package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/rules"
)

// question is one question the adjudicator answers, as the contract lists
// it, with what it asks in words.
type question struct {
	Name, Label, Params, Means, Result string
}

// questions are the contract's questions, in its order.
var questions = []question{
	{"ship.staffed", "Is the ship staffed?", "ship", "the ship is staffed", "missing, assignment"},
	{"ship.move", "May the ship move there?", "ship, to", "the ship may move there now", "rangeCost, rangeAvailable, rangeRemaining"},
	{"mission.attempt", "May the mission be attempted?", "mission, ship (space)", "the attempt may begin", "personnel, dilemmasDrawn, dilemmaBudget"},
	{"mission.requirements", "Are the mission's requirements met?", "mission, personnel", "requirements are met", "skills, attribute, points"},
	{"dilemmas.stack", "Is the dilemma stack legal?", "mission, attempting, stack", "the stack is a legal choice", "dilemmasDrawn, dilemmaBudget, outcomes"},
	{"combat", "Who wins the combat?", "mission, you, opponent (personnel ids; optional, everyone there by default), ship (to fight aboard it)", "combat may begin there", "winner, yourStrength, opponentStrength"},
	{"engagement", "Who wins the engagement?", "mission, you, opponent (ship ids)", "the engagement may begin", "winner, yourWeapons, opponentShields"},
	{"ship.damage", "Is the ship destroyed?", "ship, add", "", "damage, destroyed"},
	{"game.winner", "Who won the game?", "players, decksEmpty", "", "ended, winners"},
	{"deck.validate", "Is the deck legal?", "missions, dilemmas, deck", "the deck is legal", "violations"},
	{"card.play", "May the card be played now?", "card, counters, commanded", "it may be played now", "cost, countersAfter"},
	{"battle.ship", "What does the ship battle do? (1E)", "attackers, target, attackBonus, defenseBonus, dockedShields (1E)", "", "attack, defense, outcome"},
	{"battle.personnel", "Who wins the personnel battle? (1E)", "you, opponent (1E)", "", "pairs, yourStrength, opponentStrength, winner"},
	{"battle.initiate", "May the battle be initiated? (1E)", "attackers, defenders (1E)", "the attackers may initiate that battle", "violations"},
	{"requirement.check", "Is the requirement met?", "requirement, personnel", "it is met", "missing"},
	{"personnel.beam", "May the personnel beam there?", "personnel (ids), to (a ship, facility or mission)", "they may beam there now", "moved, from"},
	{"mission.resolve", "What did the mission attempt do?", "mission, personnel (attempting), stack (the dilemmas faced, with what each stopped, killed or placed in a brig)", "the mission is completed", "outcomes, remaining, completed, points, stopped"},
	{"turn.replay", "Was every action of the turn legal?", "actions (each a question and its params, in order), counters (2E, at the start of the turn)", "every action was legal", "steps, firstIllegal, board (after the legal actions), counters, points"},
}

// questionLabel is what a question asks, in words; the name itself for a
// question the form does not know.
func questionLabel(name string) string {
	for _, q := range questions {
		if q.Name == name {
			return q.Label
		}
	}
	return name
}

// sample is a ready-made board the form can start from.
type sample struct {
	Name    string // file name without .json: the ?sample= value
	Label   string
	Request formRequest
}

// sampleFile is a sample's file: a label and the request.
type sampleFile struct {
	Label   string      `json:"label"`
	Request formRequest `json:"request"`
}

// A formRequest is an adjudication request as the form holds it: the
// edition, rules and question, the board, and the params as the JSON they
// are written in. It is read as a REST body is (readRequest) when asked.
type formRequest struct {
	Edition  string          `json:"edition"`
	Rules    string          `json:"rules,omitempty"`
	Question string          `json:"question"`
	Board    rules.Board     `json:"board"`
	Params   json.RawMessage `json:"params,omitempty"`
}

// readRequest reads the form's request as the API reads a body
// (api.DecodeAdjudication): the same fields, limits and refusals, with the
// same paths, the params as the question's.
func readRequest(r formRequest) (rules.AdjudicationRequest, error) {
	var req rules.AdjudicationRequest
	raw, err := json.Marshal(r)
	if err != nil {
		return req, rules.Errorf(rules.EINVALID, "The form could not be read: %v.", err).WithDetail("field", "params")
	}
	err = api.DecodeAdjudication(raw, &req)
	return req, err
}

// readBoard reads the board typed in the form into b as the API reads a
// body's board: strictly, within its limits. A mistake is its status and
// the sentence to show; 0 and "" when there is none.
func readBoard(text string, b *rules.Board) (int, string) {
	dec := json.NewDecoder(strings.NewReader(text))
	var v json.RawMessage
	if err := dec.Decode(&v); err != nil {
		return http.StatusBadRequest, "The board is not valid JSON: " + jsonProblem(err) + "."
	}
	if dec.More() {
		return http.StatusBadRequest, "The board is not valid JSON: there is more after the first JSON value."
	}
	var req rules.AdjudicationRequest
	if err := api.DecodeAdjudication([]byte(`{"board":`+text+`}`), &req); err != nil {
		return api.StatusOf(rules.ErrorCode(err)), rules.ErrorMessage(err)
	}
	*b = req.Board
	return 0, ""
}

func loadSamples(fsys fs.FS) ([]sample, error) {
	names, err := fs.Glob(fsys, "samples/*.json")
	if err != nil {
		return nil, fmt.Errorf("list samples: %w", err)
	}
	sort.Strings(names)
	var out []sample
	for _, n := range names {
		b, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, fmt.Errorf("read sample %s: %w", n, err)
		}
		var sf sampleFile
		if err := json.Unmarshal(b, &sf); err != nil {
			return nil, fmt.Errorf("decode sample %s: %w", n, err)
		}
		// "1-ship-move.json" is the sample "ship-move": the number orders the list.
		name := strings.TrimSuffix(path.Base(n), ".json")
		if pre, rest, ok := strings.Cut(name, "-"); ok && strings.Trim(pre, "0123456789") == "" {
			name = rest
		}
		out = append(out, sample{Name: name, Label: sf.Label, Request: sf.Request})
	}
	return out, nil
}

// adjudicatePage is the data of adjudicate.html: the form as filled, the
// board listed, the pickers of each question, and the verdict or the
// error, each error beside the field it is about.
type adjudicatePage struct {
	Edition, Rules, Question, Board, Params string
	Sample                                  string
	Samples                                 []sample
	Questions                               []question
	Rulebooks                               []rules.Document
	DocTitles                               map[string]string
	Verdict                                 *rules.Verdict
	// VerdictWord is the verdict in its question's words ("Staffed").
	VerdictWord string
	// Figures are the verdict's result in words: the board's objects by
	// name, icons and words as the cards print them.
	Figures []figureView
	// Error is a mistake no field of the page is at (an unknown question);
	// Errors are those beside their fields, by field name.
	Error       string
	Errors      map[string]string
	ErrorField  string
	Unavailable bool
	// OnBoard lists the board's objects; Pickers the params of every
	// question, the current one shown.
	OnBoard []boardItem
	Pickers []pickerGroup
	// Places are the missions and ships a card added may be put at.
	Places []pickOption
	// Piece is the "Add to the board" part as last filled; Added says what
	// the last change of the board did; Choices are the cards a name
	// typed there fits, to pick one.
	Piece   boardPiece
	Added   string
	Choices []cardLink
	// Submitted is set on the answer to a post: the verdict or the error
	// comes first and takes focus.
	Submitted bool
	// ChoiceName is the form field a card picked among Choices is sent
	// as: add_choice for the board's builder, act_choice for the turn's.
	ChoiceName string
	// Act is the "Add an action to the turn" part as last filled;
	// ActAdded says what the last action added was; ActionKinds are the
	// actions a turn is made of; ActShips, ActPersonnel and ActPlaces what
	// its pickers offer.
	Act                               turnAction
	ActAdded                          string
	ActionKinds                       []struct{ Name, Label string }
	ActShips, ActPersonnel, ActPlaces []pickOption
	// Turn is a turn.replay verdict's steps and board after.
	Turn *turnView
	// Focus is the id of the element that takes focus when the page comes
	// back: the verdict, the field of an error, what was added.
	Focus string
}

// A figureView is one figure of a verdict: its label and its value in
// words, one line per item of a list.
type figureView struct {
	Label string
	Items []string
}

func (s *Site) newAdjudicatePage(c echo.Context) adjudicatePage {
	ap := adjudicatePage{Samples: s.samples, Questions: questions, Edition: rules.Edition2E, Question: "ship.staffed",
		Unavailable: s.cfg.Adjudicator == nil, ChoiceName: "add_choice", ActionKinds: actionKinds, Errors: map[string]string{}}
	ap.DocTitles = map[string]string{}
	for _, d := range s.documentList(c.Request().Context()) {
		ap.DocTitles[d.ID] = shortTitle(d)
		if d.Kind == rules.DocumentRulebook {
			ap.Rulebooks = append(ap.Rulebooks, d)
		}
	}
	return ap
}

// emptyBoard is the board the page starts from.
const emptyBoard = `{"missions": [], "ships": [], "personnel": []}`

func (s *Site) adjudicateForm(c echo.Context) error {
	ap := s.newAdjudicatePage(c)
	ap.Board, ap.Params = emptyBoard, "{}"
	status := http.StatusOK
	if name := c.QueryParam("sample"); name != "" {
		found := false
		for _, sm := range s.samples {
			if sm.Name == name {
				ap.fill(sm)
				found = true
			}
		}
		if !found {
			status = http.StatusNotFound
			ap.Error = fmt.Sprintf("There is no sample named %q; pick one from the list.", name)
		}
	}
	var board rules.Board
	_, _ = readBoard(ap.Board, &board)
	s.describeBoard(c, &ap, &board, nil, nil)
	return s.render(c, status, "adjudicate", page{Title: "Adjudicate a board", Nav: "adjudicate", Data: ap})
}

// fill sets the form from a sample, the board and params pretty-printed.
func (ap *adjudicatePage) fill(sm sample) {
	ap.Sample = sm.Name
	ap.Edition = sm.Request.Edition
	ap.Rules = sm.Request.Rules
	ap.Question = sm.Request.Question
	ap.Board = indentJSON(sm.Request.Board)
	ap.Params = "{}"
	if len(sm.Request.Params) > 0 {
		var buf bytes.Buffer
		if json.Indent(&buf, sm.Request.Params, "", "  ") == nil {
			ap.Params = buf.String()
		}
	}
}

// indentJSON writes a board as a person would type it: indented, and with
// "<", ">" and "&" as they are (Integrity>30), not escaped for HTML; the
// template escapes the page.
func indentJSON(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return ""
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

// maxFormJSON bounds the board and params pasted into the form.
const maxFormJSON = 512 << 10

// adjudicate handles the form's POST: it reads the board and the
// statistics typed beside its cards, does what was asked (add a card or an
// action, remove a card, go on from a turn's board, or adjudicate the
// question with its params picked from the board), and shows the page
// again with the verdict first, or each mistake beside its field. It never
// answers with a 500 page for bad input.
func (s *Site) adjudicate(c echo.Context) error {
	ap := s.newAdjudicatePage(c)
	ap.Edition = strings.TrimSpace(c.FormValue("edition"))
	// "2E" is 2e, as everywhere; another word is no edition to build a
	// board in or to judge one by, and is refused beside the edition, in
	// the parser's words, before anything else is asked of the board.
	edition, perr := rules.ParseEdition(ap.Edition)
	if perr == nil {
		ap.Edition = string(edition)
	}
	ap.Rules = strings.TrimSpace(c.FormValue("rules"))
	ap.Question = strings.TrimSpace(c.FormValue("question"))
	ap.Board = c.FormValue("board")
	ap.Params = c.FormValue("params")
	ap.Submitted = true
	form, _ := c.FormParams()
	var board rules.Board
	var needs map[string][]string
	statErrs := map[string]string{}
	render := func(status int) error {
		if ap.Focus == "" {
			ap.Focus = ap.firstErrorField()
		}
		s.describeBoard(c, &ap, &board, needs, statErrs)
		if ap.Focus == "" && len(statErrs) > 0 {
			for name := range statErrs {
				ap.Focus = name
				break
			}
		}
		return s.render(c, status, "adjudicate", page{Title: "Adjudicate a board", Nav: "adjudicate", Data: ap})
	}
	fail := func(status int, field, msg string) error {
		if field == "" {
			ap.Error = msg
		} else {
			ap.Errors[field] = msg
			ap.ErrorField = field
		}
		return render(status)
	}
	if s.cfg.Adjudicator == nil {
		return fail(http.StatusServiceUnavailable, "", "The adjudicator is not available on this server.")
	}
	if len(ap.Board) > maxFormJSON || len(ap.Params) > maxFormJSON {
		return fail(http.StatusRequestEntityTooLarge, "", "The board or the params are too long: keep each under 512 KB.")
	}
	if strings.TrimSpace(ap.Board) != "" {
		if status, msg := readBoard(ap.Board, &board); msg != "" {
			return fail(status, "board", msg)
		}
	}
	statErrs = applyStats(&board, form)
	ap.Board = indentJSON(board)
	if len(statErrs) > 0 {
		return render(http.StatusBadRequest)
	}
	if perr != nil {
		// 422, as REST and GraphQL answer an adjudication's edition.
		return fail(http.StatusUnprocessableEntity, "edition", rules.ErrorMessage(perr))
	}
	req := rules.AdjudicationRequest{Edition: ap.Edition, Rules: ap.Rules, Question: ap.Question}
	bc := &boardCards{ctx: c.Request().Context(), cards: s.cfg.Cards, edition: rules.Edition(ap.Edition), found: map[string]*rules.Card{}}
	switch {
	case c.FormValue("continue_board") != "":
		// Go on from the board a turn left: it becomes the board, and the
		// next actions a new turn.
		after := c.FormValue("continue_board")
		if len(after) > maxFormJSON {
			return fail(http.StatusRequestEntityTooLarge, "", "The board is too long: keep it under 512 KB.")
		}
		board = rules.Board{}
		if status, msg := readBoard(after, &board); msg != "" {
			return fail(status, "board", msg)
		}
		ap.Board, ap.Params = indentJSON(board), emptyTurn(ap.Question, ap.Params)
		ap.Question = "turn.replay"
		ap.ActAdded = "The board is now the one the turn left; add the next turn's actions."
		ap.Focus = "act-added"
		return render(http.StatusOK)
	case c.FormValue("action") == "params":
		// Without the script, picking another question shows its params
		// with this button.
		ap.Focus = "params-h"
		return render(http.StatusOK)
	case c.FormValue("remove") != "":
		msg, ok := removeObject(&board, c.FormValue("remove"), bc.names(objectsOf(&board)))
		if !ok {
			return fail(http.StatusBadRequest, "", "That card is no longer on the board.")
		}
		ap.Board, ap.Added, ap.Focus = indentJSON(board), msg, "board-added"
		return render(http.StatusOK)
	case c.FormValue("action") == "addaction" || c.FormValue("act_choice") != "":
		// Build a turn an action at a time: the form comes back with the
		// action added at the end of the turn's actions.
		ap.Act = actionFromForm(c)
		ap.ChoiceName = "act_choice"
		if edition == "" {
			return fail(http.StatusBadRequest, "edition", "Pick the edition first: a card played is looked up in it.")
		}
		pm, _ := paramsMap(ap.Params)
		names := bc.names(append(objectsOf(&board), turnPlayed(bc, pm)...))
		params, msg, err := addAction(c.Request().Context(), s.cfg.Cards, edition, &board, ap.Question, ap.Params, ap.Act, names)
		if err != nil {
			return s.builderRefusal(c, &ap, err, render)
		}
		ap.Question, ap.Params, ap.ActAdded, ap.Focus = "turn.replay", params, msg, "act-added"
		ap.Act = turnAction{Kind: ap.Act.Kind}
		return render(http.StatusOK)
	case c.FormValue("action") == "add" || c.FormValue("add_choice") != "":
		// Build the board a card at a time: the form comes back with the
		// card added, ready for the next one or for the question.
		ap.Piece = pieceFromForm(c)
		if edition == "" {
			return fail(http.StatusBadRequest, "edition", "Pick the edition first: the card is looked up in it.")
		}
		msg, err := addPiece(c.Request().Context(), s.cfg.Cards, edition, &board, ap.Piece)
		if err != nil {
			return s.builderRefusal(c, &ap, err, render)
		}
		ap.Board, ap.Added, ap.Focus = indentJSON(board), msg, "board-added"
		ap.Piece = boardPiece{Kind: ap.Piece.Kind, Owner: ap.Piece.Owner, At: ap.Piece.At}
		return render(http.StatusOK)
	}
	// A field of the params as typed that no question has (misspelt, in
	// another case), or a value of the wrong type, is said as the API says
	// it, before the board's completeness or the pickers are looked at.
	if given, err := paramsMap(ap.Params); err == nil && len(given) > 0 {
		if _, err := readRequest(formRequest{Question: ap.Question, Params: json.RawMessage(ap.Params)}); rules.ErrorCode(err) == rules.EINVALID {
			return fail(http.StatusBadRequest, "params", rules.ErrorMessage(err))
		}
	}
	if len(board.Missions)+len(board.Ships)+len(board.Personnel)+len(board.Facilities) == 0 && !boardFree(ap.Question) {
		return fail(http.StatusBadRequest, "add_card", "The board is empty: add the cards the question is about, or start from a sample.")
	}
	req.Board = board
	// A card whose data lacks what the question reads would be judged on
	// a statistic nobody gave: it is asked for instead, beside the card.
	missing := false
	for _, it := range boardItems(bc, &board, ap.Question, nil, form, nil) {
		if len(it.Asks) == 0 {
			continue
		}
		labels := make([]string, len(it.Asks))
		for i, a := range it.Asks {
			labels[i] = strings.ToLower(a.Label)
		}
		them := map[bool]string{true: "them", false: "it"}[len(labels) > 1 || strings.HasSuffix(labels[0], "s") || labels[0] == "staffing"]
		ap.Errors["object:"+it.ID] = fmt.Sprintf("Give %s’s %s first: the card data lacks %s, and “%s” reads %s. Or remove the card.",
			it.Name, orList(labels), them, questionLabel(ap.Question), them)
		missing = true
	}
	if missing {
		return render(http.StatusUnprocessableEntity)
	}
	given, err := paramsMap(ap.Params)
	if err != nil {
		return fail(http.StatusBadRequest, "params", "The params are not a valid JSON object: "+jsonProblem(err)+".")
	}
	params, perrs := paramsFromPickers(ap.Question, form, given)
	if len(perrs) > 0 {
		for k, v := range perrs {
			ap.Errors[pickerField(ap.Question, k)] = v
		}
		return render(http.StatusBadRequest)
	}
	asked := formRequest{Edition: req.Edition, Rules: req.Rules, Question: req.Question, Board: req.Board}
	if len(params) > 0 {
		asked.Params, _ = json.Marshal(params)
		ap.Params = indentJSON(params)
	}
	req, err = readRequest(asked)
	var v *rules.Verdict
	if err == nil {
		v, err = s.cfg.Adjudicator.Adjudicate(c.Request().Context(), req)
	}
	if err != nil {
		code := rules.ErrorCode(err)
		status := api.StatusOf(code)
		if status >= 500 {
			s.log.ErrorContext(c.Request().Context(), "adjudicate", "question", req.Question, "err", err)
			status = http.StatusServiceUnavailable
		}
		field, _ := rules.ErrorDetails(err)["field"].(string)
		ap.ErrorField = field
		id, stat, param := fieldAt(field, &board)
		switch {
		case id != "":
			// The card the adjudicator could not judge: said beside it,
			// with the statistic it needs asked for there.
			needs = map[string][]string{}
			for _, n := range append(rules.DetailStrings(err, "needs"), stat) {
				if _, ok := statSpecs[n]; ok {
					needs[id] = append(needs[id], n)
				}
			}
			if n, ok := rules.ErrorDetails(err)["needs"].(string); ok {
				if n == "type" {
					n = "missionType" // a mission's type, as the page names its input
				}
				if _, known := statSpecs[n]; known {
					needs[id] = append(needs[id], n)
				}
			}
			ap.Errors["object:"+id] = rules.ErrorMessage(err)
		case param != "" && slices.ContainsFunc(questionSpecs[ap.Question].Params, func(p paramSpec) bool { return p.Name == param }):
			ap.Errors[pickerField(ap.Question, param)] = rules.ErrorMessage(err)
		case field == "question" || field == "edition" || field == "rules":
			ap.Errors[field] = rules.ErrorMessage(err)
		case strings.HasPrefix(field, "params"):
			ap.Errors["params"] = rules.ErrorMessage(err)
		case strings.HasPrefix(field, "board"):
			ap.Errors["board"] = rules.ErrorMessage(err)
		default:
			ap.Error = rules.ErrorMessage(err)
		}
		return render(status)
	}
	ap.Verdict = v
	ap.Focus = "verdict"
	names := bc.names(append(objectsOf(&board), turnPlayed(bc, params)...))
	if v.Allowed != nil {
		ap.VerdictWord = verdictWord(v.Question, *v.Allowed)
	}
	ap.Figures = figuresOf(v, names)
	ap.Turn = newTurnView(v, req.Params, func(id string) string {
		if n, ok := names[id]; ok {
			return n
		}
		if s.cfg.Cards == nil {
			return ""
		}
		card, err := s.cfg.Cards.Card(c.Request().Context(), id)
		if err != nil {
			return "" // a name, or an id the catalog does not know: shown as given
		}
		return card.Name()
	})
	return render(http.StatusOK)
}

// boardFree are the questions that ask nothing of the board.
func boardFree(question string) bool {
	return question == "game.winner" || question == "deck.validate" || question == "card.play"
}

// firstErrorField is the field of the page's first mistake, to take focus.
func (ap *adjudicatePage) firstErrorField() string {
	if ap.ErrorField != "" && ap.Errors[ap.ErrorField] != "" {
		return ap.ErrorField
	}
	for _, f := range []string{"edition", "question", "rules", "board", "params", "add_card", "add_kind", "add_owner", "add_id", "add_at",
		"act_kind", "act_card", "act_cost", "act_ship", "act_personnel", "act_to", "act_id", "act_stack"} {
		if ap.Errors[f] != "" {
			return f
		}
	}
	for k := range ap.Errors {
		if strings.HasPrefix(k, "p.") {
			return k
		}
		if id, ok := strings.CutPrefix(k, "object:"); ok {
			return "on-object-" + rules.Slug(id)
		}
	}
	if ap.Error != "" || ap.Choices != nil {
		return "verdict"
	}
	return ""
}

// describeBoard fills what the page shows of the board: its objects
// listed, the places a card may be added at, the pickers of every
// question and the turn builder's.
func (s *Site) describeBoard(c echo.Context, ap *adjudicatePage, board *rules.Board, needs map[string][]string, statErrs map[string]string) {
	form, _ := c.FormParams()
	if c.Request().Method != http.MethodPost {
		form = nil
	}
	bc := &boardCards{ctx: c.Request().Context(), cards: s.cfg.Cards, edition: rules.Edition(ap.Edition), found: map[string]*rules.Card{}}
	objs := objectsOf(board)
	params, _ := paramsMap(ap.Params)
	played := turnPlayed(bc, params)
	names := bc.names(append(slices.Clone(objs), played...))
	ap.OnBoard = boardItems(bc, board, ap.Question, needs, form, statErrs)
	for i := range ap.OnBoard {
		it := &ap.OnBoard[i]
		it.Anchor = "on-object-" + rules.Slug(it.ID)
		if msg := ap.Errors["object:"+it.ID]; msg != "" {
			it.Error = msg
		}
	}
	perrs := map[string]string{}
	for k, v := range ap.Errors {
		if p, ok := strings.CutPrefix(k, pickerField(ap.Question, "")); ok {
			perrs[p] = v
		}
	}
	ap.Pickers = pickerGroups(objs, names, played, ap.Question, form, params, perrs)
	ap.Places, ap.ActShips, ap.ActPersonnel, ap.ActPlaces = nil, nil, nil, nil
	for _, o := range append(slices.Clone(objs), played...) {
		label := nameOr(names, o.id)
		if label != o.id {
			label += " (" + o.id + ")"
		}
		opt := pickOption{Value: o.id, Label: label}
		switch o.kind {
		case "mission", "ship", "facility":
			if o.kind != "facility" {
				ap.Places = append(ap.Places, pickOption{Value: o.id, Label: label, Selected: o.id == ap.Piece.At})
			}
			ap.ActPlaces = append(ap.ActPlaces, pickOption{Value: o.id, Label: label, Selected: o.id == ap.Act.To})
			if o.kind == "ship" {
				ap.ActShips = append(ap.ActShips, pickOption{Value: o.id, Label: label, Selected: o.id == ap.Act.Ship})
			}
		case "personnel":
			opt.Selected = slices.Contains(ap.Act.Personnel, o.id)
			ap.ActPersonnel = append(ap.ActPersonnel, opt)
		}
	}
}

// builderRefusal shows a builder's mistake on the page (a card's or an
// action's): its message, the field to fix, and the cards a name fits to
// pick one. Any other error is returned as it is.
func (s *Site) builderRefusal(c echo.Context, ap *adjudicatePage, err error, render func(int) error) error {
	var pe *pieceError
	if !errors.As(err, &pe) {
		return err
	}
	ap.Errors[pe.field], ap.ErrorField = pe.msg, pe.field
	ap.Choices = s.cardLinks(c.Request().Context(), pe.choices)
	ap.Focus = pe.field
	if len(ap.Choices) > 0 {
		ap.Focus = pe.field + "-choices"
	}
	return render(http.StatusUnprocessableEntity)
}

// jsonProblem turns a decoding error into words with the byte offset.
func jsonProblem(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("%s (at character %d)", se.Error(), se.Offset)
	case errors.As(err, &te):
		return fmt.Sprintf("%q should be %s, not %s", rules.RequestPath(te.Field), te.Type.String(), te.Value)
	}
	return err.Error()
}

// A fieldError is a mistake shown beside its field: the field's element id
// and the sentence.
type fieldError struct{ ID, Msg string }

// errorOf is the mistake of the page's field, or nil.
func errorOf(ap adjudicatePage, field string) *fieldError {
	if msg := ap.Errors[field]; msg != "" {
		return &fieldError{ID: field, Msg: msg}
	}
	return nil
}

// orList joins words as a sentence lists alternatives: "a, b or c".
func orList(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
