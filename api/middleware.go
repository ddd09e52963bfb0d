package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/jsonlog"
	"github.com/stccg/stccg-rules/internal/rules"
)

// beforeRouting is what every request goes through before echo routes
// it (e.Pre), one middleware rather than one for each step: echo composes
// what e.Pre is given again for every request, a closure a middleware.
func beforeRouting(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		routeHeadAsGet(c)
		u := c.Request().URL
		decodedPath(u)
		exactPath(u)
		return next(c)
	}
}

// decodedPath routes a request by its decoded path, as net/http reads it,
// whenever the encoding changes no segment: "/cards/2e%2D1%2D394" is the
// path of the card 2e-1-394, for the API and the pages alike. echo routes by
// the path as sent when it was percent-encoded otherwise than net/http
// would, and hands its parameters over still encoded. A path whose encoding
// hides a "/" ("%2F") is left as sent, so no id can span two segments.
func decodedPath(u *url.URL) {
	if u.RawPath != "" && !strings.Contains(strings.ToUpper(u.RawPath), "%2F") {
		u.RawPath = ""
	}
}

// exactPath answers a path with an empty segment (a trailing slash, as
// /v1/cards/named/ or /cards/named/, or a doubled one, as /v1/cards//rulings)
// as no route's path: the 404 naming it as sent, a page for a browser and
// the API's JSON for everyone else, as for any path no route has. The
// contract's paths are fixed; such a path is none of them. echo read a
// trailing slash into the last parameter of a route ("/cards/named/" was
// the card page of the id "named/", a 400 for its query; "/cards/x/" the
// card "x/"), and a redirect to the path with the segment dropped would
// name another resource (/v1/cards//rulings is not the card "rulings").
// The request is routed as a path no route has, under /v1 when it is (so
// it reaches the API's catch-all there, the pages' elsewhere: neither
// prefix holds a parameter at its first level); its URL's Path is left as
// sent, which is what the 404 names.
func exactPath(u *url.URL) {
	if p := u.EscapedPath(); p != "/" && (strings.HasSuffix(p, "/") || strings.Contains(p, "//")) {
		u.RawPath = "/" + noRouteSegment
		if strings.HasPrefix(p, v1Prefix+"/") {
			u.RawPath = v1Prefix + "/" + noRouteSegment
		}
	}
}

// noRouteSegment is a path segment no route has (a NUL byte, which no
// request's decoded path holds: net/http refuses it in a request line).
const noRouteSegment = "\x00"

// v1Prefix is the path of the API's routes (New's group).
const v1Prefix = "/v1"

// headKey marks, in an echo.Context, a HEAD request routed as a GET.
const headKey = "stccg.head"

// routeHeadAsGet (before routing) and restoreHead (first after it) answer
// HEAD wherever GET is allowed: the request is routed as a GET, then is a
// HEAD again for the handlers and for net/http, which sends the status and
// headers without the body.
func routeHeadAsGet(c echo.Context) {
	if req := c.Request(); req.Method == http.MethodHead {
		req.Method = http.MethodGet
		c.Set(headKey, true)
	}
}

func restoreHead(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if head, _ := c.Get(headKey).(bool); head {
			c.Request().Method = http.MethodHead
		}
		return next(c)
	}
}

type requestIDKey struct{}

// requestIDs hands out the ids of requests that came without one: a random
// prefix drawn once per process, so the ids of two replicas never collide,
// and a counter, so no request waits on the random source.
type requestIDs struct {
	prefix string
	n      atomic.Uint64
}

func newRequestIDs() *requestIDs {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on Linux; it panics if it must
	return &requestIDs{prefix: hex.EncodeToString(b[:]) + "-"}
}

// next is the prefix and the request's count in base 36, written into one
// string (FormatUint's string and the concatenation were two).
func (ids *requestIDs) next() string {
	var room [48]byte
	b := append(room[:0], ids.prefix...)
	return string(strconv.AppendUint(b, ids.n.Add(1), 36))
}

// maxRequestIDLen bounds an X-Request-ID a client (or the load balancer)
// sends, so it can be logged and echoed as it came.
const maxRequestIDLen = 128

// usableRequestID reports whether a request's own X-Request-ID is kept:
// 1 to maxRequestIDLen visible ASCII characters. Anything else is replaced,
// so no client writes spaces, control characters or a kilobyte into every
// log line.
func usableRequestID(id string) bool {
	if id == "" || len(id) > maxRequestIDLen {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] <= ' ' || id[i] > '~' {
			return false
		}
	}
	return true
}

// requestID answers every request with an X-Request-ID, the one it came
// with when usable. The handlers' context carries it (see deadline), where
// handlers mounted from other packages (GraphQL) find it with RequestID.
func requestID(ids *requestIDs) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			// Read by its canonical key, as Header.Get would find it
			// after making echo's "X-Request-ID" canonical anew (a new
			// string) for every request.
			var id string
			if v := c.Request().Header[requestIDHeader]; len(v) > 0 {
				id = v[0]
			}
			if !usableRequestID(id) {
				id = ids.next()
			}
			c.Response().Header()[echo.HeaderXRequestID] = []string{id}
			return next(c)
		}
	}
}

// requestIDHeader is echo.HeaderXRequestID made canonical, the key
// net/http files a request's X-Request-ID under
// (TestRequestIDKeyIsCanonical).
const requestIDHeader = "X-Request-Id"

