package web

import (
	"context"
	"net/http"
	"net/url"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/rules"
)

// embedAnswer is what the embed script gets for one reference, in one
// request: the card with its rulings counted, or the cards the name fits,
// or the names near it. It never carries a bare error for the reader.
type embedAnswer struct {
	Name    string      `json:"name"`
	Edition string      `json:"edition,omitempty"`
	Card    *embedCard  `json:"card,omitempty"`
	Choices []cardLinkJ `json:"choices,omitempty"`
	// Suggestions are the names nearest one that fits no card.
	Suggestions []cardLinkJ `json:"suggestions,omitempty"`
	// OtherEdition is set when the edition asked for has no card of the
	// name and the answer is the other edition's.
	OtherEdition bool `json:"otherEdition,omitempty"`
	// Match says how the name found the card (rules.Card.Match).
	Match   string `json:"match,omitempty"`
	Message string `json:"message,omitempty"`
	// Rulings are the rulings titled with a name no card has.
	Rulings []entryLinkJ `json:"rulings,omitempty"`
}

// entryLinkJ is an entry offered as a link.
type entryLinkJ struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	Kind    string `json:"kind"`
	Edition string `json:"edition"`
	URL     string `json:"url"`
}

// embedCard is a card as the hover card shows it: the card, how many
// rulings are about it and how many rules mention it, and its page.
type embedCard struct {
	*rules.Card
	Rulings  int    `json:"rulings"`
	Mentions int    `json:"mentions"`
	URL      string `json:"url"`
}

// cardLinkJ is a card or name offered as a link.
type cardLinkJ struct {
	ID      string `json:"id,omitempty"`
	Name    string `json:"name"`
	Edition string `json:"edition,omitempty"`
	Note    string `json:"note,omitempty"`
	URL     string `json:"url"`
}

// embedLookup answers /embed/card?name=&edition= (or ?id=) for the embed
// script: the card a reference means, in the page's edition when it has
// one by that name, else in the other; the cards the name fits when
// several do; the nearest names when none does. 200 in all three cases; 400
// for a request with no name, both a name and an id, an id with an
// edition, or an edition that is not one (in the words REST refuses
// ?edition= in).
func (s *Site) embedLookup(c echo.Context) error {
	c.Response().Header().Set("Access-Control-Allow-Origin", "*")
	if s.cfg.Cards == nil {
		return c.JSON(http.StatusServiceUnavailable, jsonErrorOf(rules.EINTERNAL, "The card data is not available on this server.", nil))
	}
	ctx := c.Request().Context()
	base := baseURL(c)
	// The name and id as every transport reads a text (rules.ParseText).
	name, err := rules.ParseCardName("name", c.QueryParam("name"))
	if err != nil {
		return c.JSON(api.StatusOf(rules.ErrorCode(err)), jsonError(err))
	}
	id, err := rules.ParseText("id", c.QueryParam("id"))
	if err != nil {
		return c.JSON(api.StatusOf(rules.ErrorCode(err)), jsonError(err))
	}
	switch {
	case id == "" && !c.QueryParams().Has("name"):
		return c.JSON(http.StatusBadRequest, jsonErrorOf(rules.EINVALID, "Give the card's name in ?name= (or its id in ?id=).", map[string]any{"field": "name"}))
	case id == "" && rules.CardNameText.Missing(name):
		// A name given with nothing to read is refused as every
		// transport refuses it (rules.NeededText).
		return c.JSON(http.StatusBadRequest, jsonError(rules.CardNameText.Refusal("name", name)))
	}
	edition, err := rules.ParseEdition(c.QueryParam("edition"))
	if err != nil {
		return c.JSON(api.StatusOf(rules.ErrorCode(err)), jsonError(err))
	}
	// One card asked one way, as a collection's identifier is: an id and a
	// name is two look-ups (the name was ignored), and an id takes no
	// edition (it was ignored too).
	switch {
	case name != "" && id != "":
		return c.JSON(http.StatusBadRequest, jsonErrorOf(rules.EINVALID, "Give either ?name= or ?id=, not both.", map[string]any{"field": "id"}))
	case id != "" && edition != "":
		return c.JSON(http.StatusBadRequest, jsonErrorOf(rules.EINVALID, "A card looked up by ?id= takes no ?edition=: its id names its edition.", map[string]any{"field": "edition"}))
	}
	if utf8.RuneCountInString(name) > maxSuggestQuery {
		name = string([]rune(name)[:maxSuggestQuery])
	}
	ans := embedAnswer{Name: name, Edition: string(edition)}
	var card *rules.Card
	if id != "" {
		card, err = s.cfg.Cards.Card(ctx, id)
		if ans.Name == "" {
			ans.Name = id
		}
	} else {
		card, err = s.cfg.Cards.LookUpCard(ctx, rules.CardIdentifier{Name: name, Edition: edition, Fuzzy: true})
		if err == nil {
			ans.Match = card.Match
			ans.OtherEdition = edition != "" && card.Edition != string(edition)
		}
	}
	switch {
	case err == nil:
		ans.Card = s.embedCardOf(ctx, card, base)
	case rules.ErrorCode(err) == rules.EAMBIGUOUS:
		ans.Message = "Several cards fit this name."
		for i, cid := range choicesOf(err) {
			if i >= maxCardLinks {
				break
			}
			if ch, err := s.cfg.Cards.Card(ctx, cid); err == nil {
				l := cardLinkOf(ch)
				ans.Choices = append(ans.Choices, cardLinkJ{ID: l.ID, Name: l.Name, Edition: l.Edition, Note: l.Note, URL: base + "/cards/" + url.PathEscape(l.ID)})
			}
		}
	case len(rulingRefs(err)) > 0:
		ans.Message = rules.ErrorMessage(err)
		for _, r := range rulingRefs(err) {
			ans.Rulings = append(ans.Rulings, entryLinkJ{ID: r.ID, Title: r.Title, Kind: r.Kind, Edition: r.Edition, URL: base + "/entries/" + url.PathEscape(r.ID)})
		}
	case rules.ErrorCode(err) == rules.ENOTFOUND && id != "":
		ans.Message = rules.ErrorMessage(err) // the id, named as REST names it
	case rules.ErrorCode(err) == rules.ENOTFOUND:
		ans.Message = "No card of the card data has this name."
		for _, n := range rules.DetailStrings(err, "suggestions") {
			ans.Suggestions = append(ans.Suggestions, cardLinkJ{Name: n, URL: base + "/cards/named?exact=" + url.QueryEscape(n)})
		}
	default:
		if rules.ErrorCode(err) == rules.EINTERNAL {
			s.log.ErrorContext(ctx, "embed look-up", "name", name, "err", err)
		}
		ans.Message = "The card could not be looked up just now; try again later."
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=3600")
	return c.JSON(http.StatusOK, ans)
}

func (s *Site) embedCardOf(ctx context.Context, card *rules.Card, base string) *embedCard {
	ec := &embedCard{Card: card, URL: base + "/cards/" + url.PathEscape(card.ID)}
	if rs, err := s.cfg.Cards.CardRulings(ctx, card.ID); err == nil {
		on, mentions := groupRulings(card, rs, nil)
		ec.Rulings, ec.Mentions = len(on), len(mentions)
	}
	return ec
}
