package web

// What the adjudicate page knows of each question beyond its name: the
// params it takes and how each is picked from the board, the words its
// verdict is said in, and the statistics of the board's cards it reads, so
// that a card whose data lacks one asks for it when it is added.

// A paramSpec is one param of a question as the page picks it.
type paramSpec struct {
	Name  string // the param's name in the request
	Label string
	// Pick is what fills it: "ship", "mission", "place" (a mission, ship
	// or facility), "personnel" (one personnel), "ships", "personnelList",
	// "objects" (several ships or personnel), "number", "text", "card" (a
	// card looked up by name or id), "bool".
	Pick     string
	Optional bool
	Help     string
}

// questionSpec is what the page knows of one question.
type questionSpec struct {
	Params []paramSpec
	// JSONParams are the params only the params' JSON gives (a dilemma
	// stack, a deck list, players): the page says so beside its pickers.
	JSONParams string
	// Yes and No are the verdict said in the question's own words.
	Yes, No string
	// Needs are the statistics the question reads, by board list: a card
	// whose data lacks one is asked for it.
	Needs map[string][]string
}

var (
	needsStaffing     = map[string][]string{"ship": {"staffing"}, "personnel": {"icons"}}
	needsRequirements = map[string][]string{"mission": {"requirements"}, "personnel": {"skills", "integrity", "cunning", "strength"}}
)

var questionSpecs = map[string]questionSpec{
	"ship.staffed": {
		Params: []paramSpec{{Name: "ship", Label: "Ship", Pick: "ship"}},
		Yes:    "Staffed", No: "Not staffed", Needs: needsStaffing,
	},
	"ship.move": {
		Params: []paramSpec{{Name: "ship", Label: "Ship", Pick: "ship"}, {Name: "to", Label: "To the mission", Pick: "mission"}},
		Yes:    "May move", No: "May not move",
		Needs: map[string][]string{"ship": {"range", "staffing"}, "mission": {"span"}, "personnel": {"icons"}},
	},
	"mission.attempt": {
		Params: []paramSpec{{Name: "mission", Label: "Mission", Pick: "mission"}, {Name: "ship", Label: "Ship (a space mission)", Pick: "ship", Optional: true}},
		Yes:    "May attempt", No: "May not attempt",
		Needs: map[string][]string{"mission": {"missionType"}},
	},
	"mission.requirements": {
		Params: []paramSpec{{Name: "mission", Label: "Mission", Pick: "mission"},
			{Name: "personnel", Label: "Personnel (all who would attempt when none is picked)", Pick: "personnelList", Optional: true}},
		Yes: "Requirements met", No: "Requirements not met", Needs: needsRequirements,
	},
	"dilemmas.stack": {
		Params:     []paramSpec{{Name: "mission", Label: "Mission", Pick: "mission"}, {Name: "attempting", Label: "Personnel attempting (how many)", Pick: "number"}},
		JSONParams: "the stack (the dilemmas in reveal order)",
		Yes:        "A legal stack", No: "Not a legal stack",
	},
	"combat": {
		Params: []paramSpec{{Name: "mission", Label: "Mission", Pick: "mission"},
			{Name: "you", Label: "Your personnel (everyone there when none is picked)", Pick: "personnelList", Optional: true},
			{Name: "opponent", Label: "Your opponent's personnel", Pick: "personnelList", Optional: true},
			{Name: "ship", Label: "Aboard the ship", Pick: "ship", Optional: true}},
		Yes: "Combat may begin", No: "Combat may not begin",
		Needs: map[string][]string{"personnel": {"strength"}},
	},
	"engagement": {
		Params: []paramSpec{{Name: "mission", Label: "Mission", Pick: "mission"},
			{Name: "you", Label: "Your ships", Pick: "ships"}, {Name: "opponent", Label: "Your opponent's ships", Pick: "ships"}},
		Yes: "The engagement may begin", No: "The engagement may not begin",
		Needs: map[string][]string{"ship": {"weapons", "shields"}},
	},
	"ship.damage": {
		Params: []paramSpec{{Name: "ship", Label: "Ship", Pick: "ship"}, {Name: "add", Label: "Damage cards placed", Pick: "number"}},
	},
	"game.winner":   {JSONParams: "the players and their scores"},
	"deck.validate": {JSONParams: "the deck list", Yes: "A legal deck", No: "Not a legal deck"},
	"card.play": {
		Params: []paramSpec{{Name: "card", Label: "Card played (name or id)", Pick: "card"},
			{Name: "at", Label: "Played at", Pick: "place", Optional: true},
			{Name: "counters", Label: "Counters left this turn", Pick: "number", Optional: true}},
		Yes: "May be played", No: "May not be played",
	},
	"battle.ship": {
		Params: []paramSpec{{Name: "attackers", Label: "Attacking ships", Pick: "ships"}, {Name: "target", Label: "Target", Pick: "ship"},
			{Name: "attackBonus", Label: "Attack bonus", Pick: "number", Optional: true},
			{Name: "defenseBonus", Label: "Defense bonus", Pick: "number", Optional: true}},
		Needs: map[string][]string{"ship": {"weapons", "shields"}},
	},
	"battle.personnel": {
		Params: []paramSpec{{Name: "you", Label: "Your personnel, in combat-pile order", Pick: "personnelList"},
			{Name: "opponent", Label: "Your opponent's personnel", Pick: "personnelList"}},
		Needs: map[string][]string{"personnel": {"strength"}},
	},
	"battle.initiate": {
		Params: []paramSpec{{Name: "attackers", Label: "Attackers", Pick: "objects"}, {Name: "defenders", Label: "Defenders", Pick: "objects"}},
		Yes:    "May initiate", No: "May not initiate",
	},
	"requirement.check": {
		Params: []paramSpec{{Name: "requirement", Label: "Requirement, as printed", Pick: "text", Help: "e.g. Computer Skill x2 OR SCIENCE x3"},
			{Name: "personnel", Label: "Personnel", Pick: "personnelList"}},
		Yes: "Met", No: "Not met", Needs: map[string][]string{"personnel": {"skills", "integrity", "cunning", "strength"}},
	},
	"personnel.beam": {
		Params: []paramSpec{{Name: "personnel", Label: "Personnel beamed", Pick: "personnelList"}, {Name: "to", Label: "To", Pick: "place"}},
		Yes:    "May beam", No: "May not beam",
	},
	"mission.resolve": {
		Params: []paramSpec{{Name: "mission", Label: "Mission", Pick: "mission"},
			{Name: "personnel", Label: "Personnel attempting (all who would when none is picked)", Pick: "personnelList", Optional: true}},
		JSONParams: "the dilemmas faced",
		Yes:        "Mission completed", No: "Mission not completed", Needs: needsRequirements,
	},
	"turn.replay": {
		Params: []paramSpec{{Name: "counters", Label: "Counters at the start of the turn (2E)", Pick: "number", Optional: true}},
		Yes:    "Every action legal", No: "An action refused",
		Needs: map[string][]string{"ship": {"range", "staffing"}, "mission": {"span"}, "personnel": {"icons"}},
	},
}

