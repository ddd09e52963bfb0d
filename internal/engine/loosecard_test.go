package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/engine"
	"github.com/stccg/stccg-rules/internal/mock"
	"github.com/stccg/stccg-rules/internal/rules"
)

// A board card or a played card named loosely (the card service forgave a
// typo or a missing word) is answered on the card found, and the verdict
// says which card the name was read as: a look-up that matched loosely says
// so. A name matched exactly, or an id, adds nothing.
func TestACardNamedLooselySaysWhichCardItWasReadAs(t *testing.T) {
	docs := []rules.Document{{ID: "house-rules", Edition: rules.Edition2E, Kind: rules.DocumentRulebook, Precedence: 1}}
	entries := []*rules.Entry{{
		ID: rules.EntryID("house-rules", rules.KindSection, "Flying"), Kind: rules.KindSection, Title: "Flying",
		DocumentID: "house-rules", Edition: rules.Edition2E, Path: []string{"Flying"},
		Text: "To move, add the span numbers of the two missions together. A move is allowed when the total is not higher than the Range available.",
	}}
	n := func(v int) *int { return &v }
	runner := rules.Card{ID: "2e-9-1", Edition: "2e", Title: "Swift Runner", Type: "ship", Range: n(8), Cost: n(3), Affiliation: "federation", Staffing: []string{"command"}}
	cards := &mock.CardService{
		CardFn: func(ctx context.Context, id string) (*rules.Card, error) {
			if id == runner.ID {
				c := runner
				return &c, nil
			}
			return nil, rules.Errorf(rules.ENOTFOUND, "no card %q", id)
		},
		CardNamedFn: func(ctx context.Context, name string, fuzzy bool, ed rules.Edition) (*rules.Card, error) {
			c := runner
			switch {
			case strings.EqualFold(name, "swift runner"):
				c.Match = rules.MatchExact
			case fuzzy && strings.EqualFold(name, "swft runer"):
				c.Match = rules.MatchFuzzy
			default:
				return nil, rules.Errorf(rules.ENOTFOUND, "no card %q", name)
			}
			return &c, nil
		},
	}
	svc := engine.New(docs, entries, cards)
	for ref, loose := range map[string]bool{"swft runer": true, "Swift Runner": false, "2e-9-1": false} {
		board := rules.Board{
			Missions: []rules.BoardMission{
				{ID: "a", Title: "Near", Type: "space", Quadrant: "alpha", Span: n(2)},
				{ID: "b", Title: "Far", Type: "space", Quadrant: "alpha", Span: n(3)},
			},
			Ships:     []rules.BoardShip{{ID: "s", Card: ref, Staffing: []string{"command"}, At: &rules.Location{Mission: "a"}}},
			Personnel: []rules.BoardPersonnel{{ID: "p", PersonnelStats: rules.PersonnelStats{Affiliation: "federation", Icons: []string{"command"}, Integrity: n(5), Cunning: n(5), Strength: n(5)}, At: &rules.Location{Ship: "s"}}},
		}
		v, err := svc.Adjudicate(context.Background(), rules.AdjudicationRequest{Edition: "2e", Question: "ship.move", Board: board, Params: &rules.ShipMoveParams{Ship: "s", To: "b"}})
		if err != nil {
			t.Fatalf("%q: %v", ref, err)
		}
		said := strings.Join(v.Reasons, " ")
		if got := strings.Contains(said, "read as Swift Runner (2e-9-1)"); got != loose || loose && !strings.Contains(said, `"swft runer"`) || loose && !strings.Contains(said, "board.ships[0].card") {
			t.Errorf("%q: reasons %q; want the loose reading said: %v", ref, v.Reasons, loose)
		}
		play, err := svc.Adjudicate(context.Background(), rules.AdjudicationRequest{Edition: "2e", Question: "card.play", Board: rules.Board{},
			Params: &rules.CardPlayParams{Card: rules.CardRef{Ref: ref}, Counters: n(7)}})
		if err != nil {
			t.Fatalf("card.play %q: %v", ref, err)
		}
		said = strings.Join(play.Reasons, " ")
		if got := strings.Contains(said, "params.card) is read as Swift Runner (2e-9-1)"); got != loose {
			t.Errorf("card.play %q: reasons %q; want the loose reading said: %v", ref, play.Reasons, loose)
		}
	}
}

// A board object naming a card of another kind is refused in a sentence
// that reads: "an equipment card", "a ship card".
func TestABoardCardOfAnotherKindIsRefusedInASentence(t *testing.T) {
	kit := rules.Card{ID: "2e-9-2", Edition: "2e", Title: "Field Kit", Type: "equipment"}
	cards := &mock.CardService{CardFn: func(ctx context.Context, id string) (*rules.Card, error) {
		c := kit
		return &c, nil
	}}
	svc := engine.New([]rules.Document{{ID: "house-rules", Edition: rules.Edition2E, Kind: rules.DocumentRulebook, Precedence: 1}}, nil, cards)
	board := rules.Board{Personnel: []rules.BoardPersonnel{{ID: "p", Card: "2e-9-2"}}}
	_, err := svc.Adjudicate(context.Background(), rules.AdjudicationRequest{Edition: "2e", Question: "requirement.check", Board: board,
		Params: &rules.RequirementCheckParams{Requirement: "Diplomacy", Personnel: []string{"p"}}})
	if rules.ErrorCode(err) != rules.EUNPROCESSABLE || !strings.Contains(rules.ErrorMessage(err), `"Field Kit" is an equipment card, not a personnel`) {
		t.Errorf("%v, want the card's kind said in a sentence", err)
	}
}
