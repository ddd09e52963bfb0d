package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestRunStopsAtTheCountAndCountsStatuses(t *testing.T) {
	var served atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		served.Add(1)
		switch r.URL.Path {
		case "/missing":
			http.NotFound(w, r)
		case "/broken":
			w.WriteHeader(http.StatusInternalServerError)
		default:
			w.Header().Set("X-Cache", "HIT")
			fmt.Fprint(w, `{"ok":true}`)
		}
	}))
	defer srv.Close()

	sc := &scenario{name: "mixed", requests: []request{
		{method: http.MethodGet, path: "/ok"},
		{method: http.MethodGet, path: "/missing"},
		{method: http.MethodGet, path: "/broken"},
		{method: http.MethodPost, path: "/ok", body: []byte(`{}`)},
	}}
	o := runScenario(context.Background(), newClient(4, 5*time.Second), srv.URL, sc,
		limits{concurrency: 4, duration: time.Minute, requests: 40})
	if o.Requests != 40 || served.Load() != 40 {
		t.Fatalf("requests %d, served %d, want 40", o.Requests, served.Load())
	}
	want := map[string]int{"200": 20, "404": 10, "500": 10}
	for k, v := range want {
		if o.Statuses[k] != v {
			t.Errorf("status %s: %d, want %d (%v)", k, o.Statuses[k], v, o.Statuses)
		}
	}
	if o.Errors != 20 {
		t.Errorf("errors %d, want 20: 404 and 500 both count when 404 is not expected", o.Errors)
	}
	if o.Cache["HIT"] != 20 {
		t.Errorf("cache %v, want 20 hits", o.Cache)
	}
	if len(o.FirstErrors) == 0 || len(o.FirstErrors) > maxErrorSamples {
		t.Errorf("first errors %q", o.FirstErrors)
	}
	if o.P50ms > o.P90ms || o.P90ms > o.P99ms || o.P99ms > o.MaxMs || o.RPS <= 0 {
		t.Errorf("inconsistent figures: %+v", o)
	}

	sc.expected404 = true
	o = runScenario(context.Background(), newClient(2, 5*time.Second), srv.URL, sc,
		limits{concurrency: 2, duration: time.Minute, requests: 8})
	if o.Errors != 2 {
		t.Errorf("errors %d with expected 404s, want the 2 answers of 500", o.Errors)
	}
}

func TestRunReadsRealCardNames(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/cards" {
			http.NotFound(w, r)
			return
		}
		switch r.URL.Query().Get("offset") {
		case "0":
			io.WriteString(w, `{"data":[{"title":"Quantum Lattice","edition":"1e"}],"total":101}`)
		case "100":
			io.WriteString(w, `{"data":[{"title":"Ensign Merrow","subtitle":"Night Watch","edition":"2e"}],"total":101}`)
		default:
			t.Errorf("offset %q read", r.URL.Query().Get("offset"))
			io.WriteString(w, `{"data":[],"total":101}`)
		}
	}))
	defer srv.Close()
	sc, err := prepareScenario(context.Background(), newClient(1, 5*time.Second), srv.URL, "card-fuzzy", options{seed: 1, distinct: 200})
	if err != nil {
		t.Fatal(err)
	}
	var merrow, lattice bool
	for _, r := range sc.requests {
		merrow = merrow || strings.Contains(r.path, "edition=2e") && strings.Contains(strings.ToLower(r.path), "watch")
		lattice = lattice || strings.Contains(r.path, "edition=1e")
	}
	if !merrow || !lattice || !sc.expected404 {
		t.Errorf("card-fuzzy requests %v do not misspell both pages", sc.requests)
	}
}

func TestAdjudicationsAreValidRequests(t *testing.T) {
	sc, err := prepareScenario(context.Background(), nil, "", "adjudicate", options{})
	if err != nil {
		t.Fatal(err)
	}
	questions := map[string]bool{}
	for _, r := range sc.requests {
		if r.method != http.MethodPost || r.path != "/v1/adjudicate" {
			t.Errorf("%s %s", r.method, r.path)
		}
		for _, q := range []string{"ship.move", "mission.attempt"} {
			if strings.Contains(string(r.body), `"question":"`+q+`"`) {
				questions[q] = true
			}
		}
	}
	if len(questions) != 2 {
		t.Errorf("questions asked %v, want ship.move and mission.attempt", questions)
	}
}

func TestFlagsRefuseRemoteTargetsAndBadBounds(t *testing.T) {
	tests := []struct {
		args []string
		ok   bool
	}{
		{[]string{"--scenario", "healthz"}, true},
		{[]string{"--all", "--base", "http://[::1]:9000"}, true},
		{[]string{"--all", "--base", "http://192.0.2.1:8080"}, false},
		{[]string{"--all", "--scenario", "healthz"}, false},
		{[]string{}, false},
		{[]string{"--scenario", "everything"}, false},
		{[]string{"--scenario", "healthz,replay"}, true},
		{[]string{"--scenario", "healthz,"}, false},
		{[]string{"--all", "--concurrency", "0"}, false},
		{[]string{"--all", "--duration", "0s"}, false},
		{[]string{"--all", "--distinct", "199"}, false},
		{[]string{"--all", "extra"}, false},
	}
	for _, tt := range tests {
		_, err := parseFlags(tt.args, io.Discard)
		if (err == nil) != tt.ok {
			t.Errorf("parseFlags(%q) = %v, want ok %v", tt.args, err, tt.ok)
		}
	}
}

func TestCPUProfileIsWrittenOfTheMeasuredScenarios(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"status":"ok"}`)
	}))
	defer srv.Close()
	prof := filepath.Join(t.TempDir(), "load.pb")
	args := []string{"--base", srv.URL, "--scenario", "healthz", "--requests", "200",
		"--warmup", "0", "--concurrency", "2", "--cpuprofile", prof}
	if err := run(context.Background(), args, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(prof)
	if err != nil {
		t.Fatal(err)
	}
	// A CPU profile is gzipped protocol buffers, even with no sample taken.
	if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		t.Fatalf("profile of %d bytes is not gzipped: % x", len(b), b[:min(len(b), 8)])
	}

	args[len(args)-1] = filepath.Join(t.TempDir(), "no-such-folder", "load.pb")
	if err := run(context.Background(), args, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "--cpuprofile") {
		t.Fatalf("a profile that cannot be created: %v, want an error naming --cpuprofile", err)
	}
}
