package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"
)

// A cardProbe4 is one look-up of the card probe's fourth batch
// (testdata/card-probe-4.json): a look-up as the first batches write them,
// and what more its answer must say.
type cardProbe4 struct {
	cardProbe
	// Has are fields the card must answer: the data holds them.
	Has []string
	// Rulings says a name of no card must name, in its details, the
	// rulings or glossary entries titled with it.
	Rulings bool
}

// judge says what in the answer differs from what the page means; "" when
// nothing does.
func (p cardProbe4) judge(a cardProbeAnswer) string {
	if miss := p.cardProbe.judge(a); miss != "" {
		return miss
	}
	for _, f := range p.Has {
		if _, ok := a.card[f]; !ok {
			return f + " not answered though the data holds it"
		}
	}
	if p.Rulings {
		if r, _ := a.err.Error.Details["rulings"].([]any); len(r) == 0 {
			return "want details.rulings"
		}
	}
	return ""
}

// TestCardProbeFourthBatchIsAnsweredAsThePageMeans asks the fourth batch of
// the card probe (shorthand, nicknames, ranks and titles before names,
// misspellings, apostrophes and accents, names of both editions, names that
// are words of the game, ids in odd forms) over REST, and each name of GraphQL's
// cardNamed and of a collection, which must answer as REST. Every fifth
// look-up is held out: counted, never pinned.
func TestCardProbeFourthBatchIsAnsweredAsThePageMeans(t *testing.T) {
	askCardProbeBatch(t, "testdata/card-probe-4.json", 80, "card probe, fourth batch")
}

// TestCardProbeFifthBatchIsAnsweredAsThePageMeans asks the fifth batch of
// the card probe (names as fan sites write them: an edition or a set written
// into the name, apostrophes and dashes of other characters, subtitles set
// off or cut short, The dropped or added, plurals, possessives, cards known
// only by title, abbreviations) as the fourth batch is asked.
func TestCardProbeFifthBatchIsAnsweredAsThePageMeans(t *testing.T) {
	askCardProbeBatch(t, "testdata/card-probe-5.json", 100, "card probe, fifth batch")
}

// askCardProbeBatch asks a batch of look-ups written as the fourth batch's
// over REST, and each name of GraphQL's cardNamed and of a collection, which
// must answer as REST; every fifth is held out: counted, never printed.
func askCardProbeBatch(t *testing.T, path string, least int, label string) {
	lookups := readProbeLookups[cardProbe4](t, path, least)
	srv := newServer(t)
	var tally cardProbeTally
	for i, p := range lookups {
		a := cardProbeGet(t, srv.URL+p.path())
		miss := p.judge(a)
		if p.ID == nil && miss == "" {
			if d := cardProbeGraphQL(t, srv.URL, p.cardProbe, a); d != "" {
				miss = "GraphQL: " + d
			} else if d := cardProbeCollection(t, srv.URL, p.cardProbe, a); d != "" {
				miss = "collection: " + d
			}
		}
		tally.judge(t, i, p.Open, p.Name+" ("+p.path()+")", miss, fmt.Sprintf("%d %s", a.status, a.raw))
	}
	tally.log(t, label)
}

// cardProbeCollection asks a collection for the name REST was asked and
// says how its answer differs from REST's: the card and its match, or the
// code and the candidates' ids.
func cardProbeCollection(t *testing.T, base string, p cardProbe, rest cardProbeAnswer) string {
	t.Helper()
	ident := map[string]any{"fuzzy": p.Fuzzy != nil}
	if p.Fuzzy != nil {
		ident["name"] = *p.Fuzzy
	} else {
		ident["name"] = *p.Exact
	}
	if p.Edition != "" {
		ident["edition"] = p.Edition
	}
	body, _ := json.Marshal(map[string]any{"identifiers": []any{ident}})
	res, err := http.Post(base+"/v1/cards/collection", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var got struct {
		Data []struct {
			ID    string `json:"id"`
			Match string `json:"match"`
		} `json:"data"`
		NotFound []struct {
			Code       string `json:"code"`
			Candidates []struct {
				ID string `json:"id"`
			} `json:"candidates"`
		} `json:"notFound"`
	}
	if err := json.NewDecoder(res.Body).Decode(&got); err != nil {
		t.Fatalf("collection of %q: %d: %v", ident["name"], res.StatusCode, err)
	}
	if rest.status == 200 {
		if len(got.Data) != 1 || got.Data[0].ID != rest.card["id"] || got.Data[0].Match != rest.card["match"] {
			return "not the card REST answers"
		}
		return ""
	}
	if len(got.NotFound) != 1 || got.NotFound[0].Code != rest.err.Error.Code {
		return "not the error REST answers (" + rest.err.Error.Code + ")"
	}
	var ids []any
	for _, c := range got.NotFound[0].Candidates {
		ids = append(ids, c.ID)
	}
	restIDs, _ := rest.err.Error.Details["ids"].([]any)
	if !slices.Equal(ids, restIDs) {
		return "candidates differ from REST's"
	}
	return ""
}
