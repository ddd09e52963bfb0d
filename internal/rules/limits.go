package rules

// Limits of what one adjudication request may hold. Each is taken from the
// game, generous for any position a real game reaches, so that a request
// past one is not a board but an attempt to make the service work for
// nothing; the engine refuses it as EUNPROCESSABLE naming the field and the
// limit before it decodes anything.
const (
	// MaxBoardMissions bounds the missions on a board. 1E: six a player,
	// and a spaceline grows by a few more (time locations, a Q's Planet);
	// 2E: five a player. 32 holds the missions of four players of either
	// edition.
	MaxBoardMissions = 32

	// MaxBoardShips bounds the ships on a board. A deck seldom holds more
	// than a dozen ships; 64 holds 32 a side.
	MaxBoardShips = 64

	// MaxBoardPersonnel bounds the personnel on a board: both players'
	// personnel in play, aboard ships or on missions. A long game lays out
	// some forty personnel a side, and a deck of 60 to 100 cards cannot put
	// out more than it holds; 256 holds 128 a side. It bounds a ship's
	// crew too, which is never more than the board's personnel.
	MaxBoardPersonnel = 256

	// MaxBoardFacilities bounds the 1E facilities on a board: a
	// headquarters and a few outposts a player, a station or two; 32 holds
	// a long game of four players.
	MaxBoardFacilities = 32

	// MaxStaffingIcons bounds a ship's staffing line, the personnel it asks
	// for: the largest ships print about six icons, Command and Staff (the
	// card data holds at most 4); no ship needs a crew of more than 12.
	MaxStaffingIcons = 12

	// MaxPersonnelIcons bounds the icons on one personnel: Command or
	// Staff, and a few expansion, affiliation or ability icons (the card
	// data holds at most 4).
	MaxPersonnelIcons = 8

	// MaxPersonnelSkills bounds the skills listed on one personnel, a
	// skill named twice counted twice: the most skilled print about ten
	// (the card data holds at most 7).
	MaxPersonnelSkills = 16

	// MaxCharacteristics bounds the characteristics, keywords and
	// classification of one personnel: a few are printed (the card data
	// holds at most 2).
	MaxCharacteristics = 8

	// MaxMissionAffiliations bounds the affiliations that may attempt one
	// mission, or of one facility: the game has about fifteen affiliations
	// in all (the card data names at most 5 on one mission).
	MaxMissionAffiliations = 16

	// MaxMissionPlay bounds what a headquarters mission lets its owner play
	// there: an affiliation or two, and a few kinds of card (the card data
	// names at most 4).
	MaxMissionPlay = 16

	// MaxDilemmaStack bounds a dilemma stack, the dilemmas of one attempt.
	// 1E: each player seeds at most 30 cards besides missions, all of them
	// possibly under one mission, 60 from both; 2E: the opponent chooses
	// from the dilemmas drawn, one per personnel attempting. 64 holds
	// either, with a stack too large for its mission still judged, not
	// refused.
	MaxDilemmaStack = 64

	// MaxDeckLines bounds the lines of a deck's draw deck (2E: its deck),
	// one line a different card with its count. A 2E deck holds 35 to 60
	// cards; a 1E draw deck has no upper size, and the largest played run
	// to a few hundred cards, far fewer of them different.
	MaxDeckLines = 256

	// MaxSeedLines bounds the lines of each other part of a deck list: its
	// missions, its dilemmas, its 1E seed cards. A 1E seed deck holds six
	// missions and at most 30 other seed cards; a 2E deck five missions and
	// a dilemma pile of some 20 to 40.
	MaxSeedLines = 128

	// MaxDeckCopies bounds the count of one deck line: no real deck holds a
	// hundred copies of a card, even in 1E, which allows any number.
	MaxDeckCopies = 100

	// MaxPlayers bounds the players of a game: two, or a few in the
	// multiplayer variants.
	MaxPlayers = 8

	// MaxListedCards bounds a list of board objects a question names
	// (params.personnel, you, opponent, attackers, defenders) and the
	// titles a player commands: each names a card in play at most once, so
	// no list is longer than a board's personnel, ships and facilities
	// together.
	MaxListedCards = MaxBoardPersonnel + MaxBoardShips + MaxBoardFacilities

	// MaxReplayActions bounds the actions of one turn replayed: a long 2E
	// turn plays a handful of cards, moves, beams and attempts a mission or
	// two, some thirty actions; 256 covers a turn of any real game.
	MaxReplayActions = 256

	// MaxTurnListed bounds what a turn's actions name all together: the
	// ids of their lists (personnel beamed or attempting, those a dilemma
	// stops, kills or places in a brig, the titles commanded) and the
	// dilemmas of their attempts. A real turn beams and attempts with a
	// few crews, each card named a few times; twice the cards a question
	// may list covers any turn of a real game. Without it a turn would be
	// bounded only by its actions times the longest lists, some hundred
	// times the work of a question asked alone.
	MaxTurnListed = 2 * MaxListedCards

	// MaxTextBytes bounds a name, id, title, region, card reference or
	// other short text of a request: a card reference is a card name, so
	// it is MaxCardNameBytes (the longest card names, a title and its
	// subtitle, are under 80 characters; 46 in the card data).
	MaxTextBytes = MaxCardNameBytes

	// MaxWordBytes bounds an icon, characteristic, keyword, affiliation,
	// species, owner, mission type or quadrant: a word or two (the longest
	// in the card data, an icon, is 25 bytes).
	MaxWordBytes = 48

	// MaxRequirementBytes bounds a mission's requirements or a dilemma's
	// condition: the longest printed are under 200 characters (101 in the
	// card data).
	MaxRequirementBytes = 512

	// MaxSkillBytes bounds one skill as written ("Computer Skill x2").
	MaxSkillBytes = 64
)

