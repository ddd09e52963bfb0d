package api_test

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/api"
)

// netHTTPBuffer is the size of net/http's buffer in front of a connection.
const netHTTPBuffer = 4 << 10

// writeCounter counts the writes reaching the connections it accepts.
type writeCounter struct {
	net.Listener
	mu     sync.Mutex
	writes []int
}

func (l *writeCounter) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &countedConn{Conn: c, l: l}, nil
}

func (l *writeCounter) take() []int {
	l.mu.Lock()
	defer l.mu.Unlock()
	w := l.writes
	l.writes = nil
	return w
}

type countedConn struct {
	net.Conn
	l *writeCounter
}

func (c *countedConn) Write(p []byte) (int, error) {
	c.l.mu.Lock()
	c.l.writes = append(c.l.writes, len(p))
	c.l.mu.Unlock()
	return c.Conn.Write(p)
}

// TestAnAnswerOfKnownLengthGoesInOneWrite: an answer larger than net/http's
// 4 KB buffer, with its Content-Length, reaches the connection in one write;
// answers without a length, answers to HEAD and answers cut short of their
// length are still sent whole and at once, on a connection kept for the next.
func TestAnAnswerOfKnownLengthGoesInOneWrite(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	counter := &writeCounter{Listener: ln}
	srv := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			n, _ := strconv.Atoi(r.URL.Query().Get("n"))
			body := strings.Repeat("x", n)
			switch r.URL.Path {
			case "/sized":
				w.Header().Set("Content-Length", strconv.Itoa(n))
				_, _ = io.WriteString(w, body)
			case "/pieces": // the length known, the body written in three
				w.Header().Set("Content-Length", strconv.Itoa(n))
				for _, part := range []string{body[:n/3], body[n/3 : 2*n/3], body[2*n/3:]} {
					_, _ = io.WriteString(w, part)
				}
			case "/chunked":
				_, _ = io.WriteString(w, body[:n/2])
				w.(http.Flusher).Flush()
				_, _ = io.WriteString(w, body[n/2:])
			case "/mimic": // a large body that, at the connection's second 4 KB, reads like an answer's headers
				head, _ := strconv.Atoi(r.URL.Query().Get("head"))
				fake := "HTTP/1.1 200 OK\r\nContent-Length: 64000\r\n\r\n"
				b := []byte(body)
				copy(b[netHTTPBuffer-head:], fake)
				w.Header().Set("Content-Length", strconv.Itoa(n))
				for len(b) > 0 { // in small pieces, so net/http's buffer fills 4 KB at a time
					k := min(100, len(b))
					_, _ = w.Write(b[:k])
					b = b[k:]
				}
			case "/short": // says more than it sends: net/http closes the connection
				w.Header().Set("Content-Length", strconv.Itoa(2*n))
				_, _ = io.WriteString(w, body)
			}
		}),
		ReadHeaderTimeout: 5 * time.Second,
	}
	go func() { _ = srv.Serve(api.JSONProtocolErrors(counter)) }()
	t.Cleanup(func() { _ = srv.Close() })
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 1}}
	t.Cleanup(client.CloseIdleConnections)
	base := "http://" + ln.Addr().String()

	cases := []struct {
		method, path string
		n            int
		oneWrite     bool
		short        bool
	}{
		{"GET", "/sized", 4700, true, false},
		{"GET", "/sized", 100, true, false},
		{"GET", "/pieces", 9000, true, false},
		{"GET", "/sized", 20000, true, false},
		{"HEAD", "/sized", 4700, true, false},
		{"GET", "/sized", 100 << 10, false, false}, // past what is held: passed on as written
		{"GET", "/chunked", 9000, false, false},
		{"GET", "/sized", 4700, true, false},
		{"GET", "/short", 5000, false, true},
		{"GET", "/mimic", 66000, false, false},
		{"GET", "/sized", 4700, true, false},
	}
	headLen := 0 // the length of /mimic's headers, from the 100 B answer's one write
	for _, tc := range cases {
		counter.take()
		req, err := http.NewRequest(tc.method, base+tc.path+"?n="+strconv.Itoa(tc.n)+"&head="+strconv.Itoa(headLen), nil)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		res, err := client.Do(req)
		if err != nil {
			t.Fatalf("%s %s %d: %v", tc.method, tc.path, tc.n, err)
		}
		body, err := io.ReadAll(res.Body)
		_ = res.Body.Close()
		if tc.short {
			if !errors.Is(err, io.ErrUnexpectedEOF) || len(body) != tc.n {
				t.Errorf("%s %d: read %d bytes, %v; want the %d sent, then the connection closed", tc.path, tc.n, len(body), err, tc.n)
			}
			continue
		}
		want := tc.n
		if tc.method == "HEAD" {
			want = 0
		}
		if err != nil || len(body) != want || res.StatusCode != 200 {
			t.Fatalf("%s %s %d: status %d, %d bytes, %v", tc.method, tc.path, tc.n, res.StatusCode, len(body), err)
		}
		if took := time.Since(start); took > 5*time.Second {
			t.Errorf("%s %s %d: answered after %v", tc.method, tc.path, tc.n, took)
		}
		writes := counter.take()
		if tc.path == "/sized" && tc.n == 100 && len(writes) == 1 {
			// The same headers for /mimic but a Content-Length of five
			// digits, not three; a Date is always as long.
			headLen = writes[0] - tc.n + 2
		}
		if tc.oneWrite && len(writes) != 1 {
			t.Errorf("%s %s %d: %d writes %v, want one", tc.method, tc.path, tc.n, len(writes), writes)
		} else if !tc.oneWrite && len(writes) < 2 {
			t.Errorf("%s %s %d: %d writes %v, want it passed on as written", tc.method, tc.path, tc.n, len(writes), writes)
		}
	}
}

// TestWholeAnswersOverTCPArriveIntact: over TCP, every byte of answers of
// several sizes, under, at and past what is held, written whole or in
// pieces, arrives in order, on connections several clients use at once.
func TestWholeAnswersOverTCPArriveIntact(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	pattern := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = "0123456789abcdefghijklmnopqrstuvwxyz"[(i*7+i/36)%36]
		}
		return b
	}
	srv := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			n, _ := strconv.Atoi(r.URL.Query().Get("n"))
			pieces, _ := strconv.Atoi(r.URL.Query().Get("pieces"))
			body := pattern(n)
			w.Header().Set("Content-Length", strconv.Itoa(n))
			for i := range pieces {
				_, _ = w.Write(body[i*n/pieces : (i+1)*n/pieces])
			}
		}),
		ReadHeaderTimeout: 5 * time.Second,
	}
	go func() { _ = srv.Serve(api.JSONProtocolErrors(ln)) }()
	t.Cleanup(func() { _ = srv.Close() })
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
	t.Cleanup(client.CloseIdleConnections)
	base := "http://" + ln.Addr().String() + "/"

	sizes := []int{100, 4000, 4700, 9000, 30000, 64000, 70000}
	var wg sync.WaitGroup
	errs := make(chan error, 4*len(sizes)*3)
	for range 4 {
		wg.Go(func() {
			for _, n := range sizes {
				for _, pieces := range []int{1, 3, 17} {
					res, err := client.Get(base + "?n=" + strconv.Itoa(n) + "&pieces=" + strconv.Itoa(pieces))
					if err != nil {
						errs <- err
						return
					}
					got, err := io.ReadAll(res.Body)
					_ = res.Body.Close()
					if err != nil || string(got) != string(pattern(n)) {
						errs <- fmt.Errorf("%d bytes in %d pieces: read %d bytes (%v), not the answer sent", n, pieces, len(got), err)
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
