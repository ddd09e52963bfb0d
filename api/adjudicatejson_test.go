package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/stccg/stccg-rules/internal/cputime"
	"github.com/stccg/stccg-rules/internal/jsonfield"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// ContractAdjudicationRequests are the contract's example requests to POST
// /v1/adjudicate, of every file of examples, as written in the contract
// (indented) and compact, as bots send them. Exported for the benchmarks of
// package api_test.
func ContractAdjudicationRequests(tb testing.TB) (indented, compact [][]byte) {
	tb.Helper()
	for _, ex := range testcorpus.AdjudicationExamples(tb) {
		var c bytes.Buffer
		if err := json.Compact(&c, ex.Request); err != nil {
			tb.Fatal(err)
		}
		indented, compact = append(indented, ex.Request), append(compact, c.Bytes())
	}
	return indented, compact
}

// contractAdjudicationBodies are the contract's example requests, each
// indented and compact.
func contractAdjudicationBodies(tb testing.TB) [][]byte {
	tb.Helper()
	indented, compact := ContractAdjudicationRequests(tb)
	var out [][]byte
	for i := range indented {
		out = append(out, indented[i], compact[i])
	}
	return out
}

// plainAdjudicationBodies are bodies the decoder reads: every field shape it
// takes, in the spellings bots use.
var plainAdjudicationBodies = []string{
	`{}`,
	`{"edition":"2e","question":"ship.move","board":{}}`,
	`{"edition":"1e","rules":"1e-current-rulings","question":"requirement.check","params":{"requirement":"Computer Skill x2 OR SCIENCE x3","personnel":[]}}`,
	`{"board":{"missions":[],"ships":[],"personnel":[]}}`,
	`{"board":{"missions":[{}],"ships":[{}],"personnel":[{}]}}`,
	" \t\r\n{ \"edition\" : \"2e\" ,\n\t\"board\" : { \"ships\" : [ { \"id\" : \"s\" , \"at\" : { \"mission\" : \"m\" } } ] } , \"question\" : \"ship.move\" , \"params\" : { \"ship\" : \"s\" , \"to\" : \"m\" } }\r\n ",
	`{"board":{"missions":[{"id":"m","owner":"p1","card":"Earth","title":"Earth","type":"headquarters","quadrant":"alpha","span":2,"region":"Sector 001","points":0,"requirements":"Leadership","affiliations":["federation","bajoran"],"completed":true,"overcomeDilemmas":3,"play":["federation"]}]}}`,
	`{"edition":"2e","board":{"ships":[{"id":"galaxy","owner":"p2","card":"U.S.S. Galaxy","title":"Galaxy","affiliation":"federation","staffing":["command","staff"],"range":8,"rangeUsed":5,"weapons":8,"shields":-9,"at":{"mission":"earth"},"stopped":false,"damage":0}]}}`,
	`{"board":{"personnel":[{"id":"worf","owner":"p1","card":"Worf","title":"Worf","affiliation":"klingon","icons":[],"skills":["Honor","Security","Security"],"characteristics":["Klingon"],"integrity":-0,"cunning":0,"strength":999,"species":"Klingon","at":{"ship":"galaxy"},"stopped":true}]}}`,
	`{"edition":"2e","board":{"ships":[{"id":"s","range":-999,"at":{}}],"personnel":[{"id":"p","at":{"mission":"m","ship":"s"}}]}}`,
	`{"edition":"Ω","question":"Q'onoS – “Kronos” ` + "\u2028\u2029" + ` 🖖","board":{"personnel":[{"id":"<b>&amp;</b>","skills":["/","'"]}]}}`,
	`{"edition":"","rules":"","question":""}`,
	`{"question":"ship.staffed","params":{"ship":"\u00e9\"\\"}}`,
	`{"question":"game.winner","params":  {  "players" :  [ {"name":"a","score":1} , {"name":"b","score":-2,"planet":true,"space":false} ], "decksEmpty": true }  }`,
	`{"edition":"2\u0065","board":{"ships":[{"id":"a\"b"}]}}`,
	`{"board":{"missions":[{"id":"m","requirements":"Astrometrics, Physics, and Cunning\u003e28 \u0026 \u003cb\u003e"}]}}`,
	`{"board":{"personnel":[{"id":"p","skills":["\"\\\/","\u00e9\u00C9\uFFFF\u2028"]}]}}`,
	`{"question":"tail escape \\"}`,
	`{"params":{"ship":"s"},"question":"ship.staffed","edition":"2e"}`,
	`{"params":null,"question":"warp.core"}`,
	`{"question":"card.play","params":{"card":"Worf","counters":3,"commanded":["Kurn"],"cardPlayUsed":true,"at":"hq","id":"w"}}`,
	`{"question":"card.play","params":{"card":{"title":"Zq","subtitle":"X","type":"personnel","cost":2,"unique":true,"quadrant":"gamma","persona":"Zq","affiliation":"klingon","icons":["staff"],"skills":["Honor"],"characteristics":["Klingon"],"integrity":5,"cunning":5,"strength":6,"species":"Klingon","staffing":["command"],"range":7,"weapons":6,"shields":6}}}`,
	`{"params":{"actions":[{"params":{"ship":"s","to":"m"},"question":"ship.move"},{"question":"personnel.beam","params":{"personnel":["a"],"to":"s"}}],"counters":5},"question":"turn.replay"}`,
	`{"question":"mission.resolve","params":{"mission":"m","ship":"s","personnel":["a","b"],"stack":[{"title":"A","kind":"planet","cost":1,"seededBy":"you","stops":["a"],"kills":[],"brigs":["b"],"returns":true}]}}`,
	`{"question":"deck.validate","params":{"missions":[{"card":"Earth","count":1}],"dilemmas":[{"title":"Zq","count":100,"universal":true}],"seeds":[],"deck":[{"title":"Zq"}]}}`,
	`{"question":"battle.ship","params":{"attackers":["a"],"target":"t","attackBonus":-3,"defenseBonus":999,"dockedShields":0}}`,
	`{"question":"DILEMMAS.STACK","params":{"mission":"m","attempting":3,"stack":[{"title":"A","kind":"dual","cost":0}]}}`,
}

func TestDecodeAdjudicationReadsWhatEncodingJSONReads(t *testing.T) {
	bodies := contractAdjudicationBodies(t)
	for _, b := range plainAdjudicationBodies {
		bodies = append(bodies, []byte(b))
	}
	for _, body := range bodies {
		want, err := referenceRequest(body, strictJSON)
		if err != nil {
			t.Fatalf("encoding/json refuses %s: %v", body, err)
		}
		var got rules.AdjudicationRequest
		if err := DecodeAdjudication(body, &got); err != nil {
			t.Errorf("refused %s: %v (details %v)", body, err, rules.ErrorDetails(err))
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\ndecoder       %#v\nencoding/json %#v", body, got, want)
		}
	}
}

