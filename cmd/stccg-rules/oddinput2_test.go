package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/discord"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// An oddRequest is one request of testdata/oddinput2.json: input of a shape
// an attacker or a careless bot author sends, on one transport, with what a
// demanding bot author expects of its answer.
type oddRequest struct {
	Name   string            `json:"name"`
	Via    string            `json:"via"` // REST, GraphQL, page, Discord, CLI
	Method string            `json:"method"`
	Path   string            `json:"path"`   // REST or page path; GraphQL: /graphql when empty
	Body   string            `json:"body"`   // sent as it is
	Header map[string]string `json:"header"` // set over Content-Type: application/json
	// Query and Variables make a GraphQL body when Body is empty.
	Query     string          `json:"query"`
	Variables json.RawMessage `json:"variables"`
	// Args are the terminal's arguments (the corpus given after the
	// command), Stdin its standard input.
	Args  []string `json:"args"`
	Stdin string   `json:"stdin"`
	// Data is a Discord interaction's data, sent as an interaction of Type
	// (2, a command, when 0), signed; Interaction is a whole interaction,
	// «id» standing for a fresh id.
	Data        string `json:"data"`
	Type        int    `json:"type"`
	Interaction string `json:"interaction"`

	// Want is "answer" (read and answered), "refuse" (a 4xx, GraphQL's
	// errors, a failed command, a notice only the asker sees), "allow" (a
	// 2xx or a 405 with an Allow header naming Names) or "json" (answered
	// in JSON whatever Accept asked).
	Want   string `json:"want"`
	Status int    `json:"status"` // the HTTP status, where it is fixed
	Code   string `json:"code"`   // the error's code (REST, GraphQL)
	Names  string `json:"names"`  // what a refusal names (case forgiven)
	// Field is the parameter as this transport names it: a sentence of a
	// Same group is compared with it written as {field}.
	Field string `json:"field"`
	// Same groups requests of one input: refused, each in the one
	// sentence; answered, each with the one count or card.
	Same string `json:"same"`
	// Age signs a Discord interaction as sent that many seconds ago
	// (ahead, when negative).
	Age int `json:"age"`
	// Raw is a whole HTTP request as written on the wire (via raw), sent
	// on a connection of its own, its writing side closed after it: what
	// a client's library would not send (a Content-Length that is no
	// number, a chunked body cut short, a header given twice).
	Raw string `json:"raw"`
	// HeldOut marks a request never tuned on: its miss is counted, never
	// printed.
	HeldOut bool `json:"heldOut"`
	// Note says why an expectation was revised after the first run.
	Note string `json:"note"`
}

// oddAnswer is how one odd request was answered.
type oddAnswer struct {
	status  int // 0 on the terminal
	refused bool
	code    string
	message string // the refusal's sentence (a page's whole text)
	field   string // details.field
	allow   string // the Allow header
	ctype   string
	answer  string // a count or a card's id, for Same
}

// expand writes out the request file's repetitions: «text*N» is text N
// times, {i} in it the repetition's number; ‹FF› is the byte 0xFF.
var (
	repeated = regexp.MustCompile(`«([^*»]*)\*(\d+)»`)
	rawByte  = regexp.MustCompile(`‹([0-9A-F]{2})›`)
)

func expand(s string) string {
	s = repeated.ReplaceAllStringFunc(s, func(m string) string {
		sub := repeated.FindStringSubmatch(m)
		n, _ := strconv.Atoi(sub[2])
		var b strings.Builder
		for i := range n {
			b.WriteString(strings.ReplaceAll(sub[1], "{i}", strconv.Itoa(i)))
		}
		return b.String()
	})
	return rawByte.ReplaceAllStringFunc(s, func(m string) string {
		b, _ := hex.DecodeString(rawByte.FindStringSubmatch(m)[1])
		return string(b)
	})
}

func readOddRequests(t *testing.T, file string) []oddRequest {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var reqs []oddRequest
	if err := json.Unmarshal(raw, &reqs); err != nil {
		t.Fatal(err)
	}
	if len(reqs) < 80 {
		t.Fatalf("%d odd requests, fewer than written", len(reqs))
	}
	return reqs
}

