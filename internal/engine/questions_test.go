package engine_test

import (
	"context"
	"slices"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// The engine answers every question of the contract (rules.Questions), and
// no other: the one list a request's question is read against.
func TestEngineAnswersTheContractsQuestions(t *testing.T) {
	var answered, contract []string
	for name := range realWorld(t).svc.Questions() {
		answered = append(answered, name)
	}
	for _, q := range rules.Questions() {
		contract = append(contract, string(q))
	}
	slices.Sort(answered)
	slices.Sort(contract)
	if !slices.Equal(answered, contract) {
		t.Errorf("the engine answers %v\nthe contract lists %v", answered, contract)
	}
}

// The edition and the question of a body are read as a query parameter's
// are, and refused in the same words, as 422.
func TestAdjudicationRefusesEditionAndQuestionInTheParsersWords(t *testing.T) {
	svc := realWorld(t).svc
	for _, tc := range []struct {
		edition, question, field, message string
	}{
		{"3e", "ship.move", "edition", `Unknown edition "3e": use "1e" or "2e".`},
		{"", "ship.move", "edition", `Give the edition: "1e" or "2e".`},
		{"2E", "warp.core", "question", ""},
	} {
		_, err := ask(context.Background(), svc, rules.AdjudicationRequest{Edition: tc.edition, Question: tc.question})
		if rules.ErrorCode(err) != rules.EUNPROCESSABLE || rules.ErrorDetails(err)["field"] != tc.field {
			t.Errorf("%s/%s: %v (%s, %v)", tc.edition, tc.question, err, rules.ErrorCode(err), rules.ErrorDetails(err))
		}
		_, perr := rules.ParseEditionRequired(tc.edition)
		if tc.field == "question" {
			_, perr = rules.ParseQuestion(tc.question)
		}
		if rules.ErrorMessage(err) != rules.ErrorMessage(perr) || tc.message != "" && rules.ErrorMessage(err) != tc.message {
			t.Errorf("%s/%s: message %q, the parser says %q", tc.edition, tc.question, rules.ErrorMessage(err), rules.ErrorMessage(perr))
		}
	}
}

// A question and an edition written in another case are answered, and the
// verdict names them as the contract does.
func TestAdjudicationForgivesTheCaseOfEditionAndQuestion(t *testing.T) {
	v, err := ask(context.Background(), realWorld(t).svc, rules.AdjudicationRequest{Edition: " 2E", Question: "Game.Winner ",
		Params: rawParams(`{"players":[{"name":"Ann","score":100},{"name":"Bo","score":40}]}`)})
	if err != nil {
		t.Fatal(err)
	}
	if v.Question != "game.winner" || v.Edition != rules.Edition2E {
		t.Errorf("verdict of question %q, edition %q", v.Question, v.Edition)
	}
}
