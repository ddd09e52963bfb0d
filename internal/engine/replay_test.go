package engine_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// act is one action of a turn, as a request gives it.
func act(question string, p obj) obj { return obj{"question": question, "params": p} }

// replay asks turn.replay of the actions on a board under doc ("" for the
// newest rulebook), with the checks judge makes, and returns the verdict
// and its steps.
func replay(t *testing.T, edition, doc string, b rules.Board, p obj) (*rules.Verdict, []rules.ReplayStep) {
	t.Helper()
	r := req2E("turn.replay", b, p)
	r.Edition, r.Rules = edition, doc
	v := judge(t, r)
	steps, ok := v.Result["steps"].([]rules.ReplayStep)
	if !ok {
		t.Fatalf("result.steps is %T", v.Result["steps"])
	}
	return v, steps
}

// boardOf is the board a replay left, as a client reads it.
func boardAfter(t *testing.T, v *rules.Verdict) rules.Board {
	t.Helper()
	var b rules.Board
	if err := json.Unmarshal(params(t, v.Result["board"]), &b); err != nil {
		t.Fatal(err)
	}
	return b
}

func sameJSON(t *testing.T, got, want any) bool {
	t.Helper()
	return reflect.DeepEqual(roundTrip(t, got), roundTrip(t, want))
}

// galaxyBoard is the 2E rulebook's example under ORDER – MOVE A SHIP: the
// U.S.S. Galaxy (Range 8, staffed) at Earth (span 2), and Intercept
// Renegade (span 3) in the same quadrant.
func galaxyBoard() rules.Board {
	earth := mission("earth", "headquarters", "alpha", 2)
	earth.Title = "Earth"
	renegade := mission("renegade", "space", "alpha", 3)
	renegade.Title = "Intercept Renegade"
	crew := []rules.BoardPersonnel{
		person("picard", "federation", []string{"command"}, aboard("galaxy"), "Leadership"),
		person("data", "federation", []string{"staff"}, aboard("galaxy")),
		person("laforge", "federation", []string{"staff"}, aboard("galaxy")),
		person("crusher", "federation", []string{"staff"}, aboard("galaxy")),
	}
	return rules.Board{
		Missions:  []rules.BoardMission{earth, renegade},
		Ships:     []rules.BoardShip{{ID: "galaxy", Card: "U.S.S. Galaxy", At: at("earth")}},
		Personnel: crew,
	}
}

// The rulebook's own example: "moving from Earth (span 2) to Intercept
// Renegade (span 3) requires 5 Range. If the U.S.S. Galaxy made this move,
// it would be unable to move again ... You would have to wait until your
// next turn, when the ship's full Range of 8 has been restored." Played as
// a turn, the trip out is legal and the trip back is the first action
// refused; the board after is the Galaxy at Intercept Renegade with 5
// Range used and its crew aboard. The next turn, with its Range restored,
// the trip back is legal.
func TestReplayTheGalaxyToInterceptRenegadeAndBack(t *testing.T) {
	trip := obj{"actions": []obj{
		act("ship.move", obj{"ship": "galaxy", "to": "renegade"}),
		act("ship.move", obj{"ship": "galaxy", "to": "earth"}),
	}}
	for _, doc := range rulebooks2E {
		t.Run(doc, func(t *testing.T) {
			v, steps := replay(t, rules.Edition2E, doc, galaxyBoard(), trip)
			if allowed(t, v) {
				t.Fatalf("the trip back was allowed: %q", v.Reasons)
			}
			if len(steps) != 2 || !steps[0].Legal || steps[1].Legal {
				t.Fatalf("steps %+v, want the first legal and the second refused", steps)
			}
			if fi := v.Result["firstIllegal"]; fi != 1 {
				t.Errorf("firstIllegal = %v, want 1", fi)
			}
			if got := roundTrip(t, steps[0].Result["rangeRemaining"]); got != 3.0 {
				t.Errorf("after the trip out %v Range remains, want 3", got)
			}
			if !strings.Contains(strings.Join(steps[1].Reasons, " "), "3 Range left, less than the 5") {
				t.Errorf("the trip back is not refused for its Range: %q", steps[1].Reasons)
			}
			after := galaxyBoard()
			after.Ships[0].At, after.Ships[0].RangeUsed = at("renegade"), 5
			if got := boardAfter(t, v); !sameJSON(t, got, after) {
				t.Errorf("board after:\n got  %s\n want %s", params(t, got), params(t, after))
			}
			// The next turn the ship's Range is restored.
			next := boardAfter(t, v)
			next.Ships[0].RangeUsed = 0
			v2, _ := replay(t, rules.Edition2E, doc, next, obj{"actions": trip["actions"].([]obj)[1:]})
			if !allowed(t, v2) {
				t.Errorf("the trip back next turn was refused: %q", v2.Reasons)
			}
			if !quotes(v, "range") {
				t.Errorf("the turn's verdict does not cite the Range rule: %+v", v.Citations)
			}
		})
	}
}

