package api

import (
	"encoding/json"
	"slices"
	"strings"
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

// The document says a question is read in any case, with spaces around it
// forgiven, where it lists each: in the Question schema, on the question
// of every adjudication body and of a turn's action. It lists each as the
// service writes it (the discriminator's keys), and rules.ParseQuestion
// reads each written in capitals and spaced as the one listed.
func TestTheDocumentSaysAQuestionIsReadInAnyCase(t *testing.T) {
	type property struct {
		Enum        []string `json:"enum"`
		Description string   `json:"description"`
	}
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Enum        []string            `json:"enum"`
				Description string              `json:"description"`
				OneOf       []map[string]string `json:"oneOf"`
				Properties  struct {
					Question property `json:"question"`
				} `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	schemas := doc.Components.Schemas
	says := func(where, description string) {
		if !strings.Contains(description, "in any case, with spaces around it forgiven") {
			t.Errorf("%s does not say a question is read in any case, spaces around forgiven: %q", where, description)
		}
	}
	says("Question", schemas["Question"].Description)
	says("AdjudicationRequest", schemas["AdjudicationRequest"].Description)
	listed := map[string]bool{}
	bodies := schemas["AdjudicationRequest"].OneOf
	if len(bodies) == 0 {
		t.Fatal("AdjudicationRequest lists no bodies")
	}
	for _, ref := range bodies {
		name := ref["$ref"][strings.LastIndex(ref["$ref"], "/")+1:]
		q := schemas[name].Properties.Question
		says(name+".question", q.Description)
		for _, e := range q.Enum {
			listed[e] = true
		}
	}
	action := schemas["ReplayAction"].Properties.Question
	says("ReplayAction.question", action.Description)
	for _, e := range action.Enum {
		listed[e] = true
	}
	for _, e := range schemas["Question"].Enum {
		listed[e] = true
	}
	for e := range listed {
		written := " " + strings.ToUpper(e) + " "
		if q, err := rules.ParseQuestion(written); err != nil || q.String() != e {
			t.Errorf("ParseQuestion(%q) = %q, %v; the document lists %q", written, q, err, e)
		}
	}
}
