package catalog_test

import (
	"context"
	"fmt"

	"github.com/stccg/stccg-rules/internal/catalog"
	"github.com/stccg/stccg-rules/internal/rules"
)

func ExampleCatalog_CardNamed() {
	cards := []*rules.Card{
		{ID: "2e-9-1", Edition: "2e", Set: "9", Number: "1", Title: "Tavor", Subtitle: "Quiet Listener", Type: "personnel"},
		{ID: "2e-9-2", Edition: "2e", Set: "9", Number: "2", Title: "Tavor", Subtitle: "Bold Envoy", Type: "personnel"},
		{ID: "2e-9-3", Edition: "2e", Set: "9", Number: "3", Title: "Kestra System", Subtitle: "Chart Nebula",
			MissionName: "Chart Nebula", Location: "Kestra System", Type: "mission"},
	}
	cat := catalog.New(cards, nil)
	ctx := context.Background()

	card, _ := cat.CardNamed(ctx, "chart nebula", false, "2e") // a mission by its mission name
	fmt.Println(card.ID, card.Name())

	card, _ = cat.CardNamed(ctx, "tavor quiet listner", true, "") // a typo forgiven
	fmt.Println(card.ID, card.Name())

	_, err := cat.CardNamed(ctx, "tavor", true, "")
	fmt.Println(rules.ErrorCode(err), rules.ErrorDetails(err)["candidates"])
	// Output:
	// 2e-9-3 Kestra System, Chart Nebula
	// 2e-9-1 Tavor, Quiet Listener
	// ambiguous [Tavor, Bold Envoy Tavor, Quiet Listener]
}
