package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A suggestion is one thing the search box offers as the reader types: a
// glossary term (from define) or a card name (from autocomplete), with the
// page it opens.
type suggestion struct {
	Label string `json:"label"`
	Kind  string `json:"kind"`           // "term" or "card"
	Note  string `json:"note,omitempty"` // which document or card type
	URL   string `json:"url"`
}

type suggestions struct {
	Q           string       `json:"q"`
	Suggestions []suggestion `json:"suggestions"`
}

// Bounds of the suggestions: a query longer than a card name is not typed
// into a search box, and a list past a screenful is not read.
const (
	maxSuggestQuery = 100
	maxTermSuggest  = 4
	maxCardSuggest  = 6
)

// suggest answers /suggest?q=: the glossary terms the words are or are
// close to, each leading to its governing entry, then the card names
// starting with them, each leading to its card (or the chooser, when a name
// is printed more than once). It always answers 200 with a list, empty when
// nothing fits.
func (s *Site) suggest(c echo.Context) error {
	q := strings.TrimSpace(c.QueryParam("q"))
	out := suggestions{Q: q, Suggestions: []suggestion{}}
	if q != "" && utf8.RuneCountInString(q) <= maxSuggestQuery {
		ctx := c.Request().Context()
		out.Suggestions = append(out.Suggestions, s.termSuggestions(ctx, q)...)
		out.Suggestions = append(out.Suggestions, s.cardSuggestions(ctx, q)...)
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=300")
	return c.JSON(http.StatusOK, out)
}

// termSuggestions: the term itself when define knows it, else the terms
// define suggests, each with the governing entry that defines it.
func (s *Site) termSuggestions(ctx context.Context, q string) []suggestion {
	if s.cfg.Reference == nil {
		return nil
	}
	docs := s.documents(ctx)
	var out []suggestion
	seen := map[string]bool{} // edition and folded term
	add := func(es []*rules.Entry) {
		if len(es) == 0 || len(out) >= maxTermSuggest {
			return
		}
		e := es[0]
		if key := e.Edition + " " + rules.FoldTerm(e.Title); seen[key] {
			return
		} else {
			seen[key] = true
		}
		note := kindName(e.Kind)
		if d, ok := docs[e.DocumentID]; ok {
			note = shortTitle(d)
		}
		out = append(out, suggestion{Label: e.Title, Kind: "term", Note: note, URL: "/entries/" + url.PathEscape(e.ID)})
	}
	// A term may be defined in both editions: offer the governing entry of
	// each.
	addEach := func(es []*rules.Entry) {
		add(es)
		for _, e := range es[min(1, len(es)):] {
			if e.Edition != es[0].Edition {
				add([]*rules.Entry{e})
				break
			}
		}
	}
	es, err := s.cfg.Reference.Define(ctx, q, "")
	if err == nil {
		addEach(es)
		return out
	}
	for _, term := range rules.DetailStrings(err, "suggestions") {
		if es, err := s.cfg.Reference.Define(ctx, term, ""); err == nil {
			addEach(es)
		}
	}
	return out
}

// cardSuggestions: card names starting with the words, each linked to its
// card when the name is one card's.
func (s *Site) cardSuggestions(ctx context.Context, q string) []suggestion {
	if s.cfg.Cards == nil {
		return nil
	}
	names, err := s.cfg.Cards.Autocomplete(ctx, q, "", maxCardSuggest)
	if err != nil {
		return nil
	}
	out := make([]suggestion, 0, len(names))
	for _, name := range names {
		sg := suggestion{Label: name, Kind: "card", URL: "/cards/named?exact=" + url.QueryEscape(name)}
		card, err := s.cfg.Cards.CardNamed(ctx, name, false, "")
		switch {
		case err == nil:
			sg.URL = "/cards/" + url.PathEscape(card.ID)
			sg.Note = strings.ToUpper(card.Edition) + " " + gameWord(card.Type)
		case rules.ErrorCode(err) == rules.EAMBIGUOUS:
			sg.Note = "several cards"
		}
		out = append(out, sg)
	}
	return out
}
