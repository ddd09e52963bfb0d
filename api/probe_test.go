package api_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// A probeExample is one situation of a blind probe: a request, what its
// answer must hold, and the words one of its citations must quote.
type probeExample struct {
	Name    string
	Rule    string
	Request json.RawMessage
	Expect  map[string]any
	// Status is the HTTP status the answer must have; 200 when not given.
	Status int
	// Cites are phrases one citation's quote must hold, each (case and
	// white space aside): the sentence that decided.
	Cites []string
	// Note says why an expectation was mended after the probe was first
	// run: the author's reading, not the engine, was wrong.
	Note string
	// Batch is the batch the situation was written in, each before any of
	// it was run; 0 when the probe does not say.
	Batch int
	// HeldOut marks a situation counted and never asserted, nor mended for:
	// the probe's figure on answers no mend was made for.
	HeldOut bool
	// Open says why a situation answered otherwise than its example names is
	// not mended yet: it is logged, not failed, until it is answered as
	// named, when it must be pinned (Open removed).
	Open string
}

// TestBlindProbeIsJudgedAsTheRulebooksSay posts a probe of boards and turns
// written from the rulebooks of both editions, with their answers, before
// any of them was run: copies of one mission, the card data's markings,
// persona, decks of either edition, ship and crew state, battles at
// facilities and the dead named by later actions of a turn. Each answer
// must hold what its example names; the figure is logged.
func TestBlindProbeIsJudgedAsTheRulebooksSay(t *testing.T) {
	judgeProbe(t, "testdata/blind-probe.json")
}

// TestSecondBlindProbeIsJudgedAsTheRulebooksSay posts a second probe,
// written the same way and aimed at the edges: cards the card data knows by
// title only, names typed loosely or shared by both editions, ties in
// combat, engagements and battles, the limits of a turn, cards where the
// rules put none, statistics given inline, requirements joined by OR, and
// the two editions answering one question differently.
func TestSecondBlindProbeIsJudgedAsTheRulebooksSay(t *testing.T) {
	judgeProbe(t, "testdata/blind-probe-2.json")
}

// TestThirdBlindProbeIsJudgedAsTheRulebooksSay posts a third probe, written
// the same way from the rulebooks, the Current Rulings and the contract alone,
// in the shapes an outside judge or bot author writes: cards named by title,
// fields left to their defaults, statistics inline over a card's, cards the
// card data knows by title only, numbers at zero, below zero and at the
// game's limits, the turn's segments in orders the rules refuse, and the
// Current Rulings' entries that change a rule.
func TestThirdBlindProbeIsJudgedAsTheRulebooksSay(t *testing.T) {
	judgeProbe(t, "testdata/blind-probe-3.json")
}

// TestFourthBlindProbeIsJudgedAsTheRulebooksSay posts a fourth probe, written
// the same way: each question with one field of a board object or of the
// params left out at a time (asked for where it decides, not where it does
// not), turns replayed where an early action changes what a later one may
// do, the Current Rulings' entries, and the governing note of requests under
// the 1E rulebook or the older 2E rulebooks.
func TestFourthBlindProbeIsJudgedAsTheRulebooksSay(t *testing.T) {
	judgeProbe(t, "testdata/blind-probe-4.json")
}

// TestFifthBlindProbeIsJudgedAsTheRulebooksSay posts a fifth probe, written
// the same way in the shapes an outside bot author writes: cards named by id
// or loosely, cards both editions print, boards of many cards, keys in other
// orders and optional fields left out, statistics given as strings of
// digits, answers turning on a field left out, the rulebooks' edges (ties,
// thresholds met exactly, zero, unique and universal, one card play a turn,
// seeding) and turns whose later actions depend on earlier ones. One
// situation in five is held out: counted, never asserted. The figures of
// both parts are logged.
func TestFifthBlindProbeIsJudgedAsTheRulebooksSay(t *testing.T) {
	judgeHeldOutProbe(t, "testdata/blind-probe-5.json", probeShape{situations: 90, replays: 20, kinds: 18})
}

