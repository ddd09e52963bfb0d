package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
)

// scenarioNames are the scenarios in the order --all runs them: /healthz
// first, the baseline the others are compared with.
var scenarioNames = []string{"healthz", "search-repeated", "search-varied", "card-fuzzy", "adjudicate", "replay"}

// request is one request of a scenario: a path under the base URL and, for a
// POST, its body.
type request struct {
	method string
	path   string
	body   []byte
}

// scenario is a kind of traffic: the requests it sends, in turn, and which
// answers count as expected.
type scenario struct {
	name     string
	requests []request
	// expected404 is set where a 404 is a right answer: a fuzzy name that
	// fits no card, or several equally well.
	expected404 bool
}

// next returns the i-th request, cycling through the scenario's list.
func (s *scenario) next(i uint64) request {
	return s.requests[i%uint64(len(s.requests))]
}

// ok reports whether status is an answer and not an error.
func (s *scenario) ok(status int) bool {
	return status >= 200 && status < 300 || s.expected404 && status == http.StatusNotFound
}

// options are what scenarios are built from.
type options struct {
	seed     uint64
	distinct int // how many distinct requests the varied scenarios draw from
}

// prepareScenario builds the named scenario. card-fuzzy reads the names of
// real cards from the service first.
func prepareScenario(ctx context.Context, c *http.Client, base, name string, opt options) (*scenario, error) {
	switch name {
	case "healthz":
		return &scenario{name: name, requests: []request{{method: http.MethodGet, path: "/healthz"}}}, nil
	case "search-repeated":
		q := url.Values{"q": {"stopped personnel"}}
		return &scenario{name: name, requests: []request{{method: http.MethodGet, path: "/v1/search?" + q.Encode()}}}, nil
	case "search-varied":
		paths, err := searchQueries(opt.seed, opt.distinct)
		if err != nil {
			return nil, fmt.Errorf("search-varied: %w", err)
		}
		return &scenario{name: name, requests: gets(paths)}, nil
	case "card-fuzzy":
		names, err := fetchCardNames(ctx, c, base)
		if err != nil {
			return nil, fmt.Errorf("card-fuzzy: %w", err)
		}
		paths := misspelledNames(names, opt.seed, opt.distinct)
		if len(paths) == 0 {
			return nil, errors.New("card-fuzzy: the service lists no card names to misspell")
		}
		return &scenario{name: name, requests: gets(paths), expected404: true}, nil
	case "adjudicate":
		reqs, err := adjudications()
		if err != nil {
			return nil, fmt.Errorf("adjudicate: %w", err)
		}
		return &scenario{name: name, requests: reqs}, nil
	case "replay":
		reqs, err := replays()
		if err != nil {
			return nil, fmt.Errorf("replay: %w", err)
		}
		return &scenario{name: name, requests: reqs}, nil
	}
	return nil, fmt.Errorf("unknown scenario %q (one of %v)", name, scenarioNames)
}

func gets(paths []string) []request {
	out := make([]request, len(paths))
	for i, p := range paths {
		out[i] = request{method: http.MethodGet, path: p}
	}
	return out
}

// cardPageSize is the page size card names are read in.
const cardPageSize = 100

// fetchCardNames reads every card's name from GET /v1/cards, a page at a time.
func fetchCardNames(ctx context.Context, c *http.Client, base string) ([]cardName, error) {
	var names []cardName
	for offset := 0; ; offset += cardPageSize {
		u := base + "/v1/cards?limit=" + strconv.Itoa(cardPageSize) + "&offset=" + strconv.Itoa(offset)
		page, err := getCardPage(ctx, c, u)
		if err != nil {
			return nil, err
		}
		names = append(names, page.names()...)
		if len(page.Data) == 0 || offset+cardPageSize >= page.Total {
			return names, nil
		}
	}
}

func getCardPage(ctx context.Context, c *http.Client, u string) (cardPage, error) {
	var page cardPage
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return page, fmt.Errorf("list cards: %w", err)
	}
	resp, err := c.Do(req)
	if err != nil {
		return page, fmt.Errorf("list cards: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return page, fmt.Errorf("list cards: %s: %s", resp.Status, b)
	}
	if err := json.NewDecoder(resp.Body).Decode(&page); err != nil {
		return page, fmt.Errorf("list cards: %w", err)
	}
	return page, nil
}

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

// adjudications are the questions a bot asks in turn about one board: a
// move, an attempt at the planet, then the move to it.
func adjudications() ([]request, error) {
	b := midGameBoard()
	asks := []adjudication{
		{Edition: "2e", Question: "ship.move", Board: b, Params: map[string]any{"ship": "enterprise", "to": "rift"}},
		{Edition: "2e", Question: "mission.attempt", Board: b, Params: map[string]any{"mission": "nebula"}},
		{Edition: "2e", Question: "ship.move", Board: b, Params: map[string]any{"ship": "enterprise", "to": "nebula"}},
	}
	out := make([]request, 0, len(asks))
	for _, a := range asks {
		body, err := json.Marshal(a)
		if err != nil {
			return nil, fmt.Errorf("encode %s: %w", a.Question, err)
		}
		out = append(out, request{method: http.MethodPost, path: "/v1/adjudicate", body: body})
	}
	return out, nil
}

// replays are turns a bot replays on the mid-game board, whose
// headquarters lets Federation cards be played: a turn of ten legal
// actions (two cards played, beams, two moves, both missions attempted and
// completed, an interrupt), and the same turn with an eleventh action the
// counters left cannot pay for, refused.
func replays() ([]request, error) {
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
	out := make([]request, 0, 2)
	for _, actions := range [][]map[string]any{turn, refused} {
		body, err := json.Marshal(adjudication{Edition: "2e", Question: "turn.replay", Board: b,
			Params: map[string]any{"counters": 7, "actions": actions}})
		if err != nil {
			return nil, fmt.Errorf("encode turn.replay: %w", err)
		}
		out = append(out, request{method: http.MethodPost, path: "/v1/adjudicate", body: body})
	}
	return out, nil
}
