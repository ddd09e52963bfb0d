package api

import (
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/rules"
)

// ErrShutdown is the cause with which a server cancels the requests still
// running when its shutdown deadline passes (context.WithCancelCause on its
// requests' base context): they are answered and logged 503, not as a
// client's cancellation.
var ErrShutdown = errors.New("the service is shutting down")

// StatusClientClosedRequest is the status a request is logged and counted
// with when its client went away before it was answered (nginx's 499):
// nothing was delivered, whatever the handler wrote.
const StatusClientClosedRequest = 499

// stoppedResponse is the answer to a request stopped because its context
// ended, and ok: 503 when its deadline passed or the service cut it short
// at shutdown, 499 when its client went away. ctx is the request's own
// context, as the server gave it.
func stoppedResponse(ctx context.Context, err error) (status int, body errorBody, ok bool) {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return http.StatusServiceUnavailable, errorBody{errorPayload{Code: rules.EINTERNAL,
			Message: "The request took too long and was stopped; try again."}}, true
	case errors.Is(err, context.Canceled) && errors.Is(context.Cause(ctx), ErrShutdown):
		return http.StatusServiceUnavailable, errorBody{errorPayload{Code: rules.EINTERNAL,
			Message: "The service is shutting down; try again."}}, true
	case errors.Is(err, context.Canceled):
		return StatusClientClosedRequest, errorBody{errorPayload{Code: rules.EINTERNAL,
			Message: "The request was cancelled."}}, true
	}
	return 0, errorBody{}, false
}

// servedStatus is the status a request is logged and counted with: the one
// written, but 499 when the client went away before the answer was
// delivered. ctx is the request's context as the server gave it, which
// ends when the client goes; the answer is sent once the handler returns,
// so a client gone by then never had it.
func servedStatus(c echo.Context, ctx context.Context) int {
	if ctx.Err() != nil && !errors.Is(context.Cause(ctx), ErrShutdown) {
		return StatusClientClosedRequest
	}
	return c.Response().Status
}
