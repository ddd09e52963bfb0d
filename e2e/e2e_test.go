// Package e2e drives the real server binary with a headless browser, on a
// desktop and a phone-sized screen: a judge searching from any page, reading a
// document's contents, an entry and its versions, a card and a verdict, and fan
// pages on another origin using the card embed, one of them with fifty printed
// titles. axe-core audits every kind of page at both sizes; with LIGHTHOUSE=1,
// Lighthouse scores a few on its mobile settings. The browser part is run.mjs
// (playwright-core driving Debian's Chromium); this test builds and starts the
// server, serves the fan pages, and runs the script.
//
// It skips when node, Chromium or the npm packages are missing, unless
// CI=true, where it fails instead.
package e2e

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/internal/testcorpus"
	"github.com/stccg/stccg-rules/internal/testwait"
)

// need skips the test for a missing tool, or fails it in CI.
func need(t *testing.T, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if os.Getenv("CI") == "true" {
		t.Fatalf("browser test cannot run: %s", msg)
	}
	t.Skipf("browser test skipped: %s", msg)
}

func chromiumPath() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}

// npmPackages are what run.mjs imports, installed from package-lock.json:
// Lighthouse, an optional dependency of 200 packages, only with LIGHTHOUSE
// set (installing it was 10 s of CPU for every fresh clone).
func npmPackages() []string {
	if os.Getenv("LIGHTHOUSE") != "" {
		return []string{"playwright-core", "axe-core", "lighthouse"}
	}
	return []string{"playwright-core", "axe-core"}
}

// tools checks node, Chromium and the npm packages, installing the last from
// package-lock.json when npm is there and one is missing.
func tools(t *testing.T, dir string) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		need(t, "node is not installed")
	}
	if _, err := os.Stat(chromiumPath()); err != nil {
		need(t, "no Chromium at %s (apt-get install chromium, or set CHROMIUM)", chromiumPath())
	}
	missing := false
	for _, p := range npmPackages() {
		if _, err := os.Stat(filepath.Join(dir, "node_modules", p, "package.json")); err != nil {
			missing = true
		}
	}
	if missing {
		npm, err := exec.LookPath("npm")
		if err != nil {
			need(t, "%v are not installed and npm is missing", npmPackages())
		}
		args := []string{"ci", "--no-audit", "--no-fund"}
		if os.Getenv("LIGHTHOUSE") == "" {
			args = append(args, "--omit=optional")
		}
		cmd := exec.Command(npm, args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			need(t, "npm ci failed: %v\n%s", err, out)
		}
	}
	return node
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("find a free port: %v", err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	return addr
}

// startServer builds cmd/stccg-rules and serves the real corpus on a free
// port, returning its base URL once /readyz answers 200.
func startServer(t *testing.T, root string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "stccg-rules")
	build := exec.Command("go", "build", "-o", bin, "./cmd/stccg-rules")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build the server: %v\n%s", err, out)
	}
	addr := freeAddr(t)
	cmd := exec.Command(bin, "serve", "--addr", addr, "--corpus", testcorpus.Dir(t))
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start the server: %v", err)
	}
	logs := make(chan string, 1)
	go func() {
		var b strings.Builder
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			if b.Len() < 32<<10 {
				b.WriteString(sc.Text() + "\n")
			}
		}
		logs <- b.String()
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
		if t.Failed() {
			t.Logf("server log:\n%s", <-logs)
		}
	})
	base := "http://" + addr
	var last error
	defer func() { // runs as the failed wait ends the test, too
		if t.Failed() && last != nil {
			t.Logf("the last try: %v", last)
		}
	}()
	testwait.Within(t, 3*time.Minute, "the server ready at "+base, func() bool {
		resp, err := http.Get(base + "/readyz")
		if last = err; err != nil {
			return false
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	})
	return base
}

// fanPages serves testdata/fan.html at /, testdata/fan50.html at
// /fan50.html and testdata/fan40.html at /fan40.html from another origin,
// with the service's address put in their <script src>.
func fanPages(t *testing.T, base string) (fan, fan50, fan40 string) {
	t.Helper()
	pages := map[string]string{}
	for path, file := range map[string]string{"/": "fan.html", "/fan50.html": "fan50.html", "/fan40.html": "fan40.html"} {
		b, err := os.ReadFile(filepath.Join("testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		pages[path] = strings.ReplaceAll(string(b), "{{BASE}}", base)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		html, ok := pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = io.WriteString(w, html)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/", srv.URL + "/fan50.html", srv.URL + "/fan40.html"
}

func TestJudgeAndFanPagesInABrowser(t *testing.T) {
	if testing.Short() {
		need(t, "-short mode asks for quick tests")
	}
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	node := tools(t, dir)
	base := startServer(t, filepath.Dir(dir))

	// The pages must be mounted on the binary before a browser is worth
	// starting: say so plainly when they are not.
	resp, err := http.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode != http.StatusOK || !strings.HasPrefix(ct, "text/html") {
		t.Fatalf("GET / answered %d %s: the server does not mount the web pages (web.New(...).Register(e))", resp.StatusCode, ct)
	}

	shots := filepath.Join(dir, "screenshots")
	limit := 6 * time.Minute
	if os.Getenv("LIGHTHOUSE") != "" {
		limit += 8 * time.Minute
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	fan, fan50, fan40 := fanPages(t, base)
	cmd := exec.CommandContext(ctx, node, "run.mjs", base, shots, fan, fan50, fan40)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CHROMIUM="+chromiumPath())
	out, err := cmd.CombinedOutput()
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		t.Log(line)
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatalf("the browser run took longer than %v", limit)
	}
	if err != nil {
		t.Fatalf("browser run failed: %v (free space: %s)", err, freeSpace(os.TempDir(), "/dev/shm", dir))
	}
	t.Logf("screenshots in %s", shots)
}

// freeSpace says how much room each folder's file system has left: a
// browser whose tab crashes has most often run out of it.
func freeSpace(dirs ...string) string {
	parts := make([]string, 0, len(dirs))
	for _, d := range dirs {
		var st syscall.Statfs_t
		if err := syscall.Statfs(d, &st); err != nil {
			parts = append(parts, d+" unknown")
			continue
		}
		free := uint64(st.Bavail) * uint64(st.Bsize)
		parts = append(parts, fmt.Sprintf("%s %.1f GB", d, float64(free)/1e9))
	}
	return strings.Join(parts, ", ")
}

func TestFreeSpaceNamesEachFolder(t *testing.T) {
	dir := t.TempDir()
	got := freeSpace(dir, filepath.Join(dir, "missing"))
	if !strings.HasPrefix(got, dir+" ") || !strings.Contains(got, " GB, ") || !strings.HasSuffix(got, "missing unknown") {
		t.Fatalf("freeSpace: %q", got)
	}
}