// recordingAdjudicator answers every request and keeps a copy of the last
// one: an adjudicator keeps nothing of a request it was given (the REST
// handler reads the next request into the same lists).
type recordingAdjudicator struct{ got *rules.AdjudicationRequest }

func (a *recordingAdjudicator) Adjudicate(_ context.Context, req rules.AdjudicationRequest) (*rules.Verdict, error) {
	kept := deepCopy(reflect.ValueOf(req)).Interface().(rules.AdjudicationRequest)
	a.got = &kept
	return &rules.Verdict{Question: req.Question, Edition: req.Edition, Rules: req.Rules}, nil
}

// deepCopy is a copy of v sharing no list, pointer or map with it.
func deepCopy(v reflect.Value) reflect.Value {
	out := reflect.New(v.Type()).Elem()
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			p := reflect.New(v.Type().Elem())
			p.Elem().Set(deepCopy(v.Elem()))
			out.Set(p)
		}
	case reflect.Interface:
		if !v.IsNil() {
			out.Set(deepCopy(v.Elem()))
		}
	case reflect.Slice:
		if !v.IsNil() {
			s := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
			for i := range v.Len() {
				s.Index(i).Set(deepCopy(v.Index(i)))
			}
			out.Set(s)
		}
	case reflect.Map:
		if !v.IsNil() {
			m := reflect.MakeMapWithSize(v.Type(), v.Len())
			for it := v.MapRange(); it.Next(); {
				m.SetMapIndex(it.Key(), deepCopy(it.Value()))
			}
			out.Set(m)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if out.Field(i).CanSet() {
				out.Field(i).Set(deepCopy(v.Field(i)))
			}
		}
	default:
		out.Set(v)
	}
	return out
}