// TestSixthBlindProbeIsJudgedAsTheRulebooksSay posts a sixth probe, written
// the same way at the edges of what the service reads and what its data
// lacks: cards named in other forms, both editions' printings of one card
// named by title in each edition's board, cards of the other edition given
// by id, cards the card data knows by title only or without a statistic
// (422 naming what is needed where it decides, the verdict where it cannot),
// inline boards leaving out what a question needs, thresholds met exactly,
// long turns and actions out of order. One situation in five is held out.
func TestSixthBlindProbeIsJudgedAsTheRulebooksSay(t *testing.T) {
	judgeHeldOutProbe(t, "testdata/blind-probe-6.json", probeShape{situations: 120, replays: 20, kinds: 18})
}

// TestSeventhBlindProbeIsJudgedAsTheRulebooksSay posts a seventh probe,
// written the same way at what the service reads and what its data lacks:
// cards the card data knows by title only or without a statistic, cards both
// editions print named by title in each edition's board, whole turns of
// several steps, boards whose answer turns on a statistic the data does not
// hold (422 naming it, never a confident verdict), and rules less asked
// before. About one situation in three is held out.
func TestSeventhBlindProbeIsJudgedAsTheRulebooksSay(t *testing.T) {
	judgeHeldOutProbe(t, "testdata/blind-probe-7.json", probeShape{situations: 44, replays: 5, kinds: 17})
}

// probeShape is the least a probe with held-out situations must hold: its
// situations, its turns replayed and its kinds of question.
type probeShape struct{ situations, replays, kinds int }

// judgeHeldOutProbe posts every situation of a probe with held-out
// situations: the asserted ones must hold what their example names (or be
// open), the held-out ones are counted and never asserted nor printed; the
// figures of both parts are logged, whole and by batch.
func judgeHeldOutProbe(t *testing.T, path string, shape probeShape) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Examples []probeExample }
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	replays, heldOut := 0, 0
	kinds, editions := map[string]bool{}, map[string]int{}
	for _, ex := range file.Examples {
		var r struct{ Edition, Question string }
		if err := json.Unmarshal(ex.Request, &r); err != nil {
			t.Fatalf("%s: %v", ex.Name, err)
		}
		editions[r.Edition]++
		kinds[r.Question] = true
		if r.Question == "turn.replay" {
			replays++
		}
		if ex.HeldOut {
			heldOut++
		}
	}
	if len(file.Examples) < shape.situations || replays < shape.replays || len(kinds) < shape.kinds || editions["1e"] == 0 || editions["2e"] == 0 || heldOut*6 < len(file.Examples) {
		t.Fatalf("%d situations (%d turns, %d kinds of question, editions %v, %d held out), want %d or more of both editions, %d kinds or more, %d or more turns and about one in five held out", len(file.Examples), replays, len(kinds), editions, heldOut, shape.situations, shape.kinds, shape.replays)
	}
	srv := newServer(t)
	held, heldOutHeld, open := 0, 0, 0
	type figure struct{ asserted, held, heldOut, heldOutHeld int }
	batches := map[int]*figure{}
	for _, ex := range file.Examples {
		miss := probeMiss(t, srv.URL, ex)
		f := batches[ex.Batch]
		if f == nil {
			f = &figure{}
			batches[ex.Batch] = f
		}
		if ex.HeldOut {
			f.heldOut++
			if miss == "" {
				f.heldOutHeld++
			}
		} else {
			f.asserted++
			if miss == "" {
				f.held++
			}
		}
		switch {
		case ex.HeldOut:
			if miss == "" {
				heldOutHeld++
			}
		case ex.Open != "" && miss == "":
			t.Errorf("%s: answered as its example names; pin it (remove its open)", ex.Name)
		case ex.Open != "":
			open++
			t.Logf("open %q (%s): %s", ex.Name, ex.Open, miss)
		case miss == "":
			held++
		default:
			t.Errorf("%s: %s", ex.Name, miss)
		}
	}
	t.Logf("%s judged as expected: %d of %d asserted (%d open); held out: %d of %d", path, held, len(file.Examples)-heldOut, open, heldOutHeld, heldOut)
	for b := 1; b <= len(batches); b++ {
		if f := batches[b]; f != nil {
			t.Logf("batch %d: %d of %d asserted, held out %d of %d", b, f.held, f.asserted, f.heldOutHeld, f.heldOut)
		}
	}
}

