package api

import (
	_ "embed"
	"net/http"

	"github.com/labstack/echo/v4"
)

// OpenAPI is the REST API described as OpenAPI 3.1; tests check it against
// the live handlers.
//
//go:embed openapi.json
var OpenAPI []byte

func openAPI(c echo.Context) error {
	return c.Blob(http.StatusOK, "application/json", OpenAPI)
}
