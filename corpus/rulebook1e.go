package corpus

import "github.com/stccg/stccg-rules/internal/rules"

// parseRulebook1E reads the First Edition rulebook into sections.
func parseRulebook1E(doc rules.Document, text string) parsed {
	return parsed{}
}
