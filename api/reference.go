package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"sync"

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
	ctx := c.Request().Context()
	e, err := h.svc.Reference.Entry(ctx, id)
	if err != nil {
		return err
	}
	notHeld, err := rules.EntryNotHeld(ctx, h.svc.Reference, e)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, entryAnswer{Entry: e, NotHeld: notHeld})
}

// entryAnswer is an entry as GET /v1/entries/{id} answers it: with, for a
// glossary entry or ruling, the documents whose part that would hold an
// entry of its term is not in the data (absent when none).
type entryAnswer struct {
	*rules.Entry
	NotHeld []rules.DocumentCoverage `json:"notHeld,omitempty"`
}

func (h *handlers) define(c echo.Context) error {
	term, err := textParam(c, "term")
	if err != nil {
		return err
	}
	// No term is refused in the words of every transport (rules.TermText),
	// after the edition, as the definitions refuse it.
	edition, err := editionParam(c)
	if err != nil {
		return err
	}
	if err := rules.TermText.Check("term", term); err != nil {
		return err
	}
	ctx := c.Request().Context()
	es, err := h.svc.Reference.Define(ctx, term, edition)
	if err != nil {
		return err
	}
	notHeld, err := rules.DefineNotHeld(ctx, h.svc.Reference, term, edition)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, definition{list: newList(es, len(es)), NotHeld: notHeld})
}

// definition is define's answer: the entries, and the documents whose part
// that would hold an entry titled with the term is not in the data (absent
// when none): the entries are then not known to be all, nor the first to
// govern.
type definition struct {
	list[*rules.Entry]
	NotHeld []rules.DocumentCoverage `json:"notHeld,omitempty"`
}

func (h *handlers) search(c echo.Context) error {
	q, err := searchQuery(c)
	if err != nil {
		return err
	}
	if err := rules.CheckSearchScope(c.Request().Context(), h.svc.Reference, q); err != nil {
		return err
	}
	// No words at all is refused here, in the words of every transport
	// (rules.SearchText); words the search cannot read are its own.
	if err := rules.SearchText.Check("q", q.Q); err != nil {
		return err
	}
	totalOnly := q.Limit == 0
	if totalOnly {
		q.Limit = 1 // the service's 0 is its default page
	}
	res, err := h.svc.Search.Search(c.Request().Context(), q)
	if err != nil {
		return err
	}
	if res.Hits == nil || totalOnly {
		res.Hits = []rules.SearchHit{}
	}
	return writeSearchResult(c, res)
}

// writeSearchResult answers with a search result as JSON, as c.JSON does
// (?pretty indents), but without HTML escaping, so that the snippets' <mark>
// tags go out as written rather than as \u003cmark\u003e. That is safe for a
// body served as application/json, and nosniff keeps a browser from reading
// it as anything else.
func writeSearchResult(c echo.Context, res *rules.SearchResult) error {
	c.Response().Header()[echo.HeaderXContentTypeOptions] = nosniff
	if flagParam(c, "pretty") || c.Echo().Debug {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			return err
		}
		return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, b.Bytes())
	}
	for _, h := range res.Hits {
		if math.IsNaN(h.Score) || math.IsInf(h.Score, 0) {
			return fmt.Errorf("search %q: hit %s scored %v", rules.Truncate(queryParam(c, "q")), h.ID, h.Score)
		}
	}
	bp := searchJSONBuffers.Get().(*[]byte)
	b := appendSearchJSON((*bp)[:0], res)
	// Every writer below copies what it is given (the response's buffer,
	// the response cache's recorder, gzip), as io.Writer says, so the
	// buffer is free again once written.
	err := jsonBlob(c, http.StatusOK, b)
	if cap(b) <= maxPooledSearchJSON {
		*bp = b[:0]
		searchJSONBuffers.Put(bp)
	}
	return err
}

// searchJSONBuffers hold the JSON of search answers while they are written:
// a first page of ten hits is about 4.2 KB, so a buffer made anew grew once
// past its first 4 KB, and the two were a fifth of what an uncached search
// allocated. A buffer grown past maxPooledSearchJSON (a page of a hundred
// hits) is left to the collector.
var searchJSONBuffers = sync.Pool{New: func() any {
	b := make([]byte, 0, 8<<10)
	return &b
}}

const maxPooledSearchJSON = 64 << 10

func searchQuery(c echo.Context) (rules.SearchQuery, error) {
	var q rules.SearchQuery
	var err error
	if q.Q, err = textParam(c, "q"); err != nil {
		return q, err
	}
	// No words (none given: rules.SearchText, after the scope; only "-x"
	// or punctuation: the search's own) is refused as GraphQL refuses it.
	if q.Edition, err = editionParam(c); err != nil {
		return q, err
	}
	if q.Kind, err = kindParam(c); err != nil {
		return q, err
	}
	if q.Document, err = textParam(c, "document"); err != nil {
		return q, err
	}
	q.Limit, q.Offset, err = pageParams(c, 10)
	return q, err
}
