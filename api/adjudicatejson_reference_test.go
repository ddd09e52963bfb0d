package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	jsonv2 "github.com/go-json-experiment/json"

	"github.com/stccg/stccg-rules/internal/jsonfield"
	"github.com/stccg/stccg-rules/internal/rules"
)

// The reference reading of an adjudication body: encoding/json (or the JSON
// v2 module) into the same types, the params as the question's, with no
// limit; and a walk of a request's values checking every limit its fields'
// limit tags name, written apart from the decoder. The typed decoder must
// read what the reference reads wherever it accepts a body, and never
// accept one the walk finds past a limit (FuzzDecodeAdjudication).

// unmarshalFunc decodes one JSON value strictly into v.
type unmarshalFunc func(data []byte, v any) error

// strictJSON is encoding/json as the server runs it for other bodies:
// unknown fields refused (names matched ignoring case), trailing data
// refused.
func strictJSON(data []byte, v any) error { return decodeStrict(bytes.NewBuffer(data), v) }

// jsonV2Strict are the options of the JSON v2 module that refuse what the
// endpoint refuses: unknown fields (duplicate names, invalid UTF-8 and
// trailing data it refuses by default).
var jsonV2Strict = jsonv2.RejectUnknownMembers(true)

func strictJSONv2(data []byte, v any) error { return jsonv2.Unmarshal(data, v, jsonV2Strict) }

// refRequest is the request with its params kept as JSON, for the
// reference to read as the question's.
type refRequest struct {
	Edition  string          `json:"edition"`
	Rules    string          `json:"rules"`
	Question string          `json:"question"`
	Board    rules.Board     `json:"board"`
	Params   json.RawMessage `json:"params"`
}

// referenceRequest is what unmarshal reads of body.
func referenceRequest(body []byte, unmarshal unmarshalFunc) (rules.AdjudicationRequest, error) {
	var r refRequest
	if err := unmarshal(body, &r); err != nil {
		return rules.AdjudicationRequest{}, err
	}
	req := rules.AdjudicationRequest{Edition: r.Edition, Rules: r.Rules, Question: r.Question, Board: r.Board}
	p, err := referenceParams(r.Question, r.Params, unmarshal)
	req.Params = p
	return req, err
}

// referenceParams reads params as the question's; nil for none.
func referenceParams(question string, raw json.RawMessage, unmarshal unmarshalFunc) (rules.Params, error) {
	if len(raw) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return nil, nil
	}
	q, err := rules.ParseQuestion(question)
	if err != nil {
		return nil, err
	}
	p := rules.NewParams(q)
	switch p := p.(type) {
	case *rules.TurnReplayParams:
		var m struct {
			Actions *[]struct {
				Question string          `json:"question"`
				Params   json.RawMessage `json:"params"`
			} `json:"actions"`
			Counters *int `json:"counters"`
		}
		if err := unmarshal(raw, &m); err != nil {
			return nil, err
		}
		p.Counters = m.Counters
		if m.Actions != nil {
			actions := make([]rules.Action, len(*m.Actions))
			for i, a := range *m.Actions {
				actions[i].Question = a.Question
				if actions[i].Params, err = referenceParams(a.Question, a.Params, unmarshal); err != nil {
					return nil, err
				}
			}
			p.Actions = &actions
		}
		return p, nil
	case *rules.CardPlayParams:
		var m struct {
			Card         json.RawMessage `json:"card"`
			Counters     *int            `json:"counters"`
			Commanded    []string        `json:"commanded"`
			CardPlayUsed bool            `json:"cardPlayUsed"`
			At           string          `json:"at"`
			ID           string          `json:"id"`
		}
		if err := unmarshal(raw, &m); err != nil {
			return nil, err
		}
		p.Counters, p.Commanded, p.CardPlayUsed, p.At, p.ID = m.Counters, m.Commanded, m.CardPlayUsed, m.At, m.ID
		card := bytes.TrimSpace(m.Card)
		switch {
		case len(card) == 0 || string(card) == "null":
		case card[0] == '"':
			if err := unmarshal(card, &p.Card.Ref); err != nil {
				return nil, err
			}
		default:
			p.Card.Inline = new(rules.InlineCard)
			if err := unmarshal(card, p.Card.Inline); err != nil {
				return nil, err
			}
		}
		return p, nil
	}
	if err := unmarshal(raw, p); err != nil {
		return nil, err
	}
	return p, nil
}

