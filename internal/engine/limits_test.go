package engine_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// limitOf adjudicates req and returns the field and limit its error names,
// or "" and 0 when the request is not refused for a limit.
func limitOf(t *testing.T, req rules.AdjudicationRequest) (string, int) {
	t.Helper()
	record(t, req)
	_, err := ask(context.Background(), realWorld(t).svc, req)
	d := rules.ErrorDetails(err)
	limit, ok := d["limit"].(int)
	if !ok {
		return "", 0
	}
	if code := rules.ErrorCode(err); code != rules.EUNPROCESSABLE {
		t.Fatalf("code %q, want %q", code, rules.EUNPROCESSABLE)
	}
	field, _ := d["field"].(string)
	return field, limit
}

func repeatText(n int) string { return strings.Repeat("a", n) }

// replayOfBeams is a turn of n beams, each of a crew of size ids.
func replayOfBeams(n, size int) []obj {
	crew := make([]string, size)
	for i := range crew {
		crew[i] = "captain"
	}
	out := make([]obj, n)
	for i := range out {
		out[i] = obj{"question": "personnel.beam", "params": obj{"personnel": crew, "to": "nebula"}}
	}
	return out
}

// TestBoardPastALimitIsRefusedNamingFieldAndLimit grows one list or text of
// the load test's board one past its limit: the request is refused as
// unprocessable, naming the field and the limit; at the limit itself it is
// not refused for it.
func TestBoardPastALimitIsRefusedNamingFieldAndLimit(t *testing.T) {
	cases := []struct {
		name  string
		field string
		limit int
		grow  func(b *rules.Board, n int)
	}{
		{"missions", "board.missions", rules.MaxBoardMissions, func(b *rules.Board, n int) {
			for i := len(b.Missions); i < n; i++ {
				b.Missions = append(b.Missions, mission(fmt.Sprintf("x%d", i), "planet", "alpha", 1))
			}
		}},
		{"ships", "board.ships", rules.MaxBoardShips, func(b *rules.Board, n int) {
			for i := len(b.Ships); i < n; i++ {
				b.Ships = append(b.Ships, ship(fmt.Sprintf("x%d", i), "federation", nil, 5, "home"))
			}
		}},
		{"personnel", "board.personnel", rules.MaxBoardPersonnel, func(b *rules.Board, n int) {
			for i := len(b.Personnel); i < n; i++ {
				b.Personnel = append(b.Personnel, person(fmt.Sprintf("x%d", i), "federation", []string{"staff"}, aboard("enterprise")))
			}
		}},
		{"staffing line", "board.ships[0].staffing", rules.MaxStaffingIcons, func(b *rules.Board, n int) {
			b.Ships[0].Staffing = strings.Fields(strings.Repeat("staff ", n))
		}},
		{"icons", "board.personnel[2].icons", rules.MaxPersonnelIcons, func(b *rules.Board, n int) {
			b.Personnel[2].Icons = strings.Fields(strings.Repeat("staff ", n))
		}},
		{"skills", "board.personnel[3].skills", rules.MaxPersonnelSkills, func(b *rules.Board, n int) {
			b.Personnel[3].Skills = strings.Split(strings.Repeat("Physics,", n)[:len("Physics,")*n-1], ",")
		}},
		{"characteristics", "board.personnel[0].characteristics", rules.MaxCharacteristics, func(b *rules.Board, n int) {
			b.Personnel[0].Characteristics = strings.Fields(strings.Repeat("Starfleet ", n))
		}},
		{"affiliations", "board.missions[1].affiliations", rules.MaxMissionAffiliations, func(b *rules.Board, n int) {
			b.Missions[1].Affiliations = strings.Fields(strings.Repeat("federation ", n))
		}},
		{"play", "board.missions[0].play", rules.MaxMissionPlay, func(b *rules.Board, n int) {
			b.Missions[0].Play = strings.Fields(strings.Repeat("federation ", n))
		}},
		{"a skill", "board.personnel[1].skills[1]", rules.MaxSkillBytes, func(b *rules.Board, n int) {
			b.Personnel[1].Skills[1] = "2 " + repeatText(n-2)
		}},
		{"a title", "board.personnel[4].title", rules.MaxTextBytes, func(b *rules.Board, n int) {
			b.Personnel[4].Title = repeatText(n)
		}},
		{"an id", "board.ships[0].id", rules.MaxTextBytes, func(b *rules.Board, n int) { b.Ships[0].ID = repeatText(n) }},
		{"a card", "board.missions[2].card", rules.MaxTextBytes, func(b *rules.Board, n int) { b.Missions[2].Card = repeatText(n) }},
		{"an affiliation", "board.ships[0].affiliation", rules.MaxWordBytes, func(b *rules.Board, n int) {
			b.Ships[0].Affiliation = repeatText(n)
		}},
		{"an icon", "board.personnel[0].icons[0]", rules.MaxWordBytes, func(b *rules.Board, n int) {
			b.Personnel[0].Icons[0] = repeatText(n)
		}},
		{"a staffing icon", "board.ships[0].staffing[2]", rules.MaxWordBytes, func(b *rules.Board, n int) {
			b.Ships[0].Staffing[2] = repeatText(n)
		}},
		{"requirements", "board.missions[1].requirements", rules.MaxRequirementBytes, func(b *rules.Board, n int) {
			b.Missions[1].Requirements = "Physics" + strings.Repeat(" ", n-len("Physics"))
		}},
		{"a location", "board.personnel[5].at.mission", rules.MaxTextBytes, func(b *rules.Board, n int) {
			b.Personnel[5].At = at(repeatText(n))
		}},
		{"an owner", "board.missions[0].owner", rules.MaxWordBytes, func(b *rules.Board, n int) { b.Missions[0].Owner = repeatText(n) }},
		{"facilities", "board.facilities", rules.MaxBoardFacilities, func(b *rules.Board, n int) {
			for i := range n {
				b.Facilities = append(b.Facilities, rules.BoardFacility{ID: fmt.Sprintf("f%d", i), Kind: "outpost", At: at("home")})
			}
		}},
		{"a facility's affiliations", "board.facilities[0].affiliations", rules.MaxMissionAffiliations, func(b *rules.Board, n int) {
			b.Facilities = []rules.BoardFacility{{ID: "f", Kind: "outpost", Affiliations: strings.Fields(strings.Repeat("klingon ", n)), At: at("home")}}
		}},
		{"a brig", "board.personnel[7].at.brig", rules.MaxTextBytes, func(b *rules.Board, n int) { b.Personnel[7].At = &rules.Location{Brig: repeatText(n)} }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := midGameBoard()
			c.grow(&b, c.limit+1)
			field, limit := limitOf(t, req2E("ship.staffed", b, obj{"ship": "enterprise"}))
			if field != c.field || limit != c.limit {
				t.Errorf("one past the limit: refused naming %q, limit %d; want %q, %d", field, limit, c.field, c.limit)
			}
			b = midGameBoard()
			c.grow(&b, c.limit)
			if field, limit := limitOf(t, req2E("ship.staffed", b, obj{"ship": "enterprise"})); field != "" {
				t.Errorf("at the limit: refused naming %q, limit %d", field, limit)
			}
		})
	}
}

