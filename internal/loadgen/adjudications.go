package loadgen

import (
	"encoding/json"
	"fmt"
)

// The adjudications the load test posts to /v1/adjudicate: a bot's
// questions about one Second Edition board in the middle of a turn, and
// the turns it replays on it. The API's benchmark of the server path
// (api BenchmarkAdjudicateLoadBodies) posts the same bodies.

// Board objects of the adjudication scenario, in the request's JSON shape.
type (
	boardAt struct {
		Mission string `json:"mission,omitempty"`
		Ship    string `json:"ship,omitempty"`
	}
	boardMission struct {
		ID               string   `json:"id"`
		Title            string   `json:"title,omitempty"`
		Type             string   `json:"type"`
		Quadrant         string   `json:"quadrant"`
		Span             int      `json:"span"`
		Points           int      `json:"points,omitempty"`
		Requirements     string   `json:"requirements,omitempty"`
		Affiliations     []string `json:"affiliations,omitempty"`
		OvercomeDilemmas int      `json:"overcomeDilemmas,omitempty"`
		Play             []string `json:"play,omitempty"`
	}
	boardShip struct {
		ID          string   `json:"id"`
		Affiliation string   `json:"affiliation"`
		Staffing    []string `json:"staffing"`
		Range       int      `json:"range"`
		RangeUsed   int      `json:"rangeUsed,omitempty"`
		Weapons     int      `json:"weapons"`
		Shields     int      `json:"shields"`
		At          boardAt  `json:"at"`
	}
	boardPersonnel struct {
		ID          string   `json:"id"`
		Affiliation string   `json:"affiliation"`
		Icons       []string `json:"icons"`
		Skills      []string `json:"skills"`
		Integrity   int      `json:"integrity"`
		Cunning     int      `json:"cunning"`
		Strength    int      `json:"strength"`
		Stopped     bool     `json:"stopped,omitempty"`
		At          boardAt  `json:"at"`
	}
	board struct {
		Missions  []boardMission   `json:"missions"`
		Ships     []boardShip      `json:"ships"`
		Personnel []boardPersonnel `json:"personnel"`
	}
	adjudication struct {
		Edition  string         `json:"edition"`
		Question string         `json:"question"`
		Board    board          `json:"board"`
		Params   map[string]any `json:"params"`
	}
)

// midGameBoard is a Second Edition board in the middle of a turn: a
// headquarters, a space and a planet mission, a crewed ship at the
// headquarters and an away team on the planet, one of them stopped.
func midGameBoard() board {
	crew := func(id string, icon string, skills []string, at boardAt, cunning int) boardPersonnel {
		return boardPersonnel{ID: id, Affiliation: "federation", Icons: []string{icon}, Skills: skills,
			Integrity: 6, Cunning: cunning, Strength: 5, At: at}
	}
	onShip := boardAt{Ship: "enterprise"}
	onPlanet := boardAt{Mission: "nebula"}
	b := board{
		Missions: []boardMission{
			{ID: "home", Title: "Starbase Home", Type: "headquarters", Quadrant: "alpha", Span: 2},
			{ID: "rift", Title: "Chart the Rift", Type: "space", Quadrant: "alpha", Span: 3, Points: 35,
				Requirements: "Astrometrics, Navigation, Physics, and Cunning>28", Affiliations: []string{"federation"}},
			{ID: "nebula", Title: "Survey the Nebula World", Type: "planet", Quadrant: "alpha", Span: 2, Points: 30,
				Requirements: "2 Geology, Biology, and Integrity>24", Affiliations: []string{"federation", "bajoran"},
				OvercomeDilemmas: 1},
		},
		Ships: []boardShip{
			{ID: "enterprise", Affiliation: "federation", Staffing: []string{"command", "staff", "staff"},
				Range: 9, Weapons: 8, Shields: 9, At: boardAt{Mission: "home"}},
		},
		Personnel: []boardPersonnel{
			crew("captain", "command", []string{"Leadership", "Diplomacy"}, onShip, 7),
			crew("pilot", "staff", []string{"Navigation", "Astrometrics"}, onShip, 6),
			crew("physicist", "staff", []string{"2 Physics", "Science"}, onShip, 8),
			crew("engineer", "staff", []string{"Engineering", "Programming"}, onShip, 6),
			crew("geologist", "staff", []string{"2 Geology"}, onPlanet, 6),
			crew("biologist", "staff", []string{"Biology", "Medical"}, onPlanet, 5),
			crew("officer", "command", []string{"Security", "Leadership"}, onPlanet, 5),
			crew("ensign", "staff", []string{"Anthropology"}, onPlanet, 4),
		},
	}
	b.Personnel[7].Stopped = true
	return b
}

