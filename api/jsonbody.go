package api

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
	gommonbytes "github.com/labstack/gommon/bytes"
	"github.com/stccg/stccg-rules/internal/rules"
)

// A JSON body (POST /v1/adjudicate, /v1/cards/collection, /graphql) is
// read by what its headers say of it before a byte of it is decoded:
//
//   - its Content-Type is JSON (application/json, a type ending in +json),
//     text/plain (what a page sends across sites without a preflight, as the
//     embed script does), or none, in UTF-8 (a charset other than utf-8 is
//     415 naming it); any other (a form, which curl -d sends,
//     multipart, XML) is 415 naming the type: its bytes are not JSON, and
//     were answered "not valid JSON (at byte 1 ...)" as if they were meant to be;
//   - its Content-Encoding is none, identity or gzip, a gzip body read
//     through gzip within the same bound as a plain one (more than it
//     unpacked is 413, as a plain body past it is); a body said to be gzip
//     that is not is 400, any other encoding 415 naming it. A gzip body was
//     read as its compressed bytes ("invalid character '\x1f'"), one in
//     another encoding, or said to be gzip and sent plain, as plain JSON.

// jsonBody is that reading, with limit the bound of a body, unpacked.
func jsonBody(limit int64) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			if err := checkJSONType(req.Header.Get(echo.HeaderContentType)); err != nil {
				return err
			}
			// Read as the JSON it is, whatever of the types taken it was
			// sent as (GraphQL's transport takes application/json alone:
			// it answered text/plain "transport not supported").
			if ct := req.Header[echo.HeaderContentType]; len(ct) != 1 || ct[0] != echo.MIMEApplicationJSON {
				req.Header.Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
			}
			switch enc := strings.ToLower(strings.TrimSpace(req.Header.Get(echo.HeaderContentEncoding))); enc {
			case "", "identity":
			case "gzip", "x-gzip":
				body, err := gunzipBody(req.Body, limit)
				if err != nil {
					return err
				}
				req.Body = io.NopCloser(bytes.NewReader(body))
				req.ContentLength = int64(len(body))
				req.Header.Del(echo.HeaderContentEncoding)
			default:
				return unsupportedMedia(rules.Errorf(rules.EINVALID, "The request body's Content-Encoding %q is not one this service reads: send it uncompressed, or as gzip.", rules.Truncate(enc)).
					WithDetail("field", "Content-Encoding"))
			}
			return next(c)
		}
	}
}

// checkJSONType refuses a Content-Type a JSON body is not sent as.
func checkJSONType(ct string) error {
	if strings.TrimSpace(ct) == "" || strings.EqualFold(ct, echo.MIMEApplicationJSON) {
		return nil // what nearly every client sends, read without parsing
	}
	mt, params, err := mime.ParseMediaType(ct)
	if err == nil && (mt == echo.MIMEApplicationJSON || mt == echo.MIMETextPlain || strings.HasPrefix(mt, "application/") && strings.HasSuffix(mt, "+json")) {
		// JSON is UTF-8 (RFC 8259): a body said to be in another charset
		// was read as UTF-8 all the same, its other bytes misread.
		if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") && !strings.EqualFold(cs, "utf8") {
			return unsupportedMedia(rules.Errorf(rules.EINVALID, "The request body is said to be in the charset %q: send JSON in UTF-8 (charset=utf-8, or no charset).", rules.Truncate(cs)).
				WithDetail("field", "Content-Type"))
		}
		return nil
	}
	return unsupportedMedia(rules.Errorf(rules.EINVALID, "The request body is sent as %q, which is not JSON: send it as application/json.", rules.Truncate(ct)).
		WithDetail("field", "Content-Type"))
}

// unsupportedMedia is a 415 answering with e's sentence and details.
func unsupportedMedia(e *rules.Error) error {
	return &echo.HTTPError{Code: http.StatusUnsupportedMediaType, Message: e.Message, Internal: e}
}

// gunzipBody reads a gzip body, unpacked, up to limit bytes.
func gunzipBody(r io.Reader, limit int64) ([]byte, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		if status, _ := BodyReadRefusal(err); status != http.StatusBadRequest {
			return nil, bodyReadError(err) // past the bound, or too slow
		}
		return nil, rules.Errorf(rules.EINVALID, "The request body is said to be gzip (Content-Encoding: gzip) but is not: send it as gzip, or without Content-Encoding.").
			WithDetail("field", "Content-Encoding")
	}
	defer zr.Close()
	body, err := io.ReadAll(io.LimitReader(zr, limit+1))
	switch {
	case err != nil:
		if status, _ := BodyReadRefusal(err); status != http.StatusBadRequest {
			return nil, bodyReadError(err)
		}
		return nil, rules.Errorf(rules.EINVALID, "The request body's gzip could not be read to its end: send it whole.").
			WithDetail("field", "Content-Encoding")
	case int64(len(body)) > limit:
		return nil, echo.NewHTTPError(http.StatusRequestEntityTooLarge)
	}
	return body, nil
}

// oneJSONValue refuses data holding more than one JSON value, in the
// words the adjudication body's decoder says it in; data that is no JSON
// at all is left to the reader that decodes it.
func oneJSONValue(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	var v json.RawMessage
	if err := dec.Decode(&v); err != nil {
		return nil
	}
	off := dec.InputOffset()
	rest := data[off:]
	if len(bytes.TrimSpace(rest)) == 0 {
		return nil
	}
	off += int64(len(rest) - len(bytes.TrimLeft(rest, " \t\r\n")))
	return rules.Errorf(rules.EINVALID, "The request body holds more than one JSON value (more begins at byte %d).", off).WithDetail("offset", off)
}

// bodyLimitBytes is the body bound as echo's BodyLimit reads it ("1M"),
// 1 MiB when it reads none.
func bodyLimitBytes(s string) int64 {
	n, err := gommonbytes.Parse(s)
	if err != nil || n <= 0 {
		return rules.MaxBodyBytes
	}
	return n
}
