package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/discord"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// An oddInput is one request of odd but plausible input a bot author or an
// attacker sends: a blank string, spaces only, a value at its limit and one
// past it, a Unicode look-alike, a number as a string, an array where a
// scalar is expected, a parameter repeated, a wrong content type, a gzip
// body, trailing garbage after JSON. Each says what a clear answer is:
// refused (a 4xx naming what was wrong: names, found in the error's
// message or details, or the page or the notice), or answered (the input
// is one the service reads, at its limit or as what it stands for).
type oddInput struct {
	name    string
	method  string // GET when empty and no body, POST with a body
	path    string // REST, GraphQL or page path with its query; discord.Route for Discord
	body    string
	header  http.Header
	gzipped bool // the body sent gzipped, Content-Encoding: gzip
	// discordSigned signs the body as Discord does; discordStale sends
	// the signature with a timestamp an hour older than the one signed.
	discordSigned, discordStale bool
	// names is what a refusal must name (case forgiven); "" for an input
	// that must be answered, not refused.
	names string
}

const validAdjudication = `{"edition":"2e","question":"ship.damage","board":{"ships":[{"id":"s","range":7,"weapons":6,"shields":6}]},"params":{"ship":"s","add":1}}`

// oddInputs are the probe's requests, written before any was sent.
func oddInputs() []oddInput {
	long := func(n int) string { return strings.Repeat("x", n) }
	form := http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}
	text := http.Header{"Content-Type": {"text/plain"}}
	gql := func(q string) string { b, _ := json.Marshal(map[string]string{"query": q}); return string(b) }
	interaction := func(data string) string {
		return `{"id":"` + strconv.FormatInt(interactionIDs.Add(1), 10) + `","application_id":"2","type":2,"token":"t","version":1,"data":` + data + `}`
	}
	return []oddInput{
		// REST query strings.
		{name: "search of spaces only", path: "/v1/search?q=%20%20%20", names: "no words"},
		{name: "search of a full-width exclamation mark", path: "/v1/search?q=%EF%BC%81", names: "no words"},
		{name: "search at the text bound", path: "/v1/search?q=" + long(500)},
		{name: "search one byte past the text bound", path: "/v1/search?q=" + long(501), names: "q parameter"},
		{name: "page size of a space", path: "/v1/search?q=stopped&limit=%20"}, // an optional value blank is not given (rules.ParseLimit)
		{name: "page size with a fraction", path: "/v1/search?q=stopped&limit=10.5", names: "limit"},
		{name: "page size in exponent form", path: "/v1/search?q=stopped&limit=1e2", names: "limit"},
		{name: "page size negative", path: "/v1/search?q=stopped&limit=-1", names: "limit"},
		{name: "page size past int64", path: "/v1/search?q=stopped&limit=99999999999999999999", names: "limit"},
		{name: "offset in hexadecimal", path: "/v1/search?q=stopped&offset=0x10", names: "offset"},
		{name: "words given twice", path: "/v1/search?q=stopped&q=range", names: "q"},
		{name: "edition given twice", path: "/v1/search?q=stopped&edition=2e&edition=1e", names: "edition"},
		{name: "edition in full-width digits", path: "/v1/search?q=stopped&edition=%EF%BC%92e", names: "edition"},
		{name: "edition with a Cyrillic e", path: "/v1/search?q=stopped&edition=2%D0%B5", names: "edition"},
		{name: "a parameter in another case", path: "/v1/search?q=stopped&Q=range", names: "Q"},
		{name: "a parameter written as an array", path: "/v1/search?q%5B%5D=stopped", names: "q[]"},
		{name: "pretty with a value it does not take", path: "/v1/search?q=stopped&pretty=maybe", names: "pretty"},
		{name: "card name at its bound", path: "/v1/cards/named?fuzzy=" + long(128)},
		{name: "card name one byte past its bound", path: "/v1/cards/named?fuzzy=" + long(129), names: "fuzzy"},
		{name: "card name of a zero-width space", path: "/v1/cards/named?exact=%E2%80%8B", names: "card name"},
		{name: "term of a no-break space", path: "/v1/define?term=%C2%A0", names: "term"},
		{name: "card list page size as a word", path: "/v1/cards?limit=ten", names: "limit"},
		{name: "entry id holding NUL", path: "/v1/entries/stopped%00", names: "id"},
		{name: "card id of spaces", path: "/v1/cards/%20%20", names: "id"},
		{name: "autocomplete of spaces", path: "/v1/cards/autocomplete?q=%20%20", names: "q"},

		// REST bodies.
		{name: "adjudication with trailing garbage", path: "/v1/adjudicate", body: validAdjudication + ` xyz`, names: "more than one JSON value"},
		{name: "adjudication of two objects", path: "/v1/adjudicate", body: validAdjudication + validAdjudication, names: "more than one JSON value"},
		{name: "adjudication of an array", path: "/v1/adjudicate", body: `[` + validAdjudication + `]`, names: "object"},
		{name: "adjudication sent as text/plain", path: "/v1/adjudicate", body: validAdjudication, header: text}, // what a page sends across sites without a preflight (the embed does)
		{name: "adjudication sent as a form", path: "/v1/adjudicate", body: "edition=2e&question=ship.damage", header: form, names: "content-type"},
		{name: "adjudication gzipped", path: "/v1/adjudicate", body: validAdjudication, gzipped: true},
		{name: "adjudication saying gzip but plain", path: "/v1/adjudicate", body: validAdjudication, header: http.Header{"Content-Encoding": {"gzip"}}, names: "gzip"},
		{name: "adjudication in an encoding not taken", path: "/v1/adjudicate", body: validAdjudication, header: http.Header{"Content-Encoding": {"br"}}, names: "encoding"},
		{name: "a count as a string", path: "/v1/adjudicate", body: strings.Replace(validAdjudication, `"add":1`, `"add":"1"`, 1), names: "params.add"},
		{name: "a count with a fraction", path: "/v1/adjudicate", body: strings.Replace(validAdjudication, `"add":1`, `"add":1.5`, 1), names: "params.add"},
		{name: "a range past any number", path: "/v1/adjudicate", body: strings.Replace(validAdjudication, `"range":7`, `"range":1e400`, 1), names: "range"},
		{name: "the ships as an object", path: "/v1/adjudicate", body: `{"edition":"2e","question":"ship.damage","board":{"ships":{"id":"s"}},"params":{"ship":"s","add":1}}`, names: "board.ships"},
		{name: "the edition as a number", path: "/v1/adjudicate", body: strings.Replace(validAdjudication, `"edition":"2e"`, `"edition":2`, 1), names: "edition"},
		{name: "the question as an array", path: "/v1/adjudicate", body: strings.Replace(validAdjudication, `"question":"ship.damage"`, `"question":["ship.damage"]`, 1), names: "question"},
		{name: "the edition given twice", path: "/v1/adjudicate", body: strings.Replace(validAdjudication, `"edition":"2e"`, `"edition":"2e","edition":"1e"`, 1), names: "edition"},
		{name: "the edition of spaces", path: "/v1/adjudicate", body: strings.Replace(validAdjudication, `"edition":"2e"`, `"edition":"  "`, 1), names: "edition"},
		{name: "an empty body", path: "/v1/adjudicate", method: http.MethodPost, names: "empty"},
		{name: "a body opening with a byte-order mark", path: "/v1/adjudicate", body: "\ufeff" + validAdjudication, names: "byte"},
		{name: "a param nested ten thousand deep", path: "/v1/adjudicate", body: strings.Replace(validAdjudication, `"add":1`, `"add":`+strings.Repeat("[", 10000)+strings.Repeat("]", 10000), 1), names: "max depth"},
		{name: "a body past its bound", path: "/v1/adjudicate", body: strings.Replace(validAdjudication, `"id":"s"`, `"id":"s","title":"`+long(3<<20)+`"`, 1), names: "1 MiB"},
		{name: "a collection identifier as a string", path: "/v1/cards/collection", body: `{"identifiers":["worf"]}`, names: "identifiers[0]"},
		{name: "a collection of a thousand identifiers", path: "/v1/cards/collection", body: `{"identifiers":[` + strings.TrimSuffix(strings.Repeat(`{"name":"worf"},`, 1000), ",") + `]}`, names: "75"},

		// GraphQL.
		{name: "GraphQL query as a number", path: "/graphql", body: `{"query":5}`, names: "query"},
		{name: "GraphQL variables as a string", path: "/graphql", body: `{"query":"{ documents { totalCount } }","variables":"x"}`, names: "variables"},
		{name: "GraphQL body with trailing garbage", path: "/graphql", body: gql(`{ documents { totalCount } }`) + ` junk`, names: "more than one JSON value"},
		{name: "GraphQL batch of queries", path: "/graphql", body: `[` + gql(`{ documents { totalCount } }`) + `]`, names: "object"},
		{name: "GraphQL query given twice in the query string", path: "/graphql?query=%7Bdocuments%7BtotalCount%7D%7D&query=%7Bdocuments%7BtotalCount%7D%7D", names: "query"},
		{name: "GraphQL sent as text/plain", path: "/graphql", body: gql(`{ documents { totalCount } }`), header: text}, // as REST takes it
		{name: "GraphQL sent as a form", path: "/graphql", body: "query=%7Bdocuments%7BtotalCount%7D%7D", header: form, names: "content-type"},
		{name: "GraphQL words as a number", path: "/graphql", body: gql(`{ search(q: 5) { totalCount } }`), names: "q"},
		{name: "GraphQL page size as a string", path: "/graphql", body: gql(`{ search(q: "stopped", first: "10") { totalCount } }`), names: "first"},
		{name: "GraphQL card name of a zero-width space", path: "/graphql", body: gql(`{ cardNamed(name: "\u200b") { id } }`), names: "card name"},
		{name: "GraphQL gzipped", path: "/graphql", body: gql(`{ documents { totalCount } }`), gzipped: true},

		// Pages.
		{name: "card page of a zero-width space", path: "/cards/named?fuzzy=%E2%80%8B", names: "card name"},
		{name: "search page words given twice", path: "/?q=stopped&q=range", names: "given twice"},
		{name: "embed name given twice", path: "/embed/card?name=worf&name=data", names: "name"},
		{name: "oEmbed of a script address", path: "/oembed?url=javascript:alert(1)", names: "url"},
		{name: "suggestions one byte past the text bound", path: "/suggest?q=" + long(501), names: "q parameter"},
		{name: "entry page of spaces", path: "/entries/%20", names: "entry"},

		// Discord.
		{name: "interaction with no signature", path: discord.Route, body: interaction(`{"id":"3","name":"rule","type":1,"options":[{"name":"question","type":3,"value":"range"}]}`), names: "signature"},
		{name: "interaction with its timestamp put back an hour", path: discord.Route, body: interaction(`{"id":"3","name":"rule","type":1,"options":[{"name":"question","type":3,"value":"range"}]}`), discordSigned: true, discordStale: true, names: "timestamp"},
		{name: "interaction with trailing garbage", path: discord.Route, body: interaction(`{"id":"3","name":"rule","type":1,"options":[]}`) + ` junk`, discordSigned: true, names: "more than one JSON value"},
		{name: "interaction name option as a number", path: discord.Route, body: interaction(`{"id":"3","name":"card","type":1,"options":[{"name":"name","type":4,"value":5}]}`), discordSigned: true, names: "name"},
		{name: "interaction question past the text bound", path: discord.Route, body: interaction(`{"id":"3","name":"rule","type":1,"options":[{"name":"question","type":3,"value":"` + long(501) + `"}]}`), discordSigned: true, names: "question"},
		{name: "interaction option given twice", path: discord.Route, body: interaction(`{"id":"3","name":"card","type":1,"options":[{"name":"name","type":3,"value":"worf"},{"name":"name","type":3,"value":"data"}]}`), discordSigned: true, names: "name"},
		{name: "interaction of a type that is none", path: discord.Route, body: strings.Replace(interaction(`{"id":"3","name":"rule","type":1}`), `"type":2`, `"type":99`, 1), discordSigned: true, names: "type"},
		{name: "interaction card name of spaces", path: discord.Route, body: interaction(`{"id":"3","name":"card","type":1,"options":[{"name":"name","type":3,"value":"   "}]}`), discordSigned: true, names: "card name"},

		// A second batch, written before it was sent.
		{name: "GraphQL variables in the query string not JSON", path: "/graphql?query=%7Bdocuments%7BtotalCount%7D%7D&variables=notjson", names: "variables"},
		{name: "collection sent as text/plain, as the embed sends it", path: "/v1/cards/collection", body: `{"identifiers":[{"name":"worf"}]}`, header: text},
		{name: "collection gzipped", path: "/v1/cards/collection", body: `{"identifiers":[{"name":"worf"}]}`, gzipped: true},
		{name: "adjudication with a charset parameter", path: "/v1/adjudicate", body: validAdjudication, header: http.Header{"Content-Type": {"application/json; charset=utf-8"}}},
		{name: "adjudication as a vendor JSON type", path: "/v1/adjudicate", body: validAdjudication, header: http.Header{"Content-Type": {"application/vnd.api+json"}}},
		{name: "adjudication as multipart", path: "/v1/adjudicate", body: validAdjudication, header: http.Header{"Content-Type": {"multipart/form-data; boundary=x"}}, names: "content-type"},
		{name: "adjudication gzip unpacking past the bound", path: "/v1/adjudicate", body: `{"edition":"2e"` + strings.Repeat(" ", 3<<20) + `}`, gzipped: true, names: "1 MiB"},
		{name: "GraphQL in an encoding not taken", path: "/graphql", body: gql(`{ documents { totalCount } }`), header: http.Header{"Content-Encoding": {"deflate"}}, names: "encoding"},
		{name: "adjudication by PUT", path: "/v1/adjudicate", method: http.MethodPut, body: validAdjudication, names: "method"},
		{name: "adjudication by GET", path: "/v1/adjudicate", names: "method"},
		{name: "search by POST", path: "/v1/search?q=stopped", body: `{}`, names: "method"},
		{name: "page size with leading zeros", path: "/v1/search?q=stopped&limit=0010", names: "leading zero"},
		{name: "page size with a plus sign", path: "/v1/search?q=stopped&limit=%2B5", names: "plus sign"},
		{name: "offset at the deepest", path: "/v1/search?q=stopped&offset=10000"},
		{name: "offset one past the deepest", path: "/v1/search?q=stopped&offset=10001", names: "offset"},
		{name: "autocomplete of one letter", path: "/v1/cards/autocomplete?q=w"},
		{name: "interaction of JSON null", path: discord.Route, body: `null`, discordSigned: true, names: "interaction"},
		{name: "card page asked exactly, fuzzy left blank", path: "/cards/named?exact=worf&fuzzy="},
		{name: "document page of spaces", path: "/documents/%20", names: "document"},
		{name: "entry id past the text bound", path: "/v1/entries/" + long(600), names: "id"},
	}
}

