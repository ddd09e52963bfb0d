package rules_test

import (
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A search for a document within the other edition than its own is refused
// naming the edition; filters that agree, or a document the corpus does not
// list, pass.
func TestSearchScopeRefusesADocumentOfTheOtherEdition(t *testing.T) {
	docs := []rules.Document{{ID: "old-book", Edition: "1e"}, {ID: "new-book", Edition: "2e"}}
	refused := rules.SearchQuery{Q: "x", Document: "new-book", Edition: "1e"}.CheckScope(docs)
	if rules.ErrorCode(refused) != rules.EINVALID || rules.ErrorDetails(refused)["field"] != "edition" {
		t.Errorf("new-book within 1E: %v", refused)
	}
	for _, q := range []rules.SearchQuery{
		{Q: "x", Document: "new-book", Edition: "2e"},
		{Q: "x", Document: "new-book"},
		{Q: "x", Edition: "1e"},
		{Q: "x", Document: "card-data", Edition: "1e"},
	} {
		if err := q.CheckScope(docs); err != nil {
			t.Errorf("%+v: %v", q, err)
		}
	}
}
