package api_test

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/testwait"
)

// limitedServer serves, under a ConnLimiter: /healthz, /slow (which holds
// its connection busy until release is closed) and anything else (200).
func connLimitedServer(t *testing.T, lim api.ConnLimits) (*api.ConnLimiter, string, chan struct{}) {
	t.Helper()
	l := api.NewConnLimiter(lim)
	release := make(chan struct{})
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, `{"status":"ok"}`) })
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "{}") })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: l.Handler(mux), ConnState: l.ConnState, ConnContext: l.ConnContext, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(l.Listener(ln)) }()
	t.Cleanup(func() {
		select {
		case <-release:
		default:
			close(release)
		}
		_ = srv.Close()
	})
	return l, ln.Addr().String(), release
}

// ask sends one request on conn and reads its answer.
func ask(conn net.Conn, r *bufio.Reader, path string) (*http.Response, string, error) {
	if _, err := io.WriteString(conn, "GET "+path+" HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		return nil, "", err
	}
	res, err := http.ReadResponse(r, nil)
	if err != nil {
		return nil, "", err
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	return res, string(body), err
}

// dialAsk opens a connection and asks path on it; the connection stays
// open (idle, when the answer let it be kept).
func dialAsk(t *testing.T, addr, path string) (net.Conn, *http.Response, string, error) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	res, body, err := ask(conn, bufio.NewReader(conn), path)
	return conn, res, body, err
}

// waitStats waits until the limiter's figures satisfy ok.
func waitStats(t *testing.T, l *api.ConnLimiter, what string, ok func(api.ConnStats) bool) {
	t.Helper()
	defer func() { // runs as the failed wait ends the test, too
		if t.Failed() {
			t.Logf("the limiter's figures: %+v", l.Stats())
		}
	}()
	testwait.For(t, what, func() bool { return ok(l.Stats()) })
}

// TestIdleConnectionsAreClosedFirstAsTheCapNears: clients keeping five
// times the cap of connections idle never hold more than the cap open, the
// oldest idle ones closed to make room, and a health check on a new
// connection is answered.
func TestIdleConnectionsAreClosedFirstAsTheCapNears(t *testing.T) {
	const max = 16
	l, addr, _ := connLimitedServer(t, api.ConnLimits{Max: max})
	var conns []net.Conn
	for range 5 * max {
		c, res, _, err := dialAsk(t, addr, "/v1/documents")
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("a request on a new connection failed: %v", err)
		}
		conns = append(conns, c)
		if s := l.Stats(); s.Open > max {
			t.Fatalf("%d connections open, over the cap of %d", s.Open, max)
		}
		// Its server marks it idle after the answer is sent, so a busy
		// machine could let the next connections become idle before it.
		waitStats(t, l, "the connection idle", func(s api.ConnStats) bool { return s.Idle == s.Open })
	}
	_, res, body, err := dialAsk(t, addr, "/healthz")
	if err != nil || res.StatusCode != 200 || res.Close {
		t.Fatalf("/healthz beside %d idle connections: %v %v %s", len(conns), err, res, body)
	}
	if s := l.Stats(); s.ClosedIdle < 4*max || s.RefusedOver != 0 {
		t.Fatalf("%+v: want the idle connections closed to make room, none refused", s)
	}
	// The oldest were closed, the newest still answer.
	last := conns[len(conns)-1]
	if res, _, err := ask(last, bufio.NewReader(last), "/v1/documents"); err != nil || res.StatusCode != 200 {
		t.Fatalf("the newest idle connection was closed: %v", err)
	}
	if _, _, err := ask(conns[0], bufio.NewReader(conns[0]), "/v1/documents"); err == nil {
		t.Fatal("the oldest idle connection still answers")
	}
}

