package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/web"
)

// A cardProbe3 is one look-up of the card probe's third batch
// (testdata/card-probe-3.json): a card list page, a collection, an
// autocomplete, a card's rulings or the statistics a card lacks, and what
// the page means by it.
type cardProbe3 struct {
	Name string
	Kind string
	// list and autocomplete: the query string.
	Query string
	// list: read, refused or either; Suggest a value a refusal must offer
	// in details.suggestions; Empty when an empty page is right.
	Want               string
	Suggest            string
	Empty              bool
	IDs                []string
	MinTotal           int
	UnknownAffiliation bool
	// collection
	Identifiers []map[string]any
	Data        []string
	NotFound3   []struct {
		Index int
		Code  string
	} `json:"notFound"`
	Status int
	// autocomplete
	Has []string
	// rulings and stats
	ID       string
	Complete *bool
	Unknown  []string
	Note     string
	Open     string
}

// UnmarshalJSON reads notFound as a rulings look-up's bool or a
// collection's list.
func (p *cardProbe3) UnmarshalJSON(b []byte) error {
	type plain cardProbe3
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	if nf, ok := raw["notFound"]; ok && string(nf) == "true" {
		delete(raw, "notFound")
		p.Status = 404
		b, _ = json.Marshal(raw)
	}
	status := p.Status
	err := json.Unmarshal(b, (*plain)(p))
	if p.Status == 0 {
		p.Status = status
	}
	return err
}

// TestCardProbeThirdBatchIsAnsweredAsThePageMeans asks the third batch of
// the card probe: card list pages with filters in odd case and spelling,
// collections of mixed identifiers, autocomplete prefixes, a card's rulings
// and the statistics a title-only card lacks, over REST and GraphQL (and,
// for statistics, the card page and the embed). Every fifth look-up is held
// out: counted, never pinned.
func TestCardProbeThirdBatchIsAnsweredAsThePageMeans(t *testing.T) {
	file := struct{ Lookups []cardProbe3 }{readProbeLookups[cardProbe3](t, "testdata/card-probe-3.json", 40)}
	s := services(t)
	srv := newServerWith(t, api.Config{Mount: web.New(web.Config{Reference: s.Reference, Search: s.Search, Cards: s.Cards, Logger: slog.New(slog.DiscardHandler)}).Register})
	var tally cardProbeTally
	for i, p := range file.Lookups {
		miss, answered := p.judge(t, srv)
		tally.judge(t, i, p.Open, p.Name+" ("+p.Kind+")", miss, answered)
	}
	tally.log(t, "card probe, third batch")
}

func (p cardProbe3) judge(t *testing.T, srv *httptest.Server) (miss, answered string) {
	switch p.Kind {
	case "list":
		return p.judgeList(t, srv)
	case "collection":
		return p.judgeCollection(t, srv)
	case "autocomplete":
		return p.judgeAutocomplete(t, srv)
	case "rulings":
		return p.judgeRulings(t, srv)
	case "stats":
		return p.judgeStats(t, srv)
	}
	t.Fatalf("%s: unknown kind %q", p.Name, p.Kind)
	return "", ""
}

// probeGet answers the status and body of a GET.
func probeGet(t *testing.T, u string) (int, []byte) {
	t.Helper()
	res, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, body
}

