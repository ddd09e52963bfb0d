package api_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
)

// A lookupProbe is one look-up of testdata/lookup-probe.json: a card by
// name, a card list or a term's definition asked of REST, and what its
// answer must say.
type lookupProbe struct {
	Name, Path          string
	Status              int
	Code                string
	Title, Subtitle     string
	Edition             string
	Loose               bool
	AmbiguousOrNotFound bool
	NoTitleWord         string
	SomeTitleWord       string
	First, FirstHas     string
	Note, Open          string
}

// judge says how the answer (status, body) differs from what the look-up
// means; "" when it does not.
func (p lookupProbe) judge(status int, body []byte) string {
	if p.AmbiguousOrNotFound {
		var e errorBody
		_ = json.Unmarshal(body, &e)
		if status != 404 || e.Error.Code != "ambiguous" && e.Error.Code != "not_found" {
			return fmt.Sprintf("one card answered (%d), where several fit equally loosely or none", status)
		}
		return ""
	}
	if status != p.Status {
		return fmt.Sprintf("status %d, want %d", status, p.Status)
	}
	if p.Code != "" {
		var e errorBody
		_ = json.Unmarshal(body, &e)
		if e.Error.Code != p.Code {
			return fmt.Sprintf("code %q, want %q", e.Error.Code, p.Code)
		}
	}
	if status != 200 {
		return ""
	}
	switch {
	case strings.HasPrefix(p.Path, "/v1/cards/named"):
		var c struct{ Title, Subtitle, Edition, Match string }
		_ = json.Unmarshal(body, &c)
		switch {
		case c.Title != p.Title || p.Subtitle != "" && c.Subtitle != p.Subtitle:
			return fmt.Sprintf("%s, %s answered", c.Title, c.Subtitle)
		case p.Edition != "" && c.Edition != p.Edition:
			return "edition " + c.Edition
		case p.Loose && c.Match == "exact":
			return "said exact"
		}
	case strings.HasPrefix(p.Path, "/v1/cards"):
		var l struct {
			Data []struct{ Title string } `json:"data"`
		}
		_ = json.Unmarshal(body, &l)
		some := false
		for _, c := range l.Data {
			words := strings.Fields(strings.ToLower(c.Title))
			for _, w := range words {
				w = strings.Trim(w, ",.'\"")
				if p.NoTitleWord != "" && w == p.NoTitleWord {
					return "lists " + c.Title
				}
				if w == p.SomeTitleWord {
					some = true
				}
			}
		}
		if p.SomeTitleWord != "" && !some {
			return "lists no title of " + p.SomeTitleWord
		}
	case strings.HasPrefix(p.Path, "/v1/define"):
		var d struct {
			Data []struct{ ID string } `json:"data"`
		}
		_ = json.Unmarshal(body, &d)
		if len(d.Data) == 0 {
			return "no entry"
		}
		if p.First != "" && d.Data[0].ID != p.First || p.FirstHas != "" && !strings.Contains(d.Data[0].ID, p.FirstHas) {
			return "first " + d.Data[0].ID
		}
	}
	return ""
}

// TestLookupProbeIsAnsweredAsMeant asks the look-up probe (cards by names
// misspelt, ambiguous or of both editions, card lists, define's
// abbreviations and terms only other text explains) over REST. Every
// fifth is held out: counted, never printed.
func TestLookupProbeIsAnsweredAsMeant(t *testing.T) {
	lookups := readProbeLookups[lookupProbe](t, "testdata/lookup-probe.json", 40)
	srv := newServer(t)
	var tally cardProbeTally
	for i, p := range lookups {
		res, err := http.Get(srv.URL + p.Path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		tally.judge(t, i, p.Open, p.Name+" ("+p.Path+")", p.judge(res.StatusCode, body), fmt.Sprintf("%d %s", res.StatusCode, body))
	}
	tally.log(t, "look-up probe")
}