// An attempt at a mission with overcome dilemmas beneath it, played as a
// turn: the ship flies there, the crew beams down and attempts. 2E Facing
// Dilemmas: "the number of those dilemmas is subtracted" from the dilemmas
// drawn; the attempt completes the mission, its points are the turn's, and
// the dilemma overcome joins those beneath it.
func TestReplayAnAttemptAtAMissionWithOvercomeDilemmasBeneathIt(t *testing.T) {
	planet := attemptable(mission("m", "planet", "alpha", 3), "klingon")
	planet.Requirements, planet.Points, planet.OvercomeDilemmas = "Security, Leadership, and Strength>14", ip(30), 2
	home := mission("hq", "headquarters", "alpha", 2)
	b := rules.Board{
		Missions: []rules.BoardMission{home, planet},
		Ships:    []rules.BoardShip{ship("s", "klingon", []string{"command", "staff"}, 7, "hq")},
		Personnel: []rules.BoardPersonnel{
			strength(person("k1", "klingon", []string{"staff"}, aboard("s"), "Security"), 6),
			strength(person("k2", "klingon", []string{"command"}, aboard("s"), "Leadership"), 9),
			strength(person("k3", "klingon", []string{"staff"}, aboard("s"), "Medical"), 4),
		},
	}
	turn := obj{"actions": []obj{
		act("ship.move", obj{"ship": "s", "to": "m"}),
		act("personnel.beam", obj{"personnel": []string{"k1", "k2", "k3"}, "to": "m"}),
		act("mission.resolve", obj{"mission": "m", "stack": []obj{{"title": "A", "kind": "planet", "cost": 1}}}),
	}}
	for _, doc := range rulebooks2E {
		t.Run(doc, func(t *testing.T) {
			v, steps := replay(t, rules.Edition2E, doc, b, turn)
			if !allowed(t, v) || len(steps) != 3 {
				t.Fatalf("allowed %v, %d steps; reasons %q", deref(v.Allowed), len(steps), v.Reasons)
			}
			res := steps[2].Result
			if res["dilemmaBudget"] != 1 || res["completed"] != true || res["overcomeDilemmas"] != 3 {
				t.Errorf("the attempt: budget %v, completed %v, overcome beneath %v; want 1, true, 3 (reasons %q)",
					res["dilemmaBudget"], res["completed"], res["overcomeDilemmas"], steps[2].Reasons)
			}
			if v.Result["points"] != 30 {
				t.Errorf("the turn scored %v, want 30", v.Result["points"])
			}
			after := b
			after.Missions = []rules.BoardMission{home, planet}
			after.Missions[1].Completed, after.Missions[1].OvercomeDilemmas = true, 3
			after.Ships = []rules.BoardShip{ship("s", "klingon", []string{"command", "staff"}, 7, "m")}
			after.Ships[0].RangeUsed = 5
			after.Personnel = []rules.BoardPersonnel{
				strength(person("k1", "klingon", []string{"staff"}, at("m"), "Security"), 6),
				strength(person("k2", "klingon", []string{"command"}, at("m"), "Leadership"), 9),
				strength(person("k3", "klingon", []string{"staff"}, at("m"), "Medical"), 4),
			}
			if got := boardAfter(t, v); !sameJSON(t, got, after) {
				t.Errorf("board after:\n got  %s\n want %s", params(t, got), params(t, after))
			}
			if !quotes(v, "subtracted") {
				t.Errorf("the turn does not cite the dilemmas overcome beneath the mission: %+v", v.Citations)
			}
		})
	}
}

