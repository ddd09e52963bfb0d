package corpus

import "github.com/stccg/stccg-rules/internal/rules"

// parseCardList reads the card list of a Second Edition rulebook.
func parseCardList(doc rules.Document, text string) ([]CardRow, []Warning) {
	return nil, nil
}
