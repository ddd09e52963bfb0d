package rules

import (
	"encoding/json"
	"strings"
)

// Params are a question's params, decoded once where the request comes in
// into the struct of its question (ShipMoveParams for ship.move): the
// engine reads their fields, never JSON. Each field carries its JSON name
// and the limit it is read within (see the limit tag below); a field that
// may be left out is a nil pointer or list, or the zero value where zero
// means "not given" (an id "").
//
// The limit tag of a field names what bounds it as it is read:
//   - a string: its text limit, "text" (MaxTextBytes), "word"
//     (MaxWordBytes), "skill" (MaxSkillBytes) or "requirement"
//     (MaxRequirementBytes);
//   - a whole number: its range in NumberRanges ("span", "cost", ...),
//     "copies" for a deck line's count;
//   - a list: its limit in ListLimits ("personnel", "listed", "stack"),
//     then for a list of strings the text limit of each, and "turn" when
//     its items count toward what a turn's actions name in all
//     (MaxTurnListed).
//
// The fast decoder of the REST API is generated from these tags
// (api/internal/decodergen), GraphQL's input goes through it, and a field
// without a limit stops the generator.
type Params interface {
	// Question is the question the params are of.
	Question() Question
}

// NewParams returns a question's params, empty, for a decoder to read
// into; nil for a question the contract does not have.
func NewParams(q Question) Params {
	switch q {
	case QuestionShipStaffed:
		return &ShipStaffedParams{}
	case QuestionShipMove:
		return &ShipMoveParams{}
	case QuestionMissionAttempt:
		return &MissionAttemptParams{}
	case QuestionMissionRequirements:
		return &MissionRequirementsParams{}
	case QuestionRequirementCheck:
		return &RequirementCheckParams{}
	case QuestionDilemmasStack:
		return &DilemmaStackParams{}
	case QuestionCombat:
		return &CombatParams{}
	case QuestionEngagement:
		return &EngagementParams{}
	case QuestionShipDamage:
		return &ShipDamageParams{}
	case QuestionGameWinner:
		return &GameWinnerParams{}
	case QuestionDeckValidate:
		return &DeckValidateParams{}
	case QuestionCardPlay:
		return &CardPlayParams{}
	case QuestionBattleShip:
		return &ShipBattleParams{}
	case QuestionBattlePersonnel:
		return &PersonnelBattleParams{}
	case QuestionBattleInitiate:
		return &BattleInitiateParams{}
	case QuestionPersonnelBeam:
		return &PersonnelBeamParams{}
	case QuestionMissionResolve:
		return &MissionResolveParams{}
	case QuestionTurnReplay:
		return &TurnReplayParams{}
	}
	return nil
}

// Moves are the questions a turn's actions may be: the orders and plays
// that change the board (turn.replay).
func Moves() []Question {
	return []Question{QuestionCardPlay, QuestionMissionResolve, QuestionPersonnelBeam, QuestionShipMove}
}

// ParseMove reads the question of a turn's action as ParseQuestion reads a
// request's (case and spaces forgiven, an unknown name refused in the same
// words), then refuses a question that is no move: EUNPROCESSABLE naming
// the field (field: the action's, "params.actions[2].question") and the
// moves (details.questions).
func ParseMove(s, field string) (Question, error) {
	q, err := ParseQuestion(s)
	if err != nil {
		return "", WithCode(err, EUNPROCESSABLE).(*Error).WithDetail("field", Truncate(field))
	}
	if q.IsMove() {
		return q, nil
	}
	names := make([]string, 0, 4)
	for _, m := range Moves() {
		names = append(names, string(m))
	}
	// The list goes in the format: Errorf clips arguments, the caller's
	// text, not the service's own words.
	return "", Errorf(EUNPROCESSABLE, "%q is not an action a turn is made of: an action is one of "+strings.Join(names, ", "), string(q)).
		WithDetail("field", Truncate(field)).WithDetail("questions", names)
}

// IsMove says whether a question is one a turn's action may be.
func (q Question) IsMove() bool {
	switch q {
	case QuestionCardPlay, QuestionMissionResolve, QuestionPersonnelBeam, QuestionShipMove:
		return true
	}
	return false
}