func (p cardProbe3) judgeList(t *testing.T, srv *httptest.Server) (string, string) {
	values, err := url.ParseQuery(p.Query)
	if err != nil {
		t.Fatalf("%s: %v", p.Name, err)
	}
	values.Set("limit", "100")
	status, body := probeGet(t, srv.URL+"/v1/cards?"+values.Encode())
	var page struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
		Total   int            `json:"total"`
		Unknown map[string]int `json:"unknown"`
		ReadAs  []struct {
			Typed, As, Why string
		} `json:"readAs"`
	}
	var e errorBody
	miss := ""
	switch status {
	case 200:
		if err := json.Unmarshal(body, &page); err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, c := range page.Data {
			ids = append(ids, c.ID)
		}
		switch {
		case p.Want == "refused":
			miss = "want refused"
		case page.Total == 0 && len(page.Unknown) == 0 && !p.Empty:
			miss = "an empty page, as if no card were meant"
		case page.Total < p.MinTotal:
			miss = fmt.Sprintf("total %d, want %d or more", page.Total, p.MinTotal)
		case p.UnknownAffiliation && page.Unknown["affiliation"] == 0:
			miss = "unknown.affiliation not said"
		case p.Suggest != "" && !slices.ContainsFunc(page.ReadAs, func(r struct{ Typed, As, Why string }) bool { return r.As == p.Suggest }):
			// A filter read loosely says how it was read.
			miss = "read without saying it read " + p.Suggest
		}
		for _, id := range p.IDs {
			if miss == "" && !slices.Contains(ids, id) {
				miss = "page without " + id
			}
		}
	case 400:
		if err := json.Unmarshal(body, &e); err != nil {
			t.Fatal(err)
		}
		sugg, _ := e.Error.Details["suggestions"].([]any)
		switch {
		case p.Want == "read":
			miss = "want read"
		case e.Error.Code != "invalid_request":
			miss = "want invalid_request"
		case p.Suggest != "" && !slices.ContainsFunc(sugg, func(v any) bool { x, _ := v.(string); return strings.EqualFold(x, p.Suggest) }):
			miss = "refused without suggesting " + p.Suggest
		}
	default:
		miss = fmt.Sprintf("status %d", status)
	}
	if miss != "" {
		return miss, fmt.Sprintf("%d %s", status, body)
	}
	// GraphQL's cards answers the same.
	vars := map[string]any{}
	for _, k := range []string{"q", "edition", "type", "affiliation", "set"} {
		if values.Has(k) {
			vars[k] = values.Get(k)
		}
	}
	var got struct {
		Data struct {
			Cards *struct {
				TotalCount int `json:"totalCount"`
				ReadAs     []struct {
					Typed, As, Why string
				} `json:"readAs"`
				Edges []struct {
					Node struct {
						ID string `json:"id"`
					} `json:"node"`
				} `json:"edges"`
			} `json:"cards"`
		} `json:"data"`
		Errors gqlErrors `json:"errors"`
	}
	probeGraphQL(t, srv.URL, `query($q: String, $edition: String, $type: String, $affiliation: String, $set: String){ cards(q: $q, edition: $edition, type: $type, affiliation: $affiliation, set: $set, first: 100){ totalCount readAs { typed as why } edges { node { id } } } }`, vars, &got)
	if status == 200 {
		if got.Data.Cards == nil || got.Data.Cards.TotalCount != page.Total || len(got.Data.Cards.Edges) != len(page.Data) ||
			fmt.Sprint(got.Data.Cards.ReadAs) != fmt.Sprint(page.ReadAs) && len(page.ReadAs)+len(got.Data.Cards.ReadAs) > 0 {
			return fmt.Sprintf("GraphQL: not the page REST answers (%+v)", got.Errors), fmt.Sprintf("%d %s", status, body)
		}
		return "", ""
	}
	if len(got.Errors) == 0 || got.Errors[0].Extensions.Code != e.Error.Code {
		return "GraphQL: not the error REST answers", fmt.Sprintf("%d %s", status, body)
	}
	if fmt.Sprint(got.Errors[0].Extensions.Details["suggestions"]) != fmt.Sprint(e.Error.Details["suggestions"]) {
		return "GraphQL: not the suggestions REST answers", fmt.Sprintf("%d %s", status, body)
	}
	return "", ""
}