// hqBoard is a 2E headquarters where Klingon cards are played, a Klingon
// ship there with its commander aboard, and two missions to attempt.
func hqBoard() rules.Board {
	hq := mission("qonos", "headquarters", "alpha", 2)
	hq.Title, hq.Play = "Qo'noS", []string{"klingon", "non-aligned", "equipment"}
	planet := attemptable(mission("p", "planet", "alpha", 2), "klingon")
	planet.Requirements, planet.Points = "Security and Strength>8", ip(30)
	space := attemptable(mission("sp", "space", "alpha", 2), "klingon")
	space.Requirements, space.Points = "Navigation", ip(35)
	return rules.Board{
		Missions:  []rules.BoardMission{hq, planet, space},
		Ships:     []rules.BoardShip{ship("ktinga", "klingon", []string{"command"}, 8, "qonos")},
		Personnel: []rules.BoardPersonnel{person("k1", "klingon", []string{"command"}, aboard("ktinga"), "Navigation")},
	}
}

// hqBoard1E is hqBoard in First Edition: a planet mission with an
// outpost where cards report, the ship docked there.
func hqBoard1E() rules.Board {
	b := hqBoard()
	b.Missions = append([]rules.BoardMission(nil), b.Missions...)
	b.Missions[0].Type, b.Missions[0].Play = "planet", nil
	b.Missions[0].Affiliations = []string{"klingon"}
	b.Facilities = []rules.BoardFacility{{ID: "post", Kind: "outpost", Affiliation: "klingon", At: at("qonos")}}
	return b
}

func klingon(title string, cost int, skills ...string) obj {
	return obj{"title": title, "type": "personnel", "cost": cost, "affiliation": "klingon", "icons": []string{"staff"},
		"skills": skills, "integrity": 5, "cunning": 5, "strength": 5}
}

// tenActions is a 2E turn of ten legal actions: three cards played, two
// beams, two moves, two attempts completed, and an interrupt during
// orders; seven counters spent.
func tenActions() obj {
	return obj{"counters": 7, "actions": []obj{
		act("card.play", obj{"card": klingon("Klingon Officer", 2, "Security"), "at": "qonos", "id": "k2"}),
		act("card.play", obj{"card": klingon("Klingon Warrior", 2), "at": "qonos", "id": "k3"}),
		act("card.play", obj{"card": obj{"title": "Bat'leth", "type": "equipment", "cost": 1}, "at": "qonos"}),
		act("personnel.beam", obj{"personnel": []string{"k2", "k3"}, "to": "ktinga"}),
		act("ship.move", obj{"ship": "ktinga", "to": "p"}),
		act("personnel.beam", obj{"personnel": []string{"k2", "k3"}, "to": "p"}),
		act("mission.resolve", obj{"mission": "p", "stack": []obj{{"title": "A", "kind": "planet", "cost": 1}}}),
		act("ship.move", obj{"ship": "ktinga", "to": "sp"}),
		act("mission.resolve", obj{"mission": "sp", "ship": "ktinga"}),
		act("card.play", obj{"card": obj{"title": "Zq Surprise", "type": "interrupt", "cost": 2}}),
	}}
}