// TestParamsPastALimitAreRefusedNamingFieldAndLimit does the same for the
// lists and texts a question's params carry.
func TestParamsPastALimitAreRefusedNamingFieldAndLimit(t *testing.T) {
	ids := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("id%d", i)
		}
		return out
	}
	lines := func(n int) []obj {
		out := make([]obj, n)
		for i := range out {
			out[i] = obj{"title": fmt.Sprintf("Zq %d", i)}
		}
		return out
	}
	stack := func(n int) []obj {
		out := make([]obj, n)
		for i := range out {
			out[i] = obj{"title": fmt.Sprintf("Zq %d", i), "kind": "planet", "cost": 1}
		}
		return out
	}
	players := func(n int) []obj {
		out := make([]obj, n)
		for i := range out {
			out[i] = obj{"name": fmt.Sprintf("p%d", i), "score": 10}
		}
		return out
	}
	cases := []struct {
		name, question string
		field          string
		limit          int
		params         func(n int) obj
	}{
		{"personnel listed", "requirement.check", "params.personnel", rules.MaxListedCards,
			func(n int) obj { return obj{"requirement": "Physics", "personnel": ids(n)} }},
		{"attackers", "battle.initiate", "params.attackers", rules.MaxListedCards,
			func(n int) obj { return obj{"attackers": ids(n), "defenders": []string{"klingon"}} }},
		{"opponent", "combat", "params.opponent", rules.MaxListedCards,
			func(n int) obj { return obj{"mission": "nebula", "opponent": ids(n)} }},
		{"titles commanded", "card.play", "params.commanded", rules.MaxListedCards,
			func(n int) obj { return obj{"card": obj{"title": "Zq", "cost": 1}, "commanded": ids(n)} }},
		{"dilemma stack", "dilemmas.stack", "params.stack", rules.MaxDilemmaStack,
			func(n int) obj { return obj{"mission": "nebula", "stack": stack(n)} }},
		{"deck lines", "deck.validate", "params.deck", rules.MaxDeckLines,
			func(n int) obj { return obj{"deck": lines(n)} }},
		{"dilemma lines", "deck.validate", "params.dilemmas", rules.MaxSeedLines,
			func(n int) obj { return obj{"dilemmas": lines(n)} }},
		{"copies of a card", "deck.validate", "params.deck[1].count", rules.MaxDeckCopies,
			func(n int) obj { return obj{"deck": []obj{{"title": "Zq A"}, {"title": "Zq B", "count": n}}} }},
		{"players", "game.winner", "params.players", rules.MaxPlayers,
			func(n int) obj { return obj{"players": players(n)} }},
		{"a requirement", "requirement.check", "params.requirement", rules.MaxRequirementBytes,
			func(n int) obj {
				return obj{"requirement": "Physics" + strings.Repeat(" ", n-7), "personnel": []string{"captain"}}
			}},
		{"a deck line's title", "deck.validate", "params.deck[0].title", rules.MaxTextBytes,
			func(n int) obj { return obj{"deck": []obj{{"title": repeatText(n)}}} }},
		{"an escaped text", "ship.move", "params.to", rules.MaxTextBytes,
			func(n int) obj { return obj{"ship": "enterprise", "to": strings.Repeat("é", n/2) + repeatText(n%2)} }},
		{"actions of a turn replayed", "turn.replay", "params.actions", rules.MaxReplayActions,
			func(n int) obj { return obj{"actions": replayOfBeams(n, 1)} }},
		{"what a turn's actions name in all", "turn.replay", "params.actions", rules.MaxTurnListed,
			func(n int) obj {
				// Beams of a whole crew, the last naming what is left, and a
				// card played whose own skills count for nothing.
				per := rules.MaxTurnListed / 4
				actions := replayOfBeams(n/per, per)
				if rest := n % per; rest > 0 {
					actions = append(actions, replayOfBeams(1, rest)...)
				}
				card := obj{"title": "Zq", "type": "personnel", "skills": make([]string, rules.MaxPersonnelSkills)}
				return obj{"actions": append(actions, obj{"question": "card.play", "params": obj{"card": card}})}
			}},
		{"a turn's dilemmas and those they stop", "turn.replay", "params.actions", rules.MaxTurnListed,
			func(n int) obj {
				stack := make([]obj, rules.MaxDilemmaStack/2)
				for i := range stack {
					stack[i] = obj{"title": "A", "kind": "planet", "stops": []string{"captain"}}
				}
				var actions []obj
				for n >= 2*len(stack) {
					actions = append(actions, obj{"question": "mission.resolve", "params": obj{"mission": "nebula", "stack": stack}})
					n -= 2 * len(stack)
				}
				return obj{"actions": append(actions, replayOfBeams(1, n)...)}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			field, limit := limitOf(t, req2E(c.question, midGameBoard(), c.params(c.limit+1)))
			if field != c.field || limit != c.limit {
				t.Errorf("one past the limit: refused naming %q, limit %d; want %q, %d", field, limit, c.field, c.limit)
			}
			if field, limit := limitOf(t, req2E(c.question, midGameBoard(), c.params(c.limit))); field != "" {
				t.Errorf("at the limit: refused naming %q, limit %d", field, limit)
			}
		})
	}
}

