// Properties every replay holds, over many boards and every action they
// allow: one action replayed is its question asked alone, the board given
// is never changed, what cannot be replayed is refused naming the field,
// and a replay stops when its request is gone. The turns taken from the
// rulebooks' examples are in replay_test.go.

package engine_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// What cannot be replayed is refused as unprocessable, naming the field:
// within an action, under params.actions[i], with the action's index.
func TestReplayRefusesWhatCannotBeReplayed(t *testing.T) {
	b := hqBoard()
	many := make([]obj, 257)
	for i := range many {
		many[i] = act("ship.move", obj{"ship": "ktinga", "to": "p"})
	}
	cases := []struct {
		name    string
		edition string
		params  obj
		field   string
	}{
		{"NoActions", "2e", obj{}, "params.actions"},
		{"AQuestionThatIsNoAction", "2e", obj{"actions": []obj{act("ship.move", obj{"ship": "ktinga", "to": "p"}), act("ship.staffed", obj{"ship": "ktinga"})}}, "params.actions[1].question"},
		{"ATurnWithinATurn", "2e", obj{"actions": []obj{act("turn.replay", obj{"actions": []obj{}})}}, "params.actions[0].question"},
		{"TooManyActions", "2e", obj{"actions": many}, "params.actions"},
		{"CountersIn1E", "1e", obj{"counters": 7, "actions": []obj{}}, "params.counters"},
		{"CountersOverSeven", "2e", obj{"counters": 8, "actions": []obj{}}, "params.counters"},
		{"AnUnknownShipInTheSecondAction", "2e", obj{"actions": []obj{act("ship.move", obj{"ship": "ktinga", "to": "p"}), act("ship.move", obj{"ship": "nope", "to": "sp"})}}, "params.actions[1].params.ship"},
		{"CountersOfACardPlayedWithinTheTurn", "2e", obj{"actions": []obj{act("card.play", obj{"card": klingon("K", 1), "counters": 3})}}, "params.actions[0].params.counters"},
		{"AnUnknownParamOfAnAction", "2e", obj{"actions": []obj{act("ship.move", obj{"ship": "ktinga", "to": "p", "warp": 9})}}, "params.actions[0].params.warp"},
		{"AnUnknownParamOfTheTurn", "2e", obj{"actions": []obj{}, "turns": 2}, "params.turns"},
		{"APlayedIDAlreadyOnTheBoard", "2e", obj{"actions": []obj{act("card.play", obj{"card": klingon("K", 1), "at": "qonos", "id": "k1"})}}, "params.actions[0].params.id"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := req2E("turn.replay", b, c.params)
			if r.Edition = c.edition; c.edition == rules.Edition1E {
				r.Board = hqBoard1E()
			}
			if f := refuse(t, r); f != c.field {
				t.Errorf("field %q, want %q", f, c.field)
			}
		})
	}
	// A refusal within an action says which action it is.
	_, err := ask(context.Background(), realWorld(t).svc, req2E("turn.replay", b, cases[6].params))
	if d := rules.ErrorDetails(err); d["action"] != 1 || !strings.HasPrefix(rules.ErrorMessage(err), "params.actions[1] (ship.move): ") {
		t.Errorf("error %q, details %v", rules.ErrorMessage(err), d)
	}
}

// A context that ends after a number of checks, to show the replay checks
// its context between actions.
type countdown struct {
	context.Context
	left int
}

func (c *countdown) Err() error {
	if c.left <= 0 {
		return context.Canceled
	}
	c.left--
	return nil
}

func TestReplayStopsWhenTheRequestIsGone(t *testing.T) {
	svc := realWorld(t).svc
	req := req2E("turn.replay", hqBoard(), tenActions())
	if _, err := ask(&countdown{Context: context.Background(), left: 1 << 20}, svc, req); err != nil {
		t.Fatalf("a live context: %v", err)
	}
	for _, left := range []int{2, 5, 9} {
		ctx := &countdown{Context: context.Background(), left: left}
		if _, err := ask(ctx, svc, req); err != context.Canceled {
			t.Errorf("a context ended after %d checks: err %v, want context.Canceled", left, err)
		}
	}
}

// replayBoard is a board a property is tested on, with the rulebook and
// edition it is judged under.
type replayBoard struct {
	name, edition, rules string
	board                rules.Board
}

// replayBoards are the contract's boards and the tables' boards.
func replayBoards(t testing.TB) []replayBoard {
	var out []replayBoard
	for _, ex := range testcorpus.AdjudicationExamples(t) {
		var req rules.AdjudicationRequest
		if err := api.DecodeAdjudication(ex.Request, &req); err != nil {
			t.Fatal(err)
		}
		if len(req.Board.Missions) == 0 {
			continue
		}
		out = append(out, replayBoard{ex.File + "/" + ex.Name, req.Edition, req.Rules, req.Board})
	}
	out = append(out,
		replayBoard{"galaxy", "2e", "", galaxyBoard()},
		replayBoard{"headquarters", "2e", "", hqBoard()},
		replayBoard{"headquarters/premiere", "2e", "2e-rulebook-premiere", hqBoard()},
		replayBoard{"outpost/1e", "1e", "", hqBoard1E()},
		replayBoard{"outpost/1e-current-rulings", "1e", "1e-current-rulings", hqBoard1E()},
	)
	return out
}

