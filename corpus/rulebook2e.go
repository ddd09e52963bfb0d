package corpus

import "github.com/stccg/stccg-rules/internal/rules"

// parseRulebook2E reads a Second Edition rulebook into sections and glossary
// entries; its card list is read by parseCardList.
func parseRulebook2E(doc rules.Document, text string) parsed {
	return parsed{}
}
