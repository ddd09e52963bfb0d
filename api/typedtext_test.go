package api_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A text a person types is read by one rule wherever it is: a card name
// holding a NUL, a control character, a right-to-left override or what is
// not UTF-8, or longer than any card's, is refused in the same words,
// naming the field, in a query string, a JSON body on REST and a GraphQL
// argument or input; never echoed back in an answer.
func TestATypedTextIsReadByOneRuleEverywhere(t *testing.T) {
	srv := newServer(t)
	const refused = " holds a control character, a bidirectional control or invalid UTF-8."
	long := strings.Repeat("w", rules.MaxCardNameBytes+1)
	tooLong := fmt.Sprintf(" is %d bytes long; at most %d are allowed", len(long), rules.MaxCardNameBytes)
	// Each character as a JSON string writes it and as a query string does.
	for _, ch := range []struct{ name, json, query, says string }{
		{"NUL", `\u0000`, "%00", refused},
		{"a control character", `\u0007`, "%07", refused},
		{"DEL", "\x7f", "%7F", refused},
		{"a right-to-left override", `\u202e`, "%E2%80%AE", refused},
		{"a lone surrogate", `\udc00`, "", refused},
		{"a byte that is not UTF-8", "\xff", "%FF", refused},
		{"a name longer than any card's", "", "", tooLong},
	} {
		name := "Worf" + ch.json
		if ch.says == tooLong {
			name = long
		}
		for _, p := range []struct {
			place, path, body, field string
			status                   int
			code                     string
		}{
			{"adjudication board card", "/v1/adjudicate", `{"board":{"personnel":[{"id":"p","card":"` + name + `"}]}}`, "board.personnel[0].card", 422, rules.EUNPROCESSABLE},
			{"card.play params card", "/v1/adjudicate", `{"question":"card.play","params":{"card":"` + name + `"}}`, "params.card", 422, rules.EUNPROCESSABLE},
			{"collection identifier name", "/v1/cards/collection", `{"identifiers":[{"name":"` + name + `"}]}`, "identifiers[0].name", 422, rules.EUNPROCESSABLE},
			{"GraphQL adjudicate", "/graphql", `{"query":"query($r: AdjudicationRequest!) { adjudicate(request: $r) { reasons } }","variables":{"r":{"edition":"2e","question":"card.play","params":{"card":"Worf"},"board":{"personnel":[{"id":"p","card":"` + name + `"}]}}}}`, "board.personnel[0].card", 200, rules.EUNPROCESSABLE},
			{"GraphQL cardCollection", "/graphql", `{"query":"query($ids:[CardIdentifier!]!){ cardCollection(identifiers:$ids){ data{ id } } }","variables":{"ids":[{"name":"` + name + `"}]}}`, "identifiers[0].name", 200, rules.EUNPROCESSABLE},
			{"GraphQL cardNamed", "/graphql", `{"query":"query($n:String!){ cardNamed(name:$n){ id } }","variables":{"n":"` + name + `"}}`, "name", 200, rules.EINVALID},
		} {
			t.Run(ch.name+"/"+p.place, func(t *testing.T) {
				status, out := post(t, srv.URL, p.path, []byte(p.body))
				code, message, field := refusalOf(t, out)
				want := p.field + ch.says
				if p.place == "GraphQL cardNamed" {
					want = "The name parameter" + ch.says
					if ch.says == tooLong {
						want += "."
					}
				}
				if status != p.status || code != p.code || field != p.field || message != want {
					t.Errorf("%d %s %q naming %q, want %d %s %q naming %q\n%s", status, code, message, field, p.status, p.code, want, p.field, out)
				}
				if strings.Contains(string(out), "Worf") {
					t.Errorf("the text refused is echoed back: %s", out)
				}
			})
		}
		if ch.query == "" && ch.says != tooLong {
			continue // a query string holds no surrogate
		}
		for _, param := range []string{"exact", "fuzzy"} {
			t.Run(ch.name+"/cards/named "+param, func(t *testing.T) {
				q := "Worf" + ch.query
				if ch.says == tooLong {
					q = url.QueryEscape(long)
				}
				var body errorBody
				status := get(t, srv, "/v1/cards/named?"+param+"="+q, &body)
				want := "The " + param + " parameter" + ch.says
				if ch.says == tooLong {
					want += "."
				}
				if status != 400 || body.Error.Code != rules.EINVALID || body.Error.Details["field"] != param || body.Error.Message != want {
					t.Errorf("%d %+v, want 400 %q naming %s", status, body.Error, want, param)
				}
			})
		}
	}
}

// refusalOf reads the refusal of a REST error body or a GraphQL answer's one
// error: its code, its sentence and the field it names.
func refusalOf(t *testing.T, out []byte) (code, message, field string) {
	t.Helper()
	var rest errorBody
	if json.Unmarshal(out, &rest) == nil && rest.Error.Code != "" {
		f, _ := rest.Error.Details["field"].(string)
		return rest.Error.Code, rest.Error.Message, f
	}
	var g struct {
		Errors gqlErrors
	}
	if err := json.Unmarshal(out, &g); err != nil || len(g.Errors) != 1 {
		t.Fatalf("no one refusal in %s", out)
	}
	f, _ := g.Errors[0].Extensions.Details["field"].(string)
	return g.Errors[0].Extensions.Code, g.Errors[0].Message, f
}

// A key holding such a character is an unknown field, named in
// details.field with the character escaped, never echoed back.
func TestAnUnknownKeyHoldingAControlIsNamedEscaped(t *testing.T) {
	srv := newServer(t)
	for body, field := range map[string]string{
		`{"board":{"personnel":[{"id":"p","ca\u202erd":"x"}]}}`: `board.personnel[0].ca\u202erd`,
		`{"qu\u0000estion":"ship.move"}`:                        `qu\x00estion`,
		`{"identifiers":[{"na\u202eme":"Worf"}]}`:               `identifiers[0].na\u202eme`,
	} {
		path := "/v1/adjudicate"
		if strings.HasPrefix(body, `{"identifiers"`) {
			path = "/v1/cards/collection"
		}
		status, out := post(t, srv.URL, path, []byte(body))
		code, _, got := refusalOf(t, out)
		if status != 400 || code != rules.EINVALID || got != field || strings.ContainsRune(string(out), 0x202e) || strings.Contains(string(out), `\\\\`) {
			t.Errorf("%s: %d %s naming %q, want 400 naming %q", body, status, out, got, field)
		}
	}
}
