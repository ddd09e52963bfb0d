package rules

// A Result is what a verdict found, the figures behind its allowed: one
// struct per question, named after it (ShipMoveResult answers ship.move),
// written as the contract's result object. A field the rules do not
// define for the board asked about is null (a pointer left nil: a 1E card
// has no cost in counters), and a field that belongs to one edition or
// one outcome only is left out where it does not apply (omitempty).
//
// A question sets its result once, as a value of its type
// (judgement.result in the engine); the replay, GraphQL and the pages read
// its fields. Encode any result with encoding/json to get the contract's
// object.
type Result interface {
	// Question is the question the result answers ("ship.move").
	Question() string
}

// ShipStaffedResult answers ship.staffed: the staffing icons no crew
// member covers, which personnel covers which icon, and the unstopped crew
// of the ship's affiliation.
//
// Unknown are the unstopped personnel aboard of whom a statistic the
// staffing reads (icons, affiliation, what a line names) is not known: the
// ship is staffed without them, which they cannot undo (more crew never
// unstaffs a ship), and assignment and affiliated name what is known of
// the others; left out when every one is known. A ship that only they
// could staff is not answered: the statistic is asked for (422).
type ShipStaffedResult struct {
	Missing    []string          `json:"missing"`
	Assignment map[string]string `json:"assignment"`
	Affiliated []string          `json:"affiliated"`
	Unknown    []string          `json:"unknown,omitempty"`
}

// ShipMoveResult answers ship.move: the Range the move costs (null for a
// 1E move between quadrants, which no Range pays for), the Range left to
// spend this turn and what is left after the move (all that is available
// when the move is refused), and whether the ship is staffed when the
// move was judged that far.
type ShipMoveResult struct {
	RangeCost      *int  `json:"rangeCost"`
	RangeAvailable int   `json:"rangeAvailable"`
	RangeRemaining int   `json:"rangeRemaining"`
	Staffed        *bool `json:"staffed,omitempty"`
}

// MissionAttemptResult answers mission.attempt: the personnel who would
// attempt, and the dilemmas the opponent draws and may spend (2E; null in
// 1E, whose dilemmas are seeded, and at a headquarters).
type MissionAttemptResult struct {
	Personnel     []string `json:"personnel"`
	DilemmasDrawn *int     `json:"dilemmasDrawn"`
	DilemmaBudget *int     `json:"dilemmaBudget"`
}

// A SkillCheck is one name of a requirement (a skill, or a species, a
// characteristic or a personnel it names): the levels needed and those the
// personnel have between them. Kind says what the name is when it is not a
// skill: "species" or "characteristic".
//
// Unknown are the ids of the personnel counted of whom the statistic the
// name reads (skills, species or characteristics) is not known: Have counts
// the others alone, so the personnel have at least Have; left out when
// every one is known. A figure is answered with unknowns only where the
// requirement is met without them (more personnel never unmeet one); where
// they could decide, the statistic is asked for (422).
type SkillCheck struct {
	Name    string   `json:"name"`
	Needed  int      `json:"needed"`
	Have    int      `json:"have"`
	Kind    string   `json:"kind,omitempty"`
	Unknown []string `json:"unknown,omitempty"`
}

// An AttributeCheck is an attribute of a requirement: the personnel's
// total and the threshold it must exceed. Unknown, as a SkillCheck's, are
// the personnel counted whose attribute is not known: Total is that of the
// others alone, at least what the personnel have.
type AttributeCheck struct {
	Name      string   `json:"name"`
	Total     int      `json:"total"`
	Threshold int      `json:"threshold"`
	Unknown   []string `json:"unknown,omitempty"`
}

// An AlternativeCheck is the check of one alternative of an "or"
// requirement: whether the personnel meet it, its figures, and what it
// lacks.
type AlternativeCheck struct {
	Requirement string           `json:"requirement"`
	Met         bool             `json:"met"`
	Skills      []SkillCheck     `json:"skills"`
	Attributes  []AttributeCheck `json:"attributes"`
	Missing     []string         `json:"missing"`
}

