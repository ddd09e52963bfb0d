package main

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/corpus"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// runCmd runs a command line as run does, but the commands that answer
// from the services (search, card, adjudicate) share one set built over the
// real corpus for the whole test binary: building it anew for each, the
// search index included, is what every command at a terminal pays once,
// and took most of this package's time under the race detector. The
// binary's own path, reading the corpus for a command, is run by
// docs/examples_test.go.
func runCmd(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := testCLI(t).run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return out.String() + errOut.String(), err
}

var shared struct {
	once sync.Once
	app  *app
	err  error
}

// testCLI is the commands with the shared services for the real corpus,
// over the corpus the test binary read once (testcorpus), and any other
// corpus or a prebuilt index read and built as the binary does.
func testCLI(t *testing.T) cli {
	dir := testcorpus.Dir(t)
	load := func(ctx context.Context, d string) (*corpus.Corpus, error) {
		if d != dir {
			return loadCorpus(ctx, d)
		}
		return testcorpus.Shared()
	}
	return cli{load: load, build: func(ctx context.Context, cfg config) (*app, error) {
		if cfg.Corpus != dir || cfg.Index != "" {
			return buildServices(ctx, cfg)
		}
		shared.once.Do(func() {
			c, err := testcorpus.Shared()
			if err != nil {
				shared.err = err
				return
			}
			shared.app, shared.err = servicesOver(context.Background(), c, cfg)
		})
		if shared.err != nil {
			return nil, shared.err
		}
		a := *shared.app
		a.closers = nil // the test binary's, not the command's to close
		return &a, nil
	}}
}

func TestSearchCommandPrintsRankedHits(t *testing.T) {
	out, err := runCmd(t, "", "search", "--corpus", testcorpus.Dir(t), "--limit", "3", "Tantalus Field cloaked ship")
	if err != nil {
		t.Fatalf("search: %v\n%s", err, out)
	}
	if !strings.Contains(out, " 1. Tantalus Field") || !strings.Contains(out, "1e-current-rulings") || !strings.Contains(out, "[") {
		t.Fatalf("output:\n%s", out)
	}
	// An entry is named at the paragraph that answers best, as the search
	// page links it.
	if !regexp.MustCompile(`(?m)^    1e-current-rulings\.ruling\.[a-z0-9-]+#p-[a-z0-9-]+$`).MatchString(out) {
		t.Errorf("no hit names its paragraph:\n%s", out)
	}
}

func TestCardCommandFindsMisspelledCardWithErrata(t *testing.T) {
	out, err := runCmd(t, "", "card", "--corpus", testcorpus.Dir(t), "--edition", "2e", "investgate", "massacre")
	if err != nil {
		t.Fatalf("card: %v\n%s", err, out)
	}
	for _, want := range []string{"Investigate Massacre", "Diplomacy, 2 Science, and Cunning>28", "erratum (requirements)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if _, err := runCmd(t, "", "card", "--corpus", testcorpus.Dir(t), "--edition", "2e", "jean-luc", "picard"); err == nil || !strings.Contains(err.Error(), "Argo Pilot") {
		t.Fatalf("ambiguous name: %v", err)
	}
}

func TestDefineCommandTakesFlagsAfterTheTerm(t *testing.T) {
	out, err := runCmd(t, "", "define", "persona", "--edition", "1e", "--corpus", testcorpus.Dir(t))
	if err != nil || !strings.Contains(out, "1e-current-rulings.ruling.persona") || !strings.Contains(out, "[governing]") {
		t.Fatalf("define: %v\n%s", err, out)
	}
}

