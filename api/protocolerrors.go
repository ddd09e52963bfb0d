package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strconv"

	"github.com/stccg/stccg-rules/internal/rules"
)

// JSONProtocolErrors wraps a listener so that the answers net/http writes
// itself, before any handler, to a request it cannot read (a bad %-escape in
// the path, a malformed request line or header, headers over the server's
// MaxHeaderBytes: its plain-text 400, 431, 501 and 505) go out in the API's
// JSON error shape instead. Every other byte is passed on as written. A
// request is never answered a 5xx for what it sent: net/http's 501 (a
// Transfer-Encoding it does not take) and 505 (an HTTP version it does not
// speak) are the 400 of a request the service cannot read, saying which.
//
// net/http writes such an answer in one Write straight to the connection, as
// "HTTP/1.1 <status>" followed by its fixed plain-text headers and the status
// again as the body, and with no Date header, which every answer of a
// handler carries; that exact shape is what is replaced.
func JSONProtocolErrors(ln net.Listener) net.Listener { return protocolErrorListener{ln} }

type protocolErrorListener struct{ net.Listener }

func (l protocolErrorListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &protocolErrorConn{Conn: c}, nil
}

type protocolErrorConn struct {
	net.Conn
	whole wholeAnswers
}

func (c *protocolErrorConn) Write(p []byte) (int, error) {
	if answer, ok := jsonProtocolError(p); ok {
		if _, err := c.whole.write(c.Conn, answer); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	return c.whole.write(c.Conn, p)
}

func (c *protocolErrorConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if n > 0 {
		c.whole.read()
	}
	return n, err
}

// Close sends what an answer cut short left held, then closes.
func (c *protocolErrorConn) Close() error {
	c.whole.flush(c.Conn)
	return c.Conn.Close()
}

// CloseWrite lets net/http half-close the connection after a 431, as it
// does on the connection it was given, so the client reads the answer.
func (c *protocolErrorConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// netHTTPErrorHeaders are the headers net/http writes with its own answers.
const netHTTPErrorHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

// jsonProtocolError returns the JSON answer that replaces p when p is one
// of net/http's own plain-text error answers.
func jsonProtocolError(p []byte) ([]byte, bool) {
	rest, ok := bytes.CutPrefix(p, []byte("HTTP/1.1 "))
	if !ok {
		return nil, false
	}
	statusLine, body, ok := bytes.Cut(rest, []byte(netHTTPErrorHeaders))
	if !ok || len(statusLine) < 4 || statusLine[3] != ' ' || bytes.ContainsAny(statusLine, "\r\n") {
		return nil, false
	}
	status, err := strconv.Atoi(string(statusLine[:3]))
	if err != nil || status < 400 || status > 599 || http.StatusText(status) == "" {
		return nil, false
	}
	// What net/http adds after the status text ("missing required Host
	// header"), when anything.
	_, detail, _ := bytes.Cut(statusLine[4:], []byte(": "))
	if !bytes.HasSuffix(body, statusLine[4:]) && !bytes.HasSuffix(body, []byte("Unsupported transfer encoding")) {
		return nil, false
	}
	msg := protocolErrorMessage(status, string(detail))
	if status >= 500 { // what the request sent, not a fault of the service
		status = http.StatusBadRequest
	}
	payload, _ := json.Marshal(errorBody{errorPayload{Code: rules.EINVALID, Message: msg, Details: map[string]any{}}})
	head := fmt.Sprintf("HTTP/1.1 %d %s\r\nContent-Type: application/json\r\nX-Content-Type-Options: nosniff\r\nContent-Length: %d\r\nConnection: close\r\n\r\n",
		status, http.StatusText(status), len(payload))
	return append([]byte(head), payload...), true
}

// protocolErrorMessage says what was wrong with a request net/http refused.
func protocolErrorMessage(status int, detail string) string {
	switch status {
	case http.StatusRequestHeaderFieldsTooLarge:
		return "The request's header fields are larger than this server reads; send fewer or shorter headers."
	case http.StatusNotImplemented:
		return "The request's Transfer-Encoding is not supported; send the body with a Content-Length or chunked."
	case http.StatusHTTPVersionNotSupported:
		return "The request's HTTP version is not supported; use HTTP/1.1."
	}
	if detail != "" {
		return "The request is malformed HTTP: " + rules.Truncate(detail) + "."
	}
	return "The request is malformed HTTP: check the request line (a % in the path must start an escape like %20) and the headers."
}