// overLimit walks a request's values and names the first past a limit its
// field's limit tag gives, or "".
func overLimit(req rules.AdjudicationRequest) string {
	w := limitWalk{zeroRule: strings.EqualFold(strings.TrimSpace(req.Edition), rules.Edition2E)}
	if f := w.walk(reflect.ValueOf(req), "", false, false); f != "" {
		return f
	}
	if w.turnListed > rules.MaxTurnListed {
		return "params.actions"
	}
	return ""
}

// A limitWalk is one walk of overLimit: whether the board's statistics may
// be below zero (2E), and what a turn's actions name in all.
type limitWalk struct {
	zeroRule   bool
	turnListed int
}

var (
	paramsType  = reflect.TypeFor[rules.Params]()
	cardRefType = reflect.TypeFor[rules.CardRef]()
	boardType   = reflect.TypeFor[rules.Board]()
	actionType  = reflect.TypeFor[rules.Action]()
)

// walk checks the struct v at path; board: under the board; inTurn: under
// a turn's actions.
func (w *limitWalk) walk(v reflect.Value, path string, board, inTurn bool) string {
	t := v.Type()
	if t == boardType {
		board = true
	}
	for _, f := range jsonfield.Of(t) {
		fv := v.FieldByIndex(f.Index)
		at := f.JSON
		if path != "" {
			at = path + "." + f.JSON
		}
		tag := strings.Split(f.Tag.Get("limit"), ",")
		name, items, turn := tag[0], "", false
		for _, x := range tag[1:] {
			if x == "turn" {
				turn = true
			} else {
				items = x
			}
		}
		if got := w.field(fv, at, name, items, turn, board, inTurn || t == reflect.TypeFor[rules.TurnReplayParams]()); got != "" {
			return got
		}
	}
	return ""
}

func (w *limitWalk) field(v reflect.Value, at, name, items string, turn, board, inTurn bool) string {
	t := v.Type()
	switch {
	case t == paramsType:
		if v.IsNil() {
			return ""
		}
		return w.walk(v.Elem().Elem(), at, board, inTurn)
	case t == cardRefType:
		c := v.Interface().(rules.CardRef)
		if len(c.Ref) > rules.TextLimits[name] {
			return at
		}
		if c.Inline != nil {
			return w.walk(reflect.ValueOf(*c.Inline), at, board, inTurn)
		}
		return ""
	case t.Kind() == reflect.String:
		if v.Len() > rules.TextLimits[name] {
			return at
		}
	case t.Kind() == reflect.Bool:
	case t.Kind() == reflect.Int, t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Int:
		if t.Kind() == reflect.Pointer {
			if v.IsNil() {
				return ""
			}
			v = v.Elem()
		}
		n := int(v.Int())
		if name == "copies" {
			if n > rules.MaxDeckCopies {
				return at
			}
			return ""
		}
		r, _ := rules.NumberRangeOf(name)
		least := r.Min
		if board && r.Modified && w.zeroRule {
			least = -r.Max
		}
		if n < least || n > r.Max {
			return at
		}
	case t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct:
		if v.IsNil() {
			return ""
		}
		return w.walk(v.Elem(), at, board, inTurn)
	case t.Kind() == reflect.Struct:
		return w.walk(v, at, board, inTurn)
	case t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Slice, t.Kind() == reflect.Slice:
		if t.Kind() == reflect.Pointer {
			if v.IsNil() {
				return ""
			}
			v = v.Elem()
		}
		if v.Len() > rules.ListLimits[name].Max {
			return at
		}
		if turn && inTurn {
			w.turnListed += v.Len()
		}
		for i := range v.Len() {
			e := v.Index(i)
			item := fmt.Sprintf("%s[%d]", at, i)
			if e.Kind() == reflect.String {
				if e.Len() > rules.TextLimits[items] {
					return item
				}
				continue
			}
			if got := w.walk(e, item, board, inTurn || e.Type() == actionType); got != "" {
				return got
			}
		}
	default:
		return at + " (a field the walk does not know)"
	}
	return ""
}
