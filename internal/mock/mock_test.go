package mock_test

import (
	"context"
	"testing"

	"github.com/stccg/stccg-rules/internal/mock"
	"github.com/stccg/stccg-rules/internal/rules"
)

func TestAMethodWithoutItsFunctionFailsAsAFaultOfTheService(t *testing.T) {
	var cards mock.CardService
	if _, err := cards.Card(context.Background(), "2e-1-1"); rules.ErrorCode(err) != rules.EINTERNAL {
		t.Errorf("Card with no CardFn: %v, want an internal error", err)
	}
	cards.CardFn = func(_ context.Context, id string) (*rules.Card, error) {
		return nil, mock.NotFound("no card "+id, "suggestions", []string{"x"})
	}
	_, err := cards.Card(context.Background(), "2e-1-1")
	if rules.ErrorCode(err) != rules.ENOTFOUND || rules.ErrorDetails(err)["suggestions"] == nil {
		t.Errorf("Card = %v (%v), want not found with suggestions", err, rules.ErrorDetails(err))
	}
}

func TestASetAnswersEveryMethod(t *testing.T) {
	ctx := context.Background()
	s := mock.NewSet()
	if d, err := s.Reference.Documents(ctx); err != nil || len(d) != 1 {
		t.Errorf("Documents = %v, %v", d, err)
	}
	if res, err := s.Search.Search(ctx, rules.SearchQuery{Q: "x"}); err != nil || res.Total != 1 || s.Search.Calls.Load() != 1 {
		t.Errorf("Search = %+v, %v, %d calls", res, err, s.Search.Calls.Load())
	}
	v, err := s.Adjudicator.Adjudicate(ctx, rules.AdjudicationRequest{Question: "ship.move", Edition: rules.Edition1E})
	if err != nil || v.Question != "ship.move" || v.Edition != rules.Edition1E {
		t.Errorf("Adjudicate = %+v, %v", v, err)
	}
	c1, _ := s.Cards.Card(ctx, "a")
	c1.Title = "changed"
	if c2, _ := s.Cards.Card(ctx, "a"); c2.Title != mock.Card.Title {
		t.Error("a card answered is shared with the next answer")
	}
}