// verdictWord says a yes/no verdict in its question's words: "Staffed",
// "Not staffed"; "Allowed" or "Not allowed" for a question with none.
func verdictWord(question string, allowed bool) string {
	spec := questionSpecs[question]
	switch {
	case allowed && spec.Yes != "":
		return spec.Yes
	case !allowed && spec.No != "":
		return spec.No
	case allowed:
		return "Allowed"
	}
	return "Not allowed"
}

// statSpec is one statistic a board object may be given inline when its
// card's data lacks it.
type statSpec struct {
	Label string
	// Input is how it is given: "icons" (Command and Staff boxes),
	// "staffing" (how many Command and Staff icons), "number", "text",
	// "missionType".
	Input string
	Help  string
}

var statSpecs = map[string]statSpec{
	"icons":        {Label: "Icons", Input: "icons"},
	"skills":       {Label: "Skills", Input: "text", Help: "as printed, commas between: 2 Diplomacy, Leadership"},
	"integrity":    {Label: "Integrity", Input: "number"},
	"cunning":      {Label: "Cunning", Input: "number"},
	"strength":     {Label: "Strength", Input: "number"},
	"staffing":     {Label: "Staffing", Input: "staffing"},
	"range":        {Label: "Range", Input: "number"},
	"weapons":      {Label: "Weapons", Input: "number"},
	"shields":      {Label: "Shields", Input: "number"},
	"span":         {Label: "Span", Input: "number"},
	"points":       {Label: "Points", Input: "number"},
	"requirements": {Label: "Requirements", Input: "text", Help: "as printed: Diplomacy, 2 Science, and Cunning>28"},
	"missionType":  {Label: "Mission type", Input: "missionType"},
}

// statOrder is the order statistics are asked in.
var statOrder = []string{"missionType", "span", "points", "requirements", "staffing", "range", "weapons", "shields", "icons", "skills", "integrity", "cunning", "strength"}
