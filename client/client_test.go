package client_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/client"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// newService serves the real corpus as the binary does, on a server and
// caches of the test's own.
func newService(t *testing.T) *client.ClientWithResponses {
	t.Helper()
	h, err := handler()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	c, err := client.NewClientWithResponses(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestGeneratedClientDrivesEveryRoute calls every operation of the document
// through the generated client against the real service, and reads each
// answer into its generated type: the good answer and, where there is one,
// the documented error.
func TestGeneratedClientDrivesEveryRoute(t *testing.T) {
	c := newService(t)
	ctx := context.Background()
	driven := map[string]bool{}
	check := func(op string, status int, want int, parsed bool) {
		t.Helper()
		driven[op] = true
		if status != want || !parsed {
			t.Errorf("%s: status %d (want %d), typed answer read: %v", op, status, want, parsed)
		}
	}
	ptr := func(s string) *string { return &s }
	ed2 := client.Edition("2e")
	yes := true

	if r, err := c.HealthzWithResponse(ctx); err != nil {
		t.Fatal(err)
	} else {
		check("healthz", r.StatusCode(), 200, r.JSON200 != nil && r.JSON200.Status == "ok")
	}
	if r, err := c.ReadyzWithResponse(ctx); err != nil {
		t.Fatal(err)
	} else {
		check("readyz", r.StatusCode(), 200, r.JSON200 != nil && r.JSON200.Status == "ready")
	}
	if r, err := c.MetricsWithResponse(ctx); err != nil {
		t.Fatal(err)
	} else {
		check("metrics", r.StatusCode(), 200, strings.Contains(string(r.Body), "stccg_http_requests_total"))
	}
	if r, err := c.OpenapiWithResponse(ctx); err != nil {
		t.Fatal(err)
	} else {
		check("openapi", r.StatusCode(), 200, r.JSON200 != nil && (*r.JSON200)["openapi"] == "3.1.0")
	}
	if r, err := c.ListDocumentsWithResponse(ctx); err != nil {
		t.Fatal(err)
	} else {
		check("listDocuments", r.StatusCode(), 200, r.JSON200 != nil && r.JSON200.Total == 5 && r.JSON200.Data[4].Id == "2e-rulebook")
	}
	if r, err := c.DefineWithResponse(ctx, &client.DefineParams{Term: "stopped", Edition: &ed2}); err != nil {
		t.Fatal(err)
	} else {
		check("define", r.StatusCode(), 200, r.JSON200 != nil && r.JSON200.Total > 0 && r.JSON200.Data[0].DocumentId == "2e-rulebook")
		if r.JSON200 != nil && len(r.JSON200.Data) > 0 {
			id := r.JSON200.Data[0].Id
			e, err := c.GetEntryWithResponse(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			check("getEntry", e.StatusCode(), 200, e.JSON200 != nil && e.JSON200.Id == id && e.JSON200.Kind == client.EntryKindGlossary)
		}
	}
	if r, err := c.DefineWithResponse(ctx, &client.DefineParams{Term: "modificatoins"}); err != nil {
		t.Fatal(err)
	} else {
		check("define", r.StatusCode(), 404, r.JSON404 != nil && r.JSON404.Error.Details.Suggestions != nil)
	}
	if r, err := c.GetEntryWithResponse(ctx, "no-such-entry"); err != nil {
		t.Fatal(err)
	} else {
		check("getEntry", r.StatusCode(), 404, r.JSON404 != nil && r.JSON404.Error.Code == client.ErrorErrorCodeNotFound)
	}
	if r, err := c.GetEntryChangesWithResponse(ctx, "2e-rulebook.glossary.stopped"); err != nil {
		t.Fatal(err)
	} else {
		check("getEntryChanges", r.StatusCode(), 200, r.JSON200 != nil && r.JSON200.Total == len(r.JSON200.Data) && r.JSON200.Total > 0 &&
			r.JSON200.Data[0].Governing != nil && len(r.JSON200.Data[0].Rows) > 0)
	}
	if r, err := c.GetEntryChangesWithResponse(ctx, "no-such-entry"); err != nil {
		t.Fatal(err)
	} else {
		check("getEntryChanges", r.StatusCode(), 404, r.JSON404 != nil && r.JSON404.Error.Code == client.ErrorErrorCodeNotFound)
	}
	limit := 3
	if r, err := c.SearchWithResponse(ctx, &client.SearchParams{Q: "range span", Limit: &limit}); err != nil {
		t.Fatal(err)
	} else {
		check("search", r.StatusCode(), 200, r.JSON200 != nil && len(r.JSON200.Hits) == 3 && strings.Contains(r.JSON200.Hits[0].Snippet, "<mark>"))
	}
	if r, err := c.ListCardsWithResponse(ctx, &client.ListCardsParams{Edition: &ed2, Type: ptr("ship"), Limit: &limit}); err != nil {
		t.Fatal(err)
	} else {
		check("listCards", r.StatusCode(), 200, r.JSON200 != nil && len(r.JSON200.Data) == 3 && r.JSON200.Data[0].Type == "ship")
	}
	if r, err := c.ListCardsWithResponse(ctx, &client.ListCardsParams{Type: ptr("bogus")}); err != nil {
		t.Fatal(err)
	} else {
		check("listCards", r.StatusCode(), 400, r.JSON400 != nil && r.JSON400.Error.Details.Types != nil && slices.Contains(*r.JSON400.Error.Details.Types, "ship"))
	}
	if r, err := c.CardNamedWithResponse(ctx, &client.CardNamedParams{Fuzzy: ptr("uss galxy"), Edition: &ed2}); err != nil {
		t.Fatal(err)
	} else {
		check("cardNamed", r.StatusCode(), 200, r.JSON200 != nil && r.JSON200.Id == "2e-1-394" && r.JSON200.Range != nil && *r.JSON200.Range == 8)
	}
	if r, err := c.CardNamedWithResponse(ctx, &client.CardNamedParams{Fuzzy: ptr("jean-luc picard"), Edition: &ed2}); err != nil {
		t.Fatal(err)
	} else {
		check("cardNamed", r.StatusCode(), 404, r.JSON404 != nil && r.JSON404.Error.Code == client.ErrorErrorCodeAmbiguous && r.JSON404.Error.Details.Choices != nil)
	}
	if r, err := c.CardCollectionWithResponse(ctx, client.CardCollectionJSONRequestBody{Identifiers: []client.CardIdentifier{
		{Id: ptr("2e-1-179")}, {Name: ptr("uss galxy"), Edition: &ed2, Fuzzy: &yes}, {Name: ptr("jean-luc picard"), Edition: &ed2},
	}}); err != nil {
		t.Fatal(err)
	} else {
		check("cardCollection", r.StatusCode(), 200, r.JSON200 != nil && len(r.JSON200.Data) == 2 && r.JSON200.Data[1].Id == "2e-1-394" &&
			r.JSON200.Data[1].Match != nil && *r.JSON200.Data[1].Match == client.Fuzzy &&
			len(r.JSON200.NotFound) == 1 && r.JSON200.NotFound[0].Index == 2 && r.JSON200.NotFound[0].Candidates != nil)
	}
	if r, err := c.CardCollectionWithResponse(ctx, client.CardCollectionJSONRequestBody{Identifiers: []client.CardIdentifier{{}}}); err != nil {
		t.Fatal(err)
	} else {
		check("cardCollection", r.StatusCode(), 400, r.JSON400 != nil && r.JSON400.Error.Details.Field != nil && *r.JSON400.Error.Details.Field == "identifiers[0]")
	}
	if r, err := c.AutocompleteWithResponse(ctx, &client.AutocompleteParams{Q: ptr("wor")}); err != nil {
		t.Fatal(err)
	} else {
		check("autocomplete", r.StatusCode(), 200, r.JSON200 != nil && len(r.JSON200.Data) > 0)
	}
	if r, err := c.GetCardWithResponse(ctx, "2e-1-179"); err != nil {
		t.Fatal(err)
	} else {
		check("getCard", r.StatusCode(), 200, r.JSON200 != nil && r.JSON200.Id == "2e-1-179" &&
			r.Headers200 != nil && r.Headers200.XRequestId != nil && r.Headers200.XCache != nil)
	}
	// The card data's markings a rule reads: a universal 1E card, and the
	// share of SHIELDS the Husnock Outpost extends to docked ships.
	if r, err := c.GetCardWithResponse(ctx, "1e-111-9"); err != nil {
		t.Fatal(err)
	} else {
		check("getCard markings", r.StatusCode(), 200, r.JSON200 != nil && r.JSON200.Universal &&
			r.JSON200.ExtendedShieldsPercentage != nil && *r.JSON200.ExtendedShieldsPercentage == 0.25)
	}
	if r, err := c.CardRulingsWithResponse(ctx, "2e-1-179"); err != nil {
		t.Fatal(err)
	} else {
		check("cardRulings", r.StatusCode(), 200, r.JSON200 != nil)
	}
	if r, err := c.GraphqlWithResponse(ctx, client.GraphqlJSONRequestBody{Query: ptr("{ documents { totalCount } }")}); err != nil {
		t.Fatal(err)
	} else {
		check("graphql", r.StatusCode(), 200, r.JSON200 != nil && r.JSON200.Data != nil && r.JSON200.Errors == nil)
	}
	if r, err := c.GraphqlGetWithResponse(ctx, &client.GraphqlGetParams{Query: ptr("{ card(id: \"2e-1-394\") { title } }")}); err != nil {
		t.Fatal(err)
	} else {
		check("graphqlGet", r.StatusCode(), 200, r.JSON200 != nil && r.JSON200.Data != nil)
	}

	// Adjudication: a typed request built with the generated types, a
	// typed verdict read back by its question.
	var req client.AdjudicationRequest
	span2, span3, rng := 2, 3, 8
	err := req.FromShipMoveRequest(client.ShipMoveRequest{Edition: ed2, Board: &client.Board{
		Missions:  &[]client.BoardMission{{Id: "a", Type: ptrTo(client.BoardMissionTypeSpace), Quadrant: ptrTo(client.Alpha), Span: &span2}, {Id: "b", Type: ptrTo(client.BoardMissionTypePlanet), Quadrant: ptrTo(client.Alpha), Span: &span3}},
		Ships:     &[]client.BoardShip{{Id: "s", Affiliation: ptr("federation"), Staffing: &[]string{"command"}, Range: &rng, At: &client.Location{Mission: ptr("a")}}},
		Personnel: &[]client.BoardPersonnel{{Id: "p", Affiliation: ptr("federation"), Icons: &[]string{"command"}, At: &client.Location{Ship: ptr("s")}}},
	}, Params: &client.ShipMoveParams{Ship: "s", To: "b"}})
	if err != nil {
		t.Fatal(err)
	}
	if r, err := c.AdjudicateWithResponse(ctx, req); err != nil {
		t.Fatal(err)
	} else {
		ok := false
		if r.JSON200 != nil {
			v, err := r.JSON200.AsShipMoveVerdict()
			ok = err == nil && v.Result.RangeCost != nil && *v.Result.RangeCost == 5 && v.Result.RangeRemaining == 3 && len(v.Citations) > 0
		}
		if !ok {
			t.Logf("verdict: %s", r.Body)
		}
		check("adjudicate", r.StatusCode(), 200, ok)
	}
	if r, err := c.AdjudicateWithBodyWithResponse(ctx, "application/json", strings.NewReader(`{"edition":"2e","question":"warp.core","board":{}}`)); err != nil {
		t.Fatal(err)
	} else {
		check("adjudicate", r.StatusCode(), 422, r.JSON422 != nil && r.JSON422.Error.Code == client.ErrorErrorCodeUnprocessable)
	}

	for _, op := range operationIDs(t) {
		if !driven[op] {
			t.Errorf("the document's operation %s is never driven by the generated client", op)
		}
	}
	t.Logf("%d operations driven through the generated client", len(driven))
}

// TestGeneratedClientReadsEveryContractVerdict sends the contract's
// adjudication examples through the generated client, each read into the
// request union and each verdict into the schema of its question.
func TestGeneratedClientReadsEveryContractVerdict(t *testing.T) {
	c := newService(t)
	answered := services.Engine.Questions()
	questions := map[string]bool{}
	examples := testcorpus.AdjudicationExamples(t)
	for _, ex := range examples {
		t.Run(ex.Name, func(t *testing.T) {
			ex.RequireAnswered(t, answered)
			var req client.AdjudicationRequest
			if err := json.Unmarshal(ex.Request, &req); err != nil {
				t.Fatal(err)
			}
			r, err := c.AdjudicateWithResponse(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if r.JSON200 == nil {
				t.Fatalf("status %d: %s", r.StatusCode(), r.Body)
			}
			q, err := r.JSON200.Discriminator()
			if err != nil {
				t.Fatal(err)
			}
			v, err := r.JSON200.ValueByDiscriminator()
			if err != nil || v == nil {
				t.Errorf("verdict of %s not read into its type: %v", q, err)
			}
			questions[q] = true
		})
	}
	t.Logf("%d examples, %d questions read into their verdict types", len(examples), len(questions))
}

// operationIDs lists the operations the served document describes for the
// API's clients.
func operationIDs(t *testing.T) []string {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData(api.OpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, item := range doc.Paths.Map() {
		for _, op := range item.Operations() {
			// Discord, not a client of the API, posts to its webhook: the
			// client leaves it out (oapi-codegen.yaml).
			if slices.Contains(op.Tags, "discord") {
				continue
			}
			ids = append(ids, op.OperationID)
		}
	}
	slices.Sort(ids)
	return ids
}

func ptrTo[T any](v T) *T { return &v }
