package api_test

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/api"
)

// TestNetHTTPErrorsComeInTheJSONShape sends requests net/http refuses before
// any handler and checks each answer is the API's JSON error, while the
// answers of handlers, plain text included, pass unchanged.
func TestNetHTTPErrorsComeInTheJSONShape(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Header().Set("Connection", "close")
			w.WriteHeader(http.StatusBadRequest)
			_, _ = io.WriteString(w, "400 Bad Request") // a handler's own, with a Date: left alone
		}),
		MaxHeaderBytes:    1 << 10,
		ReadHeaderTimeout: 5 * time.Second,
	}
	go func() { _ = srv.Serve(api.JSONProtocolErrors(ln)) }()
	t.Cleanup(func() { _ = srv.Close() })

	cases := []struct {
		name, request string
		status        int
		says          string
	}{
		{"bad escape in the path", "GET /v1/entries/%zz HTTP/1.1\r\nHost: x\r\n\r\n", 400, "escape"},
		{"no Host header", "GET /v1/documents HTTP/1.1\r\n\r\n", 400, "Host"},
		{"malformed header line", "GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n", 400, "malformed"},
		{"headers too large", "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + strings.Repeat("a", 8<<10) + "\r\n\r\n", 431, "header"},
		{"unknown transfer encoding", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 400, "Transfer-Encoding"},
		{"HTTP/2 request line over HTTP/1", "GET / HTTP/2.0\r\nHost: x\r\n\r\n", 400, "version"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, body := rawRequest(t, ln.Addr().String(), tc.request)
			if res.StatusCode != tc.status || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
				t.Fatalf("status %d %q, want %d JSON: %s", res.StatusCode, res.Header.Get("Content-Type"), tc.status, body)
			}
			var e struct {
				Error struct {
					Code, Message string
					Details       map[string]any
				}
			}
			if err := json.Unmarshal(body, &e); err != nil || e.Error.Code != "invalid_request" || e.Error.Details == nil ||
				!strings.Contains(strings.ToLower(e.Error.Message), strings.ToLower(tc.says)) {
				t.Fatalf("body %s (%v), want invalid_request saying %q", body, err, tc.says)
			}
		})
	}
	res, body := rawRequest(t, ln.Addr().String(), "GET /fine HTTP/1.1\r\nHost: x\r\n\r\n")
	if res.StatusCode != 400 || string(body) != "400 Bad Request" || res.Header.Get("Date") == "" {
		t.Fatalf("a handler's own answer was changed: %d %q", res.StatusCode, body)
	}
}

func rawRequest(t *testing.T, addr, request string) (*http.Response, []byte) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(conn, request); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, body
}
