package api

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

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

// recorded is a response computed once and not kept: a failure of the
// service, or an answer of a status the cache does not keep.
type recorded struct {
	status int
	header http.Header
	body   []byte
}

func (r *recorded) Error() string { return "response not cached" }

// readParams are the query parameters each /v1 route takes, by route: the
// one declared list of them. strictQuery refuses a request sending any
// other (400 naming it, with the names meant), or one of them twice, before
// the handler or the response cache sees it; lookUpParam reads none the
// list lacks; and a cached read's key holds these alone, each as sent once:
// the key of the request as it is read. "pretty" (indented JSON) is a
// parameter of every route: echo's c.JSON reads it for every answer, so a
// key without it would serve an indented answer to a plain request. A name
// in another case ("Q", "Fuzzy") is another, unknown parameter. A GET route
// missing here is not cached at all, and takes every query unread;
// TestCachedReadsKeyEveryParameterTheyRead holds the table to the
// parameters each handler reads, and to the routes.
var readParams = map[string][]string{
	"/v1/documents":           {"pretty"},
	"/v1/entries/:id":         {"pretty"},
	"/v1/entries/:id/changes": {"pretty"},
	"/v1/define":              {"term", "edition", "pretty"},
	"/v1/search":              {"q", "edition", "kind", "document", "limit", "offset", "pretty"},
	"/v1/cards":               {"q", "edition", "type", "affiliation", "set", "limit", "offset", "pretty"},
	"/v1/cards/named":         {"exact", "fuzzy", "edition", "pretty"},
	"/v1/cards/autocomplete":  {"q", "edition", "pretty"},
	"/v1/cards/:id":           {"pretty"},
	"/v1/cards/:id/rulings":   {"pretty"},
	"/v1/cards/collection":    {"pretty"}, // POST: read, never cached
	"/v1/adjudicate":          {"pretty"}, // POST: read, never cached
}

// keyFormat starts every key of a cached read: a replica that stores
// answers another way (a status beside the body) keys them apart, so
// replicas of two versions never read each other's entries.
const keyFormat = "r2 "

// readKey is the cache key of a read of a route: its path, and the values
// of the parameters the route takes, sorted by name, values in the order
// sent. ok is false for a route not in readParams.
func readKey(route string, u *url.URL) (key string, ok bool) {
	names, ok := readParams[route]
	if !ok {
		return "", false
	}
	if key, ok := plainReadKey(u, names); ok {
		return key, true
	}
	q := u.Query()
	kept := url.Values{}
	for _, n := range names {
		if vs, sent := q[n]; sent {
			kept[n] = vs
		}
	}
	return cache.RequestKey(keyFormat+u.Path, kept), true
}

// plainQuery marks the bytes of a query string that decoding and encoding
// again (url.Values.Encode) give back as they are: letters, digits, "-._~",
// and "+" (a space); and the separators "=" and "&".
var plainQuery = func() (t [256]bool) {
	for _, c := range []byte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~+=&") {
		t[c] = true
	}
	return t
}()

// maxPlainParams bounds the parameters plainReadKey keeps (a route takes at
// most eight); a request sending more of them is keyed the long way.
const maxPlainParams = 16

// plainReadKey is readKey without decoding the query into a map and encoding
// it again, for a query of plain bytes alone (most: "q=combat+tie&edition=2e"),
// whose pairs are then, each as sent, what url.Values.Encode writes for them:
// the kept pairs sorted by name, values in the order sent, a name without a
// value written "name=". ok is false for any other query, and for a key long
// enough to be hashed; readKey's long way answers those.
func plainReadKey(u *url.URL, names []string) (key string, ok bool) {
	raw := u.RawQuery
	for i := 0; i < len(raw); i++ {
		if !plainQuery[raw[i]] {
			return "", false
		}
	}
	var kept [maxPlainParams]string
	n, size := 0, len(keyFormat)+len(u.Path)+1
	for rest := raw; rest != ""; {
		var pair string
		pair, rest, _ = strings.Cut(rest, "&")
		name, value, _ := strings.Cut(pair, "=")
		if pair == "" || !slices.Contains(names, name) {
			continue
		}
		if strings.IndexByte(value, '=') >= 0 || n == len(kept) {
			return "", false // "a=b=c": its value's "=" is escaped
		}
		kept[n] = pair
		n++
		size += len(pair) + 2
	}
	pairs := kept[:n]
	// By name, in the order sent among one name's values.
	slices.SortStableFunc(pairs, func(x, y string) int {
		x, _, _ = strings.Cut(x, "=")
		y, _, _ = strings.Cut(y, "=")
		return strings.Compare(x, y)
	})
	var b strings.Builder
	b.Grow(size)
	b.WriteString(keyFormat)
	b.WriteString(u.Path)
	for i, p := range pairs {
		if i == 0 {
			b.WriteByte('?')
		} else {
			b.WriteByte('&')
		}
		b.WriteString(p)
		if strings.IndexByte(p, '=') < 0 {
			b.WriteByte('=')
		}
	}
	if b.Len() > cache.MaxKeyLen {
		return "", false
	}
	return b.String(), true
}

// Cached answers: a 200's body as it is; an answer of another kept status
// (cachedStatus) as a zero byte, the status in three digits, and the body,
// which no JSON body starts with.
const statusMark = 0

