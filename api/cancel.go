package api

import (
	"context"
	"errors"
	"net/http"
	"strconv"

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
// written, but 499 when the client went away before its answer was written
// whole. ctx is the request's context as the server gave it, which ends
// when the client goes. An answer written whole (answeredWhole) is counted
// with its status even when the client has gone by the time it is counted:
// a client that reads an answer to its end and closes the connection ends
// the context, and may do so before the request is counted.
func servedStatus(c echo.Context, ctx context.Context) int {
	res := c.Response()
	if ctx.Err() != nil && !errors.Is(context.Cause(ctx), ErrShutdown) && !answeredWhole(res) {
		return StatusClientClosedRequest
	}
	return res.Status
}

// answeredWhole says whether res was written to its end: its status sent,
// and as many bytes of its body as its Content-Length says, when it says.
func answeredWhole(res *echo.Response) bool {
	if !res.Committed {
		return false
	}
	if cl := res.Header().Get(echo.HeaderContentLength); cl != "" {
		n, err := strconv.ParseInt(cl, 10, 64)
		return err == nil && res.Size >= n
	}
	return true
}