// TestStaffingAttackShapesAreRefused sends the boards that held a core for
// minutes: a ship needing n icons with n-1 personnel aboard each with one
// of them, and a ship of many Staff icons that only Command personnel
// aboard can cover. Each is refused at once, naming the first list past
// its limit as the body is read: the ship's staffing line, before its
// crew.
func TestStaffingAttackShapesAreRefused(t *testing.T) {
	manyIcons := func(n int) rules.Board {
		b := rules.Board{Missions: []rules.BoardMission{mission("m", "space", "alpha", 2)}}
		s := ship("s", "federation", nil, 8, "m")
		for i := range n {
			s.Staffing = append(s.Staffing, fmt.Sprintf("i%d", i))
		}
		b.Ships = []rules.BoardShip{s}
		for i := range n - 1 {
			b.Personnel = append(b.Personnel, person(fmt.Sprintf("p%d", i), "federation", []string{fmt.Sprintf("i%d", (i*7919)%n)}, aboard("s")))
		}
		return b
	}
	staffOnly := func(icons, crew int) rules.Board {
		b := rules.Board{Missions: []rules.BoardMission{mission("m", "space", "alpha", 2)}}
		b.Ships = []rules.BoardShip{ship("s", "federation", strings.Fields(strings.Repeat("staff ", icons)), 8, "m")}
		for i := range crew {
			b.Personnel = append(b.Personnel, person(fmt.Sprintf("p%d", i), "federation", []string{"command"}, aboard("s")))
		}
		return b
	}
	cases := []struct {
		name  string
		board rules.Board
		field string
		limit int
	}{
		{"12,000 icons", manyIcons(12000), "board.ships[0].staffing", rules.MaxStaffingIcons},
		{"16,000 icons", manyIcons(16000), "board.ships[0].staffing", rules.MaxStaffingIcons},
		{"2,000 staff icons, 1,000 command personnel", staffOnly(2000, 1000), "board.ships[0].staffing", rules.MaxStaffingIcons},
		{"12 staff icons, 1,000 command personnel", staffOnly(rules.MaxStaffingIcons, 1000), "board.personnel", rules.MaxBoardPersonnel},
		{"2,000 staff icons, a full crew", staffOnly(2000, rules.MaxBoardPersonnel), "board.ships[0].staffing", rules.MaxStaffingIcons},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			field, limit := limitOf(t, req2E("ship.staffed", c.board, obj{"ship": "s"}))
			if field != c.field || limit != c.limit {
				t.Errorf("refused naming %q, limit %d; want %q, %d", field, limit, c.field, c.limit)
			}
		})
	}
}

