package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A turn is built on the adjudicate page an action at a time: each action
// added goes at the end of the params' actions, and the question becomes
// turn.replay. A card played is looked up by name as the board's builder
// looks one up.

// actionKinds are the actions a turn is made of, in the order a turn
// usually takes them, with what the form calls them.
var actionKinds = []struct{ Name, Label string }{
	{"card.play", "Play a card"},
	{"personnel.beam", "Beam personnel"},
	{"ship.move", "Move a ship"},
	{"mission.resolve", "Attempt a mission"},
}

// turnAction is what the form's "Add an action to the turn" part asks for.
type turnAction struct {
	Kind  string // card.play, personnel.beam, ship.move or mission.resolve
	Card  string // card.play: a card name as typed, or a card id
	Who   string // the ship moved, the personnel beamed or attempting (ids)
	To    string // where: the mission moved to, the place beamed to, where the card is played, the mission attempted
	ID    string // card.play: the board id the card takes
	Stack string // mission.resolve: the dilemmas faced, a JSON list
}

// actionFromForm reads the turn builder's fields (act_...).
func actionFromForm(c echo.Context) turnAction {
	f := builderFields(c, "act")
	return turnAction{Kind: f("kind"), Card: pickedCard(f), Who: f("who"), To: f("to"), ID: f("id"), Stack: f("stack")}
}

// idList reads ids typed with commas or spaces between them.
func idList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' })
}

// addAction appends the action the builder describes to a turn's params
// (a new turn when the params are not one yet) and returns the params
// written out again, and a sentence saying what was added. Mistakes are
// *pieceError naming the builder's field.
func addAction(ctx context.Context, cards rules.CardService, edition string, b *rules.Board, question, params string, a turnAction) (string, string, error) {
	turn := map[string]any{}
	if question == "turn.replay" && strings.TrimSpace(params) != "" {
		if err := json.Unmarshal([]byte(params), &turn); err != nil {
			return "", "", &pieceError{msg: "The params are not a valid JSON object: " + jsonProblem(err) + ".", field: "params"}
		}
	}
	actions, _ := turn["actions"].([]any)
	p := map[string]any{}
	ids := boardIDs(b)
	var said string
	switch a.Kind {
	case "card.play":
		card, err := lookupCard(ctx, cards, edition, a.Card, "act_card")
		if err != nil {
			return "", "", err
		}
		p["card"] = card.ID
		said = "play " + card.Name() + " (" + card.ID + ")"
		if a.To != "" {
			p["at"] = a.To
			said += " at " + a.To
		}
		if a.ID != "" {
			if a.To == "" {
				return "", "", &pieceError{msg: "Say where the card is played: the id it takes names it there.", field: "act_to"}
			}
			p["id"] = a.ID
			said += " as " + a.ID
		}
	case "ship.move":
		who := idList(a.Who)
		if len(who) != 1 || a.To == "" {
			return "", "", &pieceError{msg: "Name the ship to move and the mission it moves to.", field: fieldOr(len(who) != 1, "act_who", "act_to")}
		}
		p["ship"], p["to"] = who[0], a.To
		said = "move " + who[0] + " to " + a.To
	case "personnel.beam":
		who := idList(a.Who)
		if len(who) == 0 || a.To == "" {
			return "", "", &pieceError{msg: "Name the personnel to beam and the ship, facility or mission they beam to.", field: fieldOr(len(who) == 0, "act_who", "act_to")}
		}
		p["personnel"], p["to"] = who, a.To
		said = "beam " + strings.Join(who, ", ") + " to " + a.To
	case "mission.resolve":
		if a.To == "" {
			return "", "", &pieceError{msg: "Name the mission attempted.", field: "act_to"}
		}
		p["mission"] = a.To
		said = "attempt " + a.To
		var personnel []string
		for _, id := range idList(a.Who) {
			if ids[id] == "ship" {
				p["ship"] = id // a space mission is attempted with a ship's crew
				continue
			}
			personnel = append(personnel, id)
		}
		if len(personnel) > 0 {
			p["personnel"] = personnel
		}
		if a.Stack != "" {
			var stack []any
			if err := json.Unmarshal([]byte(a.Stack), &stack); err != nil {
				return "", "", &pieceError{msg: `The dilemmas are a JSON list, such as [{"title": "Wall of Fire", "kind": "planet", "cost": 2, "kills": ["worf"]}]: ` + jsonProblem(err) + ".", field: "act_stack"}
			}
			p["stack"] = stack
			said += ", facing " + dilemmaCount(len(stack))
		}
	default:
		return "", "", &pieceError{msg: "Pick the kind of action: play a card, beam personnel, move a ship or attempt a mission.", field: "act_kind"}
	}
	actions = append(actions, map[string]any{"question": a.Kind, "params": p})
	turn["actions"] = actions
	return indentJSON(turn), fmt.Sprintf("Added action %d: %s.", len(actions), said), nil
}

func dilemmaCount(n int) string {
	if n == 1 {
		return "1 dilemma"
	}
	return fmt.Sprintf("%d dilemmas", n)
}

func fieldOr(first bool, a, b string) string {
	if first {
		return a
	}
	return b
}