// boardIDs lists a board's ids by kind.
type boardIDs struct{ missions, ships, personnel, facilities []string }

func idsOf(b rules.Board) boardIDs {
	var ids boardIDs
	for _, m := range b.Missions {
		ids.missions = append(ids.missions, m.ID)
	}
	for _, s := range b.Ships {
		ids.ships = append(ids.ships, s.ID)
	}
	for _, p := range b.Personnel {
		ids.personnel = append(ids.personnel, p.ID)
	}
	for _, f := range b.Facilities {
		ids.facilities = append(ids.facilities, f.ID)
	}
	return ids
}

// actionsOn are actions of every question on a board: every ship to every
// mission, every personnel to every place, cards played at every place,
// every mission attempted with no dilemma and with one that kills.
func actionsOn(b rules.Board) []obj {
	ids := idsOf(b)
	places := append(append(append([]string{}, ids.ships...), ids.missions...), ids.facilities...)
	var out []obj
	for _, s := range ids.ships {
		for _, m := range ids.missions {
			out = append(out, act("ship.move", obj{"ship": s, "to": m}))
		}
	}
	for _, p := range ids.personnel {
		for _, to := range places {
			out = append(out, act("personnel.beam", obj{"personnel": []string{p}, "to": to}))
		}
	}
	affiliation := "klingon"
	if len(b.Ships) > 0 && b.Ships[0].Affiliation != "" {
		affiliation = b.Ships[0].Affiliation
	}
	cards := []obj{
		{"title": "Zq Ensign", "type": "personnel", "cost": 2, "affiliation": affiliation, "icons": []string{"staff"}, "integrity": 5, "cunning": 5, "strength": 5},
		{"title": "Zq Cruiser", "type": "ship", "cost": 3, "affiliation": affiliation, "staffing": []string{"command"}, "range": 6, "weapons": 5, "shields": 5},
		{"title": "Zq Phaser", "type": "equipment", "cost": 1},
		{"title": "Zq Surprise", "type": "interrupt", "cost": 1},
	}
	for _, c := range cards {
		out = append(out, act("card.play", obj{"card": c}))
		for _, to := range append(append([]string{}, ids.missions...), ids.facilities...) {
			out = append(out, act("card.play", obj{"card": c, "at": to, "id": "zq-new"}))
		}
	}
	for _, m := range ids.missions {
		out = append(out, act("mission.resolve", obj{"mission": m}))
		if len(ids.personnel) > 0 {
			out = append(out, act("mission.resolve", obj{"mission": m, "stack": []obj{{"title": "A", "kind": "dual", "cost": 1, "kills": []string{ids.personnel[0]}}}}))
		}
	}
	return out
}

// Replaying one action gives the verdict of asking its question alone, on
// the contract's boards and the tables' boards: the same allowed, result,
// reasons and citations, or the same refusal with its field under
// params.actions[0]; the turn is legal exactly when the step is.
func TestReplayOfOneActionIsTheQuestionAskedAlone(t *testing.T) {
	svc := realWorld(t).svc
	ctx := context.Background()
	n, refused := 0, 0
	for _, rb := range replayBoards(t) {
		t.Run(rb.name, func(t *testing.T) {
			for _, a := range actionsOn(rb.board) {
				q := a["question"].(string)
				alone := rules.AdjudicationRequest{Edition: rb.edition, Rules: rb.rules, Question: q, Board: rb.board, Params: rawParams(params(t, a["params"]))}
				asTurn := alone
				asTurn.Question, asTurn.Params = "turn.replay", rawParams(params(t, obj{"actions": []obj{a}}))
				record(t, alone)
				record(t, asTurn)
				v1, err1 := ask(ctx, svc, alone)
				v2, err2 := ask(ctx, svc, asTurn)
				n++
				what := fmt.Sprintf("%s %s", q, params(t, a["params"]))
				if err1 != nil {
					refused++
					f1, _ := rules.ErrorDetails(err1)["field"].(string)
					f2, _ := rules.ErrorDetails(err2)["field"].(string)
					if strings.HasPrefix(f1, "params") {
						f1 = "params.actions[0]." + f1
					}
					if err2 == nil || rules.ErrorCode(err2) != rules.ErrorCode(err1) || f2 != f1 {
						t.Errorf("%s: alone %v (%s); as a turn %v (%s)", what, err1, f1, err2, f2)
					}
					continue
				}
				if err2 != nil {
					t.Errorf("%s: alone answered, as a turn %v", what, err2)
					continue
				}
				steps := turnOf(t, v2).Steps
				if len(steps) != 1 {
					t.Fatalf("%s: %d steps", what, len(steps))
				}
				st := steps[0]
				// A rule of a governing document bearing on the board is
				// said once, by the verdict: the question's alone, the
				// turn's for its steps.
				if v1.GovernedBy != v2.GovernedBy {
					t.Errorf("%s: governed by %q alone, %q as a turn", what, v1.GovernedBy, v2.GovernedBy)
				}
				reasons, citations := withoutGoverning(v1)
				if !sameJSON(t, st.Allowed, v1.Allowed) || !sameJSON(t, st.Result, v1.Result) || !sameJSON(t, st.Reasons, reasons) || !sameJSON(t, st.Citations, citations) {
					t.Errorf("%s: the step differs from the question asked alone:\n step  %s\n alone %s", what, params(t, st), params(t, v1))
				}
				if *v2.Allowed != st.Legal || (q != "mission.resolve" && st.Legal != *v1.Allowed) {
					t.Errorf("%s: turn allowed %v, step legal %v, alone allowed %v", what, *v2.Allowed, st.Legal, *v1.Allowed)
				}
			}
		})
	}
	t.Logf("%d actions replayed alone and asked alone, %d of them refused as unprocessable both ways", n, refused)
	if n < 300 {
		t.Errorf("only %d actions compared", n)
	}
}

