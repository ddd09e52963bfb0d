package engine_test

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/stccg/stccg-rules/internal/catalog"
	"github.com/stccg/stccg-rules/internal/engine"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// world is the engine built over the real corpus and card catalog, once per
// test binary.
type world struct {
	svc     *engine.Service
	cards   *catalog.Catalog
	entries map[string]*rules.Entry
}

var (
	worldOnce sync.Once
	theWorld  world
)

func realWorld(tb testing.TB) world {
	tb.Helper()
	c := testcorpus.Load(tb)
	worldOnce.Do(func() {
		cat := catalog.New(c.Cards, c.Entries, catalog.WithDocuments(c.Documents))
		theWorld.svc = engine.New(c.Documents, c.Entries, cat)
		theWorld.cards = cat
		theWorld.entries = map[string]*rules.Entry{}
		for _, e := range c.Entries {
			theWorld.entries[e.ID] = e
		}
	})
	return theWorld
}

// judge adjudicates req on the real corpus and checks what every verdict
// owes: at least one citation, each an entry of the document adjudicated
// under whose text holds the quote.
func judge(t *testing.T, req rules.AdjudicationRequest) *rules.Verdict {
	t.Helper()
	w := realWorld(t)
	record(t, req)
	v, err := ask(context.Background(), w.svc, req)
	if err != nil {
		t.Fatalf("adjudicate %s: %v (details %v)", req.Question, err, rules.ErrorDetails(err))
	}
	checkCitations(t, w, v)
	checkEncodedBoard(t, w, req, v)
	return v
}

// checkEncodedBoard encodes the request's board back into the request's
// shape, as a turn returns it: encoding it again gives the same board, and
// the question asked of it gets the same verdict.
func checkEncodedBoard(t *testing.T, w world, req rules.AdjudicationRequest, v *rules.Verdict) {
	t.Helper()
	ctx := context.Background()
	encoded, err := w.svc.EncodeBoard(ctx, v.Edition, req.Board)
	if err != nil {
		t.Fatalf("encode the board: %v", err)
	}
	again, err := w.svc.EncodeBoard(ctx, v.Edition, encoded)
	if err != nil {
		t.Fatalf("decode the encoded board: %v", err)
	}
	if a, b := string(params(t, encoded)), string(params(t, again)); a != b {
		t.Errorf("the board encoded twice differs:\n %s\n %s", a, b)
	}
	req.Board = encoded
	v2, err := ask(ctx, w.svc, req)
	if err != nil {
		t.Fatalf("adjudicate %s on the encoded board: %v", req.Question, err)
	}
	if a, b := string(params(t, v)), string(params(t, v2)); a != b {
		t.Errorf("the encoded board gets another verdict:\n %s\n %s", a, b)
	}
}

func checkCitations(t *testing.T, w world, v *rules.Verdict) {
	t.Helper()
	if len(v.Citations) == 0 {
		t.Errorf("%s under %s: no citation (reasons %q)", v.Question, v.Rules, v.Reasons)
	}
	for _, c := range v.Citations {
		e, ok := w.entries[c.ID]
		switch {
		case !ok:
			t.Errorf("citation %q is not an entry", c.ID)
		case !(citable(v.Rules, e.DocumentID) || e.DocumentID == v.GovernedBy) || c.DocumentID != e.DocumentID:
			t.Errorf("citation %q is from %s, not %s", c.ID, e.DocumentID, v.Rules)
		case c.Quote == "" || !strings.Contains(e.Text, c.Quote):
			t.Errorf("citation %q quote %q is not in the entry text", c.ID, c.Quote)
		case c.Title != e.Title:
			t.Errorf("citation %q title %q, entry title %q", c.ID, c.Title, e.Title)
		}
	}
	if len(v.Reasons) == 0 {
		t.Errorf("%s: no reasons", v.Question)
	}
}

// citable says whether a verdict under rulesDoc may cite an entry of doc:
// its own document, or for the 1E rulings page the rulebook it supplements.
func citable(rulesDoc, doc string) bool {
	return doc == rulesDoc || (rulesDoc == "1e-current-rulings" && doc == "1e-rulebook")
}

// refuse adjudicates a request that cannot be judged and returns the field
// its error names.
func refuse(t *testing.T, req rules.AdjudicationRequest) string {
	t.Helper()
	w := realWorld(t)
	record(t, req)
	v, err := ask(context.Background(), w.svc, req)
	if err == nil {
		t.Fatalf("adjudicate %s: want an error, got %+v", req.Question, v)
	}
	// The caller's either way: 400 for what the request's decoder refuses
	// (an unknown field, a value of the wrong type), 422 for what the
	// engine cannot judge.
	if c := rules.ErrorCode(err); c != rules.EUNPROCESSABLE && c != rules.EINVALID {
		t.Fatalf("code %q, want %q or %q (%v)", c, rules.EUNPROCESSABLE, rules.EINVALID, err)
	}
	f, _ := rules.ErrorDetails(err)["field"].(string)
	return f
}

// rawParams, ask and decoded are the package's own test helpers
// (decoded_internal_test.go), shared through export_test.go: params as
// JSON, as bots send them, and a request read by the API's decoder
// (api.DecodeAdjudication), once and strictly, with every limit, before it
// is judged.
type rawParams = engine.RawParams

var (
	ask     = engine.Ask
	decoded = engine.DecodedRequest
)

var recordMu sync.Mutex