// sendOddRequest sends r on its transport and reads the answer.
func sendOddRequest(t *testing.T, srv *httptest.Server, sign func(string) http.Header, corpusDir string, r oddRequest) (a oddAnswer) {
	t.Helper()
	if r.Via == viaCLI {
		args := append([]string{r.Args[0], "--corpus", corpusDir}, r.Args[1:]...)
		for i := range args {
			args[i] = expand(args[i])
		}
		var out, errOut bytes.Buffer
		func() {
			defer func() {
				if p := recover(); p != nil {
					a = oddAnswer{refused: true, status: 500, message: fmt.Sprint("panic: ", p)}
				}
			}()
			err := testCLI(t).run(context.Background(), args, strings.NewReader(expand(r.Stdin)), &out, &errOut)
			a.answer = out.String()
			if err != nil {
				a.refused, a.message = true, err.Error()+"\n"+errOut.String()
			}
		}()
		return a
	}
	path, body := expand(r.Path), expand(r.Body)
	if r.Via == viaGraphQL && path == "" {
		path = "/graphql"
	}
	if r.Via == viaGraphQL && body == "" && r.Query != "" {
		m := map[string]any{"query": expand(r.Query)}
		if r.Variables != nil {
			m["variables"] = r.Variables
		}
		b, _ := json.Marshal(m)
		body = string(b)
	}
	if r.Via == viaRaw {
		return sendRawRequest(t, srv, r)
	}
	var header http.Header
	if r.Via == viaDiscord {
		path = discord.Route
		body = expand(r.Interaction)
		id := strconv.FormatInt(interactionIDs.Add(1), 10)
		if body == "" {
			typ := cmpOr(r.Type, 2)
			body = `{"id":"` + id + `","application_id":"2","type":` + strconv.Itoa(typ) + `,"token":"t","version":1,"data":` + expand(r.Data) + `}`
		}
		body = strings.ReplaceAll(body, "«id»", id)
		header = sign(body)
	}
	method := r.Method
	if method == "" {
		method = http.MethodGet
		if body != "" {
			method = http.MethodPost
		}
	}
	req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatalf("%s: %v", r.Name, err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		req.Header[k] = v
	}
	for k, v := range r.Header {
		req.Header.Set(k, v)
	}
	res, err := srv.Client().Do(req)
	if err != nil {
		return oddAnswer{status: 599, refused: true, message: "no answer: " + err.Error()}
	}
	return readOddAnswer(r, path, res)
}

// readOddAnswer reads the answer res to r, sent to path.
func readOddAnswer(r oddRequest, path string, res *http.Response) (a oddAnswer) {
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	a = oddAnswer{status: res.StatusCode, refused: res.StatusCode >= 400, allow: res.Header.Get("Allow") + " " + res.Header.Get("Access-Control-Allow-Methods"),
		ctype: res.Header.Get("Content-Type"), message: string(out)}
	var e struct {
		Error *struct {
			Code, Message string
			Details       map[string]any
		}
		Errors []struct {
			Message    string
			Extensions struct {
				Code    string
				Details map[string]any
			}
		}
		Total *int
		ID    string
		Data  json.RawMessage // GraphQL's fields, or a REST list
	}
	switch {
	case r.Via == viaDiscord && res.StatusCode == http.StatusOK:
		var d discordAnswer
		if json.Unmarshal(out, &d) == nil {
			a.refused = d.Data.Flags&64 != 0 && !strings.HasPrefix(d.Data.Content, "Nothing in the rules answers")
			a.message = d.Data.Content
		}
	case r.Via == viaPage && !strings.HasPrefix(path, "/embed/"):
		// A page's whole text is its message.
	case json.Unmarshal(out, &e) == nil:
		if e.Error != nil {
			a.code, a.message = e.Error.Code, e.Error.Message
			a.field, _ = e.Error.Details["field"].(string)
		}
		if len(e.Errors) > 0 {
			a.refused = true
			a.code, a.message = e.Errors[0].Extensions.Code, e.Errors[0].Message
			a.field, _ = e.Errors[0].Extensions.Details["field"].(string)
		}
		switch {
		case e.Total != nil:
			a.answer = strconv.Itoa(*e.Total)
		case e.ID != "":
			a.answer = e.ID
		}
		var fields map[string]json.RawMessage // GraphQL's one field: its count or its id
		json.Unmarshal(e.Data, &fields)
		for _, v := range fields {
			var one struct {
				TotalCount *int
				ID         string
			}
			if json.Unmarshal(v, &one) == nil && one.TotalCount != nil {
				a.answer = strconv.Itoa(*one.TotalCount)
			} else if one.ID != "" {
				a.answer = one.ID
			}
		}
	}
	return a
}

