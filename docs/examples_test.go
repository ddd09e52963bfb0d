package docs_test

import (
	"bufio"
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/testcorpus"
	"github.com/stccg/stccg-rules/internal/testwait"
)

// The pages whose shell examples are run: the README and every page of docs/.
func pages(t *testing.T) []string {
	t.Helper()
	docs, err := filepath.Glob("*.md")
	if err != nil || len(docs) == 0 {
		t.Fatalf("no pages in docs/: %v", err)
	}
	return append([]string{"../README.md"}, docs...)
}

// An example is one shell command of a page: an indented line (or lines
// joined by a trailing backslash) whose first word is a command.
type example struct {
	page, command string
}

// commandWords are the first words of the lines that are commands; other
// indented lines (a tree of folders) are not.
var commandWords = []string{"go", "bin/stccg-rules", "stccg-rules", "curl", "docker", "scripts/load.sh"}

// examplesOf reads the shell examples of a page: the lines indented by
// four spaces outside fenced blocks, and those of fenced sh blocks; a
// trailing "# comment" is dropped.
func examplesOf(t *testing.T, page string) []example {
	t.Helper()
	raw, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	var out []example
	fence, shell, joined := false, false, ""
	for line := range strings.SplitSeq(string(raw), "\n") {
		if f, ok := strings.CutPrefix(line, "```"); ok {
			fence, shell = !fence, !fence && (f == "sh" || f == "bash" || f == "shell")
			continue
		}
		text, indented := strings.CutPrefix(line, "    ")
		if fence && !shell || !fence && !indented {
			continue
		}
		if fence {
			text = line
		}
		text = strings.TrimSpace(text)
		if joined != "" {
			text, joined = joined+" "+text, ""
		}
		if s, ok := strings.CutSuffix(text, `\`); ok {
			joined = strings.TrimSpace(s)
			continue
		}
		if i := strings.Index(text, " # "); i >= 0 {
			text = strings.TrimSpace(text[:i])
		}
		first, _, _ := strings.Cut(text, " ")
		if slices.Contains(commandWords, first) {
			out = append(out, example{filepath.Base(page), text})
		}
	}
	return out
}

// A check says how an example is run and what it must show. Every example
// of the pages has one, found by its command as written; one the pages no
// longer hold fails too, so the table and the pages cannot drift apart.
type check struct {
	// notRun says why the example is not run here; it is then not run.
	notRun string
	// exit is the status it must exit with; out and err, what its standard
	// output and standard error must hold.
	exit     int
	out, err []string
}

var checks = map[string]check{
	// README: build, run, test.
	"go build -o bin/stccg-rules ./cmd/stccg-rules":                          {},
	"bin/stccg-rules serve":                                                  {}, // started by the test, on a free address
	"go test -race ./...":                                                    {notRun: "the suite itself: the test checks it is .ci/run's test command"},
	"curl 'http://127.0.0.1:8080/v1/define?term=stopped'":                    {out: []string{`"id":"2e-rulebook.glossary.stopped"`}},
	"curl 'http://127.0.0.1:8080/v1/documents'":                              {out: []string{`"1e-rulebook"`, `"2e-rulebook"`}},
	"curl 'http://127.0.0.1:8080/v1/search?q=mirro+univers&limit=3'":         {out: []string{`"title":"mirror universe"`}},
	"curl 'http://127.0.0.1:8080/v1/cards/named?fuzzy=uss+galxy&edition=2e'": {out: []string{`"title":"U.S.S. Galaxy"`, `"range":8`}},
	// At a terminal.
	"bin/stccg-rules corpus":                                      {out: []string{"1e-rulebook", "2e-rulebook", "warnings:"}},
	"bin/stccg-rules define stopped":                              {out: []string{"id: 2e-rulebook.glossary.stopped"}},
	"bin/stccg-rules define persona --edition 1e":                 {out: []string{"1e-"}},
	"bin/stccg-rules changes 2e-rulebook.glossary.stopped":        {out: []string{"2e-rulebook-call-to-arms.glossary.stopped", "governs", "sentences changed", "  changed: "}},
	"bin/stccg-rules changes --json 2e-rulebook.glossary.stopped": {out: []string{`"id": "2e-rulebook.glossary.stopped"`, `"state": "changed"`, `"olderWords"`}},
	`bin/stccg-rules search "mirro univers"`:                      {out: []string{"mirror universe"}},
	"bin/stccg-rules card uss enterprise-e --edition 2e":          {out: []string{"U.S.S. Enterprise-E", "(id 2e-1-"}},
	"bin/stccg-rules card 2e-1-392":                               {out: []string{"(id 2e-1-392)"}},
	`bin/stccg-rules card "jean-luc picard" --edition 1e`:         {exit: 1, err: []string{"fits 4 cards", "1e-101-215"}},
	"bin/stccg-rules adjudicate request.json":                     {out: []string{`"question": "ship.move"`, `"allowed": true`}},
	// For bots.
	"stccg-rules discord commands > commands.json": {},
	`curl -X PUT -H "Authorization: Bot $TOKEN" -H "Content-Type: application/json" --data @commands.json https://discord.com/api/v10/applications/$APPLICATION_ID/commands`: {
		notRun: "registers the commands with Discord: a host beyond this machine, and a bot's token"},
	"stccg-rules serve --discord-public-key $PUBLIC_KEY --public-url https://rules.example.org": {}, // started by the test with a key it makes
	// Scaling out.
	"docker compose up --build":         {notRun: "no Docker on the test machine; deploy/compose_test.go checks docker-compose.yml"},
	"curl http://localhost:8080/readyz": {out: []string{`"status":"ready"`}},
}

// TestEveryShellExampleRuns runs the shell examples of the README and of
// docs/ as a newcomer would: the binary built by the README's command, the
// service started by its command on the embedded default (on a free address
// rather than 8080, which the curl lines are pointed at), each curl line
// against it, each command at a terminal, each with what it must print.
func TestEveryShellExampleRuns(t *testing.T) {
	var found []example
	for _, p := range pages(t) {
		found = append(found, examplesOf(t, p)...)
	}
	seen := map[string]bool{}
	for _, ex := range found {
		seen[ex.command] = true
		if _, ok := checks[ex.command]; !ok {
			t.Errorf("%s: %q has no check: add what it must print to checks", ex.page, ex.command)
		}
	}
	for cmd := range checks {
		if !seen[cmd] {
			t.Errorf("checks has %q, which no page holds any more", cmd)
		}
	}
	if t.Failed() {
		t.FailNow()
	}

	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	corpus := testcorpus.Dir(t)
	work := t.TempDir()
	bin := filepath.Join(work, "stccg-rules")
	build := exec.Command("go", "build", "-o", bin, "./cmd/stccg-rules")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build -o bin/stccg-rules ./cmd/stccg-rules: %v\n%s", err, out)
	}
	env := append(os.Environ(), "STCCG_CORPUS="+corpus)
	// The adjudication request of docs/cli.md: the contract's first ship move.
	if err := os.WriteFile(filepath.Join(work, "request.json"), shipMove, 0o644); err != nil {
		t.Fatal(err)
	}

	addr := serve(t, root, env, bin, "serve")
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	discordAddr := serve(t, root, append(env, "PUBLIC_KEY="+hex.EncodeToString(pub)), bin,
		"serve", "--discord-public-key", hex.EncodeToString(pub), "--public-url", "https://rules.example.org")
	// The Discord endpoint is served, and refuses what is not signed.
	if res, err := http.Post("http://"+discordAddr+"/discord/interactions", "application/json", strings.NewReader(`{"type":1}`)); err != nil {
		t.Fatal(err)
	} else if res.Body.Close(); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("an unsigned interaction: %d, want 401", res.StatusCode)
	}

	ran := map[string]bool{}
	for _, ex := range found {
		c := checks[ex.command]
		if c.notRun != "" || strings.HasPrefix(ex.command, "go ") || strings.Contains(ex.command, " serve") || ran[ex.command] {
			continue // built, started, not run, or run already for another page
		}
		ran[ex.command] = true
		t.Run(ex.page+"/"+ex.command, func(t *testing.T) {
			line := ex.command
			line = strings.ReplaceAll(line, "127.0.0.1:8080", addr)
			line = strings.ReplaceAll(line, "localhost:8080", addr)
			line = strings.Replace(line, "curl ", "curl -sS --fail-with-body ", 1)
			line = strings.Replace(line, "bin/stccg-rules", bin, 1)
			if strings.HasPrefix(line, "stccg-rules ") {
				line = bin + strings.TrimPrefix(line, "stccg-rules")
			}
			sh := exec.Command("sh", "-c", line)
			sh.Dir, sh.Env = work, env
			var stdout, stderr bytes.Buffer
			sh.Stdout, sh.Stderr = &stdout, &stderr
			err := sh.Run()
			code := sh.ProcessState.ExitCode()
			if err != nil && code < 0 {
				t.Fatalf("run %q: %v", line, err)
			}
			if code != c.exit {
				t.Fatalf("exit %d, want %d\nstdout:\n%.2000s\nstderr:\n%.2000s", code, c.exit, stdout.String(), stderr.String())
			}
			for _, want := range c.out {
				if !strings.Contains(stdout.String(), want) {
					t.Errorf("the output does not hold %q:\n%.2000s", want, stdout.String())
				}
			}
			for _, want := range c.err {
				if !strings.Contains(stderr.String(), want) {
					t.Errorf("standard error does not hold %q:\n%.2000s", want, stderr.String())
				}
			}
		})
	}
	// What "stccg-rules discord commands > commands.json" wrote.
	if b, err := os.ReadFile(filepath.Join(work, "commands.json")); err != nil || !bytes.Contains(b, []byte(`"name": "rule"`)) {
		t.Errorf("commands.json: %v\n%.300s", err, b)
	}
}

