package rules

import (
	"slices"
	"strings"
)

// A Question is the name of a question the adjudicator answers
// ("ship.move"), as the contract lists them; the zero Question is none.
// Only ParseQuestion makes one from a caller's text.
type Question string

// The questions of the contract, each answered of the editions the
// adjudicator says (see Adjudicator).
const (
	QuestionShipStaffed         Question = "ship.staffed"
	QuestionShipMove            Question = "ship.move"
	QuestionMissionAttempt      Question = "mission.attempt"
	QuestionMissionRequirements Question = "mission.requirements"
	QuestionDilemmasStack       Question = "dilemmas.stack"
	QuestionCombat              Question = "combat"
	QuestionEngagement          Question = "engagement"
	QuestionShipDamage          Question = "ship.damage"
	QuestionGameWinner          Question = "game.winner"
	QuestionDeckValidate        Question = "deck.validate"
	QuestionCardPlay            Question = "card.play"
	QuestionBattleShip          Question = "battle.ship"
	QuestionBattlePersonnel     Question = "battle.personnel"
	QuestionBattleInitiate      Question = "battle.initiate"
	QuestionRequirementCheck    Question = "requirement.check"
	QuestionPersonnelBeam       Question = "personnel.beam"
	QuestionMissionResolve      Question = "mission.resolve"
	QuestionTurnReplay          Question = "turn.replay"
)

// Questions are the questions of the contract, in the order its table
// lists them.
func Questions() []Question { return slices.Clone(questions) }

// questions are the questions, in the contract's order.
var questions = []Question{
	QuestionShipStaffed, QuestionShipMove, QuestionMissionAttempt, QuestionMissionRequirements,
	QuestionDilemmasStack, QuestionCombat, QuestionEngagement, QuestionShipDamage, QuestionGameWinner,
	QuestionDeckValidate, QuestionCardPlay, QuestionBattleShip, QuestionBattlePersonnel,
	QuestionBattleInitiate, QuestionRequirementCheck, QuestionPersonnelBeam, QuestionMissionResolve,
	QuestionTurnReplay,
}

// ParseQuestion reads a question's name as a caller writes it, in any case,
// with spaces around forgiven. An empty or unknown name is EINVALID naming
// the field "question", with every question's name in details.questions.
func ParseQuestion(s string) (Question, error) {
	// A question as the contract writes it, as the engine reads each
	// action of a turn again, is one of the list as it is.
	for _, known := range questions {
		if s == string(known) {
			return known, nil
		}
	}
	q := Question(strings.ToLower(strings.TrimSpace(s)))
	for _, known := range questions {
		if q == known {
			// The service's own string, not the caller's: a question
			// kept (a metric's label) keeps no request alive.
			return known, nil
		}
	}
	names := make([]string, 0, len(questions))
	for _, known := range questions {
		names = append(names, string(known))
	}
	slices.Sort(names)
	// The list goes in the format, not as an argument: Errorf clips
	// arguments, the caller's text, not the service's own words.
	list := strings.Join(names, ", ")
	var e *Error
	if q == "" {
		e = Errorf(EINVALID, "Give the question to answer: one of "+list+".")
	} else {
		e = Errorf(EINVALID, "Unknown question %q: use one of "+list+".", strings.TrimSpace(s))
	}
	return "", e.WithDetail("field", "question").WithDetail("questions", names)
}

// String returns the question's name.
func (q Question) String() string { return string(q) }