// probeMiss posts one situation and says how its answer differs from what
// the example names; "" when it holds it all.
func probeMiss(t *testing.T, base string, ex probeExample) string {
	t.Helper()
	code, body := post(t, base, "/v1/adjudicate", ex.Request)
	want := ex.Status
	if want == 0 {
		want = 200
	}
	if code != want {
		return fmt.Sprintf("status %d, want %d: %s", code, want, clipProbe(string(body)))
	}
	var got map[string]any
	if err := json.Unmarshal(body, &got); err != nil {
		return err.Error()
	}
	if path, ok := testcorpus.Holds(got, ex.Expect); !ok {
		return fmt.Sprintf("answer differs at %q from %v: %s", path, ex.Expect, clipProbe(string(body)))
	}
	for _, phrase := range ex.Cites {
		if !quotes(got, phrase) {
			return fmt.Sprintf("no citation quotes %q", phrase)
		}
	}
	return ""
}

// judgeProbe posts every situation of a probe file through the HTTP handler
// and checks each answer holds what its example names; the figure is logged.
func judgeProbe(t *testing.T, path string) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Examples []probeExample }
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	replays := 0
	editions := map[string]int{}
	for _, ex := range file.Examples {
		var r struct{ Edition, Question string }
		if err := json.Unmarshal(ex.Request, &r); err != nil {
			t.Fatalf("%s: %v", ex.Name, err)
		}
		editions[r.Edition]++
		if r.Question == "turn.replay" {
			replays++
		}
	}
	if len(file.Examples) < 40 || replays < 10 || editions["1e"] == 0 || editions["2e"] == 0 {
		t.Fatalf("%d situations (%d turns replayed, editions %v), want 40 or more of both editions with 10 or more turns", len(file.Examples), replays, editions)
	}
	srv := newServer(t)
	held := 0
	heldIn, inBatch := map[int]int{}, map[int]int{}
	for _, ex := range file.Examples {
		inBatch[ex.Batch]++
		t.Run(ex.Name, func(t *testing.T) {
			code, body := post(t, srv.URL, "/v1/adjudicate", ex.Request)
			want := ex.Status
			if want == 0 {
				want = 200
			}
			if code != want {
				t.Fatalf("status %d, want %d: %s", code, want, body)
			}
			var got map[string]any
			if err := json.Unmarshal(body, &got); err != nil {
				t.Fatal(err)
			}
			if path, ok := testcorpus.Holds(got, ex.Expect); !ok {
				t.Fatalf("answer differs at %q from %v:\n%s", path, ex.Expect, body)
			}
			for _, phrase := range ex.Cites {
				if !quotes(got, phrase) {
					t.Fatalf("no citation quotes %q:\n%s", phrase, body)
				}
			}
			held++
			heldIn[ex.Batch]++
		})
	}
	t.Logf("%s judged as expected: %d of %d", path, held, len(file.Examples))
	if len(inBatch) > 1 {
		for b := 1; b <= len(inBatch); b++ {
			t.Logf("batch %d: %d of %d", b, heldIn[b], inBatch[b])
		}
	}
}

// quotes says whether one citation of an answer quotes a phrase, case and
// white space aside.
func quotes(answer map[string]any, phrase string) bool {
	norm := func(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }
	cs, _ := answer["citations"].([]any)
	for _, c := range cs {
		m, _ := c.(map[string]any)
		q, _ := m["quote"].(string)
		if strings.Contains(norm(q), norm(phrase)) {
			return true
		}
	}
	return false
}
