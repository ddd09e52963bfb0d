package api

import (
	"io"
	"net/http"

	"github.com/labstack/echo/v4"
)

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
