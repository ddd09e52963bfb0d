package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/rules"
)

// changes answers GET /v1/entries/{id}/changes: the entry compared with
// the same term's entries in the other documents of its edition, sentence
// by sentence (rules.EntryChanges), the id read as every transport reads
// one and an unknown id answered as GET /v1/entries/{id} answers it.
func (h *handlers) changes(c echo.Context) error {
	id, err := idParam(c, "id")
	if err != nil {
		return err
	}
	if h.svc.Changes == nil {
		return rules.Errorf(rules.EINTERNAL, "The comparison of an entry's versions is not served here.")
	}
	ch, err := h.svc.Changes.Changes(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, ch)
}
