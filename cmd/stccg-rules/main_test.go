package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/internal/testcorpus"
	"github.com/stccg/stccg-rules/internal/testwait"
)

// built is the command, built once for the test binary into a folder
// TestMain removes.
var built struct {
	once     sync.Once
	dir, bin string
	err      error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		_ = os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// binary builds the command once per test binary (each build links it
// anew: seconds on a loaded machine) and returns its path; the tests run it
// as processes of their own, never changing the file.
func binary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "stccg-rules-test-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "stccg-rules")
		if out, err := exec.Command("go", "build", "-o", built.bin, ".").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.bin
}

// runBuilt runs the built command with args, as a terminal would; a failed
// run's error holds what it printed. The index tests run it so: writing the
// whole corpus's index is seconds for the command and several times that
// in a test binary under the race detector, and the index's build has race
// tests of its own (internal/search).
func runBuilt(t *testing.T, args ...string) (string, error) {
	t.Helper()
	out, err := exec.Command(binary(t), args...).CombinedOutput()
	if err != nil {
		err = fmt.Errorf("%s: %w\n%s", strings.Join(args, " "), err, out)
	}
	return string(out), err
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func TestServeWithMissingCorpusExitsOneWithOneLine(t *testing.T) {
	bin := binary(t)
	cmd := exec.Command(bin, "serve", "--addr", freeAddr(t), "--corpus", filepath.Join(t.TempDir(), "nowhere"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 1 {
		t.Fatalf("exit: %v, want status 1", err)
	}
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], "corpus") || strings.Contains(stderr.String(), "goroutine") {
		t.Fatalf("stderr = %q, want one line naming the corpus", stderr.String())
	}
}

func TestServeWithUnreadableManifestExitsOne(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "serve", "--addr", freeAddr(t), "--corpus", dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("exit: %v, want status 1 (stderr %q)", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "manifest") || strings.Contains(stderr.String(), "panic") {
		t.Fatalf("stderr = %q", stderr.String())
	}
}

func waitFor(t *testing.T, url string, status int, within time.Duration) {
	t.Helper()
	testwait.Within(t, within, fmt.Sprintf("%s to answer %d", url, status), func() bool {
		res, err := http.Get(url)
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.StatusCode == status
	})
}

// startServe starts the service on the real corpus and waits for /healthz;
// it is killed when the test ends.
func startServe(t *testing.T, flags ...string) (cmd *exec.Cmd, addr string, stderr *bytes.Buffer) {
	t.Helper()
	addr = freeAddr(t)
	cmd = exec.Command(binary(t), append([]string{"serve", "--addr", addr, "--corpus", testcorpus.Dir(t)}, flags...)...)
	stderr = &bytes.Buffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	waitFor(t, "http://"+addr+"/healthz", 200, 10*time.Second)
	return cmd, addr, stderr
}

func TestServeBecomesReadyThenDrainsOnSIGTERM(t *testing.T) {
	// The request below waits for the drain to show before it sends the
	// rest of its body: the read timeout must not end it first (408) on a
	// busy machine.
	cmd, addr, stderr := startServe(t, "--read-timeout", "10m")
	base := "http://" + addr
	waitFor(t, base+"/readyz", 200, 30*time.Second)

	// A request still sending its body when SIGTERM arrives is answered.
	body := `{"edition":"2e","question":"no.such.question","board":{}}`
	conn, answer := bodyBeingRead(t, addr, fmt.Sprintf("POST /v1/adjudicate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d", len(body)))
	_, _ = io.WriteString(conn, body[:10])
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	testwait.For(t, "the service draining", func() bool {
		res, err := http.Get(base + "/readyz")
		if err != nil {
			return true // the listener is closed already
		}
		res.Body.Close()
		return res.StatusCode == http.StatusServiceUnavailable
	})
	_, _ = io.WriteString(conn, body[10:])
	res, err := http.ReadResponse(answer, nil)
	if err != nil {
		t.Fatalf("in-flight request lost on SIGTERM: %v", err)
	}
	res.Body.Close()
	if res.StatusCode >= 500 {
		t.Fatalf("in-flight request answered %d", res.StatusCode)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("exit after SIGTERM: %v\n%s", err, stderr.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("no exit after SIGTERM")
	}
}

func TestCorpusCommandPrintsCountsAndWarnings(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"corpus", "--corpus", testcorpus.Dir(t)}, nil, &out, &errOut); err != nil {
		t.Fatalf("corpus: %v (%s)", err, errOut.String())
	}
	for _, want := range []string{"1e-rulebook", "1e-current-rulings", "2e-rulebook-premiere", "2e-rulebook-call-to-arms", "2e-rulebook", "warnings:"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestUnknownCommandIsUsageError(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"frobnicate"}, nil, &out, &errOut); err == nil {
		t.Fatal("no error")
	}
	if !strings.Contains(errOut.String(), "Usage") {
		t.Fatalf("stderr %q lacks usage", errOut.String())
	}
}