// TestStaffingAtTheBoardLimitIsJudged staffs a ship of the longest staffing
// line with the largest crew the limits allow, in both editions: judged,
// with an assignment for every icon the crew can cover.
func TestStaffingAtTheBoardLimitIsJudged(t *testing.T) {
	b := rules.Board{Missions: []rules.BoardMission{mission("m", "space", "alpha", 2)}}
	b.Ships = []rules.BoardShip{ship("s", "federation", strings.Fields(strings.Repeat("staff command ", rules.MaxStaffingIcons/2)), 8, "m")}
	for i := range rules.MaxBoardPersonnel {
		icon := "command"
		if i%3 == 0 {
			icon = "staff"
		}
		b.Personnel = append(b.Personnel, person(fmt.Sprintf("p%d", i), "federation", []string{icon}, aboard("s")))
	}
	for _, edition := range []string{rules.Edition1E, rules.Edition2E} {
		r := req2E("ship.staffed", b, obj{"ship": "s"})
		r.Edition = edition
		v := judge(t, r)
		if !allowed(t, v) {
			t.Errorf("%s: not staffed: %q", edition, v.Reasons)
		}
		if a := v.Result.(*rules.ShipStaffedResult).Assignment; len(a) != rules.MaxStaffingIcons {
			t.Errorf("%s: %d icons assigned, want %d", edition, len(a), rules.MaxStaffingIcons)
		}
	}
}

