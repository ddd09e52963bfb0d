package web

import (
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// The form offers the domain's questions (rules.Questions), in the
// contract's order, each with what it asks in words.
func TestFormOffersTheDomainsQuestions(t *testing.T) {
	domain := rules.Questions()
	if len(questions) != len(domain) {
		t.Fatalf("the form offers %d questions, the domain has %d", len(questions), len(domain))
	}
	for i, q := range questions {
		if q.Name != domain[i].String() || q.Label == "" {
			t.Errorf("question %d: the form offers %q (%q), the domain %q", i, q.Name, q.Label, domain[i])
		}
	}
}