// serve starts bin with args and a free address, from the repository root
// as the README runs it, and waits until it is ready; it is stopped when the
// test ends.
func serve(t *testing.T, root string, env []string, bin string, args ...string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, append(args, "--addr", addr)...)
	cmd.Dir, cmd.Env = root, env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
		if t.Failed() {
			t.Logf("%v:\n%.3000s", args, stderr.String())
		}
	})
	testwait.For(t, addr+"/readyz", func() bool {
		select {
		case <-exited:
			t.Fatalf("%v exited: %.2000s", args, stderr.String())
		default:
		}
		res, err := http.Get("http://" + addr + "/readyz")
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.StatusCode == http.StatusOK
	})
	return addr
}

// TestREADMETestCommandIsCIs: the README's test command is the one .ci/run
// runs, word for word.
func TestREADMETestCommandIsCIs(t *testing.T) {
	first := func(path string, indent string) string {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		for sc := bufio.NewScanner(f); sc.Scan(); {
			if s, ok := strings.CutPrefix(sc.Text(), indent); ok && strings.HasPrefix(s, "go test") {
				return strings.TrimSpace(s)
			}
		}
		t.Fatalf("%s has no go test line", path)
		return ""
	}
	readme, ci := first("../README.md", "    "), first("../.ci/run", "")
	if readme != ci {
		t.Errorf("README's test command %q, .ci/run's %q", readme, ci)
	}
	if got := first("testing.md", "    "); got != readme {
		t.Errorf("docs/testing.md's test command %q, README's %q", got, readme)
	}
}

