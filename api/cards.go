package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/rules"
)

func (h *handlers) card(c echo.Context) error {
	id, err := idParam(c, "id")
	if err != nil {
		return err
	}
	card, err := h.svc.Cards.Card(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, card)
}

func (h *handlers) cardNamed(c echo.Context) error {
	// Read as the card pages read it (rules.ParseCardNamed): each name as
	// every transport reads a card name, then the edition.
	id, err := rules.ParseCardNamed(queryParam(c, "exact"), queryParam(c, "fuzzy"), queryParam(c, "edition"))
	if err != nil {
		return err
	}
	card, err := h.svc.Cards.LookUpCard(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, card)
}

// maxAutocomplete is the most names one autocomplete answers.
const maxAutocomplete = rules.MaxAutocomplete

func (h *handlers) autocomplete(c echo.Context) error {
	q, err := textParam(c, "q")
	if err != nil {
		return err
	}
	edition, err := editionParam(c)
	if err != nil {
		return err
	}
	if err := rules.PrefixText.Check("q", q); err != nil {
		return err // it answered an empty list, as if no name began with nothing
	}
	a, err := h.svc.Cards.Autocomplete(c.Request().Context(), q, edition, maxAutocomplete)
	if err != nil {
		return err
	}
	names := a.Texts()
	return c.JSON(http.StatusOK, autocompletion{list: newList(names, len(names)), Matches: a.Names, ReadAs: a.ReadAs})
}

// autocompletion is autocomplete's answer: the names (data, as the contract
// lists them) and, added beside them, how each matched the prefix (in the
// same order) and how the prefix was read when it was read as typed right.
type autocompletion struct {
	list[string]
	// Matches are data's names, each with how the prefix matched it:
	// "fuzzy" when loosely (a persona's name, a typo'd prefix).
	Matches []rules.NameMatch `json:"matches"`
	// ReadAs are the prefix's words read as the words of names each is a
	// typo of, as the card list's readAs; absent when read as typed.
	ReadAs []rules.WordReading `json:"readAs,omitempty"`
}

func (h *handlers) cards(c echo.Context) error {
	var f rules.CardFilter
	var err error
	if f.Q, err = textParam(c, "q"); err != nil {
		return err
	}
	if f.Edition, err = editionParam(c); err != nil {
		return err
	}
	if f.Type, err = textParam(c, "type"); err != nil {
		return err
	}
	if f.Affiliation, err = textParam(c, "affiliation"); err != nil {
		return err
	}
	if f.Set, err = textParam(c, "set"); err != nil {
		return err
	}
	if f.Limit, f.Offset, err = pageParams(c, 20); err != nil {
		return err
	}
	totalOnly := f.Limit == 0
	if totalOnly {
		f.Limit = 1 // the service's 0 is its default page
	}
	p, err := h.svc.Cards.CardPage(c.Request().Context(), f)
	if err != nil {
		return err
	}
	out := cardList{list: newList(p.Cards, p.Total)}
	if totalOnly {
		out.Data = []*rules.Card{}
	}
	if p.Unknown.Any() {
		out.Unknown = &p.Unknown
	}
	out.ReadAs = p.ReadAs
	return c.JSON(http.StatusOK, out)
}

// cardList is the card list's answer: the page and the total of the cards
// known to match and, when a filter could not read some cards that match
// everything else, how many by filter (absent when none).
type cardList struct {
	list[*rules.Card]
	Unknown *rules.CardsUnknown `json:"unknown,omitempty"`
	// ReadAs are the query's words that begin no word of a card's name,
	// each read as the word it is a typo of, as a search's readAs.
	ReadAs []rules.WordReading `json:"readAs,omitempty"`
}

func (h *handlers) cardRulings(c echo.Context) error {
	id, err := idParam(c, "id")
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	es, err := h.svc.Cards.CardRulings(ctx, id)
	if err != nil {
		return err
	}
	cov, err := h.svc.Cards.RulingsCoverage(ctx, id)
	if err != nil {
		return err
	}
	out := cardRulings{list: newList(es, len(es)), Coverage: cov}
	if !cov.Complete {
		out.Unknown = []string{"rulings", "errata"}
	}
	return c.JSON(http.StatusOK, out)
}

// cardRulings is a card's rulings answer: the entries naming it, the
// documents read for them and whether each covers the card, and, when
// some does not, unknown naming what the list cannot be read as the whole
// of (as a card's unknown names its fields the data lacks): an empty list
// is then not known to be none.
type cardRulings struct {
	list[*rules.Entry]
	Coverage *rules.RulingsCoverage `json:"coverage"`
	Unknown  []string               `json:"unknown,omitempty"`
}