// A ListLimit is the limit of one kind of list in a request, with how its
// items are spoken of and why the limit is what it is, for the error.
type ListLimit struct {
	Max        int
	Items, Why string
}

// ListLimits are the limits of the request's lists by the name their
// fields' limit tags give them (see Params).
var ListLimits = map[string]ListLimit{
	"missions":        {MaxBoardMissions, "missions", "six a player in 1E, five in 2E"},
	"ships":           {MaxBoardShips, "ships", "32 a side"},
	"personnel":       {MaxBoardPersonnel, "personnel", "128 a side, three times what a long game lays out"},
	"facilities":      {MaxBoardFacilities, "facilities", "a headquarters and a few outposts a player"},
	"staffing":        {MaxStaffingIcons, "staffing icons", "the largest ships print about six"},
	"icons":           {MaxPersonnelIcons, "icons", "a personnel prints a few"},
	"skills":          {MaxPersonnelSkills, "skills", "the most skilled personnel print about ten"},
	"characteristics": {MaxCharacteristics, "characteristics", "a personnel prints a handful"},
	"affiliations":    {MaxMissionAffiliations, "affiliations", "the game has about fifteen"},
	"play":            {MaxMissionPlay, "entries", "a headquarters names a few"},
	"listed":          {MaxListedCards, "ids", "each names a card on the board once"},
	"stack":           {MaxDilemmaStack, "dilemmas", "more than both players' seed cards or dilemmas drawn"},
	"deck":            {MaxDeckLines, "lines", "more than the largest decks played"},
	"seeds":           {MaxSeedLines, "lines", "more than any seed deck or dilemma pile"},
	"players":         {MaxPlayers, "players", "a game has two, or a few in multiplayer"},
	"actions":         {MaxReplayActions, "actions", "more than any turn of a real game"},
}

// TurnListLimit bounds what a turn's actions name all together (see
// MaxTurnListed).
var TurnListLimit = ListLimit{MaxTurnListed, "ids and dilemmas in all its actions' lists", "a turn names each card a few times"}

// TextLimits are the longest texts of a request in bytes, by the name
// their fields' limit tags give them.
var TextLimits = map[string]int{
	"text":        MaxTextBytes,
	"word":        MaxWordBytes,
	"skill":       MaxSkillBytes,
	"requirement": MaxRequirementBytes,
}

// Exceeded is the error of a list at field found to hold more than the
// limit: EUNPROCESSABLE naming the field and the limit (details.limit).
func (l ListLimit) Exceeded(field string) *Error {
	return Errorf(EUNPROCESSABLE, "%s holds more than %d %s; at most %d are allowed (%s)", field, l.Max, l.Items, l.Max, l.Why).
		WithDetail("field", Truncate(field)).WithDetail("limit", l.Max)
}

// TextTooLong is the error of a text at field n bytes long, past max.
func TextTooLong(field string, n, max int) *Error {
	return Errorf(EUNPROCESSABLE, "%s is %d bytes long; at most %d are allowed", field, n, max).
		WithDetail("field", Truncate(field)).WithDetail("limit", max)
}

// TooManyCopies is the error of a deck line's count past MaxDeckCopies.
func TooManyCopies(field, literal string) *Error {
	return Errorf(EUNPROCESSABLE, "%s is %s copies; a deck line may count at most %d", field, literal, MaxDeckCopies).
		WithDetail("field", Truncate(field)).WithDetail("limit", MaxDeckCopies)
}

// MaxBodyBytes is the most bytes of a request body the service reads (an
// adjudication, a card collection, a GraphQL request) when its
// configuration sets no other bound; the terminal reads no more of a file.
const MaxBodyBytes = 1 << 20

// MaxGraphQLQueryBytes bounds the text of a GraphQL query: a longer one is
// refused for its length before its variables are read.
const MaxGraphQLQueryBytes = 32 << 10

// BodyTooLarge is the sentence of a body past MaxBodyBytes, on every
// transport that reads one (REST's and GraphQL's 413, the terminal's).
const BodyTooLarge = "The request body is larger than the 1 MiB allowed."

// BodyTooSlow is the sentence of a request body whose bytes did not all
// arrive before the server's read deadline: nothing in what was sent is
// wrong, so it is no refusal of input (408, not 400).
const BodyTooSlow = "The request body did not arrive in time: send it again, whole."
