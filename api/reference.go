package api

import (
	"encoding/json"
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
	return jsonUnescaped(c, http.StatusOK, res)
}

// jsonUnescaped answers with v as JSON, as c.JSON does (?pretty indents),
// but without HTML escaping, so that the snippets' <mark> tags go out as
// written rather than as \u003cmark\u003e. That is safe for a body served as
// application/json, and nosniff keeps a browser from reading it as anything
// else.
func jsonUnescaped(c echo.Context, code int, v any) error {
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
	h.Set(echo.HeaderXContentTypeOptions, "nosniff")
	c.Response().Status = code
	enc := json.NewEncoder(c.Response())
	enc.SetEscapeHTML(false)
	if _, pretty := c.QueryParams()["pretty"]; pretty || c.Echo().Debug {
		enc.SetIndent("", "  ")
	}
	return enc.Encode(v)
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
