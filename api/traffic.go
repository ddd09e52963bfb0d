package api

import (
	"bytes"
	"context"
	"errors"
	"net"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/cache"
)

// clientIP returns how a request's client address is found: the
// connection's peer, or, when the peer is one of the trusted proxies, the
// address the proxy names in X-Real-IP (else X-Forwarded-For). Loopback,
// link-local and private addresses are trusted only when listed.
func clientIP(trusted []*net.IPNet) echo.IPExtractor {
	if len(trusted) == 0 {
		return echo.ExtractIPDirect()
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, n := range trusted {
		opts = append(opts, echo.TrustIPRange(n))
	}
	realIP, forwarded := echo.ExtractIPFromRealIPHeader(opts...), echo.ExtractIPFromXFFHeader(opts...)
	return func(r *http.Request) string {
		if r.Header.Get(echo.HeaderXRealIP) != "" {
			return realIP(r)
		}
		return forwarded(r)
	}
}

// recorded is a response computed once and kept when it is not a 200.
type recorded struct {
	status int
	header http.Header
	body   []byte
}

func (r *recorded) Error() string { return "response not cached" }

// cacheReads serves GET (and HEAD) reads from the response cache: the key is the path
// and the sorted query; only 200 answers are stored, every other is
// answered as computed.
func cacheReads(responses *cache.Responses) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			if req.Method != http.MethodGet && req.Method != http.MethodHead {
				return next(c)
			}
			key := cache.RequestKey(req.URL.Path, req.URL.Query())
			// The computation runs this request's handler chain on c, in this
			// goroutine (Fetch computes in the first caller's), under the
			// computation's context: it ends when every request waiting for
			// the key has gone, not when this one's client does. A panic in
			// it is Fetch's error, this request's 500 and that of every
			// request sharing the computation.
			body, hit, err := responses.Fetch(req.Context(), key, func(ctx context.Context) ([]byte, error) {
				resp := c.Response()
				buf := &bufferWriter{header: http.Header{}, status: http.StatusOK}
				orig := resp.Writer
				resp.Writer = buf
				c.SetRequest(req.WithContext(ctx))
				defer func() {
					c.SetRequest(req)
					resp.Writer = orig
					resp.Committed, resp.Size, resp.Status = false, 0, http.StatusOK
				}()
				if herr := next(c); herr != nil {
					c.Error(herr)
				}
				if buf.status != http.StatusOK {
					return nil, &recorded{status: buf.status, header: buf.header, body: buf.body.Bytes()}
				}
				return buf.body.Bytes(), nil
			})
			if err != nil {
				var r *recorded
				if errors.As(err, &r) {
					return writeRecorded(c, r)
				}
				return err
			}
			h := c.Response().Header()
			if hit {
				h.Set("X-Cache", "HIT")
			} else {
				h.Set("X-Cache", "MISS")
			}
			return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, body)
		}
	}
}

func writeRecorded(c echo.Context, r *recorded) error {
	h := c.Response().Header()
	for k, vs := range r.header {
		if k == echo.HeaderXRequestID {
			continue
		}
		h[k] = vs
	}
	return c.Blob(r.status, echo.MIMEApplicationJSON, r.body)
}

// bufferWriter records a response instead of sending it.
type bufferWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
	wrote  bool
}

func (b *bufferWriter) Header() http.Header { return b.header }
func (b *bufferWriter) WriteHeader(s int) {
	if !b.wrote {
		b.status, b.wrote = s, true
	}
}
func (b *bufferWriter) Write(p []byte) (int, error) {
	b.wrote = true
	return b.body.Write(p)
}