func (p cardProbe3) judgeCollection(t *testing.T, srv *httptest.Server) (string, string) {
	body, _ := json.Marshal(map[string]any{"identifiers": p.Identifiers})
	res, err := http.Post(srv.URL+"/v1/cards/collection", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	answered := fmt.Sprintf("%d %s", res.StatusCode, b)
	if p.Status != 0 {
		if res.StatusCode != p.Status {
			return fmt.Sprintf("want %d", p.Status), answered
		}
		return "", ""
	}
	if res.StatusCode != 200 {
		return "want 200", answered
	}
	var got struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
		NotFound []struct {
			Index int    `json:"index"`
			Code  string `json:"code"`
		} `json:"notFound"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	ids := []string{}
	for _, c := range got.Data {
		ids = append(ids, c.ID)
	}
	want := p.Data
	if want == nil {
		want = []string{}
	}
	if !slices.Equal(ids, want) {
		return fmt.Sprintf("data %v, want %v", ids, want), answered
	}
	nf := fmt.Sprint(got.NotFound)
	wantNF := fmt.Sprint(p.NotFound3)
	if len(p.NotFound3) == 0 {
		wantNF = "[]"
	}
	if nf != wantNF {
		return fmt.Sprintf("notFound %s, want %s", nf, wantNF), answered
	}
	var gq struct {
		Data struct {
			CardCollection struct {
				Data []struct {
					ID string `json:"id"`
				} `json:"data"`
				NotFound []struct {
					Index int    `json:"index"`
					Code  string `json:"code"`
				} `json:"notFound"`
			} `json:"cardCollection"`
		} `json:"data"`
	}
	probeGraphQL(t, srv.URL, `query($ids: [CardIdentifier!]!){ cardCollection(identifiers: $ids){ data { id } notFound { index code } } }`, map[string]any{"ids": p.Identifiers}, &gq)
	if fmt.Sprint(gq.Data.CardCollection.Data) != fmt.Sprint(got.Data) || fmt.Sprint(gq.Data.CardCollection.NotFound) != nf {
		return "GraphQL: not the collection REST answers", answered
	}
	return "", ""
}

func (p cardProbe3) judgeAutocomplete(t *testing.T, srv *httptest.Server) (string, string) {
	status, body := probeGet(t, srv.URL+"/v1/cards/autocomplete?"+p.Query)
	answered := fmt.Sprintf("%d %s", status, body)
	if status != 200 {
		return "want 200", answered
	}
	var got struct{ Data []string }
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	for _, n := range p.Has {
		if !slices.Contains(got.Data, n) {
			return "without " + n, answered
		}
	}
	values, _ := url.ParseQuery(p.Query)
	vars := map[string]any{"q": values.Get("q")}
	if values.Has("edition") {
		vars["edition"] = values.Get("edition")
	}
	var gq struct {
		Data struct {
			Autocomplete struct {
				Edges []struct{ Node string } `json:"edges"`
			} `json:"autocomplete"`
		} `json:"data"`
	}
	probeGraphQL(t, srv.URL, `query($q: String!, $edition: String){ autocomplete(q: $q, edition: $edition){ edges { node } } }`, vars, &gq)
	var names []string
	for _, e := range gq.Data.Autocomplete.Edges {
		names = append(names, e.Node)
	}
	if !slices.Equal(names, got.Data) {
		return "GraphQL: not the names REST answers", answered
	}
	return "", ""
}

func (p cardProbe3) judgeRulings(t *testing.T, srv *httptest.Server) (string, string) {
	status, body := probeGet(t, srv.URL+"/v1/cards/"+url.PathEscape(p.ID)+"/rulings")
	answered := fmt.Sprintf("%d %s", status, body)
	if p.Status == 404 {
		var e errorBody
		if status != 404 || json.Unmarshal(body, &e) != nil || e.Error.Code != "not_found" {
			return "want 404 not_found", answered
		}
		return "", ""
	}
	if status != 200 {
		return "want 200", answered
	}
	var got struct {
		Total    int `json:"total"`
		Coverage struct {
			Complete bool `json:"complete"`
		} `json:"coverage"`
		Unknown []string `json:"unknown"`
	}
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	switch {
	case got.Total < p.MinTotal:
		return fmt.Sprintf("total %d, want %d or more", got.Total, p.MinTotal), answered
	case p.Complete != nil && got.Coverage.Complete != *p.Complete:
		return fmt.Sprintf("complete %v, want %v", got.Coverage.Complete, *p.Complete), answered
	case !got.Coverage.Complete && !slices.Contains(got.Unknown, "rulings"):
		return "not complete, yet rulings not said unknown", answered
	}
	var gq struct {
		Data struct {
			Card *struct {
				Unknown []string `json:"unknown"`
				Rulings struct {
					TotalCount int `json:"totalCount"`
				} `json:"rulings"`
				RulingsCoverage struct {
					Complete bool `json:"complete"`
				} `json:"rulingsCoverage"`
			} `json:"card"`
		} `json:"data"`
	}
	probeGraphQL(t, srv.URL, `query($id: ID!){ card(id: $id){ unknown rulings { totalCount } rulingsCoverage { complete } } }`, map[string]any{"id": p.ID}, &gq)
	c := gq.Data.Card
	if c == nil || c.Rulings.TotalCount != got.Total || c.RulingsCoverage.Complete != got.Coverage.Complete ||
		!got.Coverage.Complete && !slices.Contains(c.Unknown, "rulings") {
		return "GraphQL: not the rulings REST answers", answered
	}
	return "", ""
}

// statWords writes a card field's JSON name as the pages write it.
func statWords(f string) string {
	if f == "unique" {
		return "uniqueness"
	}
	var b strings.Builder
	for _, r := range f {
		if unicode.IsUpper(r) {
			b.WriteByte(' ')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

func (p cardProbe3) judgeStats(t *testing.T, srv *httptest.Server) (string, string) {
	status, body := probeGet(t, srv.URL+"/v1/cards/"+url.PathEscape(p.ID))
	answered := fmt.Sprintf("%d %s", status, body)
	if status != 200 {
		return "want 200", answered
	}
	var card map[string]any
	if err := json.Unmarshal(body, &card); err != nil {
		t.Fatal(err)
	}
	unknown, _ := card["unknown"].([]any)
	for _, f := range p.Unknown {
		if !slices.Contains(unknown, any(f)) {
			return "unknown lacks " + f, answered
		}
		if _, ok := card[f]; ok {
			return f + " answered though not known", answered
		}
	}
	// GraphQL: null or an empty list, and said unknown.
	var gq struct {
		Data struct {
			Card map[string]any `json:"card"`
		} `json:"data"`
	}
	fields := slices.Clone(p.Unknown)
	for i, f := range fields {
		if f == "skills" {
			fields[i] = "skills { name }"
		}
	}
	probeGraphQL(t, srv.URL, `query($id: ID!){ card(id: $id){ unknown `+strings.Join(fields, " ")+` } }`, map[string]any{"id": p.ID}, &gq)
	c := gq.Data.Card
	if c == nil {
		return "GraphQL: no card", answered
	}
	gu, _ := c["unknown"].([]any)
	for _, f := range p.Unknown {
		if !slices.Contains(gu, any(f)) {
			return "GraphQL: unknown lacks " + f, answered
		}
		if v := c[f]; v != nil {
			if l, ok := v.([]any); !ok || len(l) > 0 {
				return "GraphQL: " + f + " answered though not known", answered
			}
		}
	}
	// The card page and the embed say them in words.
	for _, path := range []string{"/cards/" + p.ID, "/embed/cards/" + p.ID} {
		status, page := probeGet(t, srv.URL+path)
		low := strings.ToLower(string(page))
		if status != 200 || !strings.Contains(low, "does not hold this card") {
			return path + ": does not say what the data lacks", fmt.Sprintf("%d", status)
		}
		for _, f := range p.Unknown {
			if !strings.Contains(low, statWords(f)) {
				return path + ": does not say " + statWords(f) + " is not known", clipProbe(string(page))
			}
		}
	}
	return "", ""
}
