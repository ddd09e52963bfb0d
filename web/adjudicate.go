package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"path"
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
	Request rules.AdjudicationRequest
}

// sampleFile is a sample's file: a label and the request.
type sampleFile struct {
	Label   string                    `json:"label"`
	Request rules.AdjudicationRequest `json:"request"`
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

// adjudicatePage is the data of adjudicate.html: the form as filled, and the
// verdict or the error.
type adjudicatePage struct {
	Edition, Rules, Question, Board, Params string
	Sample                                  string
	Samples                                 []sample
	Questions                               []question
	Rulebooks                               []rules.Document
	DocTitles                               map[string]string
	Verdict                                 *rules.Verdict
	Error                                   string
	ErrorField                              string
	Unavailable                             bool
	// Piece is the "Add to the board" part as last filled; Added says what
	// the last addition put on the board; Choices are the cards a name
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
	// actions a turn is made of.
	Act         turnAction
	ActAdded    string
	ActionKinds []struct{ Name, Label string }
	// Turn is a turn.replay verdict's steps and board after.
	Turn *turnView
}

func (s *Site) newAdjudicatePage(c echo.Context) adjudicatePage {
	ap := adjudicatePage{Samples: s.samples, Questions: questions, Edition: rules.Edition2E,
		Unavailable: s.cfg.Adjudicator == nil, ChoiceName: "add_choice", ActionKinds: actionKinds}
	ap.DocTitles = map[string]string{}
	for _, d := range s.documentList(c.Request().Context()) {
		ap.DocTitles[d.ID] = shortTitle(d)
		if d.Kind == rules.DocumentRulebook {
			ap.Rulebooks = append(ap.Rulebooks, d)
		}
	}
	return ap
}

func (s *Site) adjudicateForm(c echo.Context) error {
	ap := s.newAdjudicatePage(c)
	name := c.QueryParam("sample")
	if name == "" && len(s.samples) > 0 {
		name = s.samples[0].Name
	}
	status := http.StatusOK
	found := false
	for _, sm := range s.samples {
		if sm.Name == name {
			ap.fill(sm)
			found = true
		}
	}
	if !found && name != "" {
		status = http.StatusNotFound
		ap.Error = fmt.Sprintf("There is no sample named %q; pick one from the list.", name)
	}
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

// adjudicate handles the form's POST: it decodes the board and params, asks
// the adjudicator, and shows the verdict under the form, or a readable error
// naming what to fix. It never answers with a 500 page for bad input.
func (s *Site) adjudicate(c echo.Context) error {
	ap := s.newAdjudicatePage(c)
	ap.Edition = strings.TrimSpace(c.FormValue("edition"))
	// "2E" is 2e, as everywhere; another word is no edition to build a
	// board in, and goes on to be refused by the adjudicator in the
	// parser's words.
	edition, err := rules.ParseEdition(ap.Edition)
	if err == nil {
		ap.Edition = string(edition)
	}
	ap.Rules = strings.TrimSpace(c.FormValue("rules"))
	ap.Question = strings.TrimSpace(c.FormValue("question"))
	ap.Board = c.FormValue("board")
	ap.Params = c.FormValue("params")
	ap.Submitted = true
	render := func(status int) error {
		return s.render(c, status, "adjudicate", page{Title: "Adjudicate a board", Nav: "adjudicate", Data: ap})
	}
	if s.cfg.Adjudicator == nil {
		ap.Error = "The adjudicator is not available on this server."
		return render(http.StatusServiceUnavailable)
	}
	if len(ap.Board) > maxFormJSON || len(ap.Params) > maxFormJSON {
		ap.Error = "The board or the params are too long: keep each under 512 KB."
		return render(http.StatusRequestEntityTooLarge)
	}
	req := rules.AdjudicationRequest{Edition: ap.Edition, Rules: ap.Rules, Question: ap.Question}
	adding := c.FormValue("action") == "add" || c.FormValue("add_choice") != ""
	addingAction := c.FormValue("action") == "addaction" || c.FormValue("act_choice") != ""
	if after := c.FormValue("continue_board"); after != "" {
		// Go on from the board a turn left: it becomes the board, and the
		// next actions a new turn.
		if len(after) > maxFormJSON {
			ap.Error = "The board is too long: keep it under 512 KB."
			return render(http.StatusRequestEntityTooLarge)
		}
		ap.Board, ap.Params = after, emptyTurn(ap.Question, ap.Params)
		ap.Question = "turn.replay"
		ap.ActAdded = "The board is now the one the turn left; add the next turn's actions."
		return render(http.StatusOK)
	}
	if strings.TrimSpace(ap.Board) == "" && !adding {
		ap.Error, ap.ErrorField = "The board is empty: paste a board JSON, add cards to it below, or start from a sample.", "board"
		return render(http.StatusBadRequest)
	}
	if strings.TrimSpace(ap.Board) != "" {
		if err := decodeStrict(ap.Board, &req.Board); err != nil {
			ap.Error, ap.ErrorField = "The board is not valid JSON: "+err.Error()+".", "board"
			return render(http.StatusBadRequest)
		}
	}
	if addingAction {
		// Build a turn an action at a time: the form comes back with the
		// action added at the end of the turn's actions.
		ap.Act = actionFromForm(c)
		ap.ChoiceName = "act_choice"
		if edition == "" {
			ap.Error, ap.ErrorField = "Pick the edition first: a card played is looked up in it.", "edition"
			return render(http.StatusBadRequest)
		}
		params, msg, err := addAction(c.Request().Context(), s.cfg.Cards, ap.Edition, &req.Board, ap.Question, ap.Params, ap.Act)
		if err != nil {
			return s.builderRefusal(c, &ap, err, render)
		}
		ap.Question, ap.Params, ap.ActAdded = "turn.replay", params, msg
		ap.Act = turnAction{Kind: ap.Act.Kind}
		return render(http.StatusOK)
	}
	if adding {
		// Build the board a card at a time: the form comes back with the
		// card added, ready for the next one or for the question.
		ap.Piece = pieceFromForm(c)
		if edition == "" {
			ap.Error, ap.ErrorField = "Pick the edition first: the card is looked up in it.", "edition"
			return render(http.StatusBadRequest)
		}
		msg, err := addPiece(c.Request().Context(), s.cfg.Cards, ap.Edition, &req.Board, ap.Piece)
		if err != nil {
			return s.builderRefusal(c, &ap, err, render)
		}
		ap.Board = indentJSON(req.Board)
		ap.Added = msg
		ap.Piece = boardPiece{Kind: ap.Piece.Kind, Owner: ap.Piece.Owner, At: ap.Piece.At}
		return render(http.StatusOK)
	}
	if p := strings.TrimSpace(ap.Params); p != "" {
		var obj map[string]any
		if err := json.Unmarshal([]byte(p), &obj); err != nil {
			ap.Error, ap.ErrorField = "The params are not a valid JSON object: "+jsonProblem(err)+".", "params"
			return render(http.StatusBadRequest)
		}
		req.Params = json.RawMessage(p)
	}
	v, err := s.cfg.Adjudicator.Adjudicate(c.Request().Context(), req)
	if err != nil {
		code := rules.ErrorCode(err)
		status := api.StatusOf(code)
		if status >= 500 {
			s.log.ErrorContext(c.Request().Context(), "adjudicate", "question", req.Question, "err", err)
			status = http.StatusServiceUnavailable
		}
		ap.Error = rules.ErrorMessage(err)
		if f, ok := rules.ErrorDetails(err)["field"].(string); ok {
			ap.ErrorField = f
		}
		return render(status)
	}
	ap.Verdict = v
	ap.Turn = newTurnView(v, req.Params, func(id string) string {
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

// builderRefusal shows a builder's mistake on the page (a card's or an
// action's): its message, the field to fix, and the cards a name fits to
// pick one. Any other error is returned as it is.
func (s *Site) builderRefusal(c echo.Context, ap *adjudicatePage, err error, render func(int) error) error {
	var pe *pieceError
	if !errors.As(err, &pe) {
		return err
	}
	ap.Error, ap.ErrorField = pe.msg, pe.field
	ap.Choices = s.cardLinks(c.Request().Context(), pe.choices)
	return render(http.StatusUnprocessableEntity)
}

// decodeStrict decodes one JSON value, saying where it went wrong.
func decodeStrict(s string, v any) error {
	dec := json.NewDecoder(strings.NewReader(s))
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s", jsonProblem(err))
	}
	if dec.More() {
		return fmt.Errorf("there is more after the first JSON value")
	}
	return nil
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