func TestServeStoppedWhileStartingExitsZero(t *testing.T) {
	cmd, addr, stderr := startServe(t)
	res, err := http.Get("http://" + addr + "/readyz")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	starting := res.StatusCode == http.StatusServiceUnavailable
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("exit after SIGTERM (still starting: %v): %v\n%s", starting, err, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("no exit after SIGTERM")
	}
	if !starting {
		t.Log("the service was ready before the signal: the start-up path was not exercised this run")
	}
}

// TestServeMetricsOnTheirOwnAddress: with --metrics-addr the metrics leave
// the API's listener for their own, where they count adjudications by
// question and GraphQL operations by name; and net/http's own refusals on
// the API's listener come in the JSON error shape.
func TestServeMetricsOnTheirOwnAddress(t *testing.T) {
	metricsAddr := freeAddr(t)
	_, addr, stderr := startServe(t, "--metrics-addr", metricsAddr)
	base := "http://" + addr
	waitFor(t, base+"/readyz", 200, 30*time.Second)
	waitFor(t, "http://"+metricsAddr+"/metrics", 200, 10*time.Second)
	if res, err := http.Get(base + "/metrics"); err != nil || res.StatusCode != 404 {
		t.Fatalf("/metrics on the API's address: %v %v", res, err)
	}
	for _, body := range []string{
		`{"edition":"2e","question":"ship.move","board":{"missions":[{"id":"a","type":"space","quadrant":"alpha","span":2},{"id":"b","type":"planet","quadrant":"alpha","span":3}],"ships":[{"id":"s","affiliation":"federation","staffing":["command"],"range":8,"at":{"mission":"a"}}],"personnel":[{"id":"p","affiliation":"federation","icons":["command"],"at":{"ship":"s"}}]},"params":{"ship":"s","to":"b"}}`,
		`{"edition":"9e","question":"made.up.by.a.client","board":{}}`,
	} {
		res, err := http.Post(base+"/v1/adjudicate", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	res, err := http.Post(base+"/graphql", "application/json", strings.NewReader(`{"query":"query JudgeLookup { documents { totalCount } }"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	res, err = http.Get("http://" + metricsAddr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	metrics, _ := io.ReadAll(res.Body)
	res.Body.Close()
	for _, want := range []string{
		`stccg_adjudications_total{outcome="allowed",question="ship.move"} 1`,
		`stccg_adjudications_total{outcome="unprocessable",question="unknown"} 1`,
		`stccg_graphql_operations_total{operation="JudgeLookup",outcome="ok"} 1`,
		`stccg_http_requests_total{method="POST",route="/v1/adjudicate",status="200"} 1`,
	} {
		if !strings.Contains(string(metrics), want) {
			t.Errorf("metrics lack %s\n%s", want, stderr.String())
		}
	}
	if strings.Contains(string(metrics), "made.up") {
		t.Error("a question a client made up became a label")
	}
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_, _ = io.WriteString(conn, "GET /v1/entries/%zz HTTP/1.1\r\nHost: x\r\n\r\n")
	bad, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer bad.Body.Close()
	if body, _ := io.ReadAll(bad.Body); bad.StatusCode != 400 || !strings.Contains(string(body), `"code":"invalid_request"`) {
		t.Fatalf("a bad escape in the path: %d %s", bad.StatusCode, body)
	}
}

// TestServeAnswersDiscordInteractions: with --discord-public-key the binary
// answers signed interactions at /discord/interactions and refuses unsigned
// ones; `discord commands` prints the commands to register.
func TestServeAnswersDiscordInteractions(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	_, addr, stderr := startServe(t, "--discord-public-key", hex.EncodeToString(pub), "--public-url", "https://rules.example.org")
	url := "http://" + addr + "/discord/interactions"
	waitFor(t, "http://"+addr+"/readyz", 200, 30*time.Second)
	body := `{"id":"1","application_id":"2","type":2,"token":"t","version":1,"data":{"id":"3","name":"card","type":1,"options":[{"name":"name","type":3,"value":"uss galaxy"},{"name":"edition","type":3,"value":"2e"}]}}`
	stamp := strconv.FormatInt(time.Now().Unix(), 10)
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(priv, []byte(stamp+body))))
	req.Header.Set("X-Signature-Timestamp", stamp)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	answer, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(answer), `"url":"https://rules.example.org/cards/2e-1-394"`) {
		t.Fatalf("signed /card: %d %s\n%s", res.StatusCode, answer, stderr.String())
	}
	res, err = http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 401 {
		t.Fatalf("unsigned: %d, want 401", res.StatusCode)
	}
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"discord", "commands"}, nil, &out, &errOut); err != nil {
		t.Fatal(err, errOut.String())
	}
	var cmds []struct{ Name string }
	if err := json.Unmarshal(out.Bytes(), &cmds); err != nil || len(cmds) != 3 {
		t.Fatalf("discord commands printed %s (%v)", out.String(), err)
	}
}

// A flag given a value it cannot take is refused in one line naming it,
// before the service listens: nothing is served on a configuration it
// would refuse a moment later.
func TestServeRefusesANegativeLimitBeforeListening(t *testing.T) {
	bin := binary(t)
	for _, f := range []struct{ flag, value string }{{"--rate-limit", "-5"}, {"--memory-limit", "-5"}, {"--read-timeout", "0s"}} {
		flag, value := f.flag, f.value
		// A service that took the value would serve until killed: the
		// bound only ends a failing test.
		ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, bin, "serve", "--addr", freeAddr(t), "--corpus", testcorpus.Dir(t), flag, value)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
			t.Fatalf("%s %s: exit %v, want status 1 (stderr %q)", flag, value, err, stderr.String())
		}
		lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
		if len(lines) != 1 || !strings.Contains(lines[0], flag) || strings.Contains(stderr.String(), "listening") {
			t.Errorf("%s %s: stderr = %q, want one line naming %s, before listening", flag, value, stderr.String(), flag)
		}
	}
}

// TestARequestBeforeTheServiceIsReadyIsToldWhenToAskAgain: while the corpus
// is being read, every route is answered 503 in the API's error shape with
// a Retry-After of whole seconds.
func TestARequestBeforeTheServiceIsReadyIsToldWhenToAskAgain(t *testing.T) {
	rec := httptest.NewRecorder()
	starting(rec)
	if rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("status %d, want 503", rec.Code)
	}
	if s, err := strconv.Atoi(rec.Header().Get("Retry-After")); err != nil || s < 1 {
		t.Fatalf("Retry-After %q, want whole seconds", rec.Header().Get("Retry-After"))
	}
	var body struct {
		Error struct {
			Code, Message string
			Details       map[string]any
		}
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Error.Code != "internal" || body.Error.Message == "" || body.Error.Details == nil {
		t.Fatalf("body %s (%v), want the API's error shape", rec.Body, err)
	}
}

// A path with an empty segment reaches the API as sent, answered the 404
// naming it: the served mux redirected /v1/cards//rulings to
// /v1/cards/rulings (the card "rulings") and /entries//x to /entries/x.
func TestServeAnswersAPathWithAnEmptySegmentAsSent(t *testing.T) {
	_, addr, _ := startServe(t)
	base := "http://" + addr
	waitFor(t, base+"/readyz", 200, 30*time.Second)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, path := range []string{"/v1/cards//rulings", "/v1//cards/named?fuzzy=worf", "/entries//x", "/v1/cards/named/?fuzzy=worf"} {
		res, err := client.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		out, _ := io.ReadAll(res.Body)
		res.Body.Close()
		want, _, _ := strings.Cut(path, "?")
		if res.StatusCode != 404 || !strings.Contains(string(out), `"path":"`+want+`"`) {
			t.Errorf("%s: %d %s, want 404 naming %s", path, res.StatusCode, out, want)
		}
	}
}