// TestGoClientExampleIsTheExampleRun: the Go program of docs/bots.md is
// client/example_test.go's Example, which runs with the tests and checks its
// output, line for line (leading white space aside), with the service's
// address written as docs/bots.md writes it.
func TestGoClientExampleIsTheExampleRun(t *testing.T) {
	raw, err := os.ReadFile("bots.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```go\n(.*?)```").FindSubmatch(raw)
	if m == nil {
		t.Fatal("docs/bots.md has no Go program")
	}
	src, err := os.ReadFile("../client/example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	body := regexp.MustCompile("(?s)\nfunc Example\\(\\) \\{\n(.*?)\n\\}\n").FindSubmatch(src)
	if body == nil {
		t.Fatal("client/example_test.go has no Example")
	}
	lines := func(b []byte) []string {
		var out []string
		for l := range strings.SplitSeq(string(b), "\n") {
			if l = strings.TrimSpace(l); l != "" {
				out = append(out, l)
			}
		}
		return out
	}
	doc := lines(m[1])
	run := lines(bytes.ReplaceAll(body[1], []byte("rulesURL"), []byte(`"https://rules.example.org"`)))
	if !slices.Equal(doc, run) {
		t.Errorf("docs/bots.md's program differs from client/example_test.go's Example:\n%s", diff(doc, run))
	}
}

// diff names the first line where a and b part.
func diff(a, b []string) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return fmt.Sprintf("line %d:\n docs:    %s\n Example: %s", i+1, a[i], b[i])
		}
	}
	return fmt.Sprintf("%d lines in the docs, %d in the Example", len(a), len(b))
}

// shipMove is the contract's first worked ship move: the Galaxy from Earth
// to Intercept Renegade, 5 of its 8 Range.
var shipMove = []byte(`{"edition": "2e", "question": "ship.move",
 "board": {"missions": [{"id": "earth", "type": "headquarters", "quadrant": "alpha", "span": 2},
   {"id": "renegade", "type": "space", "quadrant": "alpha", "span": 3}],
  "ships": [{"id": "galaxy", "affiliation": "federation", "staffing": ["command", "staff"], "range": 8, "at": {"mission": "earth"}}],
  "personnel": [{"id": "picard", "affiliation": "federation", "icons": ["command"], "skills": [], "integrity": 5, "cunning": 5, "strength": 5, "at": {"ship": "galaxy"}},
   {"id": "riker", "affiliation": "federation", "icons": ["command"], "skills": [], "integrity": 5, "cunning": 5, "strength": 5, "at": {"ship": "galaxy"}}]},
 "params": {"ship": "galaxy", "to": "renegade"}}`)
