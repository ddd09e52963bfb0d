package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
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
	Kind string // card.play, personnel.beam, ship.move or mission.resolve
	Card string // card.play: a card name as typed, or a card id
	Cost string // card.play: the cost, when the card data lacks it
	// Ship is the ship moved (or whose crew attempts); Personnel those
	// beamed or attempting; both picked from the board.
	Ship      string
	Personnel []string
	Who       string // the ids as the action names them: the ship, or the personnel
	To        string // where: the mission moved to, the place beamed to, where the card is played, the mission attempted
	ID        string // card.play: the board id the card takes
	Stack     string // mission.resolve: the dilemmas faced, a JSON list
}

// actionFromForm reads the turn builder's fields (act_...): the ship and
// the personnel picked, or the ids typed (act_who), as the action needs.
func actionFromForm(c echo.Context) turnAction {
	f := builderFields(c, "act")
	a := turnAction{Kind: f("kind"), Card: pickedCard(f), Cost: f("cost"), Ship: f("ship"), To: f("to"), ID: f("id"), Stack: f("stack"), Who: f("who")}
	if form, err := c.FormParams(); err == nil {
		for _, p := range form["act_personnel"] {
			if p = strings.TrimSpace(p); p != "" {
				a.Personnel = append(a.Personnel, p)
			}
		}
	}
	if a.Who == "" {
		switch {
		case a.Kind == "ship.move":
			a.Who = a.Ship
		case a.Kind == "mission.resolve" && a.Ship != "":
			a.Who = strings.Join(append([]string{a.Ship}, a.Personnel...), ", ")
		default:
			a.Who = strings.Join(a.Personnel, ", ")
		}
	}
	return a
}

// idList reads ids typed with commas or spaces between them.
func idList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' })
}