// Numbers no game holds are refused naming the field with its index: a
// printed number or a count below zero (a printed cost below zero is no
// card), any number past what the game reaches (422), a number written as
// a fraction or with an exponent (400: a whole number is written as one).
// Only a 2E statistic after modifiers may be below zero: "Zero: Any number
// that is less than zero becomes zero".
func TestNumbersNoGameHoldsAreRefusedNamingTheField(t *testing.T) {
	base2E := func() rules.Board {
		hq := mission("hq", "headquarters", "alpha", 2)
		hq.Affiliations, hq.Play = []string{"bajoran"}, []string{"bajoran"}
		s := ship("s", "bajoran", []string{"command"}, 7, "p")
		return rules.Board{Missions: []rules.BoardMission{hq, mission("p", "planet", "alpha", 3)}, Ships: []rules.BoardShip{s},
			Personnel: []rules.BoardPersonnel{person("a", "bajoran", []string{"command"}, aboard("s"), "Navigation"), person("b", "bajoran", nil, at("p"), "Medical")}}
	}
	change := func(f func(b *rules.Board)) rules.Board { b := base2E(); f(&b); return b }
	play := func(card obj, counters any) obj { return obj{"card": card, "at": "hq", "counters": counters} }
	card := func(cost any) obj {
		return obj{"title": "Kira", "type": "personnel", "cost": cost, "affiliation": "bajoran", "integrity": 6, "cunning": 6, "strength": 5}
	}
	cases := []struct {
		name, source string
		req          rules.AdjudicationRequest
		field        string
	}{
		{"APrintedCostBelowZero", "2E rulebook, Paying Costs: a card's cost in counters (a printed cost below zero is no card)",
			req2E("card.play", base2E(), play(card(-4), 3)), "params.card.cost"},
		{"ACostPastAnyCard", "2E rulebook, Paying Costs", req2E("card.play", base2E(), play(card(250), 7)), "params.card.cost"},
		{"AnInlineStatisticBelowZero", "2E card anatomy: printed attributes", req2E("card.play", base2E(), play(obj{"title": "Nog", "type": "personnel", "cost": 2, "affiliation": "bajoran", "integrity": 5, "cunning": 5, "strength": -2}, 5)), "params.card.strength"},
		{"CountersPastSeven", "2E rulebook: seven counters a turn", req2E("card.play", base2E(), play(card(2), 1e300)), "params.counters"},
		{"ADilemmaCostAsAnExponent", "2E rulebook, Facing dilemmas: costs", req2E("dilemmas.stack", base2E(), obj{"mission": "p", "attempting": 2, "stack": []obj{{"title": "A", "kind": "planet", "cost": 1}, {"title": "B", "kind": "planet", "cost": 1e18}}}), "params.stack[1].cost"},
		{"AFractionOfAPersonnel", "2E rulebook: personnel attempting are counted", req2E("dilemmas.stack", base2E(), obj{"mission": "p", "attempting": 2.5, "stack": []obj{}}), "params.attempting"},
		{"ASpanBelowZero", "2E rulebook, Using Range: span numbers", req2E("ship.move", change(func(b *rules.Board) { b.Missions[1].Span = ip(-1) }), obj{"ship": "s", "to": "hq"}), "board.missions[1].span"},
		{"ARangePastAnyShip", "2E rulebook, Using Range", req2E("ship.move", change(func(b *rules.Board) { b.Ships[0].Range = ip(1_000_000_000_000) }), obj{"ship": "s", "to": "hq"}), "board.ships[0].range"},
		{"AStrengthPastAnyEnhancement", "2E glossary, attributes", req2E("requirement.check", change(func(b *rules.Board) { b.Personnel[1].Strength = ip(5000) }), obj{"requirement": "Strength>3", "personnel": []string{"b"}}), "board.personnel[1].strength"},
		{"OvercomeDilemmasBelowZero", "2E rulebook: the number of dilemmas overcome", req2E("dilemmas.stack", change(func(b *rules.Board) { b.Missions[1].OvercomeDilemmas = -2 }), obj{"mission": "p", "attempting": 2, "stack": []obj{}}), "board.missions[1].overcomeDilemmas"},
		{"A1EStrengthBelowZero", "1E rulebook, Personnel Battles: STRENGTH (no 1E rule makes a number below zero)",
			req1E("battle.personnel", rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 2)}, Personnel: []rules.BoardPersonnel{
				strength(person("x", "klingon", nil, at("m")), 4), strength(person("y", "klingon", nil, at("m")), -5)}}, obj{"you": []string{"x"}, "opponent": []string{"y"}}), "board.personnel[1].strength"},
		{"A1ETacticBonusPastAnyTactic", "1E rulebook, Ship Battles: the ATTACK bonus from your current tactic",
			req1E("battle.ship", rules.Board{Missions: []rules.BoardMission{mission("m", "space", "alpha", 2)}}, obj{"attackers": []string{"a"}, "target": "t", "attackBonus": -1e9}), "params.attackBonus"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := realWorld(t)
			record(t, c.req)
			_, err := ask(context.Background(), w.svc, c.req)
			written := err != nil && strings.Contains(err.Error(), "must be written as a whole number from")
			if code := rules.ErrorCode(err); code != rules.EUNPROCESSABLE && !(written && code == rules.EINVALID) {
				t.Fatalf("%s: want 422 (400 for a number not written whole), got %v", c.source, err)
			}
			d := rules.ErrorDetails(err)
			if d["field"] != c.field {
				t.Errorf("%s: field %v, want %s (%v)", c.source, d["field"], c.field, err)
			}
			if _, ok := d["max"]; !ok || !strings.Contains(err.Error(), "whole number from") {
				t.Errorf("%s: the error does not say what numbers the field takes: %v", c.source, err)
			}
		})
	}
}

