package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/rules"
)

func (h *handlers) documents(c echo.Context) error {
	docs, err := h.svc.Reference.Documents(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, newList(docs, len(docs)))
}

func (h *handlers) entry(c echo.Context) error {
	id, err := idParam(c, "id")
	if err != nil {
		return err
	}
	e, err := h.svc.Reference.Entry(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, e)
}

func (h *handlers) define(c echo.Context) error {
	term, err := textParam(c, "term")
	if err != nil {
		return err
	}
	if term == "" {
		return rules.Errorf(rules.EINVALID, "Give the term to define as ?term=.").WithDetail("field", "term")
	}
	edition, err := editionParam(c)
	if err != nil {
		return err
	}
	es, err := h.svc.Reference.Define(c.Request().Context(), term, edition)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, newList(es, len(es)))
}

func (h *handlers) search(c echo.Context) error {
	q, err := searchQuery(c)
	if err != nil {
		return err
	}
	res, err := h.svc.Search.Search(c.Request().Context(), q)
	if err != nil {
		return err
	}
	if res.Hits == nil {
		res.Hits = []rules.SearchHit{}
	}
	return c.JSON(http.StatusOK, res)
}

func searchQuery(c echo.Context) (rules.SearchQuery, error) {
	var q rules.SearchQuery
	var err error
	if q.Q, err = textParam(c, "q"); err != nil {
		return q, err
	}
	if q.Q == "" {
		return q, rules.Errorf(rules.EINVALIDQUERY, "Give the words to search for as ?q=.").WithDetail("field", "q")
	}
	if q.Edition, err = editionParam(c); err != nil {
		return q, err
	}
	if q.Kind, err = textParam(c, "kind"); err != nil {
		return q, err
	}
	switch q.Kind {
	case "", rules.KindSection, rules.KindGlossary, rules.KindRuling, rules.KindCard:
	default:
		return q, rules.Errorf(rules.EINVALID, "Unknown kind %q: use section, glossary, ruling or card.", truncate(q.Kind, 40)).WithDetail("field", "kind")
	}
	if q.Document, err = textParam(c, "document"); err != nil {
		return q, err
	}
	if q.Limit, err = intParam(c, "limit", 10, 1, MaxSearchLimit); err != nil {
		return q, err
	}
	if q.Offset, err = intParam(c, "offset", 0, 0, 10000); err != nil {
		return q, err
	}
	return q, nil
}
