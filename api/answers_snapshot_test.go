package api_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// TestAdjudicationAnswersMatchSnapshot posts a broad set of adjudication
// bodies to POST /v1/adjudicate and compares every answer, its status and
// its JSON (keys in any order), with a snapshot taken before a change: the
// way to show what a change of the request's reading or of the engine's
// results changed, body by body.
//
// The bodies are the contract's examples, the held-out boards, the pages'
// samples, each of those with one key written in another case and one key
// misspelt, and the bodies STCCG_ADJUDICATE_BODIES names (one JSON string a
// line, the body as sent: recorded from the engine's table and snapshot
// tests with STCCG_ENGINE_RECORD, and from this package's tests with
// STCCG_ADJUDICATE_RECORD).
//
// On every run, with no snapshot named too, it checks what holds of every
// answer whatever the engine decides: a status under 500, a JSON body, an
// error in the API's error shape, and the same body answered the same
// twice; with no snapshot named, on every 10th body.
//
// STCCG_ADJUDICATE_SNAPSHOT names the snapshot; with
// STCCG_ADJUDICATE_SNAPSHOT_WRITE=1 the test writes it
// instead. STCCG_ADJUDICATE_DIFF names a file for every answer that
// differs, before and after. A snapshot quotes the rulebooks and card data:
// keep it out of the repository.
func TestAdjudicationAnswersMatchSnapshot(t *testing.T) {
	path := os.Getenv("STCCG_ADJUDICATE_SNAPSHOT")
	h := api.New(api.Config{Services: services(t), Logger: slog.New(slog.DiscardHandler)})
	bodies := snapshotBodies(t)
	if path == "" {
		// Without a snapshot to compare with, every 10th body: the set is
		// some 5,000, a minute and more under the race detector.
		var sample []string
		for i := 0; i < len(bodies); i += 10 {
			sample = append(sample, bodies[i])
		}
		bodies = sample
	}
	var out bytes.Buffer
	for _, body := range bodies {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, "/v1/adjudicate", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		h.ServeHTTP(rec, req)
		line, err := json.Marshal(snapshotLine{Body: body, Status: rec.Code, Answer: canonicalJSON(rec.Body.Bytes())})
		if err != nil {
			t.Fatal(err)
		}
		out.Write(line)
		out.WriteByte('\n')
		var answer struct {
			Error *struct{ Code, Message string }
		}
		switch {
		case rec.Code >= 500:
			t.Errorf("%.200s: %d %.300s", body, rec.Code, rec.Body.Bytes())
		case json.Unmarshal(rec.Body.Bytes(), &answer) != nil:
			t.Errorf("%.200s: %d, not JSON: %.300s", body, rec.Code, rec.Body.Bytes())
		case rec.Code != http.StatusOK && (answer.Error == nil || answer.Error.Code == "" || answer.Error.Message == ""):
			t.Errorf("%.200s: %d without the error shape: %.300s", body, rec.Code, rec.Body.Bytes())
		}
		again := httptest.NewRecorder()
		req = httptest.NewRequest(http.MethodPost, "/v1/adjudicate", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		h.ServeHTTP(again, req)
		if again.Code != rec.Code || canonicalJSON(again.Body.Bytes()) != canonicalJSON(rec.Body.Bytes()) {
			t.Errorf("%.200s answered twice differently: %d %.300s, then %d %.300s", body, rec.Code, rec.Body.Bytes(), again.Code, again.Body.Bytes())
		}
	}
	t.Logf("%d bodies answered", len(bodies))
	if path == "" {
		return
	}
	if os.Getenv("STCCG_ADJUDICATE_SNAPSHOT_WRITE") == "1" {
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d answers to %s", len(bodies), path)
		return
	}
	want, err := readSnapshot(path)
	if err != nil {
		t.Fatal(err)
	}
	got, err := readSnapshotFrom(&out)
	if err != nil {
		t.Fatal(err)
	}
	var diff bytes.Buffer
	kinds := map[string]int{}
	same, differ, missing := 0, 0, 0
	for body, g := range got {
		w, ok := want[body]
		if !ok {
			missing++
			continue
		}
		if g.Status == w.Status && g.Answer == w.Answer {
			same++
			continue
		}
		differ++
		kinds[fmt.Sprintf("%d %s -> %d %s", w.Status, errorShape(w.Answer), g.Status, errorShape(g.Answer))]++
		fmt.Fprintf(&diff, "body   %s\nbefore %d %s\nafter  %d %s\n\n", body, w.Status, w.Answer, g.Status, g.Answer)
	}
	t.Logf("%d bodies: %d answered as in the snapshot, %d differently, %d not in it", len(got), same, differ, missing)
	names := make([]string, 0, len(kinds))
	for k := range kinds {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool { return kinds[names[i]] > kinds[names[j]] })
	for _, k := range names {
		t.Logf("%6d  %s", kinds[k], k)
	}
	if p := os.Getenv("STCCG_ADJUDICATE_DIFF"); p != "" {
		if err := os.WriteFile(p, diff.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if differ > 0 || missing > 0 {
		t.Errorf("%d answers differ from the snapshot, %d bodies are not in it", differ, missing)
	}
}

// snapshotLine is one line of the snapshot: a body and its answer.
type snapshotLine struct {
	Body   string `json:"body"`
	Status int    `json:"status"`
	Answer string `json:"answer"`
}

func readSnapshot(path string) (map[string]snapshotLine, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readSnapshotFrom(f)
}

func readSnapshotFrom(r interface{ Read([]byte) (int, error) }) (map[string]snapshotLine, error) {
	out := map[string]snapshotLine{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<20), 1<<27)
	for sc.Scan() {
		var l snapshotLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return nil, err
		}
		out[l.Body] = l
	}
	return out, sc.Err()
}

// canonicalJSON is a JSON answer with its objects' keys sorted, so that
// answers compare whatever order a type writes its fields in.
func canonicalJSON(b []byte) string {
	var v any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return string(b)
	}
	out, err := json.Marshal(v)
	if err != nil {
		return string(b)
	}
	return string(out)
}

