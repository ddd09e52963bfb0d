package engine_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// plannedActions turns fuzz bytes into a turn on a board: each four bytes
// are one action, its question and the ids it names picked from the
// board's ids, those of the cards played before it, and a few the board
// does not hold; a fifth of the actions are params the engine must refuse.
func plannedActions(b rules.Board, plan []byte) []obj {
	ids := idsOf(b)
	pick := func(list []string, c byte) string {
		if len(list) == 0 || int(c)%8 == 7 {
			return fmt.Sprintf("zz%d", c%3) // an id the board may not hold
		}
		return list[int(c)%len(list)]
	}
	var out []obj
	for i := 0; i+3 < len(plan) && len(out) < 16; i += 4 {
		op, x, y, z := plan[i], plan[i+1], plan[i+2], plan[i+3]
		places := append(append(append([]string{}, ids.ships...), ids.missions...), ids.facilities...)
		switch op % 5 {
		case 0:
			out = append(out, act("ship.move", obj{"ship": pick(ids.ships, x), "to": pick(ids.missions, y)}))
		case 1:
			group := []string{pick(ids.personnel, x)}
			if z%2 == 1 && len(ids.personnel) > 1 {
				if other := pick(ids.personnel, x+1); other != group[0] {
					group = append(group, other)
				}
			}
			out = append(out, act("personnel.beam", obj{"personnel": group, "to": pick(places, y)}))
		case 2:
			kinds := []string{"personnel", "ship", "equipment", "interrupt", "event", "doorway"}
			card := obj{"title": fmt.Sprintf("Zq %d", i), "type": kinds[int(x)%len(kinds)], "cost": int(y % 5),
				"affiliation": []string{"klingon", "federation", "bajoran"}[int(z)%3], "icons": []string{"staff"},
				"integrity": 5, "cunning": 5, "strength": 5, "staffing": []string{"command"}, "range": 6, "unique": z%4 == 0}
			p := obj{"card": card}
			if z%3 != 0 {
				id := fmt.Sprintf("new%d", i)
				p["at"], p["id"] = pick(append(append([]string{}, ids.missions...), ids.facilities...), y), id
				switch card["type"] {
				case "personnel":
					ids.personnel = append(ids.personnel, id)
				case "ship":
					ids.ships = append(ids.ships, id)
				}
			}
			out = append(out, act("card.play", p))
		case 3:
			var stack []obj
			for k := range int(y % 4) {
				d := obj{"title": fmt.Sprintf("D%d", k%2), "kind": []string{"planet", "space", "dual"}[int(z+byte(k))%3], "cost": int(z % 3)}
				switch (z >> (2 * k)) % 4 {
				case 1:
					d["kills"] = []string{pick(ids.personnel, x+byte(k))}
				case 2:
					d["stops"] = []string{pick(ids.personnel, x+byte(k))}
				case 3:
					d["brigs"] = []string{pick(ids.personnel, x+byte(k))}
				}
				stack = append(stack, d)
			}
			p := obj{"mission": pick(ids.missions, x), "stack": stack}
			if z%5 == 0 {
				p["ship"] = pick(ids.ships, y)
			}
			out = append(out, act("mission.resolve", p))
		default:
			bad := []obj{
				act("ship.staffed", obj{"ship": pick(ids.ships, x)}),
				act("ship.move", obj{"ship": pick(ids.ships, x), "warp": 9}),
				act("card.play", obj{"card": obj{"title": "Zq", "type": "personnel", "cost": 1}, "counters": int(y % 9)}),
				act("personnel.beam", obj{"personnel": "everyone", "to": pick(places, y)}),
				act("mission.resolve", obj{"mission": pick(ids.missions, x), "stack": []obj{{"title": "", "kind": "nowhere"}}}),
				{"question": "card.play", "params": nil},
			}
			out = append(out, bad[int(z)%len(bad)])
		}
	}
	return out
}