// record appends req as one line of JSON to the file STCCG_ENGINE_RECORD
// names, when it is set: the requests of the table tests, for
// TestVerdictsMatchSnapshot to replay.
func record(tb testing.TB, req rules.AdjudicationRequest) {
	tb.Helper()
	path := os.Getenv("STCCG_ENGINE_RECORD")
	if path == "" {
		return
	}
	line, err := json.Marshal(req)
	if err != nil {
		tb.Fatalf("record request: %v", err)
	}
	recordMu.Lock()
	defer recordMu.Unlock()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		tb.Fatalf("record request: %v", err)
	}
	defer f.Close()
	if _, err := f.Write(append(line, '\n')); err != nil {
		tb.Fatalf("record request: %v", err)
	}
}

// checkAgainst asks requirement.check of a requirement against every
// personnel given, on a board of one planet mission.
func checkAgainst(t *testing.T, edition, requirement string, personnel []rules.BoardPersonnel) *rules.Verdict {
	t.Helper()
	var ids []string
	for _, p := range personnel {
		ids = append(ids, p.ID)
	}
	board := rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 2)}, Personnel: personnel}
	r := req2E("requirement.check", board, obj{"requirement": requirement, "personnel": ids})
	r.Edition = edition
	return judge(t, r)
}

func params(t testing.TB, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// roundTrip is a value as JSON gives it back, so results compare as a
// client sees them.
func roundTrip(t testing.TB, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func allowed(t *testing.T, v *rules.Verdict) bool {
	t.Helper()
	if v.Allowed == nil {
		t.Fatalf("%s: allowed is missing (reasons %q)", v.Question, v.Reasons)
	}
	return *v.Allowed
}

func num(t *testing.T, v *rules.Verdict, field string) float64 {
	t.Helper()
	x, ok := resultField(t, v.Result, field).(float64)
	if !ok {
		t.Fatalf("%s: result.%s = %v, not a number", v.Question, field, resultField(t, v.Result, field))
	}
	return x
}

// Board builders.

func ip(v int) *int { return rules.IntPtr(v) }

func at(mission string) *rules.Location { return &rules.Location{Mission: mission} }

func aboard(ship string) *rules.Location { return &rules.Location{Ship: ship} }

func mission(id, typ, quadrant string, span int) rules.BoardMission {
	return rules.BoardMission{ID: id, Title: id, Type: typ, Quadrant: quadrant, Span: ip(span)}
}

// ship is a ship given inline; nil staffing is none (a list left out would
// be not known).
func ship(id, affiliation string, staffing []string, rng int, where string) rules.BoardShip {
	if staffing == nil {
		staffing = []string{}
	}
	return rules.BoardShip{ID: id, Affiliation: affiliation, Staffing: staffing, Range: ip(rng), Weapons: ip(6), Shields: ip(6), At: at(where)}
}

// person is a personnel with attributes 5/5/5 unless changed, and no
// characteristics.
func person(id, affiliation string, icons []string, where *rules.Location, skills ...string) rules.BoardPersonnel {
	if icons == nil {
		icons = []string{}
	}
	if skills == nil {
		skills = []string{}
	}
	return rules.BoardPersonnel{ID: id, PersonnelStats: rules.PersonnelStats{Affiliation: affiliation, Icons: icons, Skills: skills, Characteristics: []string{}, Integrity: ip(5), Cunning: ip(5), Strength: ip(5)}, At: where}
}

func opp(p rules.BoardPersonnel) rules.BoardPersonnel { p.Owner = engine.Opponent; return p }

func stopped(p rules.BoardPersonnel) rules.BoardPersonnel { p.Stopped = true; return p }

func strength(p rules.BoardPersonnel, s int) rules.BoardPersonnel { p.Strength = ip(s); return p }

func cunning(p rules.BoardPersonnel, c int) rules.BoardPersonnel { p.Cunning = ip(c); return p }

func req2E(question string, board rules.Board, p any) rules.AdjudicationRequest {
	b, _ := json.Marshal(p)
	return rules.AdjudicationRequest{Edition: rules.Edition2E, Question: question, Board: board, Params: rawParams(b)}
}

func req1E(question string, board rules.Board, p any) rules.AdjudicationRequest {
	r := req2E(question, board, p)
	r.Edition = rules.Edition1E
	return r
}

func under(r rules.AdjudicationRequest, doc string) rules.AdjudicationRequest {
	r.Rules = doc
	return r
}

// The 2E rulebooks, oldest first.
var rulebooks2E = []string{"2e-rulebook-premiere", "2e-rulebook-call-to-arms", "2e-rulebook"}

type obj = map[string]any

// quotes says whether one of a verdict's citations quotes the words, case
// and spacing forgiven.
func quotes(v *rules.Verdict, words string) bool {
	want := strings.ToLower(strings.Join(strings.Fields(words), " "))
	for _, c := range v.Citations {
		q := strings.ToLower(strings.Join(strings.Fields(strings.NewReplacer("’", "'", "“", "\"", "”", "\"").Replace(c.Quote)), " "))
		if strings.Contains(q, want) {
			return true
		}
	}
	return false
}

// resultFields are a result's fields as a client reads them, by name
// (numbers as float64).
func resultFields(t testing.TB, r rules.Result) map[string]any {
	t.Helper()
	m, _ := roundTrip(t, r).(map[string]any)
	return m
}

// resultField is one field of a result as a client reads it: nil when it
// is null or left out.
func resultField(t testing.TB, r rules.Result, name string) any {
	t.Helper()
	return resultFields(t, r)[name]
}

// turnOf is the result of a turn.replay verdict.
func turnOf(t testing.TB, v *rules.Verdict) *rules.TurnReplayResult {
	t.Helper()
	r, ok := v.Result.(*rules.TurnReplayResult)
	if !ok {
		t.Fatalf("%s: result is a %T, not a turn's", v.Question, v.Result)
	}
	return r
}

// val is *p, or nil (untyped) when p is nil: a result's field that may be
// null, to compare with a value or nil.
func val[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}