// A 2E turn that spends exactly its seven counters: three cards and an
// interrupt played across the turn, two missions scored. Another card,
// even of cost 1, is then refused: "you cannot play a card if you do not
// have enough counters remaining to pay its cost".
func TestReplayATurnThatSpendsExactlySevenCounters(t *testing.T) {
	v, steps := replay(t, rules.Edition2E, "", hqBoard(), tenActions())
	if !allowed(t, v) || len(steps) != 10 {
		t.Fatalf("allowed %v, %d steps; reasons %q", deref(v.Allowed), len(steps), v.Reasons)
	}
	wantAfter := []any{5, 3, 2, nil, nil, nil, nil, nil, nil, 0}
	for i, st := range steps {
		if !st.Legal {
			t.Errorf("step %d (%s) refused: %q", i, st.Question, st.Reasons)
		}
		if w := wantAfter[i]; w != nil && st.Result["countersAfter"] != w {
			t.Errorf("step %d: countersAfter %v, want %v", i, st.Result["countersAfter"], w)
		}
	}
	if v.Result["counters"] != 0 || v.Result["points"] != 65 {
		t.Errorf("counters left %v, points %v; want 0, 65", v.Result["counters"], v.Result["points"])
	}
	if strings.Contains(strings.Join(v.Reasons, " "), "must spend all seven") {
		t.Errorf("a turn that spent all seven is told to spend them: %q", v.Reasons)
	}
	more := tenActions()
	more["actions"] = append(more["actions"].([]obj), act("card.play", obj{"card": obj{"title": "Zq Trick", "type": "interrupt", "cost": 1}}))
	v, steps = replay(t, rules.Edition2E, "", hqBoard(), more)
	if allowed(t, v) || v.Result["firstIllegal"] != 10 || len(steps) != 11 {
		t.Fatalf("an eighth counter: allowed %v, firstIllegal %v, %d steps", deref(v.Allowed), v.Result["firstIllegal"], len(steps))
	}
	if !strings.Contains(strings.Join(steps[10].Reasons, " "), "costs 1; you have 0 counters left") || !quotes(v, "enough counters remaining") {
		t.Errorf("the eighth counter's step: %q, citations %+v", steps[10].Reasons, v.Citations)
	}
	// A turn begun with fewer counters runs out sooner.
	fewer := tenActions()
	fewer["counters"] = 4
	v, steps = replay(t, rules.Edition2E, "", hqBoard(), fewer)
	if v.Result["firstIllegal"] != 2 || len(steps) != 3 {
		t.Errorf("with 4 counters: firstIllegal %v, %d steps; want 2, 3", v.Result["firstIllegal"], len(steps))
	}
}

// Cards are played from hand before orders are executed, in both
// editions; interrupts (and 1E doorways) are not limited to that segment.
func TestReplayPlaysCardsBeforeOrders(t *testing.T) {
	b := hqBoard()
	moveFirst := obj{"actions": []obj{
		act("ship.move", obj{"ship": "ktinga", "to": "p"}),
		act("card.play", obj{"card": obj{"title": "Zq Surprise", "type": "interrupt", "cost": 1}}),
		act("card.play", obj{"card": klingon("Klingon Officer", 2), "at": "qonos", "id": "k2"}),
	}}
	for _, doc := range rulebooks2E {
		t.Run(doc, func(t *testing.T) {
			v, steps := replay(t, rules.Edition2E, doc, b, moveFirst)
			if v.Result["firstIllegal"] != 2 || len(steps) != 3 || !steps[1].Legal {
				t.Fatalf("firstIllegal %v, steps %+v", v.Result["firstIllegal"], steps)
			}
			if !strings.Contains(strings.Join(steps[2].Reasons, " "), "Orders have been executed") {
				t.Errorf("the late card's reasons: %q", steps[2].Reasons)
			}
			if !quotes(v, "this segment") && !quotes(v, "done playing and drawing cards") {
				t.Errorf("the refusal does not cite the turn's segments: %+v", v.Citations)
			}
		})
	}
	// 1E: the normal card play, then orders.
	outpost := rules.BoardFacility{ID: "post", Kind: "outpost", Affiliation: "federation", At: at("m")}
	m1 := attemptable(mission("m", "planet", "alpha", 2), "federation")
	m2 := attemptable(mission("n", "planet", "alpha", 2), "federation")
	b1 := rules.Board{
		Missions:   []rules.BoardMission{m1, m2},
		Facilities: []rules.BoardFacility{outpost},
		Ships:      []rules.BoardShip{ship("s", "federation", []string{"command"}, 7, "m")},
		Personnel:  []rules.BoardPersonnel{person("p1", "federation", []string{"command"}, aboard("s"))},
	}
	ensign := obj{"title": "Zq Ensign", "type": "personnel", "affiliation": "federation"}
	cases := []struct {
		name    string
		actions []obj
		first   any
	}{
		{"PlayThenMove", []obj{act("card.play", obj{"card": ensign, "at": "post", "id": "e1"}), act("ship.move", obj{"ship": "s", "to": "n"})}, nil},
		{"MoveThenPlay", []obj{act("ship.move", obj{"ship": "s", "to": "n"}), act("card.play", obj{"card": ensign, "at": "post", "id": "e1"})}, 1},
		{"MoveThenInterrupt", []obj{act("ship.move", obj{"ship": "s", "to": "n"}), act("card.play", obj{"card": obj{"title": "Zq", "type": "interrupt"}})}, nil},
		{"MoveThenDoorway", []obj{act("ship.move", obj{"ship": "s", "to": "n"}), act("card.play", obj{"card": obj{"title": "Zq Door", "type": "doorway"}})}, nil},
		{"TwoNormalPlays", []obj{act("card.play", obj{"card": ensign, "at": "post", "id": "e1"}), act("card.play", obj{"card": ensign, "at": "post", "id": "e2"})}, 1},
	}
	for _, c := range cases {
		t.Run("1e/"+c.name, func(t *testing.T) {
			v, steps := replay(t, rules.Edition1E, "", b1, obj{"actions": c.actions})
			if v.Result["firstIllegal"] != c.first {
				t.Errorf("firstIllegal %v, want %v; steps %+v", v.Result["firstIllegal"], c.first, steps)
			}
			if v.Result["counters"] != nil {
				t.Errorf("a 1E turn has counters %v", v.Result["counters"])
			}
		})
	}
}