// adjudicationBodies are bodies past the plain ones, with the server's
// answer to each: 200 (read as encoding/json reads it), or the status,
// the message and the field named.
var adjudicationBodies = []struct {
	name, body  string
	status      int
	message     string
	field       string
	suggestions []string
}{
	{"case-variant key", `{"Edition":"2e","QUESTION":"ship.move","board":{}}`, 400, `Unknown field "Edition" in the request body: did you mean "edition"?`, "Edition", []string{"edition"}},
	{"case-variant nested key", `{"board":{"Ships":[{"ID":"s","At":{"Mission":"m"}}]}}`, 400, `Unknown field "Ships" in board: did you mean "ships"?`, "board.Ships", []string{"ships"}},
	{"misspelt board field", `{"board":{"personnel":[{"id":"a"},{"id":"b","skils":["Honor"]}]}}`, 400, `Unknown field "skils" in board.personnel[1]: did you mean "skills"?`, "board.personnel[1].skils", []string{"skills"}},
	{"case-variant param", `{"question":"turn.replay","params":{"actions":[{"question":"personnel.beam","params":{"Personnel":["a"],"to":"s"}}]}}`, 400, `Unknown field "Personnel" in params.actions[0].params: did you mean "personnel"?`, "params.actions[0].params.Personnel", []string{"personnel"}},
	{"case-variant stack", `{"question":"dilemmas.stack","params":{"mission":"m","Stack":[]}}`, 400, `Unknown field "Stack" in params: did you mean "stack"?`, "params.Stack", []string{"stack"}},
	{"case-variant count", `{"question":"deck.validate","params":{"deck":[{"title":"A","Count":1000}]}}`, 400, `Unknown field "Count" in params.deck[0]: did you mean "count"?`, "params.deck[0].Count", []string{"count"}},
	{"a field nothing is near", `{"board":{"ships":[{"id":"s","hyperdrive":9}]}}`, 400, `Unknown field "hyperdrive" in board.ships[0], which takes id, owner, card, title, affiliation, staffing, range, rangeUsed, weapons, shields, at, stopped, damage, docked, cloaked.`, "board.ships[0].hyperdrive", []string{}},
	{"unknown location field", `{"board":{"ships":[{"id":"s","at":{"quadrant":"alpha"}}]}}`, 400, `Unknown field "quadrant" in board.ships[0].at, which takes mission, ship, facility, brig.`, "board.ships[0].at.quadrant", []string{}},
	{"unknown field", `{"edition":"2e","question":"ship.move","bored":{}}`, 400, `Unknown field "bored" in the request body: did you mean "board"?`, "bored", []string{"board"}},
	{"an inline card's unknown field", `{"question":"card.play","params":{"card":{"title":"Zq","skils":[]}}}`, 400, `Unknown field "skils" in params.card: did you mean "skills"?`, "params.card.skils", []string{"skills"}},
	{"duplicate key", `{"edition":"1e","edition":"2e","question":"ship.move"}`, 400, "The field edition is given twice.", "edition", nil},
	{"duplicate list", `{"board":{"ships":[{"id":"a","range":3},{"id":"b"}],"ships":[{"id":"c"}]}}`, 400, "The field board.ships is given twice.", "board.ships", nil},
	{"duplicate key in a location", `{"board":{"ships":[{"id":"s","at":{"mission":"m","mission":"n"}}]}}`, 400, "The field board.ships[0].at.mission is given twice.", "board.ships[0].at.mission", nil},
	{"duplicate param", `{"question":"ship.move","params":{"ship":"s","ship":"t"}}`, 400, "The field params.ship is given twice.", "params.ship", nil},
	{"null string", `{"edition":null,"question":"ship.move","board":{}}`, 200, "", "", nil},
	{"null board", `{"board":null}`, 200, "", "", nil},
	{"null list", `{"board":{"personnel":[{"id":"p","skills":null}]}}`, 200, "", "", nil},
	// null is a field left out, never an item of a list: read as "" it
	// named no skill, and a ship of null was refused for lacking an id.
	{"null list element", `{"board":{"personnel":[{"id":"p","skills":["a",null]}]}}`, 400, "The item board.personnel[0].skills[1] is null: a list holds no null; leave the item out.", "board.personnel[0].skills[1]", nil},
	{"null ship", `{"board":{"ships":[null]}}`, 400, "The item board.ships[0] is null: a list holds no null; leave the item out.", "board.ships[0]", nil},
	{"null action", `{"question":"turn.replay","params":{"actions":[{"question":"ship.move","params":{}},null]}}`, 400, "The item params.actions[1] is null: a list holds no null; leave the item out.", "params.actions[1]", nil},
	{"null pointer", `{"board":{"missions":[{"id":"m","span":null}]}}`, 200, "", "", nil},
	{"null location", `{"board":{"ships":[{"id":"s","at":null}]}}`, 200, "", "", nil},
	{"null params", `{"params":null}`, 200, "", "", nil},
	{"null card", `{"question":"card.play","params":{"card":null}}`, 200, "", "", nil},
	{"null action params", `{"question":"turn.replay","params":{"actions":[{"question":"ship.move","params":null}]}}`, 200, "", "", nil},
	{"fraction", `{"board":{"missions":[{"id":"m","span":1.5}]}}`, 400, "The field board.missions[0].span must be written as a whole number from 0 to 10 (printed spans run from 1 to 5), not 1.5.", "board.missions[0].span", nil},
	{"whole fraction", `{"board":{"missions":[{"id":"m","span":2.0}]}}`, 400, "The field board.missions[0].span must be written as a whole number from 0 to 10 (printed spans run from 1 to 5), not 2.0.", "board.missions[0].span", nil},
	{"exponent", `{"board":{"missions":[{"id":"m","span":1e2}]}}`, 400, "The field board.missions[0].span must be written as a whole number from 0 to 10 (printed spans run from 1 to 5), not 1e2.", "board.missions[0].span", nil},
	{"a param's fraction", `{"question":"dilemmas.stack","params":{"attempting":2.5}}`, 400, "The field params.attempting must be written as a whole number from 0 to 256 (no more personnel attempt than a board holds), not 2.5.", "params.attempting", nil},
	{"integer too large", `{"board":{"ships":[{"id":"s","damage":99999999999999999999}]}}`, 422, "board.ships[0].damage must be a whole number from 0 to 999 (a ship is destroyed long before), not 99999999999999999999", "board.ships[0].damage", nil},
	{"nineteen digits", `{"board":{"ships":[{"id":"s","damage":1000000000000000000}]}}`, 422, "board.ships[0].damage must be a whole number from 0 to 999 (a ship is destroyed long before), not 1000000000000000000", "board.ships[0].damage", nil},
	{"a number past its range", `{"board":{"missions":[{"id":"m","span":11}]}}`, 422, "board.missions[0].span must be a whole number from 0 to 10 (printed spans run from 1 to 5), not 11", "board.missions[0].span", nil},
	{"a 1E statistic below zero", `{"edition":"1e","board":{"personnel":[{"id":"a","strength":4},{"id":"b","strength":-5}]}}`, 422, "board.personnel[1].strength must be a whole number from 0 to 999 (printed statistics reach 40), not -5", "board.personnel[1].strength", nil},
	{"a 2E statistic below zero", `{"edition":" 2E","board":{"personnel":[{"id":"b","strength":-5}]}}`, 200, "", "", nil},
	{"a printed cost below zero", `{"edition":"2e","question":"card.play","params":{"card":{"title":"Zq","cost":-1}}}`, 422, "params.card.cost must be a whole number from 0 to 99 (printed costs run from 0 to about 9), not -1", "params.card.cost", nil},
	{"a deck line's copies", `{"question":"deck.validate","params":{"deck":[{"title":"A"},{"title":"B","count":101}]}}`, 422, "params.deck[1].count is 101 copies; a deck line may count at most 100", "params.deck[1].count", nil},
	{"leading zero", `{"board":{"missions":[{"id":"m","span":02}]}}`, 400, "The request body is not valid JSON (at byte 41: invalid character '2' after object key:value pair).", "", nil},
	{"lone minus", `{"board":{"missions":[{"id":"m","span":-}]}}`, 400, "The request body is not valid JSON (at byte 41: invalid character '}' in numeric literal).", "", nil},
	{"number as string", `{"board":{"missions":[{"id":"m","span":"2"}]}}`, 400, "The field board.missions[0].span must be a whole number, not a JSON string.", "board.missions[0].span", nil},
	{"personnel statistic as string", `{"board":{"personnel":[{"id":"p","integrity":"5"}]}}`, 400, "The field board.personnel[0].integrity must be a whole number, not a JSON string.", "board.personnel[0].integrity", nil},
	{"string as number", `{"edition":2,"question":"ship.move"}`, 400, "The field edition must be a string, not a JSON number.", "edition", nil},
	{"bool as string", `{"board":{"missions":[{"id":"m","completed":"true"}]}}`, 400, "The field board.missions[0].completed must be true or false, not a JSON string.", "board.missions[0].completed", nil},
	{"bool run on", `{"board":{"missions":[{"id":"m","completed":truex}]}}`, 400, "The request body is not valid JSON (at byte 49: invalid character 'x' after object key:value pair).", "", nil},
	{"list as string", `{"board":{"ships":[{"id":"s","staffing":"command"}]}}`, 400, "The field board.ships[0].staffing must be a list, not a JSON string.", "board.ships[0].staffing", nil},
	{"card as number", `{"question":"card.play","params":{"card":7}}`, 400, "The field params.card must be a card id, a name or a card object, not a JSON number.", "params.card", nil},
	{"params as list", `{"question":"ship.move","params":[1,2]}`, 400, "The field params must be an object, not a JSON array.", "params", nil},
	{"escaped surrogate pair", `{"question":"\ud83d\udd96"}`, 200, "", "", nil},
	{"escaped lone surrogate", `{"question":"\ud800x"}`, 422, "question holds a control character, a bidirectional control or invalid UTF-8.", "question", nil},
	{"escaped low surrogate first", `{"board":{"personnel":[{"id":"p","skills":["\udc00\ud800"]}]}}`, 422, "board.personnel[0].skills[0] holds a control character, a bidirectional control or invalid UTF-8.", "board.personnel[0].skills[0]", nil},
	{"escaped control characters", `{"board":{"personnel":[{"id":"p","skills":["\b\f\n\r\t"]}]}}`, 422, "board.personnel[0].skills[0] holds a control character, a bidirectional control or invalid UTF-8.", "board.personnel[0].skills[0]", nil},
	{"escaped NUL", `{"board":{"personnel":[{"id":"p","card":"Worf\u0000"}]}}`, 422, "board.personnel[0].card holds a control character, a bidirectional control or invalid UTF-8.", "board.personnel[0].card", nil},
	{"raw DEL", "{\"board\":{\"personnel\":[{\"id\":\"p\",\"card\":\"Worf\x7f\"}]}}", 422, "board.personnel[0].card holds a control character, a bidirectional control or invalid UTF-8.", "board.personnel[0].card", nil},
	{"a right-to-left override", `{"board":{"ships":[{"id":"s","title":"Gal\u202Eaxy"}]}}`, 422, "board.ships[0].title holds a control character, a bidirectional control or invalid UTF-8.", "board.ships[0].title", nil},
	{"escaped apostrophe", `{"question":"Q\'onoS"}`, 400, "The request body is not valid JSON (at byte 16: invalid character '\\'' in string escape code).", "", nil},
	{"escape with bad hex", `{"question":"\u00zz"}`, 400, "The request body is not valid JSON (at byte 18: invalid character 'z' in \\u hexadecimal character escape).", "", nil},
	{"escape cut short", `{"question":"\u00"}`, 400, "The request body is not valid JSON (at byte 18: invalid character '\"' in \\u hexadecimal character escape).", "", nil},
	{"escaped key", `{"edi\u0074ion":"2e"}`, 200, "", "", nil},
	{"raw control character", "{\"edition\":\"2e\u0000\"}", 400, "The request body is not valid JSON (at byte 15: invalid character '\\x00' in string literal).", "", nil},
	{"raw tab in string", "{\"edition\":\"2\te\"}", 400, "The request body is not valid JSON (at byte 14: invalid character '\\t' in string literal).", "", nil},
	{"invalid UTF-8", "{\"edition\":\"2e\xff\",\"question\":\"ship.move\"}", 422, "edition holds a control character, a bidirectional control or invalid UTF-8.", "edition", nil},
	{"invalid UTF-8 in params", "{\"question\":\"ship.move\",\"params\":{\"ship\":\"\xc3\"}}", 422, "params.ship holds a control character, a bidirectional control or invalid UTF-8.", "params.ship", nil},
	{"unknown question with params", `{"question":"warp.core","params":{"ship":"s"}}`, 422, "", "question", nil},
	{"an action that is no move", `{"question":"turn.replay","params":{"actions":[{"question":"ship.staffed","params":{"ship":"s"}}]}}`, 422, `"ship.staffed" is not an action a turn is made of: an action is one of card.play, mission.resolve, personnel.beam, ship.move`, "params.actions[0].question", nil},
	{"two values", `{"edition":"2e"} {"edition":"1e"}`, 400, "The request body holds more than one JSON value (more begins at byte 17).", "", nil},
	{"trailing garbage", `{"edition":"2e"}x`, 400, "The request body holds more than one JSON value (more begins at byte 16).", "", nil},
	{"trailing brace", `{"edition":"2e"}}`, 400, "The request body holds more than one JSON value (more begins at byte 16).", "", nil},
	{"trailing bracket", "{\"edition\":\"2e\"}\n ]", 400, "The request body holds more than one JSON value (more begins at byte 18).", "", nil},
	{"trailing comma", `{"edition":"2e",}`, 400, "The request body is not valid JSON (at byte 17: invalid character '}' looking for beginning of object key string).", "", nil},
	{"trailing comma in list", `{"board":{"ships":[{"id":"s"},]}}`, 400, "The request body is not valid JSON (at byte 31: invalid character ']' looking for beginning of value).", "", nil},
	{"missing colon", `{"edition" "2e"}`, 400, "The request body is not valid JSON (at byte 12: invalid character '\"' after object key).", "", nil},
	{"malformed", `{"edition": "2e",`, 400, "The request body is truncated JSON.", "", nil},
	{"truncated", `{"edition": "2e", "question": "ship.mo`, 400, "The request body is truncated JSON.", "", nil},
	{"truncated params", `{"params":{"a":[1,2`, 400, "The request body is truncated JSON.", "", nil},
	{"malformed params after an unknown field", `{"bored":1,"params":{"a":}}`, 400, "The request body is not valid JSON (at byte 26: invalid character '}' looking for beginning of value).", "", nil},
	{"unbalanced params", `{"params":{"a":[1}]}`, 400, "The request body is not valid JSON (at byte 18: invalid character '}' after array element).", "", nil},
	{"params without value", `{"params":}`, 400, "The request body is not valid JSON (at byte 11: invalid character '}' looking for beginning of value).", "", nil},
	{"params run on", `{"params":1"x"}`, 400, "The request body is not valid JSON (at byte 12: invalid character '\"' after object key:value pair).", "", nil},
	{"params nested deeper than encoding/json goes", `{"params":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + `}`, 400, "The request body is not valid JSON (at byte 10010: invalid character '[' exceeded max depth).", "", nil},
	{"empty", ``, 400, "The request body is empty: send a JSON object.", "", nil},
	{"blank", " \n\t ", 400, "The request body is empty: send a JSON object.", "", nil},
	{"not an object", `[1,2,3]`, 400, "The field (the body) must be an object, not a JSON array.", "(the body)", nil},
	{"a string", `"edition"`, 400, "The field (the body) must be an object, not a JSON string.", "(the body)", nil},
	{"byte order mark", "\ufeff{}", 400, "The request body is not valid JSON (at byte 1: invalid character 'ï' looking for beginning of value).", "", nil},
	{"list of objects as object", `{"board":{"ships":{"id":"s"}}}`, 400, "The field board.ships must be a list, not a JSON object.", "board.ships", nil},
	{"a list past its limit", `{"board":{"ships":[{"id":"s","staffing":["a","b","c","d","e","f","g","h","i","j","k","l","m"]}]}}`, 422, "board.ships[0].staffing holds more than 12 staffing icons; at most 12 are allowed (the largest ships print about six)", "board.ships[0].staffing", nil},
	{"a text past its limit", `{"board":{"ships":[{"id":"s","affiliation":"` + strings.Repeat("x", 49) + `"}]}}`, 422, "board.ships[0].affiliation is 49 bytes long; at most 48 are allowed", "board.ships[0].affiliation", nil},
}

func TestDecodeAdjudicationAnswersEachBody(t *testing.T) {
	adj := &recordingAdjudicator{}
	h := New(Config{Services: Services{Adjudicator: adj}, Logger: slog.New(slog.DiscardHandler)})
	for _, tc := range adjudicationBodies {
		t.Run(tc.name, func(t *testing.T) {
			body := []byte(tc.body)
			adj.got = nil
			rec := httptest.NewRecorder()
			req := httptest.NewRequest(http.MethodPost, "/v1/adjudicate", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			h.ServeHTTP(rec, req)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.status, rec.Body)
			}
			if tc.status == http.StatusOK {
				want, err := referenceRequest(body, strictJSON)
				if err != nil {
					t.Fatal(err)
				}
				if adj.got == nil || !reflect.DeepEqual(*adj.got, want) {
					t.Errorf("adjudicator got %#v, encoding/json reads %#v", adj.got, want)
				}
				return
			}
			var e errorBody
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
				t.Fatalf("answer %s: %v", rec.Body, err)
			}
			if tc.message != "" && e.Error.Message != tc.message {
				t.Errorf("message %q, want %q", e.Error.Message, tc.message)
			}
			if f, _ := e.Error.Details["field"].(string); f != tc.field {
				t.Errorf("field %q, want %q", f, tc.field)
			}
			if tc.suggestions != nil {
				got, _ := json.Marshal(e.Error.Details["suggestions"])
				want, _ := json.Marshal(tc.suggestions)
				if string(got) != string(want) {
					t.Errorf("suggestions %s, want %s", got, want)
				}
			}
		})
	}
}

// fullBody writes a JSON object of type typ setting every field (params of
// question), and the field twice where it is twice.
func fullBody(t *testing.T, b *bytes.Buffer, typ reflect.Type, question asked, twice fieldRef) {
	t.Helper()
	b.WriteByte('{')
	first := true
	for _, jf := range jsonfield.Of(typ) {
		f, name := jf.StructField, jf.JSON
		n := 1
		if twice == (fieldRef{jf.Owner, f.Index[len(f.Index)-1]}) {
			n = 2
		}
		for range n {
			if !first {
				b.WriteByte(',')
			}
			first = false
			fmt.Fprintf(b, "%q:", name)
			fullValue(t, b, typ, f, question, twice)
		}
	}
	b.WriteByte('}')
}

// asked is the question a full body asks, and the question of a turn's
// actions (mission.resolve when none is named).
type asked struct{ question, action rules.Question }

func (a asked) String() string {
	if a.action != "" {
		return string(a.question) + " of " + string(a.action)
	}
	return string(a.question)
}

// actionQuestion is the question of a turn's actions in a full body.
func (a asked) actionQuestion() rules.Question {
	if a.action != "" {
		return a.action
	}
	return rules.QuestionMissionResolve
}

// fieldRef names one field of one struct type.
type fieldRef struct {
	owner reflect.Type
	index int
}

func fullValue(t *testing.T, b *bytes.Buffer, owner reflect.Type, f reflect.StructField, question asked, twice fieldRef) {
	t.Helper()
	switch typ := f.Type; {
	case typ == reflect.TypeFor[rules.Params]():
		q := question.question
		if owner == reflect.TypeFor[rules.Action]() {
			q = question.actionQuestion()
		}
		fullBody(t, b, reflect.TypeOf(rules.NewParams(q)).Elem(), question, twice)
	case typ == reflect.TypeFor[rules.CardRef]():
		fullBody(t, b, reflect.TypeFor[rules.InlineCard](), question, twice)
	case f.Name == "Question" && owner == reflect.TypeFor[rules.Action]():
		fmt.Fprintf(b, "%q", question.actionQuestion())
	case f.Name == "Question":
		fmt.Fprintf(b, "%q", question.question)
	case f.Name == "Edition":
		b.WriteString(`"2e"`)
	case typ.Kind() == reflect.String:
		fmt.Fprintf(b, "%q", strings.ToLower(f.Name)+"-v")
	case typ.Kind() == reflect.Int:
		b.WriteString("7")
	case typ.Kind() == reflect.Bool:
		b.WriteString("true")
	case typ.Kind() == reflect.Pointer && typ.Elem().Kind() == reflect.Int:
		b.WriteString("3")
	case typ.Kind() == reflect.Pointer && typ.Elem().Kind() == reflect.Struct:
		fullBody(t, b, typ.Elem(), question, twice)
	case typ.Kind() == reflect.Struct:
		fullBody(t, b, typ, question, twice)
	case typ.Kind() == reflect.Slice && typ.Elem().Kind() == reflect.String,
		typ.Kind() == reflect.Pointer && typ.Elem().Kind() == reflect.Slice && typ.Elem().Elem().Kind() == reflect.String:
		b.WriteString(`["a","b"]`)
	case typ.Kind() == reflect.Slice && typ.Elem().Kind() == reflect.Struct,
		typ.Kind() == reflect.Pointer && typ.Elem().Kind() == reflect.Slice && typ.Elem().Elem().Kind() == reflect.Struct:
		elem := typ.Elem()
		if elem.Kind() == reflect.Slice {
			elem = elem.Elem()
		}
		b.WriteByte('[')
		fullBody(t, b, elem, question, twice)
		b.WriteByte(',')
		fullBody(t, b, elem, question, twice)
		b.WriteByte(']')
	default:
		t.Fatalf("%s.%s is a %s: teach DecodeAdjudication and this test that kind of field", owner, f.Name, typ)
	}
}

// structsUnder lists typ and every struct type of internal/rules its
// fields hold (a question's params for the request's).
func structsUnder(typ reflect.Type, question rules.Question) []reflect.Type {
	var out []reflect.Type
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
			t = t.Elem()
		}
		if t == reflect.TypeFor[rules.Params]() {
			walk(reflect.TypeOf(rules.NewParams(question)).Elem())
			if question == rules.QuestionTurnReplay {
				walk(reflect.TypeFor[rules.MissionResolveParams]())
			}
			return
		}
		if t == reflect.TypeFor[rules.CardRef]() {
			walk(reflect.TypeFor[rules.InlineCard]())
			return
		}
		if t.Kind() != reflect.Struct || t.PkgPath() != typ.PkgPath() || slices.Contains(out, t) {
			return
		}
		out = append(out, t)
		for i := range t.NumField() {
			walk(t.Field(i).Type)
		}
	}
	walk(typ)
	return out
}

// zeroField reports the path of a field left zero in v, or "".
func zeroField(v reflect.Value, path string) string {
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return path
		}
		return zeroField(v.Elem(), path)
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[rules.CardRef]() {
			return zeroField(v.FieldByName("Inline"), path+".Inline")
		}
		for i := range v.NumField() {
			if p := zeroField(v.Field(i), path+"."+v.Type().Field(i).Name); p != "" {
				return p
			}
		}
		return ""
	case reflect.Pointer:
		if v.IsNil() {
			return path
		}
		return zeroField(v.Elem(), path)
	case reflect.Slice:
		if v.Len() == 0 {
			return path
		}
		for i := range v.Len() {
			if p := zeroField(v.Index(i), fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p
			}
		}
		return ""
	}
	if v.IsZero() {
		return path
	}
	return ""
}

// TestDecodeAdjudicationKnowsEveryField fails when a field is added to the
// request, the board or a question's params and DecodeAdjudication does not
// read it as encoding/json does, or reads it when given twice.
func TestDecodeAdjudicationKnowsEveryField(t *testing.T) {
	request := reflect.TypeFor[rules.AdjudicationRequest]()
	for _, q := range rules.Questions() {
		t.Run(string(q), func(t *testing.T) {
			var b bytes.Buffer
			fullBody(t, &b, request, asked{question: q}, fieldRef{})
			body := bytes.Clone(b.Bytes())
			want, err := referenceRequest(body, strictJSON)
			if err != nil {
				t.Fatalf("encoding/json refuses %s: %v", body, err)
			}
			if p := zeroField(reflect.ValueOf(want), "AdjudicationRequest"); p != "" {
				t.Fatalf("%s is not set by %s", p, body)
			}
			var got rules.AdjudicationRequest
			if err := DecodeAdjudication(body, &got); err != nil {
				t.Fatalf("a body setting every field is refused: %v\n%s", err, body)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s:\ndecoder       %#v\nencoding/json %#v", body, got, want)
			}
			for _, typ := range structsUnder(request, q) {
				for _, jf := range jsonfield.Of(typ) {
					f := jf.StructField
					b.Reset()
					fullBody(t, &b, request, asked{question: q}, fieldRef{jf.Owner, f.Index[len(f.Index)-1]})
					if b.Len() <= len(body) {
						t.Fatalf("%s.%s was not written twice: %s", typ, f.Name, b.Bytes())
					}
					var req rules.AdjudicationRequest
					if err := DecodeAdjudication(b.Bytes(), &req); rules.ErrorCode(err) != rules.EINVALID || !strings.Contains(err.Error(), "is given twice") {
						t.Errorf("%s.%s given twice: %v", typ.Name(), f.Name, err)
					}
				}
			}
		})
	}
}

// TestEveryFieldInAnotherCaseOrMisspeltIsRefusedWithItsPath writes, for
// every question (and a turn of each move), a body setting every field of
// the request, the board and the question's params (a card played inline,
// a turn's actions' params), as the types in internal/rules give them;
// then each of its keys in turn written otherwise: its first letter in the
// other case, all in capitals, a letter left out, two letters swapped, a
// letter doubled. Each is refused 400, naming the key's full path, and
// suggesting the field meant.
func TestEveryFieldInAnotherCaseOrMisspeltIsRefusedWithItsPath(t *testing.T) {
	request := reflect.TypeFor[rules.AdjudicationRequest]()
	var bodies []asked
	for _, q := range rules.Questions() {
		bodies = append(bodies, asked{question: q})
	}
	for _, m := range rules.Moves() {
		bodies = append(bodies, asked{question: rules.QuestionTurnReplay, action: m})
	}
	tried, paths := 0, map[string]bool{}
	for _, a := range bodies {
		var b bytes.Buffer
		fullBody(t, &b, request, a, fieldRef{})
		var tree any
		if err := json.Unmarshal(b.Bytes(), &tree); err != nil {
			t.Fatal(err)
		}
		enc := encodedTree(t, tree)
		for i, key := range keyPaths(tree, "") {
			for _, variant := range misspellings(key.name) {
				if _, taken := key.siblings[variant]; taken {
					continue // "affiliations" less its s is the field affiliation
				}
				body := enc.renamed(nil, "", key.path, key.name, variant)
				if i%40 == 0 { // a few written as before, to show they are the same
					want, err := json.Marshal(renamed(tree, key.path, key.name, variant))
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(body, want) {
						t.Fatalf("%s: %s renamed %s: %s, encoding/json writes %s", a, key.path+key.name, variant, body, want)
					}
				}
				var req rules.AdjudicationRequest
				err := DecodeAdjudication(body, &req)
				tried++
				paths[key.path+key.name] = true
				want := key.path + variant
				if rules.ErrorCode(err) != rules.EINVALID || rules.ErrorDetails(err)["field"] != want {
					t.Errorf("%s: %q written %q: %v (details %v), want 400 naming %s", a, key.path+key.name, variant, err, rules.ErrorDetails(err), want)
					continue
				}
				if s := rules.DetailStrings(err, "suggestions"); !slices.Contains(s, key.name) {
					t.Errorf("%s: %s suggests %v, not %q", a, want, s, key.name)
				}
			}
		}
	}
	t.Logf("%d keys at %d paths written in another case or misspelt, each refused with its path", tried, len(paths))
}

// misspellings are a field's name written otherwise, as a person mistypes
// it: the first letter in the other case, all in capitals, and, for names
// of three letters or more (for "id" less a letter is no misspelling
// anyone means as id), a letter left out, the last two letters swapped and
// the last letter doubled.
func misspellings(name string) []string {
	out := []string{otherCase(name)}
	if up := strings.ToUpper(name); up != name && up != out[0] {
		out = append(out, up)
	}
	if n := len(name); n >= 3 {
		out = append(out, name[:n-1], name[:n-2]+name[n-1:]+name[n-2:n-1], name+name[n-1:])
	}
	return slices.DeleteFunc(out, func(v string) bool { return v == name })
}

// A keyPath is a key of a JSON tree: the path of its object ("board.
// personnel[0]."), its name, and the other keys of its object.
type keyPath struct {
	path, name string
	siblings   map[string]any
}

// keyPaths lists every key of a JSON tree with the path of its object.
func keyPaths(v any, path string) []keyPath {
	var out []keyPath
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			out = append(out, keyPath{path, k, x})
			out = append(out, keyPaths(e, path+k+".")...)
		}
	case []any:
		for i, e := range x {
			out = append(out, keyPaths(e, fmt.Sprintf("%s[%d].", strings.TrimSuffix(path, "."), i))...)
		}
	}
	return out
}

// An encoded is a JSON tree with the encoding encoding/json writes of it
// and of each of its parts: the misspellings' bodies are written from the
// parts a renaming leaves as they were rather than encoding the whole tree
// again for each (that was most of this test's CPU).
type encoded struct {
	json  []byte
	keys  []string            // an object's keys, in encoding/json's order
	kids  map[string]*encoded // an object's values
	elems []*encoded          // an array's
}

// encodedTree encodes tree, and fails the test unless it is what
// encoding/json writes.
func encodedTree(t *testing.T, tree any) *encoded {
	t.Helper()
	e := encode(t, tree)
	if want, err := json.Marshal(tree); err != nil || !bytes.Equal(e.json, want) {
		t.Fatalf("the tree encoded %s, encoding/json writes %s (%v)", e.json, want, err)
	}
	return e
}

func encode(t *testing.T, v any) *encoded {
	e := &encoded{}
	switch x := v.(type) {
	case map[string]any:
		e.kids = make(map[string]*encoded, len(x))
		for k, c := range x {
			e.keys = append(e.keys, k)
			e.kids[k] = encode(t, c)
		}
		slices.Sort(e.keys)
		e.json = e.object(nil, e.keys, func(b []byte, k string) []byte { return append(b, e.kids[k].json...) })
	case []any:
		e.json = append(e.json, '[')
		for i, c := range x {
			e.elems = append(e.elems, encode(t, c))
			if i > 0 {
				e.json = append(e.json, ',')
			}
			e.json = append(e.json, e.elems[i].json...)
		}
		e.json = append(e.json, ']')
	default:
		var err error
		if e.json, err = json.Marshal(x); err != nil {
			t.Fatal(err)
		}
	}
	return e
}

// object appends an object of the keys, each value written by value.
func (e *encoded) object(b []byte, keys []string, value func([]byte, string) []byte) []byte {
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		name, _ := json.Marshal(k)
		b = append(b, name...)
		b = append(b, ':')
		b = value(b, k)
	}
	return append(b, '}')
}

// renamed appends json.Marshal(renamed(tree, path, old, name)) for the
// part of the tree at at: a part whose path does not begin the path
// renamed holds no object at it (every path below at begins with at less
// its dot) and is written as it was.
func (e *encoded) renamed(b []byte, at, path, old, name string) []byte {
	if !strings.HasPrefix(path, strings.TrimSuffix(at, ".")) {
		return append(b, e.json...)
	}
	switch {
	case e.kids != nil:
		keys, was := e.keys, map[string]string{}
		if _, ok := e.kids[old]; ok && at == path {
			keys = slices.Clone(keys)
			keys[slices.Index(keys, old)] = name
			slices.Sort(keys)
			was[name] = old
		}
		return e.object(b, keys, func(b []byte, k string) []byte {
			if o, ok := was[k]; ok {
				k = o
			}
			return e.kids[k].renamed(b, at+k+".", path, old, name)
		})
	case e.elems != nil:
		b = append(b, '[')
		for i, c := range e.elems {
			if i > 0 {
				b = append(b, ',')
			}
			b = c.renamed(b, fmt.Sprintf("%s[%d].", strings.TrimSuffix(at, "."), i), path, old, name)
		}
		return append(b, ']')
	}
	return append(b, e.json...)
}

// renamed is a copy of tree with the key old of the object at path
// renamed to name.
func renamed(tree any, path, old, name string) any {
	var walk func(v any, at string) any
	walk = func(v any, at string) any {
		switch x := v.(type) {
		case map[string]any:
			out := make(map[string]any, len(x))
			for k, e := range x {
				nk := k
				if at == path && k == old {
					nk = name
				}
				out[nk] = walk(e, at+k+".")
			}
			return out
		case []any:
			out := make([]any, len(x))
			for i, e := range x {
				out[i] = walk(e, fmt.Sprintf("%s[%d].", strings.TrimSuffix(at, "."), i))
			}
			return out
		}
		return v
	}
	return walk(tree, "")
}

// otherCase is name with its first letter in the other case.
func otherCase(name string) string {
	r := []rune(name)
	if unicode.IsUpper(r[0]) {
		r[0] = unicode.ToLower(r[0])
	} else {
		r[0] = unicode.ToUpper(r[0])
	}
	return string(r)
}

// FuzzDecodeAdjudication reads random bodies with the typed decoder and
// with encoding/json (and the limits walk over what it reads): whatever the
// body, no panic; the decoder accepts only a body encoding/json reads the
// same values from, each within its limit, and refuses past a limit only a
// body the reference refuses or reads past that limit, so that no body is
// accepted by one past a limit the other refuses; what the decoder refuses
// is the caller's (400 or 422), and what it keeps does not point into the
// body; the REST handler's held decoding reads every body alike. The seeds (every body of this file's tables) run as a test.
func FuzzDecodeAdjudication(f *testing.F) {
	for _, body := range contractAdjudicationBodies(f) {
		f.Add(body)
	}
	for _, body := range plainAdjudicationBodies {
		f.Add([]byte(body))
	}
	for _, tc := range adjudicationBodies {
		if len(tc.body) < 1000 {
			f.Add([]byte(tc.body))
		}
	}
	f.Add([]byte(`{"question":"turn.replay","params":{"actions":[{"question":"personnel.beam","params":{"personnel":["a","b"],"to":"s"}}]}}`))
	f.Add([]byte(`{"edition":"1e","board":{"ships":[{"id":"s","shields":-1}]}}`))
	// Past a limit: a list, a number, a turn's total.
	f.Add([]byte(`{"question":"dilemmas.stack","params":{"mission":"m","stack":[` + strings.Repeat(`{},`, 64) + `{}]}}`))
	f.Add([]byte(`{"board":{"missions":[{"id":"m","span":100000}]}}`))
	f.Add([]byte(`{"question":"turn.replay","params":{"actions":[` + strings.Repeat(`{"question":"personnel.beam","params":{"personnel":["a","b","c","d","e","f","g","h"]}},`, 90) + `{}]}}`))
	// Texts more than half the body, so that they outgrow the decoder's
	// first buffer for them, with escapes and bytes that are not UTF-8
	// (each read as three).
	f.Add([]byte(`{"question":"deck.validate","params":{"deck":[` + strings.Repeat(`{"card":"Long Card Name Of Many Words\u0026 More"},`, 12) + "{\"card\":\"\xff\xfe\xfd\xfc\xff\xfe\xfd\xfc\"}]}}"))
	f.Add([]byte(`{"board":{"personnel":[` + strings.Repeat("{\"id\":\"personnel-with-a-long-id\",\"skills\":[\"\xff\xff\xff\xff\xff\xff\",\"Astrometrics\"]},", 5) + `{"id":"z"}]}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		// Decoded from a copy that is then overwritten: what the decoder
		// keeps must not point into the pooled body buffer.
		scratch := bytes.Clone(body)
		var got rules.AdjudicationRequest
		err := DecodeAdjudication(scratch, &got)
		// The REST handler's decoding into held storage reads it alike.
		var held rules.AdjudicationRequest
		s, heldErr := decodeAdjudicationHeld(scratch, &held)
		if (heldErr == nil) != (err == nil) || err != nil && heldErr.Error() != err.Error() {
			t.Fatalf("%q: held decoding %v, DecodeAdjudication %v", body, heldErr, err)
		}
		if err == nil {
			if !reflect.DeepEqual(held, got) {
				t.Fatalf("%q:\nheld %#v\nmade %#v", body, held, got)
			}
			releaseHeld(s)
		}
		for i := range scratch {
			scratch[i] = 'x'
		}
		if err != nil {
			if c := rules.ErrorCode(err); c != rules.EINVALID && c != rules.EUNPROCESSABLE {
				t.Fatalf("%q: %s refusal %v", body, c, err)
			}
			// A refusal past a limit is a body the reference, reading names
			// exactly and a key once (the JSON v2 module), refuses too, or
			// reads with a value past that limit.
			if d := rules.ErrorDetails(err); d["limit"] != nil || d["min"] != nil {
				if want, rerr := referenceRequest(body, strictJSONv2); rerr == nil && overLimit(want) == "" {
					t.Fatalf("the decoder refuses %q past a limit (%v), the reference reads every value within its limit", body, err)
				}
			}
			return
		}
		want, err := referenceRequest(body, strictJSON)
		if err != nil {
			t.Fatalf("the decoder accepts %q, encoding/json refuses it: %v", body, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q:\ndecoder       %#v\nencoding/json %#v", body, got, want)
		}
		if f := overLimit(got); f != "" {
			t.Fatalf("the decoder accepts %q with %s past its limit", body, f)
		}
	})
}

// BenchmarkDecodeAdjudicationBody compares the endpoint's decoding of the
// contract's example requests, compact as bots send them, and of a
// mid-game board, by the typed decoder (fast_path: the body read once,
// strictly, params and all, every limit checked), with encoding/json and
// the maintained JSON v2 module reading the same values (the params as
// the question's, no limit checked), the libraries the decoder must stay
// well ahead of to be worth keeping.
func BenchmarkDecodeAdjudicationBody(b *testing.B) {
	var contract [][]byte
	for i, body := range contractAdjudicationBodies(b) {
		if i%2 == 1 {
			contract = append(contract, body)
		}
	}
	for _, set := range []struct {
		name   string
		bodies [][]byte
	}{
		{"contract", contract},
		{"mid-game", [][]byte{midGameBody(b)}},
	} {
		size := 0
		for _, body := range set.bodies {
			size += len(body)
		}
		for _, bc := range []struct {
			name   string
			decode func(*bytes.Reader, *rules.AdjudicationRequest) error
		}{
			{"encoding_json", func(r *bytes.Reader, req *rules.AdjudicationRequest) error { return readReference(r, req, strictJSON) }},
			{"json_v2", func(r *bytes.Reader, req *rules.AdjudicationRequest) error {
				return readReference(r, req, strictJSONv2)
			}},
			{"fast_path", func(r *bytes.Reader, req *rules.AdjudicationRequest) error { return ReadAdjudication(r, req) }},
		} {
			b.Run(set.name+"/"+bc.name, func(b *testing.B) {
				b.SetBytes(int64(size / len(set.bodies)))
				b.ReportAllocs()
				var r bytes.Reader
				i := 0
				cpu0, cpuOK := cputime.Process()
				for b.Loop() {
					var req rules.AdjudicationRequest
					r.Reset(set.bodies[i%len(set.bodies)])
					if err := bc.decode(&r, &req); err != nil {
						b.Fatal(err)
					}
					i++
				}
				// The process's CPU time a body, the collector's included.
				if cpu1, ok := cputime.Process(); cpuOK && ok && i > 0 {
					b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(i)/1e3, "cpu-µs/op")
				}
			})
		}
	}
}

// midGameBody is a mission attempt on a board as a bot sends it in the
// middle of a game (the load test's): three missions, a ship, eight
// personnel with their skills and statistics, about 2 KB.
func midGameBody(b *testing.B) []byte {
	b.Helper()
	n := func(v int) *int { return &v }
	crew := func(id, icon string, skills []string, at rules.Location, integrity int) rules.BoardPersonnel {
		p := rules.BoardPersonnel{ID: id, At: &at}
		p.Affiliation, p.Icons, p.Skills = "federation", []string{icon}, skills
		p.Integrity, p.Cunning, p.Strength = n(integrity), n(6), n(5)
		return p
	}
	ship, planet := rules.Location{Ship: "enterprise"}, rules.Location{Mission: "nebula"}
	board := rules.Board{
		Missions: []rules.BoardMission{
			{ID: "home", Title: "Starbase Home", Type: "headquarters", Quadrant: "alpha", Span: n(2)},
			{ID: "rift", Title: "Chart the Rift", Type: "space", Quadrant: "alpha", Span: n(3), Points: n(35),
				Requirements: "Astrometrics, Navigation, Physics, and Cunning>28", Affiliations: []string{"federation"}},
			{ID: "nebula", Title: "Survey the Nebula World", Type: "planet", Quadrant: "alpha", Span: n(2), Points: n(30),
				Requirements: "2 Geology, Biology, and Integrity>24", Affiliations: []string{"federation", "bajoran"}},
		},
		Ships: []rules.BoardShip{{ID: "enterprise", Affiliation: "federation", Staffing: []string{"command", "staff", "staff"},
			Range: n(9), Weapons: n(8), Shields: n(9), At: &rules.Location{Mission: "home"}}},
		Personnel: []rules.BoardPersonnel{
			crew("captain", "command", []string{"Leadership", "Diplomacy"}, ship, 7),
			crew("pilot", "staff", []string{"Navigation", "Astrometrics"}, ship, 6),
			crew("physicist", "staff", []string{"2 Physics", "Science"}, ship, 8),
			crew("engineer", "staff", []string{"Engineering", "Programming"}, ship, 6),
			crew("geologist", "staff", []string{"2 Geology"}, planet, 6),
			crew("biologist", "staff", []string{"Biology", "Medical"}, planet, 5),
			crew("officer", "command", []string{"Security", "Leadership"}, planet, 5),
			crew("ensign", "staff", []string{"Anthropology"}, planet, 4),
		},
	}
	body, err := json.Marshal(rules.AdjudicationRequest{Edition: "2e", Question: "mission.attempt", Board: board,
		Params: &rules.MissionAttemptParams{Mission: "nebula"}})
	if err != nil {
		b.Fatal(err)
	}
	return body
}

// readReference reads a body as the endpoint does and decodes it as the
// reference does, with unmarshal.
func readReference(r *bytes.Reader, req *rules.AdjudicationRequest, unmarshal unmarshalFunc) error {
	buf := bodyBuffers.Get().(*bytes.Buffer)
	defer releaseBody(buf)
	if err := readBody(r, -1, buf); err != nil {
		return err
	}
	out, err := referenceRequest(buf.Bytes(), unmarshal)
	*req = out
	return err
}

// A modified statistic of a Second Edition board may be written below zero
// (it is read as zero), so a refusal of one says the least it may be: the
// error names the numbers the field takes on that board, no fewer.
func TestNumberRefusedSaysTheNumbersTheFieldTakes(t *testing.T) {
	for _, tc := range []struct {
		body     string
		min, max int
	}{
		{`{"edition":"2e","board":{"ships":[{"id":"s","range":-1000}]}}`, -rules.MaxStatistic, rules.MaxStatistic},
		{`{"edition":"2e","board":{"ships":[{"id":"s","range":1000}]}}`, -rules.MaxStatistic, rules.MaxStatistic},
		{`{"edition":"1e","board":{"ships":[{"id":"s","range":-5}]}}`, 0, rules.MaxStatistic},
		{`{"board":{"ships":[{"id":"s","range":-1000}]},"edition":"1e"}`, 0, rules.MaxStatistic},
		{`{"edition":"2e","board":{"missions":[{"id":"m","span":-1}]}}`, 0, 10},
	} {
		var req rules.AdjudicationRequest
		err := DecodeAdjudication([]byte(tc.body), &req)
		d := rules.ErrorDetails(err)
		want := fmt.Sprintf("from %d to %d", tc.min, tc.max)
		if err == nil || d["min"] != tc.min || d["max"] != tc.max || !strings.Contains(rules.ErrorMessage(err), want) {
			t.Errorf("%s: %v %v, want the numbers %s", tc.body, err, d, want)
		}
	}
}