// addAction appends the action the builder describes to a turn's params
// (a new turn when the params are not one yet) and returns the params
// written out again, and a sentence saying what was added. Mistakes are
// *pieceError naming the builder's field.
func addAction(ctx context.Context, cards rules.CardService, edition rules.Edition, b *rules.Board, question, params string, a turnAction, names map[string]string) (string, string, error) {
	name := func(id string) string { return nameOr(names, id) }
	nameAll := func(ids []string) string {
		out := make([]string, len(ids))
		for i, id := range ids {
			out[i] = name(id)
		}
		return strings.Join(out, ", ")
	}
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
		if card.Cost == nil && edition == rules.Edition2E {
			// The data lacks the cost playing it spends: asked for now,
			// not found missing once the turn is replayed. Given, the
			// card is played inline with it.
			cost, err := strconv.Atoi(strings.TrimSpace(a.Cost))
			if err != nil || cost < 0 || cost > 20 {
				return "", "", &pieceError{msg: fmt.Sprintf("The card data does not give %s’s cost, which playing it spends: give it below as printed on the card.", card.Name()), field: "act_cost"}
			}
			p["card"] = inlineCard(card, cost)
		}
		said = "play " + card.Name() + " (" + card.ID + ")"
		if a.To != "" {
			p["at"] = a.To
			said += " at " + name(a.To)
		}
		if a.ID != "" && a.To == "" {
			return "", "", &pieceError{msg: "Say where the card is played: the id it takes names it there.", field: "act_to"}
		}
		if a.To != "" {
			// The card played takes an id on the board, so the actions
			// after it can name it: the one given, else one made from its
			// title.
			id := a.ID
			if id == "" {
				taken := boardIDs(b)
				for _, o := range played(actions) {
					taken[o] = "card"
				}
				id = freeID(rules.Slug(card.Title), taken)
			}
			p["id"] = id
			said += " as " + id
		}
	case "ship.move":
		who := idList(a.Who)
		if len(who) != 1 || a.To == "" {
			return "", "", &pieceError{msg: "Pick the ship to move and the mission it moves to.", field: fieldOr(len(who) != 1, "act_ship", "act_to")}
		}
		p["ship"], p["to"] = who[0], a.To
		said = "move " + name(who[0]) + " to " + name(a.To)
	case "personnel.beam":
		who := idList(a.Who)
		if len(who) == 0 || a.To == "" {
			return "", "", &pieceError{msg: "Pick the personnel to beam and the ship, facility or mission they beam to.", field: fieldOr(len(who) == 0, "act_personnel", "act_to")}
		}
		p["personnel"], p["to"] = who, a.To
		said = "beam " + nameAll(who) + " to " + name(a.To)
	case "mission.resolve":
		if a.To == "" {
			return "", "", &pieceError{msg: "Pick the mission attempted.", field: "act_to"}
		}
		p["mission"] = a.To
		said = "attempt " + name(a.To)
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

// newTurnView reads a turn.replay verdict and the actions asked (the
// request's params); nil for a verdict of another question. nameOf names a
// board object or a card by its id ("" when it knows none).
func newTurnView(v *rules.Verdict, params rules.Params, nameOf func(id string) string) *turnView {
	if v == nil {
		return nil
	}
	turn, ok := v.Result.(*rules.TurnReplayResult)
	if !ok {
		return nil
	}
	steps := turn.Steps
	var asked []rules.Action
	if p, ok := params.(*rules.TurnReplayParams); ok && p.Actions != nil {
		asked = *p.Actions
	}
	tv := &turnView{BoardAfter: indentJSON(turn.Board)}
	for i, st := range steps {
		sv := stepView{N: i + 1, Question: st.Question, Legal: st.Legal, Reasons: st.Reasons, Citations: st.Citations}
		if i < len(asked) {
			sv.Action = actionWords(st.Question, asked[i].Params, nameOf)
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
		tv.Skipped = max(len(asked)-tv.Refused, 0)
	}
	return tv
}

// actionWords says what an action asked, its params read by their
// fields, naming the board's objects: "Move I.K.S. K't'inga to Ward".
func actionWords(question string, params rules.Params, nameOf func(id string) string) string {
	named := func(id string) string {
		if id == "" {
			return "?"
		}
		if nameOf != nil {
			if n := nameOf(id); n != "" {
				return n
			}
		}
		return id
	}
	all := func(ids []string) string {
		if ids == nil {
			return "?"
		}
		parts := make([]string, len(ids))
		for i, id := range ids {
			parts[i] = named(id)
		}
		return strings.Join(parts, ", ")
	}
	switch p := params.(type) {
	case *rules.ShipMoveParams:
		return "Move " + named(p.Ship) + " to " + named(p.To)
	case *rules.PersonnelBeamParams:
		return "Beam " + all(p.Personnel) + " to " + named(p.To)
	case *rules.CardPlayParams:
		card := named(p.Card.Ref)
		if p.Card.Inline != nil {
			card = p.Card.Inline.Title
		}
		s := "Play " + card
		if p.At != "" {
			s += " at " + named(p.At)
		}
		if p.ID != "" {
			s += " as " + p.ID
		}
		return s
	case *rules.MissionResolveParams:
		s := "Attempt " + named(p.Mission)
		if p.Stack != nil {
			s += ", facing " + dilemmaCount(len(p.Stack))
		}
		return s
	}
	return question
}

// figuresOf are a verdict's figures in words: every field of the
// contract's result object, labelled in words, but those of a turn shown
// otherwise (its steps as steps and its first refused action by them,
// numbered from 1 where firstIllegal counts from 0; the board after it as a
// board), and a turn's counters or normal card play only in the edition
// that has them; the board's objects by name (names, by id) rather than by
// id, and data words as the cards print them ("staff" is Staff).
func figuresOf(v *rules.Verdict, names map[string]string) []figureView {
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
	out := make([]figureView, 0, len(object))
	for _, k := range sortedKeys(object) {
		out = append(out, figureView{Label: fieldWords(k), Items: figureItems(inWords(object[k], names))})
	}
	return out
}

// dataWord is a word of the data: lower case, maybe hyphenated.
var dataWord = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)

// inWords rewrites a result value for people: a board id as the object's
// name, a data word as the card prints it.
func inWords(v any, names map[string]string) any {
	switch x := v.(type) {
	case string:
		if n, ok := names[x]; ok && n != "" {
			return n
		}
		if dataWord.MatchString(x) {
			return iconWord(x)
		}
		return x
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = inWords(e, names)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			if n, ok := names[k]; ok && n != "" {
				k = n
			}
			out[k] = inWords(e, names)
		}
		return out
	}
	return v
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

// played are the ids the card.play actions of a turn give their cards.
func played(actions []any) []string {
	var out []string
	for _, a := range actions {
		am, _ := a.(map[string]any)
		if p, _ := am["params"].(map[string]any); am["question"] == "card.play" && p != nil {
			if id, ok := p["id"].(string); ok {
				out = append(out, id)
			}
		}
	}
	return out
}

// inlineCard is a card played with a cost the card data lacks: the card as
// the data gives it, with the cost, written inline as card.play takes one.
func inlineCard(c *rules.Card, cost int) map[string]any {
	out := map[string]any{"title": c.Title, "type": c.Type, "cost": cost}
	if c.Subtitle != "" {
		out["subtitle"] = c.Subtitle
	}
	if c.IsUnique() {
		out["unique"] = true
	}
	if c.Affiliation != "" {
		out["affiliation"] = c.Affiliation
	}
	if len(c.Icons) > 0 {
		out["icons"] = c.Icons
	}
	if len(c.Skills) > 0 {
		var skills []string
		for _, sk := range c.Skills {
			skills = append(skills, skillsText([]rules.Skill{sk}))
		}
		out["skills"] = skills
	}
	for k, v := range map[string]*int{"integrity": c.Integrity, "cunning": c.Cunning, "strength": c.Strength, "range": c.Range, "weapons": c.Weapons, "shields": c.Shields} {
		if v != nil {
			out[k] = *v
		}
	}
	if len(c.Staffing) > 0 {
		out["staffing"] = c.Staffing
	}
	if c.Persona != "" {
		out["persona"] = c.Persona
	}
	return out
}