func TestAdjudicateCommandReadsARequestFromStdin(t *testing.T) {
	ex := testcorpus.AdjudicationExamples(t)[1]
	out, err := runCmd(t, string(ex.Request), "adjudicate", "--corpus", testcorpus.Dir(t))
	if err != nil {
		t.Fatalf("adjudicate: %v\n%s", err, out)
	}
	var v struct {
		Allowed   *bool
		Result    map[string]any
		Citations []rules.Citation
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("output is not a verdict: %v\n%s", err, out)
	}
	if v.Allowed == nil || ex.Expect.Allowed == nil || *v.Allowed != *ex.Expect.Allowed || len(v.Citations) == 0 {
		t.Fatalf("verdict %+v", v)
	}
	if _, err := runCmd(t, `{"edition":"2e","question":"warp.core"}`, "adjudicate", "--corpus", testcorpus.Dir(t)); err == nil || !strings.Contains(err.Error(), "question") {
		t.Fatalf("unknown question: %v", err)
	}
	if _, err := runCmd(t, `{"edition":`, "adjudicate", "--corpus", testcorpus.Dir(t)); err == nil || !strings.Contains(err.Error(), "JSON") {
		t.Fatalf("malformed JSON: %v", err)
	}
	// A request past the bound REST reads is refused in REST's sentence,
	// never read cut at it (JSON and spaces cut short are JSON still).
	past := `{"edition":"2e","question":"warp.core"}` + strings.Repeat(" ", rules.MaxBodyBytes)
	if _, err := runCmd(t, past, "adjudicate", "--corpus", testcorpus.Dir(t)); err == nil || !strings.Contains(err.Error(), rules.BodyTooLarge) {
		t.Fatalf("a body past the bound: %v", err)
	}
}

func TestServeOpensAPrebuiltIndexAndRefusesAStaleOne(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "index")
	if out, err := runBuilt(t, "index", "--corpus", testcorpus.Dir(t), "--out", dir); err != nil {
		t.Fatalf("index: %v\n%s", err, out)
	}
	if out, err := runBuilt(t, "index", "--corpus", testcorpus.Dir(t), "--out", dir); err != nil || !strings.Contains(out, "up to date") {
		t.Fatalf("second index run: %v\n%s", err, out)
	}
	bin := binary(t)
	addr := freeAddr(t)
	cmd := exec.Command(bin, "serve", "--addr", addr, "--corpus", testcorpus.Dir(t), "--index", dir)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	waitFor(t, "http://"+addr+"/readyz", 200, 30*time.Second)
	res, body := do(t, "http://"+addr+"/v1/search?q=Homefront+SECURITY+personnel&limit=1", "")
	if res.StatusCode != 200 || !strings.Contains(string(body), "1e-current-rulings.ruling.homefront") {
		t.Fatalf("search on the prebuilt index: %d %s", res.StatusCode, body)
	}

	// An index of another corpus is refused at start, in one line.
	other := t.TempDir()
	src := testcorpus.Dir(t)
	entries, _ := os.ReadDir(src)
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		b, _ := os.ReadFile(filepath.Join(src, e.Name()))
		if e.Name() == "1e-current-rulings.txt" {
			b = append(b, []byte("\nzebra - See zero.\n")...)
		}
		_ = os.WriteFile(filepath.Join(other, e.Name()), b, 0o644)
	}
	_ = os.Symlink(filepath.Join(src, "cards"), filepath.Join(other, "cards"))
	stale := exec.Command(bin, "serve", "--addr", freeAddr(t), "--corpus", other, "--index", dir)
	var stderr bytes.Buffer
	stale.Stderr = &stderr
	err := stale.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "rebuild it") {
		t.Fatalf("stale index: %v %s", err, stderr.String())
	}
}

