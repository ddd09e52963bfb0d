package corpus

import "github.com/stccg/stccg-rules/internal/rules"

// link resolves cross-references and relates the same term across documents.
func link(docs []rules.Document, entries []*rules.Entry) []Warning {
	return nil
}