// The board a replay leaves is the board a test builds by hand: a card
// played appears under its id where it was played, the crew flies with
// its ship, a dilemma's kill takes a personnel off the board, the mission
// is completed with its dilemma beneath it; counters are spent and points
// scored.
func TestReplayedLegalSequenceGivesTheBoardBuiltByHand(t *testing.T) {
	b := hqBoard()
	b.Missions[1].Requirements = "Security and Strength>4"
	turn := obj{"actions": []obj{
		act("card.play", obj{"card": klingon("Klingon Officer", 2, "Security"), "at": "qonos", "id": "k2"}),
		act("personnel.beam", obj{"personnel": []string{"k2"}, "to": "ktinga"}),
		act("ship.move", obj{"ship": "ktinga", "to": "p"}),
		act("personnel.beam", obj{"personnel": []string{"k1", "k2"}, "to": "p"}),
		act("mission.resolve", obj{"mission": "p", "stack": []obj{{"title": "A", "kind": "planet", "cost": 1, "kills": []string{"k1"}}}}),
	}}
	v, steps := replay(t, rules.Edition2E, "", b, turn)
	if !allowed(t, v) || len(steps) != 5 {
		t.Fatalf("allowed %v, %d steps: %q", deref(v.Allowed), len(steps), v.Reasons)
	}
	want := hqBoard()
	want.Missions[1].Requirements = "Security and Strength>4"
	want.Missions[1].Completed, want.Missions[1].OvercomeDilemmas = true, 1
	want.Ships[0].At, want.Ships[0].RangeUsed = at("p"), 4
	want.Personnel = []rules.BoardPersonnel{{ID: "k2", Title: "Klingon Officer", Affiliation: "klingon", Icons: []string{"staff"},
		Skills: []string{"Security"}, Integrity: ip(5), Cunning: ip(5), Strength: ip(5), At: at("p")}}
	if got := boardAfter(t, v); !sameJSON(t, got, want) {
		t.Errorf("board after:\n got  %s\n want %s", params(t, got), params(t, want))
	}
	if v.Result["counters"] != 5 || v.Result["points"] != 30 || v.Result["firstIllegal"] != nil {
		t.Errorf("counters %v, points %v, firstIllegal %v; want 5, 30, null", v.Result["counters"], v.Result["points"], v.Result["firstIllegal"])
	}
	// A bot goes on from the board after: the ship carries on.
	next := boardAfter(t, v)
	v2, _ := replay(t, rules.Edition2E, "", next, obj{"actions": []obj{act("personnel.beam", obj{"personnel": []string{"k2"}, "to": "ktinga"})}})
	if !allowed(t, v2) {
		t.Errorf("going on from the board after: %q", v2.Reasons)
	}
}