// FuzzReplay replays random sequences of actions on the contract's boards
// and the tables' boards, in both editions where the board reads in both:
// no panic; a refusal is unprocessable or invalid, never a fault; an
// answer has a step for each action up to the first refused, allowed
// exactly when none was, counters within the turn's, and a board the
// decoder reads back as the same board; the board given is never changed.
func FuzzReplay(f *testing.F) {
	boards := replayBoards(f)
	f.Add(uint8(0), []byte{0, 0, 1, 0, 1, 0, 0, 0, 3, 0, 1, 0})
	f.Add(uint8(3), []byte{2, 0, 1, 1, 1, 0, 0, 1, 0, 0, 1, 0, 3, 1, 2, 9})
	f.Add(uint8(7), []byte{4, 0, 0, 0, 2, 3, 4, 5, 0, 0, 0, 0})
	for i := range boards {
		f.Add(uint8(i), []byte{2, 0, 2, 1, 1, 1, 0, 1, 0, 1, 2, 3, 3, 2, 3, 4, 0, 2, 1, 0})
	}
	svc := realWorld(f).svc
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, which uint8, plan []byte) {
		rb := boards[int(which)%len(boards)]
		actions := plannedActions(rb.board, plan)
		for _, edition := range []string{rb.edition, otherEdition(rb.edition)} {
			doc := rb.rules
			if edition != rb.edition {
				doc = ""
			}
			p := obj{"actions": actions}
			if edition == rules.Edition2E && len(plan) > 0 {
				p["counters"] = int(plan[0] % 8)
			}
			before := params(t, rb.board)
			req := rules.AdjudicationRequest{Edition: edition, Rules: doc, Question: "turn.replay", Board: rb.board, Params: rawParams(params(t, p))}
			v, err := ask(ctx, svc, req)
			if now := params(t, rb.board); string(now) != string(before) {
				t.Fatalf("the replay changed the board it was given:\n was %s\n now %s", before, now)
			}
			if err != nil {
				// An action the decoder refuses (a field its question does
				// not take) is the request's mistake, as is one the engine
				// cannot adjudicate; neither is a fault.
				if code := rules.ErrorCode(err); code != rules.EUNPROCESSABLE && code != rules.EINVALID {
					t.Fatalf("%s %s: %v (code %s)", edition, req.Params, err, code)
				}
				continue
			}
			steps := turnOf(t, v).Steps
			first, refused := val(turnOf(t, v).FirstIllegal).(int)
			switch {
			case refused && (first != len(steps)-1 || steps[first].Legal):
				t.Fatalf("firstIllegal %d of %d steps", first, len(steps))
			case !refused && len(steps) != len(actions):
				t.Fatalf("every action legal, but %d steps of %d actions", len(steps), len(actions))
			case v.Allowed == nil || *v.Allowed == refused:
				t.Fatalf("allowed %v with firstIllegal %v", v.Allowed, val(turnOf(t, v).FirstIllegal))
			}
			if c, ok := val(turnOf(t, v).Counters).(int); edition == rules.Edition2E && (!ok || c < 0 || c > 7) {
				t.Fatalf("counters left %v", val(turnOf(t, v).Counters))
			}
			after := turnOf(t, v).Board
			again, err := svc.EncodeBoard(ctx, edition, after)
			if err != nil {
				t.Fatalf("%s %s: the board after does not decode: %v\n %s", edition, req.Params, err, params(t, after))
			}
			if a, b := params(t, after), params(t, again); string(a) != string(b) {
				t.Fatalf("the board after decodes to another:\n %s\n %s", a, b)
			}
			if _, err := json.Marshal(v); err != nil {
				t.Fatalf("the verdict does not encode: %v", err)
			}
		}
	})
}

func otherEdition(e string) string {
	if e == rules.Edition1E {
		return rules.Edition2E
	}
	return rules.Edition1E
}