// RequirementFigures are the figures of a requirement checked against
// personnel, as mission.requirements, requirement.check and
// mission.resolve give them: each name's levels needed and had, each
// attribute's total and threshold (Attribute is the deciding one, null
// when none is totalled), what is missing, and for an "or" as a whole each
// alternative's check.
type RequirementFigures struct {
	Skills       []SkillCheck       `json:"skills"`
	Attributes   []AttributeCheck   `json:"attributes"`
	Attribute    *AttributeCheck    `json:"attribute"`
	Missing      []string           `json:"missing"`
	Alternatives []AlternativeCheck `json:"alternatives,omitempty"`
}

// MissionRequirementsResult answers mission.requirements: the personnel
// checked, the figures, and the mission's points (null when not known).
type MissionRequirementsResult struct {
	Personnel []string `json:"personnel"`
	RequirementFigures
	Points *int `json:"points"`
}

// RequirementCheckResult answers requirement.check: the personnel
// checked, those left out for being stopped, and the figures.
type RequirementCheckResult struct {
	Personnel []string `json:"personnel"`
	Stopped   []string `json:"stopped"`
	RequirementFigures
}

// A DilemmaOutcome says what becomes of one dilemma of a stack when it is
// revealed: faced, overcome without being faced, returned to the pile as a
// dilemma the opponent was unable to choose (2E), placed out of play as a
// mis-seed (1E). Legal is false for a dilemma the rulebook forbids the
// opponent to choose (or to seed), whatever then becomes of it.
type DilemmaOutcome struct {
	Title   string `json:"title"`
	Outcome string `json:"outcome"` // face, overcome, returned (2E); face, mis-seed (1E)
	Reason  string `json:"reason"`
	Legal   bool   `json:"legal"`
}

// DilemmaStackResult answers dilemmas.stack: the dilemmas drawn (1E: the
// dilemmas seeded) and the budget (2E; null in 1E and at a headquarters),
// the stack's total cost (2E), and each dilemma's outcome.
type DilemmaStackResult struct {
	DilemmasDrawn *int             `json:"dilemmasDrawn"`
	DilemmaBudget *int             `json:"dilemmaBudget"`
	TotalCost     *int             `json:"totalCost,omitempty"`
	Outcomes      []DilemmaOutcome `json:"outcomes"`
}

// CombatResult answers combat (2E): the winner ("you", "opponent", or
// null for a tie or a combat that cannot begin), who is stopped when it
// ends, both Strength totals and who is involved on each side.
type CombatResult struct {
	Winner           *string  `json:"winner"`
	StoppedAfter     []string `json:"stoppedAfter"`
	YourStrength     int      `json:"yourStrength"`
	OpponentStrength int      `json:"opponentStrength"`
	Involved         []string `json:"involved"`
	OpponentInvolved []string `json:"opponentInvolved"`
}

// EngagementResult answers engagement (2E): the winner, the ships and
// personnel stopped when it ends, your WEAPONS and your opponent's
// SHIELDS.
type EngagementResult struct {
	Winner          *string  `json:"winner"`
	StoppedAfter    []string `json:"stoppedAfter"`
	YourWeapons     int      `json:"yourWeapons"`
	OpponentShields int      `json:"opponentShields"`
}

// ShipDamageResult answers ship.damage: the damage the ship carries after
// the cards placed, whether it is destroyed, and (1E) the RANGE a first
// hit reduces it to.
type ShipDamageResult struct {
	Range     *int `json:"range,omitempty"`
	Damage    int  `json:"damage"`
	Destroyed bool `json:"destroyed"`
}

// GameWinnerResult answers game.winner: whether the game has ended, its
// winners (several for a tie) and whether it is a tie.
type GameWinnerResult struct {
	Ended   bool     `json:"ended"`
	Winners []string `json:"winners"`
	Tie     bool     `json:"tie"`
}