// ShipStaffedParams are ship.staffed's: the ship.
type ShipStaffedParams struct {
	Ship string `json:"ship,omitempty" limit:"text"`
}

// ShipMoveParams are ship.move's: the ship and the mission it moves to.
type ShipMoveParams struct {
	Ship string `json:"ship,omitempty" limit:"text"`
	To   string `json:"to,omitempty" limit:"text"`
}

// MissionAttemptParams are mission.attempt's: the mission, and the ship
// that attempts a space mission.
type MissionAttemptParams struct {
	Mission string `json:"mission,omitempty" limit:"text"`
	Ship    string `json:"ship,omitempty" limit:"text"`
}

// MissionRequirementsParams are mission.requirements': the mission, the
// personnel checked (nil: those who would attempt it), the ship at a space
// mission.
type MissionRequirementsParams struct {
	Mission   string    `json:"mission,omitempty" limit:"text"`
	Personnel *[]string `json:"personnel,omitzero" limit:"listed,text,turn"`
	Ship      string    `json:"ship,omitempty" limit:"text"`
}

// RequirementCheckParams are requirement.check's: a printed requirement or
// dilemma condition and the personnel it is checked against.
type RequirementCheckParams struct {
	Requirement string   `json:"requirement,omitempty" limit:"requirement"`
	Personnel   []string `json:"personnel,omitzero" limit:"listed,text,turn"`
}

// A StackedDilemma is one dilemma of an opponent's stack, in reveal order:
// its title, kind (planet, space, dual) and cost. SeededBy says who seeded
// a 1E dilemma under the mission: the opponent of the player attempting
// it unless it says "you".
type StackedDilemma struct {
	Title    string `json:"title,omitempty" limit:"text"`
	Kind     string `json:"kind,omitempty" limit:"text"`
	Cost     *int   `json:"cost,omitempty" limit:"cost"`
	SeededBy string `json:"seededBy,omitempty" limit:"text"`
}

// DilemmaStackParams are dilemmas.stack's: the mission, how many attempt
// it (nil: those who would), and the stack in reveal order.
type DilemmaStackParams struct {
	Mission    string           `json:"mission,omitempty" limit:"text"`
	Attempting *int             `json:"attempting,omitempty" limit:"attempting"`
	Stack      []StackedDilemma `json:"stack,omitzero" limit:"stack,turn"`
}

// CombatParams are combat's: the mission, the ship aboard which the combat
// is (none: on the planet), and each side's personnel (nil: all there).
type CombatParams struct {
	Mission  string    `json:"mission,omitempty" limit:"text"`
	Ship     string    `json:"ship,omitempty" limit:"text"`
	You      *[]string `json:"you,omitzero" limit:"listed,text,turn"`
	Opponent *[]string `json:"opponent,omitzero" limit:"listed,text,turn"`
}

// EngagementParams are engagement's: the mission and each side's ships.
type EngagementParams struct {
	Mission  string   `json:"mission,omitempty" limit:"text"`
	You      []string `json:"you,omitzero" limit:"listed,text,turn"`
	Opponent []string `json:"opponent,omitzero" limit:"listed,text,turn"`
}

// ShipDamageParams are ship.damage's: the ship, the damage cards placed
// (nil: one) and whether it was a 1E direct hit.
type ShipDamageParams struct {
	Ship      string `json:"ship,omitempty" limit:"text"`
	Add       *int   `json:"add,omitempty" limit:"add"`
	DirectHit bool   `json:"directHit,omitempty"`
}

// A Player is one player's standing at the end of a game: score, and
// whether a planet and a space mission were completed.
type Player struct {
	Name   string `json:"name,omitempty" limit:"text"`
	Score  *int   `json:"score,omitempty" limit:"score"` // required; nil when not given
	Planet bool   `json:"planet,omitempty"`
	Space  bool   `json:"space,omitempty"`
}

// GameWinnerParams are game.winner's: the players, and whether both draw
// decks are empty.
type GameWinnerParams struct {
	Players    []Player `json:"players,omitzero" limit:"players"`
	DecksEmpty bool     `json:"decksEmpty,omitempty"`
}