// A 2E board may give a statistic after modifiers below zero: it counts as
// zero (2E glossary, "Zero: Any number that is less than zero becomes
// zero"; Premiere, "modifiers": "if its final value is less than zero, then
// that number is zero"), and the verdict says so and cites it.
func TestSecondEditionNumbersBelowZeroBecomeZero(t *testing.T) {
	w := realWorld(t)
	board := rules.Board{Missions: []rules.BoardMission{mission("p", "planet", "alpha", 3)}, Personnel: []rules.BoardPersonnel{
		strength(person("a", "bajoran", nil, at("p")), -4), strength(person("b", "bajoran", nil, at("p")), 5)}}
	for _, doc := range rulebooks2E {
		t.Run(doc, func(t *testing.T) {
			// -4 + 5 would be 1, not greater than 1; 0 + 5 is.
			v, err := ask(context.Background(), w.svc, under(req2E("requirement.check", board, obj{"requirement": "Strength>1", "personnel": []string{"a", "b"}}), doc))
			if err != nil {
				t.Fatal(err)
			}
			if !allowed(t, v) {
				t.Errorf("a Strength below zero did not count as zero; reasons %q", v.Reasons)
			}
			if !quotes(v, "less than zero") {
				t.Errorf("the zero rule is not cited: %+v", v.Citations)
			}
			if !strings.Contains(strings.Join(v.Reasons, " "), "Strength -4") {
				t.Errorf("the reasons do not say which number became zero: %q", v.Reasons)
			}
		})
	}
	// The same board in 1E is refused: no 1E rule reads a number below zero.
	if f := refuse(t, req1E("requirement.check", board, obj{"requirement": "STRENGTH>1", "personnel": []string{"a", "b"}})); f != "board.personnel[0].strength" {
		t.Errorf("1E: field %q", f)
	}
}