func cmpOr(n, def int) int {
	if n == 0 {
		return def
	}
	return n
}

// judgeOdd says what is wrong with the answer a to r, "" when nothing is.
func judgeOdd(r oddRequest, a oddAnswer) string {
	if a.status >= 500 {
		return fmt.Sprintf("a %d: %s", a.status, clip([]byte(a.message)))
	}
	named := func() bool {
		n := strings.ToLower(r.Names)
		return strings.Contains(strings.ToLower(a.message), n) || strings.Contains(strings.ToLower(a.field), n) ||
			(a.status == http.StatusMethodNotAllowed && strings.Contains(strings.ToLower(a.allow), n))
	}
	switch r.Want {
	case "answer":
		if a.refused || (a.status >= 400 && a.status != http.StatusNotFound) {
			return fmt.Sprintf("refused an input it reads: %d %s", a.status, clip([]byte(a.message)))
		}
	case "refuse":
		switch {
		case !a.refused:
			return fmt.Sprintf("accepted: %d %s", a.status, clip([]byte(a.message)))
		case r.Status != 0 && a.status != r.Status:
			return fmt.Sprintf("status %d, want %d: %s", a.status, r.Status, clip([]byte(a.message)))
		case r.Code != "" && a.code != r.Code:
			return fmt.Sprintf("code %q, want %q: %s", a.code, r.Code, clip([]byte(a.message)))
		case !named():
			return fmt.Sprintf("refused without naming %q: %d %s", r.Names, a.status, clip([]byte(a.message)))
		}
	case "allow":
		if !(a.status < 300 || a.status == http.StatusMethodNotAllowed) || !strings.Contains(a.allow, r.Names) {
			return fmt.Sprintf("%d with Allow %q, want %s allowed: %s", a.status, strings.TrimSpace(a.allow), r.Names, clip([]byte(a.message)))
		}
	case "json":
		if !strings.HasPrefix(a.ctype, "application/json") || (r.Status != 0 && a.status != r.Status) {
			return fmt.Sprintf("%d %s, want JSON: %s", a.status, a.ctype, clip([]byte(a.message)))
		}
	default:
		return "no such expectation " + strconv.Quote(r.Want)
	}
	return ""
}

// sameSentence is a refusal's sentence with the parameter as its
// transport names it written {field}.
func sameSentence(r oddRequest, a oddAnswer) string {
	s := strings.TrimSpace(a.message)
	if r.Field != "" {
		s = strings.ReplaceAll(s, r.Field, "{field}")
	}
	return s
}

// judgeSame says what differs among the answers of one Same group: the
// first answered or refused by REST (or the first of all) is the one the
// others are held to. A page or a Discord notice or a command's error must
// hold the sentence; REST and GraphQL must say it alone.
func judgeSame(reqs []oddRequest, answers []oddAnswer) []string {
	ref := -1
	for i, r := range reqs {
		if ref < 0 || (r.Via == viaREST && reqs[ref].Via != viaREST) {
			ref = i
		}
	}
	var diffs []string
	want := answers[ref]
	for i, r := range reqs {
		a := answers[i]
		if a.refused != want.refused {
			diffs = append(diffs, fmt.Sprintf("%s (%s) refused=%v, %s (%s) refused=%v", r.Name, r.Via, a.refused, reqs[ref].Name, reqs[ref].Via, want.refused))
			continue
		}
		if !a.refused {
			if a.answer != want.answer && r.Via != viaPage && r.Via != viaCLI && r.Via != viaDiscord {
				diffs = append(diffs, fmt.Sprintf("%s (%s) answered %q, %s (%s) %q", r.Name, r.Via, a.answer, reqs[ref].Name, reqs[ref].Via, want.answer))
			}
			continue
		}
		w := sameSentence(reqs[ref], want)
		got := sameSentence(r, a)
		var ok bool
		switch r.Via {
		case viaREST, viaGraphQL:
			ok = got == w
		case viaPage:
			if strings.HasPrefix(r.Path, "/embed/") { // the embed's JSON
				ok = got == w
				break
			}
			ok = strings.Contains(a.message, template.HTMLEscapeString(strings.ReplaceAll(w, "{field}", r.Field)))
		default:
			ok = strings.Contains(got, w)
		}
		if !ok {
			diffs = append(diffs, fmt.Sprintf("%s (%s) said %q; %s (%s) said %q", r.Name, r.Via, clip([]byte(got)), reqs[ref].Name, reqs[ref].Via, w))
		}
	}
	return diffs
}

