package api

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// The OpenAPI document's question enum is the domain's list of questions
// (rules.Questions), the one a request's question is read against.
func TestOpenAPIQuestionsAreTheDomains(t *testing.T) {
	var doc struct {
		Components struct {
			Schemas struct {
				Question struct {
					Enum []string `json:"enum"`
				} `json:"Question"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	var domain []string
	for _, q := range rules.Questions() {
		domain = append(domain, q.String())
	}
	documented := doc.Components.Schemas.Question.Enum
	slices.Sort(domain)
	slices.Sort(documented)
	if !slices.Equal(documented, domain) {
		t.Errorf("the document lists %v\nthe domain %v", documented, domain)
	}
}