// A replay never changes the board it was given: the request's board is
// the same value after as a deep copy made before, on every board and
// every sequence of the actions on it.
func TestReplayNeverChangesTheBoardGiven(t *testing.T) {
	svc := realWorld(t).svc
	for _, rb := range replayBoards(t) {
		t.Run(rb.name, func(t *testing.T) {
			actions := actionsOn(rb.board)
			// Runs of actions in order, each a turn of up to twelve.
			for from := 0; from < len(actions); from += 5 {
				turn := actions[from:min(from+12, len(actions))]
				before := params(t, rb.board)
				copied := deepCopy(rb.board)
				req := rules.AdjudicationRequest{Edition: rb.edition, Rules: rb.rules, Question: "turn.replay", Board: rb.board, Params: rawParams(params(t, obj{"actions": turn}))}
				record(t, req)
				v, err := ask(context.Background(), svc, req)
				if now := params(t, rb.board); string(now) != string(before) || !reflect.DeepEqual(rb.board, copied) {
					t.Fatalf("a turn changed the board it was given:\n was %s\n now %s", before, now)
				}
				if err != nil {
					continue
				}
				after := turnOf(t, v).Board
				again, err := svc.EncodeBoard(context.Background(), rb.edition, after)
				if err != nil {
					t.Fatalf("the board after the turn does not decode: %v\n %s", err, params(t, after))
				}
				if string(params(t, again)) != string(params(t, after)) {
					t.Errorf("the board after the turn decodes to another:\n %s\n %s", params(t, after), params(t, again))
				}
			}
		})
	}
}

// deepCopy copies a value with nothing shared: every pointer, slice and
// map is copied anew, nil stays nil.
func deepCopy[T any](v T) T {
	var out T
	copyValue(reflect.ValueOf(&out).Elem(), reflect.ValueOf(v))
	return out
}

func copyValue(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Pointer:
		if !src.IsNil() {
			dst.Set(reflect.New(src.Type().Elem()))
			copyValue(dst.Elem(), src.Elem())
		}
	case reflect.Slice:
		if !src.IsNil() {
			dst.Set(reflect.MakeSlice(src.Type(), src.Len(), src.Len()))
			for i := range src.Len() {
				copyValue(dst.Index(i), src.Index(i))
			}
		}
	case reflect.Map:
		if !src.IsNil() {
			dst.Set(reflect.MakeMapWithSize(src.Type(), src.Len()))
			for it := src.MapRange(); it.Next(); {
				v := reflect.New(src.Type().Elem()).Elem()
				copyValue(v, it.Value())
				dst.SetMapIndex(it.Key(), v)
			}
		}
	case reflect.Struct:
		for i := range src.NumField() {
			copyValue(dst.Field(i), src.Field(i))
		}
	case reflect.Interface:
		if !src.IsNil() {
			v := reflect.New(src.Elem().Type()).Elem()
			copyValue(v, src.Elem())
			dst.Set(v)
		}
	default:
		dst.Set(src)
	}
}

// withoutGoverning are a verdict's reasons and citations without what it
// says of a governing document (Verdict.GovernedBy): its last reason and
// the citations of that document.
func withoutGoverning(v *rules.Verdict) ([]string, []rules.Citation) {
	if v.GovernedBy == "" {
		return v.Reasons, v.Citations
	}
	var cs []rules.Citation
	for _, c := range v.Citations {
		if c.DocumentID != v.GovernedBy {
			cs = append(cs, c)
		}
	}
	return v.Reasons[:len(v.Reasons)-1], cs
}