func TestEveryCommandsHelpExitsZeroAndNamesItsArguments(t *testing.T) {
	for _, c := range commands {
		for _, flag := range []string{"--help", "-h"} {
			var out, errOut bytes.Buffer
			if err := run(context.Background(), []string{c.name, flag}, nil, &out, &errOut); err != nil {
				t.Errorf("%s %s: %v", c.name, flag, err)
			}
			help := out.String()
			if !strings.Contains(help, "Usage: stccg-rules "+c.name) || errOut.Len() != 0 {
				t.Errorf("%s %s printed %q to stdout and %q to stderr", c.name, flag, help, errOut.String())
			}
			for _, a := range c.arguments {
				if !strings.Contains(help, "  "+a[0]+" ") {
					t.Errorf("%s %s does not describe its argument %s:\n%s", c.name, flag, a[0], help)
				}
			}
		}
	}
	var out bytes.Buffer
	if err := run(context.Background(), []string{"help", "card"}, nil, &out, &out); err != nil || !strings.Contains(out.String(), "NAME | ID") {
		t.Errorf("help card: %v %q", err, out.String())
	}
	if err := run(context.Background(), []string{"card", "--no-such-flag"}, nil, &out, &out); err == nil {
		t.Error("an unknown flag was accepted")
	}
}

func TestCardCommandTakesAnIDAndListsTheIDsOfAnAmbiguousName(t *testing.T) {
	out, err := runCmd(t, "", "card", "--corpus", testcorpus.Dir(t), "2e-1-268")
	if err != nil || !strings.Contains(out, "Jean-Luc Picard, Explorer") || !strings.Contains(out, "other versions:") || !strings.Contains(out, "2e-1-267") {
		t.Fatalf("card by id: %v\n%s", err, out)
	}
	_, err = runCmd(t, "", "card", "--corpus", testcorpus.Dir(t), "jean-luc picard", "--edition", "1e")
	if err == nil {
		t.Fatal("an ambiguous name printed a card")
	}
	for _, id := range []string{"1e-101-215", "1e-135-4", "1e-155-81", "1e-161-41"} {
		if !strings.Contains(err.Error(), "\n  "+id+" ") {
			t.Errorf("the ambiguous name's message lacks the id %s:\n%s", id, err)
		}
	}
	if _, err := runCmd(t, "", "card", "--corpus", testcorpus.Dir(t)); err == nil || err.Error() != rules.CardNameText.Refusal("name", "").Message {
		t.Errorf("no name: %v", err)
	}
}

