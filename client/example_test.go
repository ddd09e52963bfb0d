package client_test

import (
	"context"
	"fmt"
	"log"

	"github.com/stccg/stccg-rules/client"
)

// A bot looks a card up by a misspelled name, then asks whether a ship may
// move, reading the verdict typed by its question.
func Example() {
	ctx := context.Background()
	c, err := client.NewClientWithResponses("https://rules.example.org")
	if err != nil {
		log.Fatal(err)
	}
	name := "uss galxy"
	card, err := c.CardNamedWithResponse(ctx, &client.CardNamedParams{Fuzzy: &name})
	if err != nil || card.JSON200 == nil {
		log.Fatal(err, string(card.Body))
	}
	fmt.Println(card.JSON200.Title, *card.JSON200.Range)

	var req client.AdjudicationRequest
	board := client.Board{ /* missions, ships, personnel */ }
	_ = req.FromShipMoveRequest(client.ShipMoveRequest{Edition: "2e", Board: &board, Params: &client.ShipMoveParams{Ship: "galaxy", To: "renegade"}})
	res, err := c.AdjudicateWithResponse(ctx, req)
	if err != nil || res.JSON200 == nil {
		log.Fatal(err, string(res.Body)) // res.JSON422.Error.Details.Field names what the board lacks
	}
	move, _ := res.JSON200.AsShipMoveVerdict()
	fmt.Println(*move.Allowed, move.Result.RangeRemaining, move.Reasons, move.Citations[0].Id)
}
