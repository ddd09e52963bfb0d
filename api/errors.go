package api

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/rules"
)

// errorBody is the contract's error shape.
type errorBody struct {
	Error errorPayload `json:"error"`
}

type errorPayload struct {
	Code    string         `json:"code"`
	Message string         `json:"message"`
	Details map[string]any `json:"details"`
}

// withDetails gives every error a details object, empty when there is
// nothing to add, so clients can read error.details without a nil check.
func withDetails(status int, b errorBody) (int, errorBody) {
	if b.Error.Details == nil {
		b.Error.Details = map[string]any{}
	}
	return status, b
}

// StatusOf maps a domain error code to its HTTP status: the one place it is
// done, for the API's answers and the pages' alike.
func StatusOf(code string) int {
	switch code {
	case rules.ENOTFOUND, rules.EAMBIGUOUS:
		return http.StatusNotFound
	case rules.EINVALID, rules.EINVALIDQUERY:
		return http.StatusBadRequest
	case rules.EUNPROCESSABLE:
		return http.StatusUnprocessableEntity
	case rules.ERATELIMITED:
		return http.StatusTooManyRequests
	}
	return http.StatusInternalServerError
}

// errorHandler writes every error, domain or echo's own, in the contract's
// shape. Internal faults are logged with the request id and never shown.
func errorHandler(log *slog.Logger, routes *routeMethods) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		if errors.Is(err, echo.ErrNotFound) {
			// A path a route has (a page's, Discord's), asked with another
			// method: the pages' catch-all answered it a 404. OPTIONS is
			// answered what the path allows.
			allow := routes.allowed(c.Request().URL.EscapedPath())
			if allow != "" && !slices.Contains(strings.Split(allow, ", "), c.Request().Method) {
				c.Response().Header().Set(echo.HeaderAllow, allow)
				if c.Request().Method == http.MethodOptions {
					_ = c.NoContent(http.StatusNoContent)
					return
				}
				err = echo.ErrMethodNotAllowed
			}
		}
		status, body := withDetails(errorResponse(err))
		stopped := false
		if s, b, ok := stoppedResponse(c.Request().Context(), err); ok {
			status, body = withDetails(s, b)
			stopped = true
		}
		if allow := c.Response().Header().Get(echo.HeaderAllow); status == http.StatusMethodNotAllowed && allow != "" {
			body.Error.Message = "This method is not allowed on this route; it allows " + allow + "."
		}
		if errors.Is(err, echo.ErrNotFound) {
			// No route has the path: say which path was read, as sent
			// (percent-encoded, so nothing of it is echoed raw), where a
			// trailing slash, a doubled one or a capital was unseen.
			path := rules.Truncate(c.Request().URL.EscapedPath())
			body.Error.Message = fmt.Sprintf("No route is at %s: see /openapi.json for the API.", path)
			body.Error.Details["path"] = path
		}
		if status >= 500 && !stopped {
			log.ErrorContext(c.Request().Context(), "request failed",
				"request_id", c.Response().Header().Get(echo.HeaderXRequestID),
				"path", c.Request().URL.Path, "err", err)
		}
		if c.Request().Method == http.MethodHead {
			_ = c.NoContent(status)
			return
		}
		if c.Request().URL.Path == graphQLPath {
			_ = c.JSON(status, graphQLErrorOf(body))
			return
		}
		_ = c.JSON(status, body)
	}
}

// graphQLPath is where GraphQL is served.
const graphQLPath = "/graphql"

// A graphQLError is an error answered to a GraphQL request before GraphQL
// read it (a body past the limit, a rate limit): GraphQL's shape, with the
// contract's code and details in its extensions, as the GraphQL handler
// writes its own.
type graphQLError struct {
	Errors []graphQLErrorItem `json:"errors"`
	Data   any                `json:"data"`
}

type graphQLErrorItem struct {
	Message    string         `json:"message"`
	Extensions map[string]any `json:"extensions"`
}

func graphQLErrorOf(body errorBody) graphQLError {
	ext := map[string]any{"code": body.Error.Code}
	if len(body.Error.Details) > 0 {
		ext["details"] = body.Error.Details
	}
	return graphQLError{Errors: []graphQLErrorItem{{Message: body.Error.Message, Extensions: ext}}}
}

func errorResponse(err error) (int, errorBody) {
	var he *echo.HTTPError
	if errors.As(err, &he) {
		return httpErrorResponse(he)
	}
	code := rules.ErrorCode(err)
	return StatusOf(code), errorBody{errorPayload{Code: code, Message: rules.ErrorMessage(err), Details: rules.ErrorDetails(err)}}
}

func httpErrorResponse(he *echo.HTTPError) (int, errorBody) {
	status := he.Code
	p := errorPayload{Code: rules.EINVALID, Message: fmt.Sprint(he.Message)}
	switch status {
	case http.StatusNotFound:
		p = errorPayload{Code: rules.ENOTFOUND, Message: "No such route: see /openapi.json for the API."}
	case http.StatusMethodNotAllowed:
		p.Message = "This method is not allowed on this route."
	case http.StatusRequestEntityTooLarge:
		p.Message = rules.BodyTooLarge
	case http.StatusUnsupportedMediaType:
		p.Message = "Send the request body as application/json."
		var re *rules.Error
		if errors.As(he.Internal, &re) { // what jsonBody found of the body's headers
			p.Message, p.Details = re.Message, re.Details
		}
	case http.StatusTooManyRequests:
		p.Code = rules.ERATELIMITED
	}
	if status >= 500 {
		p = errorPayload{Code: rules.EINTERNAL, Message: "An internal error occurred."}
	}
	return status, errorBody{p}
}