// probeOutcome is how one odd input was answered.
type probeOutcome struct {
	held bool
	why  string // what was wrong with the answer, when not held
}

// sendOdd sends one odd input to srv and judges its answer: never a 5xx;
// an input to refuse refused (4xx; GraphQL's errors; a Discord notice
// only the asker sees) in an answer that names what was wrong; an input to
// answer answered.
func sendOdd(t *testing.T, srv *httptest.Server, sign func(string) http.Header, in oddInput) probeOutcome {
	t.Helper()
	body := []byte(in.body)
	if in.gzipped {
		var b bytes.Buffer
		z := gzip.NewWriter(&b)
		z.Write(body)
		z.Close()
		body = b.Bytes()
	}
	method := in.method
	if method == "" {
		method = http.MethodGet
		if in.body != "" {
			method = http.MethodPost
		}
	}
	req, err := http.NewRequest(method, srv.URL+in.path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if in.body != "" || method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
	}
	if in.gzipped {
		req.Header.Set("Content-Encoding", "gzip")
	}
	for k, v := range in.header {
		req.Header[k] = v
	}
	if in.discordSigned {
		for k, v := range sign(in.body) {
			req.Header[k] = v
		}
		if in.discordStale {
			// Its timestamp put an hour back: what was signed is not
			// what is sent.
			req.Header.Set("X-Signature-Timestamp", strconv.FormatInt(time.Now().Add(-time.Hour).Unix(), 10))
		}
	}
	res, err := srv.Client().Do(req)
	if err != nil {
		return probeOutcome{why: "no answer: " + err.Error()}
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	status := res.StatusCode
	text := strings.ToLower(string(out))
	switch {
	case status >= 500:
		return probeOutcome{why: "a " + strconv.Itoa(status) + ": " + clip(out)}
	case in.names == "" && status >= 400 && status != http.StatusNotFound: // a name no card has is answered so
		return probeOutcome{why: "refused an input it reads: " + strconv.Itoa(status) + " " + clip(out)}
	case in.names == "" && bytes.Contains(out, []byte(`"errors"`)):
		return probeOutcome{why: "GraphQL refused an input it reads: " + clip(out)}
	case in.names == "":
		return probeOutcome{held: true}
	}
	refused := status >= 400
	switch {
	case in.path == "/graphql" || strings.HasPrefix(in.path, "/graphql?"):
		refused = refused || bytes.Contains(out, []byte(`"errors"`))
	case in.path == discord.Route && status == http.StatusOK:
		var a discordAnswer
		refused = json.Unmarshal(out, &a) == nil && a.Data.Flags&64 != 0
		text = strings.ToLower(a.Data.Content)
	}
	if !refused {
		return probeOutcome{why: "accepted: " + strconv.Itoa(status) + " " + clip(out)}
	}
	if !strings.Contains(text, strings.ToLower(in.names)) {
		return probeOutcome{why: "refused without naming " + strconv.Quote(in.names) + ": " + strconv.Itoa(status) + " " + clip(out)}
	}
	return probeOutcome{held: true}
}

func clip(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "..."
	}
	return string(b)
}

// TestOddInputIsAnsweredClearlyOnEveryTransport sends the odd inputs of
// oddInputs to REST, GraphQL, the pages and the Discord interaction
// endpoint, wired as serve wires them: each is refused in an answer that
// names what was wrong, or read as what it is; none is a 5xx, none is
// taken silently.
func TestOddInputIsAnsweredClearlyOnEveryTransport(t *testing.T) {
	// The services of the real corpus: what the edge leaves to a service
	// (the words of a search, an id no card has) is answered as it is.
	a, err := testCLI(t).build(context.Background(), config{Corpus: testcorpus.Dir(t)})
	if err != nil {
		t.Fatal(err)
	}
	srv, sign := transportsOver(t, a.services)
	held := 0
	inputs := oddInputs()
	for _, in := range inputs {
		o := sendOdd(t, srv, sign, in)
		if o.held {
			held++
			continue
		}
		t.Errorf("%s (%s): %s", in.name, clipPath(in.path), o.why)
	}
	t.Logf("%d of %d odd inputs answered clearly", held, len(inputs))
}

func clipPath(p string) string {
	if len(p) > 80 {
		return p[:80] + "..."
	}
	return p
}
