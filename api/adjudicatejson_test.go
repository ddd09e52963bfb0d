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

	jsonv2 "github.com/go-json-experiment/json"

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

// encodingJSONRequest is what encoding/json, as the server runs it, makes of
// body.
func encodingJSONRequest(body []byte) (rules.AdjudicationRequest, error) {
	var req rules.AdjudicationRequest
	err := decodeStrict(bytes.NewBuffer(body), &req)
	return req, err
}

// plainAdjudicationBodies are bodies written for the fast path: every field
// shape it takes, in the spellings bots use.
var plainAdjudicationBodies = []string{
	`{}`,
	`{"edition":"2e","question":"ship.move","board":{}}`,
	`{"edition":"1e","rules":"1e-current-rulings","question":"requirement.check","params":{"requirement":"Computer Skill x2 OR SCIENCE x3","personnel":[]}}`,
	`{"board":{"missions":[],"ships":[],"personnel":[]}}`,
	`{"board":{"missions":[{}],"ships":[{}],"personnel":[{}]}}`,
	" \t\r\n{ \"edition\" : \"2e\" ,\n\t\"board\" : { \"ships\" : [ { \"id\" : \"s\" , \"at\" : { \"mission\" : \"m\" } } ] } , \"params\" : { \"ship\" : \"s\" , \"to\" : \"m\" } }\r\n ",
	`{"board":{"missions":[{"id":"m","owner":"p1","card":"Earth","title":"Earth","type":"headquarters","quadrant":"alpha","span":2,"region":"Sector 001","points":0,"requirements":"Leadership","affiliations":["federation","bajoran"],"completed":true,"overcomeDilemmas":3,"play":["federation"]}]}}`,
	`{"board":{"ships":[{"id":"galaxy","owner":"p2","card":"U.S.S. Galaxy","title":"Galaxy","affiliation":"federation","staffing":["command","staff"],"range":8,"rangeUsed":5,"weapons":8,"shields":9,"at":{"mission":"earth"},"stopped":false,"damage":-1}]}}`,
	`{"board":{"personnel":[{"id":"worf","owner":"p1","card":"Worf","title":"Worf","affiliation":"klingon","icons":[],"skills":["Honor","Security","Security"],"characteristics":["Klingon"],"integrity":-0,"cunning":0,"strength":999999999999999999,"species":"Klingon","at":{"ship":"galaxy"},"stopped":true}]}}`,
	`{"board":{"ships":[{"id":"s","range":-999999999999999999,"at":{}}],"personnel":[{"id":"p","at":{"mission":"m","ship":"s"}}]}}`,
	`{"edition":"Ω","question":"Q'onoS – “Kronos” ` + "\u2028\u2029\x7f" + ` 🖖","board":{"personnel":[{"id":"<b>&amp;</b>","skills":["/","'"]}]}}`,
	`{"edition":"","rules":"","question":""}`,
	`{"params":{"a":"\u00e9\"\\","b":[1,2.5e3,-0.0,null,true,false,{}],"c":{"d":{"e":[[[]]]}}}}`,
	`{"params":  {  "spaced" :  [ 1 , 2 ] }  }`,
	`{"params":"a string \" with \\ escapes \u0041"}`,
	`{"edition":"2\u0065","board":{"ships":[{"id":"a\"b"}]}}`,
	"{\"edition\":\"2e\\u0000\",\"question\":\"ship.move\"}",
	`{"board":{"missions":[{"id":"m","requirements":"Astrometrics, Physics, and Cunning\u003e28 \u0026 \u003cb\u003e"}]}}`,
	`{"board":{"personnel":[{"id":"p","skills":["\"\\\/\b\f\n\r\t","\u00e9\u00C9\uFFFF\u0000\u2028"]}]}}`,
	`{"question":"tail escape \\"}`,
	`{"params":-1.5e-3}`,
	`{"params":0}`,
	`{"params":true}`,
	`{"params":false}`,
	`{"params":[]}`,
	`{"params":[null]}`,
	`{"params":{"ship":"s"},"question":"ship.staffed","edition":"2e"}`,
}