// A Violation is one rule a deck, or an attack initiated, breaks.
type Violation struct {
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

// An AmbiguousName is a deck line's name that fits several cards of the
// card data: it is counted by its title.
type AmbiguousName struct {
	Name       string   `json:"name"`
	Candidates []string `json:"candidates"`
}

// A CardElsewhere is a deck line's name the card data of the deck's
// edition does not know and the other edition's does: the line is counted
// by its title, with the card of that name noted.
type CardElsewhere struct {
	Name    string `json:"name"`
	Card    string `json:"card"`
	Edition string `json:"edition"`
}

// DeckValidateResult answers deck.validate: the rules the deck breaks, the
// names the card data does not know or fits several cards to (counted by
// title), and those of them the other edition's data knows.
type DeckValidateResult struct {
	Violations   []Violation     `json:"violations"`
	Unknown      []string        `json:"unknown"`
	Ambiguous    []AmbiguousName `json:"ambiguous"`
	OtherEdition []CardElsewhere `json:"otherEdition"`
}

// CardPlayResult answers card.play: the cost in counters and those left
// after it (2E; null in 1E, the cost of a card not played from hand, and a
// cost the card data does not hold of a play refused whatever it costs),
// whether the 1E normal card play is used after it (1E only), and where
// it was played.
type CardPlayResult struct {
	Cost          *int   `json:"cost"`
	CountersAfter *int   `json:"countersAfter"`
	CardPlayUsed  *bool  `json:"cardPlayUsed,omitempty"`
	At            string `json:"at,omitempty"`
}

// ShipBattleResult answers battle.ship (1E): the ATTACK and DEFENSE totals
// and the outcome ("miss", "hit", "direct-hit").
type ShipBattleResult struct {
	Attack  int     `json:"attack"`
	Defense float64 `json:"defense"`
	Outcome string  `json:"outcome"`
}

// A CombatPair is two personnel turned over together in 1E personal
// combat, the outcome ("stun", "mortally-wound", "none") and who inflicts
// it.
type CombatPair struct {
	You      string `json:"you"`
	Opponent string `json:"opponent"`
	Outcome  string `json:"outcome"`
	By       string `json:"by,omitempty"`
}

// PersonnelBattleResult answers battle.personnel (1E): each pair's
// outcome, the STRENGTH totals left, and the winner (null for a tie).
type PersonnelBattleResult struct {
	Pairs            []CombatPair `json:"pairs"`
	YourStrength     int          `json:"yourStrength"`
	OpponentStrength int          `json:"opponentStrength"`
	Winner           *string      `json:"winner"`
}

// BattleInitiateResult answers battle.initiate (1E): the rules the attack
// breaks, and whether it is a ship or a personnel battle.
type BattleInitiateResult struct {
	Violations []Violation `json:"violations"`
	Kind       string      `json:"kind"`
}

// PersonnelBeamResult answers personnel.beam: the personnel moved (none
// when the beam is refused) and where each stood.
type PersonnelBeamResult struct {
	Moved []string            `json:"moved"`
	From  map[string]Location `json:"from"`
}

// A ResolvedDilemma is what became of one dilemma of a mission attempt:
// its outcome ("overcome", "returned"; 1E also "discarded", "mis-seed",
// "unfaced"), why, and whether the personnel faced it.
type ResolvedDilemma struct {
	Title   string `json:"title"`
	Outcome string `json:"outcome"`
	Reason  string `json:"reason"`
	Faced   bool   `json:"faced"`
}

// MissionResolveResult answers mission.resolve: each dilemma's outcome,
// who attempted and who remains, who the dilemmas stopped, killed or
// placed in a brig and who the failed attempt stopped, the ship a 1E
// dilemma stopped with its crew, the dilemmas overcome (2E), whether the
// mission was completed and the points scored (null when not known), the
// figures of the requirements, and whether the stack was a legal choice
// (null when the attempt could not begin).
type MissionResolveResult struct {
	Outcomes          []ResolvedDilemma `json:"outcomes"`
	Personnel         []string          `json:"personnel"`
	Remaining         []string          `json:"remaining"`
	Completed         bool              `json:"completed"`
	Points            *int              `json:"points"`
	Stopped           []string          `json:"stopped"`
	StoppedByDilemmas []string          `json:"stoppedByDilemmas"`
	Killed            []string          `json:"killed"`
	Brigged           []string          `json:"brigged"`
	ShipStopped       *string           `json:"shipStopped"`
	Overcome          *int              `json:"overcome"`
	OvercomeDilemmas  *int              `json:"overcomeDilemmas"`
	DilemmasDrawn     *int              `json:"dilemmasDrawn"`
	DilemmaBudget     *int              `json:"dilemmaBudget"`
	StackLegal        *bool             `json:"stackLegal"`
	RequirementFigures
}

// TurnReplayResult answers turn.replay: each action's step up to and
// including the first refused, the index of that one (null when every
// action was legal), the board after the legal actions in the request's
// shape and the ids of the cards that left play during them, the points the turn scored (null when a mission completed has no
// points given), and what the turn spent: the 2E counters left (null in
// 1E) and whether the 1E normal card play was used (null in 2E).
type TurnReplayResult struct {
	Steps        []ReplayStep `json:"steps"`
	FirstIllegal *int         `json:"firstIllegal"`
	Board        Board        `json:"board"`
	Discarded    []string     `json:"discarded"`
	Points       *int         `json:"points"`
	Counters     *int         `json:"counters"`
	CardPlayUsed *bool        `json:"cardPlayUsed"`
}

// A GoneResult is the result of a move of a turn refused because it names
// a card that left play earlier in the turn (killed: in its owner's
// discard pile): the ids of those cards. Move is the move's question.
type GoneResult struct {
	Move string   `json:"-"`
	Gone []string `json:"gone"`
}

// Question is the question of the move refused.
func (r *GoneResult) Question() string { return r.Move }

// Question names of the results.
func (*ShipStaffedResult) Question() string         { return "ship.staffed" }
func (*ShipMoveResult) Question() string            { return "ship.move" }
func (*MissionAttemptResult) Question() string      { return "mission.attempt" }
func (*MissionRequirementsResult) Question() string { return "mission.requirements" }
func (*RequirementCheckResult) Question() string    { return "requirement.check" }
func (*DilemmaStackResult) Question() string        { return "dilemmas.stack" }
func (*CombatResult) Question() string              { return "combat" }
func (*EngagementResult) Question() string          { return "engagement" }
func (*ShipDamageResult) Question() string          { return "ship.damage" }
func (*GameWinnerResult) Question() string          { return "game.winner" }
func (*DeckValidateResult) Question() string        { return "deck.validate" }
func (*CardPlayResult) Question() string            { return "card.play" }
func (*ShipBattleResult) Question() string          { return "battle.ship" }
func (*PersonnelBattleResult) Question() string     { return "battle.personnel" }
func (*BattleInitiateResult) Question() string      { return "battle.initiate" }
func (*PersonnelBeamResult) Question() string       { return "personnel.beam" }
func (*MissionResolveResult) Question() string      { return "mission.resolve" }
func (*TurnReplayResult) Question() string          { return "turn.replay" }

// ResultTypes is a value of each result type, empty: what must know every
// result (the API's JSON writer, generated from them; tests).
func ResultTypes() []Result {
	return []Result{&ShipStaffedResult{}, &ShipMoveResult{}, &MissionAttemptResult{}, &MissionRequirementsResult{},
		&RequirementCheckResult{}, &DilemmaStackResult{}, &CombatResult{}, &EngagementResult{}, &ShipDamageResult{},
		&GameWinnerResult{}, &DeckValidateResult{}, &CardPlayResult{}, &ShipBattleResult{}, &PersonnelBattleResult{},
		&BattleInitiateResult{}, &PersonnelBeamResult{}, &MissionResolveResult{}, &TurnReplayResult{}, &GoneResult{}}
}