func TestAdjudicateCommandReadsARequestFile(t *testing.T) {
	req := `{"edition":"2e","question":"requirement.check","board":{"personnel":[{"id":"a","skills":["2 Diplomacy"],"integrity":6}]},
		"params":{"requirement":"2 Diplomacy and Integrity>5","personnel":["a"]}}`
	file := filepath.Join(t.TempDir(), "req.json")
	if err := os.WriteFile(file, []byte(req), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runCmd(t, "this is not JSON", "adjudicate", "--corpus", testcorpus.Dir(t), file)
	if err != nil {
		t.Fatalf("adjudicate FILE: %v\n%s", err, out)
	}
	if !strings.Contains(out, `"allowed": true`) || !strings.Contains(out, "Integrity>5") {
		t.Fatalf("verdict:\n%s", out)
	}
	if _, err := runCmd(t, "", "adjudicate", "--corpus", testcorpus.Dir(t), filepath.Join(t.TempDir(), "none.json")); err == nil || !strings.Contains(err.Error(), "none.json") {
		t.Fatalf("missing file: %v", err)
	}
}

func TestLogLinesAreTextAtATerminalAndJSONOtherwise(t *testing.T) {
	var buf bytes.Buffer
	for format, want := range map[string]string{"auto": `{"time"`, "json": `{"time"`, "text": "time="} {
		buf.Reset()
		h, err := logHandler(format, &buf)
		if err != nil {
			t.Fatal(err)
		}
		slog.New(h(&buf)).Info("ready", "cards", 3)
		if !strings.HasPrefix(buf.String(), want) {
			t.Errorf("%s: %q", format, buf.String())
		}
	}
	if _, err := logHandler("xml", &buf); err == nil {
		t.Error("an unknown log format was accepted")
	}
}

// A card is printed with its game text and uniqueness when the data holds
// them, and with what it prints that the data lacks named, never left out
// as if the card had none: the same card as the API and the card page.
func TestCardIsPrintedWithItsTextAndWhatTheDataLacks(t *testing.T) {
	print := func(c *rules.Card) string {
		var b bytes.Buffer
		printCard(&b, c)
		return b.String()
	}
	titleOnly := &rules.Card{ID: "2e-9-7", Edition: "2e", Title: "Ensign Example", Type: "personnel", Affiliation: "federation"}
	out := print(titleOnly)
	if !strings.Contains(out, "not in the card data: icons, skills, integrity, cunning, strength, species, cost, uniqueness (printed on the card)") {
		t.Errorf("a card known by its title:\n%s", out)
	}
	full := &rules.Card{ID: "1e-9-8", Edition: "1e", Title: "Example Shuttle", Type: "ship", Affiliation: "federation", Unique: rules.BoolPtr(false),
		Staffing: []string{"staff"}, Range: rules.IntPtr(5), Weapons: rules.IntPtr(2), Shields: rules.IntPtr(4), GameText: "May carry two example personnel."}
	out = print(full)
	words := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{"game text May carry two example personnel.", "unique no"} {
		if !strings.Contains(words, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "not in the card data") {
		t.Errorf("a card the data gives in full:\n%s", out)
	}
}

// A term nothing defines and no term is near is answered as the API
// answers it: with the entries whose text explains it, each by its id, not
// only "search for it instead".
func TestDefineCommandNamesTheEntriesThatExplainATermNothingDefines(t *testing.T) {
	_, err := runCmd(t, "", "define", "--corpus", testcorpus.Dir(t), "--edition", "1e", "range")
	if err == nil {
		t.Fatal("a term no 1E glossary entry or ruling is titled with was defined")
	}
	msg := err.Error()
	if !strings.Contains(msg, "explains it.") || !strings.Contains(msg, "Entries that explain it:") || !strings.Contains(msg, "  1e-rulebook.section.") {
		t.Errorf("message:\n%s", msg)
	}
}

// A name no card has but a ruling is titled with names that ruling by its
// id, as the card pages send a reader to it and Discord links it.
func TestTerminalErrorNamesTheRulingOfANameNoCardHas(t *testing.T) {
	ruling := rules.EntryRef{ID: "1e-x.ruling.example-rule", Kind: "ruling", Title: "Example Rule", DocumentID: "1e-x", Edition: "1e"}
	err := terminalError(rules.Errorf(rules.ENOTFOUND, "No card is named %q; a ruling is titled so.", "Example Rule").WithDetail("rulings", []rules.EntryRef{ruling}))
	if want := "\nRulings titled so:\n  1e-x.ruling.example-rule  Example Rule (1e-x)"; !strings.Contains(err.Error(), want) {
		t.Errorf("message:\n%s\nlacks %q", err, want)
	}
}

// A word the discord command does not know is named, with a non-zero exit.
func TestDiscordCommandNamesAWordItDoesNotKnow(t *testing.T) {
	for _, args := range [][]string{{"discord", "comands"}, {"discord", "commands", "extra"}} {
		out, err := runCmd(t, "", args...)
		if err == nil || !strings.Contains(err.Error(), strconv.Quote(strings.Join(args[1:], " "))) || !strings.Contains(out, "discord --help") {
			t.Errorf("%v: %v\n%s", args, err, out)
		}
	}
	if out, err := runCmd(t, "", "discord", "commands"); err != nil || !strings.Contains(out, `"name": "card"`) {
		t.Errorf("discord commands: %v\n%.200s", err, out)
	}
}

// An id no card has is answered as REST answers it, not as a name.
func TestCardCommandSaysNoCardHasAnIDNoCardHas(t *testing.T) {
	_, err := runCmd(t, "", "card", "--corpus", testcorpus.Dir(t), "2e-1-99999")
	if err == nil || err.Error() != `No card has the id "2e-1-99999".` {
		t.Errorf("card 2e-1-99999: %v", err)
	}
}