// A turnView is a turn.replay verdict as the page shows it: each step with
// the action it replayed, the first refused marked, and the board after.
type turnView struct {
	Steps []stepView
	// Refused is the number of the first refused action (from 1), 0 when
	// every action was legal; Skipped how many actions after it were not
	// replayed.
	Refused, Skipped int
	BoardAfter       string
}

// A stepView is one step of a turn: its number, the action in words, its
// verdict and why.
type stepView struct {
	N                 int
	Question, Action  string
	Legal             bool
	Word              string // Legal, Refused; for an attempt, Completed or Not completed
	Reasons           []string
	Citations         []rules.Citation
	FirstRefused, Yes bool
}

// newTurnView reads a turn.replay verdict and the actions asked; nil for a
// verdict of another question. cardName names a card played by its id.
func newTurnView(v *rules.Verdict, params json.RawMessage, cardName func(id string) string) *turnView {
	if v == nil {
		return nil
	}
	turn, ok := v.Result.(*rules.TurnReplayResult)
	if !ok {
		return nil
	}
	steps := turn.Steps
	var asked struct {
		Actions []struct {
			Question string         `json:"question"`
			Params   map[string]any `json:"params"`
		} `json:"actions"`
	}
	_ = json.Unmarshal(params, &asked)
	tv := &turnView{BoardAfter: indentJSON(turn.Board)}
	for i, st := range steps {
		sv := stepView{N: i + 1, Question: st.Question, Legal: st.Legal, Reasons: st.Reasons, Citations: st.Citations}
		if i < len(asked.Actions) {
			p := asked.Actions[i].Params
			if id, ok := p["card"].(string); ok && cardName != nil {
				if name := cardName(id); name != "" {
					p["card"] = name
				}
			}
			sv.Action = actionWords(st.Question, p)
		}
		switch {
		case !st.Legal:
			sv.Word, sv.FirstRefused = "Refused", true
			tv.Refused = i + 1
		case st.Question == "mission.resolve" && (st.Allowed == nil || !*st.Allowed):
			sv.Word, sv.Yes = "Legal, not completed", true
		case st.Question == "mission.resolve":
			sv.Word, sv.Yes = "Legal, completed", true
		default:
			sv.Word, sv.Yes = "Legal", true
		}
		tv.Steps = append(tv.Steps, sv)
	}
	if tv.Refused > 0 {
		tv.Skipped = max(len(asked.Actions)-tv.Refused, 0)
	}
	return tv
}

// actionWords says what an action asked: "move ktinga to ward".
func actionWords(question string, p map[string]any) string {
	str := func(k string) string {
		switch x := p[k].(type) {
		case string:
			return x
		case []any:
			parts := make([]string, 0, len(x))
			for _, e := range x {
				parts = append(parts, fmt.Sprint(e))
			}
			return strings.Join(parts, ", ")
		case map[string]any:
			if t, ok := x["title"].(string); ok {
				return t
			}
		}
		return "?"
	}
	switch question {
	case "ship.move":
		return "Move " + str("ship") + " to " + str("to")
	case "personnel.beam":
		return "Beam " + str("personnel") + " to " + str("to")
	case "card.play":
		s := "Play " + str("card")
		if p["at"] != nil {
			s += " at " + str("at")
		}
		if p["id"] != nil {
			s += " as " + str("id")
		}
		return s
	case "mission.resolve":
		s := "Attempt " + str("mission")
		if stack, ok := p["stack"].([]any); ok {
			s += ", facing " + dilemmaCount(len(stack))
		}
		return s
	}
	return question
}

// A figure is one field of a verdict's result shown as a figure: its
// name as the contract writes it, and the lines it is shown in.
type figureField struct {
	Name  string
	Items []string
}

// figures are the result's fields shown as figures, by name: every field
// of the contract's result object, but those of a turn shown otherwise
// (its steps as steps and its first refused action by them, numbered from
// 1 where firstIllegal counts from 0; the board after it as a board), and
// a turn's counters or normal card play only in the edition that has them.
func figures(v *rules.Verdict) []figureField {
	if v == nil || v.Result == nil {
		return nil
	}
	raw, err := json.Marshal(v.Result)
	if err != nil {
		return nil
	}
	var object map[string]any
	if json.Unmarshal(raw, &object) != nil {
		return nil
	}
	if turn, ok := v.Result.(*rules.TurnReplayResult); ok {
		delete(object, "steps")
		delete(object, "board")
		delete(object, "firstIllegal")
		if turn.Counters == nil {
			delete(object, "counters")
		}
		if turn.CardPlayUsed == nil {
			delete(object, "cardPlayUsed")
		}
	}
	out := make([]figureField, 0, len(object))
	for _, k := range sortedKeys(object) {
		out = append(out, figureField{Name: k, Items: figureItems(object[k])})
	}
	return out
}

// emptyTurn are the params of a turn with no actions yet, keeping the
// counters of the params given when they are a turn's.
func emptyTurn(question, params string) string {
	turn := map[string]any{"actions": []any{}}
	var old map[string]any
	if question == "turn.replay" && json.Unmarshal([]byte(params), &old) == nil {
		if c, ok := old["counters"]; ok {
			turn["counters"] = c
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	_ = enc.Encode(turn)
	return strings.TrimSpace(buf.String())
}
