package corpus

import "github.com/stccg/stccg-rules/internal/rules"

// parseCardData reads one card data file of the manifest.
func parseCardData(m ManifestCards, raw []byte) ([]*rules.Card, []Warning, error) {
	return nil, nil, nil
}

// mergeCards joins the rulebooks' card-list rows with the card data and
// applies the rulebooks' errata.
func mergeCards(docs []rules.Document, rows []CardRow, data []*rules.Card, entries []*rules.Entry) ([]*rules.Card, []Warning) {
	return data, nil
}