// answeredRequestID is the X-Request-ID requestID answered c with, or "".
func answeredRequestID(c echo.Context) string {
	if v := c.Response().Header()[echo.HeaderXRequestID]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// RequestID returns the id of the request ctx belongs to (the X-Request-ID
// it was answered with), or "".
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// requestLogger logs one JSON line per request with its request id.
func requestLogger(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			ctx := c.Request().Context()
			err := next(c)
			if err != nil {
				c.Error(err)
			}
			req, res := c.Request(), c.Response()
			status := servedStatus(c, ctx)
			level := slog.LevelInfo
			if status >= 500 {
				level = slog.LevelError
			}
			h := log.Handler()
			if !h.Enabled(ctx, level) {
				return nil
			}
			// The line is written here rather than by log.LogAttrs, which
			// looks up its caller's program counter for every line: the
			// line names its route, and no handler of ours prints a source.
			now := time.Now()
			attrs := [...]slog.Attr{
				slog.String("request_id", answeredRequestID(c)),
				slog.String("method", req.Method),
				slog.String("route", c.Path()),
				slog.String("uri", req.RequestURI),
				slog.Int("status", status),
				slog.Int64("bytes", res.Size),
				slog.Duration("latency", now.Sub(start)),
				slog.String("remote", c.RealIP())}
			// The service's JSON lines take the attributes as they are,
			// without a record (which allocates for more than five).
			if jh, ok := h.(*jsonlog.Handler); ok {
				_ = jh.HandleAttrs(ctx, now, level, "request", attrs[:]...)
				return nil
			}
			r := slog.NewRecord(now, level, "request", 0)
			r.AddAttrs(attrs[:]...)
			_ = h.Handle(ctx, r)
			return nil
		}
	}
}

// recoverer turns a panic in a handler into a logged 500 in the contract's
// shape, so one bad request never takes the process down.
func recoverer(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) (err error) {
			defer func() {
				if r := recover(); r != nil {
					if r == http.ErrAbortHandler {
						panic(r)
					}
					log.ErrorContext(c.Request().Context(), "panic in handler",
						"request_id", c.Response().Header().Get(echo.HeaderXRequestID), "panic", fmt.Sprint(r))
					err = fmt.Errorf("panic: %v", r)
				}
			}()
			return next(c)
		}
	}
}

// wellFormedQuery refuses a query string net/http could not parse (a bad
// %-escape, a semicolon), which would otherwise read as missing parameters.
// A bad escape in the path never gets this far: net/http answers it with
// a plain 400 before any handler, and nginx in front answers it itself.
func wellFormedQuery(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if raw := c.Request().URL.RawQuery; strings.IndexByte(raw, '%') >= 0 || strings.IndexByte(raw, ';') >= 0 {
			if _, err := url.ParseQuery(raw); err != nil {
				if strings.Contains(err.Error(), "semicolon") {
					return rules.Errorf(rules.EINVALID, "The query string is malformed: %s (parameters are separated by &; a ; in a value is written %%3B).", err.Error())
				}
				if key, ok := badlyEscaped(raw); ok {
					return rules.Errorf(rules.EINVALID, "The query string is malformed at the parameter %s: %s (a %% must start an escape like %%20).", key, err.Error()).
						WithDetail("field", key)
				}
				return rules.Errorf(rules.EINVALID, "The query string is malformed: %s (a %% must start an escape like %%20).", err.Error())
			}
		}
		return next(c)
	}
}

// badlyEscaped names the parameter of the first pair of the query string
// raw whose name or value is not well escaped (url.QueryUnescape), its name
// as sent when that is what is not, and whether there is one.
func badlyEscaped(raw string) (string, bool) {
	for raw != "" {
		var pair string
		pair, raw, _ = strings.Cut(raw, "&")
		key, value, _ := strings.Cut(pair, "=")
		k, err := url.QueryUnescape(key)
		if err != nil || rules.TextFault(k) {
			return rules.Truncate(key), true // as sent, never a control echoed
		}
		if _, err := url.QueryUnescape(value); err != nil {
			return rules.Truncate(k), true
		}
	}
	return "", false
}

// writeGrace is how long after its deadline a request's answer may still
// be written: enough for the 503 of a request stopped at its deadline.
const writeGrace = 2 * time.Second

// deadline gives every request's context a deadline, and its answer one to
// be written by (the same, and writeGrace): a client reading slowly holds
// its answer, and its connection, no longer than that. The request is given
// back as it came once the handler returns, so the error handler and the
// log see the context the server gave it: whether the client went away, or
// the server cut it short (ErrShutdown). The context carries the request's
// id too (requestContext): one context and one copy of the request.
func deadline(d time.Duration) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			// A writer that cannot take a deadline (a test's recorder)
			// keeps the server's.
			now := time.Now()
			setWriteDeadline(c.Response(), now.Add(d+writeGrace))
			ctx := newRequestContext(req.Context(), now.Add(d), answeredRequestID(c))
			defer ctx.end(context.Canceled)
			defer c.SetRequest(req)
			c.SetRequest(req.WithContext(ctx))
			return next(c)
		}
	}
}

// setWriteDeadline sets w's write deadline, as http.ResponseController does
// (through the writers that wrap it, by their Unwrap), without making a
// controller for every request. A writer that cannot take a deadline (a
// test's recorder) is left as it is.
func setWriteDeadline(w http.ResponseWriter, t time.Time) {
	for range maxWrappedWriters {
		switch x := w.(type) {
		case interface{ SetWriteDeadline(time.Time) error }:
			_ = x.SetWriteDeadline(t)
			return
		case interface{ Unwrap() http.ResponseWriter }:
			w = x.Unwrap()
		default:
			return
		}
	}
}

// maxWrappedWriters bounds how many writers setWriteDeadline looks through:
// echo's response, the response cache's recorder, gzip, the server's own.
const maxWrappedWriters = 8