// errorShape is an answer's error code and field, or "verdict".
func errorShape(answer string) string {
	var e struct {
		Error *struct {
			Code    string         `json:"code"`
			Details map[string]any `json:"details"`
		} `json:"error"`
	}
	if json.Unmarshal([]byte(answer), &e) != nil || e.Error == nil {
		return "verdict"
	}
	field, _ := e.Error.Details["field"].(string)
	// Indexes and names of board objects vary; the shape of the path does not.
	var b strings.Builder
	skip := false
	for _, r := range field {
		switch {
		case r == '[':
			skip = true
			b.WriteString("[]")
		case r == ']':
			skip = false
		case !skip:
			b.WriteRune(r)
		}
	}
	return e.Error.Code + " " + b.String()
}

// snapshotBodies are the bodies the snapshot answers, each once.
func snapshotBodies(t testing.TB) []string {
	seen := map[string]bool{}
	var out []string
	add := func(b string) {
		if !seen[b] {
			seen[b] = true
			out = append(out, b)
		}
	}
	var examples []json.RawMessage
	for _, ex := range testcorpus.AdjudicationExamples(t) {
		examples = append(examples, ex.Request)
	}
	raw, err := os.ReadFile("testdata/held-out-boards.json")
	if err != nil {
		t.Fatal(err)
	}
	var held struct {
		Examples []struct{ Request json.RawMessage }
	}
	if err := json.Unmarshal(raw, &held); err != nil {
		t.Fatal(err)
	}
	for _, ex := range held.Examples {
		examples = append(examples, ex.Request)
	}
	samples, _ := filepath.Glob("../web/samples/*.json")
	for _, s := range samples {
		raw, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		var sm struct{ Request json.RawMessage }
		if err := json.Unmarshal(raw, &sm); err != nil {
			t.Fatal(err)
		}
		examples = append(examples, sm.Request)
	}
	for _, ex := range examples {
		var compact bytes.Buffer
		if err := json.Compact(&compact, ex); err != nil {
			t.Fatal(err)
		}
		add(compact.String())
		for _, v := range keyVariations(compact.String()) {
			add(v)
		}
	}
	if p := os.Getenv("STCCG_ADJUDICATE_BODIES"); p != "" {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 0, 1<<20), 1<<27)
		for sc.Scan() {
			var b string
			if err := json.Unmarshal(sc.Bytes(), &b); err != nil {
				t.Fatalf("read %s: %v", p, err)
			}
			add(b)
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// keyVariations are a body with each of its keys in turn written with its
// first letter in the other case, and with its last letter left out.
func keyVariations(body string) []string {
	var out []string
	for i := 0; i < len(body); i++ {
		// A key is a string followed by a colon.
		if body[i] != '"' {
			continue
		}
		end := strings.IndexByte(body[i+1:], '"')
		if end <= 0 {
			break
		}
		end += i + 1
		if end+1 < len(body) && body[end+1] == ':' {
			key := body[i+1 : end]
			r := rune(key[0])
			other := string(unicode.ToUpper(r)) + key[1:]
			if unicode.IsUpper(r) {
				other = string(unicode.ToLower(r)) + key[1:]
			}
			out = append(out, body[:i+1]+other+body[end:])
			if len(key) > 2 {
				out = append(out, body[:i+1]+key[:len(key)-1]+body[end:])
			}
		}
		i = end
	}
	return out
}
