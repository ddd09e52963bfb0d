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
// glossary term, a ruling or a rulebook section (from define), or a card
// (from autocomplete and the look-up by name), with the page it opens. Kind
// is the entry's kind ("glossary", "ruling", "section") or "card", so the
// box labels each by what it is.
type suggestion struct {
	Label string `json:"label"`
	Kind  string `json:"kind"`
	Note  string `json:"note,omitempty"` // which document, or the card's edition and type
	URL   string `json:"url"`
	// ID is a card's id, for a builder that keeps the card picked.
	ID string `json:"id,omitempty"`
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
// is printed more than once). It answers 200 with a list, empty when
// nothing fits; a mistake of its query, 400 in the API's JSON.
func (s *Site) suggest(c echo.Context) error {
	// The words, the kind and the edition as every transport reads them:
	// a text too long or holding a control character, a kind or an
	// edition that is none is refused in the API's JSON (the search box
	// shows no suggestions for an answer that is not 200), never read as
	// no words or as either edition.
	q, err := rules.ParseText("q", c.QueryParam("q"))
	if err != nil {
		return err
	}
	kind, err := rules.ParseEntryKind(c.QueryParam("kind"))
	if err != nil {
		return err
	}
	edition, err := rules.ParseEdition(c.QueryParam("edition"))
	if err != nil {
		return err
	}
	out := suggestions{Q: q, Suggestions: []suggestion{}}
	if q != "" && utf8.RuneCountInString(q) <= maxSuggestQuery && kind == rules.KindCard {
		// A builder's card field: the edition's cards, each one by itself.
		out.Suggestions = s.builderCards(c.Request().Context(), q, edition)
	} else if q != "" && utf8.RuneCountInString(q) <= maxSuggestQuery {
		ctx := c.Request().Context()
		offered := map[string]bool{}
		for _, sg := range append(s.termSuggestions(ctx, q), s.cardSuggestions(ctx, q)...) {
			if !offered[sg.URL] { // a ruling may be both a term and what a name no card has means
				offered[sg.URL] = true
				out.Suggestions = append(out.Suggestions, sg)
			}
		}
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
		out = append(out, suggestion{Label: e.Title, Kind: e.Kind, Note: note, URL: "/entries/" + url.PathEscape(e.ID)})
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
	if len(out) > 0 {
		return out
	}
	// A term nothing defines nor is near ("mis-seed" in 1E): the entries
	// whose text explains it, as define offers them, each at its paragraph.
	refs, _ := rules.ErrorDetails(err)["sections"].([]rules.EntryRef)
	for _, r := range refs {
		if len(out) >= maxTermSuggest {
			break
		}
		note := kindName(r.Kind)
		if d, ok := docs[r.DocumentID]; ok {
			note = shortTitle(d)
		}
		u := "/entries/" + url.PathEscape(r.ID)
		if r.Anchor != "" {
			u += "#" + url.PathEscape(r.Anchor)
		}
		out = append(out, suggestion{Label: r.Title, Kind: r.Kind, Note: note + ", explains it", URL: u})
	}
	return out
}

// cardSuggestions: the card the words name, as /v1/cards/named finds it
// (typos forgiven: "jean-luc pikard" is a Picard), or the cards they fit
// equally well, or the ruling titled with them when no card is; then the
// card names starting with the words. Each leads to its card (or the
// chooser, when a name is printed more than once).
func (s *Site) cardSuggestions(ctx context.Context, q string) []suggestion {
	if s.cfg.Cards == nil {
		return nil
	}
	var out []suggestion
	seen := map[string]bool{}
	addCard := func(card *rules.Card) {
		if seen[card.Name()] || len(out) >= maxCardSuggest {
			return
		}
		seen[card.Name()] = true
		out = append(out, suggestion{Label: card.Name(), Kind: rules.KindCard, URL: "/cards/" + url.PathEscape(card.ID),
			Note: strings.ToUpper(card.Edition) + " " + gameWord(card.Type)})
	}
	card, err := s.cfg.Cards.LookUpCard(ctx, rules.CardIdentifier{Name: clipName(q), Fuzzy: true})
	switch {
	case err == nil:
		addCard(card)
	case rules.ErrorCode(err) == rules.EAMBIGUOUS:
		// Each name the cards fit: its card, or its chooser when it is
		// printed more than once.
		byName := map[string][]*rules.Card{}
		var order []string
		for _, id := range choicesOf(err) {
			if c, err := s.cfg.Cards.Card(ctx, id); err == nil {
				if byName[c.Name()] == nil {
					order = append(order, c.Name())
				}
				byName[c.Name()] = append(byName[c.Name()], c)
			}
		}
		for _, name := range order {
			if cs := byName[name]; len(cs) == 1 {
				addCard(cs[0])
			} else if !seen[name] && len(out) < maxCardSuggest {
				seen[name] = true
				out = append(out, suggestion{Label: name, Kind: rules.KindCard, URL: "/cards/named?exact=" + url.QueryEscape(name), Note: "several cards"})
			}
		}
	default:
		for _, r := range rulingRefs(err) {
			if len(out) < maxCardSuggest {
				out = append(out, suggestion{Label: r.Title, Kind: r.Kind, Note: strings.ToUpper(r.Edition) + ", no card has this name",
					URL: "/entries/" + url.PathEscape(r.ID)})
			}
		}
	}
	ac, err := s.cfg.Cards.Autocomplete(ctx, q, "", maxCardSuggest)
	if err != nil {
		return out
	}
	for _, n := range ac.Names {
		name := n.Name
		if seen[name] || len(out) >= maxCardSuggest {
			continue
		}
		seen[name] = true
		sg := suggestion{Label: name, Kind: rules.KindCard, URL: "/cards/named?exact=" + url.QueryEscape(name)}
		card, err := s.cfg.Cards.CardNamed(ctx, name, false, "")
		switch {
		case err == nil:
			sg.URL = "/cards/" + url.PathEscape(card.ID)
			sg.Note = strings.ToUpper(card.Edition) + " " + gameWord(card.Type)
		case rules.ErrorCode(err) == rules.EAMBIGUOUS:
			sg.Note = "several cards"
		}
		sg.Note += looseNote(n, ac.ReadAs)
		out = append(out, sg)
	}
	return out
}

// builderCards are the cards a builder's card field offers for the words:
// the cards the look-up by name finds in the edition (typos forgiven; each
// card a name fits), then those whose names start with the words; each card
// by itself with its id, the same name printed twice told apart by its set.
func (s *Site) builderCards(ctx context.Context, q string, edition rules.Edition) []suggestion {
	out := []suggestion{}
	if s.cfg.Cards == nil {
		return out
	}
	seen := map[string]bool{}
	add := func(c *rules.Card) {
		if seen[c.ID] || len(out) >= maxCardSuggest || (edition != "" && c.Edition != string(edition)) {
			return
		}
		seen[c.ID] = true
		note := strings.ToUpper(c.Edition) + " " + gameWord(c.Type)
		if c.SetName != "" && c.SetName != editionName(c.Edition) {
			note += " · " + c.SetName
		}
		out = append(out, suggestion{Label: c.Name(), Kind: rules.KindCard, ID: c.ID, Note: note, URL: "/cards/" + url.PathEscape(c.ID)})
	}
	addNamed := func(err error) {
		for _, id := range choicesOf(err) {
			if c, err := s.cfg.Cards.Card(ctx, id); err == nil {
				add(c)
			}
		}
	}
	card, err := s.cfg.Cards.LookUpCard(ctx, rules.CardIdentifier{Name: clipName(q), Edition: edition, Fuzzy: true})
	switch {
	case err == nil:
		add(card)
	case rules.ErrorCode(err) == rules.EAMBIGUOUS:
		addNamed(err)
	}
	ac, err := s.cfg.Cards.Autocomplete(ctx, q, edition, maxCardSuggest)
	if err != nil {
		return out
	}
	for _, name := range ac.Texts() {
		c, err := s.cfg.Cards.CardNamed(ctx, name, false, edition)
		switch {
		case err == nil:
			add(c)
		case rules.ErrorCode(err) == rules.EAMBIGUOUS:
			addNamed(err)
		}
	}
	return out
}

// looseNote is what a name offered for the words typed adds to its note
// when it matched loosely (rules.NameMatch): the persona it was offered
// for, or how the words were read; "" for a name they begin as typed.
func looseNote(n rules.NameMatch, readAs []rules.WordReading) string {
	switch {
	case n.Match != rules.MatchFuzzy:
		return ""
	case n.Persona != "":
		return " · persona " + n.Persona
	case len(readAs) > 0:
		return " · read as " + readAs[0].As
	}
	return ""
}