// TestHealthIsAnsweredWhenEveryConnectionIsBusy: with every connection the
// cap allows carrying a request, a new one is admitted from the reserve for
// one answer: a health check answered, any other request told to come back,
// and past the reserve the connection is closed at once.
func TestHealthIsAnsweredWhenEveryConnectionIsBusy(t *testing.T) {
	const max = 4
	l, addr, release := connLimitedServer(t, api.ConnLimits{Max: max, Reserve: 2})
	for range max {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		if _, err := io.WriteString(conn, "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
	}
	waitStats(t, l, "every connection busy", func(s api.ConnStats) bool { return s.Open == max && s.Idle == 0 })
	_, res, body, err := dialAsk(t, addr, "/healthz")
	if err != nil || res.StatusCode != 200 || !res.Close || !strings.Contains(body, "ok") {
		t.Fatalf("/healthz at the cap: %v %+v %s", err, res, body)
	}
	waitStats(t, l, "the reserve given back", func(s api.ConnStats) bool { return s.Over == 0 })
	_, res, body, err = dialAsk(t, addr, "/v1/search?q=x")
	if err != nil || res.StatusCode != 503 || res.Header.Get("Retry-After") == "" || !strings.Contains(body, `"code":"internal"`) {
		t.Fatalf("a request at the cap: %v %+v %s", err, res, body)
	}
	waitStats(t, l, "the reserve given back", func(s api.ConnStats) bool { return s.Over == 0 })
	// The reserve held by two connections that send nothing: a third is
	// closed as soon as it is accepted.
	for range 2 {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
	}
	waitStats(t, l, "the reserve full", func(s api.ConnStats) bool { return s.Over == 2 })
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	if n, err := conn.Read(make([]byte, 1)); n != 0 || !errors.Is(err, io.EOF) {
		t.Fatalf("past the reserve: read %d, %v; want the connection closed", n, err)
	}
	if s := l.Stats(); s.RefusedOver != 1 || s.AnsweredOver != 1 {
		t.Fatalf("%+v", s)
	}
	close(release)
	waitStats(t, l, "the busy connections idle again", func(s api.ConnStats) bool { return s.Open == max+2 })
}

// TestOneClientHoldsAtMostItsShare: one address holds at most PerClient
// connections; its next is admitted from the reserve for one answer (a
// health check answered); an exempt address (the load balancer) is bounded
// only by the cap in all.
func TestOneClientHoldsAtMostItsShare(t *testing.T) {
	const perClient = 3
	l, addr, _ := connLimitedServer(t, api.ConnLimits{Max: 100, PerClient: perClient})
	for range perClient {
		if _, res, _, err := dialAsk(t, addr, "/v1/documents"); err != nil || res.StatusCode != 200 {
			t.Fatalf("within its share: %v", err)
		}
	}
	_, res, _, err := dialAsk(t, addr, "/v1/documents")
	if err != nil || res.StatusCode != 503 {
		t.Fatalf("past its share: %v %+v", err, res)
	}
	_, res, _, err = dialAsk(t, addr, "/healthz")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("a health check past its share: %v %+v", err, res)
	}
	_, loopback, _ := net.ParseCIDR("127.0.0.0/8")
	l, addr, _ = connLimitedServer(t, api.ConnLimits{Max: 100, PerClient: perClient, Exempt: []*net.IPNet{loopback}})
	for range 4 * perClient {
		if _, res, _, err := dialAsk(t, addr, "/v1/documents"); err != nil || res.StatusCode != 200 {
			t.Fatalf("an exempt address refused: %v %+v", err, res)
		}
	}
	if s := l.Stats(); s.Open != 4*perClient || s.Over != 0 {
		t.Fatalf("%+v", s)
	}
}

// TestConnectionsThatSendNothingAreClosable: connections opened and left
// without a request count as idle.
func TestConnectionsThatSendNothingAreClosable(t *testing.T) {
	const max = 8
	l, addr, _ := connLimitedServer(t, api.ConnLimits{Max: max})
	for range 3 * max {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
	}
	waitStats(t, l, "the silent connections closed to make room", func(s api.ConnStats) bool { return s.ClosedIdle >= 2*max })
	if _, res, _, err := dialAsk(t, addr, "/healthz"); err != nil || res.StatusCode != 200 || res.Close {
		t.Fatalf("/healthz: %v %+v", err, res)
	}
}

// TestASlowReaderHoldsItsAnswerOnlyUntilTheWriteDeadline: an answer the
// client does not read is given up once the request's deadline and the
// write's grace have passed, freeing its memory and connection, rather
// than held for as long as the client likes.
func TestASlowReaderHoldsItsAnswerOnlyUntilTheWriteDeadline(t *testing.T) {
	gaveUp := make(chan error, 1)
	e := api.New(api.Config{Logger: slog.New(slog.DiscardHandler), RequestTimeout: 100 * time.Millisecond,
		Mount: func(e *echo.Echo, _ ...echo.MiddlewareFunc) {
			e.GET("/big", func(c echo.Context) error {
				chunk := bytes.Repeat([]byte("x"), 1<<20)
				c.Response().WriteHeader(http.StatusOK)
				for range 256 {
					if _, err := c.Response().Write(chunk); err != nil {
						gaveUp <- err
						return nil
					}
				}
				gaveUp <- nil
				return nil
			})
		}})
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, "GET /big HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	// Read nothing: within a generous bound the server has given up.
	select {
	case err := <-gaveUp:
		if err == nil {
			t.Fatal("256 MiB were written to a client reading nothing")
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the answer is still held 30 s after its write deadline")
	}
}