// A DeckLine is one line of a deck list as sent: a card (id or name) or a
// title, and how many copies (nil: one); Universal marks a 1E universal
// card the line's title stands for.
type DeckLine struct {
	Card      string `json:"card,omitempty" limit:"text"`
	Title     string `json:"title,omitempty" limit:"text"`
	Count     *int   `json:"count,omitempty" limit:"copies"`
	Universal bool   `json:"universal,omitempty"`
}

// DeckValidateParams are deck.validate's: the deck's parts.
type DeckValidateParams struct {
	Missions []DeckLine `json:"missions,omitzero" limit:"seeds"`
	Dilemmas []DeckLine `json:"dilemmas,omitzero" limit:"seeds"`
	Seeds    []DeckLine `json:"seeds,omitzero" limit:"seeds"`
	Deck     []DeckLine `json:"deck,omitzero" limit:"deck"`
}

// An InlineCard is a card given in the params instead of by id or name:
// its title, type, cost and uniqueness, and the statistics the board
// object it becomes takes, named and bounded as the board's: a
// personnel's PersonnelStats (its affiliation a ship's too), a ship's
// those of BoardShip.
type InlineCard struct {
	Title    string `json:"title,omitempty" limit:"text"`
	Subtitle string `json:"subtitle,omitempty" limit:"text"`
	Type     string `json:"type,omitempty" limit:"word"`
	Cost     *int   `json:"cost,omitempty" limit:"cost"`
	Unique   bool   `json:"unique,omitempty"`
	Quadrant string `json:"quadrant,omitempty" limit:"word"`
	Persona  string `json:"persona,omitempty" limit:"text"`
	PersonnelStats
	Staffing []string `json:"staffing,omitzero" limit:"staffing,word"`
	Range    *int     `json:"range,omitempty" limit:"range"`
	Weapons  *int     `json:"weapons,omitempty" limit:"weapons"`
	Shields  *int     `json:"shields,omitempty" limit:"shields"`
}

// A CardRef is the card card.play plays: a card id or name (Ref), or a
// card given inline. One of the two is set.
type CardRef struct {
	Ref    string
	Inline *InlineCard
}

// MarshalJSON writes the card as the request gives it: a string, or the
// card's object; null when neither is set.
func (c CardRef) MarshalJSON() ([]byte, error) {
	if c.Inline != nil {
		return json.Marshal(c.Inline)
	}
	if c.Ref == "" {
		return []byte("null"), nil
	}
	return json.Marshal(c.Ref)
}

// IsZero says no card is given.
func (c CardRef) IsZero() bool { return c.Ref == "" && c.Inline == nil }

// CardPlayParams are card.play's: the card, the counters left this turn
// (2E; nil: seven), the titles you command, whether the 1E normal card
// play is used, where it is played and the board id it takes.
type CardPlayParams struct {
	Card         CardRef  `json:"card,omitzero" limit:"text"`
	Counters     *int     `json:"counters,omitempty" limit:"counters"`
	Commanded    []string `json:"commanded,omitzero" limit:"listed,text,turn"`
	CardPlayUsed bool     `json:"cardPlayUsed,omitempty"`
	At           string   `json:"at,omitempty" limit:"text"`
	ID           string   `json:"id,omitempty" limit:"text"`
}

// ShipBattleParams are battle.ship's (1E): the firing ships, the target,
// the tactic's bonuses and the SHIELDS of the facility a docked target is
// docked at (nil: the board's).
type ShipBattleParams struct {
	Attackers     []string `json:"attackers,omitzero" limit:"listed,text,turn"`
	Target        string   `json:"target,omitempty" limit:"text"`
	AttackBonus   int      `json:"attackBonus,omitempty" limit:"attackBonus"`
	DefenseBonus  int      `json:"defenseBonus,omitempty" limit:"defenseBonus"`
	DockedShields *int     `json:"dockedShields,omitempty" limit:"dockedShields"`
}