// TestOddInputOfOtherShapesIsAnsweredClearly sends the requests of
// testdata/oddinput2.json (query parameters given twice or empty, bounds met
// and passed, numbers in other forms, look-alike and invisible Unicode,
// percent-encoding, other methods and Accept headers, JSON of duplicate
// keys, comments, a BOM or NaN, GraphQL aliases, fragments, variables and
// introspection, Discord options of other types) to REST, GraphQL, the
// pages, Discord and the terminal, wired as serve wires them, over the real
// corpus: none is a 5xx; each is answered or refused as written, a refusal
// naming what was wrong; and an input of a Same group is answered the same
// way on each transport. The misses still open are logged, and the figures
// held to those reached (oddHeldAtLeast, oddSameAtLeast).
func TestOddInputOfOtherShapesIsAnsweredClearly(t *testing.T) {
	held, same := probeOddRequests(t, "testdata/oddinput2.json")
	if held < oddHeldAtLeast || same < oddSameAtLeast {
		t.Errorf("fewer than the %d requests and %d inputs answered as expected before", oddHeldAtLeast, oddSameAtLeast)
	}
}

// probeOddRequests sends the requests of file over the real corpus, logs
// (or with STCCG_ODD_STRICT fails) each miss, fails every 5xx, and returns
// how many requests were answered as expected and how many Same groups
// were answered alike on every transport.
func probeOddRequests(t *testing.T, file string) (held, same int) {
	dir := testcorpus.Dir(t)
	a, err := testCLI(t).build(context.Background(), config{Corpus: dir})
	if err != nil {
		t.Fatal(err)
	}
	srv, signAt := transportsSignedAt(t, a.services)
	reqs := readOddRequests(t, file)
	strict := os.Getenv("STCCG_ODD_STRICT") != ""
	groups := map[string][]int{}
	var order []string
	answers := make([]oddAnswer, len(reqs))
	var heldOut, heldOutHeld, heldOut5xx int
	for i, r := range reqs {
		sign := func(body string) http.Header {
			return signAt(time.Now().Add(-time.Duration(r.Age)*time.Second), body)
		}
		answers[i] = sendOddRequest(t, srv, sign, dir, r)
		if r.HeldOut {
			heldOut++
			switch {
			case judgeOdd(r, answers[i]) == "":
				held++
				heldOutHeld++
			case answers[i].status >= 500:
				heldOut5xx++
			}
		} else if why := judgeOdd(r, answers[i]); why != "" {
			report := t.Logf
			if strict || answers[i].status >= 500 {
				report = t.Errorf
			}
			report("%s (%s %s): %s", r.Name, r.Via, clipPath(cmpStr(r.Path, r.Query, strings.Join(r.Args, " "), r.Data)), why)
		} else {
			held++
		}
		if r.Same != "" {
			if _, ok := groups[r.Same]; !ok {
				order = append(order, r.Same)
			}
			groups[r.Same] = append(groups[r.Same], i)
		}
	}
	for _, g := range order {
		var rs []oddRequest
		var as []oddAnswer
		hidden := false
		for _, i := range groups[g] {
			rs, as = append(rs, reqs[i]), append(as, answers[i])
			hidden = hidden || reqs[i].HeldOut
		}
		if diffs := judgeSame(rs, as); len(diffs) > 0 {
			report := t.Logf
			if strict {
				report = t.Errorf
			}
			if hidden { // a held-out request's answer is never printed
				diffs = []string{"(a group holding a held-out request)"}
			}
			report("%s: not the same answer on every transport:\n\t%s", g, strings.Join(diffs, "\n\t"))
			continue
		}
		same++
	}
	if heldOut5xx > 0 {
		t.Errorf("%d held-out requests answered with a 5xx", heldOut5xx)
	}
	t.Logf("%d of %d odd requests answered as expected (held out: %d of %d); %d of %d inputs answered the same on every transport", held, len(reqs), heldOutHeld, heldOut, same, len(order))
	return held, same
}

// The figures of TestOddInputOfOtherShapesIsAnsweredClearly this far: a
// change answers at least as many as expected (every 5xx fails the test
// whatever the figures). STCCG_ODD_STRICT=1 fails it on every miss.
const (
	oddHeldAtLeast = 169
	oddSameAtLeast = 13
)

func cmpStr(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