// Adjudications are the bodies of the questions a bot asks in turn about one board: a
// move, an attempt at the planet, then the move to it.
func Adjudications() ([][]byte, error) {
	b := midGameBoard()
	asks := []adjudication{
		{Edition: "2e", Question: "ship.move", Board: b, Params: map[string]any{"ship": "enterprise", "to": "rift"}},
		{Edition: "2e", Question: "mission.attempt", Board: b, Params: map[string]any{"mission": "nebula"}},
		{Edition: "2e", Question: "ship.move", Board: b, Params: map[string]any{"ship": "enterprise", "to": "nebula"}},
	}
	out := make([][]byte, 0, len(asks))
	for _, a := range asks {
		body, err := json.Marshal(a)
		if err != nil {
			return nil, fmt.Errorf("encode %s: %w", a.Question, err)
		}
		out = append(out, body)
	}
	return out, nil
}

// Replays are the bodies of turns a bot replays on the mid-game board, whose
// headquarters lets Federation cards be played: a turn of ten legal
// actions (two cards played, beams, two moves, both missions attempted and
// completed, an interrupt), and the same turn with an eleventh action the
// counters left cannot pay for, refused.
func Replays() ([][]byte, error) {
	b := midGameBoard()
	b.Missions = append([]boardMission(nil), b.Missions...)
	b.Missions[0].Play = []string{"federation", "equipment"}
	act := func(question string, p map[string]any) map[string]any {
		return map[string]any{"question": question, "params": p}
	}
	ensign := map[string]any{"title": "Ensign on Watch", "type": "personnel", "cost": 3, "affiliation": "federation",
		"icons": []string{"staff"}, "skills": []string{"Navigation"}, "integrity": 5, "cunning": 5, "strength": 5}
	turn := []map[string]any{
		act("card.play", map[string]any{"card": ensign, "at": "home", "id": "ensign-2"}),
		act("card.play", map[string]any{"card": map[string]any{"title": "Tricorder", "type": "equipment", "cost": 1}, "at": "home"}),
		act("personnel.beam", map[string]any{"personnel": []string{"ensign-2"}, "to": "enterprise"}),
		act("ship.move", map[string]any{"ship": "enterprise", "to": "nebula"}),
		act("personnel.beam", map[string]any{"personnel": []string{"captain", "physicist"}, "to": "nebula"}),
		act("mission.resolve", map[string]any{"mission": "nebula", "stack": []map[string]any{{"title": "Sensor Echo", "kind": "planet", "cost": 1}}}),
		act("personnel.beam", map[string]any{"personnel": []string{"captain", "physicist"}, "to": "enterprise"}),
		act("ship.move", map[string]any{"ship": "enterprise", "to": "rift"}),
		act("mission.resolve", map[string]any{"mission": "rift", "ship": "enterprise"}),
		act("card.play", map[string]any{"card": map[string]any{"title": "Quick Thinking", "type": "interrupt", "cost": 3}}),
	}
	refused := append(append([]map[string]any(nil), turn...),
		act("card.play", map[string]any{"card": map[string]any{"title": "Second Thoughts", "type": "interrupt", "cost": 2}}))
	out := make([][]byte, 0, 2)
	for _, actions := range [][]map[string]any{turn, refused} {
		body, err := json.Marshal(adjudication{Edition: "2e", Question: "turn.replay", Board: b,
			Params: map[string]any{"counters": 7, "actions": actions}})
		if err != nil {
			return nil, fmt.Errorf("encode turn.replay: %w", err)
		}
		out = append(out, body)
	}
	return out, nil
}