// cachedStatus says whether an answer of a status is kept: a 200, and a
// miss (404: no card of that name, with the names near it; a name several
// cards fit), which costs as much to compute as a hit and is as much a
// function of the request. A refusal of the request (400), a failure, a
// deadline passed or a client gone are computed anew.
func cachedStatus(status int) bool {
	return status == http.StatusOK || status == http.StatusNotFound
}

func encodeCached(status int, body []byte) []byte {
	if status == http.StatusOK {
		return body
	}
	out := make([]byte, 0, 4+len(body))
	out = append(out, statusMark)
	out = strconv.AppendInt(out, int64(status), 10)
	return append(out, body...)
}

func decodeCached(b []byte) (status int, body []byte) {
	if len(b) >= 4 && b[0] == statusMark {
		if s, err := strconv.Atoi(string(b[1:4])); err == nil {
			return s, b[4:]
		}
	}
	return http.StatusOK, b
}

// cacheReads serves GET (and HEAD) reads from the response cache: the key
// is the route's path and the parameters it takes (readKey); 200 and 404
// answers are stored, every other is answered as computed.
func cacheReads(responses *cache.Responses) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			if req.Method != http.MethodGet && req.Method != http.MethodHead {
				return next(c)
			}
			key, ok := readKey(c.Path(), req.URL)
			if !ok {
				return next(c)
			}
			// The computation runs this request's handler chain on c, in this
			// goroutine (Fetch computes in the first caller's), under the
			// computation's context: it ends when every request waiting for
			// the key has gone, not when this one's client does. A panic in
			// it is Fetch's error, this request's 500 and that of every
			// request sharing the computation.
			stored, hit, err := responses.Fetch(req.Context(), key, func(ctx context.Context) ([]byte, error) {
				resp := c.Response()
				buf := bufferWriters.Get().(*bufferWriter)
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
				// A HEAD's error answers have no body to keep.
				if !cachedStatus(buf.status) || buf.status != http.StatusOK && req.Method == http.MethodHead || ctx.Err() != nil {
					// The recorded answer keeps buf's header and body.
					return nil, &recorded{status: buf.status, header: buf.header, body: buf.body}
				}
				body := encodeCached(buf.status, buf.body)
				buf.release() // the cache owns the body
				return body, nil
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
				h["X-Cache"] = cacheHit
			} else {
				h["X-Cache"] = cacheMiss
			}
			status, body := decodeCached(stored)
			return blobSized(c, status, body)
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
	return blobSized(c, r.status, r.body)
}

// blobSized answers a JSON body whose length is known with its
// Content-Length, so that net/http sends it whole rather than in chunks
// (a middleware compressing it drops the length, as it must), and with
// nosniff, as every JSON answer: the headers a handler set while its answer
// was recorded are not kept with it.
func blobSized(c echo.Context, status int, body []byte) error {
	h := c.Response().Header()
	h[echo.HeaderContentLength] = []string{strconv.Itoa(len(body))}
	h[echo.HeaderXContentTypeOptions] = nosniff
	return jsonBlob(c, status, body) // a recorded answer's own Content-Type stays
}

// jsonBlob is c.Blob(status, echo.MIMEApplicationJSON, body): the
// Content-Type set to JSON unless the answer has one, the status and the
// body written. echo's Blob looks the Content-Type up by Header.Get, which
// makes its key canonical again for every answer, and sets it by
// Header.Set, which makes its value anew; the key is canonical here and the
// value shared (jsonType).
func jsonBlob(c echo.Context, status int, body []byte) error {
	resp := c.Response()
	h := resp.Header()
	if v := h[echo.HeaderContentType]; len(v) == 0 || v[0] == "" {
		h[echo.HeaderContentType] = jsonType
	}
	resp.WriteHeader(status)
	_, err := resp.Write(body)
	return err
}

// Header values set as they are on many answers, shared rather than made
// for each: net/http and echo read a header's values and never change them
// in place (Header.Add appends, which copies a full slice).
var (
	nosniff   = []string{"nosniff"}
	jsonType  = []string{echo.MIMEApplicationJSON}
	cacheHit  = []string{"HIT"}
	cacheMiss = []string{"MISS"}
)

// bufferWriter records a response instead of sending it.
type bufferWriter struct {
	header http.Header
	status int
	// body grows by append: its first write, most often the whole answer,
	// is copied into memory of its size without clearing it first, as a
	// bytes.Buffer's growing does.
	body  []byte
	wrote bool
}

// bufferWriters hold the recorders of the response cache's computations,
// each with its header's map, ready for the next (see release).
var bufferWriters = sync.Pool{New: func() any {
	return &bufferWriter{header: http.Header{}, status: http.StatusOK}
}}

// release gives b back to bufferWriters once its body is handed over: the
// body goes with whoever took it, the header's values are cleared.
func (b *bufferWriter) release() {
	b.body = nil
	clear(b.header)
	b.status, b.wrote = http.StatusOK, false
	bufferWriters.Put(b)
}

func (b *bufferWriter) Header() http.Header { return b.header }
func (b *bufferWriter) WriteHeader(s int) {
	if !b.wrote {
		b.status, b.wrote = s, true
	}
}
func (b *bufferWriter) Write(p []byte) (int, error) {
	b.wrote = true
	b.body = append(b.body, p...)
	return len(p), nil
}