// PersonnelBattleParams are battle.personnel's (1E): each side's
// personnel in combat-pile order.
type PersonnelBattleParams struct {
	You      []string `json:"you,omitzero" limit:"listed,text,turn"`
	Opponent []string `json:"opponent,omitzero" limit:"listed,text,turn"`
}

// BattleInitiateParams are battle.initiate's (1E): the attackers and the
// defenders.
type BattleInitiateParams struct {
	Attackers []string `json:"attackers,omitzero" limit:"listed,text,turn"`
	Defenders []string `json:"defenders,omitzero" limit:"listed,text,turn"`
}

// PersonnelBeamParams are personnel.beam's: who beams, and to which ship,
// facility or mission.
type PersonnelBeamParams struct {
	Personnel []string `json:"personnel,omitzero" limit:"listed,text,turn"`
	To        string   `json:"to,omitempty" limit:"text"`
}

// A ResolveDilemma is one dilemma of a mission attempt, in reveal order
// (1E: encounter order), with what it did when faced, as the bot reports
// it: the ids of the personnel it stopped, killed or placed in a brig, and
// whether its text placed it somewhere (back in the dilemma pile, on a
// ship; 1E back under the mission) rather than where the rules put a
// dilemma faced.
type ResolveDilemma struct {
	StackedDilemma
	Stops   []string `json:"stops,omitzero" limit:"listed,text,turn"`
	Kills   []string `json:"kills,omitzero" limit:"listed,text,turn"`
	Brigs   []string `json:"brigs,omitzero" limit:"listed,text,turn"`
	Returns bool     `json:"returns,omitempty"`
}

// MissionResolveParams are mission.resolve's: the mission, the ship at a
// space mission, the personnel attempting (nil: those who would), and the
// stack in reveal order with what each dilemma did.
type MissionResolveParams struct {
	Mission   string           `json:"mission,omitempty" limit:"text"`
	Ship      string           `json:"ship,omitempty" limit:"text"`
	Personnel *[]string        `json:"personnel,omitzero" limit:"listed,text,turn"`
	Stack     []ResolveDilemma `json:"stack,omitzero" limit:"stack,turn"`
}

// An Action is one action of a turn: a move's question and its params,
// decoded as that question's.
type Action struct {
	Question string `json:"question" limit:"text"`
	Params   Params `json:"params,omitempty"`
}

// TurnReplayParams are turn.replay's: the actions in order (nil: none
// given, which the engine refuses), and the 2E counters at the start of
// the turn (nil: seven).
type TurnReplayParams struct {
	Actions  *[]Action `json:"actions,omitzero" limit:"actions"`
	Counters *int      `json:"counters,omitempty" limit:"counters"`
}

// Question names of the params.
func (*ShipStaffedParams) Question() Question         { return QuestionShipStaffed }
func (*ShipMoveParams) Question() Question            { return QuestionShipMove }
func (*MissionAttemptParams) Question() Question      { return QuestionMissionAttempt }
func (*MissionRequirementsParams) Question() Question { return QuestionMissionRequirements }
func (*RequirementCheckParams) Question() Question    { return QuestionRequirementCheck }
func (*DilemmaStackParams) Question() Question        { return QuestionDilemmasStack }
func (*CombatParams) Question() Question              { return QuestionCombat }
func (*EngagementParams) Question() Question          { return QuestionEngagement }
func (*ShipDamageParams) Question() Question          { return QuestionShipDamage }
func (*GameWinnerParams) Question() Question          { return QuestionGameWinner }
func (*DeckValidateParams) Question() Question        { return QuestionDeckValidate }
func (*CardPlayParams) Question() Question            { return QuestionCardPlay }
func (*ShipBattleParams) Question() Question          { return QuestionBattleShip }
func (*PersonnelBattleParams) Question() Question     { return QuestionBattlePersonnel }
func (*BattleInitiateParams) Question() Question      { return QuestionBattleInitiate }
func (*PersonnelBeamParams) Question() Question       { return QuestionPersonnelBeam }
func (*MissionResolveParams) Question() Question      { return QuestionMissionResolve }
func (*TurnReplayParams) Question() Question          { return QuestionTurnReplay }
