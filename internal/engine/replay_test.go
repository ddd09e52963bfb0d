// Turns replayed (turn.replay) as the rulebooks' examples play them: a
// ship's move and back, attempts, cards played before orders, seven
// counters spent. Properties over many boards are in
// replay_properties_test.go.

package engine_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
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
	return v, turnOf(t, v).Steps
}

// boardOf is the board a replay left, as a client reads it.
func boardAfter(t *testing.T, v *rules.Verdict) rules.Board {
	t.Helper()
	var b rules.Board
	if err := json.Unmarshal(params(t, turnOf(t, v).Board), &b); err != nil {
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
			if fi := val(turnOf(t, v).FirstIllegal); fi != 1 {
				t.Errorf("firstIllegal = %v, want 1", fi)
			}
			if got := resultField(t, steps[0].Result, "rangeRemaining"); got != 3.0 {
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
			res := steps[2].Result.(*rules.MissionResolveResult)
			if val(res.DilemmaBudget) != 1 || !res.Completed || val(res.OvercomeDilemmas) != 3 {
				t.Errorf("the attempt: budget %v, completed %v, overcome beneath %v; want 1, true, 3 (reasons %q)",
					val(res.DilemmaBudget), res.Completed, val(res.OvercomeDilemmas), steps[2].Reasons)
			}
			if val(turnOf(t, v).Points) != 30 {
				t.Errorf("the turn scored %v, want 30", val(turnOf(t, v).Points))
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
	if skills == nil {
		skills = []string{} // none: a list left out is not known
	}
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
		if w := wantAfter[i]; w != nil && val(st.Result.(*rules.CardPlayResult).CountersAfter) != w {
			t.Errorf("step %d: countersAfter %v, want %v", i, val(st.Result.(*rules.CardPlayResult).CountersAfter), w)
		}
	}
	if val(turnOf(t, v).Counters) != 0 || val(turnOf(t, v).Points) != 65 {
		t.Errorf("counters left %v, points %v; want 0, 65", val(turnOf(t, v).Counters), val(turnOf(t, v).Points))
	}
	if strings.Contains(strings.Join(v.Reasons, " "), "must spend all seven") {
		t.Errorf("a turn that spent all seven is told to spend them: %q", v.Reasons)
	}
	more := tenActions()
	more["actions"] = append(more["actions"].([]obj), act("card.play", obj{"card": obj{"title": "Zq Trick", "type": "interrupt", "cost": 1}}))
	v, steps = replay(t, rules.Edition2E, "", hqBoard(), more)
	if allowed(t, v) || val(turnOf(t, v).FirstIllegal) != 10 || len(steps) != 11 {
		t.Fatalf("an eighth counter: allowed %v, firstIllegal %v, %d steps", deref(v.Allowed), val(turnOf(t, v).FirstIllegal), len(steps))
	}
	if !strings.Contains(strings.Join(steps[10].Reasons, " "), "costs 1; you have 0 counters left") || !quotes(v, "enough counters remaining") {
		t.Errorf("the eighth counter's step: %q, citations %+v", steps[10].Reasons, v.Citations)
	}
	// A turn begun with fewer counters runs out sooner.
	fewer := tenActions()
	fewer["counters"] = 4
	v, steps = replay(t, rules.Edition2E, "", hqBoard(), fewer)
	if val(turnOf(t, v).FirstIllegal) != 2 || len(steps) != 3 {
		t.Errorf("with 4 counters: firstIllegal %v, %d steps; want 2, 3", val(turnOf(t, v).FirstIllegal), len(steps))
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
			if val(turnOf(t, v).FirstIllegal) != 2 || len(steps) != 3 || !steps[1].Legal {
				t.Fatalf("firstIllegal %v, steps %+v", val(turnOf(t, v).FirstIllegal), steps)
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
			if val(turnOf(t, v).FirstIllegal) != c.first {
				t.Errorf("firstIllegal %v, want %v; steps %+v", val(turnOf(t, v).FirstIllegal), c.first, steps)
			}
			if val(turnOf(t, v).Counters) != nil {
				t.Errorf("a 1E turn has counters %v", val(turnOf(t, v).Counters))
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
	want.Personnel = []rules.BoardPersonnel{{ID: "k2", Title: "Klingon Officer", PersonnelStats: rules.PersonnelStats{Affiliation: "klingon", Icons: []string{"staff"}, Skills: []string{"Security"}, Integrity: ip(5), Cunning: ip(5), Strength: ip(5)}, At: at("p")}}
	if got := boardAfter(t, v); !sameJSON(t, got, want) {
		t.Errorf("board after:\n got  %s\n want %s", params(t, got), params(t, want))
	}
	if val(turnOf(t, v).Counters) != 5 || val(turnOf(t, v).Points) != 30 || val(turnOf(t, v).FirstIllegal) != nil {
		t.Errorf("counters %v, points %v, firstIllegal %v; want 5, 30, null", val(turnOf(t, v).Counters), val(turnOf(t, v).Points), val(turnOf(t, v).FirstIllegal))
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
	if val(turnOf(t, v).FirstIllegal) != 3 || steps[3].Legal {
		t.Errorf("a stopped personnel beamed: firstIllegal %v, reasons %q", val(turnOf(t, v).FirstIllegal), steps[3].Reasons)
	}
	if after := boardAfter(t, v); !after.Personnel[0].Stopped || val(turnOf(t, v).Points) != 0 {
		t.Errorf("after the failed attempt: %+v, points %v", after.Personnel[0], val(turnOf(t, v).Points))
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
	v, err := ask(ctx, svc, req)
	if err != nil || v.Allowed == nil || !*v.Allowed {
		b.Fatalf("the turn is not all legal: %v %+v", err, v)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ask(ctx, svc, req); err != nil {
			b.Fatal(err)
		}
	}
}

// A personnel a dilemma killed leaves play: the boards after the attempt
// hold it no more, but its id is known, as a card discarded (result
// discarded). A later action of the turn naming it, whichever list of its
// params does, is that turn's refused step (firstIllegal), citing that a
// card killed goes to its owner's discard pile, in both editions; the turn
// is judged, not turned away. An id the board never held is still a
// request that cannot be judged.
func TestReplayActionNamingTheDeadIsRefused(t *testing.T) {
	planet := func(id string) rules.BoardMission {
		m := attemptable(mission(id, "planet", "alpha", 2), "bajoran")
		m.Requirements, m.Points = "Medical", ip(30)
		return m
	}
	board := rules.Board{
		Missions: []rules.BoardMission{planet("m"), planet("m2")},
		Ships:    []rules.BoardShip{ship("s", "bajoran", []string{"staff"}, 7, "m")},
		Personnel: []rules.BoardPersonnel{
			person("k1", "bajoran", []string{"staff"}, at("m"), "Medical"),
			person("k2", "bajoran", []string{"staff"}, at("m"), "Medical"),
			person("k3", "bajoran", []string{"staff"}, at("m2"), "Medical")},
	}
	kill := func(edition string) obj {
		d := obj{"title": "Deadly Thing", "kind": "planet", "kills": []string{"k1"}}
		if edition == rules.Edition2E {
			d["cost"] = 1
		}
		return act("mission.resolve", obj{"mission": "m", "stack": []any{d}})
	}
	later := []struct {
		name   string
		action func(edition string) obj
	}{
		{"BeamIt", func(string) obj { return act("personnel.beam", obj{"personnel": []string{"k1"}, "to": "s"}) }},
		{"AttemptWithIt", func(string) obj {
			return act("mission.resolve", obj{"mission": "m2", "personnel": []string{"k1"}, "stack": []any{}})
		}},
		{"NameItInADilemmasEffects", func(edition string) obj {
			d := obj{"title": "Another", "kind": "planet", "stops": []string{"k1"}}
			if edition == rules.Edition2E {
				d["cost"] = 1
			}
			return act("mission.resolve", obj{"mission": "m2", "stack": []any{d}})
		}},
	}
	for _, edition := range []string{rules.Edition1E, rules.Edition2E} {
		for _, l := range later {
			t.Run(edition+l.name, func(t *testing.T) {
				v, steps := replay(t, edition, "", board, obj{"actions": []obj{kill(edition), l.action(edition)}})
				if allowed(t, v) || val(turnOf(t, v).FirstIllegal) != 1 || len(steps) != 2 || !steps[0].Legal || steps[1].Legal {
					t.Fatalf("allowed %v, firstIllegal %v, steps %d; want the second action refused: %q", *v.Allowed, val(turnOf(t, v).FirstIllegal), len(steps), v.Reasons)
				}
				if !quotes(v, "discard pile") || !strings.Contains(strings.Join(steps[1].Reasons, " "), "killed") {
					t.Errorf("the refused step does not say the dead are discarded: %q %+v", steps[1].Reasons, v.Citations)
				}
				if !sameJSON(t, turnOf(t, v).Discarded, []string{"k1"}) {
					t.Errorf("discarded %v, want [k1]", turnOf(t, v).Discarded)
				}
				for _, p := range boardAfter(t, v).Personnel {
					if p.ID == "k1" {
						t.Errorf("k1 is still on the board after it was killed")
					}
				}
			})
		}
		t.Run(edition+"TheDeadNamedByNoOne", func(t *testing.T) {
			v, _ := replay(t, edition, "", board, obj{"actions": []obj{kill(edition), act("personnel.beam", obj{"personnel": []string{"k3"}, "to": "m2"})}})
			if val(turnOf(t, v).FirstIllegal) != nil && val(turnOf(t, v).FirstIllegal) != 1 {
				t.Errorf("firstIllegal %v", val(turnOf(t, v).FirstIllegal))
			}
			if !sameJSON(t, turnOf(t, v).Discarded, []string{"k1"}) {
				t.Errorf("discarded %v, want [k1]", turnOf(t, v).Discarded)
			}
		})
		t.Run(edition+"AnIDNeverOnTheBoard", func(t *testing.T) {
			r := req2E("turn.replay", board, obj{"actions": []obj{kill(edition), act("personnel.beam", obj{"personnel": []string{"nobody"}, "to": "s"})}})
			r.Edition = edition
			if f := refuse(t, r); f != "params.actions[1].params.personnel[0]" {
				t.Errorf("field %q", f)
			}
		})
	}
}

// TestAnActionsQuestionIsReadAsTheRequestsIs: a turn's action names its
// question as a request does: in another case or with spaces around, it is
// the move (and its step names it as the contract does); a name that is no
// question is refused in the request's own words, naming the action's
// field, whether its params are given or not; a question that is no move
// is refused as such.
func TestAnActionsQuestionIsReadAsTheRequestsIs(t *testing.T) {
	w := realWorld(t)
	move := obj{"ship": "galaxy", "to": "renegade"}
	for _, name := range []string{" Ship.Move ", "SHIP.MOVE", "ship.move"} {
		_, steps := replay(t, rules.Edition2E, "", galaxyBoard(), obj{"actions": []obj{act(name, move)}})
		if len(steps) != 1 || !steps[0].Legal || steps[0].Question != "ship.move" {
			t.Errorf("%q: steps %+v, want one legal ship.move", name, steps)
		}
	}
	for _, name := range []string{"warp.core", "", "  ", "ship move"} {
		top := req2E(name, galaxyBoard(), obj{})
		top.Params = nil
		_, want := ask(context.Background(), w.svc, top)
		for _, a := range []obj{act(name, move), {"question": name}} {
			_, err := ask(context.Background(), w.svc, req2E("turn.replay", galaxyBoard(), obj{"actions": []obj{a}}))
			if rules.ErrorCode(err) != rules.EUNPROCESSABLE || rules.ErrorCode(want) != rules.EUNPROCESSABLE ||
				rules.ErrorMessage(err) != rules.ErrorMessage(want) {
				t.Errorf("%q in an action (%v): %v\nasked alone: %v", name, a, err, want)
			}
			if f := rules.ErrorDetails(err)["field"]; f != "params.actions[0].question" {
				t.Errorf("%q in an action names the field %v", name, f)
			}
		}
	}
	for _, a := range []obj{act("Ship.Staffed", obj{"ship": "galaxy"}), {"question": "ship.staffed"}} {
		_, err := ask(context.Background(), w.svc, req2E("turn.replay", galaxyBoard(), obj{"actions": []obj{a}}))
		if rules.ErrorCode(err) != rules.EUNPROCESSABLE || !strings.Contains(rules.ErrorMessage(err), `"ship.staffed" is not an action a turn is made of`) ||
			rules.ErrorDetails(err)["field"] != "params.actions[0].question" {
			t.Errorf("ship.staffed as an action (%v): %v (details %v)", a, err, rules.ErrorDetails(err))
		}
	}
}
