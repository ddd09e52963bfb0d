package corpus

import "github.com/stccg/stccg-rules/internal/rules"

// parseRulings reads the First Edition Current Rulings page into rulings.
func parseRulings(doc rules.Document, text string) parsed {
	return parsed{}
}