// A failed attempt is a legal action that completes nothing: the step is
// legal, its allowed false (the mission was not completed), the turn goes
// on, and those who attempted are stopped on the board after.
func TestReplayAFailedAttemptIsLegalAndStops(t *testing.T) {
	b := hqBoard()
	turn := obj{"actions": []obj{
		act("ship.move", obj{"ship": "ktinga", "to": "p"}),
		act("personnel.beam", obj{"personnel": []string{"k1"}, "to": "p"}),
		act("mission.resolve", obj{"mission": "p"}),
		act("personnel.beam", obj{"personnel": []string{"k1"}, "to": "ktinga"}),
	}}
	v, steps := replay(t, rules.Edition2E, "", b, turn)
	if len(steps) != 4 || !steps[2].Legal || steps[2].Allowed == nil || *steps[2].Allowed {
		t.Fatalf("steps %+v", steps)
	}
	if v.Result["firstIllegal"] != 3 || steps[3].Legal {
		t.Errorf("a stopped personnel beamed: firstIllegal %v, reasons %q", v.Result["firstIllegal"], steps[3].Reasons)
	}
	if after := boardAfter(t, v); !after.Personnel[0].Stopped || v.Result["points"] != 0 {
		t.Errorf("after the failed attempt: %+v, points %v", after.Personnel[0], v.Result["points"])
	}
}

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
	_, err := realWorld(t).svc.Adjudicate(context.Background(), req2E("turn.replay", b, cases[6].params))
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
	if _, err := svc.Adjudicate(&countdown{Context: context.Background(), left: 1 << 20}, req); err != nil {
		t.Fatalf("a live context: %v", err)
	}
	for _, left := range []int{2, 5, 9} {
		ctx := &countdown{Context: context.Background(), left: left}
		if _, err := svc.Adjudicate(ctx, req); err != context.Canceled {
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
		if err := json.Unmarshal(ex.Request, &req); err != nil {
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
				alone := rules.AdjudicationRequest{Edition: rb.edition, Rules: rb.rules, Question: q, Board: rb.board, Params: params(t, a["params"])}
				asTurn := alone
				asTurn.Question, asTurn.Params = "turn.replay", params(t, obj{"actions": []obj{a}})
				v1, err1 := svc.Adjudicate(ctx, alone)
				v2, err2 := svc.Adjudicate(ctx, asTurn)
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
				steps := v2.Result["steps"].([]rules.ReplayStep)
				if len(steps) != 1 {
					t.Fatalf("%s: %d steps", what, len(steps))
				}
				st := steps[0]
				if !sameJSON(t, st.Allowed, v1.Allowed) || !sameJSON(t, st.Result, v1.Result) || !sameJSON(t, st.Reasons, v1.Reasons) || !sameJSON(t, st.Citations, v1.Citations) {
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
				req := rules.AdjudicationRequest{Edition: rb.edition, Rules: rb.rules, Question: "turn.replay", Board: rb.board, Params: params(t, obj{"actions": turn})}
				v, err := svc.Adjudicate(context.Background(), req)
				if now := params(t, rb.board); string(now) != string(before) || !reflect.DeepEqual(rb.board, copied) {
					t.Fatalf("a turn changed the board it was given:\n was %s\n now %s", before, now)
				}
				if err != nil {
					continue
				}
				after := v.Result["board"].(rules.Board)
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

// The turns of TestReplay... under every rulebook of their edition cite
// the turn's own rules.
func TestReplayCitesTheTurnsRules(t *testing.T) {
	for _, doc := range append([]string{"1e-rulebook", "1e-current-rulings"}, rulebooks2E...) {
		t.Run(doc, func(t *testing.T) {
			edition := doc[:2]
			b := hqBoard()
			if edition == rules.Edition1E {
				b = hqBoard1E()
			}
			v, _ := replay(t, edition, doc, b, obj{"actions": []obj{}})
			want := "after you play a card from your hand"
			if edition == rules.Edition2E {
				want = "seven"
			}
			if !quotes(v, want) {
				t.Errorf("an empty turn under %s cites %+v, not %q", doc, v.Citations, want)
			}
		})
	}
}

// BenchmarkReplayTenActions replays a 2E turn of ten legal actions in
// process, from the request as a bot sends it: decoding the board,
// judging and applying each action, encoding the board after.
func BenchmarkReplayTenActions(b *testing.B) {
	svc := realWorld(b).svc
	req := req2E("turn.replay", hqBoard(), tenActions())
	ctx := context.Background()
	v, err := svc.Adjudicate(ctx, req)
	if err != nil || v.Allowed == nil || !*v.Allowed {
		b.Fatalf("the turn is not all legal: %v %+v", err, v)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := svc.Adjudicate(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
}
