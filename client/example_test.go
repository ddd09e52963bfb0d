package client_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/stccg/stccg-rules/client"
)

// A bot looks a card up by a misspelled name in one edition, then asks
// whether a ship may move, reading the verdict typed by its question. The
// program of "The Go client in ten lines" in docs/bots.md, run against the
// service on the real corpus (rulesURL stands for https://rules.example.org).
func Example() {
	ctx := context.Background()
	c, err := client.NewClientWithResponses(rulesURL)
	if err != nil {
		log.Fatal(err)
	}
	// "uss galxy" fits the U.S.S. Galaxy of both editions: name the edition.
	name, edition := "uss galxy", client.Edition("2e")
	card, err := c.CardNamedWithResponse(ctx, &client.CardNamedParams{Fuzzy: &name, Edition: &edition})
	if err != nil || card.JSON200 == nil {
		log.Fatal(err, string(card.Body)) // card.JSON404: ambiguous, with the candidates
	}
	fmt.Println(card.JSON200.Title, *card.JSON200.Range)

	var board client.Board
	if err := json.Unmarshal([]byte(`{
		"missions": [{"id": "earth", "type": "headquarters", "quadrant": "alpha", "span": 2},
			{"id": "renegade", "type": "space", "quadrant": "alpha", "span": 3}],
		"ships": [{"id": "galaxy", "affiliation": "federation", "staffing": ["command", "staff"], "range": 8, "at": {"mission": "earth"}}],
		"personnel": [{"id": "picard", "affiliation": "federation", "icons": ["command"], "skills": [], "integrity": 5, "cunning": 5, "strength": 5, "at": {"ship": "galaxy"}},
			{"id": "riker", "affiliation": "federation", "icons": ["command"], "skills": [], "integrity": 5, "cunning": 5, "strength": 5, "at": {"ship": "galaxy"}}]}`), &board); err != nil {
		log.Fatal(err)
	}
	var req client.AdjudicationRequest
	_ = req.FromShipMoveRequest(client.ShipMoveRequest{Edition: "2e", Board: &board,
		Params: &client.ShipMoveParams{Ship: "galaxy", To: "renegade"}})
	res, err := c.AdjudicateWithResponse(ctx, req)
	if err != nil || res.JSON200 == nil {
		log.Fatal(err, string(res.Body)) // res.JSON422 when the board cannot be judged
	}
	move, _ := res.JSON200.AsShipMoveVerdict()
	fmt.Println(*move.Allowed, *move.Result.RangeCost, move.Result.RangeRemaining)
	// Output:
	// U.S.S. Galaxy 8
	// true 5 3
}
