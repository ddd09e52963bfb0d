package api

import (
	"errors"
	"io"
	"net"
	"net/http"
	"os"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/rules"
)

// BodyReadRefusal is the status and sentence a request body that could not
// be read is answered with, whichever handler reads it: 413 past the body
// bound (rules.BodyTooLarge); 408 when the server's read deadline passed
// before the client had sent it whole (rules.BodyTooSlow): a client, or a
// service, too slow sent nothing wrong, and a 400 would say it had; else
// 400, the body cut short of its length or its connection failed.
func BodyReadRefusal(err error) (status int, message string) {
	var tooLarge *http.MaxBytesError
	var he *echo.HTTPError
	var ne net.Error
	switch {
	case errors.As(err, &tooLarge) || errors.As(err, &he) && he.Code == http.StatusRequestEntityTooLarge:
		return http.StatusRequestEntityTooLarge, rules.BodyTooLarge
	case errors.Is(err, os.ErrDeadlineExceeded) || errors.As(err, &ne) && ne.Timeout():
		return http.StatusRequestTimeout, rules.BodyTooSlow
	}
	return http.StatusBadRequest, "The request body could not be read."
}

// bodyReadError is the error answering a request body that could not be
// read (BodyReadRefusal).
func bodyReadError(err error) error {
	switch status, message := BodyReadRefusal(err); status {
	case http.StatusBadRequest:
		return rules.Errorf(rules.EINVALID, "%s", message)
	case http.StatusRequestTimeout:
		return echo.NewHTTPError(status, message)
	default:
		return echo.NewHTTPError(status)
	}
}

// MaxDiscardedBody bounds what is read and thrown away of a body refused
// for its size, so that the refusal reaches the client.
const MaxDiscardedBody = 16 << 20

// drainRefusedBody lets a 413 reach a client that sends its whole body
// before it reads the answer (Python's urllib, most bot libraries): once the
// refusal is written and flushed, the rest of the body is read and thrown
// away, up to MaxDiscardedBody and within the server's read timeout. Closing
// the connection on the unread body instead would reset it under the client
// while it still writes, and the client would see the reset, never the 413.
func drainRefusedBody(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		body := c.Request().Body // before BodyLimit wraps it
		if err := next(c); err != nil {
			c.Error(err)
		}
		if c.Response().Status == http.StatusRequestEntityTooLarge && body != nil && body != http.NoBody {
			_ = http.NewResponseController(c.Response().Writer).Flush()
			_, _ = io.CopyN(io.Discard, body, MaxDiscardedBody)
		}
		return nil
	}
}