func TestDecodeAdjudicationAcceptsWhatEncodingJSONDecodes(t *testing.T) {
	bodies := contractAdjudicationBodies(t)
	for _, b := range plainAdjudicationBodies {
		bodies = append(bodies, []byte(b))
	}
	for _, body := range bodies {
		want, err := encodingJSONRequest(body)
		if err != nil {
			t.Fatalf("encoding/json refuses %s: %v", body, err)
		}
		var got rules.AdjudicationRequest
		if !decodeAdjudication(body, &got) {
			t.Errorf("fast path declined %s", body)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\nfast path     %#v\nencoding/json %#v", body, got, want)
		}
	}
}

// recordingAdjudicator answers every request and keeps the last one.
type recordingAdjudicator struct{ got *rules.AdjudicationRequest }

func (a *recordingAdjudicator) Adjudicate(_ context.Context, req rules.AdjudicationRequest) (*rules.Verdict, error) {
	a.got = &req
	return &rules.Verdict{Question: req.Question, Edition: req.Edition, Rules: req.Rules}, nil
}

// declinedAdjudicationBodies are bodies the fast path leaves to encoding/json,
// with the server's answer to each: 200 when encoding/json decodes it, else
// the error message.
var declinedAdjudicationBodies = []struct {
	name, body string
	status     int
	message    string
}{
	{"case-variant key", `{"Edition":"2e","QUESTION":"ship.move","board":{}}`, 200, ""},
	{"case-variant nested key", `{"board":{"Ships":[{"ID":"s","At":{"Mission":"m"}}]}}`, 200, ""},
	{"duplicate key", `{"edition":"1e","edition":"2e","question":"ship.move"}`, 200, ""},
	{"duplicate list merges", `{"board":{"ships":[{"id":"a","range":3},{"id":"b"}],"ships":[{"id":"c"}]}}`, 200, ""},
	{"duplicate location merges", `{"board":{"ships":[{"id":"s","at":{"mission":"m"},"at":{"ship":"t"}}]}}`, 200, ""},
	{"duplicate key in a location", `{"board":{"ships":[{"id":"s","at":{"mission":"m","mission":"n"}}]}}`, 200, ""},
	{"duplicate case-variant key", `{"edition":"1e","Edition":"2e"}`, 200, ""},
	{"null string", `{"edition":null,"question":"ship.move","board":{}}`, 200, ""},
	{"null board", `{"board":null}`, 200, ""},
	{"null list", `{"board":{"personnel":[{"id":"p","skills":null}]}}`, 200, ""},
	{"null list element", `{"board":{"personnel":[{"id":"p","skills":["a",null]}]}}`, 200, ""},
	{"null pointer", `{"board":{"missions":[{"id":"m","span":null}]}}`, 200, ""},
	{"null location", `{"board":{"ships":[{"id":"s","at":null}]}}`, 200, ""},
	{"null params", `{"params":null}`, 200, ""},
	{"fraction", `{"board":{"missions":[{"id":"m","span":1.5}]}}`, 400, "The field board.missions[0].span must be written as a whole number from 0 to 10 (printed spans run from 1 to 5), not 1.5."},
	{"whole fraction", `{"board":{"missions":[{"id":"m","span":2.0}]}}`, 400, "The field board.missions[0].span must be written as a whole number from 0 to 10 (printed spans run from 1 to 5), not 2.0."},
	{"exponent", `{"board":{"missions":[{"id":"m","span":1e2}]}}`, 400, "The field board.missions[0].span must be written as a whole number from 0 to 10 (printed spans run from 1 to 5), not 1e2."},
	{"integer too large", `{"board":{"ships":[{"id":"s","damage":99999999999999999999}]}}`, 400, "The field board.ships[0].damage must be written as a whole number from 0 to 999 (a ship is destroyed long before), not 99999999999999999999."},
	{"second object's exponent", `{"board":{"missions":[{"id":"a"},{"id":"m","span":1e+300}]}}`, 400, "The field board.missions[1].span must be written as a whole number from 0 to 10 (printed spans run from 1 to 5), not 1e+300."},
	{"nineteen digits in range", `{"board":{"ships":[{"id":"s","damage":1000000000000000000}]}}`, 200, ""},
	{"leading zero", `{"board":{"missions":[{"id":"m","span":02}]}}`, 400, "The request body is not valid JSON (at byte 41: invalid character '2' after object key:value pair)."},
	{"lone minus", `{"board":{"missions":[{"id":"m","span":-}]}}`, 400, "The request body is not valid JSON (at byte 41: invalid character '}' in numeric literal)."},
	{"number as string", `{"board":{"missions":[{"id":"m","span":"2"}]}}`, 400, "The field board.missions[0].span must be a whole number, not a JSON string."},
	{"personnel statistic as string", `{"board":{"personnel":[{"id":"p","integrity":"5"}]}}`, 400, "The field board.personnel[0].integrity must be a whole number, not a JSON string."},
	{"string as number", `{"edition":2,"question":"ship.move"}`, 400, "The field edition must be a string, not a JSON number."},
	{"bool as string", `{"board":{"missions":[{"id":"m","completed":"true"}]}}`, 400, "The field board.missions[0].completed must be true or false, not a JSON string."},
	{"bool run on", `{"board":{"missions":[{"id":"m","completed":truex}]}}`, 400, "The request body is not valid JSON (at byte 49: invalid character 'x' after object key:value pair)."},
	{"list as string", `{"board":{"ships":[{"id":"s","staffing":"command"}]}}`, 400, "The field board.ships[0].staffing must be a list, not a JSON string."},
	{"escaped surrogate pair", `{"question":"\ud83d\udd96"}`, 200, ""},
	{"escaped lone surrogate", `{"question":"\ud800x"}`, 200, ""},
	{"escaped low surrogate first", `{"board":{"personnel":[{"id":"p","skills":["\udc00\ud800"]}]}}`, 200, ""},
	{"escaped apostrophe", `{"question":"Q\'onoS"}`, 400, "The request body is not valid JSON (at byte 16: invalid character '\\'' in string escape code)."},
	{"escape with bad hex", `{"question":"\u00zz"}`, 400, "The request body is not valid JSON (at byte 18: invalid character 'z' in \\u hexadecimal character escape)."},
	{"escape cut short", `{"question":"\u00"}`, 400, "The request body is not valid JSON (at byte 18: invalid character '\"' in \\u hexadecimal character escape)."},
	{"escaped key", `{"edi\u0074ion":"2e"}`, 200, ""},
	{"raw control character", "{\"edition\":\"2e\u0000\"}", 400, "The request body is not valid JSON (at byte 15: invalid character '\\x00' in string literal)."},
	{"raw tab in string", "{\"edition\":\"2\te\"}", 400, "The request body is not valid JSON (at byte 14: invalid character '\\t' in string literal)."},
	{"invalid UTF-8", "{\"edition\":\"2e\xff\",\"question\":\"ship.move\"}", 200, ""},
	{"invalid UTF-8 in params", "{\"params\":{\"ship\":\"\xc3\"}}", 200, ""},
	{"unknown field", `{"edition":"2e","question":"ship.move","bored":{}}`, 400, "Unknown field \"bored\" in the request body."},
	{"unknown board field", `{"edition":"2e","question":"ship.move","board":{"ships":[{"id":"s","warp":9}]}}`, 400, "Unknown field \"warp\" in the request body."},
	{"unknown location field", `{"board":{"ships":[{"id":"s","at":{"quadrant":"alpha"}}]}}`, 400, "Unknown field \"quadrant\" in the request body."},
	{"two values", `{"edition":"2e"} {"edition":"1e"}`, 400, "The request body holds more than one JSON value (more begins at byte 17)."},
	{"trailing garbage", `{"edition":"2e"}x`, 400, "The request body holds more than one JSON value (more begins at byte 16)."},
	{"trailing brace", `{"edition":"2e"}}`, 400, "The request body holds more than one JSON value (more begins at byte 16)."},
	{"trailing bracket", "{\"edition\":\"2e\"}\n ]", 400, "The request body holds more than one JSON value (more begins at byte 18)."},
	{"trailing comma", `{"edition":"2e",}`, 400, "The request body is not valid JSON (at byte 17: invalid character '}' looking for beginning of object key string)."},
	{"trailing comma in list", `{"board":{"ships":[{"id":"s"},]}}`, 400, "The request body is not valid JSON (at byte 31: invalid character ']' looking for beginning of value)."},
	{"missing colon", `{"edition" "2e"}`, 400, "The request body is not valid JSON (at byte 12: invalid character '\"' after object key)."},
	{"malformed", `{"edition": "2e",`, 400, "The request body is truncated JSON."},
	{"truncated", `{"edition": "2e", "question": "ship.mo`, 400, "The request body is truncated JSON."},
	{"truncated params", `{"params":{"a":[1,2`, 400, "The request body is truncated JSON."},
	{"malformed params", `{"params":{"a":}}`, 400, "The request body is not valid JSON (at byte 16: invalid character '}' looking for beginning of value)."},
	{"unbalanced params", `{"params":{"a":[1}]}`, 400, "The request body is not valid JSON (at byte 18: invalid character '}' after array element)."},
	{"params without value", `{"params":}`, 400, "The request body is not valid JSON (at byte 11: invalid character '}' looking for beginning of value)."},
	{"params run on", `{"params":1"x"}`, 400, "The request body is not valid JSON (at byte 12: invalid character '\"' after object key:value pair)."},
	{"params nested deeper than the fast path goes", `{"params":` + strings.Repeat("[", 101) + strings.Repeat("]", 101) + `}`, 200, ""},
	{"params nested deeper than encoding/json goes", `{"params":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + `}`, 400, "The request body is not valid JSON (at byte 10010: invalid character '[' exceeded max depth)."},
	{"empty", ``, 400, "The request body is empty: send a JSON object."},
	{"blank", " \n\t ", 400, "The request body is empty: send a JSON object."},
	{"not an object", `[1,2,3]`, 400, "The field (the body) must be an object, not a JSON array."},
	{"a string", `"edition"`, 400, "The field (the body) must be an object, not a JSON string."},
	{"byte order mark", "\ufeff{}", 400, "The request body is not valid JSON (at byte 1: invalid character 'ï' looking for beginning of value)."},
	{"list of objects as object", `{"board":{"ships":{"id":"s"}}}`, 400, "The field board.ships must be a list, not a JSON object."},
}

func TestDecodeAdjudicationDeclinesAndTheServerAnswersAsBefore(t *testing.T) {
	adj := &recordingAdjudicator{}
	h := New(Config{Services: Services{Adjudicator: adj}, Logger: slog.New(slog.DiscardHandler)})
	for _, tc := range declinedAdjudicationBodies {
		t.Run(tc.name, func(t *testing.T) {
			body := []byte(tc.body)
			var fast rules.AdjudicationRequest
			if decodeAdjudication(body, &fast) {
				t.Fatalf("fast path accepted %q", body)
			}
			if !reflect.ValueOf(fast).IsZero() {
				t.Errorf("fast path declined but changed the request: %#v", fast)
			}
			// The endpoint's decoding answers as encoding/json alone does.
			var viaFast, viaJSON rules.AdjudicationRequest
			errFast := decodeAdjudicationRequest(bytes.NewReader(body), &viaFast)
			errJSON := decodeJSON(bytes.NewReader(body), &viaJSON)
			if fmt.Sprint(errFast) != fmt.Sprint(errJSON) || !reflect.DeepEqual(viaFast, viaJSON) {
				t.Errorf("decodeAdjudicationRequest: %v, %#v\ndecodeJSON: %v, %#v", errFast, viaFast, errJSON, viaJSON)
			}

			adj.got = nil
			rec := httptest.NewRecorder()
			req := httptest.NewRequest(http.MethodPost, "/v1/adjudicate", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			h.ServeHTTP(rec, req)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.status, rec.Body)
			}
			if tc.status == http.StatusOK {
				want, err := encodingJSONRequest(body)
				if err != nil {
					t.Fatal(err)
				}
				if adj.got == nil || !reflect.DeepEqual(*adj.got, want) {
					t.Errorf("adjudicator got %#v, encoding/json decodes %#v", adj.got, want)
				}
				return
			}
			var e errorBody
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
				t.Fatalf("answer %s: %v", rec.Body, err)
			}
			if e.Error.Message != tc.message {
				t.Errorf("message %q, want %q", e.Error.Message, tc.message)
			}
		})
	}
}

// fieldRef names one field of one struct type.
type fieldRef struct {
	owner reflect.Type
	index int
}

// requestBody writes a JSON object of type typ setting every field, and the
// field twice, wherever it occurs, twice.
func requestBody(t *testing.T, b *bytes.Buffer, typ reflect.Type, twice fieldRef) {
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
			requestValue(t, b, typ, f, twice)
		}
	}
	b.WriteByte('}')
}

func requestValue(t *testing.T, b *bytes.Buffer, owner reflect.Type, f reflect.StructField, twice fieldRef) {
	t.Helper()
	switch typ := f.Type; {
	case typ == reflect.TypeFor[json.RawMessage]():
		b.WriteString(`{"ship":"s","to":["m",1,true]}`)
	case typ.Kind() == reflect.String:
		fmt.Fprintf(b, "%q", strings.ToLower(f.Name)+"-value")
	case typ.Kind() == reflect.Int:
		b.WriteString("7")
	case typ.Kind() == reflect.Bool:
		b.WriteString("true")
	case typ.Kind() == reflect.Pointer && typ.Elem().Kind() == reflect.Int:
		b.WriteString("-3")
	case typ.Kind() == reflect.Pointer && typ.Elem().Kind() == reflect.Struct:
		requestBody(t, b, typ.Elem(), twice)
	case typ.Kind() == reflect.Struct:
		requestBody(t, b, typ, twice)
	case typ.Kind() == reflect.Slice && typ.Elem().Kind() == reflect.String:
		b.WriteString(`["a","b"]`)
	case typ.Kind() == reflect.Slice && typ.Elem().Kind() == reflect.Struct:
		b.WriteByte('[')
		requestBody(t, b, typ.Elem(), twice)
		b.WriteByte(',')
		requestBody(t, b, typ.Elem(), twice)
		b.WriteByte(']')
	default:
		t.Fatalf("%s.%s is a %s: teach decodeAdjudication and this test that kind of field", owner, f.Name, typ)
	}
}

// structsUnder lists typ and every struct type its fields hold.
func structsUnder(typ reflect.Type) []reflect.Type {
	for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice {
		typ = typ.Elem()
	}
	if typ.Kind() != reflect.Struct || typ == reflect.TypeFor[json.RawMessage]() {
		return nil
	}
	out := []reflect.Type{typ}
	for i := range typ.NumField() {
		for _, s := range structsUnder(typ.Field(i).Type) {
			if !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// zeroField reports the path of a field left zero in v, or "".
func zeroField(v reflect.Value, path string) string {
	switch v.Kind() {
	case reflect.Struct:
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
// request or the board and decodeAdjudication does not read it, or reads it
// when given twice.
func TestDecodeAdjudicationKnowsEveryField(t *testing.T) {
	request := reflect.TypeFor[rules.AdjudicationRequest]()
	structs := structsUnder(request)
	for _, want := range []reflect.Type{
		request,
		reflect.TypeFor[rules.Board](),
		reflect.TypeFor[rules.BoardMission](),
		reflect.TypeFor[rules.BoardShip](),
		reflect.TypeFor[rules.BoardPersonnel](),
		reflect.TypeFor[rules.Location](),
	} {
		if !slices.Contains(structs, want) {
			t.Errorf("%s is no longer under AdjudicationRequest: update this test", want)
		}
	}

	var b bytes.Buffer
	requestBody(t, &b, request, fieldRef{})
	body := bytes.Clone(b.Bytes())
	want, err := encodingJSONRequest(body)
	if err != nil {
		t.Fatalf("encoding/json refuses %s: %v", body, err)
	}
	if p := zeroField(reflect.ValueOf(want), "AdjudicationRequest"); p != "" {
		t.Fatalf("%s is not set by %s", p, body)
	}
	var got rules.AdjudicationRequest
	if !decodeAdjudication(body, &got) {
		t.Fatalf("fast path declines a body setting every field; is one new to it?\n%s", body)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s:\nfast path     %#v\nencoding/json %#v", body, got, want)
	}

	for _, typ := range structs {
		for i := range typ.NumField() {
			if typ.Field(i).Anonymous {
				continue // its fields are written in its owner's place, each checked as its own
			}
			b.Reset()
			requestBody(t, &b, request, fieldRef{typ, i})
			if b.Len() <= len(body) {
				t.Fatalf("%s.%s was not written twice: %s", typ, typ.Field(i).Name, b.Bytes())
			}
			var req rules.AdjudicationRequest
			if decodeAdjudication(b.Bytes(), &req) {
				t.Errorf("fast path accepts %s.%s given twice", typ.Name(), typ.Field(i).Name)
			}
		}
	}
}

// FuzzDecodeAdjudication checks that whatever the body, the fast path either
// declines it or decodes exactly what encoding/json does.
func FuzzDecodeAdjudication(f *testing.F) {
	for _, body := range contractAdjudicationBodies(f) {
		f.Add(body)
	}
	for _, body := range plainAdjudicationBodies {
		f.Add([]byte(body))
	}
	for _, tc := range declinedAdjudicationBodies {
		if len(tc.body) < 1000 {
			f.Add([]byte(tc.body))
		}
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		// Decoded from a copy that is then overwritten: what the fast path
		// keeps must not point into the pooled body buffer.
		scratch := bytes.Clone(body)
		var fast rules.AdjudicationRequest
		ok := decodeAdjudication(scratch, &fast)
		for i := range scratch {
			scratch[i] = 'x'
		}
		if !ok {
			if !reflect.ValueOf(fast).IsZero() {
				t.Fatalf("fast path declined %q but changed the request: %#v", body, fast)
			}
			return
		}
		want, err := encodingJSONRequest(body)
		if err != nil {
			t.Fatalf("fast path accepts %q, encoding/json refuses it: %v", body, err)
		}
		if !reflect.DeepEqual(fast, want) {
			t.Fatalf("%q:\nfast path     %#v\nencoding/json %#v", body, fast, want)
		}
	})
}

// BenchmarkDecodeAdjudicationBody compares the endpoint's decoding of the
// contract's example requests, compact as bots send them, with and without
// the fast path, and with the maintained JSON v2 module strict about
// unknown fields, the library the fast path must stay well ahead of to be
// worth keeping.
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
			{"encoding_json", func(r *bytes.Reader, req *rules.AdjudicationRequest) error { return decodeJSON(r, req) }},
			{"json_v2", decodeJSONv2},
			{"fast_path", func(r *bytes.Reader, req *rules.AdjudicationRequest) error { return decodeAdjudicationRequest(r, req) }},
		} {
			b.Run(set.name+"/"+bc.name, func(b *testing.B) {
				b.SetBytes(int64(size / len(set.bodies)))
				b.ReportAllocs()
				var r bytes.Reader
				i := 0
				for b.Loop() {
					var req rules.AdjudicationRequest
					r.Reset(set.bodies[i%len(set.bodies)])
					if err := bc.decode(&r, &req); err != nil {
						b.Fatal(err)
					}
					i++
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
		Params: json.RawMessage(`{"mission":"nebula"}`)})
	if err != nil {
		b.Fatal(err)
	}
	return body
}

// jsonV2Strict are the options of the JSON v2 module that refuse what the
// endpoint refuses: unknown fields (duplicate names, invalid UTF-8 and
// trailing data it refuses by default).
var jsonV2Strict = jsonv2.RejectUnknownMembers(true)

// decodeJSONv2 reads a body as the endpoint does and decodes it with the
// JSON v2 module.
func decodeJSONv2(r *bytes.Reader, req *rules.AdjudicationRequest) error {
	buf := bodyBuffers.Get().(*bytes.Buffer)
	defer releaseBody(buf)
	if err := readBody(r, buf); err != nil {
		return err
	}
	return jsonv2.Unmarshal(buf.Bytes(), req, jsonV2Strict)
}
